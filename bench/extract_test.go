package bench

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/testcorpus"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/net/html"
	"golang.org/x/text/transform"
)

// corpus returns the pages the extraction benchmarks read: those of the
// HTML corpus (the main module's internal/testcorpus) when RELINK_CORPUS
// names it, else the sample pages of ../internal/htmltok/testdata/html and
// ../testdata.
func corpus(tb testing.TB) (pages [][]byte, where string) {
	if dir := testcorpus.HTML.Dir(); dir != "" {
		for _, f := range testcorpus.HTML.Files(tb) {
			pages = append(pages, f.Read(tb))
		}
		return pages, dir
	}
	for _, dir := range []string{"../internal/htmltok/testdata/html", "../testdata/site", "../testdata/extract"} {
		files, err := testcorpus.HTML.Walk(dir)
		if err != nil {
			tb.Fatal(err)
		}
		for _, f := range files {
			pages = append(pages, f.Read(tb))
		}
	}
	return pages, "the sample pages in testdata (set RELINK_CORPUS for the full corpus)"
}

func totalBytes(pages [][]byte) (n int64) {
	for _, p := range pages {
		n += int64(len(p))
	}
	return n
}

// BenchmarkHTML compares, on the same pages in the same run, relink's
// link extraction (extract.NewHTML read with ReadFrom, as relink extract
// runs it: tokenizing, finding and resolving every link; with
// Options.Unresolved, finding every link with its value and span but not
// resolving it; and as a Transformer, which also copies the page to its
// output) with a plain pass of golang.org/x/net/html's tokenizer (Next
// and Raw, finding nothing).
func BenchmarkHTML(b *testing.B) {
	pages, where := corpus(b)
	n := totalBytes(pages)
	b.Logf("%d pages, %d bytes, from %s", len(pages), n, where)
	dst := make([]byte, 64<<10)
	for _, c := range []struct {
		name        string
		opts        extract.Options
		transformer bool
	}{
		{"relink-extract", extract.Options{BaseURL: pageURL}, false},
		{"relink-extract-unresolved", extract.Options{Unresolved: true}, false},
		{"relink-extract-transformer", extract.Options{BaseURL: pageURL}, true},
	} {
		b.Run("impl="+c.name, func(b *testing.B) {
			b.SetBytes(n)
			b.ReportAllocs()
			links := 0
			x := extract.NewHTML(c.opts, func(*extract.Link) error {
				links++
				return nil
			})
			start := cpuTime()
			for b.Loop() {
				for _, p := range pages {
					x.Reset()
					if c.transformer {
						pass(x, dst, p)
					} else {
						readAll(x, p)
					}
				}
			}
			reportCPU(b, start, n)
			b.ReportMetric(float64(links)/float64(b.N), "links/op")
		})
	}
	b.Run("impl=x-net-html-Next-Raw", func(b *testing.B) {
		b.SetBytes(n)
		b.ReportAllocs()
		start := cpuTime()
		for b.Loop() {
			xnetPass(pages, nil)
		}
		reportCPU(b, start, n)
	})
}

// xnetPass runs golang.org/x/net/html's tokenizer over each page, calling
// Next and Raw for every token; when out is not nil, it writes each
// token's bytes to it (the buffer holding one page at a time).
func xnetPass(pages [][]byte, out *bytes.Buffer) {
	for _, p := range pages {
		if out != nil {
			out.Reset()
		}
		z := html.NewTokenizer(bytes.NewReader(p))
		for z.Next() != html.ErrorToken {
			if raw := z.Raw(); out != nil {
				out.Write(raw)
			}
		}
	}
}

// readAll runs the extractor x over p as relink extract does: ReadFrom,
// reading from a bytes.Reader as the x/net/html tokenizer does in
// xnetPass.
func readAll(x io.ReaderFrom, p []byte) {
	if _, err := x.ReadFrom(bytes.NewReader(p)); err != nil {
		panic(err)
	}
}

// pass runs the transformer t over p as transform.Reader would, with
// 64 KiB buffers.
func pass(t transform.Transformer, dst, p []byte) {
	for len(p) > 0 {
		src := p[:min(len(p), 64<<10)]
		nDst, nSrc, err := t.Transform(dst, src, len(src) == len(p))
		_ = nDst
		p = p[nSrc:]
		if err != nil && err != transform.ErrShortDst && err != transform.ErrShortSrc {
			panic(err)
		}
	}
	t.Transform(dst, nil, true)
}

// TestMemory streams 1 GiB of generated HTML (links of every kind, IRIs,
// long attributes, a huge comment) through the extractor and checks that
// the peak heap stays under 64 MiB. It takes about a minute: it runs when
// RELINK_MEMTEST is set.
func TestMemory(t *testing.T) {
	if os.Getenv("RELINK_MEMTEST") == "" {
		t.Skip("RELINK_MEMTEST not set: streaming 1 GiB takes about a minute")
	}
	links := 0
	x := extract.NewHTML(extract.Options{BaseURL: "http://example.com/"}, func(*extract.Link) error {
		links++
		return nil
	})
	peak := streamGiB(t, x.ReadFrom) // as relink extract reads a file
	t.Logf("extract, 1 GiB: %d links, peak heap %d MiB, peak RSS (VmHWM) %s", links, peak>>20, vmHWM())
}

