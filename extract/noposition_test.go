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
	testLeftOut(t, leftOutDocs(t), leftOutOptions, func(o *Options) { o.NoPosition = true }, func(l *Link) bool {
		left := l.Line == 0 && l.Column == 0
		l.Line, l.Column = 0, 0
		return left
	})
}

// TestNoIRI checks Options.NoIRI as TestNoPosition checks NoPosition: the
// links of a run with it are those of a run without it but for IRI, which
// is empty; what the extractor learns of their URI (uriHref) is the same.
func TestNoIRI(t *testing.T) {
	testLeftOut(t, leftOutDocs(t), leftOutOptions, func(o *Options) { o.NoIRI = true }, func(l *Link) bool {
		left := l.IRI == ""
		l.IRI = ""
		return left
	})
}

// testDoc is a document of the tests over the testdata trees: its type
// and its bytes.
type testDoc struct {
	typ Type
	src []byte
}

// htmlTrees are the testdata trees of HTML pages.
var htmlTrees = []string{"../testdata/extract", "../testdata/site", "../internal/htmltok/testdata/html"}

// readTrees adds to docs, named by their paths, the files under dirs
// whose TypeByName is typ, or is any type when typ is 0, and fails the
// test unless docs then holds min documents or more.
func readTrees(t *testing.T, docs map[string]testDoc, typ Type, min int, dirs ...string) {
	t.Helper()
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err
			}
			ty := TypeByName(p)
			if ty == 0 || typ != 0 && ty != typ {
				return nil
			}
			b, err := os.ReadFile(p)
			docs[p] = testDoc{ty, b}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(docs) < min {
		t.Fatalf("%d documents, want %d or more", len(docs), min)
	}
}

// leftOutDocs returns the documents of TestNoPosition.
func leftOutDocs(t *testing.T) map[string]testDoc {
	docs := map[string]testDoc{
		"tags":     {TypeHTML, []byte("<p>\n<a href=a1>x\n<img\nsrc=i1> <a href=a2>y</a> <area href=r1 alt=\"alt\ntext\">\n https://t.example/ z</a><img src=i2>")},
		"style":    {TypeHTML, []byte("<a href=s><span style=\"\nbackground:url(bg.png)\">t</span><style>\np{background:\nurl(p.png)}\n</style></a>\n mailto:a@example.org")},
		"oversize": {TypeHTML, []byte("<p>\n<img src=a.png\n title='" + strings.Repeat("x\n", 300) + "'> <a href=b>\n" + strings.Repeat("y", 9000) + ".example.com</a>\n<img src=c.png>")},
		"css":      {TypeCSS, []byte("@import 'a.css';\np {\n background: url(b.png)\n}\n@font-face{src:url(\"c.woff\")}")},
		"text":     {TypeText, []byte("see https://example.org/a\nand\n www.example.com/b, mail me@example.org\n")},
		"markdown": {TypeMarkdown, []byte("# T\n\n[a](a.md) ![i](i.png)\n\n<https://example.org/>\n\n[r]: /r\n<img\nsrc=h.png>\n")},
		"xml":      {TypeXML, []byte("<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>\nhttps://example.org/a</loc></url>\n<url><loc>https://example.org/b</loc></url>\n</urlset>\n")},
		"mail":     {TypeMail, []byte("From: a@example.org\r\nList-Unsubscribe: <https://example.org/u>\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>\n<a href=\"https://example.org/m\">m</a>\n<img src=\"i.png\">\r\n")},
	}
	readTrees(t, docs, 0, 25, append(htmlTrees, "../sitecheck/testdata/site")...)
	return docs
}

// leftOutOptions are the options of TestNoPosition and TestNoIRI.
var leftOutOptions = []Options{
	{BaseURL: "https://example.org/d/"},
	{Unresolved: true, MaxTagSize: 256},
	{BaseURL: "https://example.org/d/", TextLinks: true, NoAnchorText: true},
}

// testLeftOut checks an option, which set sets, that leaves out fields of
// each Link: a run with it reports the links of a run without it, once
// clear has cleared those fields of each, and the same oversize
// constructs, over docs with each of options at every chunk size; clear
// reports whether the fields were clear already, which they must be in
// the runs with the option.
func testLeftOut(t *testing.T, docs map[string]testDoc, options []Options, set func(*Options), clear func(*Link) bool) {
	for name, d := range docs {
		for _, opts := range options {
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
