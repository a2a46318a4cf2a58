//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMvSignal interrupts relink mv while it rewrites: a file is written,
// the other not, OLD is not moved, and the message says the files
// written link to NEW already.
func TestMvSignal(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "docs", "x.html"), "x")
	a, b := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html")
	const page = `<a href="docs/x.html">x</a>`
	write(t, a, page)
	write(t, b, page)
	interruptBetween(t, b, a)
	got := runString([]string{"mv", "-C", dir, "-j", "2", "docs", "manual"}, "")
	want := "relink mv: interrupted by SIGINT: 1 file written, the other 2 left as they were, no temporary file left\n"
	want2 := "relink mv: docs not moved: the files written above link to manual already"
	if got.code != 130 || !strings.Contains(got.stderr, want) || !strings.Contains(got.stderr, want2) || got.stdout != "" {
		t.Errorf("status %d, stdout %q, stderr:\n%s\nwant 130 and:\n%s\n%s", got.code, got.stdout, got.stderr, want, want2)
	}
	if s, _ := os.ReadFile(a); string(s) != page {
		t.Errorf("a.html written after the signal: %q", s)
	}
	if s, _ := os.ReadFile(b); string(s) != `<a href="manual/x.html">x</a>` {
		t.Errorf("b.html: %q", s)
	}
	if _, err := os.Stat(filepath.Join(dir, "docs", "x.html")); err != nil {
		t.Errorf("docs moved: %v", err)
	}
}
