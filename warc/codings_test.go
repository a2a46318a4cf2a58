package warc_test

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/relink-go/relink/warc"
)

// A coding is a content coding as a test server applies it: name is what
// the Content-Encoding header says, and deflate comes in two forms, the
// zlib format that RFC 9110 means and the raw deflate that some servers
// send.
type coding struct {
	name   string // in the header: "gzip", "x-gzip", "deflate", "br"
	encode func(w io.Writer) io.WriteCloser
}

var (
	codingGzip  = coding{"gzip", func(w io.Writer) io.WriteCloser { z, _ := gzip.NewWriterLevel(w, gzip.BestSpeed); return z }}
	codingXGzip = coding{"x-gzip", codingGzip.encode}
	codingZlib  = coding{"deflate", func(w io.Writer) io.WriteCloser { z, _ := zlib.NewWriterLevel(w, zlib.BestSpeed); return z }}
	codingRaw   = coding{"deflate", func(w io.Writer) io.WriteCloser { z, _ := flate.NewWriter(w, flate.BestSpeed); return z }}
	codingBr    = coding{"br", func(w io.Writer) io.WriteCloser { return brotli.NewWriterLevel(w, brotli.BestSpeed) }}
)

// codingNames maps the names that stackedTests use to codings.
var codingNames = map[string]coding{"gzip": codingGzip, "x-gzip": codingXGzip, "zlib": codingZlib, "raw": codingRaw, "br": codingBr}

// encodeStack applies the codings to payload in order, the first one
// first, as a server that sends "Content-Encoding: c1, c2" does, and
// returns the body and the header's value.
func encodeStack(payload []byte, codings []coding) ([]byte, string) {
	var names []string
	body := payload
	for _, c := range codings {
		var b bytes.Buffer
		z := c.encode(&b)
		z.Write(body)
		z.Close()
		body = b.Bytes()
		names = append(names, c.name)
	}
	return body, strings.Join(names, ", ")
}

// numberedPage returns an HTML page of about n bytes whose lines differ
// (numbered links), so that each layer of coding on it is big too: some
// hundreds of KiB per MiB.
func numberedPage(n int) []byte {
	b := make([]byte, 0, n+100)
	b = append(b, "<!doctype html><title>t</title>\n"...)
	for i := 0; len(b) < n; i++ {
		b = fmt.Appendf(b, "<p><a href=\"/p/%d?q=%x\">link %d</a> %08x\n", i, i*2654435761, i, uint32(i)*2246822519)
	}
	return b[:n]
}

