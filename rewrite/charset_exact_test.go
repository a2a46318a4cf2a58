package rewrite

import (
	"fmt"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// TestRegressionWindows1252C1 is issue 11's example: in a windows-1252
// page, the byte 0x81 of an href's query is U+0081 (the Encoding
// Standard's windows-1252, not golang.org/x/text's U+FFFD): the link
// resolves to "%81", not "%26%2365533%3B", and its rewritten form requests
// the same URL, with the byte written "%81" as a non-UTF-8 byte of a query
// is, where it was lost before.
func TestRegressionWindows1252C1(t *testing.T) {
	doc := []byte("<meta charset=windows-1252><a href=\"/p?q=\x81\x8d\x8f\x90\x9d&amp;r=\xe9\">\x81</a> <a href='/x?\x81'>x</a>")
	want := []string{"http://example.com/p?q=%81%8D%8F%90%9D&r=%E9", "http://example.com/x?%81"}
	check := func(what string, doc []byte) {
		got := linksIn(t, doc, false, "")
		if len(got) != len(want) {
			t.Fatalf("%s: links %+v; want %q", what, got, want)
		}
		for i, l := range got {
			if l.uri != want[i] || l.err != nil {
				t.Errorf("%s: link %d: %q, %v; want %q", what, i, l.uri, l.err, want[i])
			}
		}
	}
	check("page", doc)
	const kept = "<meta charset=windows-1252><a href=\"/p?q=%81%8D%8F%90%9D&amp;r=%E9\">\x81</a> <a href='/x?%81'>x</a>"
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{To: FormURI, Options: extract.Options{BaseURL: docURL}}, kept},
		{Options{To: FormIRI, Options: extract.Options{BaseURL: docURL}}, kept},
		{Options{To: FormIRI, Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: docURL}}, "<meta charset=windows-1252><a href=\"http://example.com/p?q=%81%8D%8F%90%9D&amp;r=%E9\">\x81</a> <a href='http://example.com/x?%81'>x</a>"},
	} {
		transformtest.Sweep{
			Name: fmt.Sprintf("%+v", c.opts),
			In:   doc,
			New:  func() transform.Transformer { return NewHTML(c.opts) },
			Want: []byte(c.want),
		}.Run(t)
		check(fmt.Sprintf("rewritten %+v", c.opts), []byte(c.want))
	}
	// A value already in its URI form is left as it is.
	if out, _, err := transform.Bytes(NewHTML(Options{To: FormURI, Options: extract.Options{BaseURL: docURL}}), []byte(kept)); err != nil || string(out) != kept {
		t.Errorf("rewriting the rewritten page: %q, %v", out, err)
	}
}

// TestISO2022JPEscapes: in ISO-2022-JP, a link written with escape
// sequences is left as written, in HTML as in Text: its span may end
// inside a two-byte run (an odd byte left in it), and new ASCII bytes in
// its place would change what the bytes after it mean (FuzzRewrite found
// "%E6%97%AD0" requested for "%E6%97%AD"). A link in ASCII is rewritten.
func TestISO2022JPEscapes(t *testing.T) {
	doc := []byte("<meta charset=\"iso-2022-jp\"><a ping=\"\x1b$B000\x1b(B \">0</a><a href=\"http://xn--r8jz45g.jp/a b\">x</a>")
	want := []byte("<meta charset=\"iso-2022-jp\"><a ping=\"\x1b$B000\x1b(B \">0</a><a href=\"http://xn--r8jz45g.jp/a%20b\">x</a>")
	var h *HTML
	transformtest.Sweep{
		In: doc,
		New: func() transform.Transformer {
			h = NewHTML(Options{To: FormURI, Options: extract.Options{BaseURL: docURL}})
			return h
		},
		Want: want,
		Check: func([]byte) error {
			if st := h.Stats(); st != (Stats{Links: 2, Rewritten: 1, Kept: 1}) {
				return fmt.Errorf("Stats %+v", st)
			}
			return nil
		},
	}.Run(t)
}
