package bench

import (
	"bytes"
	"net/url"
	"os"
	"slices"
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
// alike, and reports each form's best throughput and the throughput
// ratios the issues set targets for, round by round.
// It runs when RELINK_BENCH is set; RELINK_BENCH_ROUNDS sets the number of
// rounds (7 by default).
func TestRatios(t *testing.T) {
	if os.Getenv("RELINK_BENCH") == "" {
		t.Skip("RELINK_BENCH not set: a timing run, not a test")
	}
	rounds := 7
	if n, err := strconv.Atoi(os.Getenv("RELINK_BENCH_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	pages, where := corpus(t)
	n := totalBytes(pages)
	t.Logf("%d pages, %d bytes, from %s; %d interleaved rounds", len(pages), n, where, rounds)
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
	// Each round runs every form once, one after the other: the ratios of
	// a round compare runs made close together in time. The report gives
	// each form's best round, and the median and range of each ratio over
	// the rounds (a slow spell of the machine moves a round, not the
	// median).
	best := make([]time.Duration, len(forms))
	times := make([][]time.Duration, rounds)
	for r := range rounds {
		times[r] = make([]time.Duration, len(forms))
		for i, f := range forms {
			start := cpuTime()
			f.run()
			d := cpuTime() - start
			times[r][i] = d
			if best[i] == 0 || d < best[i] {
				best[i] = d
			}
		}
	}
	mbps := func(d time.Duration) float64 { return float64(n) / 1e6 / d.Seconds() }
	for i, f := range forms {
		t.Logf("%-28s %7.1f MB/cpu-s (best round)", f.name, mbps(best[i]))
	}
	ratio := func(name string, ours, theirs int, target string) {
		var rs []float64
		for r := range rounds {
			rs = append(rs, times[r][theirs].Seconds()/times[r][ours].Seconds())
		}
		slices.Sort(rs)
		t.Logf("%-48s median %.2fx (%.2f-%.2f over %d rounds)%s", name, rs[len(rs)/2], rs[0], rs[len(rs)-1], rounds, target)
	}
	ratio("extract / x/net Next+Raw:", 1, 0, "; target 1.5x, goal 2x")
	ratio("extract unresolved / x/net Next+Raw:", 2, 0, "")
	ratio("extract / x/net Next+Raw, writing the bytes:", 1, 3, "")
	ratio("rewrite to URIs / x/net Next+Raw+write:", 4, 3, "; target 1.2x, goal 2x")
	ratio("rewrite to URIs / goquery parse-rewrite-render:", 4, 5, "; target 3x")
}
