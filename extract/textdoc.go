package extract

import (
	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/internal/transcode"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/textlink"
	"golang.org/x/text/transform"
)

// textExtractor is the Extractor that NewText returns (see there).
type textExtractor struct {
	opts Options
	fn   func(*Link) error
	sc   *textlink.Scanner
	head charset.Head // input held until the charset is known
	pend []byte
	conv *iri.Converter
	err  error

	// For a charset other than UTF-8: the decoder, the UTF-8 text given
	// to the scanner, and for each of its bytes from offset obase on, the
	// offset in the input of the character it comes from.
	dec    transcode.OffsetDecoder
	u8     []byte
	offs   []int64
	obase  int64
	sink   []byte
	single bool // UTF-8: no decoding

	fed       int64  // bytes given to the scanner
	lineIndex        // the lines of its recent stream
	rbuf      []byte // ReadFrom's
}

// NewText returns a plain-text extractor, configured by opts, that calls
// fn for each link. The Link is valid only until fn returns.
//
// A Text extractor finds the links of a plain-text document (mail, chat,
// logs) as it streams through: like NewHTML's, a transform.Transformer whose
// output is its input, unchanged, calling a function for each link with
// Tag and Attr empty. Detection is package textlink's (UTS #58 and the IRI
// rules of 3987bis section 8.3).
//
// The charset comes from a byte order mark, then Options.Charset, then
// UTF-8 if the first bytes are valid UTF-8 and not all ASCII, then
// Options.DefaultCharset, then, as charset.Detect guesses it, the legacy
// charset the first charset.DetectLimit bytes are most likely in when some are
// not ASCII, else UTF-8 (a <meta> means nothing in plain text). A
// document in another charset is decoded for detection, and the offsets
// of its links are mapped back to its own bytes. A link's Href is the URL
// Standard's href of the text detected (textlink.Match.Href), as an
// attribute holding that text would get: a link written without a
// scheme ("www.example.com/x") gets "http://", an email address
// "mailto:". Queries are UTF-8 whatever the document's charset: a link in
// plain text is pasted into an address bar, not resolved by a page.
func NewText(opts Options, fn func(*Link) error) Extractor {
	t := &textExtractor{fn: fn}
	t.sc = textlink.NewScanner(t.match)
	t.ResetOptions(opts)
	return t
}

// ResetOptions readies t for a new document, as Reset does, configured by
// opts as NewText would configure it (see Extractor).
func (t *textExtractor) ResetOptions(opts Options) {
	t.opts = opts
	t.head.Init(charset.Text, opts.Charset, opts.DefaultCharset)
	t.sc.Oversize = nil
	if opts.Oversize != nil {
		t.sc.Oversize = t.dropped
	}
	t.Reset()
}

// Reset implements transform.Transformer.
func (t *textExtractor) Reset() {
	t.sc.Reset()
	t.head.Reset()
	t.pend, t.err, t.u8, t.offs, t.obase, t.single = nil, nil, nil, nil, 0, false
	t.fed, t.nl, t.nlBase = 0, t.nl[:0], 0
}

// Charset returns the document's charset once it is decided (see
// Extractor): from its first 1024 bytes, or 8 KiB when it may be guessed.
func (t *textExtractor) Charset() charset.Charset { return t.head.Charset() }

// Transform implements transform.Transformer: it copies src to dst and
// finds the links of what it copies.
func (t *textExtractor) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if t.err != nil {
		return 0, 0, t.err
	}
	var replay []byte
	if !t.head.Done() {
		rest, ready := t.head.Feed(src, atEOF)
		nSrc = len(src) - len(rest)
		if !ready {
			return 0, nSrc, nil
		}
		t.start()
		t.pend = t.head.Bytes()
		replay = t.pend
	}
	if len(t.pend) > 0 {
		n := copy(dst, t.pend)
		t.pend = t.pend[n:]
		nDst = n
		if len(t.pend) > 0 {
			// The head is fed below in full: its output waits in pend.
			if replay != nil {
				t.feed(replay, false)
			}
			return nDst, nSrc, transform.ErrShortDst
		}
	}
	if replay != nil {
		t.feed(replay, atEOF && nSrc == len(src))
	}
	rest := src[nSrc:]
	n := copy(dst[nDst:], rest)
	t.feed(rest[:n], atEOF && n == len(rest))
	nDst += n
	nSrc += n
	if t.err != nil {
		return nDst, nSrc, t.err
	}
	if nSrc < len(src) {
		return nDst, nSrc, transform.ErrShortDst
	}
	return nDst, nSrc, nil
}

