package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDashIsStdin checks that "-" names standard input in every command
// that takes files.
func TestDashIsStdin(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(file, []byte("see https://file.example/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const in = "see https://stdin.example/\n"
	tests := []struct {
		args       []string
		code       int
		stdout     string
		stderrPart string
	}{
		{[]string{"extract", "--format", "uri", "-"}, 0, "https://stdin.example/\n", ""},
		{[]string{"extract", "--format", "uri", file, "-", file}, 0,
			"https://file.example/\nhttps://stdin.example/\nhttps://file.example/\n", ""},
		{[]string{"extract", "--format", "uri", "-", "-"}, 1, "https://stdin.example/\n", "-: standard input named twice"},
		{[]string{"rewrite", "--to", "iri", "-"}, 0, in, ""},
		{[]string{"rewrite", "-"}, 0, in, ""},
		{[]string{"rewrite", "-n", "-"}, 2, "", "need FILE arguments"},
		{[]string{"rewrite", "--diff", file, "-"}, 2, "", `"-" (standard input) is rewritten alone`},
		{[]string{"linkify", "-"}, 0, `see <a href="https://stdin.example/" rel="nofollow noopener">https://stdin.example/</a><br>` + "\n", ""},
		{[]string{"linkify", "--", "-"}, 0, `see <a href="https://stdin.example/" rel="nofollow noopener">https://stdin.example/</a><br>` + "\n", ""},
	}
	for _, tt := range tests {
		got := runString(tt.args, in)
		if got.code != tt.code || got.stdout != tt.stdout || !strings.Contains(got.stderr, tt.stderrPart) {
			t.Errorf("relink %q: status %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, got.code, got.stdout, got.stderr, tt.code, tt.stdout, tt.stderrPart)
		}
	}
}
