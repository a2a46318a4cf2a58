package warc

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/andybalholm/brotli"
)

// ErrNotHTTP is returned by Record.HTTPResponse for a block that does not
// begin with an HTTP status line.
var ErrNotHTTP = errors.New("warc: the block is not an HTTP response")

// MaxHTTPHeaderSize is the most bytes of HTTP header that HTTPResponse
// reads; the fields beyond are dropped.
const MaxHTTPHeaderSize = 1 << 20

// A Response is the HTTP response that the block of a response record
// holds.
type Response struct {
	Proto      string // "HTTP/1.1"
	StatusCode int    // 200
	Reason     string // "OK"
	// Header is the HTTP header as written, Content-Encoding and
	// Transfer-Encoding included even when Body has undone them.
	Header Header
	// Body streams the body: what follows the header in the block, with
	// the codings listed in Decoded undone. A body cut short (a crawler's
	// size limit) ends where its data ends; an error in its codings is a
	// *DecodeError. Body is valid until the next call to Next.
	Body io.Reader
	// Decoded lists the codings that Body undoes, in the order it undoes
	// them: "chunked", then the content codings ("gzip", "deflate",
	// "br") from the last applied to the first. A coding that the header
	// names but the body does not carry, because the crawler decoded it
	// already, is not listed and not undone.
	Decoded []string
}

// A DecodeError is an error in the transfer or content coding of an HTTP
// body.
type DecodeError struct {
	Coding string // "chunked", "gzip", "deflate", "br"
	Err    error
}

func (e *DecodeError) Error() string { return "warc: http: " + e.Coding + ": " + e.Err.Error() }

func (e *DecodeError) Unwrap() error { return e.Err }

// httpState is what HTTPResponse reuses from one record to the next.
type httpState struct {
	hb      *bufio.Reader // the block
	line    []byte        // a header line longer than hb's buffer
	bufs    [maxCodings]*bufio.Reader
	chunked chunkedReader
	gz      *gzip.Reader
	fl      io.ReadCloser
	zl      io.ReadCloser
	br      *brotli.Reader
	body    bodyReader
	resp    Response
}

// maxCodings is the most content codings undone, one on top of the other.
const maxCodings = 3

// HTTPResponse reads the HTTP status line and header from the record's
// block and returns the response, whose Body streams the rest of the
// block, decoded. It returns ErrNotHTTP when the block does not begin with
// "HTTP/" (a dns: record, a resource), and an error when the block ends
// inside the status line. The Response, like the Block, is valid until
// the next call to Next; HTTPResponse must be called before anything is
// read from Block.
//
// The header is read leniently: lines may end in LF alone, folded lines
// continue a field, and lines that are not fields are skipped. The body is
// the rest of the block whatever Content-Length says: crawlers that
// decode a body often leave the header as it was.
//
// Transfer-Encoding: chunked is undone when the body begins with a chunk
// size line, and Content-Encoding gzip (or x-gzip) when it begins with the
// gzip magic number, deflate when it begins with a zlib header or does not
// look like text (raw deflate, which some servers send), br when it does
// not look like text and decodes. Otherwise the body is taken as already
// decoded: Common Crawl renames the original headers to
// X-Crawler-Transfer-Encoding and X-Crawler-Content-Encoding, but other
// archives keep a Content-Encoding: gzip header on a plain body.
func (rec *Record) HTTPResponse() (*Response, error) {
	x := rec.r
	if x == nil {
		return nil, errors.New("warc: HTTPResponse called after Next")
	}
	s := &x.http
	if s.hb == nil {
		s.hb = bufio.NewReaderSize(rec.Block, 4096)
	} else {
		s.hb.Reset(rec.Block)
	}
	if b, _ := s.hb.Peek(5); string(b) != "HTTP/" {
		return nil, ErrNotHTTP
	}
	resp := &s.resp
	*resp = Response{Header: resp.Header[:0], Decoded: resp.Decoded[:0]}
	line, err := s.readLine()
	if err != nil && len(line) == 0 {
		return nil, errors.New("warc: http: truncated status line")
	}
	if err := parseStatusLine(resp, line); err != nil {
		return nil, err
	}
	size := len(line)
	for err == nil {
		line, err = s.readLine()
		size += len(line)
		text := bytes.TrimRight(line, "\r\n")
		if len(text) == 0 {
			break
		}
		if size > MaxHTTPHeaderSize {
			continue
		}
		if text[0] == ' ' || text[0] == '\t' {
			if n := len(resp.Header); n > 0 {
				if v := bytes.TrimSpace(text); len(v) > 0 {
					resp.Header[n-1].Value += " " + string(v)
				}
			}
			continue
		}
		colon := bytes.IndexByte(text, ':')
		if colon <= 0 {
			continue
		}
		resp.Header = append(resp.Header, Field{
			Name:  fieldName(bytes.TrimSpace(text[:colon])),
			Value: fieldValue(bytes.TrimSpace(text[colon+1:])),
		})
	}
	if cap(s.line) > 64<<10 {
		s.line = nil // a long line was a one-off: do not keep its memory
	}
	s.body = bodyReader{block: &x.block, coding: ""}
	s.body.r, resp.Decoded = s.decode(resp.Header, resp.Decoded)
	if len(resp.Decoded) > 0 {
		s.body.coding = resp.Decoded[len(resp.Decoded)-1]
	}
	resp.Body = &s.body
	return resp, nil
}

