package rewrite

import (
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/testcorpus"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
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
			out := transformtest.Run(t, NewHTML(Options{To: to, Options: extract.Options{BaseURL: docURL}}), doc, 0, 0)
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

// TestCorpusMap checks Options.Map on every page of the HTML corpus: the
// site, the page included, moves from http://example.com/dir to
// https://moved.example/new, and each link of the rewritten page, read
// at the page's new URL, requests the old link's URL moved (the same URL
// for a link out of the site), to URIs and to IRIs.
func TestCorpusMap(t *testing.T) {
	const from, to = "http://example.com/dir", "https://moved.example/new"
	move := func(href string) string {
		if rest, ok := strings.CutPrefix(href, from); ok && (rest == "" || strings.ContainsRune("/?#", rune(rest[0]))) {
			return to + rest
		}
		return href
	}
	m := func(_ *extract.Link, href string) (string, bool) {
		s := move(href)
		return s, s != href
	}
	newURL := move(docURL)
	pages, nlinks, moved := 0, 0, 0
	for _, f := range testcorpus.HTML.Files(t) {
		doc := f.Read(t)
		pages++
		before := links(t, doc, false)
		nlinks += len(before)
		for _, form := range []Form{FormURI, FormIRI} {
			out := transformtest.Run(t, NewHTML(Options{To: form, Map: m, Options: extract.Options{BaseURL: docURL}}), doc, 0, 0)
			var after []found
			x := extract.NewHTML(extract.Options{BaseURL: newURL}, func(l *extract.Link) error {
				after = append(after, found{uri: l.Href, err: l.Err})
				return nil
			})
			if _, _, err := transform.Bytes(x, out); err != nil {
				t.Fatal(err)
			}
			if len(after) != len(before) {
				t.Errorf("%s (to %d): %d links before, %d after", f.Path, form, len(before), len(after))
				continue
			}
			for i := range before {
				if before[i].err != nil {
					continue
				}
				if want := move(before[i].uri); !equivalent(after[i].uri, want) {
					t.Errorf("%s (to %d): link %d requests %q, want %q (was %q)", f.Path, form, i, after[i].uri, want, before[i].uri)
					break
				}
				if form == FormURI && move(before[i].uri) != before[i].uri {
					moved++
				}
			}
		}
	}
	t.Logf("corpus: %d pages, %d links (%d moved), each page moved to URIs and to IRIs and checked", pages, nlinks, moved)
}
