package warc_test

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/relink-go/relink/warc"
)

const page = "<!doctype html><title>t</title><a href=/x>x</a>\n"

func gzipped(s string) string { return string(gzipWhole(s)) }

func zlibbed(s string) string {
	var b bytes.Buffer
	z := zlib.NewWriter(&b)
	z.Write([]byte(s))
	z.Close()
	return b.String()
}

func deflated(s string) string {
	var b bytes.Buffer
	z, _ := flate.NewWriter(&b, flate.DefaultCompression)
	z.Write([]byte(s))
	z.Close()
	return b.String()
}

func brotlied(s string) string {
	var b bytes.Buffer
	z := brotli.NewWriter(&b)
	z.Write([]byte(s))
	z.Close()
	return b.String()
}

// chunked writes s in the chunked transfer coding, in chunks of n bytes.
func chunked(s string, n int) string {
	var b strings.Builder
	for len(s) > 0 {
		c := s[:min(n, len(s))]
		s = s[len(c):]
		fmt.Fprintf(&b, "%x\r\n%s\r\n", len(c), c)
	}
	b.WriteString("0\r\n\r\n")
	return b.String()
}

func TestHTTPResponse(t *testing.T) {
	gz := gzipped(page)
	long := gzipped(strings.Repeat(page, 100))
	tests := []struct {
		name    string
		block   string
		status  int
		reason  string
		header  []string // "Name: value"
		decoded string   // Decoded, joined by spaces
		body    string
		err     string // of reading Body
	}{
		{
			name:   "plain",
			block:  "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 3\r\n\r\n" + page,
			status: 200, reason: "OK", header: []string{"Content-Type: text/html", "Content-Length: 3"},
			body: page, // the body is the rest of the block, whatever Content-Length says
		},
		{
			name:   "LF-only lines, folded field, no reason",
			block:  "HTTP/1.0 404\nX-A: one\n  two\nServer:apache\n\n" + page,
			status: 404, header: []string{"X-A: one two", "Server: apache"}, body: page,
		},
		{
			name:   "lines that are not fields are skipped",
			block:  "HTTP/1.1 200 OK\r\nnot a field\r\n: nor this\r\nA: b\r\n\r\nbody",
			status: 200, reason: "OK", header: []string{"A: b"}, body: "body",
		},
		{
			name:   "header without end",
			block:  "HTTP/1.1 301 Moved Permanently\r\nLocation: /x\r\n",
			status: 301, reason: "Moved Permanently", header: []string{"Location: /x"},
		},
		{
			name:   "a header line longer than the buffer",
			block:  "HTTP/1.1 302 Found\r\nLocation: /" + strings.Repeat("a", 10000) + "\r\nX: y\r\n\r\nbody",
			status: 302, reason: "Found", header: []string{"Location: /" + strings.Repeat("a", 10000), "X: y"}, body: "body",
		},
		{
			name:   "chunked",
			block:  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(page, 7),
			status: 200, reason: "OK", header: []string{"Transfer-Encoding: chunked"}, decoded: "chunked", body: page,
		},
		{
			name:   "chunked, LF only, extensions, blank line, trailer",
			block:  "HTTP/1.1 200 OK\nTransfer-Encoding: Chunked\n\n5;name=value\nhello\n\n6 \n world\n0\nTrailer: x\n\n",
			status: 200, reason: "OK", header: []string{"Transfer-Encoding: Chunked"}, decoded: "chunked", body: "hello world",
		},
		{
			name:   "chunked, cut short by the crawler",
			block:  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n10\r\n wor",
			status: 200, reason: "OK", header: []string{"Transfer-Encoding: chunked"}, decoded: "chunked", body: "hello wor",
		},
		{
			name:   "chunked, no last chunk",
			block:  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello",
			status: 200, reason: "OK", header: []string{"Transfer-Encoding: chunked"}, decoded: "chunked", body: "hello",
		},
		{
			name:   "chunked, a bad size line",
			block:  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nzz\r\nmore",
			status: 200, reason: "OK", header: []string{"Transfer-Encoding: chunked"}, decoded: "chunked", body: "hello",
			err: `warc: http: chunked: malformed chunk size line "zz"`,
		},
		{
			name:   "chunked in the header, decoded by the crawler",
			block:  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + page,
			status: 200, reason: "OK", header: []string{"Transfer-Encoding: chunked"}, body: page,
		},
		{
			name:   "Common Crawl's renamed headers",
			block:  "HTTP/1.1 200 OK\r\nX-Crawler-Transfer-Encoding: chunked\r\nX-Crawler-Content-Encoding: gzip\r\nContent-Length: 49\r\n\r\n" + page,
			status: 200, reason: "OK", header: []string{"X-Crawler-Transfer-Encoding: chunked", "X-Crawler-Content-Encoding: gzip", "Content-Length: 49"},
			body: page,
		},
		{
			name:   "gzip",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gz,
			status: 200, reason: "OK", header: []string{"Content-Encoding: gzip"}, decoded: "gzip", body: page,
		},
		{
			name:   "false gzip: the body was decoded",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + page,
			status: 200, reason: "OK", header: []string{"Content-Encoding: gzip"}, body: page,
		},
		{
			name:   "x-gzip in chunks",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: x-gzip\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(gz, 10),
			status: 200, reason: "OK", header: []string{"Content-Encoding: x-gzip", "Transfer-Encoding: chunked"},
			decoded: "chunked x-gzip", body: page,
		},
		{
			name:   "gzip cut short by the crawler",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + long[:len(long)/2],
			status: 200, reason: "OK", header: []string{"Content-Encoding: gzip"}, decoded: "gzip",
			body: "?", // some of the page, no error
		},
		{
			name:   "gzip with a bad checksum",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gz[:len(gz)-8] + "\x00\x00\x00\x00" + gz[len(gz)-4:],
			status: 200, reason: "OK", header: []string{"Content-Encoding: gzip"}, decoded: "gzip", body: page,
			err: "warc: http: gzip: gzip: invalid checksum",
		},
		{
			name:   "deflate (zlib)",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + zlibbed(page),
			status: 200, reason: "OK", header: []string{"Content-Encoding: deflate"}, decoded: "deflate", body: page,
		},
		{
			name:   "deflate (raw)",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + deflated(page),
			status: 200, reason: "OK", header: []string{"Content-Encoding: deflate"}, decoded: "deflate", body: page,
		},
		{
			name:   "false deflate",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + page,
			status: 200, reason: "OK", header: []string{"Content-Encoding: deflate"}, body: page,
		},
		{
			name:   "br",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\n" + brotlied(page),
			status: 200, reason: "OK", header: []string{"Content-Encoding: br"}, decoded: "br", body: page,
		},
		{
			name:   "false br",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\n" + page,
			status: 200, reason: "OK", header: []string{"Content-Encoding: br"}, body: page,
		},
		{
			name:   "false br, text that is not HTML",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\nplain text, unencoded",
			status: 200, reason: "OK", header: []string{"Content-Encoding: br"}, body: "plain text, unencoded",
		},
		{
			name:   "gzip then br",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: gzip, br\r\n\r\n" + brotlied(gz),
			status: 200, reason: "OK", header: []string{"Content-Encoding: gzip, br"}, decoded: "br gzip", body: page,
		},
		{
			name:   "gzip then br, br decoded by the crawler",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Encoding: br\r\n\r\n" + gz,
			status: 200, reason: "OK", header: []string{"Content-Encoding: gzip", "Content-Encoding: br"}, body: gz,
		},
		{
			name:   "chunked, with a gzip the crawler decoded",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(page, 7),
			status: 200, reason: "OK", header: []string{"Content-Encoding: gzip", "Transfer-Encoding: chunked"}, decoded: "chunked", body: page,
		},
		{
			name:   "br then gzip, br decoded by the crawler",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: br, gzip\r\n\r\n" + gz,
			status: 200, reason: "OK", header: []string{"Content-Encoding: br, gzip"}, decoded: "gzip", body: page,
		},
		{
			name:   "identity and an unknown coding",
			block:  "HTTP/1.1 200 OK\r\nContent-Encoding: zstd, identity\r\n\r\n(zstd)",
			status: 200, reason: "OK", header: []string{"Content-Encoding: zstd, identity"}, body: "(zstd)",
		},
	}
	for _, tt := range tests {
		for _, rd := range readers {
			t.Run(tt.name+"/"+rd.name, func(t *testing.T) {
				data := record(tt.block, "WARC/1.1", "WARC-Type: response")
				r := warc.NewReader(rd.wrap(strings.NewReader(data)))
				resp := nextResponse(t, r)
				if resp.StatusCode != tt.status || resp.Reason != tt.reason {
					t.Errorf("status %d %q, want %d %q", resp.StatusCode, resp.Reason, tt.status, tt.reason)
				}
				var h []string
				for _, f := range resp.Header {
					h = append(h, f.Name+": "+f.Value)
				}
				if strings.Join(h, "\n") != strings.Join(tt.header, "\n") {
					t.Errorf("header\n%s\nwant\n%s", strings.Join(h, "\n"), strings.Join(tt.header, "\n"))
				}
				if d := strings.Join(resp.Decoded, " "); d != tt.decoded {
					t.Errorf("decoded %q, want %q", d, tt.decoded)
				}
				body, err := io.ReadAll(resp.Body)
				if tt.body == "?" {
					if len(body) == 0 || !strings.HasPrefix(strings.Repeat(page, 100), string(body)) {
						t.Errorf("body %q, want a prefix of the pages", body)
					}
				} else if string(body) != tt.body {
					t.Errorf("body %q, want %q", body, tt.body)
				}
				switch {
				case tt.err == "" && err != nil:
					t.Errorf("reading the body: %v", err)
				case tt.err != "":
					var de *warc.DecodeError
					if err == nil || err.Error() != tt.err || !errors.As(err, &de) {
						t.Errorf("reading the body: %v, want *DecodeError %s", err, tt.err)
					}
				}
				if _, err := r.Next(); err != io.EOF {
					t.Errorf("Next: %v, want io.EOF", err)
				}
			})
		}
	}
}

