package warc

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"math"
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
	// *DecodeError; a body larger than the Reader's MaxPayloadSize ends
	// with a *PayloadSizeError. Body is valid until the next call to
	// Next.
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

// DefaultMaxPayloadSize is the MaxPayloadSize of a new Reader: 64 MiB.
const DefaultMaxPayloadSize = 64 << 20

// A PayloadSizeError is the error that the Body of a Response returns
// when the record's HTTP payload, its codings undone, is larger than the
// Reader's MaxPayloadSize, or when a content coding under the top one
// decodes to more than twice that (an encoder's output is never much
// larger than its input: only hostile data is). A body compressed with
// gzip or deflate can expand a thousandfold, a thousandfold again for
// each coding stacked on it, and more with br: the limit bounds the work
// and the output that a record can cause. Body has then returned at most
// Limit bytes, the beginning of the payload; the next call to Next skips
// the rest of the record and goes on with the next as usual.
type PayloadSizeError struct {
	Limit int64 // the MaxPayloadSize in force
	// Offset and DecompressedOffset say where the record is, as for
	// Record, and TargetURI is its WARC-Target-URI.
	Offset             int64
	DecompressedOffset int64
	TargetURI          string
}

func (e *PayloadSizeError) Error() string {
	return fmt.Sprintf("warc: %s: the payload of %s, decoded, is larger than %d bytes, the limit",
		where(e.Offset, e.DecompressedOffset), quoteShort([]byte(e.TargetURI)), e.Limit)
}

// errOverLimit is what a capReader returns past its limit; the Body
// returns a *PayloadSizeError in its place.
var errOverLimit = errors.New("warc: http: over the payload size limit")

// httpState is what HTTPResponse reuses from one record to the next.
type httpState struct {
	hb      *bufio.Reader // the block
	line    []byte        // a header line longer than hb's buffer
	chunked chunkedReader
	layers  [maxCodings]layer // the decoders, from the first undone up
	top     capReader         // the body when no content coding is undone
	over    bool              // a capReader went over the limit
	body    bodyReader
	resp    Response
}

