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
		{[]string{"rewrite", "-n", "-"}, 0, "", ""}, // nothing to change
		{[]string{"rewrite", "-w", "-"}, 2, "", "-w needs FILE arguments"},
		{[]string{"rewrite", "-w"}, 2, "", "-w needs FILE arguments"},
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

// TestRewriteStdinDiff checks that rewrite --diff and -n take standard
// input (issue 18, item 11: --diff refused it): the diff of its rewrite,
// labelled "<stdin>", and its line for -n, named "-".
func TestRewriteStdinDiff(t *testing.T) {
	const in = "<p>x</p>\n<a href=\"/é\">é</a>\n"
	for _, tt := range []struct {
		args   []string
		in     string
		stdout string
	}{
		{[]string{"rewrite", "--diff", "--to", "uri"}, in, "diff <stdin> <stdin> rewritten\n--- <stdin>\n+++ <stdin> rewritten\n@@ -1,2 +1,2 @@\n <p>x</p>\n-<a href=\"/é\">é</a>\n+<a href=\"/%C3%A9\">é</a>\n"},
		{[]string{"rewrite", "--diff", "--to", "uri", "-"}, in, "diff <stdin> <stdin> rewritten\n--- <stdin>\n+++ <stdin> rewritten\n@@ -1,2 +1,2 @@\n <p>x</p>\n-<a href=\"/é\">é</a>\n+<a href=\"/%C3%A9\">é</a>\n"},
		{[]string{"rewrite", "-n", "--to", "uri"}, in, "-\t1\n"},
		{[]string{"rewrite", "-n", "--diff", "--to", "iri"}, in, ""},
		{[]string{"rewrite", "--diff", "--to", "uri", "--type", "text", "--charset", "koi8-r"}, "see http://example.org/\xf0\n", "diff <stdin> <stdin> rewritten (koi8-r, shown in UTF-8)\n--- <stdin>\n+++ <stdin> rewritten\n@@ -1 +1 @@\n-see http://example.org/П\n+see http://example.org/%D0%9F\n"},
	} {
		got := runString(tt.args, tt.in)
		if got.code != exitOK || got.stdout != tt.stdout || got.stderr != "" {
			t.Errorf("relink %q: status %d, stdout %q, stderr %q; want 0, %q", tt.args, got.code, got.stdout, got.stderr, tt.stdout)
		}
	}
}
