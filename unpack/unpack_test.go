package unpack

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relink-go/relink/warc"
)

// unpackTree unpacks archives with opts into a new directory and returns
// its files; reported problems fail the test unless report is given.
func unpackTree(t *testing.T, opts Options, archives ...Archive) (map[string]string, Stats) {
	t.Helper()
	dir := t.TempDir()
	if opts.Report == nil {
		opts.Report = func(err error) { t.Errorf("reported: %v", err) }
	}
	st, err := Unpack(dir, archives, opts)
	if err != nil {
		t.Fatal(err)
	}
	files := readTree(t, dir)
	for p := range files {
		if strings.Contains(p, ".relink-tmp-") {
			t.Errorf("a temporary file is left: %s", p)
		}
	}
	return files, st
}

func TestLinks(t *testing.T) {
	w := buildWARC(true,
		rec{typ: "response", uri: "http://example.org/", block: response(301, "Location: /en/\n", "")},
		rec{typ: "response", uri: "http://example.org/en/", block: html200(`<base href="http://example.org/en/"><link rel=stylesheet href="http://example.org/s.css"><img srcset="a.png 1x, /b.png 2x" src=a.png><a href="x.html#top">x</a><a href="http://example.org/en/">self</a><a href="#f">f</a><a href="http://other.example/">o</a><a href="y.html">not captured</a><div style="background:url(/b.png)"></div><a href="mailto:a@example.org">m</a><a href="/search?q=%C3%BC">q</a>`)},
		rec{typ: "response", uri: "http://example.org/s.css", block: response(200, "Content-Type: text/css\n", `@import "t.css"; body{background:url(http://example.org/b.png)}`)},
		rec{typ: "response", uri: "http://example.org/t.css", block: response(200, "Content-Type: text/css\n", `p{}`)},
		rec{typ: "response", uri: "http://example.org/en/a.png", block: response(200, "Content-Type: image/png\n", "PNG")},
		rec{typ: "response", uri: "http://example.org/b.png", block: response(200, "Content-Type: image/png\n", "PNG2")},
		rec{typ: "response", uri: "http://example.org/search?q=%C3%BC", block: html200(`<a href="/">home</a>`)},
		rec{typ: "response", uri: "http://example.org/en/x.html", block: html200(`<a href="/en/">back</a><a href="/en/index.html">index</a><a href="/docs/">docs</a>`)},
		rec{typ: "response", uri: "http://example.org/docs/index.htm", block: html200(`docs`)},
		rec{typ: "response", uri: "http://example.org/untyped", block: response(200, "", `<!doctype html><a href="/en/">en</a>`)},
		rec{typ: "resource", uri: "http://example.org/notes.md", contentType: "text/markdown", block: "[home](http://example.org/en/) ![b](/b.png) [o](http://other.example/)\n"},
	)
	want := map[string]string{
		"example.org/index.html": `<!DOCTYPE html>
<meta charset="utf-8">
<title>Redirect</title>
<meta http-equiv="refresh" content="0; url=en/index.html">
<p>This page (http://example.org/) redirects to <a href="en/index.html">http://example.org/en/</a>.</p>
`,
		"example.org/en/index.html":   `<base href="index.html"><link rel=stylesheet href="../s.css"><img srcset="a.png 1x, ../b.png 2x" src=a.png><a href="x.html#top">x</a><a href="index.html">self</a><a href="#f">f</a><a href="http://other.example/">o</a><a href="http://example.org/en/y.html">not captured</a><div style="background:url(../b.png)"></div><a href="mailto:a@example.org">m</a><a href="../search@q=%C3%BC.html">q</a>`,
		"example.org/s.css":           `@import "t.css"; body{background:url(b.png)}`,
		"example.org/t.css":           `p{}`,
		"example.org/en/a.png":        "PNG",
		"example.org/b.png":           "PNG2",
		"example.org/en/x.html":       `<a href="index.html">back</a><a href="index.html">index</a><a href="../docs/index.htm">docs</a>`,
		"example.org/docs/index.htm":  "docs",
		"example.org/untyped.html":    `<!doctype html><a href="en/index.html">en</a>`,
		"example.org/search@q=ü.html": `<a href="index.html">home</a>`,
		"example.org/notes.md":        "[home](en/index.html) ![b](b.png) [o](http://other.example/)\n",
	}
	got, st := unpackTree(t, Options{}, memArchive("a.warc.gz", w))
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s:\n%s\nwant:\n%s", p, got[p], w)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("unwanted file %s", p)
		}
	}
	if st.URLs != 11 || st.Files != 11 || st.Redirects != 1 || st.Pages != 8 {
		t.Errorf("stats %+v", st)
	}

	// With Missing, the links to what was not captured point to
	// MissingPage, which is written.
	got, _ = unpackTree(t, Options{Missing: true}, memArchive("a.warc.gz", w))
	if !strings.Contains(got["example.org/en/index.html"], `<a href="../../@missing.html#http://other.example/">o</a><a href="../../@missing.html#http://example.org/en/y.html">not captured</a>`) {
		t.Errorf("Missing: %s", got["example.org/en/index.html"])
	}
	if got[MissingPage] != missingHTML {
		t.Errorf("Missing: %s is %q", MissingPage, got[MissingPage])
	}
	if got["example.org/notes.md"] != "[home](en/index.html) ![b](b.png) [o](../@missing.html#http://other.example/)\n" {
		t.Errorf("Missing: notes.md is %q", got["example.org/notes.md"])
	}
}