// readLine reads a line of the HTTP header, with its line break. A line
// longer than the buffer is put together in s.line, up to
// MaxHTTPHeaderSize bytes; the rest of it is dropped.
func (s *httpState) readLine() ([]byte, error) {
	line, err := s.hb.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, err
	}
	s.line = append(s.line[:0], line...)
	for err == bufio.ErrBufferFull {
		line, err = s.hb.ReadSlice('\n')
		if len(s.line) < MaxHTTPHeaderSize {
			s.line = append(s.line, line[:min(len(line), MaxHTTPHeaderSize-len(s.line))]...)
		}
	}
	return s.line, err
}

// parseStatusLine parses "HTTP/1.1 200 OK" into resp.
func parseStatusLine(resp *Response, line []byte) error {
	text := string(bytes.TrimRight(line, "\r\n"))
	proto, rest, _ := strings.Cut(text, " ")
	rest = strings.TrimLeft(rest, " ")
	code, reason, _ := strings.Cut(rest, " ")
	n, err := strconv.Atoi(code)
	if err != nil || len(code) != 3 {
		return errors.New("warc: http: malformed status line " + quoteShort([]byte(text)))
	}
	resp.Proto, resp.StatusCode, resp.Reason = proto, n, strings.TrimSpace(reason)
	return nil
}

// decode stacks the decoders the header calls for, and the body needs,
// on the block, and returns the top of the stack and the codings undone.
func (s *httpState) decode(h Header, decoded []string) (io.Reader, []string) {
	var r io.Reader = s.hb
	if codings := tokens(h.Values("Transfer-Encoding")); len(codings) > 0 && codings[len(codings)-1] == "chunked" {
		if looksChunked(s.hb) {
			s.chunked = chunkedReader{r: s.hb}
			r = &s.chunked
			decoded = append(decoded, "chunked")
		}
	}
	codings := tokens(h.Values("Content-Encoding"))
	for i, level := len(codings)-1, 0; i >= 0 && level < maxCodings; i-- {
		c := codings[i]
		if c == "identity" {
			continue
		}
		b := s.bufs[level]
		if b == nil {
			b = bufio.NewReaderSize(r, 4096)
			s.bufs[level] = b
		} else {
			b.Reset(r)
		}
		head, _ := b.Peek(512)
		var next io.Reader
		switch c {
		case "gzip", "x-gzip":
			if len(head) < 3 || !bytes.HasPrefix(head, gzipMagic) {
				break
			}
			if s.gz == nil {
				z, err := gzip.NewReader(b)
				if err != nil {
					break
				}
				s.gz = z
			} else if s.gz.Reset(b) != nil {
				break
			}
			next = s.gz
		case "deflate":
			if isZlib(head) {
				if s.zl == nil {
					z, err := zlib.NewReader(b)
					if err != nil {
						break
					}
					s.zl = z
				} else if s.zl.(zlib.Resetter).Reset(b, nil) != nil {
					break
				}
				next = s.zl
			} else if !looksText(head) {
				if s.fl == nil {
					s.fl = flate.NewReader(b)
				} else {
					s.fl.(flate.Resetter).Reset(b, nil)
				}
				next = s.fl
			}
		case "br":
			if looksText(head) || !brotliPrefix(head) {
				break
			}
			if s.br == nil {
				s.br = brotli.NewReader(b)
			} else {
				s.br.Reset(b)
			}
			next = s.br
		}
		if next == nil {
			// The body does not carry this coding: the crawler decoded
			// it, and the codings applied before it, already.
			break
		}
		r = next
		decoded = append(decoded, c)
		level++
	}
	return r, decoded
}

// tokens splits comma-separated header values into lower-case tokens.
func tokens(values []string) []string {
	var t []string
	for _, v := range values {
		for f := range strings.SplitSeq(v, ",") {
			if f = strings.ToLower(strings.TrimSpace(f)); f != "" {
				t = append(t, f)
			}
		}
	}
	return t
}

