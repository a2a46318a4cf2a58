package htmltok

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/bits"
)

// DefaultMaxTagSize is the default limit on the length of a tag, comment,
// doctype or CDATA section: 1 MiB.
const DefaultMaxTagSize = 1 << 20

// minMaxTagSize is the smallest limit MaxTagSize accepts: every decision
// the tokenizer makes from the first bytes of a construct (its kind, the
// tag names it must recognize, the longest being "annotation-xml") is made
// within that many bytes.
const minMaxTagSize = 32

// heldMax is the longest undecided "<..." prefix of text that the
// tokenizer holds between calls: "</" + "plaintext"-long name + 1.
const heldMax = 16

// An Option configures a Tokenizer.
type Option func(*Tokenizer)

// MaxTagSize sets the longest tag, comment, doctype or CDATA section, in
// bytes, that the tokenizer examines; a longer one becomes Oversize
// tokens. n below 32 is taken as 32. The default is DefaultMaxTagSize.
func MaxTagSize(n int) Option {
	return func(z *Tokenizer) {
		z.maxTag = max(n, minMaxTagSize)
	}
}

// A Tokenizer splits HTML into tokens, incrementally: the input is given
// to Next in pieces of any size, split anywhere, and the tokens (after
// joining adjacent Text and adjacent Oversize tokens) do not depend on how
// it was split. It works on the raw bytes of a document in any
// ASCII-compatible charset (UTF-8, windows-125x, ISO-8859-x, KOI8,
// Shift_JIS, EUC-JP, GBK, Big5...): nothing is decoded. ISO-2022-JP,
// UTF-16 and other charsets where markup characters can occur inside
// multi-byte characters must be transcoded first.
//
// Memory is bounded: the tokenizer buffers only the bytes of a tag,
// comment, doctype or CDATA section that spans calls to Next, up to
// MaxTagSize bytes, and at most 16 bytes of text ("</scri" at the end of
// a piece of script, which may turn out to be an end tag).
//
// The zero Tokenizer is not ready to use: call New.
type Tokenizer struct {
	maxTag int

	off int64 // stream offset of the next byte not yet consumed

	// Text state.
	raw    RawText // element whose content the text is, NotRaw in data
	script uint8   // script data substate, when raw == Script
	dashes uint8   // count of '-' just read in the script escaped states, capped at 2

	// Markup in progress. st is mNone when there is none.
	st     mstate
	buf    []byte // bytes of the construct in progress, from its '<', or held text
	held   bool   // buf is an undecided "<..." in text
	over   bool   // the construct in progress is oversize: its bytes are passed on
	pos    int    // next position of buf to scan
	mstart int64  // stream offset of buf[0]
	hist   [3]byte
	isEnd  bool // the tag is an end tag
	selfCl bool // the tag ends with "/>"
	rec    bool // record attribute spans (start tag, not oversize)
	// For emitTag: scanTag found the tag name in lower case already
	// (lowerName), and an attribute name that is not (upperAttr).
	lowerName, upperAttr bool
	kind                 tagKind
	decl                 mdecl
	// mark is the end of a tag name, the start of a bogus comment's
	// data, or the end of a comment's, doctype's or CDATA section's data.
	mark   int
	eofEnd bool // the construct was ended by the end of the input
	spans  []aspan

	ctx foreignStack

	// skip holds a bit for each RawText (1<<r) whose Text tokens Next may
	// pass over (SkipText).
	skip uint16
	// skipEnd: Next passes over the end tags not named in keep
	// (SkipEndTags).
	skipEnd bool
	keep    []string
	// keepTab[c] has bit n set when keep has a name of length n (< 16)
	// that begins with c.
	keepTab *[256]uint16
	// keepStart: the start tags Next returns (SkipStartTags), when set.
	keepStart func(*Token) bool
	// skipStart: Next passes over the start tags that are not named in
	// startNames and have no attribute named in startAttrs
	// (SkipStartTagsExcept); nameTab and attrTab hold their shapes
	// (shapeAdd).
	skipStart              bool
	startNames, startAttrs []string
	nameTab, attrTab       *[256]uint64
	passClass              bool // class is not in attrTab
	// lt: where passOver, just run, stopped: the offset of the '<' of
	// markup from the end of what it passed over (0 if unknown). The
	// text before it, if any, is ordinary text with no markup.
	lt int
	// tags: Next may pass over tags (skipEnd, keepStart or skipStart).
	tags bool

	tok     Token
	attrs   []Attr
	scratch []byte
	dupTab  []int32
}

// aspan is an attribute being scanned: offsets within the token.
type aspan struct {
	name, nameEnd, val, valEnd int32
	quote                      byte
}

type mstate uint8

const (
	mNone mstate = iota
	mTagOpen
	mEndTagOpen
	mTagName
	mBeforeAttrName
	mAttrName
	mAfterAttrName
	mBeforeAttrValue
	mAttrValueDQ
	mAttrValueSQ
	mAttrValueUQ
	mAfterAttrValueQuoted
	mSelfClosing
	mMarkupDecl
	mComment
	mBogus
	mDoctype
	mCDATA
)

// mdecl says which non-tag construct a markup token is.
type mdecl uint8

const (
	dNone     mdecl = iota
	dEmptyEnd       // "</>"
	dBogus
	dComment
	dDoctype
	dCDATA
)

// Script data substates.
const (
	scData uint8 = iota
	scEscaped
	scDouble
)

// New returns a Tokenizer in the data state at the start of a document.
func New(opts ...Option) *Tokenizer {
	z := &Tokenizer{maxTag: DefaultMaxTagSize}
	for _, o := range opts {
		o(z)
	}
	return z
}

// Reset makes z ready for a new document, keeping its options, its
// SkipText, SkipEndTags and SkipStartTags settings and its buffers.
func (z *Tokenizer) Reset() {
	*z = Tokenizer{
		maxTag:     z.maxTag,
		skip:       z.skip,
		skipEnd:    z.skipEnd,
		keep:       z.keep,
		keepTab:    z.keepTab,
		keepStart:  z.keepStart,
		skipStart:  z.skipStart,
		startNames: z.startNames,
		startAttrs: z.startAttrs,
		nameTab:    z.nameTab,
		attrTab:    z.attrTab,
		passClass:  z.passClass,
		tags:       z.tags,
		buf:        z.buf[:0],
		spans:      z.spans[:0],
		attrs:      z.attrs[:0],
		scratch:    z.scratch[:0],
		dupTab:     z.dupTab,
	}
}

