package warc_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/warc"
)

// FuzzReader reads any input as a WARC file, with HTTP responses and their
// bodies, and checks that the Reader never panics nor loops, that
// positions never go back (records strictly forward), that a block holds
// at most Content-Length bytes, and that headers stay within their limits.
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
	f.Fuzz(func(t *testing.T, data []byte) {
		r := warc.NewReader(bytes.NewReader(data))
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
					io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<20))
					if len(resp.Decoded) > 4 {
						t.Fatalf("decoded %v", resp.Decoded)
					}
				}
			} else if i%2 == 0 {
				n, _ = io.Copy(io.Discard, rec.Block)
			}
			if n > rec.ContentLength {
				t.Fatalf("block of %d bytes, Content-Length %d", n, rec.ContentLength)
			}
		}
	})
}
