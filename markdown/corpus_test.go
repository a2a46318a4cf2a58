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
	root := os.Getenv("RELINK_MARKDOWN_CORPUS")
	if root == "" {
		t.Skip("RELINK_MARKDOWN_CORPUS not set: it names a directory of Markdown files outside the repository")
	}
	files, links := 0, 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Error(err)
			return nil
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
		return nil
	})
	t.Logf("%d files, %d links", files, links)
}

// TestCorpusCmarkGFM compares, on every .md file under
// $RELINK_MARKDOWN_CORPUS, the links Parse finds with those of the HTML
// that cmark-gfm, GitHub's implementation (the Debian package cmark-gfm),
// writes with its table and autolink extensions.
func TestCorpusCmarkGFM(t *testing.T) {
	root := os.Getenv("RELINK_MARKDOWN_CORPUS")
	if root == "" {
		t.Skip("RELINK_MARKDOWN_CORPUS not set: it names a directory of Markdown files outside the repository")
	}
	cmark, err := exec.LookPath("cmark-gfm")
	if err != nil {
		t.Skip("cmark-gfm, the program to compare with, is not installed")
	}
	files, same, links := 0, 0, 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Error(err)
			return nil
		}
		out, err := exec.Command(cmark, "--unsafe", "-e", "table", "-e", "autolink", p).Output()
		if err != nil {
			t.Errorf("%s: cmark-gfm: %v", p, err)
			return nil
		}
		files++
		want := htmlLinks(string(out))
		links += len(want)
		if got := render(src, Parse(src)); !sameLinks(got, want) {
			t.Errorf("%s:\ngot  %v\nwant %v", p, got, want)
			return nil
		}
		same++
		return nil
	})
	t.Logf("%d/%d files give the links cmark-gfm gives (%d links)", same, files, links)
}
