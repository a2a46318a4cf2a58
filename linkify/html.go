package linkify

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/htmltok"
	"github.com/relink-go/relink/iri"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// DefaultSkip are the elements in whose text an HTML linkifier makes no
// link when Options.Skip is nil: code, commands and their output (pre,
// code, kbd, samp, tt, listing), where "user@example.org" or
// "setup.py" is what to type and not a link; controls, whose text is a
// label (button, select, option, optgroup, datalist: the parser drops
// an a element in a select); template, whose content is markup for a
// script to use; and foreign content (svg, math), where an a element is
// SVG's or MathML's and not HTML's.
var DefaultSkip = []string{
	"pre", "code", "kbd", "samp", "tt", "listing",
	"button", "select", "option", "optgroup", "datalist",
	"template", "svg", "math",
}

// alwaysSkip are the elements whose text an HTML linkifier never
// linkifies, whatever Options.Skip says: a link in a link is no link,
// and a browser that runs scripts reads the content of noscript as raw
// text. (The text of script, style, textarea, title, xmp, iframe,
// noembed, noframes and plaintext is not ordinary text and is never
// searched.)
var alwaysSkip = []string{"a", "noscript"}

// HTML linkifies an HTML document: a transform.Transformer whose output
// is its input with each link written as plain text in its text made an
// a element. It finds the links that a Linkifier finds in plain text,
// in the text of the document as a browser reads it (character
// references decoded, in the document's charset), and writes each
// as
//
//	<a href="URI" rel="nofollow noopener">text as written</a>
//
// where the start tag is the one a Linkifier writes (href the URI, rel
// and target as Options say, dir="ltr" to isolate a link that holds
// right-to-left characters or follows a bidi formatting character in its
// paragraph (since the last tag of a block element or br), title when
// Options.MaxText shortens the text), and the
// visible text is the link's bytes as written, character references
// and all ("&amp;" stays "&amp;"), when they read as its display form
// (iri.ToIRI: most links), and else its display form: a link written
// with an A-label host or with percent-encoded UTF-8, or shortened,
// shows as a Linkifier shows it. Every other byte of the document is
// unchanged. What is inserted is written in the document's charset: in
// UTF-16, as UTF-16; a character of a title or of a display form that
// the charset cannot encode (any non-ASCII character, in a charset that
// is only guessed) as a character reference; in ISO-2022-JP, inside
// escape sequences that return to ASCII and back.
//
// No link is made in attributes, comments, raw text (script, style,
// textarea, title, xmp, iframe, noembed, noframes, plaintext), the text
// of an a element or of noscript, the text of a table outside its cells
// (which the parser moves before the table), nor in that of the elements of
// Options.Skip (DefaultSkip when nil). A link is never made across a
// tag. So the output linkified again is the same: the links made are
// in a elements.
//
// The charset is decided as extract.HTML decides it (a byte order mark,
// Options.Charset, a <meta> declaration, Options.DefaultCharset, a
// guess). Memory is bounded as extract.HTML's is: the first bytes until
// the charset is known, a tag, and a run of text between two tags, at
// most 64 KiB (a longer run is searched in pieces, and a link across
// two pieces is not made). Options.Format and Options.Layout do not
// apply.
//
// Stats counts the links made, those left as text (Invalid: no URI or
// a scheme not linked; Vetoed by Options.Edit) and the candidates
// longer than textlink.MaxLen (Oversize).
type HTML struct {
	linker
	x extract.Extractor

	pend   []byte // input from offset base on, not yet written
	base   int64
	edits  []htmlEdit
	out    []byte // output ready to be copied to dst, from outPos on
	outPos int
	stats  Stats
	err    error

	started bool
	cs      charset.Charset
	enc     *encoding.Encoder // cs's, for what is inserted: nil for UTF-8 and when only ASCII is written
	asciiIn bool              // characters beyond ASCII are inserted as character references
	jis     bool              // ISO-2022-JP
	jisSeq  []byte            // the escape sequence in force where the output is (nil: ASCII)

	closeA []byte // "</a>" in the charset

	bidi     bool   // the input written holds a bidi formatting character since the last block tag
	bidiTail []byte // the last bytes of the input written, while not bidi
	scratch  []byte // a start tag, in UTF-8
	encoded  []byte // the same, encoded
}

// An htmlEdit is what an HTML linkifier writes of a link: the start tag
// of link before the input bytes [start, end), text in their place (nil
// to keep them), and the end tag after them. rtl says that the link's
// text holds right-to-left characters.
type htmlEdit struct {
	start, end int64
	link       Link
	rtl        bool
	text       []byte
}

