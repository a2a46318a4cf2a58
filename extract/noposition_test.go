package extract

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// TestNoPosition checks Options.NoPosition: the links reported, in their
// order and with every field, are those reported without it but for Line
// and Column, which are 0; the oversize constructs reported are the same,
// with their lines and columns. Over the pages of the testdata trees, a
// table of HTML cases (links in tags, style elements and attributes, text
// links, a elements, oversize tags and text links) and documents of the
// other types, with and without text links and resolution, at every chunk
// size.
func TestNoPosition(t *testing.T) {
	testLeftOut(t, func(o *Options) { o.NoPosition = true }, func(l *Link) bool {
		left := l.Line == 0 && l.Column == 0
		l.Line, l.Column = 0, 0
		return left
	})
}

// TestNoIRI checks Options.NoIRI as TestNoPosition checks NoPosition: the
// links of a run with it are those of a run without it but for IRI, which
// is empty.
func TestNoIRI(t *testing.T) {
	testLeftOut(t, func(o *Options) { o.NoIRI = true }, func(l *Link) bool {
		left := l.IRI == ""
		l.IRI = ""
		l.uriHref = "" // learnt on the way to the IRI: a hint, no field
		return left
	})
}

// testLeftOut checks an option, which set sets, that leaves out fields of
// each Link: a run with it reports the links of a run without it, once
// clear has cleared those fields of each, over the documents of
// TestNoPosition at every chunk size; clear reports whether they were
// clear already, which they must be in the runs with the option.
func testLeftOut(t *testing.T, set func(*Options), clear func(*Link) bool) {
	type doc struct {
		typ Type
		src []byte
	}
	docs := map[string]doc{
		"tags":     {TypeHTML, []byte("<p>\n<a href=a1>x\n<img\nsrc=i1> <a href=a2>y</a> <area href=r1 alt=\"alt\ntext\">\n https://t.example/ z</a><img src=i2>")},
		"style":    {TypeHTML, []byte("<a href=s><span style=\"\nbackground:url(bg.png)\">t</span><style>\np{background:\nurl(p.png)}\n</style></a>\n mailto:a@example.org")},
		"oversize": {TypeHTML, []byte("<p>\n<img src=a.png\n title='" + strings.Repeat("x\n", 300) + "'> <a href=b>\n" + strings.Repeat("y", 9000) + ".example.com</a>\n<img src=c.png>")},
		"css":      {TypeCSS, []byte("@import 'a.css';\np {\n background: url(b.png)\n}\n@font-face{src:url(\"c.woff\")}")},
		"text":     {TypeText, []byte("see https://example.org/a\nand\n www.example.com/b, mail me@example.org\n")},
		"markdown": {TypeMarkdown, []byte("# T\n\n[a](a.md) ![i](i.png)\n\n<https://example.org/>\n\n[r]: /r\n<img\nsrc=h.png>\n")},
		"xml":      {TypeXML, []byte("<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>\nhttps://example.org/a</loc></url>\n<url><loc>https://example.org/b</loc></url>\n</urlset>\n")},
		"mail":     {TypeMail, []byte("From: a@example.org\r\nList-Unsubscribe: <https://example.org/u>\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>\n<a href=\"https://example.org/m\">m</a>\n<img src=\"i.png\">\r\n")},
	}
	for _, dir := range []string{"../testdata/extract", "../testdata/site", "../internal/htmltok/testdata/html", "../sitecheck/testdata/site"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err
			}
			typ := TypeByName(p)
			if typ == 0 {
				return nil
			}
			b, err := os.ReadFile(p)
			docs[p] = doc{typ, b}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(docs) < 25 {
		t.Fatalf("%d documents, want 25 or more", len(docs))
	}
	for name, d := range docs {
		for _, opts := range []Options{
			{BaseURL: "https://example.org/d/"},
			{Unresolved: true, MaxTagSize: 256},
			{BaseURL: "https://example.org/d/", TextLinks: true, NoAnchorText: true},
		} {
			with := opts
			set(&with)
			collect := func(opts Options, left bool, into *[]string) func() transform.Transformer {
				return func() transform.Transformer {
					*into = (*into)[:0]
					opts.Oversize = func(e *OversizeError) {
						*into = append(*into, fmt.Sprintf("oversize %+v", *e))
					}
					return New(d.typ, opts, func(l *Link) error {
						if !clear(l) && left {
							return fmt.Errorf("link %q: the fields are not left out: %+v", l.Value, *l)
						}
						*into = append(*into, fmt.Sprintf("%+v", *l))
						return nil
					})
				}
			}
			src := transformtest.Sizes(len(d.src))
			if len(d.src) > 4096 {
				src = []int{1, 7, 64, 1000, 4096, 0}
			}
			var want, got []string
			transformtest.Run(t, collect(opts, false, &want)(), d.src, 0, 0)
			if len(want) == 0 {
				if !strings.HasPrefix(name, "../") {
					t.Fatalf("%s: no links", name)
				}
				continue // a file of the trees without links (a README) tests nothing
			}
			for _, size := range src {
				for _, dst := range []int{1, 0} {
					transformtest.Run(t, collect(with, true, &got)(), d.src, size, dst)
					for i := range max(len(got), len(want)) {
						if i >= len(got) || i >= len(want) || got[i] != want[i] {
							t.Fatalf("%s, %+v, src %d dst %d: %d links, want %d; the first that differs, %d:\n got %.300s\nwant %.300s",
								name, opts, size, dst, len(got), len(want), i, at(got, i), at(want, i))
						}
					}
				}
			}
		}
	}
}
