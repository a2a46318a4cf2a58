package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/warc"
)

// TestGenerate writes a file from two pages and reads it back: a
// warcinfo record, then the pages in rounds under new hosts, each
// record a gzip member of its own, until the size asked for.
func TestGenerate(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "pkg", "html"), 0o755)
	os.WriteFile(filepath.Join(dir, "pkg", "html", "a.html"), []byte(`<a href="b.html">b</a><a href="http://other.example/">o</a>`), 0o644)
	os.WriteFile(filepath.Join(dir, "Top Level.htm"), []byte(`<img src="x.png">`), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte(`not a page`), 0o644)
	pages, err := readPages(dir)
	if err != nil || len(pages) != 2 {
		t.Fatalf("%d pages, %v", len(pages), err)
	}
	var buf bytes.Buffer
	n, err := generate(&buf, pages, 2000)
	if err != nil {
		t.Fatal(err)
	}
	if buf.Len() < 2000 || n < 4 {
		t.Fatalf("%d bytes, %d records", buf.Len(), n)
	}
	r := warc.NewReader(bytes.NewReader(buf.Bytes()))
	var uris []string
	for i := 0; ; i++ {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if !rec.Compressed || rec.DecompressedOffset != 0 {
			t.Fatalf("record %d does not have a gzip member of its own", i)
		}
		if i == 0 {
			if rec.Type != "warcinfo" {
				t.Fatalf("first record %s", rec.Type)
			}
			continue
		}
		resp, err := rec.HTTPResponse()
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		want := pages[(i-1)%2].body
		if !bytes.Equal(body, want) {
			t.Fatalf("record %d: body %q, want %q", i, body, want)
		}
		uris = append(uris, rec.TargetURI)
	}
	if len(uris) != n-1 {
		t.Fatalf("%d records read, %d written", len(uris)+1, n)
	}
	want := []string{"http://n0.x.example/Top Level.htm", "http://n0.pkg-html.example/pkg/html/a.html", "http://n1.x.example/Top Level.htm"}
	if strings.Join(uris[:3], " ") != strings.Join(want, " ") {
		t.Errorf("URIs %q, want %q", uris[:3], want)
	}
}