// Feed finds the links of the next bytes of the document, b, without
// writing anything, as Extractor says. What it keeps: the first bytes until
// the charset is decided, then about 2*textlink.MaxLen bytes of text in
// which a link may still be found (decoded, for a charset other than
// UTF-8).
func (t *textExtractor) Feed(b []byte, atEOF bool) error {
	if t.err != nil {
		return t.err
	}
	if !t.head.Done() {
		var ready bool
		if b, ready = t.head.Feed(b, atEOF); !ready {
			return nil
		}
		t.start()
		t.feed(t.head.Bytes(), atEOF && len(b) == 0)
		if len(b) == 0 {
			return t.err
		}
	}
	t.feed(b, atEOF)
	return t.err
}

// Settled returns the offset in the input before which every link has
// been reported, as Extractor says. It trails the input read by at most
// about 2*textlink.MaxLen bytes of text (decoded, for a charset other than
// UTF-8), once the charset is decided.
func (t *textExtractor) Settled() int64 {
	if !t.head.Done() {
		return 0
	}
	return t.orig(t.sc.Settled())
}

// start prepares the decoding for the charset decided.
func (t *textExtractor) start() {
	t.conv = iri.NewConverter(iri.WithMode(iri.Web))
	if cs := t.head.Charset(); cs.Name == "utf-8" {
		t.single = true
	} else {
		t.dec.Reset(cs)
	}
}

// feed gives the input chunk b to the scanner, decoded if need be.
func (t *textExtractor) feed(b []byte, atEOF bool) {
	if t.single {
		t.scan(b, atEOF)
		return
	}
	// Decode one character at a time to know where each comes from.
	t.u8, t.offs = t.dec.Decode(t.u8[:0], t.offs, b, atEOF)
	t.scan(t.u8, atEOF)
	// Keep the offsets the scanner may still report: it holds at most
	// about textlink.MaxLen bytes behind what it has read.
	if keep := 4 * textlink.MaxLen; len(t.offs) > 2*keep {
		drop := len(t.offs) - keep
		t.offs = t.offs[:copy(t.offs, t.offs[drop:])]
		t.obase += int64(drop)
	}
}

func (t *textExtractor) scan(b []byte, atEOF bool) {
	t.countLines(b, t.fed)
	t.fed += int64(len(b))
	for len(b) > 0 || atEOF {
		if len(t.sink) < len(b) {
			t.sink = make([]byte, max(len(b), 4096))
		}
		_, n, err := t.sc.Transform(t.sink, b, atEOF)
		b = b[n:]
		if err == nil {
			break
		}
	}
	t.forgetLines(t.sc.Settled())
}

// orig maps an offset of the scanner's UTF-8 stream to the input.
func (t *textExtractor) orig(o int64) int64 {
	if t.single {
		return o
	}
	i := o - t.obase
	switch {
	case i < 0:
		return 0
	case i < int64(len(t.offs)):
		return t.offs[i]
	}
	return t.dec.Decoded()
}

// dropped reports a candidate the scanner dropped for its length, found
// at offset o of its stream.
func (t *textExtractor) dropped(o int64) {
	e := &OversizeError{Construct: ConstructTextLink, Offset: t.orig(o), Limit: textlink.MaxLen}
	e.Line, e.Column = t.posAt(o)
	t.opts.Oversize(e)
}

// match reports a link of the scanner.
func (t *textExtractor) match(m *textlink.Match) {
	if t.err != nil || t.opts.StrictText && !m.Strict() {
		return
	}
	l := &Link{Value: string(m.Raw), Start: t.orig(m.Start), End: t.orig(m.End)}
	if !t.opts.NoPosition {
		l.Line, l.Column = t.posAt(m.Start)
	}
	uri, err := m.Href()
	if err != nil {
		l.Err = err
	} else {
		l.Href = uri
		if !t.opts.NoIRI {
			l.IRI = uri
			if s, err := t.conv.ToIRI(uri); err == nil {
				l.IRI = s
			}
		}
	}
	if err := t.fn(l); err != nil {
		t.err = err
	}
}
