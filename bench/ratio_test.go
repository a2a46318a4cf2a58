package bench

import (
	"bytes"
	"net/url"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/net/html"
)

// TestRatios measures what BenchmarkHTML, BenchmarkRewrite and
// BenchmarkRewriteGoquery do, each form in turn and the turns interleaved
// (round after round), so that the load of a shared machine falls on all
// alike; it keeps each form's best CPU time and reports the throughput
// ratios the issues set targets for.
// It runs when RELINK_BENCH is set; RELINK_BENCH_ROUNDS sets the number of
// rounds (5 by default).
func TestRatios(t *testing.T) {
	if os.Getenv("RELINK_BENCH") == "" {
		t.Skip("RELINK_BENCH not set: a timing run, not a test")
	}
	rounds := 5
	if n, err := strconv.Atoi(os.Getenv("RELINK_BENCH_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	pages, where := corpus(t)
	n := totalBytes(pages)
	t.Logf("%d pages, %d bytes, from %s; best of %d interleaved rounds", len(pages), n, where, rounds)
	dst := make([]byte, 64<<10)
	const base = pageURL
	pageBase, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	count := func(*extract.Link) error { return nil }
	forms := []struct {
		name string
		run  func()
	}{
		{"x-net-html-Next-Raw", func() {
			for _, p := range pages {
				z := html.NewTokenizer(bytes.NewReader(p))
				for z.Next() != html.ErrorToken {
					_ = z.Raw()
				}
			}
		}},
		{"relink-extract", func() {
			for _, p := range pages {
				pass(extract.NewHTML(extract.Options{BaseURL: base}, count), dst, p)
			}
		}},
		{"relink-extract-unresolved", func() {
			for _, p := range pages {
				pass(extract.NewHTML(extract.Options{Unresolved: true}, count), dst, p)
			}
		}},
		{"x-net-html-Next-Raw-write", func() {
			var out bytes.Buffer
			for _, p := range pages {
				out.Reset()
				z := html.NewTokenizer(bytes.NewReader(p))
				for z.Next() != html.ErrorToken {
					out.Write(z.Raw())
				}
			}
		}},
		{"relink-rewrite-uri", func() {
			for _, p := range pages {
				pass(rewrite.NewHTML(rewrite.Options{To: rewrite.URI, BaseURL: base}), dst, p)
			}
		}},
		{"goquery-parse-rewrite-render", func() {
			var out bytes.Buffer
			for _, p := range pages {
				if err := goqueryRewrite(&out, p, pageBase); err != nil {
					t.Fatal(err)
				}
			}
		}},
	}
	best := make([]time.Duration, len(forms))
	for range rounds {
		for i, f := range forms {
			start := cpuTime()
			f.run()
			if d := cpuTime() - start; best[i] == 0 || d < best[i] {
				best[i] = d
			}
		}
	}
	mbps := func(i int) float64 { return float64(n) / 1e6 / best[i].Seconds() }
	for i, f := range forms {
		t.Logf("%-28s %7.1f MB/cpu-s", f.name, mbps(i))
	}
	t.Logf("extract / x/net Next+Raw:            %.2fx (target 1.5x, goal 2x)", mbps(1)/mbps(0))
	t.Logf("extract unresolved / x/net Next+Raw: %.2fx", mbps(2)/mbps(0))
	t.Logf("rewrite to URIs / x/net Next+Raw+write: %.2fx (target 1.2x, goal 2x)", mbps(4)/mbps(3))
	t.Logf("rewrite to URIs / goquery parse-rewrite-render: %.2fx (target 3x)", mbps(4)/mbps(5))
}
