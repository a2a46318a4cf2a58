package extract

import (
	"fmt"
	"io"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/cssurl"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/internal/transcode"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/weburl"
	"golang.org/x/text/encoding"
)

// cssExtractor is the Extractor that NewCSS returns (see there).
type cssExtractor struct {
	opts Options
	fn   func(*Link) error
	sc   cssurl.Scanner
	head charset.Head    // input held until the charset is known
	cs   charset.Charset // the charset, once known
	conv *iri.Converter
	base *weburl.URL
	dec  *encoding.Decoder
	err  error

	// For a charset other than UTF-8, the input from holdAt on: the text
	// of the URL in progress, to decode before its escapes (lost when
	// it is longer than the scanner keeps).
	hold   []byte
	holdAt int64
	lost   bool

	fed       int64  // bytes given to the scanner
	lineIndex        // the lines of the recent stream
	rbuf      []byte // ReadFrom's
}

// NewCSS returns a style sheet extractor, configured by opts, that calls
// fn for each link. The Link is valid only until fn returns.
//
// A CSS extractor finds the links of a style sheet (a .css file) as it
// streams through: like NewHTML's, a transform.Transformer whose output is its
// input, unchanged, calling a function for each url(), @import and
// image-set() string that cssurl.Scanner finds. Each Link has Kind KindCSS,
// Role RoleResource, Tag and Attr empty, and CSSQuote set; Start and End are
// the span of the URL's text as written (escapes included, quotes and
// the white space inside url( ) excluded).
//
// The charset is found as CSS Syntax Module Level 3 says (section 3.2,
// "determine the fallback encoding"): a byte order mark, then
// Options.Charset (the transport's), then an @charset "label"; rule at the
// very start (a UTF-16 label meaning UTF-8), then Options.DefaultCharset
// (the referring document's), then UTF-8. The style sheet is read in its
// own bytes, decoding only URL values; a charset that is not
// ASCII-compatible (UTF-16, ISO-2022-JP) is not supported and makes
// Transform fail with an error that says so, the bytes before it passed
// through.
//
// Links resolve against Options.BaseURL, the style sheet's own URL, with
// their queries in UTF-8 whatever the style sheet's charset: browsers
// encode every URL of CSS in UTF-8 (CSS Values, as the CSS Working Group
// resolved in w3c/csswg-drafts#9301). A URL longer than
// 64 KiB is not examined: it is reported to Options.Oversize, not as a
// link; but a data: URL that long is not reported at all (it has no link
// to follow, nothing to rewrite).
func NewCSS(opts Options, fn func(*Link) error) Extractor {
	c := &cssExtractor{fn: fn}
	c.ResetOptions(opts)
	return c
}

// ResetOptions readies c for a new style sheet, as Reset does, configured
// by opts as NewCSS would configure it (see Extractor).
func (c *cssExtractor) ResetOptions(opts Options) {
	c.opts = opts
	c.head.Init(charset.CSS, opts.Charset, opts.DefaultCharset)
	c.Reset()
}

// Reset implements transform.Transformer.
func (c *cssExtractor) Reset() {
	c.sc.Reset()
	c.head.Reset()
	c.cs, c.err = charset.Charset{}, nil
	c.dec, c.hold, c.holdAt, c.lost = nil, c.hold[:0], 0, false
	c.fed, c.nl, c.nlBase = 0, c.nl[:0], 0
}

// Charset returns the style sheet's charset once it is decided (see
// Extractor): from its first 1024 bytes.
func (c *cssExtractor) Charset() charset.Charset { return c.head.Charset() }

// Transform implements transform.Transformer: it copies src to dst and
// finds the links of what it copies.
func (c *cssExtractor) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if c.err != nil {
		return 0, 0, c.err
	}
	return copyFeed(dst, src, atEOF, c.Feed)
}

// Feed finds the links of the next bytes of the style sheet, b, without
// writing anything, as Extractor says. What it keeps: the first 1024 bytes
// until the charset is decided, then the text of the URL being read.
func (c *cssExtractor) Feed(b []byte, atEOF bool) error {
	if c.err != nil {
		return c.err
	}
	if !c.head.Done() {
		var ready bool
		if b, ready = c.head.Feed(b, atEOF); !ready {
			return nil
		}
		if c.start(); c.err != nil {
			return c.err
		}
		c.scan(c.head.Bytes(), atEOF && len(b) == 0)
		if len(b) == 0 {
			return c.err
		}
	}
	c.scan(b, atEOF)
	return c.err
}

// ReadFrom finds the links of the style sheet that r holds, reading it to
// its end, as the HTML extractor's does.
func (c *cssExtractor) ReadFrom(r io.Reader) (int64, error) {
	return feedAll(r, &c.rbuf, c)
}

// Settled returns the offset in the input before which every link has
// been reported, as Extractor says: the bytes after it are those of the
// URL being read.
func (c *cssExtractor) Settled() int64 {
	if !c.head.Done() {
		return 0
	}
	if p, ok := c.sc.Pending(); ok {
		return p
	}
	return c.fed
}

