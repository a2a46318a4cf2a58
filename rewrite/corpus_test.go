package rewrite

import (
	"testing"

	"github.com/relink-go/relink/internal/testcorpus"
	"github.com/relink-go/relink/internal/transformtest"
)

// TestCorpusInvariant checks the rewriter's promise (see TestInvariant) on
// every page of the HTML corpus (internal/testcorpus), legacy-charset
// copies included, when RELINK_CORPUS names its directory.
func TestCorpusInvariant(t *testing.T) {
	pages, nlinks := 0, 0
	for _, f := range testcorpus.HTML.Files(t) {
		doc := f.Read(t)
		pages++
		before := links(t, doc, false)
		nlinks += len(before)
		for _, to := range []Form{FormURI, FormIRI} {
			out := transformtest.Run(t, NewHTML(Options{To: to, BaseURL: docURL}), doc, 0, 0)
			after := links(t, out, false)
			if len(after) != len(before) {
				t.Errorf("%s (to %d): %d links before, %d after", f.Path, to, len(before), len(after))
				continue
			}
			for i := range before {
				if before[i].err == nil && !equivalent(before[i].uri, after[i].uri) {
					t.Errorf("%s (to %d): link %d requests %q, was %q", f.Path, to, i, after[i].uri, before[i].uri)
					break
				}
			}
		}
	}
	t.Logf("corpus: %d pages, %d links, each rewritten to URIs and to IRIs and checked", pages, nlinks)
}
