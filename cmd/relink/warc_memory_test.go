package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestWARCMemory streams about 1 GiB of WARC data through relink warc and
// checks that the peak heap stays under 64 MiB: the fixtures over and
// over, a 256 MiB page in chunked transfer coding with a 2 MiB attribute
// and a million links, a page whose gzip content coding expands to 128
// MiB, and a 128 MiB resource that is not HTML (with --max-payload 1GiB:
// the pages are larger than the default). It runs twice: one line
// per link from an uncompressed file, and --per-page (the big page's line
// streamed) from the big records gzipped as one member. It takes a few
// minutes: it runs when RELINK_MEMTEST is set.
func TestWARCMemory(t *testing.T) {
	if os.Getenv("RELINK_MEMTEST") == "" {
		t.Skip("RELINK_MEMTEST not set: streaming 2 GiB takes a few minutes")
	}
	var fixtures []byte
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "warc", "*.warc*"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".gz") {
			z, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			b, _ = io.ReadAll(z)
		}
		fixtures = append(fixtures, b...)
	}
	// The gzip-coded page, compressed once (it is small: the page is
	// the same line over and over).
	var gz bytes.Buffer
	z := gzip.NewWriter(&gz)
	line := []byte(`<p>` + strings.Repeat("Some text that is not a link. ", 10) +
		`<a href="/gz/page?q=é">a link</a> <img src="img.png" srcset="a.png 1x, b.png 2x"></p>` + "\n")
	for n := 0; n < 128<<20; n += len(line) {
		z.Write(line)
	}
	z.Close()

	// input returns the WARC data: with fixtures, the fixtures over and
	// over around the big records.
	input := func(fixtures []byte) io.Reader {
		var parts []io.Reader
		add := func(s string) { parts = append(parts, strings.NewReader(s)) }
		fix := func(n int) {
			for range n {
				parts = append(parts, bytes.NewReader(fixtures))
			}
		}
		if len(fixtures) > 0 {
			fix((256 << 20) / len(fixtures))
		}
		// The chunked page.
		const chunks = 4096 // of 64 KiB: 256 MiB
		body := &chunkedPage{chunks: chunks}
		http := "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nTransfer-Encoding: chunked\r\n\r\n"
		add(fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://big.example/\r\nContent-Length: %d\r\n\r\n%s",
			int64(len(http))+body.size(), http))
		parts = append(parts, body)
		add("\r\n\r\n")
		if len(fixtures) > 0 {
			fix((128 << 20) / len(fixtures))
		}
		// The gzipped page.
		http = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n"
		add(fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://gz.example/\r\nContent-Length: %d\r\n\r\n%s",
			len(http)+gz.Len(), http))
		parts = append(parts, bytes.NewReader(gz.Bytes()))
		add("\r\n\r\n")
		// The resource that is not HTML.
		add(fmt.Sprintf("WARC/1.1\r\nWARC-Type: resource\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n", 128<<20))
		parts = append(parts, io.LimitReader(zeros{}, 128<<20))
		add("\r\n\r\n")
		if len(fixtures) > 0 {
			fix((256 << 20) / len(fixtures))
		}
		return io.MultiReader(parts...)
	}

	for _, perPage := range []bool{false, true} {
		name := "links, uncompressed"
		args := []string{"warc", "--max-payload", "1GiB"}
		in := input(fixtures)
		if perPage {
			// The big records alone (the fixtures are in the first
			// run), gzipped as one member.
			name = "per-page, gzipped"
			args = append(args, "--per-page")
			pr, pw := io.Pipe()
			go func(in io.Reader) {
				z, _ := gzip.NewWriterLevel(pw, gzip.BestSpeed)
				_, err := io.Copy(z, in)
				if err == nil {
					err = z.Close()
				}
				pw.CloseWithError(err)
			}(input(nil))
			in = pr
		}
		t.Run(name, func(t *testing.T) {
			code, _, errs := runMeasured(t, args, in)
			if code != exitOK {
				t.Errorf("exit status %d: %.500s", code, errs)
			}
		})
	}
}

