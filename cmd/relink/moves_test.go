package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRewriteMapFile checks rewrite --map-file with a _redirects file and
// a TSV file, --map-re and --md-to-html through the command: the links
// moved, the unsupported rules reported with FILE:LINE, and the errors.
func TestRewriteMapFile(t *testing.T) {
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	if err := os.MkdirAll(filepath.Join(site, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(site, "index.md"), "[a](docs/a.md#x) [g](/guide/start.html) [f](faq.html) [c](https://cdn.example/v1/x.png) [r](https://github.com/o/r/README.md)\n")
	write(t, filepath.Join(site, "docs", "a.md"), "[home](../index.md) [g](../guide/)\n")
	redirects := filepath.Join(dir, "_redirects")
	write(t, redirects, "# moves\n/guide/*  /manual/:splat  301!\n/faq.html /help/ 302\n/p/:id /q/:id\n/app/* /index.html 200\n")
	tsv := filepath.Join(dir, "moves.tsv")
	write(t, tsv, "/guide\t/handbook\n")

	got := runString([]string{"rewrite", "-r", "--diff", "--map-file", redirects, "--base", "https://site.example/", site}, "")
	for _, w := range []string{"+[a](docs/a.md#x) [g](/manual/start.html) [f](help/) ", "+[home](../index.md) [g](../manual/)\n"} {
		if !strings.Contains(got.stdout, w) {
			t.Errorf("_redirects: stdout lacks %q:\n%s", w, got.stdout)
		}
	}
	for _, w := range []string{
		"relink rewrite: " + redirects + ":4: warning: unsupported: placeholders in FROM (/p/:id), rule skipped\n",
		"relink rewrite: " + redirects + ":5: warning: unsupported: status 200 is a rewrite: the URL stays as it is, and so do the links, rule skipped\n",
	} {
		if !strings.Contains(got.stderr, w) {
			t.Errorf("_redirects: stderr lacks %q:\n%s", w, got.stderr)
		}
	}
	if got := runString([]string{"rewrite", "-r", "-q", "-n", "--map-file", redirects, "--base", "https://site.example/", site}, ""); got.stderr != "" {
		t.Errorf("-q: stderr %q", got.stderr)
	}

	got = runString([]string{"rewrite", "-r", "--diff", "--md-to-html", "--map-re", `^https://cdn\.example/v1/=https://cdn.example/v2/`, site}, "")
	for _, w := range []string{"+[a](docs/a.html#x) [g](/guide/start.html) [f](faq.html) [c](https://cdn.example/v2/x.png) [r](https://github.com/o/r/README.md)\n",
		"+[home](../index.html) [g](../guide/)\n"} {
		if !strings.Contains(got.stdout, w) {
			t.Errorf("--md-to-html --map-re: stdout lacks %q:\n%s\n%s", w, got.stdout, got.stderr)
		}
	}

	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--map-file", redirects}, "relink rewrite: " + redirects + `:2: "/guide" is not an absolute URL, and there is no base URL to resolve it against (give --base, the site's URL)`},
		{[]string{"--map-file", tsv, "--map-file", tsv, "--base", "https://site.example/"}, "relink rewrite: " + tsv + ":1: old prefix https://site.example/guide is mapped twice (by --map or an earlier file too)"},
		{[]string{"--map-file", filepath.Join(dir, "missing.tsv")}, "relink rewrite: --map-file: open " + filepath.Join(dir, "missing.tsv")},
		{[]string{"--map-re", "(=x"}, "missing closing )"},
		{[]string{"--map-re", "no-equals"}, `want RE=REPL (write \= for an "=" in RE)`},
	} {
		got := runString(append(append([]string{"rewrite", "-r", "-n"}, tt.args...), site), "")
		if got.code != exitUsage || !strings.Contains(got.stderr, tt.msg) {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", tt.args, got.code, got.stderr, tt.msg)
		}
	}
	// RE ends at the first "=" not escaped: \= is an "=" of RE.
	write(t, filepath.Join(dir, "q.txt"), "https://x.example/?a=1&b=2\n")
	got = runString([]string{"rewrite", "--map-re", `a\=1=a=one`, filepath.Join(dir, "q.txt")}, "")
	if got.stdout != "https://x.example/?a=one&b=2\n" {
		t.Errorf("--map-re with \\=: %q %q", got.stdout, got.stderr)
	}
}

// TestRewriteKeepsAbsolute checks issue 22 item 4 through the command:
// --resolve relative makes the links of a page relative but for
// og:image, og:url, twitter:image, canonical and the hreflang alternates.
func TestRewriteKeepsAbsolute(t *testing.T) {
	const page = `<meta property="og:image" content="https://ex.org/img/a.png"><meta property="og:url" content="https://ex.org/p.html">` +
		`<meta name="twitter:image" content="https://ex.org/img/t.png"><link rel="canonical" href="https://ex.org/p.html">` +
		`<link rel="alternate" hreflang="de" href="https://ex.org/de/p.html"><a href="https://ex.org/de/p.html">de</a>`
	got := runString([]string{"rewrite", "--type", "html", "--resolve", "relative", "--base", "https://ex.org/p.html"}, page)
	want := strings.Replace(page, `<a href="https://ex.org/de/p.html">`, `<a href="de/p.html">`, 1)
	if got.code != exitOK || got.stdout != want {
		t.Errorf("status %d\n got %q\nwant %q", got.code, got.stdout, want)
	}
}
