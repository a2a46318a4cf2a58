package rewrite

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/transform"

	"github.com/relink-go/relink/extract"
)

// TestAllocsUnchanged checks that a rewriter allocates nothing per token
// or link that needs no change: rewriting a page of 1,000 links already
// in their URI form costs a few allocations per document (the charset,
// the converter) and one per 8 KiB of link values, not one per link.
func TestAllocsUnchanged(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><meta charset=utf-8><title>t</title></head><body>\n")
	const links = 1000
	for i := range links {
		fmt.Fprintf(&b, "<p class=\"item\" id=\"p%d\"><a href=\"/page/%d.html\" rel=\"next\">item &amp; %d</a> text <img src=\"img/%d.png\" alt=\"\"></p>\n", i, i, i, i)
	}
	b.WriteString("</body></html>\n")
	doc := []byte(b.String())
	r := NewHTML(Options{To: FormURI, Options: extract.Options{BaseURL: "http://example.com/dir/"}})
	dst := make([]byte, 64<<10)
	run := func() {
		r.Reset()
		for src := doc; ; {
			nDst, nSrc, err := r.Transform(dst, src, true)
			_ = nDst
			src = src[nSrc:]
			if err != transform.ErrShortDst {
				if err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	run()
	if st := r.Stats(); st.Links != 2*links || st.Rewritten != 0 {
		t.Fatalf("stats %+v, want %d links and none rewritten", st, 2*links)
	}
	allocs := testing.AllocsPerRun(5, run)
	t.Logf("%v allocations for %d links, %d bytes", allocs, 2*links, len(doc))
	if allocs > 2*links/50 {
		t.Errorf("%v allocations per document of %d unchanged links, want under %d", allocs, 2*links, 2*links/50)
	}
}