// A layer is the decoder of one content coding in a stack of them, with
// the buffer that it reads the layer below through (hb for the first
// layer when there is no chunked coding under it). Each depth of the
// stack has a layer of its own, kept from one record to the next, so that
// "gzip, gzip" has two gzip readers, the second reading the output of
// the first.
type layer struct {
	in  *bufio.Reader // the layer below
	gz  *gzip.Reader
	zl  io.ReadCloser // zlib
	fl  io.ReadCloser // raw deflate
	br  *brotli.Reader
	out capReader // the decoder's output, bounded
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
// archives keep a Content-Encoding: gzip header on a plain body. Up to
// three content codings are undone, each by a decoder of its own, and
// the body they give is bounded by the Reader's MaxPayloadSize.
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
	s.body = bodyReader{block: &x.block, coding: "", over: &s.over, limit: x.MaxPayloadSize}
	s.body.r, resp.Decoded = s.decode(resp.Header, resp.Decoded, x.MaxPayloadSize)
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
// The top's output is bounded by limit (not at all when limit <= 0),
// and the output of each decoder below by twice the limit.
func (s *httpState) decode(h Header, decoded []string, limit int64) (io.Reader, []string) {
	var r io.Reader = s.hb
	if codings := tokens(h.Values("Transfer-Encoding")); len(codings) > 0 && codings[len(codings)-1] == "chunked" {
		if looksChunked(s.hb) {
			s.chunked = chunkedReader{r: s.hb}
			r = &s.chunked
			decoded = append(decoded, "chunked")
		}
	}
	s.over = false
	codings := tokens(h.Values("Content-Encoding"))
	depth := 0
	for i := len(codings) - 1; i >= 0 && depth < maxCodings; i-- {
		c := codings[i]
		if c == "identity" {
			continue
		}
		l := &s.layers[depth]
		next, buffered := l.open(c, r)
		if next == nil {
			// The body does not carry this coding: the crawler decoded
			// it, and the codings applied before it, already. What
			// open peeked at is in buffered, unless the layer below
			// went over the limit (and so had too little to tell):
			// then r fails.
			if !s.over {
				r = buffered
			}
			break
		}
		// Twice the limit for a layer below the top: no encoder makes
		// a coding much larger than its input, and the bound is there
		// for the work, not to judge the payload.
		l.out = capReader{r: next, limit: layerLimit(limit), over: &s.over}
		r = &l.out
		decoded = append(decoded, c)
		depth++
	}
	if depth == 0 {
		s.top = capReader{r: r, limit: limit, over: &s.over}
		r = &s.top
	} else {
		s.layers[depth-1].out.limit = limit
	}
	return r, decoded
}

// layerLimit is the bound on the output of a content coding's decoder
// below the top of the stack, for a payload bounded by limit.
func layerLimit(limit int64) int64 {
	if limit <= 0 || limit > math.MaxInt64/2 {
		return 0
	}
	return 2 * limit
}

// open sets up l's decoder for the content coding c to read from r, and
// returns it, or nil when the data of r does not carry the coding; and
// the buffered reader of r that it peeked through, to read r's data
// from when it does not. That is hb itself when r is: a bufio.Reader
// over another of its size would be the same one (see
// bufio.NewReaderSize), and the next record's Reset would then point hb
// at a reader that reads from hb.
func (l *layer) open(c string, r io.Reader) (io.Reader, io.Reader) {
	b, ok := r.(*bufio.Reader)
	if !ok {
		if l.in == nil {
			l.in = bufio.NewReaderSize(nil, 4096)
		}
		l.in.Reset(r)
		b = l.in
	}
	head, _ := b.Peek(512)
	return l.decoder(c, b, head), b
}

// decoder returns l's decoder for the content coding c, set up to read
// from b, whose first bytes are head, or nil when head shows that b does
// not carry the coding.
func (l *layer) decoder(c string, b *bufio.Reader, head []byte) io.Reader {
	switch c {
	case "gzip", "x-gzip":
		if len(head) < 3 || !bytes.HasPrefix(head, gzipMagic) {
			return nil
		}
		if l.gz == nil {
			z, err := gzip.NewReader(b)
			if err != nil {
				return nil
			}
			l.gz = z
		} else if l.gz.Reset(b) != nil {
			return nil
		}
		return l.gz
	case "deflate":
		if isZlib(head) {
			if l.zl == nil {
				z, err := zlib.NewReader(b)
				if err != nil {
					return nil
				}
				l.zl = z
			} else if l.zl.(zlib.Resetter).Reset(b, nil) != nil {
				return nil
			}
			return l.zl
		}
		if looksText(head) {
			return nil
		}
		if l.fl == nil {
			l.fl = flate.NewReader(b)
		} else {
			l.fl.(flate.Resetter).Reset(b, nil)
		}
		return l.fl
	case "br":
		if looksText(head) || !brotliPrefix(head) {
			return nil
		}
		if l.br == nil {
			l.br = brotli.NewReader(b)
		} else {
			l.br.Reset(b)
		}
		return l.br
	}
	return nil
}

// capReader passes on what r reads up to limit bytes in all (with no
// limit when limit <= 0). When r has more, it sets *over, and returns
// errOverLimit from then on, as do the capReaders that share over.
type capReader struct {
	r     io.Reader
	n     int64 // bytes passed on
	limit int64
	over  *bool
}

func (c *capReader) Read(p []byte) (int, error) {
	if *c.over {
		return 0, errOverLimit
	}
	if c.limit <= 0 {
		return c.r.Read(p)
	}
	// One byte more than the limit allows tells a payload of exactly
	// limit bytes from a longer one.
	left := c.limit - c.n
	if int64(len(p)) > left+1 {
		p = p[:left+1]
	}
	n, err := c.r.Read(p)
	if int64(n) > left {
		*c.over = true
		c.n = c.limit
		return int(left), errOverLimit
	}
	c.n += int64(n)
	return n, err
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
	over   *bool  // the payload went over limit
	limit  int64
	err    error
}

func (b *bodyReader) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.r.Read(p)
	if err != nil && *b.over {
		// Whatever a decoder made of errOverLimit, an io.EOF included.
		rec := b.block.rec
		err = &PayloadSizeError{Limit: b.limit, Offset: rec.Offset, DecompressedOffset: rec.DecompressedOffset, TargetURI: rec.TargetURI}
	} else if err != nil && err != io.EOF {
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
