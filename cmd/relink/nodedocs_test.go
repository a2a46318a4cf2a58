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
