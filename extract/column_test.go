package extract

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// TestColumn checks Link.Column and OversizeError.Column (issue 18 item
// 10: positions people can jump to): for UTF-8 input, the column of
// Start is its distance from the line's start plus one, in every kind
// of document and every place a link can be, at every chunk size.
func TestColumn(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", 9000)
	for _, c := range []struct {
		name string
		typ  Type
		opts Options
		doc  string
	}{
		{"html attributes", TypeHTML, Options{}, "<p>\n  <a href=\"x\">x</a> <img\n\tsrc=y srcset=\"a.png 1x,\n   b.png 2x\">\n<a href=é>"},
		{"html style", TypeHTML, Options{}, "<style>\na { b: url(c.png) }\n  @import 'd.css';</style><p style=\"x:url(e.png)\">"},
		{"html text links", TypeHTML, Options{TextLinks: true}, "<p>see\n  https://example.com/a and</p>\n<p>Dürst https://b.example/ " + long + "</p>"},
		{"html long tag", TypeHTML, Options{}, "\n  <img title=\"" + strings.Repeat("x", 70000) + "\" src=\"a\"\n srcset=\"b 1x\">"},
		{"text", TypeText, Options{}, "one https://a.example/\n  two www.b.example\nDürst " + long},
		{"css", TypeCSS, Options{}, "a{b:url(c.png)}\n  @import 'd.css';\n\td{e:url( f.png )}"},
		{"markdown", TypeMarkdown, Options{}, "# t\n\nsee [a](http://a.example/) and\n  ![b](b.png)\n\n[c]: <c d.html>\n<a href=\"e\">"},
	} {
		doc := []byte(c.doc)
		var got []string
		check := func(what string, off int64, line, col int) {
			start := bytes.LastIndexByte(doc[:off], '\n') + 1
			wantLine := bytes.Count(doc[:off], []byte{'\n'}) + 1
			if line != wantLine || col != int(off)-start+1 {
				got = append(got, fmt.Sprintf("%s at %d: line %d column %d, want %d:%d", what, off, line, col, wantLine, int(off)-start+1))
			}
		}
		n := 0
		transformtest.Sweep{
			Name: c.name,
			In:   doc,
			Src:  []int{1, 2, 3, 7, 64, 4096, 0},
			Dst:  []int{0},
			New: func() transform.Transformer {
				got, n = nil, 0
				opts := c.opts
				opts.Oversize = func(e *OversizeError) { n++; check("oversize", e.Offset, e.Line, e.Column) }
				return New(c.typ, opts, func(l *Link) error {
					n++
					check(fmt.Sprintf("link %q", l.Value), l.Start, l.Line, l.Column)
					return nil
				})
			},
			Want: doc,
			Check: func([]byte) error {
				if n < 2 || len(got) > 0 {
					return fmt.Errorf("%d links and warnings: %q", n, got)
				}
				return nil
			},
		}.Run(t)
	}
}

// TestColumnCharsets pins what Column counts in a legacy charset and in
// UTF-16 (see Link.Column).
func TestColumnCharsets(t *testing.T) {
	for _, c := range []struct {
		name    string
		typ     Type
		charset string
		doc     string
		col     int
	}{
		{"text windows-1252: UTF-8 bytes", TypeText, "windows-1252", "\xe9\xe9 https://a.example/", 6},
		{"html windows-1252: input bytes", TypeHTML, "windows-1252", "<p>\xe9\xe9<a href=x>", 14},
		{"html shift_jis: input bytes", TypeHTML, "shift_jis", "<p>\x93\xfa<a href=x>", 14},
		{"html utf-16le: UTF-8 bytes", TypeHTML, "", "\xff\xfe<\x00p\x00>\x00\xe9\x00<\x00a\x00 \x00h\x00r\x00e\x00f\x00=\x00x\x00>\x00", 14},
	} {
		var cols []int
		x := New(c.typ, Options{Charset: c.charset}, func(l *Link) error { cols = append(cols, l.Column); return nil })
		if _, err := x.ReadFrom(bytes.NewReader([]byte(c.doc))); err != nil || fmt.Sprint(cols) != fmt.Sprint([]int{c.col}) {
			t.Errorf("%s: columns %v, %v; want [%d]", c.name, cols, err, c.col)
		}
	}
}

// TestColumnChunks checks that the line and column of every link and
// oversize report are the same at every chunk size as with the whole
// input at once, over the test pages: a tag begun in an earlier chunk
// with a line break after a link (and none before it in the tag) gave
// column 0 (a found bug, seen at 1-byte chunks in the Python tutorial
// pages), which Link.Column keeps for tags over the tokenizer's 64 KiB.
func TestColumnChunks(t *testing.T) {
	docs := map[string]testDoc{
		"tag across chunks": {TypeHTML, []byte("<p>x</p>\n  <a class=c href=\"one\"\n   title=t>one</a> <img src=two\nalt=a>")},
	}
	readTrees(t, docs, TypeHTML, 20, htmlTrees...)
	for name, d := range docs {
		doc := d.src
		for _, opts := range []Options{{Unresolved: true, NoAnchorText: true}, {TextLinks: true, NoAnchorText: true}} {
			var got []string
			opts.Oversize = func(e *OversizeError) {
				got = append(got, fmt.Sprintf("oversize at %d: %d:%d", e.Offset, e.Line, e.Column))
			}
			x := NewHTML(opts, func(l *Link) error {
				got = append(got, fmt.Sprintf("link %q at %d: %d:%d", l.Value, l.Start, l.Line, l.Column))
				return nil
			})
			transformtest.Run(t, x, doc, 0, 0)
			want := slices.Clone(got)
			if len(want) == 0 {
				t.Fatalf("%s: no links", name)
			}
			for _, w := range want {
				if strings.HasSuffix(w, ":0") {
					t.Fatalf("%s, whole: %s", name, w)
				}
			}
			src := transformtest.Sizes(len(doc))
			if len(doc) > 4096 {
				src = []int{1, 2, 3, 7, 64, 1000, 4096}
			}
			for _, size := range src {
				x.Reset()
				got = got[:0]
				transformtest.Run(t, x, doc, size, 0)
				for i := range max(len(got), len(want)) {
					if i >= len(got) || i >= len(want) || got[i] != want[i] {
						t.Fatalf("%s, text links %v, src %d: %d links, want %d; the first that differs, %d:\n got %s\nwant %s",
							name, opts.TextLinks, size, len(got), len(want), i, at(got, i), at(want, i))
					}
				}
			}
		}
	}
}