// TestCharset: a page keeps its charset, and every byte but its links.
func TestCharset(t *testing.T) {
	sjis := "<p>\x93\xfa\x96\x7b\x8c\xea <a href=\"/\x83\x79\x81\x5b\x83\x57\">\x83\x79\x81\x5b\x83\x57</a> <a href=\"http://example.jp/x.html\">x</a>"
	w := buildWARC(false,
		rec{typ: "response", uri: "http://example.jp/", block: response(200, "Content-Type: text/html; charset=Shift_JIS\n", sjis)},
		rec{typ: "response", uri: "http://example.jp/x.html", block: html200("x")},
		rec{typ: "response", uri: "http://example.jp/%E3%83%9A%E3%83%BC%E3%82%B8", block: html200("page")},
	)
	got, _ := unpackTree(t, Options{}, memArchive("a.warc", w))
	want := "<p>\x93\xfa\x96\x7b\x8c\xea <a href=\"\x83\x79\x81\x5b\x83\x57.html\">\x83\x79\x81\x5b\x83\x57</a> <a href=\"x.html\">x</a>"
	if got["example.jp/index.html"] != want {
		t.Errorf("got  %q\nwant %q", got["example.jp/index.html"], want)
	}
	if got["example.jp/ページ.html"] != "page" {
		t.Errorf("files: %v", keys(got))
	}
}

func keys(m map[string]string) []string {
	var k []string
	for p := range m {
		k = append(k, p)
	}
	return k
}

// TestCollisions: paths that a file system ignoring case takes for one,
// and a file that must also be a directory, are told apart.
func TestCollisions(t *testing.T) {
	w := buildWARC(false,
		rec{typ: "response", uri: "http://h.example/", block: html200(`<a href="A.html">A</a><a href="a.html">a</a><a href="x">x</a><a href="x.html">x.html</a><a href="d">d</a><a href="d/e">d/e</a><a href="https://h.example/a.html">https</a>`)},
		rec{typ: "response", uri: "http://h.example/A.html", block: html200("A")},
		rec{typ: "response", uri: "http://h.example/a.html", block: html200("a")},
		rec{typ: "response", uri: "http://h.example/x", block: html200("x")},
		rec{typ: "response", uri: "http://h.example/x.html", block: html200("x.html")},
		rec{typ: "response", uri: "http://h.example/d", block: response(200, "Content-Type: application/octet-stream\n", "d")},
		rec{typ: "response", uri: "http://h.example/d/e", block: response(200, "Content-Type: application/octet-stream\n", "d/e")},
		rec{typ: "response", uri: "https://h.example/a.html", block: html200("https a")},
	)
	got, st := unpackTree(t, Options{}, memArchive("a.warc", w))
	if st.Files != 8 || len(got) != 8 || st.Renamed != 4 {
		t.Fatalf("%d files, %d renamed: %v", st.Files, st.Renamed, keys(got))
	}
	folded := map[string]string{}
	for p := range got {
		k := foldKey(p)
		if q, ok := folded[k]; ok {
			t.Errorf("%s and %s are one file where case is ignored", p, q)
		}
		folded[k] = p
		if why := checkLocal(p); why != "" {
			t.Errorf("%s: %s", p, why)
		}
	}
	// Each link leads to its own file.
	page := got["h.example/index.html"]
	for _, text := range []string{"A", "a", "x", "x.html", "d", "d/e", "https a"} {
		found := false
		for p, body := range got {
			if body == text && strings.Contains(page, `href="`+strings.TrimPrefix(p, "h.example/")+`"`) {
				found = true
			}
		}
		if !found {
			t.Errorf("no link of the page leads to the file of %q: %s", text, page)
		}
	}
}

