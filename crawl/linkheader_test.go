package crawl

import (
	"slices"
	"strings"
	"testing"
)

func TestParseLinkHeader(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{`<http://commoncrawl.org/wp-json/>; rel="https://api.w.org/"`, []string{"http://commoncrawl.org/wp-json/ https://api.w.org/"}},
		{`</a>; rel=next, </b>;rel="prev" ; title="x, y", <c>`, []string{"/a next", "/b prev", "c "}},
		{`<https://example.org/>; REL=Canonical; rel=ignored`, []string{"https://example.org/ Canonical"}},
		{`<x>; title="a \" , <b>"; rel=alternate, <y>`, []string{"x alternate", "y "}},
		{`no link`, nil},
		{`<unclosed`, nil},
		{`< /spaced >; rel`, []string{"/spaced "}},
	} {
		var got []string
		parseLinkHeader(tt.in, func(ref, rel string) { got = append(got, ref+" "+rel) })
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzParseLinkHeader checks that any header value parses without a
// panic, and that each reference is a piece of the value between < and >.
func FuzzParseLinkHeader(f *testing.F) {
	for _, s := range []string{`<http://a/>; rel="next"`, `</a>; rel=next, </b>;rel="prev" ; title="x, y", <c>`, `<x>; title="a \" , <b>"; rel=alternate, <y>`, `<`, `";<>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		parseLinkHeader(v, func(ref, rel string) {
			if !strings.Contains(v, ref) {
				t.Errorf("%q: reference %q is not in the value", v, ref)
			}
		})
	})
}
