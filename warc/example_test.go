package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"log"
	"strings"

	"github.com/relink-go/relink/warc"
)

// Example reads the HTML responses of a WARC file, here a small one with
// a chunked body, a record that cannot be read, and a WARC 1.0 <uri>.
func Example() {
	const file = "WARC/1.1\r\n" +
		"WARC-Type: response\r\n" +
		"WARC-Target-URI: http://example.org/\r\n" +
		"WARC-Date: 2024-05-06T07:08:09Z\r\n" +
		"Content-Length: 109\r\n" +
		"\r\n" +
		"HTTP/1.1 200 OK\r\n" +
		"Content-Type: text/html; charset=utf-8\r\n" +
		"Transfer-Encoding: chunked\r\n" +
		"\r\n" +
		"c\r\n<p>Hello</p>\r\n" +
		"0\r\n\r\n" +
		"\r\n\r\n" +
		"WARC/1.0\r\n" +
		"WARC-Type: response\r\n" +
		"\r\n" +
		"WARC/1.0\r\n" +
		"WARC-Type: response\r\n" +
		"WARC-Target-URI: <http://example.org/moved>\r\n" +
		"Content-Length: 50\r\n" +
		"\r\n" +
		"HTTP/1.1 301 Moved Permanently\r\n" +
		"Location: /new\r\n" +
		"\r\n" +
		"\r\n\r\n"

	r := warc.NewReader(strings.NewReader(file))
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		var se *warc.SyntaxError
		if errors.As(err, &se) {
			fmt.Println("skipped:", se)
			continue
		}
		if err != nil {
			log.Fatal(err)
		}
		if rec.Type != "response" {
			continue
		}
		resp, err := rec.HTTPResponse()
		if err != nil {
			continue
		}
		media, charset := resp.ContentType()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			continue
		}
		fmt.Printf("%s %d %q %q %v %q location=%q\n", rec.TargetURI, resp.StatusCode, media, charset,
			resp.Decoded, body, resp.Header.Get("Location"))
	}
	// Output:
	// http://example.org/ 200 "text/html" "utf-8" [chunked] "<p>Hello</p>" location=""
	// skipped: warc: offset 238: no Content-Length
	// http://example.org/moved 301 "" "" [] "" location="/new"
}

// This reads a response whose body, under two layers of gzip, inflates to
// 1 MiB, with MaxPayloadSize set to 64 KiB: Body gives the first 64 KiB
// and a *PayloadSizeError, and the next record is read as usual.
func ExamplePayloadSizeError() {
	var inner, outer bytes.Buffer
	z := gzip.NewWriter(&inner)
	z.Write(bytes.Repeat([]byte("<a href=/x>x</a>\n"), (1<<20)/17))
	z.Close()
	z = gzip.NewWriter(&outer)
	z.Write(inner.Bytes())
	z.Close()
	block := "HTTP/1.1 200 OK\r\nContent-Encoding: gzip, gzip\r\n\r\n" + outer.String()
	file := fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://example.org/bomb\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", len(block), block) +
		"WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: 5\r\n\r\nnext.\r\n\r\n"

	r := warc.NewReader(strings.NewReader(file))
	r.MaxPayloadSize = 64 << 10
	rec, err := r.Next()
	if err != nil {
		log.Fatal(err)
	}
	resp, err := rec.HTTPResponse()
	if err != nil {
		log.Fatal(err)
	}
	n, err := io.Copy(io.Discard, resp.Body)
	var pe *warc.PayloadSizeError
	fmt.Println(n, errors.As(err, &pe), err)
	rec, err = r.Next()
	fmt.Println(rec.Type, err)
	// Output:
	// 65536 true warc: offset 0: the payload of "http://example.org/bomb", decoded, is larger than 65536 bytes, the limit
	// resource <nil>
}

// This indexes a file of one gzip member per record, as CDX does: each
// record's offset and length, the byte range that an HTTP Range request
// fetches to read the record alone.
func ExampleRecord_Length() {
	var file bytes.Buffer
	for _, block := range []string{"first", "second record"} {
		z := gzip.NewWriter(&file)
		fmt.Fprintf(z, "WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", len(block), block)
		z.Close()
	}
	data := file.Bytes()
	r := warc.NewReader(bytes.NewReader(data))
	end := int64(0)
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		} else if err != nil {
			log.Fatal(err)
		}
		off, n := rec.Offset, rec.Length()
		// The range alone, as a Range request would fetch it.
		one, _ := warc.NewReader(bytes.NewReader(data[off : off+n])).Next()
		block, _ := io.ReadAll(one.Block)
		fmt.Printf("range from the last one's end (%t): %q\n", off == end, block)
		end = off + n
	}
	fmt.Println("the ranges cover the file:", end == int64(len(data)))
	// Output:
	// range from the last one's end (true): "first"
	// range from the last one's end (true): "second record"
	// the ranges cover the file: true
}

// This lays out the gzip member of each record of a file of one member
// per record: the header (10 bytes, and the file name that this writer
// puts in it), the deflate data (whose length depends on the compressor)
// and the trailer, which add up to the record's Length; the data's
// length and CRC-32.
func ExampleRecord_GzipMember() {
	var file bytes.Buffer
	for i, block := range []string{"first", "second record"} {
		z := gzip.NewWriter(&file)
		z.Name = fmt.Sprintf("r%d.warc", i)
		fmt.Fprintf(z, "WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", len(block), block)
		z.Close()
	}
	r := warc.NewReader(&file)
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		} else if err != nil {
			log.Fatal(err)
		}
		m, ok := rec.GzipMember()
		whole := m.HeaderLength+m.DeflateLength+m.FooterLength == rec.Length()
		fmt.Printf("%t: header %d, footer %d, the member's length %t; data %d bytes, CRC-32 %08x\n", ok,
			m.HeaderLength, m.FooterLength, whole, m.InflatedLength, m.CRC)
	}
	// Output:
	// true: header 18, footer 8, the member's length true; data 61 bytes, CRC-32 c2985a4c
	// true: header 18, footer 8, the member's length true; data 70 bytes, CRC-32 75506d87
}