// Offset returns the stream offset of the next byte Next will consume.
func (z *Tokenizer) Offset() int64 { return z.off }

// Passed returns the stream offset up to which every byte consumed has
// been returned in a token or passed over (SkipText, SkipEndTags,
// SkipStartTags): Offset
// less the start of a construct or text that the tokenizer holds, not yet
// returned.
func (z *Tokenizer) Passed() int64 {
	if z.held || !z.over && z.st != mNone {
		return z.mstart
	}
	return z.off
}

// Next consumes a prefix src[:n] of its input and returns the next token,
// if one is complete.
//
// src is the input following what earlier calls consumed; atEOF reports
// that it is the rest of the document. Bytes that Next does not consume
// (n < len(src)) must be passed again, first, in the next call.
//
// When a token is complete, Next returns it; tok is valid until the next
// call to Next or Reset, and tok.Raw points into src or into the
// tokenizer's buffer. Otherwise tok is nil and n == len(src): the
// tokenizer has kept the start of a tag (or other markup) internally and
// needs more input, and it is returned as a token by a later call; or,
// with SkipText, SkipEndTags or SkipStartTags, it has passed over the
// rest of src (Passed tells which). When atEOF
// is set, Next keeps returning tokens until the input is exhausted, then
// returns (nil, 0, io.EOF). An unfinished construct at the end is
// returned as the WHATWG tokenizer ends it: an unterminated comment,
// doctype or CDATA section as such, "<" and "</" as Text, and a start or
// end tag as EOFInTag.
//
// err is io.EOF at the end and nil otherwise: HTML has no syntax errors
// that stop tokenization.
func (z *Tokenizer) Next(src []byte, atEOF bool) (tok *Token, n int, err error) {
	switch {
	case z.over:
		return z.nextOversize(src, atEOF)
	case z.held:
		return z.nextHeld(src, atEOF)
	case z.st != mNone:
		return z.nextBuffered(src, atEOF)
	}
	if !z.tags {
		return z.next(src, atEOF)
	}
	for {
		// passOver, unless it would stop at once: at text that is
		// returned (an a element's, for extract).
		if z.passing() && n < len(src) && (src[n] == '<' || z.skip&(1<<NotRaw) != 0) {
			n += z.consume(z.passOver(src[n:], atEOF))
		}
		tok, k, err := z.next(src[n:], atEOF)
		n += k
		if tok == nil || tok.Type == Text || !z.skips(tok) || atEOF && n == len(src) {
			return tok, n, err
		}
		// Passed over (SkipEndTags, SkipStartTags); the tokenizer is in
		// the state the tag left it in.
		if n == len(src) {
			return nil, n, nil
		}
	}
}

// setTags sets z.tags after a change of the settings it sums up.
func (z *Tokenizer) setTags() {
	z.tags = z.skipEnd || z.keepStart != nil || z.skipStart
}

// skips reports whether Next passes over the tag tok.
func (z *Tokenizer) skips(tok *Token) bool {
	switch tok.Type {
	case EndTag:
		return z.skipEnd && !z.keepEnd(tok.Name)
	case StartTag, SelfClosingTag:
		return z.skipStart && !z.exceptKeeps(tok) || z.keepStart != nil && !z.keepStart(tok)
	}
	return false
}

// keepEnd reports whether an end tag named name is one SkipEndTags keeps.
func (z *Tokenizer) keepEnd(name []byte) bool {
	if len(name) == 0 {
		return false
	}
	bit := uint16(1) // a long name
	if len(name) < 16 {
		bit = 1 << len(name)
	}
	if z.keepTab[name[0]]&bit == 0 {
		return false // most names: by their first byte and length
	}
	for _, k := range z.keep {
		if sameName(name, k) {
			return true
		}
	}
	return false
}

// next is Next in the data state or a raw text state, with no construct
// in progress.
func (z *Tokenizer) next(src []byte, atEOF bool) (*Token, int, error) {
	if len(src) == 0 {
		if atEOF {
			return nil, 0, io.EOF
		}
		return nil, 0, nil
	}
	end, stop := 0, stopMarkup
	switch {
	case z.lt > 0 && z.raw == NotRaw && z.skip&(1<<NotRaw) != 0:
		end = z.lt // text that passOver read up to markup
	case z.raw != NotRaw || len(src) < 2 || src[0] != '<' || !markupStart[src[1]]:
		// Not markup at once, as after a tag passed over most often is.
		end, stop = z.scanText(src, atEOF)
	}
	z.lt = 0
	if end > 0 {
		if stop == stopMarkup && z.skip&(1<<z.raw) != 0 {
			if tok := z.skipText(src, end); tok != nil {
				return tok, z.consume(len(tok.Raw) + end), nil
			}
		}
		return z.emitText(src[:end], z.off), z.consume(end), nil
	}
	if stop == stopHold {
		z.buf = append(z.buf[:0], src...)
		z.held = true
		z.mstart = z.off
		return nil, z.consume(len(src)), nil
	}
	// Markup at src[0].
	z.startMarkup()
	b, eof := src, atEOF
	if len(b) > z.maxTag {
		b, eof = b[:z.maxTag], false
	}
	if end, ok := z.scanTag(b); ok {
		return z.emitTag(src[:end], z.off), z.consume(end), nil
	}
	z.startMarkup() // undo what scanTag did
	end, res := z.scan(b, 1, eof)
	switch res {
	case resToken:
		return z.emitMarkup(src[:end], z.off), z.consume(end), nil
	case resText:
		z.st = mNone
		return z.emitText(src[:end], z.off), z.consume(end), nil
	}
	if len(src) > z.maxTag {
		return z.goOversize(src[:z.maxTag], z.off), z.consume(z.maxTag), nil
	}
	z.buf = append(z.buf[:0], src...)
	z.pos = len(src)
	z.mstart = z.off
	return nil, z.consume(len(src)), nil
}

// SkipText tells whether Next may pass over the Text tokens of the raw
// text state r (NotRaw for ordinary text): when skip is set and such a
// text is directly followed, in the same input, by a whole start or end
// tag that needs no more input, Next consumes both and returns the tag.
// Which texts are passed over depends on how the input is split: a
// caller that sets it must not depend on seeing any text of state r,
// only on the offsets of the tokens it sees. The tokenizer's state is
// the same as if the text had been returned.
func (z *Tokenizer) SkipText(r RawText, skip bool) {
	if skip {
		z.skip |= 1 << r
	} else {
		z.skip &^= 1 << r
	}
}

