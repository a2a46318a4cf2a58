package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestVerify(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	const site = "sitecheck/testdata/site"
	tests := []struct {
		args   []string
		code   int
		stdout []string // the lines, each a prefix of "FILE:"
		stderr string
	}{
		{[]string{"verify", site}, exitFail, []string{
			"doc.md:9:66: #nothing: missing anchor in doc.md",
			"index.html:7:10: a.html#nope: missing anchor in a.html",
			"index.html:8:10: missing.html: missing file missing.html",
			"index.html:11:10: /sub/page: missing file sub/page",
			"index.html:17:10: #LOCAL: missing anchor in index.html",
			`index.html:18:10: http://[::1: invalid URL: unclosed IPv6 address "[::1"`,
			"index.html:23:10: doc.md#missing: missing anchor in doc.md",
			"index.html:24:11: img.png: missing file img.png",
			"notes.txt:1:37: https://site.invalid/gone.html: missing file gone.html",
			"sitemap.xml:5:13: https://site.invalid/gone/: missing file gone/",
			"style.css:1:24: img/bg.png: missing file img/bg.png",
			"sub/index.html:1:41: page: missing file sub/page",
			"sub/index.html:1:65: ../../outside.html: missing file outside.html",
			"sub/page.html:2:10: ../doc.html#custom: missing file doc.html",
		}, "relink verify: 10 files, 38 links checked, 14 broken, 2 external\n"},
		{[]string{"verify", "--md-pages", "-q", "--exclude-path", "index.html", "--exclude-path", "*.md", "--exclude-path", "*.txt", "--exclude-path", "*.css", "--exclude-path", "*.xml", site}, exitOK, nil, ""},
		{[]string{"verify", "--pretty-urls", "-q", "--external", site + "/sub"}, exitFail, []string{
			"index.html:1:65: ../../outside.html: missing file outside.html",
			"page.html:2:10: ../doc.html#custom: missing file doc.html",
		}, ""},
		{[]string{"verify", "--index", "page.html", "-q", "--exclude-path", "index.html", "--exclude-path", "/*.html", site + "/sub"}, exitOK, nil, ""},
		{[]string{"verify", "--slug", "pandoc", "-q", "--exclude-path", "*.html", "--exclude-path", "*.txt", "--exclude-path", "*.css", "--exclude-path", "sitemap.xml", site}, exitFail, []string{
			"doc.md:9:66: #nothing: missing anchor in doc.md",
		}, ""},
		{[]string{"verify", "--slug", "kramdown", site}, exitUsage, nil, "relink verify: unknown --slug \"kramdown\" (want github, gitlab, mkdocs, hugo or pandoc)\n"},
		{[]string{"verify", site, site}, exitUsage, nil, "relink verify: one DIR at most, the root of the tree\n"},
		{[]string{"verify", site + "/index.html"}, exitFail, nil, "relink verify: sitecheck/testdata/site/index.html: not a directory\n"},
		{[]string{"verify", "--base", "::", site}, exitUsage, nil, "relink verify: invalid --base"},
	}
	for _, tt := range tests {
		got := runString(tt.args, "")
		var lines []string
		for l := range strings.Lines(got.stdout) {
			prefix := tt.args[len(tt.args)-1] + "/"
			if !strings.HasPrefix(l, prefix) {
				t.Errorf("%q: line %q does not start with %q", tt.args, l, prefix)
			}
			lines = append(lines, strings.TrimSuffix(strings.TrimPrefix(l, prefix), "\n"))
		}
		if got.code != tt.code || strings.Join(lines, "\n") != strings.Join(tt.stdout, "\n") || !strings.HasPrefix(got.stderr, tt.stderr) {
			t.Errorf("relink %q: exit %d\n%s\nstderr %q\nwant exit %d\n%s\nstderr %q", tt.args, got.code, strings.Join(lines, "\n"), got.stderr,
				tt.code, strings.Join(tt.stdout, "\n"), tt.stderr)
		}
	}
}