// runMeasured runs relink with args on in, logs the time, the output's
// size and the peak heap, and checks that the heap stays under 64 MiB.
func runMeasured(t *testing.T, args []string, in io.Reader) (int, countWriter, string) {
	runtime.GC()
	// Sample the heap every few milliseconds (ReadMemStats stops the
	// world: sampling without a pause would starve the command), and
	// check HeapSys at the end, which never decreases and so bounds the
	// peak.
	var peak uint64
	stop := make(chan bool)
	done := make(chan bool)
	go func() {
		var ms runtime.MemStats
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				close(done)
				return
			case <-tick.C:
			}
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse+ms.StackInuse)
		}
	}()
	var out countWriter
	var errs bytes.Buffer
	start := time.Now()
	code := run(args, in, &out, &errs)
	close(stop)
	<-done
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("%v; %d MiB of output, %d lines; peak heap in use %d MiB, heap obtained from the system %d MiB, peak RSS (VmHWM) %s",
		time.Since(start).Round(time.Second), out.n>>20, out.lines, peak>>20, ms.HeapSys>>20, vmHWM())
	if peak > 64<<20 || ms.HeapSys > 64<<20 {
		t.Errorf("peak heap %d MiB, heap from the system %d MiB; want under 64 MiB", peak>>20, ms.HeapSys>>20)
	}
	return code, out, errs.String()
}

// TestWARCMemoryBomb runs relink warc, with the default --max-payload, on
// a record of a few hundred KiB whose body, "Content-Encoding: gzip,
// gzip", inflates to 16 GiB of links, and a page after it: the command
// writes the links of the first 64 MiB, reports the record, reads the
// page, and its heap stays small. It runs when RELINK_MEMTEST is set.
func TestWARCMemoryBomb(t *testing.T) {
	if os.Getenv("RELINK_MEMTEST") == "" {
		t.Skip("RELINK_MEMTEST not set: the links of 64 MiB take a minute")
	}
	unit := []byte("<p><a href=/x>x</a>\n")
	var member bytes.Buffer
	z, _ := gzip.NewWriterLevel(&member, gzip.BestCompression)
	for range (16 << 20) / len(unit) {
		z.Write(unit)
	}
	z.Close()
	// A thousand members of 16 MiB in a row are one gzip stream of 16
	// GiB.
	var body bytes.Buffer
	z, _ = gzip.NewWriterLevel(&body, gzip.BestCompression)
	for range 1024 {
		z.Write(member.Bytes())
	}
	z.Close()
	http := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip, gzip\r\n\r\n"
	bomb := fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://bomb.example/\r\nContent-Length: %d\r\n\r\n%s%s\r\n\r\n",
		len(http)+body.Len(), http, body.Bytes())
	http = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=/next>next</a>"
	next := fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://next.example/\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", len(http), http)
	t.Logf("a %d-byte record of 16 GiB", len(bomb))
	code, out, errs := runMeasured(t, []string{"warc"}, strings.NewReader(bomb+next))
	if want := (64 << 20) / len(unit); code != exitFail || out.lines != int64(want)+1 {
		t.Errorf("exit status %d, %d lines; want 1 and %d, the links of 64 MiB and the next page's", code, out.lines, want+1)
	}
	if want := "relink warc: -: offset 0: the payload is larger than --max-payload 64MiB: the links past its first 64MiB are left out\n"; errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
}

func vmHWM() string {
	b, _ := os.ReadFile("/proc/self/status")
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}

type countWriter struct{ n, lines int64 }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	w.lines += int64(bytes.Count(p, []byte{'\n'}))
	return len(p), nil
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// chunkedPage is an HTML page in the chunked transfer coding, chunks of
// 64 KiB: links, and from chunk 100 a 2 MiB attribute value.
type chunkedPage struct {
	chunks int
	i      int
	buf    []byte
}

const chunkSize = 64 << 10

var filler = strings.Repeat("Some text that is not a link. ", 8)

func (c *chunkedPage) size() int64 {
	head := int64(len(fmt.Sprintf("%x\r\n", chunkSize)))
	return int64(c.chunks)*(head+chunkSize+2) + int64(len("0\r\n\r\n"))
}

func (c *chunkedPage) Read(p []byte) (int, error) {
	if len(c.buf) == 0 {
		switch {
		case c.i > c.chunks:
			return 0, io.EOF
		case c.i == c.chunks:
			c.buf = []byte("0\r\n\r\n")
		default:
			c.buf = fmt.Appendf(c.buf[:0], "%x\r\n", chunkSize)
			var data []byte
			switch {
			case c.i == 100:
				data = []byte(`<img alt="`)
			case c.i > 100 && c.i <= 132:
				data = nil // inside the attribute
			case c.i == 133:
				data = []byte(`">`)
			}
			for len(data) < chunkSize {
				if c.i > 100 && c.i <= 132 {
					data = append(data, 'x')
					continue
				}
				data = fmt.Appendf(data, `<p>%s<a href="/page/%d?q=ü">link %d</a>`+"\n", filler, len(data), c.i)
			}
			c.buf = append(c.buf, data[:chunkSize]...)
			c.buf = append(c.buf, "\r\n"...)
		}
		c.i++
	}
	n := copy(p, c.buf)
	c.buf = c.buf[n:]
	return n, nil
}