func TestHTTPResponseErrors(t *testing.T) {
	for _, tt := range []struct {
		block string
		err   string
	}{
		{"hello", warc.ErrNotHTTP.Error()},
		{"", warc.ErrNotHTTP.Error()},
		{"GET / HTTP/1.1\r\n\r\n", warc.ErrNotHTTP.Error()},
		{"HTTP/1.1 2000 OK\r\n\r\n", `warc: http: malformed status line "HTTP/1.1 2000 OK"`},
		{"HTTP/1.1 OK\r\n\r\n", `warc: http: malformed status line "HTTP/1.1 OK"`},
	} {
		r := warc.NewReader(strings.NewReader(record(tt.block, "WARC/1.0", "WARC-Type: response")))
		rec, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rec.HTTPResponse(); err == nil || err.Error() != tt.err {
			t.Errorf("%q: %v, want %s", tt.block, err, tt.err)
		}
	}
}

// TestHTTPResponseTruncatedRecord checks that a body whose record is cut
// short by the end of the file ends with io.ErrUnexpectedEOF, and that
// Next reports the record.
func TestHTTPResponseTruncatedRecord(t *testing.T) {
	block := "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gzipped(strings.Repeat(page, 50))
	data := record(block, "WARC/1.0", "WARC-Type: response")
	data = data[:len(data)-40]
	r := warc.NewReader(strings.NewReader(data))
	resp := nextResponse(t, r)
	if _, err := io.ReadAll(resp.Body); err != io.ErrUnexpectedEOF {
		t.Errorf("reading the body: %v, want io.ErrUnexpectedEOF", err)
	}
	_, err := r.Next()
	var se *warc.SyntaxError
	if !errors.As(err, &se) || !strings.HasPrefix(se.Reason, "truncated") || se.Offset != 0 {
		t.Errorf("Next: %v, want a truncated record at offset 0", err)
	}
}

