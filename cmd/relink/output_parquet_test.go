package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputParquet checks that -o FILE.parquet is a usage error that
// names relink-parquet, and creates no file: relink writes JSON lines,
// which would be a trap under a .parquet name (issue 24 item 6).
func TestOutputParquet(t *testing.T) {
	dir := t.TempDir()
	warcFile := filepath.Join("..", "..", "testdata", "warc", "example.warc")
	for _, args := range [][]string{
		{"warc", "-o", filepath.Join(dir, "links.parquet"), warcFile},
		{"extract", "--format", "jsonl", "-o", filepath.Join(dir, "LINKS.Parquet"), filepath.Join("..", "..", "testdata", "site", "index.html")},
	} {
		got := runString(args, "")
		out := args[len(args)-2]
		want := "relink " + args[0] + ": -o " + out + ": relink writes JSON lines, not Parquet: pipe them to relink-parquet (module parquet/): relink " + args[0] + " ... | relink-parquet -o " + out + "\n"
		if got.code != exitUsage || got.stderr != want || got.stdout != "" {
			t.Errorf("%q: status %d, stderr %q; want %d, %q", args, got.code, got.stderr, exitUsage, want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%q: %s made: %v", args, out, err)
		}
	}
	// Another name is written as before.
	out := filepath.Join(dir, "links.parquet.jsonl")
	if got := runString([]string{"warc", "-o", out, warcFile}, ""); got.code != 0 || !strings.HasPrefix(readFile(t, out), `{"page":`) {
		t.Errorf("-o %s: status %d, %s", out, got.code, got.stderr)
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