// TestRevisits: a revisit has the payload of the capture it refers to,
// of its URL or of another.
func TestRevisits(t *testing.T) {
	digest := "WARC-Payload-Digest: sha1:AAAA"
	w := buildWARC(true,
		rec{typ: "response", uri: "http://example.org/a", date: "2024-01-01T00:00:00Z", block: html200("first"), fields: []string{digest}},
		rec{typ: "response", uri: "http://example.org/a", date: "2024-02-01T00:00:00Z", block: html200("second"), fields: []string{"WARC-Payload-Digest: sha1:BBBB"}},
		rec{typ: "revisit", uri: "http://example.org/a", date: "2024-03-01T00:00:00Z", block: html200(""), fields: []string{digest, "WARC-Refers-To-Target-URI: http://example.org/a"}},
		rec{typ: "response", uri: "http://example.org/b", date: "2024-01-01T00:00:00Z", block: html200("b")},
		rec{typ: "response", uri: "http://example.org/b", date: "2024-02-01T00:00:00Z", block: response(304, "", "")},
		rec{typ: "revisit", uri: "http://example.org/c", date: "2024-03-01T00:00:00Z", block: html200(""), fields: []string{"WARC-Payload-Digest: sha1:CCCC"}},
		rec{typ: "revisit", uri: "http://example.org/d", date: "2024-03-01T00:00:00Z", block: html200(""), fields: []string{digest, "WARC-Refers-To-Target-URI: http://example.org/a"}},
		rec{typ: "revisit", uri: "http://example.org/d2", date: "2024-03-01T00:00:00Z", block: html200(""), fields: []string{"WARC-Payload-Digest: sha1:BBBB"}},
		rec{typ: "response", uri: "http://example.org/e", date: "2024-01-01T00:00:00Z", block: html200("e")},
		rec{typ: "response", uri: "http://example.org/e", date: "2024-03-01T00:00:00Z", block: response(404, "Content-Type: text/html\n", "gone")},
	)
	got, st := unpackTree(t, Options{}, memArchive("a.warc.gz", w))
	want := map[string]string{"example.org/a.html": "first", "example.org/b.html": "b", "example.org/e.html": "e",
		// Revisits of other URLs, by digest: their payloads are shared.
		"example.org/d.html": "first", "example.org/d2.html": "second"}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s = %q, want %q", p, got[p], w)
		}
	}
	if len(got) != len(want) || st.Revisits != 4 || st.Unresolved != 1 {
		t.Errorf("files %v, stats %+v", keys(got), st)
	}
}