// looksChunked reports whether b begins with a chunk size line: hex
// digits, then optional white space and extensions, then a line break.
func looksChunked(b *bufio.Reader) bool {
	head, _ := b.Peek(256)
	i := 0
	for i < len(head) && isHex(head[i]) {
		i++
	}
	if i == 0 || i > 16 {
		return false
	}
	for i < len(head) && (head[i] == ' ' || head[i] == '\t') {
		i++
	}
	if i < len(head) && head[i] == ';' {
		j := bytes.IndexByte(head[i:], '\n')
		return j >= 0
	}
	return i < len(head) && (head[i] == '\n' || head[i] == '\r' && i+1 < len(head) && head[i+1] == '\n')
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// isZlib reports whether b begins with a zlib header (RFC 1950): deflate,
// a window of at most 32 KiB, and the check bits right.
func isZlib(b []byte) bool {
	return len(b) >= 2 && b[0]&0x0f == 8 && b[0]>>4 <= 7 && (uint(b[0])<<8|uint(b[1]))%31 == 0
}

// looksText reports whether b, the first bytes of a body, look like text
// rather than compressed data: empty, or a byte order mark or "<" after
// white space, or valid UTF-8 without control characters.
func looksText(b []byte) bool {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	t := bytes.TrimLeft(b, " \t\r\n\f")
	if len(t) == 0 || t[0] == '<' {
		return true
	}
	if len(b) >= 2 && (b[0] == 0xfe && b[1] == 0xff || b[0] == 0xff && b[1] == 0xfe) {
		return true
	}
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' || c == 0x7f {
			return false
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			// A rune cut at the end of b is not evidence.
			return len(b)-i < utf8.UTFMax && !utf8.FullRune(b[i:])
		}
		i += n
	}
	return true
}

// brotliPrefix reports whether b decodes as the beginning of a brotli
// stream.
func brotliPrefix(b []byte) bool {
	var out [4096]byte
	r := brotli.NewReader(bytes.NewReader(b))
	for {
		_, err := r.Read(out[:])
		switch err {
		case nil:
		case io.EOF, io.ErrUnexpectedEOF:
			return true
		default:
			return false
		}
	}
}

// chunkedReader undoes the HTTP chunked transfer coding, leniently: a
// line break after a chunk's data may be missing or LF alone, blank lines
// before a size line are skipped, and a body cut short ends where its
// data ends.
type chunkedReader struct {
	r       *bufio.Reader
	left    int64 // bytes of the current chunk not yet read
	started bool
	done    bool
	err     error
}

func (c *chunkedReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	for c.left == 0 {
		if c.done {
			return 0, io.EOF
		}
		if err := c.next(); err != nil {
			c.err = err
			return 0, err
		}
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		c.err = err
	}
	return n, err
}

// next reads the size line of the next chunk.
func (c *chunkedReader) next() error {
	if c.started {
		// The line break after the data.
		if b, _ := c.r.Peek(2); len(b) > 0 && b[0] == '\n' {
			c.r.Discard(1)
		} else if len(b) == 2 && b[0] == '\r' && b[1] == '\n' {
			c.r.Discard(2)
		}
	}
	c.started = true
	for blank := 0; ; blank++ {
		line, err := c.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			return &DecodeError{"chunked", errors.New("chunk size line too long")}
		}
		text := bytes.TrimRight(line, "\r\n")
		if len(bytes.TrimSpace(text)) == 0 {
			if err != nil {
				return io.ErrUnexpectedEOF
			}
			if blank < 4 {
				continue
			}
		}
		var size int64
		i := 0
		for ; i < len(text) && isHex(text[i]); i++ {
			if size >= 1<<58 {
				return &DecodeError{"chunked", errors.New("chunk size too large")}
			}
			size = size<<4 | int64(unhex(text[i]))
		}
		if i == 0 {
			return &DecodeError{"chunked", errors.New("malformed chunk size line " + quoteShort(text))}
		}
		if size == 0 {
			c.done = true
			return nil
		}
		if err != nil && err != io.EOF {
			return err
		}
		c.left = size
		return nil
	}
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// bodyReader is the top of a Response's Body: it turns a decoder's
// io.ErrUnexpectedEOF into io.EOF when the block itself is whole (a body
// cut short by the crawler), and wraps the decoders' errors.
type bodyReader struct {
	r      io.Reader
	block  *blockReader
	coding string // the last coding undone, to name in errors
	err    error
}

func (b *bodyReader) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF {
		var de *DecodeError
		switch {
		case b.block.err != nil:
			err = b.block.err
		case err == io.ErrUnexpectedEOF:
			err = io.EOF
		case errors.As(err, &de):
		default:
			err = &DecodeError{b.coding, err}
		}
	}
	if err != nil {
		b.err = err
	}
	return n, err
}
