package main

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestUnpackCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	archive := filepath.Join("..", "..", "testdata", "warc", "example.warc")
	got := runString([]string{"unpack", "-o", dir, archive}, "")
	if got.code != exitOK || got.stdout != "" {
		t.Fatalf("exit status %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
	if want := "relink unpack: 1 archive, 2 files (1 page, 1 redirect), "; !strings.HasPrefix(got.stderr, want) {
		t.Errorf("stderr %q, want it to begin with %q", got.stderr, want)
	}
	b, err := os.ReadFile(filepath.Join(dir, "example.org", "index.html"))
	if err != nil || !strings.Contains(string(b), `url=ru/index.html`) {
		t.Errorf("the redirect page: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "example.org", "ru", "index.html")); err != nil {
		t.Error(err)
	}
	if got := runString([]string{"unpack", "-q", "-o", dir, archive}, ""); got.code != exitOK || got.stderr != "" {
		t.Errorf("-q: exit status %d, stderr %q", got.code, got.stderr)
	}

	// -n lists and writes nothing.
	dry := filepath.Join(t.TempDir(), "dry")
	got = runString([]string{"unpack", "-n", "-o", dry, archive}, "")
	want := filepath.Join(dry, "example.org", "index.html") + "\thttp://example.org/\n" + filepath.Join(dry, "example.org", "ru", "index.html") + "\thttp://example.org/ru/\n"
	if got.code != exitOK || got.stdout != want || got.stderr != "" {
		t.Errorf("-n: exit status %d, stdout %q, stderr %q; want %q", got.code, got.stdout, got.stderr, want)
	}
	if _, err := os.Stat(dry); !os.IsNotExist(err) {
		t.Errorf("-n made %s", dry)
	}
}

func TestUnpackErrors(t *testing.T) {
	dir := t.TempDir()
	archive := filepath.Join("..", "..", "testdata", "warc", "example.warc")
	bad := filepath.Join(dir, "bad.warc")
	os.WriteFile(bad, []byte("WARC/1.1\r\nWARC-Type: response\r\n\r\n"), 0o644)
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{archive}, exitUsage, "relink unpack: -o DIR is needed"},
		{[]string{"-o", dir}, exitUsage, "relink unpack: no archive given"},
		{[]string{"-o", dir, "-"}, exitUsage, "standard input cannot be unpacked"},
		{[]string{"-o", dir, "--at", "soon", archive}, exitUsage, `relink unpack: --at "soon": not a date`},
		{[]string{"-o", dir, "--max-index-memory", "1KiB", archive}, exitUsage, "--max-index-memory takes 1MiB at least"},
		{[]string{"-o", dir, filepath.Join(dir, "none.warc")}, exitInputFailed, "none.warc: no such file or directory"},
		{[]string{"-q", "-o", filepath.Join(dir, "out"), bad}, exitFail, "relink unpack: " + bad + ": offset 0: no Content-Length"},
	}
	for _, tt := range tests {
		got := runString(append([]string{"unpack"}, tt.args...), "")
		if got.code != tt.code || !strings.Contains(got.stderr, tt.msg) {
			t.Errorf("relink unpack %s: exit status %d, stderr %q; want %d and %q", strings.Join(tt.args, " "), got.code, got.stderr, tt.code, tt.msg)
		}
	}
}

// TestUnpackWACZ: a WACZ is unpacked as its WARC files, stored or
// compressed in the ZIP.
func TestUnpackWACZ(t *testing.T) {
	warcFile, err := os.ReadFile(filepath.Join("..", "..", "testdata", "warc", "example.warc"))
	if err != nil {
		t.Fatal(err)
	}
	iana, err := os.ReadFile(filepath.Join("..", "..", "testdata", "warc", "warcio-example-iana.org-chunked.warc"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	name := filepath.Join(tmp, "x.wacz")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	z := zip.NewWriter(f)
	for _, e := range []struct {
		name   string
		method uint16
		data   []byte
	}{
		{"datapackage.json", zip.Deflate, []byte("{}")},
		{"archive/data.warc", zip.Store, warcFile},
		{"archive/iana.warc", zip.Deflate, iana},
		{"pages/pages.jsonl", zip.Deflate, []byte("{}\n")},
	} {
		w, err := z.CreateHeader(&zip.FileHeader{Name: e.name, Method: e.method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(e.data)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out := filepath.Join(tmp, "site")
	got := runString([]string{"unpack", "-q", "-o", out, name}, "")
	if got.code != exitOK || got.stderr != "" {
		t.Fatalf("exit status %d, stderr %q", got.code, got.stderr)
	}
	for _, p := range []string{"example.org/index.html", "example.org/ru/index.html", "www.iana.org/index.html"} {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(p))); err != nil {
			t.Error(err)
		}
	}
	bad := filepath.Join(tmp, "bad.wacz")
	os.WriteFile(bad, []byte("not a zip"), 0o644)
	if got := runString([]string{"unpack", "-o", out, bad}, ""); got.code != exitInputFailed || !strings.HasPrefix(got.stderr, "relink unpack: "+bad+": ") {
		t.Errorf("a bad WACZ: exit status %d, stderr %q", got.code, got.stderr)
	}
}