// TestAt: the latest capture, or the one nearest to At.
func TestAt(t *testing.T) {
	var recs []rec
	for i, d := range []string{"2024-01-01T00:00:00Z", "2024-06-01T00:00:00Z", "2023-01-01T00:00:00Z", "not a date"} {
		recs = append(recs, rec{typ: "response", uri: "http://example.org/", date: d, block: html200(fmt.Sprint(i))})
	}
	w := memArchive("a.warc", buildWARC(false, recs...))
	for _, tt := range []struct{ at, want string }{
		{"", "1"},
		{"2024-01-02", "0"},
		{"2020", "2"},
		{"2030", "1"},
		{"2024-03-17", "1"}, // nearer to June than to January
	} {
		var opts Options
		if tt.at != "" {
			opts.At, _ = ParseDate(tt.at)
		}
		got, _ := unpackTree(t, opts, w)
		if got["example.org/index.html"] != tt.want {
			t.Errorf("At %q: %q, want %q", tt.at, got["example.org/index.html"], tt.want)
		}
	}
}

// TestSpill: an index larger than MaxIndexMemory goes to temporary
// files, and the copy is the same.
func TestSpill(t *testing.T) {
	var recs []rec
	for i := range 400 {
		recs = append(recs, rec{typ: "response", uri: fmt.Sprintf("http://example.org/p%d", i), date: fmt.Sprintf("2024-01-01T00:00:%02dZ", i%60),
			block: html200(fmt.Sprintf(`<a href="/p%d">next</a><a href="/P%d">case</a><a href="/q%d">not captured</a>`, (i+1)%400, i, i))})
		if i%7 == 0 {
			recs = append(recs, rec{typ: "response", uri: fmt.Sprintf("http://example.org/P%d", i), block: html200("upper")})
		}
	}
	w := memArchive("a.warc", buildWARC(true, recs...))
	mem, st1 := unpackTree(t, Options{}, w)
	disk, st2 := unpackTree(t, Options{MaxIndexMemory: 4 << 10, TempDir: t.TempDir()}, w)
	if len(mem) != 458 || len(disk) != len(mem) {
		t.Fatalf("%d files in memory, %d spilt", len(mem), len(disk))
	}
	for p, s := range mem {
		if disk[p] != s {
			t.Errorf("%s: %q in memory, %q spilt", p, s, disk[p])
		}
	}
	if st1 != st2 || st1.Renamed != 58 {
		t.Errorf("stats differ, or renames are not 58:\n%+v\n%+v", st1, st2)
	}
	if got := mem["example.org/p1.html"]; got != `<a href="p2.html">next</a><a href="http://example.org/P1">case</a><a href="http://example.org/q1">not captured</a>` {
		t.Errorf("p1: %s", got)
	}
}

