package bench

import (
	"bytes"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
)

// BenchmarkRatios measures what BenchmarkHTML, BenchmarkRewrite and
// BenchmarkRewriteGoquery do, each form in turn, one round of all the
// forms per iteration (run it with -benchtime 11x for 11 rounds), so that
// the load of a shared machine falls on all alike. It reports the median
// of each throughput ratio the issues set targets for (ratios taken within
// a round) as metrics, and logs each form's best throughput and each
// ratio's range.
func BenchmarkRatios(b *testing.B) {
	pages, where := corpus(b)
	n := totalBytes(pages)
	dst := make([]byte, 64<<10)
	const base = pageURL
	pageBase, err := url.Parse(base)
	if err != nil {
		b.Fatal(err)
	}
	count := func(*extract.Link) error { return nil }
	forms := []struct {
		name string
		run  func()
	}{
		{"x-net-html-Next-Raw", func() { xnetPass(pages, nil) }},
		{"relink-extract", func() {
			for _, p := range pages {
				readAll(extract.NewHTML(extract.Options{BaseURL: base}, count), p)
			}
		}},
		{"relink-extract-unresolved", func() {
			for _, p := range pages {
				readAll(extract.NewHTML(extract.Options{Unresolved: true}, count), p)
			}
		}},
		{"x-net-html-Next-Raw-write", func() { xnetPass(pages, new(bytes.Buffer)) }},
		{"relink-extract-transformer", func() {
			for _, p := range pages {
				pass(extract.NewHTML(extract.Options{BaseURL: base}, count), dst, p)
			}
		}},
		{"relink-rewrite-uri", func() {
			for _, p := range pages {
				pass(rewrite.NewHTML(rewrite.Options{To: rewrite.FormURI, Options: extract.Options{BaseURL: base}}), dst, p)
			}
		}},
		{"goquery-parse-rewrite-render", func() {
			var out bytes.Buffer
			for _, p := range pages {
				if err := goqueryRewrite(&out, p, pageBase); err != nil {
					b.Fatal(err)
				}
			}
		}},
	}
	// Each round runs every form once, one after the other: the ratios of
	// a round compare runs made close together in time, and the median
	// over the rounds is not moved by a slow spell of the machine.
	var times [][]time.Duration
	for b.Loop() {
		round := make([]time.Duration, len(forms))
		for i, f := range forms {
			start := cpuTime()
			f.run()
			round[i] = cpuTime() - start
		}
		times = append(times, round)
	}
	b.Logf("%d pages, %d bytes, from %s; %d rounds", len(pages), n, where, len(times))
	for i, f := range forms {
		best := times[0][i]
		for _, round := range times {
			best = min(best, round[i])
		}
		b.Logf("%-28s %7.1f MB/cpu-s (best round)", f.name, float64(n)/1e6/best.Seconds())
	}
	ratio := func(name, unit string, ours, theirs int, target string) {
		var rs []float64
		for _, round := range times {
			rs = append(rs, round[theirs].Seconds()/round[ours].Seconds())
		}
		slices.Sort(rs)
		b.ReportMetric(rs[len(rs)/2], unit)
		b.Logf("%-48s median %.2fx (%.2f-%.2f over %d rounds)%s", name, rs[len(rs)/2], rs[0], rs[len(rs)-1], len(rs), target)
	}
	ratio("extract / x/net Next+Raw:", "extract/xnet-x", 1, 0, "; target 1.5x, goal 2x")
	ratio("extract unresolved / x/net Next+Raw:", "unresolved/xnet-x", 2, 0, "")
	ratio("extract as a Transformer / x/net Next+Raw+write:", "transformer/xnet-write-x", 4, 3, "")
	ratio("rewrite to URIs / x/net Next+Raw+write:", "rewrite/xnet-write-x", 5, 3, "; target 1.2x, goal 2x")
	ratio("rewrite to URIs / goquery parse-rewrite-render:", "rewrite/goquery-x", 5, 6, "; target 3x")
}
