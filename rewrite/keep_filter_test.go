package rewrite

import (
	"strings"
	"testing"

	"golang.org/x/text/transform"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
)

// TestOptionsKeep checks that a link Options.Keep refuses is left as
// written, in every type of document, and counted as filtered.
func TestOptionsKeep(t *testing.T) {
	var m PrefixMap
	if err := m.Add("https://old.example/", "https://new.example/"); err != nil {
		t.Fatal(err)
	}
	keep := func(l *extract.Link) bool { return !strings.Contains(l.Href, "/private/") }
	tests := []struct {
		typ     extract.Type
		in, out string
	}{
		{extract.TypeHTML, `<a href="https://old.example/a">a</a><a href="https://old.example/private/b">b</a>`,
			`<a href="https://new.example/a">a</a><a href="https://old.example/private/b">b</a>`},
		{extract.TypeText, "see https://old.example/a and https://old.example/private/b\n",
			"see https://new.example/a and https://old.example/private/b\n"},
		{extract.TypeMarkdown, "[a](https://old.example/a) [b](https://old.example/private/b)\n",
			"[a](https://new.example/a) [b](https://old.example/private/b)\n"},
		{extract.TypeCSS, "a{b:url(https://old.example/a)} c{d:url(https://old.example/private/b)}",
			"a{b:url(https://new.example/a)} c{d:url(https://old.example/private/b)}"},
		{extract.TypeXML, "<urlset><loc>https://old.example/a</loc><loc>https://old.example/private/b</loc></urlset>",
			"<urlset><loc>https://new.example/a</loc><loc>https://old.example/private/b</loc></urlset>"},
	}
	for _, tt := range tests {
		var r Rewriter
		transformtest.Sweep{
			Name: tt.typ.String(),
			In:   []byte(tt.in),
			New: func() transform.Transformer {
				r = New(tt.typ, Options{Map: m.Map, Keep: keep})
				return r
			},
			Want: []byte(tt.out),
			Check: func([]byte) error {
				if s := r.Stats(); s.Links != 2 || s.Rewritten != 1 || s.Kept != 0 {
					t.Errorf("%v: stats %+v, want 2 links, 1 rewritten, 0 kept", tt.typ, s)
				}
				return nil
			},
		}.Run(t)
	}
}