// SkipEndTags tells whether Next passes over end tags: when skip is set,
// Next does not return an end tag unless keep holds its (lower-case)
// name, or it ends the input. The tokenizer's state is the same as if
// the tag had been returned (an end tag ends raw text, and svg or math
// content). Texts are returned as ever: the two texts around an end tag
// passed over come as two tokens (or more), not joined.
func (z *Tokenizer) SkipEndTags(skip bool, keep ...string) {
	z.skipEnd = skip
	z.setTags()
	if z.keepTab != nil && sameSlice(keep, z.keep) {
		return // the table is made: a caller sets it for each document
	}
	z.keep = keep
	z.keepTab = new([256]uint16)
	for _, k := range keep {
		switch {
		case k == "":
		case len(k) >= 16:
			z.keepTab[k[0]] |= 1 // the first byte, whatever the length
		default:
			z.keepTab[k[0]] |= 1 << len(k)
		}
	}
}

// SkipStartTags tells Next to pass over the start tags (and self-closing
// ones) for which keep returns false, as SkipEndTags does end tags; keep
// sees the whole token, attributes included, and must not keep it. A nil
// keep stops it.
func (z *Tokenizer) SkipStartTags(keep func(*Token) bool) {
	z.keepStart = keep
	z.setTags()
}

// skipText returns the tag at src[end:], which follows the text
// src[:end], as the token for both, or nil if it is not a tag that
// scanTag reads whole, leaving the text to be returned.
func (z *Tokenizer) skipText(src []byte, end int) *Token {
	raw, script, dashes := z.raw, z.script, z.dashes
	z.startMarkup()
	b := src[end:]
	if len(b) > z.maxTag {
		b = b[:z.maxTag]
	}
	n, ok := z.scanTag(b)
	if !ok {
		// Back to the text state, with the text to return.
		z.startMarkup()
		z.st = mNone
		z.raw, z.script, z.dashes = raw, script, dashes
		return nil
	}
	return z.emitTag(src[end:end+n], z.off+int64(end))
}

// scanTag is scan's fast path for the common case of a whole start or
// end tag in b (b[0] being its '<'): names, white space, quoted,
// unquoted and missing values, and an ending ">" or "/>". It leaves the
// tokenizer as scan would after the tag, and returns the tag's length and
// true; on anything else (another construct, a slash not before '>', the
// end of b) it returns false, leaving its work for startMarkup to undo.
func (z *Tokenizer) scanTag(b []byte) (int, bool) {
	i := 1
	if i < len(b) && b[i] == '/' {
		z.isEnd = true
		i++
	}
	if i >= len(b) || !isAlpha(b[i]) {
		return 0, false
	}
	rec := !z.isEnd // the attributes of a start tag are recorded
	z.attrs = z.attrs[:0]
	i, up := scanName(b, i, ncTagDelim)
	if i >= len(b) {
		return 0, false
	}
	z.mark = i
	z.lowerName = up&ncUpper == 0
	for {
		switch c := b[i]; {
		case c == '>':
			return i + 1, true
		case isSpace[c]:
			for i++; i < len(b) && isSpace[b[i]]; i++ {
			}
			if i >= len(b) {
				return 0, false
			}
			continue
		case c == '/':
			if i+1 < len(b) && b[i+1] == '>' {
				z.selfCl = true
				return i + 2, true
			}
			return 0, false
		}
		// An attribute name (its first byte may be '=').
		sp := aspan{name: int32(i), val: -1, valEnd: -1}
		i, up = scanName(b, i, ncAttrDelim)
		sp.nameEnd = int32(i)
		for ; i < len(b) && isSpace[b[i]]; i++ {
		}
		if i >= len(b) {
			return 0, false
		}
		if b[i] == '=' {
			for i++; i < len(b) && isSpace[b[i]]; i++ {
			}
			if i >= len(b) {
				return 0, false
			}
			switch q := b[i]; q {
			case '"', '\'':
				k := indexByte(b[i+1:], q)
				if k < 0 {
					return 0, false
				}
				sp.val, sp.valEnd, sp.quote = int32(i+1), int32(i+1+k), q
				i += k + 2
				if i >= len(b) {
					return 0, false
				}
			case '>':
				sp.val, sp.valEnd = int32(i), int32(i)
			default:
				sp.val = int32(i)
				for ; i < len(b) && !unquotedDelim[b[i]]; i++ {
				}
				if i >= len(b) {
					return 0, false
				}
				sp.valEnd = int32(i)
			}
		}
		if rec {
			// The attribute itself, in place in the reused slice.
			n := len(z.attrs)
			if n < cap(z.attrs) {
				z.attrs = z.attrs[:n+1]
			} else {
				z.attrs = append(z.attrs, Attr{})
			}
			at := &z.attrs[n]
			at.Name, at.NameOff, at.ValOff, at.Quote, at.Dup = b[sp.name:sp.nameEnd], int(sp.name), int(sp.val), sp.quote, false
			at.Val = nil
			if sp.val >= 0 {
				at.Val = b[sp.val:sp.valEnd]
			}
			z.upperAttr = z.upperAttr || up&ncUpper != 0
		}
	}
}

// scanName returns the end of the name that begins at b[i]: the first
// byte after it whose class (nameClass) has delim, or len(b); and the
// union of the classes of the name's bytes, which tells whether it holds
// an upper-case letter (most names do not, and need no lowered copy).
func scanName(b []byte, i int, delim uint8) (int, uint8) {
	up := nameClass[b[i]]
	for i++; i < len(b); i++ {
		c := nameClass[b[i]]
		if c&delim != 0 {
			break
		}
		up |= c
	}
	return i, up
}

// lowerRun returns the number of ASCII lower-case letters at the start
// of b, at most eight, looking at b's first eight bytes at once (b holds
// eight or more).
func lowerRun(b []byte) int {
	return lowerRunWord(binary.LittleEndian.Uint64(b))
}

// lowerRunWord is lowerRun for the bytes of w, the first in its low byte.
func lowerRunWord(w uint64) int {
	const lo, hi, lo7 = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	t := w & lo7 // each byte's low seven bits: the sums below carry into no other byte
	// The high bit of each byte of m is set when that byte is 'a' or more,
	// not above 'z', and ASCII.
	m := (t + lo*(0x80-'a')) &^ (t + lo*(0x80-'z'-1)) &^ w & hi
	return bits.TrailingZeros64(^m&hi) >> 3
}