// NewHTML returns an HTML linkifier configured by opts.
func NewHTML(opts Options) *HTML {
	h := &HTML{linker: newLinker(opts)}
	skip := opts.Skip
	if skip == nil {
		skip = DefaultSkip
	}
	xo := extract.Options{
		Charset:        opts.Charset,
		DefaultCharset: opts.DefaultCharset,
		TextLinks:      true,
		StrictText:     opts.Strict,
		TextSkip:       append(append([]string(nil), alwaysSkip...), skip...),
		Unresolved:     true,
		Immediate:      true,
		Oversize: func(e *extract.OversizeError) {
			if e.Construct == extract.ConstructTextLink {
				h.stats.Oversize++
			}
		},
	}
	h.x = extract.NewHTML(xo, h.found)
	return h
}

// HTMLString returns the HTML document s linkified as opts say; see
// HTML.
func HTMLString(s string, opts Options) string {
	out, _, _ := transform.String(NewHTML(opts), s)
	return out
}

// Reset implements transform.Transformer: h is ready for a new
// document, with the same Options.
func (h *HTML) Reset() {
	h.x.Reset()
	h.pend, h.base = h.pend[:0], 0
	h.edits = h.edits[:0]
	h.out, h.outPos = h.out[:0], 0
	h.stats, h.err = Stats{}, nil
	h.started, h.cs, h.enc = false, charset.Charset{}, nil
	h.asciiIn, h.jis, h.jisSeq = false, false, nil
	h.bidi, h.bidiTail = false, h.bidiTail[:0]
}

// Stats returns what h has found in the document so far.
func (h *HTML) Stats() Stats { return h.stats }

// Charset returns the document's charset, once known.
func (h *HTML) Charset() charset.Charset { return h.x.Charset() }

// Transform implements transform.Transformer: it writes the document
// that src continues, linkified. It takes all of src at each call; an
// error is the extractor's.
func (h *HTML) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if h.err != nil {
		return 0, 0, h.err
	}
	for {
		if h.outPos < len(h.out) {
			n := copy(dst[nDst:], h.out[h.outPos:])
			nDst += n
			h.outPos += n
			if h.outPos < len(h.out) {
				return nDst, nSrc, transform.ErrShortDst
			}
		}
		h.out, h.outPos = h.out[:0], 0
		if nSrc == len(src) && (!atEOF || h.pend == nil) {
			return nDst, nSrc, nil
		}
		in := src[nSrc:]
		h.pend = append(h.pend, in...)
		nSrc = len(src)
		if err := h.x.Feed(in, atEOF); err != nil {
			h.err = err
			return nDst, nSrc, err
		}
		upto := h.x.Settled()
		if atEOF {
			upto = h.base + int64(len(h.pend))
		}
		h.emit(upto)
		if atEOF {
			h.pend = nil
		}
	}
}

// start readies the writing of what is inserted, in the charset decided.
func (h *HTML) start() {
	h.started = true
	h.cs = h.x.Charset()
	h.enc = nil
	switch h.cs.Name {
	case "utf-8":
	case "iso-2022-jp":
		h.jis, h.asciiIn = true, true
	default:
		if h.cs.Guessed {
			h.asciiIn = true
		}
		if strings.HasPrefix(h.cs.Name, "utf-16") || !h.asciiIn {
			h.enc = encoding.HTMLEscapeUnsupported(h.cs.Encoding.NewEncoder())
		}
	}
	h.closeA = h.encode(nil, []byte("</a>"))
}

