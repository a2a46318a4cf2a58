package markdown

import (
	"io/fs"
	"os"
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
