package warc_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/warc"
)

// benchCorpus is the WARC fixtures in two forms, and the HTML payloads
// they hold.
type benchCorpus struct {
	plain    []byte // every fixture, uncompressed, one after another
	gzipped  []byte // the same records, a gzip member each
	payloads []payload
}

// A payload is an HTML page of the fixtures, decoded, with what the
// extractor needs to know of it.
type payload struct {
	url, charset string
	body         []byte
}

var (
	corpusOnce sync.Once
	theCorpus  benchCorpus
	corpusErr  error
)

func loadCorpus(tb testing.TB) *benchCorpus {
	corpusOnce.Do(func() { corpusErr = theCorpus.load() })
	if corpusErr != nil {
		tb.Fatal(corpusErr)
	}
	return &theCorpus
}

func (c *benchCorpus) load() error {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "warc", "*.warc*"))
	if err != nil || len(files) == 0 {
		return fmt.Errorf("no fixtures: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if strings.HasSuffix(f, ".gz") {
			z, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				return err
			}
			if data, err = io.ReadAll(z); err != nil {
				return err
			}
		}
		// Split at the records, for a gzip member each, and keep the
		// payloads.
		var offs []int64
		r := warc.NewReader(bytes.NewReader(data))
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return fmt.Errorf("%s: %v", f, err)
			}
			offs = append(offs, rec.Offset)
			if p, ok := htmlPayload(rec); ok {
				body, err := io.ReadAll(p.r)
				if err != nil {
					return err
				}
				c.payloads = append(c.payloads, payload{p.url, p.charset, body})
			}
		}
		offs = append(offs, int64(len(data)))
		for i := 0; i+1 < len(offs); i++ {
			c.gzipped = append(c.gzipped, gzipWhole(string(data[offs[i]:offs[i+1]]))...)
		}
		c.plain = append(c.plain, data...)
	}
	return nil
}

type htmlBody struct {
	url, charset string
	r            io.Reader
}

// htmlPayload returns the body of an HTML response, as relink warc
// chooses them.
func htmlPayload(rec *warc.Record) (htmlBody, bool) {
	if rec.Type != "response" {
		return htmlBody{}, false
	}
	resp, err := rec.HTTPResponse()
	if err != nil {
		return htmlBody{}, false
	}
	media, cs := resp.ContentType()
	if media != "text/html" && media != "application/xhtml+xml" {
		return htmlBody{}, false
	}
	return htmlBody{rec.TargetURI, cs, resp.Body}, true
}

// repeat returns a reader of data n times over.
func repeat(data []byte, n int) io.Reader {
	return &repeater{data: data, left: n}
}

type repeater struct {
	data []byte
	off  int
	left int
}

func (r *repeater) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.data[r.off:])
	r.off += n
	if r.off == len(r.data) {
		r.off = 0
		r.left--
	}
	return n, nil
}

// benchSize is how much WARC data (uncompressed) each benchmark reads per
// iteration: 1 GiB, or RELINK_BENCH_MB megabytes, or 64 MiB with -short.
func benchSize() int64 {
	if s := os.Getenv("RELINK_BENCH_MB"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			return int64(n) << 20
		}
	}
	if testing.Short() {
		return 64 << 20
	}
	return 1 << 30
}

// extractPage runs an extractor for the page at url, in charset, on r,
// with fn as its link function, as relink warc does.
func extractPage(url, charset string, r io.Reader, fn func(*extract.Link) error) error {
	_, err := extract.NewHTML(extract.Options{BaseURL: url, Charset: charset}, fn).ReadFrom(r)
	return err
}

// extractWARC extracts the links of the HTML pages of the WARC data,
// reps times over.
func extractWARC(data []byte, reps int, fn func(*extract.Link) error) error {
	return eachPage(data, reps, func(p htmlBody) error { return extractPage(p.url, p.charset, p.r, fn) })
}

// extractPayloads extracts the links of the HTML payloads alone, already
// decoded and in memory, reps times over.
func extractPayloads(c *benchCorpus, reps int, fn func(*extract.Link) error) error {
	for range reps {
		for _, p := range c.payloads {
			if err := extractPage(p.url, p.charset, bytes.NewReader(p.body), fn); err != nil {
				return err
			}
		}
	}
	return nil
}

// eachPage calls page with each HTML payload of the WARC data read reps
// times over.
func eachPage(data []byte, reps int, page func(htmlBody) error) error {
	r := warc.NewReader(repeat(data, reps))
	defer r.Close()
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if p, ok := htmlPayload(rec); ok {
			if err := page(p); err != nil {
				return err
			}
		}
	}
}

