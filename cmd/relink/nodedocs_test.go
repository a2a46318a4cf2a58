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

// TestNodeDocsMap moves the tree of TestNodeDocs from
// https://nodejs.org/api/ to https://docs.example/node/ (--map): exactly
// the golden diff changes, the links to the tree's own pages written
// absolute (a canonical link) moved, a link to what stays behind ("/",
// the site's home) made absolute, every relative link between the tree's
// documents left as it is; in IRI form too. A map that matches nothing
// changes no file.
func TestNodeDocsMap(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "nodedocs", "api")
	move := []string{"--base", "https://nodejs.org/api/", "--map", "https://nodejs.org/api/=https://docs.example/node/"}
	got := runString(append([]string{"rewrite", "-r", "--diff"}, append(move, dir)...), "")
	if got.code != 0 {
		t.Fatalf("--map: status %d, stderr %q", got.code, got.stderr)
	}
	checkGolden(t, filepath.Join("..", "..", "testdata", "examples", "nodedocs.map.diff"), got.stdout)
	if !strings.Contains(got.stderr, "4 files scanned, 1 to change, 2 links rewritten") {
		t.Errorf("--map: stderr %q", got.stderr)
	}
	iri := runString(append([]string{"rewrite", "-r", "--diff", "--to", "iri"}, append(move, dir)...), "")
	if iri.code != 0 || iri.stdout != got.stdout {
		t.Errorf("--map --to iri: status %d, a diff other than --to uri's:\n%s", iri.code, iri.stdout)
	}
	for _, m := range []string{"https://nodejs.org/ap=https://docs.example/node/", "https://nodejs.com/api=https://docs.example/node", "https://docs.example/=https://nodejs.org/api/"} {
		got := runString([]string{"rewrite", "-r", "-n", "--base", "https://nodejs.org/api/", "--map", m, dir}, "")
		if got.code != 0 || got.stdout != "" || !strings.Contains(got.stderr, " 0 to change, 0 links rewritten") {
			t.Errorf("--map %s, which matches nothing: status %d, stdout %q, stderr %q", m, got.code, got.stdout, got.stderr)
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
