package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCSSFiles checks that .css files are extracted and rewritten as
// style sheets, by extension and with --type css.
func TestCSSFiles(t *testing.T) {
	dir := t.TempDir()
	sheet := filepath.Join(dir, "site.css")
	const doc = "a{b:url(D%C3%BCrst.png)}\n@import \"x.css\";\n/* url(no.png) */\n"
	if err := os.WriteFile(sheet, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	got := runString([]string{"extract", "--format", "uri", "--base", "http://e.org/s/", sheet}, "")
	if want := "http://e.org/s/D%C3%BCrst.png\nhttp://e.org/s/x.css\n"; got.code != 0 || got.stdout != want {
		t.Errorf("extract: status %d, stdout %q, stderr %q; want %q", got.code, got.stdout, got.stderr, want)
	}
	got = runString([]string{"extract", "--format", "uri", "--type", "css"}, doc)
	if want := "D%C3%BCrst.png\nx.css\n"; got.code != 0 || got.stdout != want {
		t.Errorf("extract --type css: status %d, stdout %q, stderr %q; want %q", got.code, got.stdout, got.stderr, want)
	}
	got = runString([]string{"rewrite", "--to", "iri", "--resolve", "absolute", "--base", "http://e.org/s/", sheet}, "")
	if want := "a{b:url(http://e.org/s/Dürst.png)}\n@import \"http://e.org/s/x.css\";\n/* url(no.png) */\n"; got.code != 0 || got.stdout != want {
		t.Errorf("rewrite: status %d, stdout %q, stderr %q; want %q", got.code, got.stdout, got.stderr, want)
	}
	got = runString([]string{"rewrite", "-n", "-r", "--resolve", "absolute", "--base", "https://nodejs.org/api/assets/",
		filepath.Join("..", "..", "testdata", "nodedocs", "api", "assets")}, "")
	if !strings.Contains(got.stdout, "style.css\t4\n") {
		t.Errorf("rewrite -n -r testdata/nodedocs/api/assets: stdout %q, stderr %q", got.stdout, got.stderr)
	}
	got = runString([]string{"extract", "--type", "json"}, "")
	if got.code != exitUsage || !strings.Contains(got.stderr, "auto, html, text, css, markdown, mail or xml") {
		t.Errorf("--type json: status %d, stderr %q", got.code, got.stderr)
	}
}
