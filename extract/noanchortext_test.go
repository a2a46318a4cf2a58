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

// TestNoAnchorText checks Options.NoAnchorText: the links reported, in
// their order and with every field, are those reported without it but
// for an empty Text, over the pages of the testdata trees and a table of
// cases where an a element holds other links, ends early or never, with
// and without text links and resolution, at every chunk size.
func TestNoAnchorText(t *testing.T) {
	docs := map[string][]byte{
		"nested":   []byte(`<a href=a1>x <img src=i1> <a href=a2>y</a> <area href=r1 alt="alt text"> https://t.example/ z</a><img src=i2>`),
		"unclosed": []byte(`<p><a href="one">one <b>two <img src=x.png srcset="a.png 1x, b.png 2x"> see www.example.com`),
		"style":    []byte(`<a href=s><span style="background:url(bg.png)">t</span><style>p{background:url(p.png)}</style></a> mailto:a@example.org`),
		"many":     []byte("<a href=m>" + strings.Repeat("<img src=q>", maxQueued+5) + "</a><a href=n>n</a>"),
	}
	for _, dir := range []string{"../testdata/extract", "../testdata/site", "../internal/htmltok/testdata/html"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() || !strings.HasSuffix(p, ".html") {
				return err
			}
			b, err := os.ReadFile(p)
			docs[p] = b
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(docs) < 20 {
		t.Fatalf("%d documents, want 20 or more", len(docs))
	}
	for name, doc := range docs {
		for _, opts := range []Options{
			{BaseURL: "https://example.org/d/"},
			{Unresolved: true},
			{BaseURL: "https://example.org/d/", TextLinks: true},
		} {
			collect := func(opts Options, into *[]string) func() transform.Transformer {
				return func() transform.Transformer {
					*into = (*into)[:0]
					return NewHTML(opts, func(l *Link) error {
						if !opts.NoAnchorText {
							l.Text = ""
						} else if l.Text != "" {
							return fmt.Errorf("link %q has text %q", l.Value, l.Text)
						}
						*into = append(*into, fmt.Sprintf("%+v", *l))
						return nil
					})
				}
			}
			without := opts
			without.NoAnchorText = true
			// Each chunk size against a run without NoAnchorText with
			// the whole input: the links, their positions included, are
			// the same at every chunk size.
			src := transformtest.Sizes(len(doc))
			if len(doc) > 4096 {
				src = []int{1, 7, 64, 1000, 4096, 0}
			}
			var want, got []string
			transformtest.Run(t, collect(opts, &want)(), doc, 0, 0)
			if len(want) == 0 {
				t.Fatalf("%s: no links", name)
			}
			for _, size := range src {
				for _, dst := range []int{1, 0} {
					transformtest.Run(t, collect(without, &got)(), doc, size, dst)
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

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "(none)"
}