// An unsupportedCharsetError is the error of a style sheet in a charset
// that is not ASCII-compatible.
type unsupportedCharsetError struct{ name string }

func (e *unsupportedCharsetError) Error() string {
	return fmt.Sprintf("extract: style sheets in %s are not supported (only ASCII-compatible charsets are)", e.name)
}

// start prepares the conversions for the charset decided, or fails.
func (c *cssExtractor) start() {
	c.cs = c.head.Charset()
	switch c.cs.Name {
	case "utf-16le", "utf-16be", "iso-2022-jp", "replacement":
		c.err = &unsupportedCharsetError{c.cs.Name}
		return
	}
	c.conv = iri.NewConverter(iri.WithMode(iri.Web))
	c.base = nil
	if c.opts.BaseURL != "" {
		if u, err := weburl.Parse(c.opts.BaseURL, nil); err == nil {
			c.base = u
		}
	}
}

// scan gives b, the next bytes of the style sheet, to the scanner.
func (c *cssExtractor) scan(b []byte, atEOF bool) {
	c.countLines(b, c.fed)
	legacy := c.cs.Name != "utf-8"
	if legacy && !c.lost {
		c.hold = append(c.hold, b...)
	}
	c.sc.Feed(b, c.fed, c.found)
	c.fed += int64(len(b))
	if atEOF {
		c.sc.Close(c.found)
	}
	// Forget the newlines (and held bytes) before the earliest place a
	// link can still start.
	keep := c.fed
	if p, ok := c.sc.Pending(); ok {
		keep = p
	}
	if legacy {
		if keep > c.holdAt {
			c.lost = c.lost && keep < c.fed
			if !c.lost {
				c.hold = c.hold[:copy(c.hold, c.hold[min(keep-c.holdAt, int64(len(c.hold))):])]
			}
			c.holdAt = keep
		}
		if int64(len(c.hold)) > cssMaxLen(&c.sc)+64 {
			c.lost, c.hold = true, c.hold[:0]
		}
	}
	c.forgetLines(keep)
}

// found reports a URL of the scanner.
func (c *cssExtractor) found(u cssurl.URL) {
	if c.err != nil {
		return
	}
	if u.Oversize {
		if c.opts.Oversize != nil {
			e := &OversizeError{Construct: ConstructCSSURL, Offset: u.Start, Limit: int(cssMaxLen(&c.sc))}
			e.Line, e.Column = c.posAt(u.Start)
			c.opts.Oversize(e)
		}
		return
	}
	l := &Link{Role: htmlattr.RoleResource, Kind: htmlattr.KindCSS, CSSQuote: u.Quote, Base: c.base,
		Start: u.Start, End: u.End}
	if !c.opts.NoPosition {
		l.Line, l.Column = c.posAt(u.Start)
	}
	l.Value = c.value(u)
	c.resolve(l)
	if err := c.fn(l); err != nil {
		c.err = err
	}
}

// value returns the value of u in UTF-8. In another charset, the URL's
// text is decoded first, then its escapes, as CSS decodes a style sheet
// before it tokenizes it: an escape means a code point, not a byte of
// the charset.
func (c *cssExtractor) value(u cssurl.URL) string {
	if c.cs.Name == "utf-8" {
		return u.Value
	}
	if c.dec == nil {
		c.dec = c.cs.Encoding.NewDecoder()
	}
	c.dec.Reset()
	i, j := u.Start-c.holdAt, u.End-c.holdAt
	if c.lost || i < 0 || j > int64(len(c.hold)) || i > j {
		// Not held (which should not happen): the scanner's value.
		return string(transcode.DecodeAll(nil, c.dec, []byte(u.Value)))
	}
	text := c.hold[i:j]
	if isASCIIBytes(text) && isASCIIBytes([]byte(u.Value)) {
		return u.Value
	}
	// Scan the decoded text again, in the syntax it was found in.
	var b []byte
	if u.Quote != 0 {
		b = append(b, "url("...)
		b = append(b, u.Quote)
		b = transcode.DecodeAll(b, c.dec, text)
		b = append(b, u.Quote, ')')
	} else {
		b = append(b, "url("...)
		b = transcode.DecodeAll(b, c.dec, text)
		b = append(b, ')')
	}
	v, n := "", 0
	cssurl.Find(b, func(w cssurl.URL) { v, n = w.Value, n+1 })
	if n != 1 {
		c.dec.Reset()
		return string(transcode.DecodeAll(nil, c.dec, []byte(u.Value)))
	}
	return v
}

func (c *cssExtractor) resolve(l *Link) {
	if c.opts.Unresolved {
		return
	}
	var uri string
	var err error
	if c.base != nil {
		uri, err = weburl.NewParser(nil).Resolve(l.Value, c.base)
	} else {
		uri, err = c.conv.ToURI(l.Value)
	}
	if err != nil {
		l.Err = err
		return
	}
	l.Href, l.IRI = uri, displayIRI(c.conv, &c.opts, uri)
}
