package rewrite

import (
	"bytes"
	"testing"

	"github.com/relink-go/relink/extract"
	"golang.org/x/text/transform"
)

// FuzzMarkdown checks that rewriting Markdown finds the same number of
// links in its output, and that a second rewrite changes nothing.
func FuzzMarkdown(f *testing.F) {
	f.Add([]byte(mdIssue))
	f.Add([]byte("[a](<b c>) [r]\n\n[r]: /x 't'\n<https://é.example/>\n| a | [b](c\\|d) |\n|---|---|\n"))
	f.Fuzz(func(t *testing.T, doc []byte) {
		opts := Options{To: FormIRI, Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: "https://h.example/d/"}}
		out, _, err := transform.Bytes(NewMarkdown(opts), doc)
		if err != nil {
			return // too long
		}
		count := func(b []byte) (n int) {
			extract.NewMarkdown(extract.Options{}, func(*extract.Link) error { n++; return nil }).Feed(b, true)
			return n
		}
		if a, b := count(doc), count(out); a != b {
			t.Fatalf("%q: %d links, rewritten %q: %d", doc, a, out, b)
		}
		again, _, err := transform.Bytes(NewMarkdown(opts), out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("%q: rewritten %q, again %q (%v)", doc, out, again, err)
		}
	})
}
