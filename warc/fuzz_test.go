package warc_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/relink-go/relink/warc"
)

// fuzzPayloadSize is the MaxPayloadSize of the fuzz targets: small, so
// that a decompression bomb costs little time.
const fuzzPayloadSize = 256 << 10

// FuzzReader reads any input as a WARC file, with HTTP responses and their
// bodies, and checks that the Reader never panics nor loops, that
// positions never go back (records strictly forward), that a block holds
// at most Content-Length bytes, that headers stay within their limits,
// and that a body yields at most MaxPayloadSize bytes and the errors it
// documents. Besides the seeds below, testdata/fuzz/FuzzReader holds
// records whose content codings stack, "gzip, gzip" and the like, over
// megabytes (see TestStackedSeeds).
func FuzzReader(f *testing.F) {
	for _, tt := range readerTests {
		for _, fm := range forms(tt.pieces) {
			f.Add(fm.data)
		}
	}
	for _, name := range []string{"warcio-example-iana.org-chunked.warc", "ia-web-commons-link-extraction-test.warc", "jwarc-cc.warc.gz"} {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "warc", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, block := range []string{
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n" + chunked(gzipped(page), 5),
		"HTTP/1.1 200 OK\r\nContent-Encoding: deflate, br\r\n\r\n" + brotlied(deflated(page)),
		"HTTP/1.1 200 OK\nContent-Encoding: deflate\n\n" + zlibbed(page),
	} {
		f.Add([]byte(record(block, "WARC/1.1", "WARC-Type: response")))
		f.Add(gzipWhole(record(block, "WARC/1.1", "WARC-Type: response")))
	}
	for _, c := range damagedCases() {
		f.Add(c.data)
	}
	// .warc.zst: a frame per record, with a dictionary frame and without.
	var recs [][]byte
	for _, tt := range readerTests[:min(4, len(readerTests))] {
		recs = append(recs, []byte(strings.Join(tt.pieces, "")))
	}
	raw := bytes.Join(recs, nil)
	for _, opts := range [][]zstd.EOption{nil, {zstd.WithEncoderDictRaw(0, raw), zstd.WithEncoderCRC(true)}} {
		enc, _ := zstd.NewWriter(nil, opts...)
		var file []byte
		if opts != nil {
			file = binary.LittleEndian.AppendUint32(file, 0x184D2A5D)
			file = binary.LittleEndian.AppendUint32(file, uint32(len(raw)))
			file = append(file, raw...)
		}
		for _, r := range recs {
			file = enc.EncodeAll(r, file)
		}
		f.Add(file)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := warc.NewReader(bytes.NewReader(data))
		r.MaxPayloadSize = fuzzPayloadSize
		type pos struct{ off, dec int64 }
		less := func(a, b pos) bool { return a.off < b.off || a.off == b.off && a.dec < b.dec }
		last, lastRec := pos{-1, -1}, pos{-1, -1}
		for i := 0; ; i++ {
			if i > len(data)+2 {
				t.Fatalf("%d results from %d bytes", i, len(data))
			}
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			var se *warc.SyntaxError
			if errors.As(err, &se) {
				p := pos{se.Offset, se.DecompressedOffset}
				if less(p, last) {
					t.Fatalf("error at %v after a result at %v", p, last)
				}
				last = p
				continue
			}
			if err != nil {
				t.Fatalf("Next: %v", err)
			}
			p := pos{rec.Offset, rec.DecompressedOffset}
			if !less(lastRec, p) || less(p, last) {
				t.Fatalf("record at %v after a record at %v, a result at %v", p, lastRec, last)
			}
			last, lastRec = p, p
			size := 0
			for _, f := range rec.Header {
				size += len(f.Name) + len(f.Value)
			}
			if size > warc.MaxHeaderSize {
				t.Fatalf("header of %d bytes", size)
			}
			var n int64
			if strings.EqualFold(rec.Type, "response") {
				if resp, err := rec.HTTPResponse(); err == nil {
					checkBody(t, rec, resp)
				}
			} else if i%2 == 0 {
				n, _ = io.Copy(io.Discard, rec.Block)
			}
			if n > rec.ContentLength {
				t.Fatalf("block of %d bytes, Content-Length %d", n, rec.ContentLength)
			}
			if i%3 != 2 {
				checkLength(t, data, rec)
			}
		}
	})
}

