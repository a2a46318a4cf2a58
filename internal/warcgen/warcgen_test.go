package warcgen

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/relink-go/relink/warc"
)

// TestFromDir reads back the archive of a small tree: a response per
// file, its body (gzipped and chunked, or not) the file's bytes, a
// revisit after each page, a redirect for a directory with an index, and
// the made-up subresources.
func TestFromDir(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":     `<link rel=stylesheet href="s.css"><img src="/img/x.png"><script src="a.js?v=1"></script><link rel=stylesheet href="m/m.css"><a href="sub/">sub</a>`,
		"s.css":          `body{}`,
		"sub/index.html": `<p>sub`,
		"sub/notes.bin":  `left out: no type`,
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(body), 0o644)
	}
	var b bytes.Buffer
	st, err := FromDir(&b, dir, "https://t.example/", time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), Options{MakeMissing: true})
	if err != nil {
		t.Fatal(err)
	}
	if st != (Stats{Responses: 3, Revisits: 2, Redirects: 1, Made: 4}) {
		t.Errorf("stats %+v", st)
	}
	r := warc.NewReader(&b)
	got := map[string]string{}
	var order []string
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		resp, err := rec.HTTPResponse()
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		key := rec.Type + " " + rec.TargetURI
		order = append(order, key)
		got[key] = string(body)
		if loc := resp.Header.Get("Location"); loc != "" {
			got[key] = "-> " + loc
		}
	}
	want := map[string]string{
		"response https://t.example/":                         files["index.html"],
		"revisit https://t.example/":                          "",
		"response https://t.example/s.css":                    files["s.css"],
		"response https://t.example/sub":                      "-> https://t.example/sub/",
		"response https://t.example/sub/":                     files["sub/index.html"],
		"revisit https://t.example/sub/":                      "",
		"response https://t.example/a.js?v=1":                 string(mustMade(t, "https://t.example/a.js?v=1")),
		"response https://t.example/img/x.png":                string(png1),
		"response https://t.example/m/m.css":                  string(mustMade(t, "https://t.example/m/m.css")),
		"response https://t.example/m/made-up-background.png": string(png1),
	}
	for k, v := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("no %s in %s", k, strings.Join(order, ", "))
			continue
		}
		if v != "" && g != v {
			t.Errorf("%s: %q, want %q", k, g, v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("records: %s", strings.Join(order, ", "))
	}
}

func mustMade(t *testing.T, u string) []byte {
	b, _ := made(u)
	if b == nil {
		t.Fatalf("nothing made for %s", u)
	}
	return b
}