func (z *Tokenizer) consume(n int) int {
	z.off += int64(n)
	return n
}

// startMarkup begins a markup construct at a '<'.
func (z *Tokenizer) startMarkup() {
	z.st = mTagOpen
	z.pos = 1
	z.isEnd, z.selfCl, z.rec = false, false, false
	z.lowerName, z.upperAttr = false, false
	z.kind = kOther
	z.decl = dNone
	z.mark = 0
	z.eofEnd = false
	z.spans = z.spans[:0]
	if z.raw != NotRaw {
		// In raw text, markup starts only with the element's end tag.
		z.raw = NotRaw
		z.script = scData
		z.dashes = 0
	}
}

// nextHeld resolves an undecided "<..." held at the end of the previous
// input.
func (z *Tokenizer) nextHeld(src []byte, atEOF bool) (*Token, int, error) {
	old := len(z.buf)
	k := min(len(src), heldMax)
	z.buf = append(z.buf, src[:k]...)
	eof := atEOF && k == len(src)
	end, stop := z.scanText(z.buf, eof)
	switch {
	case end == 0 && stop == stopHold:
		return nil, z.consume(k), nil
	case end == 0: // stopMarkup
		z.buf = z.buf[:old]
		z.held = false
		z.startMarkup()
		z.pos = 1
		return z.nextBuffered(src, atEOF)
	}
	z.held = false
	n := max(end-old, 0)
	return z.emitText(z.buf[:end], z.mstart), z.consume(n), nil
}

// nextBuffered continues a construct whose first bytes are in z.buf.
func (z *Tokenizer) nextBuffered(src []byte, atEOF bool) (*Token, int, error) {
	old := len(z.buf)
	n := 0
	for {
		// Append up to the next '>', which may end the construct, so that
		// few bytes past its end are copied.
		k := bytes.IndexByte(src[n:], '>') + 1
		if k == 0 {
			k = len(src) - n
		}
		room := z.maxTag - len(z.buf)
		if k > room {
			k = room
		}
		z.buf = append(z.buf, src[n:n+k]...)
		n += k
		eof := atEOF && n == len(src)
		end, res := z.scan(z.buf, z.pos, eof)
		switch res {
		case resToken:
			return z.emitMarkup(z.buf[:end], z.mstart), z.consume(end - old), nil
		case resText:
			z.st = mNone
			return z.emitText(z.buf[:end], z.mstart), z.consume(max(end-old, 0)), nil
		}
		if n == len(src) {
			return nil, z.consume(n), nil
		}
		if len(z.buf) >= z.maxTag {
			return z.goOversize(z.buf, z.mstart), z.consume(n), nil
		}
	}
}

// goOversize starts passing the construct in progress through as
// Oversize tokens, b being its first bytes.
func (z *Tokenizer) goOversize(b []byte, off int64) *Token {
	if z.decl == dNone && z.mark > 0 {
		// The tag's name is in b, and will not be seen again.
		z.kind = classify(b[1+b2i(z.isEnd) : z.mark])
	}
	z.over = true
	z.rec = false
	z.spans = z.spans[:0]
	z.setHist(b)
	z.pos = 0
	return z.emitOversize(b, off)
}

func (z *Tokenizer) setHist(b []byte) {
	switch len(b) {
	case 0:
	case 1:
		z.hist = [3]byte{z.hist[1], z.hist[2], b[0]}
	case 2:
		z.hist = [3]byte{z.hist[2], b[0], b[1]}
	default:
		copy(z.hist[:], b[len(b)-3:])
	}
}

func (z *Tokenizer) nextOversize(src []byte, atEOF bool) (*Token, int, error) {
	if len(src) == 0 && !atEOF {
		return nil, 0, nil
	}
	end, res := z.scan(src, 0, atEOF)
	if res == resMore {
		end = len(src) // all of src is part of the construct
	}
	z.setHist(src[:end])
	var tok *Token
	if end > 0 {
		tok = z.emitOversize(src[:end], z.off)
		tok.Cont = true
	}
	if res != resMore {
		// The construct ends here.
		if z.st != mEOFInTag {
			z.afterTag()
		}
		z.over = false
		z.st = mNone
	}
	if tok == nil {
		if atEOF {
			return nil, 0, io.EOF
		}
		return nil, 0, nil
	}
	return tok, z.consume(end), nil
}

// reuse resets z.tok for a token of bytes b at offset off. It sets the
// fields one by one, which is cheaper than assigning a composite literal
// to the reused token.
func (z *Tokenizer) reuse(b []byte, off int64) *Token {
	t := &z.tok // its Type is set by each caller
	t.Raw = b
	t.Offset = off
	if t.Name != nil {
		t.Name = nil
	}
	if t.Attrs != nil {
		t.Attrs = nil
	}
	if t.Data != nil {
		t.Data = nil
	}
	t.DataOff = 0
	t.RawText = NotRaw
	t.Foreign = z.ctx.foreign()
	t.Cont = false
	return t
}

func (z *Tokenizer) emitOversize(b []byte, off int64) *Token {
	t := z.reuse(b, off)
	t.Type = Oversize
	return t
}

func (z *Tokenizer) emitText(b []byte, off int64) *Token {
	t := z.reuse(b, off)
	t.Type = Text
	t.Data = b
	t.RawText = z.raw
	return t
}

// Results of scan.
const (
	resMore  = iota // all of b scanned, construct not finished
	resToken        // construct complete, b[:end]
	resText         // not markup after all: b[:end] is text
)

