package rewrite_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/text/transform"
)

// TestHTMLResetOptions checks that one HTML rewriter readied for each
// document with ResetOptions, as relink rewrite -r reuses one, carries
// nothing over from one document to the next: over the pages of the
// testdata trees (pages in many legacy charsets, declared and not,
// real documents, tags cut at the end), each rewritten with every
// options of the table in turn, so that every document follows one read
// with other options (another form, base, charset, tag limit), the
// reused rewriter writes what a new one writes, byte for byte, with the
// same Stats, Charset and oversize reports, at every chunk size.
func TestHTMLResetOptions(t *testing.T) {
	var pages []string
	for _, dir := range []string{"../testdata/extract", "../testdata/unlabeled", "../testdata/rewrite", "../testdata/site", "../internal/htmltok/testdata/html"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && (strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".htm")) {
				pages = append(pages, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(pages) < 60 {
		t.Fatalf("%d pages in the testdata trees, want 60 or more", len(pages))
	}
	var oversize []string
	report := func(e *extract.OversizeError) { oversize = append(oversize, e.Error()) }
	options := func(rel string) []rewrite.Options {
		base := "https://example.org/" + rel
		return []rewrite.Options{
			{To: rewrite.FormURI, Options: extract.Options{BaseURL: base}},
			{To: rewrite.FormIRI, Resolve: rewrite.ResolveAbsolute, Options: extract.Options{BaseURL: base}},
			{Resolve: rewrite.ResolveRelative, Options: extract.Options{BaseURL: "http://other.example/a/b/", TextLinks: true}},
			{To: rewrite.FormURI, Options: extract.Options{Charset: "windows-1251", MaxTagSize: 200, Oversize: report}},
			{To: rewrite.FormIRI, Options: extract.Options{DefaultCharset: "shift_jis", Oversize: report}},
		}
	}
	reused := rewrite.NewHTML(rewrite.Options{})
	for _, p := range pages {
		in, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, opts := range options(filepath.ToSlash(p)) {
			fresh := rewrite.NewHTML(opts)
			oversize = nil
			want, _, err := transform.Bytes(fresh, in)
			if err != nil {
				t.Fatalf("%s, options %d: %v", p, i, err)
			}
			wantOversize := oversize
			// A short sample of chunk sizes for the long pages: every
			// size is checked by the rewriter's own chunk tests.
			var src []int
			if len(in) > 4096 {
				src = []int{1, 7, 64, 1000, 4096, 0}
			}
			transformtest.Sweep{
				Name: fmt.Sprintf("%s, options %d", p, i),
				In:   in,
				Want: want,
				Src:  src,
				New: func() transform.Transformer {
					oversize = nil
					reused.ResetOptions(opts)
					return reused
				},
				Check: func([]byte) error {
					if got, want := reused.Stats(), fresh.Stats(); got != want {
						return fmt.Errorf("Stats %+v, a new rewriter's %+v", got, want)
					}
					if got, want := reused.Charset(), fresh.Charset(); got.Name != want.Name || got.Source != want.Source || got.Guessed != want.Guessed {
						return fmt.Errorf("Charset %+v, a new rewriter's %+v", got, want)
					}
					if !slices.Equal(oversize, wantOversize) {
						return fmt.Errorf("oversize reports %q, a new rewriter's %q", oversize, wantOversize)
					}
					return nil
				},
			}.Run(t)
		}
	}
}