// BenchmarkWARC measures, on the fixtures replicated to 1 GiB of WARC
// data, in the same run: "extract", extract.NewHTML on the HTML payloads
// alone, already decoded and in memory (what the work would cost without
// the archive); "plain" and "gzip", the same pages read from the WARC
// files (uncompressed, and a gzip member per record) with Reader and
// HTTPResponse, then extracted; and "reader" and "reader-gzip", the
// reading alone (every record, every HTML body read to the end). All
// report MB/s (wall-clock) and MB/cpu-s (CPU time, the read-ahead
// goroutine's included) of uncompressed WARC data, so that they compare;
// the WARC layer's cost is plain and gzip over extract (BenchmarkOverhead
// measures it in an interleaved run).
func BenchmarkWARC(b *testing.B) {
	c := loadCorpus(b)
	reps := int(max(1, benchSize()/int64(len(c.plain))))
	size := int64(reps) * int64(len(c.plain))
	var payloadBytes int64
	for _, p := range c.payloads {
		payloadBytes += int64(len(p.body))
	}
	payloadBytes *= int64(reps)

	var links int
	count := func(*extract.Link) error { links++; return nil }
	var wantLinks int

	run := func(b *testing.B, name string, f func() error) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			cpu := cpuTime()
			b.ResetTimer()
			for range b.N {
				links = 0
				if err := f(); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			if d := cpuTime() - cpu; d > 0 && cpu > 0 {
				b.ReportMetric(float64(b.N)*float64(size)/d.Seconds()/1e6, "MB/cpu-s")
			}
			b.ReportMetric(float64(payloadBytes)/1e6, "payload-MB/op")
			if wantLinks == 0 {
				wantLinks = links
			} else if links != 0 && links != wantLinks {
				b.Errorf("%d links, want %d", links, wantLinks)
			}
		})
	}

	run(b, "extract", func() error { return extractPayloads(c, reps, count) })
	run(b, "plain", func() error { return extractWARC(c.plain, reps, count) })
	run(b, "gzip", func() error { return extractWARC(c.gzipped, reps, count) })
	read := func(data []byte) func() error {
		return func() error {
			return eachPage(data, reps, func(p htmlBody) error {
				_, err := io.Copy(io.Discard, p.r)
				return err
			})
		}
	}
	run(b, "reader", read(c.plain))
	run(b, "reader-gzip", read(c.gzipped))
}

// BenchmarkOverhead measures what BenchmarkWARC does, in wall-clock time and
// in CPU time, and reports the cost of the WARC layer over extraction
// alone: "plain" and "gzip" (uncompressed, and a gzip member per record)
// over "extract". The forms run in turn, round after round, each round
// starting with the next form, so that the load of a shared machine
// falls on all alike; each figure is the best of the rounds. Wall-clock
// time is what a user waiting for one file sees: a gzipped file is
// decompressed in a goroutine of its own, on another core when there is
// one. CPU time is what a batch of files on every core costs: the
// decompression stays in it. "cores" is CPU time over wall-clock time in
// the round of the best wall-clock time: near 1 for all, the process had
// one core (another process, a build, had the other), and the wall-clock
// figures say little of the read-ahead. One iteration is one round (run
// it with -benchtime 3x for 3 rounds; RELINK_BENCH_MB sets the size, as
// for BenchmarkWARC). The overheads are reported as the metrics
// plain-wall-%, plain-cpu-%, gzip-wall-% and gzip-cpu-%.
func BenchmarkOverhead(b *testing.B) {
	c := loadCorpus(b)
	reps := int(max(1, benchSize()/int64(len(c.plain))))
	size := float64(reps) * float64(len(c.plain))
	count := func(*extract.Link) error { return nil }
	forms := []struct {
		name      string
		f         func() error
		wall, cpu time.Duration // the best of the rounds
		wallCPU   time.Duration // the CPU time of the round of the best wall-clock time
	}{
		{name: "extract", f: func() error { return extractPayloads(c, reps, count) }},
		{name: "plain", f: func() error { return extractWARC(c.plain, reps, count) }},
		{name: "gzip", f: func() error { return extractWARC(c.gzipped, reps, count) }},
	}
	round := 0
	for b.Loop() {
		for k := range forms {
			f := &forms[(round+k)%len(forms)]
			runtime.GC()
			start, cpu0 := time.Now(), cpuTime()
			if err := f.f(); err != nil {
				b.Fatal(err)
			}
			wall, cpu := time.Since(start), cpuTime()-cpu0
			if f.wall == 0 || wall < f.wall {
				f.wall, f.wallCPU = wall, cpu
			}
			if f.cpu == 0 || cpu < f.cpu {
				f.cpu = cpu
			}
		}
		round++
	}
	b.Logf("%.0f MB of WARC data, best of %d interleaved rounds, GOMAXPROCS %d", size/1e6, round, runtime.GOMAXPROCS(0))
	base := forms[0]
	for _, f := range forms {
		line := fmt.Sprintf("%-8s %6.1f MB/s (%.2f cores) %6.1f MB/cpu-s", f.name,
			size/f.wall.Seconds()/1e6, f.wallCPU.Seconds()/f.wall.Seconds(), size/f.cpu.Seconds()/1e6)
		if f.name != base.name {
			wall, cpu := 100*(f.wall.Seconds()/base.wall.Seconds()-1), 100*(f.cpu.Seconds()/base.cpu.Seconds()-1)
			line += fmt.Sprintf("   over extract: wall %+5.1f%%, CPU %+5.1f%%", wall, cpu)
			b.ReportMetric(wall, f.name+"-wall-%")
			b.ReportMetric(cpu, f.name+"-cpu-%")
		}
		b.Log(line)
	}
}