// found is the extractor's callback: l is a link of the document, of
// which only those found in text are made links.
func (h *HTML) found(l *extract.Link) error {
	if l.Tag != "" || l.Kind != 0 {
		return nil // a link of an attribute or of CSS: a link already
	}
	if !h.started {
		h.start()
	}
	if l.Err != nil {
		h.stats.Invalid++
		return nil
	}
	if l.Start < h.base || l.End > h.base+int64(len(h.pend)) {
		// Never: the extractor settles no text before reporting its links.
		h.stats.Invalid++
		return nil
	}
	value := l.Value
	if strings.ContainsFunc(value, isSpace) {
		// Wrapped in <...>: its bytes, white space and all, are its
		// text, which shows as its display form in HTML.
		value = strings.Map(dropSpace, value)
	}
	scheme, email := l.Href, false
	if i := strings.IndexByte(scheme, ':'); i > 0 {
		scheme = scheme[:i+1]
		email = scheme == "mailto:"
	}
	written := len(value) >= len(scheme) && strings.EqualFold(value[:len(scheme)], scheme)
	lk, ok, invalid := h.decide(value, l.Start, l.End, written, email)
	switch {
	case invalid:
		h.stats.Invalid++
		return nil
	case !ok:
		h.stats.Vetoed++
		return nil
	}
	h.stats.Links++
	e := htmlEdit{start: l.Start, end: l.End, link: lk, rtl: iri.NeedsEmbedding(lk.Text, iri.LeftToRight)}
	if lk.Text != value {
		h.scratch = appendHTMLText(h.scratch[:0], []byte(lk.Text))
		e.text = h.encode(nil, h.scratch)
	}
	h.edits = append(h.edits, e)
	return nil
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' }

func dropSpace(r rune) rune {
	if isSpace(r) {
		return -1
	}
	return r
}

// encode appends b, UTF-8 HTML with its special characters escaped, in
// the document's charset: characters the charset cannot encode (every
// non-ASCII one, when asciiIn) as character references.
func (h *HTML) encode(dst, b []byte) []byte {
	switch {
	case h.asciiIn:
		for len(b) > 0 {
			r, n := utf8.DecodeRune(b)
			if r < utf8.RuneSelf {
				dst = append(dst, b[0])
			} else {
				dst = append(dst, "&#"...)
				dst = strconv.AppendInt(dst, int64(r), 10)
				dst = append(dst, ';')
			}
			b = b[n:]
		}
		return dst
	case h.enc != nil:
		out, _, err := transform.Bytes(h.enc, b)
		if err != nil {
			return h.encodeRefs(dst, b)
		}
		return append(dst, out...)
	}
	return append(dst, b...)
}

// encodeRefs is encode with asciiIn: the fallback when the encoder
// fails.
func (h *HTML) encodeRefs(dst, b []byte) []byte {
	a := h.asciiIn
	h.asciiIn = true
	dst = h.encode(dst, b)
	h.asciiIn = a
	if h.enc != nil && strings.HasPrefix(h.cs.Name, "utf-16") {
		out, _, _ := transform.Bytes(h.enc, dst)
		return out
	}
	return dst
}

// emit moves the input before offset upto to the output, with the
// links made.
func (h *HTML) emit(upto int64) {
	if upto <= h.base {
		return
	}
	b := h.pend[:int(upto-h.base)]
	pos := 0
	i := 0
	for ; i < len(h.edits); i++ {
		e := &h.edits[i]
		if e.end > upto {
			break
		}
		s, t := int(e.start-h.base), int(e.end-h.base)
		h.raw(b[pos:s])
		h.scratch = appendStartTag(h.scratch[:0], &e.link, h.bidi || e.rtl)
		h.encoded = h.encode(h.encoded[:0], h.scratch)
		h.inserted(h.encoded)
		if e.text == nil {
			h.raw(b[s:t])
		} else {
			h.inserted(e.text)
			h.jisState(b[s:t])
			if !h.bidi {
				h.bidi = h.bidiIn(b[s:t])
			}
		}
		h.inserted(h.closeA)
		pos = t
	}
	h.raw(b[pos:])
	h.edits = h.edits[:copy(h.edits, h.edits[i:])]
	h.pend = h.pend[:copy(h.pend, h.pend[len(b):])]
	h.base = upto
}

// raw writes bytes of the input.
func (h *HTML) raw(b []byte) {
	h.out = append(h.out, b...)
	h.jisState(b)
	if h.bidi {
		if i := h.lastBlock(b); i >= 0 {
			// A new paragraph: what came before it no longer counts.
			h.bidi, h.bidiTail, b = false, h.bidiTail[:0], b[i:]
		}
	}
	if !h.bidi {
		// With the end of what came before: a character reference
		// may be cut between two pieces.
		h.bidiTail = append(h.bidiTail, b...)
		h.bidi = h.bidiIn(h.bidiTail)
		if h.bidi {
			if i := h.lastBlock(b); i >= 0 {
				h.bidi = h.bidiIn(b[i:]) // only after the paragraph's start
			}
		}
		k := max(0, len(h.bidiTail)-16)
		h.bidiTail = h.bidiTail[:copy(h.bidiTail, h.bidiTail[k:])]
	}
}

// blockTags are the elements whose tags end a paragraph for the bidi
// algorithm (and for bidi formatting characters, which apply up to its
// end): block elements and br.
var blockTags = map[string]bool{
	"p": true, "div": true, "br": true, "li": true, "ul": true, "ol": true, "dl": true, "dt": true, "dd": true,
	"tr": true, "td": true, "th": true, "table": true, "caption": true, "h1": true, "h2": true, "h3": true,
	"h4": true, "h5": true, "h6": true, "blockquote": true, "pre": true, "hr": true, "section": true,
	"article": true, "aside": true, "header": true, "footer": true, "nav": true, "main": true, "body": true,
	"details": true, "summary": true, "figure": true, "figcaption": true, "address": true, "fieldset": true,
}

// lastBlock returns the index in the input b of the last start or end
// tag of an element of blockTags, or -1. In UTF-16 it finds none: a bidi
// formatting character there counts to the end of the document.
func (h *HTML) lastBlock(b []byte) int {
	if strings.HasPrefix(h.cs.Name, "utf-16") {
		return -1
	}
	for end := len(b); ; {
		i := bytes.LastIndexByte(b[:end], '<')
		if i < 0 {
			return -1
		}
		j := i + 1
		if j < len(b) && b[j] == '/' {
			j++
		}
		k := j
		for k < len(b) && k-j < 10 && ('a' <= b[k]|0x20 && b[k]|0x20 <= 'z' || '1' <= b[k] && b[k] <= '6') {
			k++
		}
		if k > j && k < len(b) && (b[k] == '>' || b[k] == '/' || b[k] == ' ' || b[k] == '\t' || b[k] == '\n' || b[k] == '\r' || b[k] == '\f') &&
			blockTags[strings.ToLower(string(b[j:k]))] {
			return i
		}
		end = i
	}
}

// inserted writes inserted bytes, which are ASCII in ISO-2022-JP: inside
// the escape sequences that switch to ASCII and back to the state the
// input is in there.
func (h *HTML) inserted(b []byte) {
	if h.jisSeq == nil {
		h.out = append(h.out, b...)
		return
	}
	h.out = append(h.out, "\x1b(B"...)
	h.out = append(h.out, b...)
	h.out = append(h.out, h.jisSeq...)
}

// jisState follows the escape sequences of ISO-2022-JP input b: jisSeq
// is the last one, nil when it is the one of ASCII.
func (h *HTML) jisState(b []byte) {
	if !h.jis {
		return
	}
	for {
		i := bytes.IndexByte(b, 0x1b)
		if i < 0 || i+2 >= len(b) {
			return
		}
		seq := b[i : i+3]
		b = b[i+1:]
		switch string(seq) {
		case "\x1b(B":
			h.jisSeq = nil
		case "\x1b(J", "\x1b$@", "\x1b$B", "\x1b(I":
			h.jisSeq = append(h.jisSeq[:0], seq...)
		}
	}
}

// bidiIn reports whether the input b holds a bidi formatting character
// (U+202A to U+202E, U+2066 to U+2069), as written or as a numeric
// character reference.
func (h *HTML) bidiIn(b []byte) bool {
	u8 := b
	switch {
	case h.cs.Name == "utf-8" || h.jis:
	case strings.HasPrefix(h.cs.Name, "utf-16") || h.cs.Name == "gb18030":
		u8, _, _ = transform.Bytes(h.cs.Encoding.NewDecoder(), b)
	default:
		// No other charset has these characters.
	}
	if hasBidiControl(u8) {
		return true
	}
	for {
		i := bytes.Index(u8, []byte("&#"))
		if i < 0 {
			return false
		}
		u8 = u8[i:]
		j := bytes.IndexByte(u8[:min(len(u8), 16)], ';')
		if j < 0 {
			j = min(len(u8), 12)
		}
		dec := htmltok.UnescapeText(nil, u8[:j+min(1, len(u8)-j)], nil)
		if hasBidiControl(dec) {
			return true
		}
		u8 = u8[2:]
	}
}

// hasBidiControl reports whether the UTF-8 text b holds a bidi
// formatting character.
func hasBidiControl(b []byte) bool {
	for {
		i := bytes.IndexByte(b, 0xE2)
		if i < 0 || i+2 >= len(b) {
			return false
		}
		if c1, c2 := b[i+1], b[i+2]; c1 == 0x80 && 0xAA <= c2 && c2 <= 0xAE || c1 == 0x81 && 0xA6 <= c2 && c2 <= 0xA9 {
			return true
		}
		b = b[i+1:]
	}
}
