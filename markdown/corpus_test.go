package markdown

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpus checks, on every .md file under $RELINK_MARKDOWN_CORPUS, the
// invariants of Parse, that rewriting nothing is byte-exact, and that a
// rewriting of every link means the new URLs (the Node.js docs, which a
// Debian or Node.js install puts in /usr/share/doc/nodejs, are a good
// tree).
func TestCorpus(t *testing.T) {
	files, links := 0, 0
	for _, p := range corpusFiles(t) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Error(err)
			continue
		}
		files++
		doc := Parse(src)
		links += len(doc.Links)
		checkDoc(t, src, doc)
		if out, err := Rewrite(src, doc, func(*Link) (string, bool) { return "", false }); err != nil || string(out) != string(src) {
			t.Errorf("%s: rewriting nothing changed the file (%v)", p, err)
		}
		out, doc, err, url := rewriteAll(src)
		checkRewritten(t, src, doc, out, err, url)
	}
	t.Logf("%d files, %d links", files, links)
}

// TestCorpusCmarkGFM compares, on every .md file under
// $RELINK_MARKDOWN_CORPUS, the links Parse finds with those of the HTML
// that cmark-gfm, GitHub's implementation (the Debian package cmark-gfm),
// writes with its table and autolink extensions.
func TestCorpusCmarkGFM(t *testing.T) {
	paths := corpusFiles(t)
	cmark, err := exec.LookPath("cmark-gfm")
	if err != nil {
		t.Skip("cmark-gfm, the program to compare with, is not installed")
	}
	files, same, links := 0, 0, 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Error(err)
			continue
		}
		out, err := exec.Command(cmark, "--unsafe", "-e", "table", "-e", "autolink", p).Output()
		if err != nil {
			t.Errorf("%s: cmark-gfm: %v", p, err)
			continue
		}
		files++
		want := htmlLinks(string(out))
		links += len(want)
		if got := render(src, Parse(src)); !sameLinks(got, want) {
			t.Errorf("%s:\ngot  %v\nwant %v", p, got, want)
			continue
		}
		same++
	}
	t.Logf("%d/%d files give the links cmark-gfm gives (%d links)", same, files, links)
}

// corpusFiles returns the .md files under $RELINK_MARKDOWN_CORPUS, in
// lexical order, and skips the test when it is not set. A directory that
// cannot be read is an error, and so is a tree without a .md file: a
// misnamed corpus does not pass as checked.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	root := os.Getenv("RELINK_MARKDOWN_CORPUS")
	if root == "" {
		t.Skip("RELINK_MARKDOWN_CORPUS not set: it names a directory of Markdown files outside the repository")
	}
	var paths []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			t.Error(err)
		case !d.IsDir() && strings.HasSuffix(p, ".md"):
			paths = append(paths, p)
		}
		return nil
	})
	if len(paths) == 0 {
		t.Fatalf("RELINK_MARKDOWN_CORPUS=%s holds no .md file", root)
	}
	return paths
}
