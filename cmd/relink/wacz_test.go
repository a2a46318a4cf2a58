package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeWACZ writes a WACZ file of the WARC files, stored (deflated when
// named in deflate), with pages/pages.jsonl, and returns its path.
func writeWACZ(t *testing.T, dir string, names []string, files map[string]string, deflate map[string]bool) string {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	pw, _ := z.Create("pages/pages.jsonl")
	pw.Write([]byte(`{"format": "json-pages-1.0", "id": "pages"}` + "\n"))
	for _, name := range names {
		data, err := os.ReadFile(files[name])
		if err != nil {
			t.Fatal(err)
		}
		m := zip.Store
		if deflate[name] {
			m = zip.Deflate
		}
		w, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: m})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "x.wacz")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestWARCWACZ reads a WACZ: its WARC files under archive/, in order,
// each named WACZ#archive/NAME, with the lines and record offsets of the
// WARC file read alone; one of them by its name; a record by its range
// in one; the same over HTTP, where a stored WARC file is read by Range
// requests.
func TestWARCWACZ(t *testing.T) {
	dir := t.TempDir()
	gz := filepath.Join("..", "..", "testdata", "warc", "resiliparse-warcfile.warc.gz")
	plain := filepath.Join("..", "..", "testdata", "warc", "ia-web-commons-link-extraction-test.warc")
	files := map[string]string{"archive/data.warc.gz": gz, "archive/b.warc": plain, "archive/c.warc": plain}
	names := []string{"archive/data.warc.gz", "archive/b.warc", "archive/c.warc"}
	wacz := writeWACZ(t, dir, names, files, map[string]bool{"archive/c.warc": true})
	alone := func(file, as string) string {
		got := runString([]string{"warc", file}, "")
		if got.code != 0 {
			t.Fatalf("%s: %d %s", file, got.code, got.stderr)
		}
		return strings.ReplaceAll(got.stdout, jsonString(file), jsonString(as))
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, wacz)
	}))
	defer srv.Close()
	p := pagePlaces(t, gz)[3]
	for _, name := range []string{wacz, srv.URL + "/x.wacz"} {
		var want strings.Builder
		for _, n := range names {
			want.WriteString(alone(files[n], name+"#"+n))
		}
		got := runString([]string{"warc", name}, "")
		if got.code != 0 || got.stdout != want.String() {
			t.Errorf("%s: exit status %d, %s; the output is that of its WARC files: %v", name, got.code, got.stderr, got.stdout == want.String())
		}
		one := name + "#archive/b.warc"
		if got := runString([]string{"warc", one}, ""); got.code != 0 || got.stdout != alone(plain, one) {
			t.Errorf("%s: exit status %d, %s", one, got.code, got.stderr)
		}
		rng := fmt.Sprintf("%s#archive/data.warc.gz#%d,%d", name, p[0], p[1])
		wantRange := strings.ReplaceAll(runString([]string{"warc", fmt.Sprintf("%s#%d,%d", gz, p[0], p[1])}, "").stdout, jsonString(gz), jsonString(name+"#archive/data.warc.gz"))
		if got := runString([]string{"warc", rng}, ""); got.code != 0 || got.stdout != wantRange || wantRange == "" {
			t.Errorf("%s: exit status %d, %s", rng, got.code, got.stderr)
		}
		for _, c := range []struct{ arg, msg string }{
			{name + "#archive/none.warc", "has no WARC file archive/none.warc"},
			{name + "#archive/c.warc#0,100", "compressed in the WACZ"},
			{name + "#archive/b.warc#99999999,100", "past the end of the WARC file"},
		} {
			if got := runString([]string{"warc", c.arg}, ""); got.code != exitInputFailed || !strings.Contains(got.stderr, c.msg) {
				t.Errorf("%s: exit status %d, %q; want %q", c.arg, got.code, got.stderr, c.msg)
			}
		}
	}
	notWACZ := filepath.Join(dir, "n.wacz")
	os.WriteFile(notWACZ, []byte("WARC/1.1\r\n"), 0o644)
	if got := runString([]string{"warc", notWACZ, plain}, ""); got.code != exitInputFailed || !strings.Contains(got.stderr, "not a WACZ file") || got.stdout != alone(plain, plain) {
		t.Errorf("not a WACZ: exit status %d, %q", got.code, got.stderr)
	}
}