// TestVerifyJSON checks that --format jsonl writes the fields of relink
// extract's objects, and status and target, and --external the external
// links.
func TestVerifyJSON(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	got := runString([]string{"verify", "--format", "jsonl", "--external", "-q", "sitecheck/testdata/site"}, "")
	if got.code != exitFail {
		t.Fatalf("exit %d, want 1; stderr %s", got.code, got.stderr)
	}
	statuses := map[string]int{}
	for l := range strings.Lines(got.stdout) {
		var o map[string]any
		if err := json.Unmarshal([]byte(l), &o); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		for _, k := range []string{"file", "tag", "attr", "value", "href", "start", "end", "line", "column", "status"} {
			if _, ok := o[k]; !ok {
				t.Errorf("no %q in %s", k, l)
			}
		}
		statuses[o["status"].(string)]++
		if o["value"] == "a.html#nope" && (o["target"] != "a.html" || o["start"] != float64(209) || o["line"] != float64(7)) {
			t.Errorf("a.html#nope: %s", l)
		}
	}
	want := map[string]int{"missing anchor": 4, "missing file": 9, "invalid URL": 1, "external": 2}
	for k, n := range want {
		if statuses[k] != n {
			t.Errorf("%d links %q, want %d (%v)", statuses[k], k, n, statuses)
		}
	}
	src, _ := os.ReadFile("sitecheck/testdata/site/index.html")
	if string(src[209:209+len("a.html#nope")]) != "a.html#nope" {
		t.Errorf("span of a.html#nope: %q", src[209:220])
	}
}

// TestExtractSitemap is the regression test of issue 22's sitemap read
// as plain text ("https://ex.org/a%3C/loc"): by its name or by its root
// element, a sitemap is XML.
func TestExtractSitemap(t *testing.T) {
	dir := t.TempDir()
	doc := "<?xml version=\"1.0\"?>\n<urlset><url><loc>https://ex.org/a</loc></url></urlset>\n"
	for _, name := range []string{"sitemap.xml", "pages.xml"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(doc), 0o666); err != nil {
			t.Fatal(err)
		}
		got := runString([]string{"extract", "--format", "href", path}, "")
		if got.code != exitOK || got.stdout != "https://ex.org/a\n" {
			t.Errorf("extract %s: exit %d, %q; want https://ex.org/a", name, got.code, got.stdout)
		}
	}
	got := runString([]string{"extract", "--format", "href"}, doc)
	if got.stdout != "https://ex.org/a\n" {
		t.Errorf("extract of a sitemap on standard input: %q", got.stdout)
	}
}

// TestVerifyFilters checks the filters, --exclude and .relinkignore.
func TestVerifyFilters(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":       `<a href="gone.html">x</a><img src="gone.png"><a href="https://ex.org/">y</a><a href="drafts/x.html">z</a>`,
		"drafts/x.html":    `<a href="nowhere.html">x</a>`,
		"generated/y.html": `<a href="nowhere.html">x</a>`,
		".relinkignore":    "/generated/\n",
	}
	for name, body := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		args []string
		want []string
	}{
		{nil, []string{"drafts/x.html:1:10: nowhere.html: missing file drafts/nowhere.html", "index.html:1:10: gone.html: missing file gone.html", "index.html:1:36: gone.png: missing file gone.png"}},
		{[]string{"--no-ignore"}, []string{"drafts/x.html:1:10: nowhere.html: missing file drafts/nowhere.html", "generated/y.html:1:10: nowhere.html: missing file generated/nowhere.html", "index.html:1:10: gone.html: missing file gone.html", "index.html:1:36: gone.png: missing file gone.png"}},
		{[]string{"--exclude-path", "drafts/"}, []string{"index.html:1:10: gone.html: missing file gone.html", "index.html:1:36: gone.png: missing file gone.png"}},
		{[]string{"--role", "resource"}, []string{"index.html:1:36: gone.png: missing file gone.png"}},
		{[]string{"--tag", "a", "--exclude", `gone\.html$`, "--exclude", "^https://site.invalid/drafts/"}, nil},
		{[]string{"--external", "--scheme", "https", "--exclude", "site.invalid"}, []string{"index.html:1:55: https://ex.org/: external https://ex.org/"}},
	}
	for _, tt := range tests {
		args := append(append([]string{"verify", "-q"}, tt.args...), dir)
		got := runString(args, "")
		var lines []string
		for l := range strings.Lines(got.stdout) {
			rel := strings.TrimPrefix(strings.TrimSuffix(l, "\n"), dir+string(filepath.Separator))
			lines = append(lines, filepath.ToSlash(rel))
		}
		if strings.Join(lines, "\n") != strings.Join(tt.want, "\n") || got.stderr != "" {
			t.Errorf("verify %q:\n%s\nstderr %q\nwant:\n%s", tt.args, strings.Join(lines, "\n"), got.stderr, strings.Join(tt.want, "\n"))
		}
	}
	if got := runString([]string{"verify", "--exclude", "(", dir}, ""); got.code != exitUsage {
		t.Errorf("--exclude (: exit %d, want a usage error", got.code)
	}
}

