package markdown

import (
	"os/exec"
	"testing"

	"github.com/relink-go/relink/internal/testcorpus"
)

// TestCorpus checks, on every file of the Markdown corpus
// (internal/testcorpus: $RELINK_MARKDOWN_CORPUS, the Node.js docs or any
// tree of .md files), the invariants of Parse, that rewriting nothing is
// byte-exact, and that a rewriting of every link means the new URLs.
func TestCorpus(t *testing.T) {
	files, links := 0, 0
	for _, f := range testcorpus.Markdown.Files(t) {
		p, src := f.Path, f.Read(t)
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

// TestCorpusCmarkGFM compares, on every file of the Markdown corpus, the
// links Parse finds with those of the HTML that cmark-gfm, GitHub's
// implementation (the Debian package cmark-gfm), writes with its table
// and autolink extensions.
func TestCorpusCmarkGFM(t *testing.T) {
	corpus := testcorpus.Markdown.Files(t)
	cmark, err := exec.LookPath("cmark-gfm")
	if err != nil {
		t.Skip("cmark-gfm, the program to compare with, is not installed")
	}
	files, same, links := 0, 0, 0
	for _, f := range corpus {
		p, src := f.Path, f.Read(t)
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
