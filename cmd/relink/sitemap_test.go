package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/japanese"
)

// TestRewriteMap runs relink rewrite --map over a small site of HTML (in
// UTF-8 and Shift_JIS), CSS, Markdown and text that moves from
// https://old.example/site/ to https://new.example/: the links to the
// site written absolute are moved, relative ones between its documents
// stay as written, a link out of the site becomes absolute, in the form
// --to asks for and the document's syntax and charset; without --base,
// only absolute links are matched.
func TestRewriteMap(t *testing.T) {
	sjis := func(s string) string {
		b, err := japanese.ShiftJIS.NewEncoder().String(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	files := map[string][2]string{ // name: content, and rewritten --to uri
		"index.html": {
			`<meta charset=utf-8><a href="docs/a.html">a</a> <a href="https://old.example/site/docs/b.html?x=1&amp;y=2#c">b</a> <a href="../blog/">blog</a> <a href="https://old.example/site/ü">ü</a>`,
			`<meta charset=utf-8><a href="docs/a.html">a</a> <a href="https://new.example/docs/b.html?x=1&amp;y=2#c">b</a> <a href="https://old.example/blog/">blog</a> <a href="https://new.example/%C3%BC">ü</a>`},
		"ja/index.html": {
			sjis(`<meta charset="shift_jis"><a href="../index.html">top</a> <a href="https://old.example/site/ja/検索?q=日本">検索</a>`),
			sjis(`<meta charset="shift_jis"><a href="../index.html">top</a> <a href="https://new.example/ja/%E6%A4%9C%E7%B4%A2?q=%93%FA%96{">検索</a>`)},
		"css/site.css": {
			`a{b:url(../img/a.png)} c{d:url("https://old.example/site/f.woff")} e{f:url(/img/x.png)}`,
			`a{b:url(../img/a.png)} c{d:url("https://new.example/f.woff")} e{f:url(https://old.example/img/x.png)}`},
		"README.md": {
			"[a](docs/a.md) [b](https://old.example/site/docs/b.md) <https://old.example/site/c>\n\n[up]: ../other.md\n",
			"[a](docs/a.md) [b](https://new.example/docs/b.md) <https://new.example/c>\n\n[up]: https://old.example/other.md\n"},
		"notes.txt": {
			"see https://old.example/site/docs/a.html and https://old.example/other.\n",
			"see https://new.example/docs/a.html and https://old.example/other.\n"},
	}
	dir := t.TempDir()
	for name, c := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(c[0]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	move := []string{"--base", "https://old.example/site/", "--map", "https://old.example/site=https://new.example"}
	got := runString(append(append([]string{"rewrite", "--to", "uri", "-r", "-w"}, move...), dir), "")
	if got.code != 0 || !strings.Contains(got.stderr, "5 files scanned, 5 changed, 10 links rewritten") {
		t.Fatalf("rewrite -w --map: status %d, stderr %q", got.code, got.stderr)
	}
	for name, c := range files {
		b, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if string(b) != c[1] {
			t.Errorf("%s:\n got %q\nwant %q", name, b, c[1])
		}
	}
	// Moved once, the site is where the map says: nothing moves again.
	got = runString(append(append([]string{"rewrite", "--to", "uri", "-r", "-n"}, move...), dir), "")
	if got.code != 0 || got.stdout != "" {
		t.Errorf("a second --map: status %d, stdout %q", got.code, got.stdout)
	}

	// --to iri: readable, the Shift_JIS query left encoded, the page in
	// its charset.
	page := filepath.Join(dir, "ja", "index.html")
	os.WriteFile(page, []byte(files["ja/index.html"][0]), 0o644)
	// (For a file, --base is its own URL.)
	got = runString([]string{"rewrite", "--to", "iri", "--base", "https://old.example/site/ja/index.html", "--map", move[3], page}, "")
	if want := sjis(`<meta charset="shift_jis"><a href="../index.html">top</a> <a href="https://new.example/ja/検索?q=%93%FA%96{">検索</a>`); got.code != 0 || got.stdout != want {
		t.Errorf("--to iri: status %d, got %q, want %q (%s)", got.code, got.stdout, want, got.stderr)
	}

	// Without --base: absolute links only.
	got = runString([]string{"rewrite", "--map", "https://old.example/site=https://new.example"},
		`<a href="docs/a.html">a</a> <a href="/site/b.html">b</a> <a href="https://old.example/site/c.html">c</a>`)
	if want := `<a href="docs/a.html">a</a> <a href="/site/b.html">b</a> <a href="https://new.example/c.html">c</a>`; got.code != 0 || got.stdout != want {
		t.Errorf("without --base: status %d, got %q, want %q", got.code, got.stdout, want)
	}

	// The longest OLD wins.
	got = runString([]string{"rewrite", "--map", "https://old.example=https://a.example", "--map", "https://old.example/site/=https://b.example/"},
		`<a href="https://old.example/x">x</a> <a href="https://old.example/site/y">y</a> <a href="https://old.example/sites">z</a>`)
	if want := `<a href="https://a.example/x">x</a> <a href="https://b.example/y">y</a> <a href="https://a.example/sites">z</a>`; got.code != 0 || got.stdout != want {
		t.Errorf("two maps: status %d, got %q, want %q", got.code, got.stdout, want)
	}
}

// TestRewriteMapUsage checks the usage errors of --map.
func TestRewriteMapUsage(t *testing.T) {
	for _, tt := range []struct{ arg, msg string }{
		{"https://a.example", "want OLD=NEW, two URL prefixes"},
		{"a/b=https://b.example", `old prefix "a/b": not an absolute URL`},
		{"https://a.example=b", `new prefix "b": not an absolute URL`},
		{"https://a.example/?q=1=https://b.example", `has a query`},
		{"https://a.example/#x=https://b.example", `has a fragment`},
	} {
		got := runString([]string{"rewrite", "--map", tt.arg}, "")
		if got.code != exitUsage || !strings.Contains(got.stderr, tt.msg) {
			t.Errorf("--map %s: status %d, stderr %q, want a usage error %q", tt.arg, got.code, got.stderr, tt.msg)
		}
	}
	got := runString([]string{"rewrite", "--map", "https://a.example/=https://b.example", "--map", "https://a.example=https://c.example"}, "")
	if got.code != exitUsage || !strings.Contains(got.stderr, "old prefix https://a.example is mapped twice") {
		t.Errorf("the same OLD twice: status %d, stderr %q", got.code, got.stderr)
	}
}