// checkLength checks that the range of data that rec.Length gives holds
// rec alone, and, in a gzipped file, that rec.GzipMember is its member's
// layout.
func checkLength(t *testing.T, data []byte, rec *warc.Record) {
	t.Helper()
	l := rec.Length()
	if l == 0 {
		return
	}
	if l < 0 || rec.Offset+l > int64(len(data)) || rec.DecompressedOffset != 0 {
		t.Fatalf("Length %d of the record at %d+%d, in %d bytes", l, rec.Offset, rec.DecompressedOffset, len(data))
	}
	r := warc.NewReader(bytes.NewReader(data[rec.Offset : rec.Offset+l]))
	defer r.Close()
	// A frame of a .warc.zst file with a dictionary needs it.
	r.ZstdDictionary, _ = warc.ReadZstdDictionary(bytes.NewReader(data))
	r.BaseOffset = rec.Offset
	one, err := r.Next()
	if err != nil || one.RecordID != rec.RecordID || one.ContentLength != rec.ContentLength || one.Offset != rec.Offset {
		t.Fatalf("[%d, +%d) alone: %v, want the record %q", rec.Offset, l, err, rec.RecordID)
	}
	if n, err := io.Copy(io.Discard, one.Block); n != rec.ContentLength || err != nil {
		t.Fatalf("[%d, +%d) alone: a block of %d bytes, %v, want %d", rec.Offset, l, n, err, rec.ContentLength)
	}
	if one.Length() != l {
		t.Fatalf("[%d, +%d) alone: Length %d", rec.Offset, l, one.Length())
	}
	// In a gzipped file, the range is the record's member: GzipMember
	// lays it out as compress/gzip reads it.
	m, ok := rec.GzipMember()
	if gzipped := len(data) > 2 && data[0] == 0x1f && data[1] == 0x8b; ok != (rec.Compressed && gzipped) {
		t.Fatalf("[%d, +%d): GzipMember %v in a file compressed %v", rec.Offset, l, ok, rec.Compressed)
	}
	if ok {
		if sm, err := stdlibMember(data[rec.Offset : rec.Offset+l]); err != nil || m != sm {
			t.Fatalf("[%d, +%d): GzipMember %+v, compress/gzip %+v, %v", rec.Offset, l, m, sm, err)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("[%d, +%d) alone holds more than the record: %v", rec.Offset, l, err)
	}
}

// checkBody reads the body of resp, the HTTP response of rec, read with
// a MaxPayloadSize of fuzzPayloadSize, and checks what the body yields:
// at most fuzzPayloadSize bytes, and then io.EOF, or a documented error.
func checkBody(t *testing.T, rec *warc.Record, resp *warc.Response) {
	t.Helper()
	if len(resp.Decoded) > 4 {
		t.Fatalf("decoded %v", resp.Decoded)
	}
	n, err := io.Copy(io.Discard, resp.Body)
	if n > fuzzPayloadSize {
		t.Fatalf("a body of %d bytes, MaxPayloadSize %d", n, fuzzPayloadSize)
	}
	var (
		de *warc.DecodeError
		pe *warc.PayloadSizeError
	)
	switch {
	case err == nil, err == io.ErrUnexpectedEOF, errors.As(err, &de):
	case errors.As(err, &pe):
		if pe.Limit != fuzzPayloadSize || pe.Offset != rec.Offset || pe.DecompressedOffset != rec.DecompressedOffset || pe.TargetURI != rec.TargetURI {
			t.Fatalf("%+v for the record at %d+%d, %q", *pe, rec.Offset, rec.DecompressedOffset, rec.TargetURI)
		}
	default:
		t.Fatalf("reading the body: %v", err)
	}
}

// FuzzHTTPResponse reads any block as the HTTP response of a record, with
// a record after it, and checks that the body yields at most
// MaxPayloadSize bytes and the errors it documents, and that the record
// after is read whole: decoding a body never reads past its block. The
// seeds in testdata/fuzz/FuzzHTTPResponse stack content codings (see
// TestStackedSeeds).
func FuzzHTTPResponse(f *testing.F) {
	for _, block := range []string{
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n" + chunked(gzipped(page), 5),
		"HTTP/1.1 200 OK\r\nContent-Encoding: deflate, br\r\n\r\n" + brotlied(deflated(page)),
		"HTTP/1.1 200 OK\nContent-Encoding: deflate\n\n" + zlibbed(page),
		"HTTP/1.1 200 OK\r\nContent-Encoding: gzip, gzip\r\n\r\n" + gzipped(gzipped(page)),
		"HTTP/1.0 301\nLocation: /x\n\n",
	} {
		f.Add([]byte(block))
	}
	after := record("HTTP/1.1 200 OK\r\n\r\nafter", "WARC/1.1", "WARC-Type: response", "WARC-Target-URI: http://after.example/")
	f.Fuzz(func(t *testing.T, block []byte) {
		data := record(string(block), "WARC/1.1", "WARC-Type: response", "WARC-Target-URI: http://example.org/") + after
		r := warc.NewReader(strings.NewReader(data))
		r.MaxPayloadSize = fuzzPayloadSize
		rec, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if resp, err := rec.HTTPResponse(); err == nil {
			checkBody(t, rec, resp)
		}
		rec, err = r.Next()
		if err != nil || rec.TargetURI != "http://after.example/" {
			t.Fatalf("the record after: %v", err)
		}
		resp, err := rec.HTTPResponse()
		if err != nil {
			t.Fatal(err)
		}
		if b, err := io.ReadAll(resp.Body); string(b) != "after" || err != nil {
			t.Fatalf("the record after: %q, %v", b, err)
		}
	})
}

// FuzzHTTPCodings encodes a payload, a unit repeated, with stacks of up
// to four content codings that the fuzzer chooses (gzip, x-gzip, deflate
// as zlib and raw, br), in chunks or not, as two records read one after
// the other (the second reuses what the first left), and checks that
// each body gives the payload back exactly: the codings that Decoded
// lists are the last ones applied, and the body is the payload with the
// others still applied (data that looks like text is taken as decoded
// already, and at most three codings are undone), or the first
// MaxPayloadSize bytes of that and a *PayloadSizeError.
//
// A stack is a number whose digits in base 6 are the codings, the first
// applied first: 1 gzip, 2 x-gzip, 3 zlib, 4 raw deflate, 5 br, 0 none.
// The low byte of chunks is the chunk size of the first record (0: not
// chunked), the high byte that of the second.
func FuzzHTTPCodings(f *testing.F) {
	unit := []byte(seedUnit)
	f.Add([]byte(page), uint16(1), uint16(0), uint16(1), uint16(0))
	f.Add(unit, uint16(50000), uint16(1+1*6), uint16(1+1*6), uint16(7<<8))          // gzip, gzip; chunked
	f.Add(unit, uint16(50000), uint16(3+3*6), uint16(4+4*6), uint16(0))             // zlib, zlib; raw, raw
	f.Add(unit, uint16(50000), uint16(5+5*6), uint16(1+3*6+5*36), uint16(100))      // br, br in chunks; gzip, zlib, br
	f.Add(unit, uint16(60000), uint16(2+2*6+2*36+2*216), uint16(5), uint16(255<<8)) // x-gzip four times; br
	f.Add([]byte{}, uint16(0), uint16(5+4*6), uint16(0), uint16(3))
	// Lines that differ: every layer is larger than a decoder's buffer.
	f.Add(numberedPage(16<<10), uint16(1), uint16(1+1*6), uint16(5+5*6+3*36), uint16(0))
	names := []string{"gzip", "x-gzip", "zlib", "raw", "br"}
	type coded struct {
		header  string
		codings []coding
		stages  [][]byte // the payload under the first i codings
		chunked bool
	}
	build := func(payload []byte, stack uint16, chunk uint8) (string, coded) {
		var c coded
		for d := stack; d > 0 && len(c.codings) < 4; d /= 6 {
			if d%6 != 0 {
				c.codings = append(c.codings, codingNames[names[d%6-1]])
			}
		}
		c.stages = [][]byte{payload}
		for i := range c.codings {
			b, _ := encodeStack(c.stages[i], c.codings[i:i+1])
			c.stages = append(c.stages, b)
		}
		body, header := encodeStack(payload, c.codings)
		c.header = header
		fields := ""
		if header != "" {
			fields += "Content-Encoding: " + header + "\r\n"
		}
		if chunk > 0 {
			body = []byte(chunked(string(body), int(chunk)))
			fields += "Transfer-Encoding: chunked\r\n"
			c.chunked = true
		}
		return record("HTTP/1.1 200 OK\r\n"+fields+"\r\n"+string(body), "WARC/1.1", "WARC-Type: response"), c
	}
	check := func(t *testing.T, r *warc.Reader, c coded) {
		resp := nextResponse(t, r)
		cs := c.codings
		decoded := resp.Decoded
		if c.chunked {
			if len(decoded) == 0 || decoded[0] != "chunked" {
				t.Fatalf("decoded %q, want chunked first", decoded)
			}
			decoded = decoded[1:]
		}
		k := len(decoded)
		if k > 3 || k > len(cs) {
			t.Fatalf("decoded %q, of %q", resp.Decoded, c.header)
		}
		for i, name := range decoded {
			if name != cs[len(cs)-1-i].name {
				t.Fatalf("decoded %q, of %q", resp.Decoded, c.header)
			}
		}
		want := c.stages[len(cs)-k]
		got, err := io.ReadAll(resp.Body)
		var pe *warc.PayloadSizeError
		switch {
		case len(want) > fuzzPayloadSize:
			if !errors.As(err, &pe) || !bytes.HasPrefix(want, got) {
				t.Fatalf("%d bytes, %v; want a prefix of %d bytes and a *PayloadSizeError (%q, decoded %q)", len(got), err, len(want), c.header, resp.Decoded)
			}
		case errors.As(err, &pe):
			// A coding under the top one decoded to more than twice the
			// limit: only when it is larger than the payload.
			bigger := false
			for _, s := range c.stages[len(cs)-k+1 : len(cs)] {
				bigger = bigger || len(s) > 2*fuzzPayloadSize
			}
			if !bigger || !bytes.HasPrefix(want, got) {
				t.Fatalf("%d bytes, %v; want %d bytes (%q, decoded %q)", len(got), err, len(want), c.header, resp.Decoded)
			}
		case err != nil || !bytes.Equal(got, want):
			t.Fatalf("%d bytes, %v; want %d bytes, the payload under %d of %d codings (%q, decoded %q)", len(got), err, len(want), len(cs)-k, len(cs), c.header, resp.Decoded)
		}
	}
	f.Fuzz(func(t *testing.T, unit []byte, reps, stackA, stackB, chunks uint16) {
		if len(unit)*int(reps) > 2*fuzzPayloadSize {
			reps = uint16(2 * fuzzPayloadSize / max(len(unit), 1))
		}
		payload := bytes.Repeat(unit, int(reps))
		a, ca := build(payload, stackA, uint8(chunks))
		b, cb := build(payload, stackB, uint8(chunks>>8))
		r := warc.NewReader(strings.NewReader(a + b))
		r.MaxPayloadSize = fuzzPayloadSize
		check(t, r, ca)
		check(t, r, cb)
		if _, err := r.Next(); err != io.EOF {
			t.Fatalf("Next: %v, want io.EOF", err)
		}
	})
}

var writeSeeds = flag.Bool("write-seeds", false, "write the seeds of stacked codings to testdata/fuzz")

// A stackedSeed is a response whose content codings stack, for the seed
// corpora of FuzzReader (the record) and FuzzHTTPResponse (the block).
type stackedSeed struct {
	name     string
	header   string // the fields of the HTTP header, CRLF after each
	decoded  string // the codings undone, in order
	size     int    // the payload is seedUnit over and over, size bytes of it
	numbered bool   // or numberedPage(size)
	codings  []coding
	chunked  bool
	empty    bool // or raw deflate of nothing in a million empty blocks
}

// stackedSeeds are the seeds. Each expands a thousandfold or more, and
// each layer under the top is larger than a decoder's buffer: the class
// of input that once sent a pooled decoder reading from itself.
var stackedSeeds = []stackedSeed{
	{name: "gzip-gzip-16MiB", header: "Content-Encoding: gzip, gzip\r\n", decoded: "gzip gzip", size: 16 << 20, codings: []coding{codingGzip, codingGzip}},
	{name: "zlib-zlib-16MiB", header: "Content-Encoding: deflate, deflate\r\n", decoded: "deflate deflate", size: 16 << 20, codings: []coding{codingZlib, codingZlib}},
	{name: "raw-raw-16MiB", header: "Content-Encoding: deflate, deflate\r\n", decoded: "deflate deflate", size: 16 << 20, codings: []coding{codingRaw, codingRaw}},
	{name: "br-br-16MiB", header: "Content-Encoding: br, br\r\n", decoded: "br br", size: 16 << 20, codings: []coding{codingBr, codingBr}},
	{name: "br-br-64KiB-numbered", header: "Content-Encoding: br, br\r\n", decoded: "br br", size: 64 << 10, numbered: true, codings: []coding{codingBr, codingBr}},
	{name: "gzip-zlib-br-16MiB", header: "Content-Encoding: gzip, deflate, br\r\n", decoded: "br deflate gzip", size: 16 << 20, codings: []coding{codingGzip, codingZlib, codingBr}},
	{name: "chunked-xgzip-gzip-16MiB", header: "Content-Encoding: x-gzip, gzip\r\nTransfer-Encoding: chunked\r\n", decoded: "chunked gzip x-gzip", size: 16 << 20, codings: []coding{codingXGzip, codingGzip}, chunked: true},
	{name: "gzip-empty-deflate-blocks", header: "Content-Encoding: deflate, gzip\r\n", decoded: "gzip deflate", empty: true, codings: []coding{codingGzip}},
}

const seedUnit = "<p><a href=/x>x</a>\n"

// payload returns the seed's payload.
func (s *stackedSeed) payload() []byte {
	switch {
	case s.empty:
		return nil
	case s.numbered:
		return numberedPage(s.size)
	}
	return bytes.Repeat([]byte(seedUnit), s.size/len(seedUnit))
}

// block returns the seed's HTTP response.
func (s *stackedSeed) block() []byte {
	var body []byte
	if s.empty {
		empty := append(bytes.Repeat([]byte{0, 0, 0, 0xff, 0xff}, 1<<20), 1, 0, 0, 0xff, 0xff)
		body, _ = encodeStack(empty, s.codings)
	} else {
		body, _ = encodeStack(s.payload(), s.codings)
	}
	if s.chunked {
		body = []byte(chunked(string(body), 1000))
	}
	return append([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"+s.header+"\r\n"), body...)
}

func seedRecord(block []byte) []byte {
	return []byte(record(string(block), "WARC/1.1", "WARC-Type: response", "WARC-Target-URI: http://seed.example/"))
}

// TestStackedSeeds checks the seeds of stacked codings in testdata/fuzz
// (written by go test ./warc -run TestStackedSeeds -write-seeds): each
// FuzzReader seed is a record whose body decodes, through the codings
// that its name says, to its payload exactly, and each FuzzHTTPResponse
// seed is the block of the record of the same name.
func TestStackedSeeds(t *testing.T) {
	for _, s := range stackedSeeds {
		t.Run(s.name, func(t *testing.T) {
			rpath := filepath.Join("testdata", "fuzz", "FuzzReader", s.name)
			hpath := filepath.Join("testdata", "fuzz", "FuzzHTTPResponse", s.name)
			if *writeSeeds {
				block := s.block()
				for path, b := range map[string][]byte{rpath: seedRecord(block), hpath: block} {
					os.MkdirAll(filepath.Dir(path), 0o755)
					if err := os.WriteFile(path, fmt.Appendf(nil, "go test fuzz v1\n[]byte(%q)\n", b), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			read := func(path string) []byte {
				b, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				lit, ok := strings.CutPrefix(string(b), "go test fuzz v1\n[]byte(")
				lit, ok2 := strings.CutSuffix(lit, ")\n")
				v, err := strconv.Unquote(lit)
				if !ok || !ok2 || err != nil {
					t.Fatalf("%s: not a fuzz corpus file of one []byte", path)
				}
				return []byte(v)
			}
			data, block := read(rpath), read(hpath)
			if !bytes.Equal(data, seedRecord(block)) {
				t.Errorf("%s is not the record of %s", rpath, hpath)
			}
			r := warc.NewReader(bytes.NewReader(data))
			r.MaxPayloadSize = 0
			decoded, got, err := readBody(t, r)
			if d := strings.Join(decoded, " "); d != s.decoded || err != nil {
				t.Errorf("decoded %q, %v; want %q", d, err, s.decoded)
			}
			if !bytes.Equal(got, s.payload()) {
				t.Errorf("%d bytes, not the payload", len(got))
			}
			t.Logf("%d bytes, %d decoded", len(data), len(got))
		})
	}
}
