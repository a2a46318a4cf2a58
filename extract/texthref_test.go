package extract

import (
	"fmt"
	"html"
	"testing"

	"github.com/relink-go/relink/weburl"
)

// TestTextHrefProbe is issue 19 item 16's probe: for 14 ASCII characters
// X, the links in http://example.com/aXb, /?aXb and /#aXb. The href of a
// link found in text must be what the URL Standard's parser makes of the
// text detected, as it is for an attribute (package weburl, 891/891 on
// the web-platform-tests); Link.URI stays a strict RFC 3986 URI.
func TestTextHrefProbe(t *testing.T) {
	const chars = "|{}^`\\[]%'\"<>~"
	differ, total := 0, 0
	for _, x := range chars {
		for _, p := range []string{"/a", "/?a", "/#a"} {
			text := fmt.Sprintf("http://example.com%s%cb", p, x)
			total++
			var got []Link
			x := NewText(Options{}, func(l *Link) error {
				got = append(got, *l)
				return nil
			})
			if err := x.Feed([]byte(text), true); err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 {
				t.Errorf("%q: %d links, want 1", text, len(got))
				differ++
				continue
			}
			l := got[0]
			u, err := weburl.Parse(l.Value, nil)
			if err != nil {
				t.Errorf("%q: the Standard rejects %q: %v", text, l.Value, err)
				differ++
				continue
			}
			if l.Href != u.String() || l.Err != nil {
				t.Errorf("%q: href %q (%v), the Standard's %q", text, l.Href, l.Err, u.String())
				differ++
			}
			if uri, _ := l.URI(); !isURI(uri) {
				t.Errorf("%q: URI %q is not an RFC 3986 URI", text, uri)
			}
		}
	}
	t.Logf("%d of %d hrefs differ from the URL Standard's", differ, total)
}

// isURI reports whether s holds only characters RFC 3986 allows, each "%"
// starting an escape and at most one "#".
func isURI(s string) bool {
	hash := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !isHexDigit(s[i+1]) || !isHexDigit(s[i+2]) {
				return false
			}
		case c == '#':
			hash++
		case !uriChar[c]:
			return false
		}
	}
	return hash <= 1
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// TestTextHrefIssue19 holds the links of issue 19 items 15 and 17 as the
// issue writes them: in plain text and in the text of HTML, the href of a
// link is the URL Standard's answer on the text detected, and its URI the
// same URL as a strict RFC 3986 URI.
func TestTextHrefIssue19(t *testing.T) {
	tests := []struct {
		text string
		want [][3]string // raw, href, URI
	}{
		{"https://en.wikipedia.org/wiki/Blur_[band]", [][3]string{{"https://en.wikipedia.org/wiki/Blur_[band]",
			"https://en.wikipedia.org/wiki/Blur_[band]", "https://en.wikipedia.org/wiki/Blur_%5Bband%5D"}}},
		{"www.mystore.com/30%OffCoupons", [][3]string{{"www.mystore.com/30%OffCoupons",
			"http://www.mystore.com/30%OffCoupons", "http://www.mystore.com/30%25OffCoupons"}}},
		{"http://example.com/a\\b|c", [][3]string{{"http://example.com/a\\b|c", "http://example.com/a/b|c", "http://example.com/a/b%7Cc"}}},
		{"alice@example.org|bob@example.org", [][3]string{
			{"alice@example.org", "mailto:alice@example.org", "mailto:alice@example.org"},
			{"|bob@example.org", "mailto:|bob@example.org", "mailto:%7Cbob@example.org"}}},
		{"alice@example.org+bob@example.org", [][3]string{
			{"alice@example.org", "mailto:alice@example.org", "mailto:alice@example.org"},
			{"+bob@example.org", "mailto:+bob@example.org", "mailto:+bob@example.org"}}},
	}
	for _, tt := range tests {
		for _, typ := range []Type{TypeText, TypeHTML} {
			var got [][3]string
			x := New(typ, Options{TextLinks: true}, func(l *Link) error {
				if l.Err != nil {
					t.Errorf("%q: %v", tt.text, l.Err)
				}
				uri, _ := l.URI()
				got = append(got, [3]string{l.Value, l.Href, uri})
				return nil
			})
			in := tt.text
			if typ == TypeHTML {
				in = "<p>" + html.EscapeString(in) + "</p>"
			}
			if err := x.Feed([]byte(in), true); err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("%v %q:\n got %q\nwant %q", typ, tt.text, got, tt.want)
			}
		}
	}
}

// TestTextLinksNotInCode is issue 18 item 5: with TextLinks, the text of
// pre, code, kbd, samp, tt, script, style and textarea holds no link.
func TestTextLinksNotInCode(t *testing.T) {
	doc := `<p>a@example.org</p><pre>$ ssh b@example.org <b>www.example.org</b></pre>` +
		`<code>git config user.email c@example.com</code><kbd>d@example.org</kbd><samp>e.example.org/x</samp>` +
		`<tt>f@example.org</tt><script>g@example.org</script><style>/* h.example.org/x */</style>` +
		`<textarea>i@example.org</textarea><listing>j@example.org</listing><p>k.example.org/x <code>l@example.org</code> m@example.org</p>` +
		`<svg><code>n@example.org</code></svg>`
	var got []string
	x := New(TypeHTML, Options{TextLinks: true}, func(l *Link) error {
		if l.Tag == "" {
			got = append(got, l.Value)
		}
		return nil
	})
	if err := x.Feed([]byte(doc), true); err != nil {
		t.Fatal(err)
	}
	want := "[a@example.org k.example.org/x m@example.org n@example.org]"
	if fmt.Sprint(got) != want {
		t.Errorf("got %v\nwant %s", got, want)
	}
}