// nextResponse reads the next record of r as an HTTP response, and ends
// the test when it cannot.
func nextResponse(t *testing.T, r *warc.Reader) *warc.Response {
	t.Helper()
	rec, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	resp, err := rec.HTTPResponse()
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// readBody reads the single record of data as an HTTP response and
// returns its Decoded list, body and the error of reading the body.
func readBody(t *testing.T, r *warc.Reader) ([]string, []byte, error) {
	t.Helper()
	resp := nextResponse(t, r)
	body, err := io.ReadAll(resp.Body)
	return append([]string(nil), resp.Decoded...), body, err
}

// TestStackedCodings checks that a body with content codings stacked one
// on the other, the same one twice included, is decoded exactly, each
// layer by a decoder of its own: "gzip, gzip" once sent the pooled gzip
// reader reading from itself, and relink warc died of a stack overflow.
// The payload is a MiB, and every layer hundreds of KiB, much larger than
// the decoders' buffers.
func TestStackedCodings(t *testing.T) {
	payload := numberedPage(1 << 20)
	tests := []struct {
		codings []string // applied in order, named as in codingNames
		chunked bool
	}{
		{codings: []string{"gzip", "gzip"}},
		{codings: []string{"gzip", "x-gzip"}},
		{codings: []string{"x-gzip", "x-gzip", "x-gzip"}},
		{codings: []string{"zlib", "zlib"}},
		{codings: []string{"raw", "raw"}},
		{codings: []string{"zlib", "raw", "zlib"}},
		{codings: []string{"br", "br"}},
		{codings: []string{"br", "br", "br"}},
		{codings: []string{"gzip", "zlib", "br"}},
		{codings: []string{"br", "raw", "gzip"}},
		{codings: []string{"gzip", "gzip"}, chunked: true},
		{codings: []string{"br", "gzip", "br"}, chunked: true},
	}
	for _, tt := range tests {
		var cs []coding
		for _, n := range tt.codings {
			cs = append(cs, codingNames[n])
		}
		body, header := encodeStack(payload, cs)
		te := ""
		if tt.chunked {
			body = []byte(chunked(string(body), 8000))
			te = "Transfer-Encoding: chunked\r\n"
		}
		block := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: " + header + "\r\n" + te + "\r\n" + string(body)
		data := record(block, "WARC/1.1", "WARC-Type: response")
		var want []string
		if tt.chunked {
			want = append(want, "chunked")
		}
		for i := len(cs) - 1; i >= 0; i-- {
			want = append(want, cs[i].name)
		}
		gzipped := gzipWhole(data)
		for _, in := range []struct {
			name string
			r    func() io.Reader
		}{
			{"plain", func() io.Reader { return strings.NewReader(data) }},
			{"plain, 7 bytes a read", func() io.Reader { return &sizedReader{strings.NewReader(data), 7} }},
			{"gzipped", func() io.Reader { return bytes.NewReader(gzipped) }},
		} {
			name := strings.Join(tt.codings, ",")
			if tt.chunked {
				name += ",chunked"
			}
			t.Run(name+"/"+in.name, func(t *testing.T) {
				decoded, got, err := readBody(t, warc.NewReader(in.r()))
				if err != nil {
					t.Errorf("reading the body: %v", err)
				}
				if d, w := strings.Join(decoded, " "), strings.Join(want, " "); d != w {
					t.Errorf("decoded %q, want %q", d, w)
				}
				if !bytes.Equal(got, payload) {
					t.Errorf("body of %d bytes differs from the payload of %d (%d bytes coded)", len(got), len(payload), len(body))
				}
			})
		}
	}
}

// bombRecord returns the record of the issue: a response whose body is
// "Content-Encoding: gzip, gzip" and inflates to size bytes of HTML, a
// few hundred bytes in all for 16 MiB.
func bombRecord(size int) (string, []byte) {
	line := []byte("<p><a href=/x>x</a>\n")
	payload := bytes.Repeat(line, size/len(line))
	// Best compression, as an attacker would.
	best := func(b []byte) []byte {
		var out bytes.Buffer
		z, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
		z.Write(b)
		z.Close()
		return out.Bytes()
	}
	body := best(best(payload))
	block := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip, gzip\r\n\r\n" + string(body)
	return record(block, "WARC/1.1", "WARC-Type: response", "WARC-Target-URI: http://bomb.example/"), payload
}

// TestGzipGzipBomb reads the record of the issue: 16 MiB of HTML under
// two layers of gzip, a few hundred bytes of WARC.
func TestGzipGzipBomb(t *testing.T) {
	data, payload := bombRecord(16 << 20)
	t.Logf("a %d-byte record, %d bytes decoded", len(data), len(payload))
	decoded, got, err := readBody(t, warc.NewReader(strings.NewReader(data)))
	if err != nil {
		t.Errorf("reading the body: %v", err)
	}
	if d := strings.Join(decoded, " "); d != "gzip gzip" {
		t.Errorf("decoded %q, want \"gzip gzip\"", d)
	}
	if !bytes.Equal(got, payload) {
		t.Errorf("body of %d bytes, want the payload of %d", len(got), len(payload))
	}
}

// TestMaxPayloadSize checks that Body stops at MaxPayloadSize with a
// *PayloadSizeError when the payload is larger, whatever its codings,
// that the bytes before are the payload's, that 0 and less mean no limit,
// and that Next goes on with the next record.
func TestMaxPayloadSize(t *testing.T) {
	payload := numberedPage(200_000)
	tests := []struct {
		name    string
		codings []string
		chunked bool
	}{
		{name: "uncoded"},
		{name: "chunked", chunked: true},
		{name: "gzip", codings: []string{"gzip"}},
		{name: "gzip, gzip", codings: []string{"gzip", "gzip"}},
		{name: "br, br, chunked", codings: []string{"br", "br"}, chunked: true},
		{name: "deflate, gzip, br", codings: []string{"raw", "gzip", "br"}},
	}
	n := int64(len(payload))
	for _, tt := range tests {
		var cs []coding
		for _, c := range tt.codings {
			cs = append(cs, codingNames[c])
		}
		// The size of each layer but the top one, to know which limit
		// the top meets first.
		var layers []int64
		for i := 1; i < len(cs); i++ {
			b, _ := encodeStack(payload, cs[:i])
			layers = append(layers, int64(len(b)))
		}
		body, header := encodeStack(payload, cs)
		fields := "Content-Type: text/html\r\n"
		if header != "" {
			fields += "Content-Encoding: " + header + "\r\n"
		}
		if tt.chunked {
			body = []byte(chunked(string(body), 3000))
			fields += "Transfer-Encoding: chunked\r\n"
		}
		pieces := []string{
			record("HTTP/1.1 200 OK\r\n"+fields+"\r\n"+string(body), "WARC/1.1", "WARC-Type: response", "WARC-Target-URI: http://example.org/big"),
			record("HTTP/1.1 200 OK\r\n\r\nnext", "WARC/1.1", "WARC-Type: response", "WARC-Target-URI: http://example.org/next"),
		}
		fms := forms(pieces)
		for _, limit := range []int64{-1, 0, 1, 1000, n / 2, n - 1, n, n + 1, warc.DefaultMaxPayloadSize} {
			for _, fm := range fms {
				t.Run(fmt.Sprintf("%s/%d/%s", tt.name, limit, fm.name), func(t *testing.T) {
					r := warc.NewReader(bytes.NewReader(fm.data))
					if r.MaxPayloadSize != warc.DefaultMaxPayloadSize {
						t.Fatalf("a new Reader's MaxPayloadSize is %d, want %d", r.MaxPayloadSize, warc.DefaultMaxPayloadSize)
					}
					r.MaxPayloadSize = limit
					resp := nextResponse(t, r)
					body := resp.Body
					got, err := io.ReadAll(body)
					if !bytes.HasPrefix(payload, got) {
						t.Fatalf("a body of %d bytes that is not the payload's beginning", len(got))
					}
					if limit <= 0 || n <= limit {
						if err != nil || len(got) != len(payload) {
							t.Fatalf("%d bytes of %d, %v; want the payload whole", len(got), n, err)
						}
					} else {
						var pe *warc.PayloadSizeError
						if !errors.As(err, &pe) {
							t.Fatalf("%d bytes of %d, error %v; want a *PayloadSizeError", len(got), n, err)
						}
						if pe.Limit != limit || fm.pos(pe.Offset, pe.DecompressedOffset) != "p0" || pe.TargetURI != "http://example.org/big" {
							t.Errorf("error %+v, want the limit, p0 and the record's URI", *pe)
						}
						if len(got) > int(limit) {
							t.Errorf("%d bytes, more than the limit", len(got))
						}
						exact := true
						for _, l := range layers {
							exact = exact && l <= 2*limit
						}
						if exact && len(got) != int(limit) {
							t.Errorf("%d bytes, want the first %d", len(got), limit)
						}
						// The body says so again.
						if k, err := body.Read(make([]byte, 10)); k != 0 || err != pe {
							t.Errorf("Read after the error: %d, %v", k, err)
						}
					}
					rec, err := r.Next()
					if err != nil || rec.TargetURI != "http://example.org/next" {
						t.Fatalf("Next: %v, want the next record", err)
					}
					resp, err = rec.HTTPResponse()
					if err != nil {
						t.Fatal(err)
					}
					b, err := io.ReadAll(resp.Body)
					var pe *warc.PayloadSizeError
					switch {
					case limit > 0 && limit < 4:
						if string(b) != "next"[:limit] || !errors.As(err, &pe) || fm.pos(pe.Offset, pe.DecompressedOffset) != "p1" {
							t.Errorf("the next record's body: %q, %v; want %q and a *PayloadSizeError at p1", b, err, "next"[:limit])
						}
					case string(b) != "next" || err != nil:
						t.Errorf("the next record's body: %q, %v", b, err)
					}
				})
			}
		}
	}
}

// periodic is a writer that checks that what it is written is unit over
// and over, and counts it.
type periodic struct {
	unit []byte
	n    int64
	bad  bool
}

func (p *periodic) Write(b []byte) (int, error) {
	for i, c := range b {
		if c != p.unit[(p.n+int64(i))%int64(len(p.unit))] {
			p.bad = true
		}
	}
	p.n += int64(len(b))
	return len(b), nil
}

// TestPayloadBombs reads bodies that decode to far more than the limit,
// stacked codings that expand a millionfold, and a coding under the top
// one that decodes to nothing but takes megabytes to: Body stops at the
// limit, with the payload's first bytes, and allocates little.
func TestPayloadBombs(t *testing.T) {
	unit := []byte("<p><a href=/x>x</a>\n")
	// 16 GiB under two layers of gzip: the inner layer is one member,
	// 16 MiB of units, a thousand times over (members in a row are one
	// gzip stream), and the outer compresses that a thousandfold again.
	var member bytes.Buffer
	z, _ := gzip.NewWriterLevel(&member, gzip.BestCompression)
	for range (16 << 20) / len(unit) {
		z.Write(unit)
	}
	z.Close()
	var gzgz bytes.Buffer
	z, _ = gzip.NewWriterLevel(&gzgz, gzip.BestSpeed)
	for range 1024 {
		z.Write(member.Bytes())
	}
	z.Close()
	// 16 MiB under br, br and under gzip, deflate, br.
	big := bytes.Repeat(unit, (16<<20)/len(unit))
	brbr, _ := encodeStack(big, []coding{codingBr, codingBr})
	mixed, _ := encodeStack(big, []coding{codingGzip, codingZlib, codingBr})
	// Raw deflate of nothing in a million empty stored blocks, gzipped.
	empty := append(bytes.Repeat([]byte{0, 0, 0, 0xff, 0xff}, 1<<20), 1, 0, 0, 0xff, 0xff)
	gzEmpty, _ := encodeStack(empty, []coding{codingGzip})
	big = nil

	for _, tt := range []struct {
		name     string
		header   string
		body     []byte
		limit    int64
		want     int64 // bytes of the payload Body returns
		decoded  int64 // the size of the payload
		overflow bool
		maxAlloc int64 // to read it: a brotli reader has a window of up to 16 MiB, 4 MiB here
	}{
		{"gzip, gzip", "gzip, gzip", gzgz.Bytes(), warc.DefaultMaxPayloadSize, warc.DefaultMaxPayloadSize, 16 << 30, true, 1 << 20},
		{"gzip, gzip, 1 MiB", "gzip, gzip", gzgz.Bytes(), 1 << 20, 1 << 20, 16 << 30, true, 1 << 20},
		{"br, br", "br, br", brbr, 1 << 20, 1 << 20, 16 << 20, true, 12 << 20},
		{"gzip, deflate, br", "gzip, deflate, br", mixed, 1 << 20, 1 << 20, 16 << 20, true, 6 << 20},
		{"empty deflate blocks", "deflate, gzip", gzEmpty, 1 << 20, 0, 0, true, 1 << 20},
		{"empty deflate blocks, no limit", "deflate, gzip", gzEmpty, 0, 0, 0, false, 1 << 20},
	} {
		t.Run(tt.name, func(t *testing.T) {
			block := "HTTP/1.1 200 OK\r\nContent-Encoding: " + tt.header + "\r\n\r\n" + string(tt.body)
			data := record(block, "WARC/1.1", "WARC-Type: response", "WARC-Target-URI: http://bomb.example/")
			r := warc.NewReader(strings.NewReader(data))
			r.MaxPayloadSize = tt.limit
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			resp := nextResponse(t, r)
			w := &periodic{unit: unit}
			_, err := io.Copy(w, resp.Body)
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("a %d-byte record of %d bytes decoded: %d bytes read, %v; %d KiB allocated",
				len(data), tt.decoded, w.n, err, alloc>>10)
			var pe *warc.PayloadSizeError
			if tt.overflow != errors.As(err, &pe) || !tt.overflow && err != nil {
				t.Errorf("error %v, want a *PayloadSizeError: %v", err, tt.overflow)
			}
			if w.n != tt.want || w.bad {
				t.Errorf("%d bytes (the units right: %v), want %d", w.n, !w.bad, tt.want)
			}
			if alloc > uint64(tt.maxAlloc) {
				t.Errorf("%d KiB allocated to read it, want at most %d KiB", alloc>>10, tt.maxAlloc>>10)
			}
			if _, err := r.Next(); err != io.EOF {
				t.Errorf("Next: %v, want io.EOF", err)
			}
		})
	}
}

// TestMemberBombs reads gzip members, in a file gzipped per record,
// that inflate to 64 MiB (a thousandfold) of what a WARC file should not hold:
// a header line without end, junk between records, an HTTP header line
// without end, an HTTP header of millions of fields, and a block that
// is not read. The Reader reports each once, goes on with the next
// record, and allocates little: what it holds is bounded by its buffers
// and MaxHeaderSize, and the work by the data, which is read once.
func TestMemberBombs(t *testing.T) {
	const size = 64 << 20
	next := record("next", "WARC/1.1", "WARC-Type: resource")
	// member returns a gzip member of head, size bytes of fill over
	// and over, and tail.
	member := func(head string, fill string, tail string) []byte {
		var b bytes.Buffer
		z, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
		io.WriteString(z, head)
		block := bytes.Repeat([]byte(fill), (64<<10)/len(fill))
		for range size / (64 << 10) {
			z.Write(block)
		}
		io.WriteString(z, tail)
		z.Close()
		return b.Bytes()
	}
	for _, tt := range []struct {
		name     string
		data     []byte
		want     string // what Next returns first, then the next record
		http     bool   // read the first record's HTTP response and body
		maxAlloc uint64
	}{
		{
			name: "a WARC header line without end",
			data: member("WARC/1.1\r\nWARC-Type: resource\r\nX-Long: ", "a", "\r\n"),
			want: "warc: offset 0: a header line longer than 65536 bytes", maxAlloc: 8 << 20,
		},
		{
			// The member ends inside the line: the next record begins
			// with the next member all the same.
			name: "a WARC header line without end, to the end of its member",
			data: member("WARC/1.1\r\nWARC-Type: resource\r\nX-Long: ", "a", ""),
			want: "warc: offset 0: a header line longer than 65536 bytes", maxAlloc: 8 << 20,
		},
		{
			name: "junk",
			data: member("", "junk 12\n", ""),
			want: fmt.Sprintf("warc: offset 0: %d bytes that are not a record, skipped", size), maxAlloc: 8 << 20,
		},
		{
			name: "an unread block",
			data: member(fmt.Sprintf("WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: %d\r\n\r\n", size), "\x00", "\r\n\r\n"),
			want: "record", maxAlloc: 8 << 20,
		},
		{
			name: "an HTTP header line without end",
			data: member(fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nContent-Length: %d\r\n\r\nHTTP/1.1 200 OK\r\nX: ", size+len("HTTP/1.1 200 OK\r\nX: ")), "a", "\r\n\r\n"),
			want: "record", http: true, maxAlloc: 8 << 20,
		},
		{
			name: "an HTTP header of millions of fields",
			data: member(fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nContent-Length: %d\r\n\r\nHTTP/1.1 200 OK\r\n", size+len("HTTP/1.1 200 OK\r\n")), "X-Field: value\r\n", "\r\n\r\n"),
			// The fields of MaxHTTPHeaderSize bytes are kept.
			want: "record", http: true, maxAlloc: 16 << 20,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			next, _ := gzipMembers([]string{next})
			data := append(tt.data, next...)
			r := warc.NewReader(bytes.NewReader(data))
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			rec, err := r.Next()
			got := "record"
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("Next: %s, want %s", got, tt.want)
			}
			if tt.http && rec != nil {
				resp, err := rec.HTTPResponse()
				if err != nil {
					t.Fatal(err)
				}
				size := 0
				for _, f := range resp.Header {
					size += len(f.Name) + len(f.Value)
				}
				n, err := io.Copy(io.Discard, resp.Body)
				if size > warc.MaxHTTPHeaderSize || n != 0 || err != nil {
					t.Errorf("a header of %d bytes, %d fields; body %d bytes, %v", size, len(resp.Header), n, err)
				}
			}
			rec, err = r.Next()
			if err != nil || rec.Type != "resource" || rec.Offset != int64(len(tt.data)) {
				t.Fatalf("Next: %v, want the next record at %d", err, len(tt.data))
			}
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("a %d-byte member of %d MiB: %d KiB allocated", len(tt.data), size>>20, alloc>>10)
			if alloc > tt.maxAlloc {
				t.Errorf("%d KiB allocated, want at most %d KiB", alloc>>10, tt.maxAlloc>>10)
			}
		})
	}
}

// TestCodingsInSequence reads records of every kind of coding one after
// the other through one Reader, in a shuffled order, so that each kind
// follows each: the decoders and buffers that a record leaves are reused
// by the next. A gzip record followed by a chunked gzip one once pointed
// the block's buffer at a reader of itself.
func TestCodingsInSequence(t *testing.T) {
	type kind struct {
		codings []string
		chunked bool
	}
	kinds := []kind{
		{}, {chunked: true},
		{codings: []string{"gzip"}}, {codings: []string{"gzip"}, chunked: true},
		{codings: []string{"zlib"}}, {codings: []string{"raw"}, chunked: true}, {codings: []string{"br"}},
		{codings: []string{"gzip", "gzip"}}, {codings: []string{"br", "br"}, chunked: true},
		{codings: []string{"gzip", "zlib", "br"}}, {codings: []string{"raw", "raw", "raw"}, chunked: true},
	}
	var pieces []string
	var want [][]byte
	rng := rand.New(rand.NewPCG(11, 1))
	for i := range 200 {
		k := kinds[rng.IntN(len(kinds))]
		payload := numberedPage(1000 + rng.IntN(20000))
		var cs []coding
		for _, n := range k.codings {
			cs = append(cs, codingNames[n])
		}
		body, header := encodeStack(payload, cs)
		fields := ""
		if header != "" {
			fields += "Content-Encoding: " + header + "\r\n"
		}
		if rng.IntN(4) == 0 {
			// The crawler decoded the body and kept the header.
			body = payload
		}
		if k.chunked {
			body = []byte(chunked(string(body), 1+rng.IntN(5000)))
			fields += "Transfer-Encoding: chunked\r\n"
		}
		pieces = append(pieces, record("HTTP/1.1 200 OK\r\n"+fields+"\r\n"+string(body), "WARC/1.1", "WARC-Type: response", fmt.Sprintf("WARC-Target-URI: http://example.org/%d", i)))
		want = append(want, payload)
	}
	for _, fm := range forms(pieces) {
		t.Run(fm.name, func(t *testing.T) {
			r := warc.NewReader(bytes.NewReader(fm.data))
			for i := range want {
				resp := nextResponse(t, r)
				got, err := io.ReadAll(resp.Body)
				if err != nil || !bytes.Equal(got, want[i]) {
					t.Fatalf("record %d (%s): %d bytes, %v; want the payload of %d bytes", i, resp.Header, len(got), err, len(want[i]))
				}
			}
			if _, err := r.Next(); err != io.EOF {
				t.Errorf("Next: %v, want io.EOF", err)
			}
		})
	}
}
