package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerbosity checks -q and -v of extract and rewrite: -q leaves errors
// only, -v adds a line for each file.
func TestVerbosity(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	page := write("a.html", `<a href="D%C3%BCrst">x</a><img src="http://[bad/">`+
		`<p title="`+strings.Repeat("x", 1<<20+10)+`">`)
	bin := write("b.html", "\x00\x01binary")
	missing := filepath.Join(dir, "missing.html")

	got := runString([]string{"extract", "--format", "uri", page}, "")
	if !strings.Contains(got.stderr, "warning:") {
		t.Errorf("extract: no warning for the oversize tag: %q", got.stderr)
	}
	got = runString([]string{"extract", "-q", "--format", "uri", page, missing}, "")
	if got.code != exitFail || got.stdout != "D%C3%BCrst\n" || got.stderr != "relink extract: "+missing+": no such file or directory\n" {
		t.Errorf("extract -q: status %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
	got = runString([]string{"extract", "-v", "--format", "uri", page}, "")
	if want := "relink extract: " + page + ": html, 2 links, windows-1252 (default), 1 invalid (left out of --format uri), 1 oversize construct\n" +
		"relink extract: 1 file, 2 links, 1 invalid (left out of --format uri), 1 oversize construct\n"; !strings.HasSuffix(got.stderr, want) {
		t.Errorf("extract -v: stderr %q, want it to end with %q", got.stderr, want)
	}

	got = runString([]string{"rewrite", "-n", page, bin, missing}, "")
	for _, want := range []string{"b.html: warning: binary, skipped", "missing.html: no such file", "1 file scanned"} {
		if !strings.Contains(got.stderr, want) {
			t.Errorf("rewrite -n: stderr %q lacks %q", got.stderr, want)
		}
	}
	got = runString([]string{"rewrite", "-q", "-n", "--to", "iri", "--charset", "utf-8", page, bin, missing}, "")
	if got.code != exitFail || got.stdout != page+"\t1\n" || got.stderr != "relink rewrite: "+missing+": no such file or directory\n" {
		t.Errorf("rewrite -q -n: status %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
	got = runString([]string{"rewrite", "-v", "-n", "--to", "iri", "--charset", "utf-8", page}, "")
	if want := "relink rewrite: " + page + ": 2 links, 1 rewritten, 1 left as written (1 invalid link), 1 oversize construct\n"; !strings.Contains(got.stderr, "warning: oversize tag at offset 50 (limit 1048576 bytes): passed through unexamined, its links left as written") || !strings.Contains(got.stderr, want) {
		t.Errorf("rewrite -v -n: stderr %q, want the oversize warning and %q", got.stderr, want)
	}
	for _, c := range []string{"extract", "rewrite"} {
		if got := runString([]string{c, "-q", "-v", page}, ""); got.code != exitUsage {
			t.Errorf("%s -q -v: status %d, want %d", c, got.code, exitUsage)
		}
	}
}
