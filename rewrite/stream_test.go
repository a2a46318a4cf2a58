package rewrite

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"golang.org/x/text/transform"
)

// TestStreams checks that x/text's adapters (transform.String, Bytes,
// NewReader, NewWriter) give what Transform gives, for every type of
// document, with one rewriter used again and again: each resets it.
func TestStreams(t *testing.T) {
	opts := Options{To: FormURI, Options: extract.Options{BaseURL: "http://example.com/dir/"}}
	for _, c := range []struct {
		typ  extract.Type
		doc  string
		want string
	}{
		{extract.TypeHTML, `<a href="/ü?q=ä">x</a> <img src='bücher.png'>`, `<a href="/%C3%BC?q=%C3%A4">x</a> <img src='b%C3%BCcher.png'>`},
		{extract.TypeText, "See http://bücher.de/ü, or mail jörg@bücher.de.\n", "See http://xn--bcher-kva.de/%C3%BC, or mail jörg@xn--bcher-kva.de.\n"},
		{extract.TypeCSS, "a{b:url(bücher.png)}c{d:url(/ü)}", "a{b:url(b%C3%BCcher.png)}c{d:url(/%C3%BC)}"},
		{extract.TypeMarkdown, "[x](/ü) <a href=\"bücher.png\">", "[x](/%C3%BC) <a href=\"b%C3%BCcher.png\">"},
	} {
		r := New(c.typ, opts)
		for range 2 {
			if got, _, err := transform.String(r, c.doc); err != nil || got != c.want {
				t.Errorf("%v: String = %q, %v; want %q", c.typ, got, err, c.want)
			}
			if got, _, err := transform.Bytes(r, []byte(c.doc)); err != nil || string(got) != c.want {
				t.Errorf("%v: Bytes = %q, %v; want %q", c.typ, got, err, c.want)
			}
			if got, err := io.ReadAll(transform.NewReader(strings.NewReader(c.doc), r)); err != nil || string(got) != c.want {
				t.Errorf("%v: NewReader gives %q, %v; want %q", c.typ, got, err, c.want)
			}
			var b bytes.Buffer
			w := transform.NewWriter(&b, r)
			for _, piece := range strings.SplitAfter(c.doc, "/") {
				if _, err := io.WriteString(w, piece); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil || b.String() != c.want {
				t.Errorf("%v: NewWriter wrote %q, %v; want %q", c.typ, b.String(), err, c.want)
			}
			if s := r.Stats(); s.Links != 2 || s.Rewritten != 2 {
				t.Errorf("%v: stats %+v, want 2 links rewritten", c.typ, s)
			}
		}
	}
}
