package bench

import (
	"testing"
	"time"

	"github.com/relink-go/relink/extract"
)

// BenchmarkPageRatios is a steadier view of BenchmarkRatios' extraction
// ratios, for comparing two versions of the code: each page is run by
// each form in turn, once per iteration (run it with -benchtime 10x), and
// a form's time is the sum over the pages of its fastest run of each. A
// burst of load on a shared machine slows some runs of a page, rarely all
// of them. It counts wall time, so the garbage collector's work on the
// other core is left out, and x/net/html, which allocates a great deal,
// comes out faster than in CPU time.
func BenchmarkPageRatios(b *testing.B) {
	pages, where := corpus(b)
	count := func(*extract.Link) error { return nil }
	forms := []func(p []byte){
		func(p []byte) { xnetPass([][]byte{p}, nil) },
		func(p []byte) { readAll(extract.NewHTML(extract.Options{BaseURL: pageURL}, count), p) },
		func(p []byte) { readAll(extract.NewHTML(extract.Options{Unresolved: true}, count), p) },
	}
	best := make([][3]time.Duration, len(pages))
	for i := range best {
		best[i] = [3]time.Duration{time.Hour, time.Hour, time.Hour}
	}
	for b.Loop() {
		for i, p := range pages {
			for k, f := range forms {
				start := time.Now()
				f(p)
				best[i][k] = min(best[i][k], time.Since(start))
			}
		}
	}
	var sum [3]time.Duration
	for _, t := range best {
		for k := range sum {
			sum[k] += t[k]
		}
	}
	b.ReportMetric(sum[0].Seconds()/sum[1].Seconds(), "extract/xnet-x")
	b.ReportMetric(sum[0].Seconds()/sum[2].Seconds(), "unresolved/xnet-x")
	b.Logf("%d pages from %s; sums of the fastest runs: x/net/html %v, extract %v, unresolved %v", len(pages), where, sum[0], sum[1], sum[2])
}
