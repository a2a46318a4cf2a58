package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestNodeDocs rewrites a small real documentation tree of Markdown, HTML
// and CSS (testdata/nodedocs): kept as written, in URI or IRI form,
// nothing changes; made absolute, exactly the golden diff does.
func TestNodeDocs(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "nodedocs", "api")
	for _, to := range []string{"uri", "iri"} {
		got := runString([]string{"rewrite", "-n", "-r", "--to", to, dir}, "")
		if got.code != 0 || got.stdout != "" || !strings.Contains(got.stderr, " 0 to change, 0 links rewritten") {
			t.Errorf("--to %s: status %d, stdout %q, stderr %q", to, got.code, got.stdout, got.stderr)
		}
	}
	got := runString([]string{"rewrite", "-r", "--diff", "--resolve", "absolute", "--base", "https://nodejs.org/api/", dir}, "")
	if got.code != 0 {
		t.Fatalf("--resolve absolute: status %d, stderr %q", got.code, got.stderr)
	}
	checkGolden(t, filepath.Join("..", "..", "testdata", "examples", "nodedocs.absolute.diff"), got.stdout)
	for _, bad := range []string{"http://Date.now", "http://n-api.md", "%60", "%3C/a%3E"} {
		if strings.Contains(got.stdout, bad) {
			t.Errorf("--resolve absolute writes %q", bad)
		}
	}
}

// TestExtractMarkdown: extract takes a .md file for Markdown, its spans
// the destinations as written, nothing from code.
func TestExtractMarkdown(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "nodedocs", "api", "timers.md")
	got := runString([]string{"extract", "--format", "tsv", "--base", "https://nodejs.org/api/timers.md", file}, "")
	if got.code != 0 || got.stderr != "" {
		t.Fatalf("status %d, stderr %q", got.code, got.stderr)
	}
	for _, want := range []string{"markdown\tdefinition", "https://nodejs.org/api/worker_threads.md", "https://nodejs.org/api/timers.md#cleartimeouttimeout"} {
		if !strings.Contains(got.stdout, want) {
			t.Errorf("no %q in\n%s", want, got.stdout)
		}
	}
	if strings.Contains(got.stdout, "Date.now") {
		t.Errorf("a code span's Date.now() taken for a link:\n%s", got.stdout)
	}
}
