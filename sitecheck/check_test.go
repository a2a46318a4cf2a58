package sitecheck

import (
	"fmt"
	"github.com/relink-go/relink/extract"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// results checks the tree dir with opts and returns one line per link:
// "FILE VALUE STATUS TARGET".
func results(t *testing.T, dir string, opts Options) []string {
	t.Helper()
	c, err := New(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = c.Check(func(r *Result) error {
		got = append(got, fmt.Sprintf("%s %s %s %s", r.File, r.Link.Value, r.Status, r.Target))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestCheckSite(t *testing.T) {
	got := results(t, "testdata/site", Options{})
	want := []string{
		"a.html index.html#local ok index.html",
		"doc.md index.html#local ok index.html",
		"doc.md #hello-world ok doc.md",
		"doc.md #nothing missing anchor doc.md",
		"index.html style.css ok style.css",
		"index.html a.html ok a.html",
		"index.html a.html#sec ok a.html",
		"index.html a.html#named ok a.html",
		"index.html a.html#nope missing anchor a.html",
		"index.html missing.html missing file missing.html",
		"index.html sub/ ok sub/index.html",
		"index.html sub ok sub/index.html",
		"index.html /sub/page missing file sub/page",
		"index.html https://site.invalid/a.html ok a.html",
		"index.html https://example.org/ external ",
		"index.html mailto:someone@example.org external ",
		"index.html #top ok index.html",
		"index.html #local ok index.html",
		"index.html #LOCAL missing anchor index.html",
		"index.html http://[::1 invalid URL ",
		"index.html doc.md#hello-world ok doc.md",
		"index.html doc.md#hello-world-1 ok doc.md",
		"index.html doc.md#custom ok doc.md",
		"index.html doc.md#raw ok doc.md",
		"index.html doc.md#missing missing anchor doc.md",
		"index.html img.png missing file img.png",
		"index.html notes.txt#L1 unchecked notes.txt",
		"index.html latin1.html#caf%C3%A9 ok latin1.html",
		"index.html caf%C3%A9.html ok café.html",
		"notes.txt https://site.invalid/a.html ok a.html",
		"notes.txt https://site.invalid/gone.html missing file gone.html",
		"sitemap.xml https://site.invalid/ ok index.html",
		"sitemap.xml https://site.invalid/a.html ok a.html",
		"sitemap.xml https://site.invalid/gone/ missing file gone/",
		"style.css img/bg.png missing file img/bg.png",
		"sub/index.html ../index.html ok index.html",
		"sub/index.html page missing file sub/page",
		"sub/index.html ../../outside.html missing file outside.html",
		"sub/page.html ./ ok sub/index.html",
		"sub/page.html ../doc.html#custom missing file doc.html",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// pick returns the lines of got about the links of file.
func pick(got []string, file string) []string {
	var out []string
	for _, g := range got {
		if strings.HasPrefix(g, file+" ") {
			out = append(out, g)
		}
	}
	return out
}

func TestCheckOptions(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		file string
		want []string
	}{
		{"pretty URLs", Options{PrettyURLs: true}, "sub/index.html", []string{
			"sub/index.html ../index.html ok index.html",
			"sub/index.html page ok sub/page.html",
			"sub/index.html ../../outside.html missing file outside.html",
		}},
		{"markdown pages", Options{MarkdownPages: true}, "sub/page.html", []string{
			"sub/page.html ./ ok sub/index.html",
			"sub/page.html ../doc.html#custom ok doc.md",
		}},
		{"served below a path", Options{BaseURL: "https://ex.org/docs"}, "sub/index.html", []string{
			"sub/index.html ../index.html ok index.html",
			"sub/index.html page missing file sub/page",
			"sub/index.html ../../outside.html outside the tree ",
		}},
		{"another index", Options{Index: []string{"page.html"}}, "sub/page.html", []string{
			"sub/page.html ./ ok sub/page.html",
			"sub/page.html ../doc.html#custom missing file doc.html",
		}},
		{"no index", Options{Index: []string{}}, "sub/page.html", []string{
			"sub/page.html ./ missing file sub/",
			"sub/page.html ../doc.html#custom missing file doc.html",
		}},
		{"gitlab slugs", Options{Slug: SlugGitLab}, "doc.md", []string{
			"doc.md index.html#local ok index.html",
			"doc.md #hello-world ok doc.md",
			"doc.md #nothing missing anchor doc.md",
		}},
		{"mkdocs slugs", Options{Slug: SlugMkDocs}, "doc.md", []string{
			"doc.md index.html#local ok index.html",
			"doc.md #hello-world ok doc.md",
			"doc.md #nothing missing anchor doc.md",
		}},
		{"only some links", Options{Keep: func(file string, l *extract.Link) bool { return l.Tag != "markdown" }}, "doc.md", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := pick(results(t, "testdata/site", tt.opts), tt.file)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New("testdata/site/index.html", Options{}); err == nil {
		t.Error("New of a file: no error")
	}
	if _, err := New("testdata/nowhere", Options{}); err == nil {
		t.Error("New of nothing: no error")
	}
	if _, err := New("testdata/site", Options{BaseURL: "https://ex.org/?q"}); err == nil {
		t.Error("base URL with a query: no error")
	}
	if _, err := New("testdata/site", Options{BaseURL: "not a URL"}); err == nil {
		t.Error("relative base URL: no error")
	}
}

// TestAnchorCacheBound checks that the anchor sets held stay within
// MaxAnchorBytes, and that a dropped set is read again.
func TestAnchorCacheBound(t *testing.T) {
	dir := t.TempDir()
	var index strings.Builder
	for i := range 50 {
		var page strings.Builder
		for j := range 100 {
			fmt.Fprintf(&page, "<p id=\"anchor-%d-%d\">x</p>\n", i, j)
		}
		name := fmt.Sprintf("p%d.html", i)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(page.String()), 0o666); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&index, "<a href=\"%s#anchor-%d-99\">x</a><a href=\"p%d.html#anchor-0-0\">x</a>\n", name, i, i)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(index.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	const bound = 20 << 10
	c, err := New(dir, Options{MaxAnchorBytes: bound})
	if err != nil {
		t.Fatal(err)
	}
	broken, peak := 0, int64(0)
	err = c.CheckFile("index.html", func(r *Result) error {
		if r.Status.Broken() {
			broken++
		}
		peak = max(peak, c.cache.cost)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if broken != 49 { // p1#anchor-0-0 ... p49#anchor-0-0
		t.Errorf("%d broken links, want 49", broken)
	}
	if peak > bound || peak == 0 {
		t.Errorf("anchor cache held %d bytes, bound %d", peak, bound)
	}
}