func TestContentType(t *testing.T) {
	for _, tt := range []struct {
		values        []string
		media, chrset string
	}{
		{nil, "", ""},
		{[]string{""}, "", ""},
		{[]string{"garbage"}, "", ""},
		{[]string{"text/html"}, "text/html", ""},
		{[]string{"TEXT/HTML; Charset=UTF-8"}, "text/html", "UTF-8"},
		{[]string{"text/html ;charset = gbk"}, "text/html", ""}, // "charset " is not "charset"
		{[]string{`text/html; charset="shift_jis"`}, "text/html", "shift_jis"},
		{[]string{`text/html; charset="a,b"; x=y`}, "text/html", "a,b"},
		{[]string{`text/html; charset="a\"b"`}, "text/html", `a"b`},
		{[]string{"text/html;charset=gbk;charset=utf-8"}, "text/html", "gbk"},
		{[]string{"text/html; charset="}, "text/html", ""},
		{[]string{"text/html; charset"}, "text/html", ""},
		{[]string{"text/html; foo; charset=koi8-r"}, "text/html", "koi8-r"},
		{[]string{"text/ html"}, "", ""},
		{[]string{"/html"}, "", ""},
		// The Fetch Standard's examples (section 3.1.7, "extract a MIME
		// type").
		{[]string{"text/plain;charset=gbk, text/html"}, "text/html", ""},
		{[]string{"text/html;charset=gbk;a=b, text/html;x=y"}, "text/html", "gbk"},
		{[]string{"text/html;charset=gbk;a=b", "text/html;x=y"}, "text/html", "gbk"},
		{[]string{"text/html;charset=gbk", "x/x", "text/html;x=y"}, "text/html", ""},
		{[]string{"text/html", "cannot-parse"}, "text/html", ""},
		{[]string{"text/html", "*/*"}, "text/html", ""},
		{[]string{"text/html", ""}, "text/html", ""},
		{[]string{"text/html;charset=a, text/html;charset=b, text/html"}, "text/html", "a"},
		// The Common Crawl fixture's page with two Content-Type headers.
		{[]string{"text/html; charset=utf-8", "text/html"}, "text/html", "utf-8"},
	} {
		var h warc.Header
		for _, v := range tt.values {
			h = append(h, warc.Field{Name: "content-type", Value: v})
		}
		h = append(h, warc.Field{Name: "Content-Length", Value: "1"})
		media, cs := h.ContentType()
		if media != tt.media || cs != tt.chrset {
			t.Errorf("%q: %q %q, want %q %q", tt.values, media, cs, tt.media, tt.chrset)
		}
	}
}
