package rewrite

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
)

// TestCorpusInvariant checks the rewriter's promise (see TestInvariant) on
// every page of the corpus that build-corpus.sh makes, legacy-charset
// copies included, when RELINK_CORPUS names its directory.
func TestCorpusInvariant(t *testing.T) {
	root := os.Getenv("RELINK_CORPUS")
	if root == "" {
		t.Skip("RELINK_CORPUS not set: the corpus is built by shared/corpus/build-corpus.sh outside the repository")
	}
	pages, nlinks := 0, 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return nil
		}
		doc, err := os.ReadFile(p)
		if err != nil {
			t.Error(err)
			return nil
		}
		pages++
		before := links(t, doc, false)
		nlinks += len(before)
		for _, to := range []Form{URI, IRI} {
			out := transformtest.Run(t, NewHTML(Options{To: to, BaseURL: docURL}), doc, 0, 0)
			after := links(t, out, false)
			if len(after) != len(before) {
				t.Errorf("%s (to %d): %d links before, %d after", p, to, len(before), len(after))
				continue
			}
			for i := range before {
				if before[i].err == nil && !equivalent(before[i].uri, after[i].uri) {
					t.Errorf("%s (to %d): link %d requests %q, was %q", p, to, i, after[i].uri, before[i].uri)
					break
				}
			}
		}
		return nil
	})
	t.Logf("corpus: %d pages, %d links, each rewritten to URIs and to IRIs and checked", pages, nlinks)
}