// TestRewriteMemory is TestMemory for the rewriter (to URIs, links made
// absolute: every link is rewritten).
func TestRewriteMemory(t *testing.T) {
	if os.Getenv("RELINK_MEMTEST") == "" {
		t.Skip("RELINK_MEMTEST not set: streaming 1 GiB takes about a minute")
	}
	r := rewrite.NewHTML(rewrite.Options{To: rewrite.FormURI, Resolve: rewrite.ResolveAbsolute, Options: extract.Options{BaseURL: "http://example.com/"}})
	peak := streamGiB(t, func(in io.Reader) (int64, error) {
		return io.Copy(io.Discard, transform.NewReader(in, r))
	})
	st := r.Stats()
	t.Logf("rewrite, 1 GiB: %d links, %d rewritten, peak heap %d MiB, peak RSS (VmHWM) %s", st.Links, st.Rewritten, peak>>20, vmHWM())
}

// streamGiB has run read 1 GiB of genHTML, fails the test if the peak
// heap reaches 64 MiB, and returns the peak.
func streamGiB(t *testing.T, run func(io.Reader) (int64, error)) uint64 {
	const size = 1 << 30
	var peak uint64
	stop := make(chan bool)
	done := make(chan bool)
	go func() {
		defer close(done)
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			default:
			}
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse+ms.StackInuse)
			// ReadMemStats stops the world: a thousand times a second
			// sees the heap grow without taking a core from the work.
			time.Sleep(time.Millisecond)
		}
	}()
	n, err := run(&genHTML{left: size})
	close(stop)
	<-done
	if err != nil || n < size {
		t.Fatalf("copied %d bytes, %v", n, err)
	}
	if peak > 64<<20 {
		t.Errorf("peak heap %d MiB, want under 64 MiB", peak>>20)
	}
	return peak
}

func vmHWM() string {
	b, _ := os.ReadFile("/proc/self/status")
	for line := range strings.Lines(string(b)) {
		if strings.HasPrefix(line, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:"))
		}
	}
	return "?"
}

// genHTML generates HTML: a repeated page with links of many kinds, a
// 2 MiB attribute value now and then, and a 3 MiB comment.
type genHTML struct {
	left int64
	buf  []byte
	i    int
}

func (g *genHTML) Read(p []byte) (int, error) {
	if g.left <= 0 {
		return 0, io.EOF
	}
	if len(g.buf) == 0 {
		g.i++
		var b bytes.Buffer
		fmt.Fprintf(&b, `<div class="item"><a href="/page/%d?q=Dürst&amp;n=%d" title="t">item %d</a>`, g.i, g.i, g.i)
		fmt.Fprintf(&b, `<img src="img/%d.png" srcset="a.png 1x, b.png 2x" alt=""><p style="background:url(x.png)">ü</p>`, g.i)
		b.WriteString(`<script>var s = "<a href=no>";</script><style>p{background:url("bg.png")}</style></div>` + "\n")
		if g.i%2000 == 0 {
			b.WriteString(`<a href="data:text/plain,` + strings.Repeat("x", 2<<20) + `">big</a>`)
		}
		if g.i%5000 == 0 {
			b.WriteString("<!--" + strings.Repeat("c", 3<<20) + "-->")
		}
		g.buf = b.Bytes()
	}
	n := copy(p, g.buf)
	if int64(n) > g.left {
		n = int(g.left)
	}
	g.buf = g.buf[n:]
	g.left -= int64(n)
	return n, nil
}

// BenchmarkRewrite compares, on the same pages in the same run, rewriting
// every link to its URI form (rewrite.NewHTML) with a plain pass of
// golang.org/x/net/html's tokenizer (Next and Raw, writing each token's
// bytes out, changing nothing).
func BenchmarkRewrite(b *testing.B) {
	pages, where := corpus(b)
	n := totalBytes(pages)
	b.Logf("%d pages, %d bytes, from %s", len(pages), n, where)
	dst := make([]byte, 64<<10)
	b.Run("impl=relink-rewrite-uri", func(b *testing.B) {
		b.SetBytes(n)
		b.ReportAllocs()
		start := cpuTime()
		for b.Loop() {
			for _, p := range pages {
				pass(rewrite.NewHTML(rewrite.Options{To: rewrite.FormURI, Options: extract.Options{BaseURL: pageURL}}), dst, p)
			}
		}
		reportCPU(b, start, n)
	})
	b.Run("impl=x-net-html-Next-Raw-write", func(b *testing.B) {
		b.SetBytes(n)
		b.ReportAllocs()
		var out bytes.Buffer
		start := cpuTime()
		for b.Loop() {
			xnetPass(pages, &out)
		}
		reportCPU(b, start, n)
	})
}