// TestHostile: no URL writes outside the folder, nor through a symbolic
// link in it; a payload too large is reported and its file left out.
func TestHostile(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "copy")
	outside := filepath.Join(parent, "outside")
	os.Mkdir(outside, 0o755)
	os.Mkdir(dir, 0o755)
	if err := os.Symlink(outside, filepath.Join(dir, "link.example")); err != nil {
		t.Fatal(err)
	}
	w := buildWARC(false,
		rec{typ: "response", uri: "http://example.org/..%2F..%2Foutside/x", block: html200("1")},
		rec{typ: "response", uri: "http://example.org/%2e%2e/%2e%2e/outside/y", block: html200("2")},
		rec{typ: "response", uri: "http://example.org/a/%2E%2E%5C%2E%2E%5Coutside%5Cz", block: html200("3")},
		rec{typ: "response", uri: "http://example.org/CON/nul.txt", block: html200("4")},
		rec{typ: "response", uri: "http://link.example/x", block: html200("through the link")},
		rec{typ: "response", uri: "http://example.org/big", block: html200(strings.Repeat("x", 5000))},
		rec{typ: "resource", uri: "http://example.org/big.bin", contentType: "application/octet-stream", block: strings.Repeat("y", 5000)},
		rec{typ: "response", uri: "http://example.org/gz", block: response(200, "Content-Type: text/plain\nContent-Encoding: gzip\n", gzipped(strings.Repeat("z", 1<<20))), fields: []string{"WARC-Payload-Digest: sha1:GZ"}},
		rec{typ: "revisit", uri: "http://example.org/gz-copy", date: "2025-01-01T00:00:00Z", block: response(200, "Content-Type: text/plain\n", ""), fields: []string{"WARC-Payload-Digest: sha1:GZ"}},
	)
	var reported []string
	st, err := Unpack(dir, []Archive{memArchive("h.warc", w)}, Options{MaxPayloadSize: 4096, Report: func(err error) {
		var re *RecordError
		if !errors.As(err, &re) {
			t.Errorf("not a *RecordError: %v", err)
		}
		reported = append(reported, re.URL)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("files written outside the folder: %v", ents)
	}
	if ents, _ := os.ReadDir(parent); len(ents) != 2 {
		t.Errorf("files written beside the folder: %v", ents)
	}
	files := readTree(t, dir)
	for p := range files {
		if why := checkLocal(p); why != "" || strings.Contains(p, ".relink-tmp-") {
			t.Errorf("%s: %s", p, why)
		}
	}
	for _, p := range []string{"example.org/..%2F..%2Foutside/x.html", "example.org/outside/y.html", "example.org/a/..%5C..%5Coutside%5Cz.html", "example.org/CON_/nul_.txt.html"} {
		if _, ok := files[p]; !ok {
			t.Errorf("no file %s in %v", p, keys(files))
		}
	}
	want := []string{"http://link.example/x", "http://example.org/big", "http://example.org/big.bin", "http://example.org/gz", "http://example.org/gz-copy"}
	if strings.Join(reported, " ") != strings.Join(want, " ") || st.Failed != 5 {
		t.Errorf("reported %q, want %q", reported, want)
	}
}

func TestRecordError(t *testing.T) {
	e := &RecordError{Archive: "a.warc", Where: "offset 12", URL: "http://x/", Err: &warc.PayloadSizeError{Limit: 10}}
	if !strings.HasPrefix(e.Error(), "a.warc: offset 12: http://x/: ") {
		t.Error(e.Error())
	}
	var pe *warc.PayloadSizeError
	if !errors.As(e, &pe) {
		t.Error("Unwrap")
	}
}

// TestSite unpacks the fixture site (gzip and chunked codings undone,
// revisits, redirects): each file of the site that is not a document is
// there byte for byte.
func TestSite(t *testing.T) {
	got, st := unpackTree(t, Options{}, memArchive("site.warc.gz", siteArchive(t)))
	err := filepath.WalkDir("testdata/site", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("testdata/site", p)
		rel = "site.example/" + filepath.ToSlash(rel)
		switch filepath.Ext(p) {
		case ".html", ".css", ".md":
			if _, ok := got[rel]; !ok {
				t.Errorf("no %s", rel)
			}
			return nil
		}
		b, _ := os.ReadFile(p)
		if got[rel] != string(b) {
			t.Errorf("%s differs from %s (%d bytes, want %d)", rel, p, len(got[rel]), len(b))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got["site.example/css/extra.css"] != ".extra { background-image: url(../img/c.png); }\n" {
		t.Errorf("extra.css: %q", got["site.example/css/extra.css"])
	}
	if !strings.Contains(got["site.example/docs.html"], `url=docs/index.html`) {
		t.Errorf("the redirect of docs: %q", got["site.example/docs.html"])
	}
	if st.Revisits == 0 || st.Redirects == 0 {
		t.Errorf("stats %+v", st)
	}
}

// TestMergeRuns: a sorter that spills more than maxRuns runs merges
// them, and gives every record in order.
func TestMergeRuns(t *testing.T) {
	s := newSorter(t.TempDir(), 100)
	defer s.close()
	var want []string
	for i := range 3000 {
		r := fmt.Sprintf("%05d", (i*7919)%3000)
		want = append(want, r)
		if err := s.add([]byte(r)); err != nil {
			t.Fatal(err)
		}
		if len(s.runs) > maxRuns {
			t.Fatalf("%d runs open", len(s.runs))
		}
	}
	slices.Sort(want)
	var got []string
	if err := s.each(func(r []byte) error { got = append(got, string(r)); return nil }); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("%d records, want %d, in order", len(got), len(want))
	}
	if ents, _ := os.ReadDir(s.dir); len(ents) != 0 {
		t.Errorf("temporary files left: %v", ents)
	}
}