// TestRewriteFilters checks that the filters and --exclude of rewrite
// leave the links they refuse as written.
func TestRewriteFilters(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.html")
	page := `<a href="https://old.example/a">a</a><img src="https://old.example/i.png"><a href="https://old.example/keep/b">b</a>`
	if err := os.WriteFile(path, []byte(page), 0o666); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{nil, `<a href="https://new.example/a">a</a><img src="https://new.example/i.png"><a href="https://new.example/keep/b">b</a>`},
		{[]string{"--role", "hyperlink"}, `<a href="https://new.example/a">a</a><img src="https://old.example/i.png"><a href="https://new.example/keep/b">b</a>`},
		{[]string{"--exclude", "/keep/"}, `<a href="https://new.example/a">a</a><img src="https://new.example/i.png"><a href="https://old.example/keep/b">b</a>`},
		{[]string{"--host", "other.example"}, page},
	}
	for _, tt := range tests {
		args := append(append([]string{"rewrite", "-q", "--map", "https://old.example=https://new.example"}, tt.args...), path)
		got := runString(args, "")
		if got.stdout != tt.want || got.code != exitOK {
			t.Errorf("rewrite %q: exit %d\n%s\nwant\n%s\nstderr %s", tt.args, got.code, got.stdout, tt.want, got.stderr)
		}
	}
}

// TestVerifyOversize checks that a tag too long to examine is reported,
// not lost without a word.
func TestVerifyOversize(t *testing.T) {
	dir := t.TempDir()
	page := `<a href="gone.html">x</a><img alt="` + strings.Repeat("x", 2<<20) + `" src="gone.png">`
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(page), 0o666); err != nil {
		t.Fatal(err)
	}
	got := runString([]string{"verify", dir}, "")
	if got.code != exitFail || !strings.Contains(got.stderr, "index.html:1:26: warning: oversize") || !strings.Contains(got.stderr, "1 oversize construct not read") {
		t.Errorf("exit %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
}

// TestRewriteSitemap checks that a walk takes sitemap.xml, and --map
// moves its entries with every other byte kept.
func TestRewriteSitemap(t *testing.T) {
	dir := t.TempDir()
	doc := "<?xml version=\"1.0\"?>\n<urlset>\n <url><loc>https://ex.org/a?b=1&amp;c=2</loc></url>\n <url><loc><![CDATA[https://ex.org/d]]></loc></url>\n</urlset>\n"
	if err := os.WriteFile(filepath.Join(dir, "sitemap.xml"), []byte(doc), 0o666); err != nil {
		t.Fatal(err)
	}
	got := runString([]string{"rewrite", "-q", "-w", "-r", "--map", "https://ex.org=https://new.example/site", dir}, "")
	if got.code != exitOK {
		t.Fatalf("exit %d, stderr %s", got.code, got.stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.ReplaceAll(doc, "https://ex.org/", "https://new.example/site/")
	if string(b) != want {
		t.Errorf("sitemap.xml:\n%s\nwant\n%s", b, want)
	}
}
