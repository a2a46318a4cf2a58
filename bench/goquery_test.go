package bench

import (
	"bytes"
	"net/url"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/net/html"
)

const pageURL = "http://example.com/dir/page.html"

// BenchmarkRewriteGoquery compares, on the same pages in the same run,
// relink's rewriting of every link to its URI (rewrite.NewHTML, as in
// BenchmarkRewrite; and with Resolve Absolute, every link made absolute)
// with what a program built on github.com/PuerkitoBio/goquery does for
// it: parse the page into a tree (goquery.NewDocumentFromReader), set
// every href and src attribute to its URL resolved against the page's URL
// by net/url (url.URL.Parse, then String), and render the tree back to
// HTML (html.Render into a buffer). The goquery side is the cheaper
// task: it knows two attributes, no srcset, CSS or base element, and it
// reads every page as UTF-8. At the end it logs (with -v) how many times
// the speed of goquery each relink rewrite has, in bytes per CPU second
// and per second:
//
//	go test -run '^$' -bench RewriteGoquery -benchtime 2x -v
//	RELINK_CORPUS=DIR go test -run '^$' -bench RewriteGoquery -benchtime 2x -v
func BenchmarkRewriteGoquery(b *testing.B) {
	pages, where := corpus(b)
	n := totalBytes(pages)
	b.Logf("%d pages, %d bytes, from %s", len(pages), n, where)
	type speed struct{ cpu, wall float64 } // MB per CPU second, MB per second
	speeds := map[string]speed{}
	measure := func(name string, rewritePage func(p []byte)) {
		b.Run("impl="+name, func(b *testing.B) {
			b.SetBytes(n)
			b.ReportAllocs()
			start, wall := cpuTime(), time.Now()
			for b.Loop() {
				for _, p := range pages {
					rewritePage(p)
				}
			}
			mb := float64(n) * float64(b.N) / 1e6
			speeds[name] = speed{reportCPU(b, start, n), mb / time.Since(wall).Seconds()}
		})
	}

	dst := make([]byte, 64<<10)
	measure("relink-rewrite-uri", func(p []byte) {
		pass(rewrite.NewHTML(rewrite.Options{To: rewrite.FormURI, Options: extract.Options{BaseURL: pageURL}}), dst, p)
	})
	measure("relink-rewrite-uri-absolute", func(p []byte) {
		pass(rewrite.NewHTML(rewrite.Options{To: rewrite.FormURI, Resolve: rewrite.ResolveAbsolute, Options: extract.Options{BaseURL: pageURL}}), dst, p)
	})
	base, err := url.Parse(pageURL)
	if err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	measure("goquery-parse-rewrite-render", func(p []byte) {
		if err := goqueryRewrite(&out, p, base); err != nil {
			b.Fatal(err)
		}
	})

	g := speeds["goquery-parse-rewrite-render"]
	for _, name := range []string{"relink-rewrite-uri", "relink-rewrite-uri-absolute"} {
		if s := speeds[name]; g.cpu > 0 && g.wall > 0 {
			b.Logf("%s: %.2fx goquery per CPU second (%.1f vs %.1f MB/cpu-s), %.2fx per second", name, s.cpu/g.cpu, s.cpu, g.cpu, s.wall/g.wall)
		}
	}
}

// goqueryRewrite writes to out the page p with every href and src
// attribute set to its URL resolved against base, through goquery: the
// page parsed into a tree, the attributes set, the tree rendered.
func goqueryRewrite(out *bytes.Buffer, p []byte, base *url.URL) error {
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(p))
	if err != nil {
		return err
	}
	doc.Find("[href], [src]").Each(func(_ int, s *goquery.Selection) {
		for _, attr := range [...]string{"href", "src"} {
			if v, ok := s.Attr(attr); ok {
				if u, err := base.Parse(v); err == nil {
					s.SetAttr(attr, u.String())
				}
			}
		}
	})
	out.Reset()
	return html.Render(out, doc.Nodes[0])
}
