package unpack

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzUnpack unpacks arbitrary archives: no panic, every file inside the
// folder under a safe name, none left half written. Each run writes files:
// give the fuzzer -fuzzminimizetime 50x, or it spends a minute making each
// new input smaller and seems to stall.
func FuzzUnpack(f *testing.F) {
	f.Add(buildWARC(false,
		rec{typ: "response", uri: "http://example.org/", block: html200(`<base href="/a/"><a href="b">b</a><img srcset="/x.png 1x, ../y.png 2x"><style>@import "c.css";</style>`)},
		rec{typ: "response", uri: "http://example.org/a/b", block: response(302, "Location: ../..%2F/\n", "")},
		rec{typ: "revisit", uri: "http://example.org/", block: html200(""), fields: []string{"WARC-Payload-Digest: sha1:X"}},
		rec{typ: "resource", uri: "http://example.org/c.css", contentType: "text/css", block: `a{background:url(/a/b)}`},
	), false)
	f.Add(buildWARC(true, rec{typ: "response", uri: "http://EXAMPLE.org/A", block: html200(`<a href="/a">a</a>`)}, rec{typ: "response", uri: "http://example.org/a/", block: html200("x")}), true)
	if b, err := os.ReadFile(filepath.Join("..", "testdata", "warc", "example.warc")); err == nil {
		f.Add(b, false)
	}
	f.Fuzz(func(t *testing.T, archive []byte, missing bool) {
		dir := t.TempDir()
		_, err := Unpack(dir, []Archive{memArchive("f.warc", archive)}, Options{Missing: missing, MaxPayloadSize: 1 << 16, MaxIndexMemory: 1 << 10, TempDir: t.TempDir()})
		if err != nil {
			return
		}
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(dir, p)
			if rel == "." {
				return nil
			}
			if d.Type()&os.ModeSymlink != 0 || strings.Contains(rel, ".relink-tmp-") {
				t.Fatalf("%s", rel)
			}
			if why := checkLocal(filepath.ToSlash(rel)); why != "" {
				t.Fatalf("%s: %s", rel, why)
			}
			return nil
		})
	})
}
