package unpack

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// publicArchives returns the archives of other projects in
// testdata/warc (see its PROVENANCE.md).
func publicArchives(t *testing.T) []Archive {
	names, err := filepath.Glob(filepath.Join("..", "testdata", "warc", "*.warc*"))
	if err != nil || len(names) < 5 {
		t.Fatalf("the archives of testdata/warc: %v, %v", names, err)
	}
	var as []Archive
	for _, n := range names {
		as = append(as, Archive{Name: filepath.Base(n), Open: func() (io.ReadCloser, error) { return os.Open(n) }})
	}
	return as
}

// TestPublicArchives unpacks the archives of other projects together:
// every file is a safe name, none is left half written, nothing is
// reported, and each URL captured has its file.
func TestPublicArchives(t *testing.T) {
	var reported []string
	files, st := unpackTree(t, Options{Report: func(err error) { reported = append(reported, err.Error()) }}, publicArchives(t)...)
	for p := range files {
		if why := checkLocal(p); why != "" {
			t.Errorf("%s: %s", p, why)
		}
	}
	if len(files) != st.Files || st.Files != st.URLs || st.Files < 60 {
		t.Errorf("%d files on disk, %+v", len(files), st)
	}
	if len(reported) != 0 {
		t.Errorf("reported:\n%s", strings.Join(reported, "\n"))
	}
	t.Logf("%+v", st)
}

// TestZstd: a WARC file compressed with zstd, as warc.NewReader reads it,
// is unpacked as the same file uncompressed.
func TestZstd(t *testing.T) {
	plain := buildWARC(false,
		rec{typ: "response", uri: "http://example.org/", block: html200(`<a href="/a">a</a>`)},
		rec{typ: "response", uri: "http://example.org/a", block: html200(`<a href="/">home</a>`)},
	)
	var z bytes.Buffer
	enc, err := zstd.NewWriter(&z)
	if err != nil {
		t.Fatal(err)
	}
	enc.Write(plain)
	enc.Close()
	want, _ := unpackTree(t, Options{}, memArchive("a.warc", plain))
	got, _ := unpackTree(t, Options{}, memArchive("a.warc.zst", z.Bytes()))
	if len(want) != 2 || len(got) != len(want) {
		t.Fatalf("files %v, want %v", keys(got), keys(want))
	}
	for p, s := range want {
		if got[p] != s {
			t.Errorf("%s: %q, want %q", p, got[p], s)
		}
	}
}
