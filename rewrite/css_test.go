package rewrite

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// cssURIs returns the URIs of the links of a style sheet.
func cssURIs(t testing.TB, doc []byte, base string) []string {
	t.Helper()
	var out []string
	x := extract.NewCSS(extract.Options{BaseURL: base}, func(l *extract.Link) error {
		out = append(out, l.Href)
		return nil
	})
	if _, err := x.ReadFrom(bytes.NewReader(doc)); err != nil {
		t.Fatal(err)
	}
	return out
}

const cssURL = "http://example.com/css/site.css"

func TestCSS(t *testing.T) {
	tests := []struct {
		name, doc string
		opts      Options
		want      string
		rewritten int
	}{
		{"keep is byte-exact", "a{b:url(  x.png )}@import 'y.css';", Options{Options: extract.Options{BaseURL: cssURL}},
			"a{b:url(  x.png )}@import 'y.css';", 0},
		{"absolute", "a{b:url(  x.png )}@import 'y.css';", Options{Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: cssURL}},
			"a{b:url(  http://example.com/css/x.png )}@import 'http://example.com/css/y.css';", 2},
		{"relative", "a{b:url(http://example.com/img/x.png)}", Options{Resolve: ResolveRelative, Options: extract.Options{BaseURL: cssURL}},
			"a{b:url(../img/x.png)}", 1},
		{"to uri", "a{b:url(\"Dürst/ü.png\")}", Options{To: FormURI, Options: extract.Options{BaseURL: cssURL}},
			"a{b:url(\"D%C3%BCrst/%C3%BC.png\")}", 1},
		{"to iri", "a{b:url(D%C3%BCrst.png)}", Options{To: FormIRI, Options: extract.Options{BaseURL: cssURL}},
			"a{b:url(Dürst.png)}", 1},
		{"unquoted needs escapes", "a{b:url(x%20y%28.png)}", Options{To: FormIRI, Options: extract.Options{BaseURL: cssURL}},
			"a{b:url(x%20y%28.png)}", 0},
		// A character KOI8-R lacks is written as a CSS escape.
		{"koi8-r", "@charset \"koi8-r\";a{b:url(\"%C3%A9%D0%9F\")}", Options{To: FormIRI, Options: extract.Options{BaseURL: cssURL}},
			"@charset \"koi8-r\";a{b:url(\"\\e9 \xf0\")}", 1},
		{"escaped value", "a{b:url(\\44 \\fc rst)}", Options{To: FormURI, Options: extract.Options{BaseURL: cssURL}},
			"a{b:url(D%C3%BCrst)}", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c *CSS
			transformtest.Sweep{
				In:   []byte(tt.doc),
				New:  func() transform.Transformer { c = NewCSS(tt.opts); return c },
				Dst:  []int{1, 2, 5, 0},
				Want: []byte(tt.want),
				Check: func([]byte) error {
					if s := c.Stats(); s.Rewritten != tt.rewritten {
						return fmt.Errorf("%d rewritten, want %d", s.Rewritten, tt.rewritten)
					}
					return nil
				},
			}.Run(t)
			if a, b := cssURIs(t, []byte(tt.doc), cssURL), cssURIs(t, []byte(tt.want), cssURL); strings.Join(a, " ") != strings.Join(b, " ") {
				t.Errorf("the rewritten style sheet requests\n%q\nthe original\n%q", b, a)
			}
		})
	}
}

// TestCSSRealFile rewrites a real style sheet (testdata/nodedocs/PROVENANCE.md):
// byte for byte as it is when nothing must change, its four url() values
// only when they are made absolute.
func TestCSSRealFile(t *testing.T) {
	doc, err := os.ReadFile("../testdata/nodedocs/api/assets/style.css")
	if err != nil {
		t.Fatal(err)
	}
	const base = "https://nodejs.org/api/assets/style.css"
	sizes := []int{1, 100, 4096, 0}
	for _, to := range []Form{FormURI, FormIRI} {
		transformtest.Sweep{
			Name: fmt.Sprintf("To %d: the style sheet must not change", to),
			In:   doc,
			New:  func() transform.Transformer { return NewCSS(Options{To: to, Options: extract.Options{BaseURL: base}}) },
			Src:  sizes,
			Dst:  sizes,
			Want: doc,
		}.Run(t)
	}
	var c *CSS
	transformtest.Sweep{
		Name: "made absolute",
		In:   doc,
		New: func() transform.Transformer {
			c = NewCSS(Options{Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: base}})
			return c
		},
		Src:  sizes,
		Dst:  sizes,
		Want: bytes.ReplaceAll(doc, []byte("url(./js-flavor-"), []byte("url(https://nodejs.org/api/assets/js-flavor-")),
		Check: func([]byte) error {
			if s := c.Stats(); s.Links != 4 || s.Rewritten != 4 {
				return fmt.Errorf("stats %+v, want 4 links rewritten", s)
			}
			return nil
		},
	}.Run(t)
}

func FuzzCSS(f *testing.F) {
	f.Add([]byte("a{b:url(x.png)}@import 'y.css';"), uint8(0))
	f.Add([]byte("@charset \"koi8-r\";a{b:url(\xf0\\29 %C3%A9)}"), uint8(1))
	f.Add([]byte("a{b:image-set(\"D%C3%BCrst\" 1x)"), uint8(2))
	f.Fuzz(func(t *testing.T, doc []byte, mode uint8) {
		opts := Options{To: Form(mode & 1), Resolve: Resolve(mode >> 1 % 3), Options: extract.Options{BaseURL: cssURL}}
		var before []string
		x := extract.NewCSS(extract.Options{BaseURL: cssURL}, func(l *extract.Link) error {
			before = append(before, l.Href)
			return nil
		})
		if _, err := x.ReadFrom(bytes.NewReader(doc)); err != nil {
			return // a charset that is not ASCII-compatible
		}
		whole, _, err := transform.Bytes(NewCSS(opts), doc)
		if err != nil {
			t.Fatal(err)
		}
		if chunked := transformtest.Run(t, NewCSS(opts), doc, int(mode%7)+1, 0); !bytes.Equal(chunked, whole) {
			t.Fatalf("chunked output\n%q\nwhole\n%q", chunked, whole)
		}
		after := cssURIs(t, whole, cssURL)
		if len(after) != len(before) {
			t.Fatalf("%d links before, %d after: %q", len(before), len(after), whole)
		}
		for i := range before {
			if before[i] != "" && !equivalent(before[i], after[i]) {
				t.Fatalf("link %d requests %q, was %q\n%q", i, after[i], before[i], whole)
			}
		}
	})
}