// scan runs the markup state machine over b[i:], b[0] being the
// construct's '<' (or, in oversize mode, the first byte of the current
// segment). eof reports that the input ends with b.
func (z *Tokenizer) scan(b []byte, i int, eof bool) (end, res int) {
	st := z.st
	for {
		if i >= len(b) {
			z.st = st
			z.pos = i
			if eof {
				return z.finishEOF(b)
			}
			return len(b), resMore
		}
		switch st {
		case mTagOpen:
			c := b[i]
			switch {
			case isAlpha(c):
				st = mTagName
				z.rec = !z.over
			case c == '/':
				st = mEndTagOpen
			case c == '!':
				st = mMarkupDecl
			case c == '?':
				st = mBogus
				z.decl = dBogus
				z.mark = i // data start
				continue
			default:
				z.st = mNone
				return i, resText
			}
			i++
		case mEndTagOpen:
			c := b[i]
			switch {
			case isAlpha(c):
				st = mTagName
				z.isEnd = true
				i++
			case c == '>':
				z.decl = dEmptyEnd
				z.st = st
				return i + 1, resToken
			default:
				st = mBogus
				z.decl = dBogus
				z.mark = i
			}
		case mTagName:
			for i < len(b) && !tagDelim[b[i]] {
				i++
			}
			if i == len(b) {
				continue
			}
			if !z.over {
				z.mark = i
			}
			switch b[i] {
			case '/':
				st = mSelfClosing
			case '>':
				z.st = st
				return i + 1, resToken
			default:
				st = mBeforeAttrName
			}
			i++
		case mBeforeAttrName:
			for i < len(b) && isSpace[b[i]] {
				i++
			}
			if i == len(b) {
				continue
			}
			switch b[i] {
			case '/':
				st = mSelfClosing
			case '>':
				z.st = st
				return i + 1, resToken
			default:
				// Even '=' starts a name here.
				if z.rec && !z.isEnd {
					z.spans = append(z.spans, aspan{name: int32(i), nameEnd: -1, val: -1, valEnd: -1})
				}
				st = mAttrName
			}
			i++
		case mAttrName:
			for i < len(b) && !attrNameDelim[b[i]] {
				i++
			}
			if i == len(b) {
				continue
			}
			z.setNameEnd(i)
			switch b[i] {
			case '/':
				st = mSelfClosing
			case '>':
				z.st = st
				return i + 1, resToken
			case '=':
				st = mBeforeAttrValue
			default:
				st = mAfterAttrName
			}
			i++
		case mAfterAttrName:
			for i < len(b) && isSpace[b[i]] {
				i++
			}
			if i == len(b) {
				continue
			}
			switch b[i] {
			case '/':
				st = mSelfClosing
			case '=':
				st = mBeforeAttrValue
			case '>':
				z.st = st
				return i + 1, resToken
			default:
				if z.rec && !z.isEnd {
					z.spans = append(z.spans, aspan{name: int32(i), nameEnd: -1, val: -1, valEnd: -1})
				}
				st = mAttrName
			}
			i++
		case mBeforeAttrValue:
			for i < len(b) && isSpace[b[i]] {
				i++
			}
			if i == len(b) {
				continue
			}
			switch c := b[i]; c {
			case '"', '\'':
				z.setVal(i+1, c)
				if c == '"' {
					st = mAttrValueDQ
				} else {
					st = mAttrValueSQ
				}
				i++
			case '>':
				z.setVal(i, 0)
				z.setValEnd(i)
				z.st = st
				return i + 1, resToken
			default:
				z.setVal(i, 0)
				st = mAttrValueUQ
			}
		case mAttrValueDQ, mAttrValueSQ:
			q := byte('"')
			if st == mAttrValueSQ {
				q = '\''
			}
			k := indexByte(b[i:], q)
			if k < 0 {
				i = len(b)
				continue
			}
			i += k
			z.setValEnd(i)
			st = mAfterAttrValueQuoted
			i++
		case mAfterAttrValueQuoted:
			switch b[i] {
			case '\t', '\n', '\f', '\r', ' ':
				st = mBeforeAttrName
				i++
			case '/':
				st = mSelfClosing
				i++
			case '>':
				z.st = st
				return i + 1, resToken
			default:
				st = mBeforeAttrName
			}
		case mAttrValueUQ:
			for i < len(b) && !unquotedDelim[b[i]] {
				i++
			}
			if i == len(b) {
				continue
			}
			z.setValEnd(i)
			if b[i] == '>' {
				z.st = st
				return i + 1, resToken
			}
			st = mBeforeAttrName
			i++
		case mSelfClosing:
			if b[i] == '>' {
				z.selfCl = true
				z.st = st
				return i + 1, resToken
			}
			st = mBeforeAttrName
		case mMarkupDecl:
			// b[:2] is "<!"; decide from up to 7 more bytes.
			d, ok := z.markupDecl(b[2:], eof)
			if !ok {
				z.st = st
				z.pos = i
				return len(b), resMore
			}
			z.decl = d
			switch d {
			case dComment:
				st, i = mComment, 4
			case dDoctype:
				st, i = mDoctype, 9
			case dCDATA:
				st, i = mCDATA, 9
			default:
				st = mBogus
				z.mark = 2
			}
		case mBogus, mDoctype:
			k := bytes.IndexByte(b[i:], '>')
			if k < 0 {
				i = len(b)
				continue
			}
			z.st = st
			return i + k + 1, resToken
		case mComment:
			k := bytes.IndexByte(b[i:], '>')
			if k < 0 {
				i = len(b)
				continue
			}
			p := i + k
			if e, ok := z.commentEnd(b, p); ok {
				z.mark = e
				z.st = st
				return p + 1, resToken
			}
			i = p + 1
		case mCDATA:
			k := bytes.IndexByte(b[i:], '>')
			if k < 0 {
				i = len(b)
				continue
			}
			p := i + k
			c1, ok1 := z.back(b, p, 1, 9)
			c2, ok2 := z.back(b, p, 2, 9)
			if ok1 && ok2 && c1 == ']' && c2 == ']' {
				z.mark = p - 2
				z.st = st
				return p + 1, resToken
			}
			i = p + 1
		default:
			panic("htmltok: bad state")
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (z *Tokenizer) setNameEnd(i int) {
	if z.rec && !z.isEnd {
		z.spans[len(z.spans)-1].nameEnd = int32(i)
	}
}

func (z *Tokenizer) setVal(i int, q byte) {
	if z.rec && !z.isEnd {
		s := &z.spans[len(z.spans)-1]
		s.val, s.quote = int32(i), q
	}
}

func (z *Tokenizer) setValEnd(i int) {
	if z.rec && !z.isEnd {
		z.spans[len(z.spans)-1].valEnd = int32(i)
	}
}

// back returns the byte k positions before b[p], and false when that is
// before body, the start of the construct's content (not in oversize
// mode, where it may be in an earlier segment).
func (z *Tokenizer) back(b []byte, p, k, body int) (byte, bool) {
	q := p - k
	if z.over {
		if q >= 0 {
			return b[q], true
		}
		return z.hist[3+q], true
	}
	if q < body {
		return 0, false
	}
	return b[q], true
}

// commentEnd reports whether the '>' at b[p] ends a comment begun with
// "<!--", and where the comment's data ends (meaningful only when not
// oversize).
func (z *Tokenizer) commentEnd(b []byte, p int) (int, bool) {
	c1, ok1 := z.back(b, p, 1, 4)
	c2, ok2 := z.back(b, p, 2, 4)
	if ok1 && ok2 && c1 == '-' && c2 == '-' {
		return p - 2, true // "-->"
	}
	if c3, ok3 := z.back(b, p, 3, 4); ok1 && ok2 && ok3 && c1 == '!' && c2 == '-' && c3 == '-' {
		return p - 3, true // "--!>"
	}
	if !z.over && (p == 4 || p == 5 && b[4] == '-') {
		return 4, true // "<!-->", "<!--->"
	}
	return 0, false
}

// markupDecl decides what follows "<!": s is the input after it.
func (z *Tokenizer) markupDecl(s []byte, eof bool) (mdecl, bool) {
	more := false
	if prefixOf(s, "--", false, &more) {
		return dComment, true
	}
	if prefixOf(s, "DOCTYPE", true, &more) {
		return dDoctype, true
	}
	if z.ctx.foreign() && prefixOf(s, "[CDATA[", false, &more) {
		return dCDATA, true
	}
	if more && !eof {
		return 0, false
	}
	return dBogus, true
}

// prefixOf reports whether s starts with lit (ASCII case-insensitively if
// fold). When s is shorter than lit but a prefix of it, it sets *more.
func prefixOf(s []byte, lit string, fold bool, more *bool) bool {
	n := min(len(s), len(lit))
	for i := 0; i < n; i++ {
		c := s[i]
		if fold {
			c = lower(c)
		}
		l := lit[i]
		if fold {
			l = lower(l)
		}
		if c != l {
			return false
		}
	}
	if n < len(lit) {
		*more = true
		return false
	}
	return true
}

// finishEOF ends the construct in progress at the end of the input, b.
func (z *Tokenizer) finishEOF(b []byte) (int, int) {
	z.eofEnd = true
	switch z.st {
	case mTagOpen, mEndTagOpen:
		z.st = mNone
		return len(b), resText
	case mMarkupDecl:
		z.decl = dBogus
		z.mark = 2
	case mComment:
		if !z.over {
			// The data is what follows "<!--" less trailing "-", "--"
			// or "--!", as x/net/html reports it.
			e := len(b)
			switch {
			case e >= 7 && string(b[e-3:]) == "--!":
				e -= 3
			case e >= 6 && string(b[e-2:]) == "--":
				e -= 2
			case e >= 5 && b[e-1] == '-':
				e--
			}
			z.mark = max(e, 4)
		}
	case mCDATA, mDoctype:
		z.mark = len(b)
	case mBogus:
		// mark is where the data starts.
	default:
		z.decl = dNone
		z.st = mEOFInTag
	}
	return len(b), resToken
}

// mEOFInTag marks a tag ended by the end of the input.
const mEOFInTag mstate = 255

// emitMarkup returns the token for the complete construct b and applies
// its effects on the tokenizer state.
func (z *Tokenizer) emitMarkup(b []byte, off int64) *Token {
	t := z.reuse(b, off)
	st := z.st
	z.st = mNone
	switch z.decl {
	case dEmptyEnd:
		t.Type = Comment
		t.Data, t.DataOff = b[2:2], 2
		return t
	case dBogus:
		t.Type = Comment
		t.DataOff = z.mark
		e := len(b)
		if !z.eofEnd {
			e-- // the '>'
		}
		t.Data = b[t.DataOff:max(e, t.DataOff)]
		return t
	case dComment:
		t.Type = Comment
		t.Data, t.DataOff = b[4:z.mark], 4
		return t
	case dDoctype:
		t.Type = Doctype
		s := 9
		for s < len(b) && isSpace[b[s]] {
			s++
		}
		e := z.mark
		if e == 0 {
			e = len(b) - 1
		}
		t.Data, t.DataOff = b[s:max(e, s)], s
		return t
	case dCDATA:
		t.Type = CDATA
		e := z.mark
		if e == 0 {
			e = len(b) - 3
		}
		t.Data, t.DataOff = b[9:e], 9
		return t
	}
	// A tag.
	switch {
	case st == mEOFInTag:
		t.Type = EOFInTag
	case z.isEnd:
		t.Type = EndTag
	case z.selfCl:
		t.Type = SelfClosingTag
	default:
		t.Type = StartTag
	}
	nameStart := 1 + b2i(z.isEnd)
	nameEnd := z.mark
	if nameEnd == 0 { // cut by EOF inside the name
		nameEnd = len(b)
	}
	z.resetScratch(len(b))
	t.Name = z.lowered(b[nameStart:nameEnd])
	if t.Type == StartTag || t.Type == SelfClosingTag {
		z.buildAttrs(t, b)
	}
	if t.Type != EOFInTag {
		z.applyTag(t.Name)
	}
	return t
}

// applyTag applies the effects of the tag just read, named name, on the
// tokenizer (see afterTag). An end tag matters only inside svg or math;
// outside them, only svg, math and the raw text elements do (most tags
// are none).
func (z *Tokenizer) applyTag(name []byte) {
	switch {
	case z.ctx.n > 0:
	case z.isEnd:
		return
	case !mayMatter(name):
		z.kind = kOther
		return
	}
	z.kind = classifyLower(name)
	z.afterTag()
}

// emitTag is emitMarkup for a whole start or end tag that scanTag read.
func (z *Tokenizer) emitTag(b []byte, off int64) *Token {
	t := z.reuse(b, off)
	z.st = mNone
	start := 1 + b2i(z.isEnd)
	if z.lowerName && !z.upperAttr {
		t.Name = b[start:z.mark]
	} else {
		z.resetScratch(len(b))
		t.Name = z.lowered(b[start:z.mark])
		if z.upperAttr {
			for i := range z.attrs {
				z.attrs[i].Name = z.lowered(z.attrs[i].Name)
			}
		}
	}
	if z.isEnd {
		t.Type = EndTag
	} else {
		t.Type = StartTag
		if z.selfCl {
			t.Type = SelfClosingTag
		}
		if len(z.attrs) > 1 {
			markDups(z.attrs, &z.dupTab)
		}
		t.Attrs = z.attrs
	}
	// Most tags change nothing (see applyTag; z.kind is kOther since
	// startMarkup).
	if z.ctx.n > 0 || !z.isEnd && mayMatter(t.Name) {
		z.applyTag(t.Name)
	}
	return t
}

// mayMatter reports whether a start tag named name (in lower case) may be
// one that changes the tokenizer's state outside svg and math: an svg or
// math element, or a raw text element. It looks at the first two bytes
// and the length only: it may say true of other names, never false of
// those.
func mayMatter(name []byte) bool {
	if len(name) < 2 || len(name) >= 16 {
		return false
	}
	bit := uint16(1) << len(name)
	return matterTab[0][name[0]]&bit != 0 && matterTab[1][name[1]]&bit != 0
}

// matterTab[i][c] has bit n set when a name of mayMatter's of length n
// has c as its byte i.
var matterTab = func() (t [2][256]uint16) {
	for _, n := range append(rawNames[1:len(rawNames):len(rawNames)], "svg", "math") {
		t[0][n[0]] |= 1 << len(n)
		t[1][n[1]] |= 1 << len(n)
	}
	return t
}()

// resetScratch empties z.scratch and gives it room for the lowered names
// of a token of n bytes.
func (z *Tokenizer) resetScratch(n int) {
	if cap(z.scratch) < n {
		z.scratch = make([]byte, 0, n+n/2)
	}
	z.scratch = z.scratch[:0]
}

// lowered returns s with ASCII letters lower-cased: s itself if it has no
// upper-case letter, else a copy in z.scratch (which has room: its
// capacity is at least the token's length).
func (z *Tokenizer) lowered(s []byte) []byte {
	for i, c := range s {
		if 'A' <= c && c <= 'Z' {
			start := len(z.scratch)
			z.scratch = append(z.scratch, s[:i]...)
			for _, c := range s[i:] {
				z.scratch = append(z.scratch, lower(c))
			}
			return z.scratch[start:len(z.scratch):len(z.scratch)]
		}
	}
	return s
}

func (z *Tokenizer) buildAttrs(t *Token, b []byte) {
	n := len(z.spans)
	if cap(z.attrs) < n {
		z.attrs = make([]Attr, n, 2*n)
	}
	attrs := z.attrs[:n]
	// Fill the reused slice in place: cheaper than appending structs.
	for i := range z.spans {
		s := &z.spans[i]
		a := &attrs[i]
		ne := int(s.nameEnd)
		if ne < 0 {
			ne = len(b)
		}
		a.Name = z.lowered(b[s.name:ne])
		a.NameOff, a.ValOff, a.Quote, a.Dup = int(s.name), int(s.val), s.quote, false
		a.Val = nil
		if s.val >= 0 {
			ve := int(s.valEnd)
			if ve < 0 {
				ve = len(b)
			}
			a.Val = b[s.val:ve]
		}
	}
	markDups(attrs, &z.dupTab)
	z.attrs = attrs
	t.Attrs = attrs
}

// markDups sets Dup on each attribute whose name an earlier one has.
func markDups(attrs []Attr, tab *[]int32) {
	n := len(attrs)
	if n < 2 {
		return
	}
	if n <= 16 {
		for i := 1; i < n; i++ {
			for j := 0; j < i; j++ {
				if !attrs[j].Dup && sameBytes(attrs[i].Name, attrs[j].Name) {
					attrs[i].Dup = true
					break
				}
			}
		}
		return
	}
	// Many attributes: an open-addressing hash set of indexes + 1.
	size := 64
	for size < 2*n {
		size *= 2
	}
	if cap(*tab) < size {
		*tab = make([]int32, size)
	}
	t := (*tab)[:size]
	clear(t)
	mask := uint32(size - 1)
	for i := range attrs {
		h := uint32(2166136261)
		for _, c := range attrs[i].Name {
			h = (h ^ uint32(c)) * 16777619
		}
		for k := h & mask; ; k = (k + 1) & mask {
			j := t[k]
			if j == 0 {
				t[k] = int32(i + 1)
				break
			}
			if bytes.Equal(attrs[j-1].Name, attrs[i].Name) {
				attrs[i].Dup = true
				break
			}
		}
	}
}

// afterTag applies the effects of the tag just read (z.kind, z.isEnd,
// z.selfCl, and the attributes in z.attrs unless oversize) on the
// tokenizer: raw-text content and foreign content.
func (z *Tokenizer) afterTag() {
	if z.decl != dNone {
		return
	}
	if z.isEnd {
		z.ctx.endTag(z.kind)
		return
	}
	var attrs []Attr
	if !z.over {
		attrs = z.attrs
	}
	if z.ctx.startTag(z.kind, z.selfCl, attrs) {
		return // foreign: no raw text
	}
	if r := z.kind.rawText(); r != NotRaw {
		z.raw = r
		z.script = scData
		z.dashes = 0
	}
}

// Stops of scanText.
const (
	stopEnd    = iota // all of s is text
	stopMarkup        // markup starts at s[end]
	stopHold          // s[end:] is an undecided "<...": more input needed
)

// scanText returns the length of the text at the start of s in the
// current text state, and what follows it.
func (z *Tokenizer) scanText(s []byte, eof bool) (int, int) {
	switch z.raw {
	case NotRaw:
		for i := 0; ; {
			k := indexByte(s[i:], '<')
			if k < 0 {
				return len(s), stopEnd
			}
			p := i + k
			if p+1 == len(s) {
				if eof {
					return len(s), stopEnd
				}
				return p, stopHold
			}
			if markupStart[s[p+1]] {
				return p, stopMarkup
			}
			i = p + 1
		}
	case Plaintext:
		return len(s), stopEnd
	case Script:
		return z.scanScript(s, eof)
	}
	name := rawNames[z.raw]
	for i := 0; ; {
		k := bytes.IndexByte(s[i:], '<')
		if k < 0 {
			return len(s), stopEnd
		}
		p := i + k
		switch matchTag(s[p:], name, true) {
		case matchYes:
			return p, stopMarkup
		case matchMore:
			if !eof {
				return p, stopHold
			}
		}
		i = p + 1
	}
}

// scanScript is scanText for script data, following the escaped ("<!--")
// and double-escaped ("<!--<script>") states.
func (z *Tokenizer) scanScript(s []byte, eof bool) (int, int) {
	i := 0
	for i < len(s) {
		if z.script == scData {
			k := bytes.IndexByte(s[i:], '<')
			if k < 0 {
				return len(s), stopEnd
			}
			p := i + k
			m := matchTag(s[p:], "script", true)
			if m == matchYes {
				return p, stopMarkup
			}
			var more bool
			if prefixOf(s[p+1:], "!--", false, &more) {
				z.script = scEscaped
				z.dashes = 2
				i = p + 4
				continue
			}
			if (m == matchMore || more) && !eof {
				return p, stopHold
			}
			i = p + 1
			continue
		}
		// Escaped and double-escaped: follow "<" and ">", jumping from
		// one to the next; the "-" that matter are those just before a
		// ">" ("-->" ends the escape), counted back from it.
		for i < len(s) {
			k := index2(s[i:], '<', '>')
			if k < 0 {
				z.dashes = dashesBefore(s[i:], len(s)-i, z.dashes)
				i = len(s)
				break
			}
			q := i + k
			d := dashesBefore(s[i:], k, z.dashes)
			z.dashes = 0
			i = q
			if s[q] == '>' {
				i++
				if d >= 2 {
					z.script = scData
					break
				}
				continue
			}
			if z.script == scEscaped {
				m := matchTag(s[i:], "script", true)
				if m == matchYes {
					return i, stopMarkup
				}
				m2 := matchTag(s[i:], "script", false)
				if m2 == matchYes {
					z.script = scDouble
					i += len("<script") + 1
					continue
				}
				if (m == matchMore || m2 == matchMore) && !eof {
					return i, stopHold
				}
			} else {
				m := matchTag(s[i:], "script", true)
				if m == matchYes {
					z.script = scEscaped
					i += len("</script") + 1
					continue
				}
				if m == matchMore && !eof {
					return i, stopHold
				}
			}
			i++
		}
	}
	return len(s), stopEnd
}

const (
	matchNo = iota
	matchYes
	matchMore
)

// matchTag reports whether s starts with "<" (or "</" if end) followed by
// name, ASCII case-insensitively, and by white space, "/" or ">"; or
// matchMore if s is too short to tell.
func matchTag(s []byte, name string, end bool) int {
	i := 1
	if end {
		if len(s) < 2 {
			return matchMore
		}
		if s[1] != '/' {
			return matchNo
		}
		i = 2
	}
	for j := 0; j < len(name); j++ {
		if i+j >= len(s) {
			return matchMore
		}
		if lower(s[i+j]) != name[j] {
			return matchNo
		}
	}
	i += len(name)
	if i >= len(s) {
		return matchMore
	}
	switch s[i] {
	case '\t', '\n', '\f', '\r', ' ', '/', '>':
		return matchYes
	}
	return matchNo
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isAlpha(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// indexByte is bytes.IndexByte for data where c is often near: in
// markup-dense HTML the next '<' or closing quote is a few bytes away, and
// a plain loop finds it before the vectorized search would have started.
func indexByte(s []byte, c byte) int {
	if len(s) < 16 {
		for i := range s {
			if s[i] == c {
				return i
			}
		}
		return -1
	}
	// Two words of eight bytes: in each, (v-lo)&^v&hi marks the bytes
	// that are zero, exactly up to the first.
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	pat := lo * uint64(c)
	v := binary.LittleEndian.Uint64(s) ^ pat
	if m := (v - lo) &^ v & hi; m != 0 {
		return bits.TrailingZeros64(m) >> 3
	}
	v = binary.LittleEndian.Uint64(s[8:]) ^ pat
	if m := (v - lo) &^ v & hi; m != 0 {
		return 8 + bits.TrailingZeros64(m)>>3
	}
	if k := bytes.IndexByte(s[16:], c); k >= 0 {
		return 16 + k
	}
	return -1
}

// index8 returns the index of the first c in the first eight bytes of
// s, or 8 if there is none there; s holds eight bytes or more.
func index8(s []byte, c byte) int {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	v := binary.LittleEndian.Uint64(s) ^ lo*uint64(c)
	return bits.TrailingZeros64((v-lo)&^v&hi) >> 3
}

// dashesBefore returns the number of '-' just before s[q], at most 2,
// counting the carry dashes before s when they all are.
func dashesBefore(s []byte, q int, carry uint8) uint8 {
	switch {
	case q >= 2 && s[q-1] == '-' && s[q-2] == '-':
		return 2
	case q >= 1 && s[q-1] == '-':
		if q == 1 {
			return min(carry+1, 2)
		}
		return 1
	case q == 0:
		return carry
	}
	return 0
}

// index2 returns the index of the first a or b in s, or -1: eight bytes
// at a time, as indexByte does.
func index2(s []byte, a, b byte) int {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	pa, pb := lo*uint64(a), lo*uint64(b)
	i := 0
	for ; i+8 <= len(s); i += 8 {
		v := binary.LittleEndian.Uint64(s[i:])
		va, vb := v^pa, v^pb
		if m := ((va-lo)&^va | (vb-lo)&^vb) & hi; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(s); i++ {
		if s[i] == a || s[i] == b {
			return i
		}
	}
	return -1
}

// markupStart reports the bytes that, after '<' in the data state, start
// markup: ASCII letters, '/', '!' and '?'.
var markupStart = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	t['/'], t['!'], t['?'] = true, true, true
	return t
}()

// Byte classes of the tag states. White space is the WHATWG's (tab, LF,
// FF, space) plus CR, which the input stream preprocessing turns into LF.
var isSpace, tagDelim, attrNameDelim, unquotedDelim [256]bool

// nameClass classes bytes for scanTag's name loops: the ends of a tag
// name, of an attribute name, and the upper-case letters.
var nameClass [256]uint8

const (
	ncTagDelim = 1 << iota
	ncAttrDelim
	ncUpper
)

func init() {
	for _, c := range []byte("\t\n\f\r ") {
		isSpace[c] = true
		tagDelim[c] = true
		attrNameDelim[c] = true
		unquotedDelim[c] = true
	}
	tagDelim['/'], tagDelim['>'] = true, true
	attrNameDelim['/'], attrNameDelim['>'], attrNameDelim['='] = true, true, true
	unquotedDelim['>'] = true
	for c := range 256 {
		if tagDelim[c] {
			nameClass[c] |= ncTagDelim
		}
		if attrNameDelim[c] {
			nameClass[c] |= ncAttrDelim
		}
		if 'A' <= c && c <= 'Z' {
			nameClass[c] |= ncUpper
		}
	}
}
