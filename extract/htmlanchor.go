package extract

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/htmltok"
)

// anchorState is what the HTML extractor holds while an a element is open:
// the Link of its href, reported with the element's text (Link.Text) when
// the element ends, and the links found inside it, reported after it so
// that links come out in document order; and the Links it reuses.
//
// anchor is nil when no a element is open (and always with
// Options.Immediate); then queue is empty and text unused. While one is
// open, text holds its text as written (raw bytes; it stops growing
// once it holds twice Options.MaxAnchorText) and queue at most maxQueued links, each a Link of
// its own (newLink); a link past that closes the element early. The
// Links reported when no a element is open are scratch, valid only during
// the call to the link function; the pool holds Links reported after an
// a element, to fill again.
type anchorState struct {
	anchor  *Link   // the a element being read, waiting for its text
	queue   []*Link // links found inside it, in order
	text    []byte  // its text so far
	scratch Link    // the Link reported when it need not be kept
	pool    []*Link // Links reported after an a element, for reuse
	cbuf    []byte  // anchor text collapsed
}

// reset readies a for a new document, keeping the Links of the pool.
func (a *anchorState) reset() {
	a.anchor, a.queue, a.text = nil, nil, nil
}

// openAnchor holds l, the href of the a start tag tok, until the element
// ends; or, when the element's text and end tag follow the tag in the
// chunk being tokenized, with no other tag between (plainAnchor), reports
// it with that text at once: what the element would hold and report at
// its end.
func (x *htmlExtractor) openAnchor(tok *htmltok.Token, l *Link) error {
	if text, ok := x.plainAnchor(tok); ok {
		l.Text = x.anchorString(text)
		err := x.fn(l)
		x.pool = append(x.pool, l)
		return err
	}
	x.anchor, x.text = l, x.text[:0]
	x.skipText()
	return nil
}

// plainAnchor returns the text of the a element whose start tag is tok,
// as written, when the chunk being tokenized holds it whole after the tag
// and the element's end tag right after it: bytes without a "<", at most
// twice Options.MaxAnchorText (which anchorText would hold whole, in
// however many text tokens), then "</a" (in any case) and a byte that
// ends the tag's name. The tokenizer, in the data state after a start
// tag, reads those bytes as text tokens and then the end tag of the
// element, as closeAnchor would have them. Not with text links (the text
// tokens of an a element end a run of text) or UTF-16 (token counts the
// units of every token).
func (x *htmlExtractor) plainAnchor(tok *htmltok.Token) ([]byte, bool) {
	if x.opts.TextLinks || x.u16 != nil || len(tok.Raw) == 0 || tok.Raw[len(tok.Raw)-1] != '>' {
		return nil, false
	}
	c := &x.lineCount
	p := tok.Offset + int64(len(tok.Raw)) - c.chunkOff
	if p < 0 || p > int64(len(c.chunk)) {
		return nil, false
	}
	rest := c.chunk[p:]
	max := 2 * x.opts.MaxAnchorText
	i := bytes.IndexByte(rest[:min(len(rest), max+1)], '<')
	if i < 0 || len(rest)-i < 4 {
		return nil, false
	}
	if e := rest[i+1 : i+4]; e[0] != '/' || e[1]|0x20 != 'a' || !endsTagName[e[2]] {
		return nil, false
	}
	return rest[:i], true
}

// endsTagName holds the bytes that end a tag's name: white space, "/" and
// ">".
var endsTagName = [256]bool{'\t': true, '\n': true, '\f': true, '\r': true, ' ': true, '/': true, '>': true}

// newLink returns the Link to fill for a link about to be reported: a
// reused one when it goes to the function at once, a new one when it must
// wait (an a element's href, or any link while an a element is open).
func (x *htmlExtractor) newLink(keep bool) *Link {
	if keep || x.anchor != nil {
		if n := len(x.pool); n > 0 {
			l := x.pool[n-1]
			x.pool = x.pool[:n-1]
			return l
		}
		return new(Link)
	}
	return &x.scratch
}

// emit reports l, or queues it while an a element is open so that links
// come out in document order.
func (x *htmlExtractor) emit(l *Link) error {
	if x.anchor != nil {
		if len(x.queue) < maxQueued {
			x.queue = append(x.queue, l)
			return nil
		}
		if err := x.closeAnchor(); err != nil {
			return err
		}
	}
	return x.fn(l)
}

// maxQueued bounds the links held while an a element is open.
const maxQueued = 1024

// anchorText adds raw, a text token of the open a element, to its text.
func (x *htmlExtractor) anchorText(raw []byte) {
	if len(x.text) >= x.opts.MaxAnchorText*2 || x.opts.NoAnchorText {
		return
	}
	x.text = append(x.text, raw...)
}

// closeAnchor reports the open a element with its text, then the links
// found inside it.
func (x *htmlExtractor) closeAnchor() error {
	a := x.anchor
	if a == nil {
		return nil
	}
	x.anchor = nil
	x.skipText()
	a.Text = x.anchorString(x.text)
	err := x.fn(a)
	x.pool = append(x.pool, a)
	for _, l := range x.queue {
		if err == nil {
			err = x.fn(l)
		}
		if len(x.pool) < maxQueued {
			x.pool = append(x.pool, l)
		}
	}
	x.queue = x.queue[:0]
	return err
}

// anchorString returns the Text of an a element whose text as written
// is raw: decoded, white space collapsed, cut to Options.MaxAnchorText.
func (x *htmlExtractor) anchorString(raw []byte) string {
	var ok bool
	if x.opts.NoAnchorText {
		x.cbuf, ok = x.cbuf[:0], true
	} else if x.jis == nil && !x.needsDecoding(raw) {
		// Most anchor texts need no decoding: collapse them as they are;
		// most are their own collapse, once trimmed.
		s, e := 0, len(raw)
		for s < e && textClass[raw[s]] == tcSpace {
			s++
		}
		for e > s && textClass[raw[e-1]] == tcSpace {
			e--
		}
		if e-s <= x.opts.MaxAnchorText && collapsed(raw[s:e]) {
			return x.str(raw[s:e])
		}
		x.cbuf, ok = collapseRuns(x.cbuf[:0], raw, x.opts.MaxAnchorText, true)
	}
	if !ok {
		x.cbuf = collapseText(x.cbuf[:0], x.decodeText(raw), x.opts.MaxAnchorText)
	}
	return x.str(x.cbuf)
}

// collapseText appends to b the text t trimmed, its runs of white space
// collapsed to one space, and cut to at most max bytes at a character
// boundary.
func collapseText(b, t []byte, max int) []byte {
	b, _ = collapse(b, t, max, false)
	return b
}

// collapse is collapseText. With raw set, t is text as written, and
// collapse gives up (returning false) at a character reference or a CR,
// which must be decoded first.
//
// Most anchor texts need no more than a trim: words of plain bytes
// between single spaces (collapsed), which are appended at once; the
// others are read run by run (collapseRuns).
func collapse(b, t []byte, max int, raw bool) ([]byte, bool) {
	s, e := 0, len(t)
	for s < e && textClass[t[s]] == tcSpace {
		s++
	}
	for e > s && textClass[t[e-1]] == tcSpace {
		e--
	}
	if !collapsed(t[s:e]) {
		return collapseRuns(b, t, max, raw)
	}
	start := len(b)
	b = append(b, t[s:e]...)
	return cutText(b, start, max), true
}

// collapsed reports whether t, which neither starts nor ends with white
// space, is its own collapse: no white space but single spaces, no byte
// that needs decoding ('&', CR) and no lead byte of a non-ASCII white
// space character; it tests eight bytes at a time, and takes those that
// it tests with them (the other control bytes, E0) for such bytes.
func collapsed(t []byte) bool {
	prev := false // the byte before is a space
	i := 0
	for ; len(t)-i >= 8; i += 8 {
		v := binary.LittleEndian.Uint64(t[i:])
		if !collapsedWord(v) || prev && v&0xff == ' ' {
			return false
		}
		prev = v>>56 == ' '
	}
	if i > 0 && i < len(t) {
		// The last bytes, in the word of the last eight, which overlaps
		// the one before: the pairs of bytes it holds are all those left
		// to test.
		return collapsedWord(binary.LittleEndian.Uint64(t[len(t)-8:]))
	}
	if len(t) >= 4 && i == 0 {
		// Four to seven bytes, as the word of the first four and the
		// last four (which overlap): it holds every pair of adjacent
		// bytes of t, and one of bytes 3 and len(t)-4, which are not
		// adjacent: two spaces there fail the test, as collapseRuns
		// then finds they need not.
		lo := uint64(binary.LittleEndian.Uint32(t))
		hi := uint64(binary.LittleEndian.Uint32(t[len(t)-4:]))
		if collapsedWord(lo | hi<<32) {
			return true
		}
	}
	for ; i < len(t); i++ {
		c := t[i]
		space := c == ' '
		if space && prev || !space && (textClass[c] != tcPlain || c < ' ' || c == 0xE0) {
			return false
		}
		prev = space
	}
	return true
}

// collapsedWord reports whether the eight bytes of v (in the order of a
// little-endian load) pass the test of collapsed: no byte that needs
// decoding or may begin white space other than a space, no two spaces
// in a row.
func collapsedWord(v uint64) bool {
	const lo7 = 0x7f7f7f7f7f7f7f7f
	// The borrow tests of hasLess and hasByte, ORed: a byte below ' ',
	// '&', C2, or E0 to E3 (each exact on whether, not on which byte).
	a, c, e := v^lo8*'&', v^lo8*0xC2, v^lo8*0xE0
	bad := ((v-lo8*' ')&^v | (a-lo8)&^a | (c-lo8)&^c | (e-lo8*4)&^e) & hi8
	// The high bit of each byte of m is set when that byte is a space,
	// exactly (no carry crosses bytes): two in a row are adjacent bits.
	x := v ^ lo8*' '
	m := ^(x&lo7 + lo7 | x | lo7)
	return bad|m&(m>>8) == 0
}

// collapseRuns is collapse, run by run.
func collapseRuns(b, t []byte, max int, raw bool) ([]byte, bool) {
	start := len(b)
	space := false
	for i := 0; i < len(t) && len(b)-start < max; {
		j := i
		if len(t)-i >= 16 {
			j = plainRun(t, i) // a call worth making
		}
		for j < len(t) && textClass[t[j]] == tcPlain {
			j++
		}
		if j > i {
			// A run of bytes that are no white space (or part of none).
			if space {
				b = append(b, ' ')
				space = false
			}
			b = append(b, t[i:j]...)
			i = j
			continue
		}
		n := 1
		switch textClass[t[i]] {
		case tcSpace:
			space = len(b) > start
			i++
			continue
		case tcRef:
			if raw {
				return b, false
			}
			if t[i] == '\r' { // from "&#13;"
				space = len(b) > start
				i++
				continue
			}
		case tcLead:
			// Perhaps a Unicode white space character (U+0085, U+00A0,
			// U+1680, U+2000..U+200A, U+2028, U+2029, U+202F, U+205F,
			// U+3000): their UTF-8 forms begin with C2, E1, E2 or E3.
			var sp bool
			if n, sp = leadSpace(t[i:]); sp {
				space = len(b) > start
				i += n
				continue
			}
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, t[i:i+n]...)
		i += n
	}
	return cutText(b, start, max), true
}

// leadSpace returns the length of the character at the start of t, whose
// first byte is of class tcLead (C2, E1, E2 or E3), as utf8.DecodeRune
// gives it (1 for an invalid sequence), and whether it is white space
// (unicode.IsSpace), without decoding it.
func leadSpace(t []byte) (int, bool) {
	if t[0] == 0xC2 {
		if len(t) < 2 || t[1]&0xC0 != 0x80 {
			return 1, false
		}
		return 2, t[1] == 0x85 || t[1] == 0xA0
	}
	if len(t) < 3 || t[1]&0xC0 != 0x80 || t[2]&0xC0 != 0x80 {
		return 1, false // E1 to E3 take any continuation bytes
	}
	c1, c2 := t[1], t[2]
	switch t[0] {
	case 0xE1:
		return 3, c1 == 0x9A && c2 == 0x80 // U+1680
	case 0xE2:
		// U+2000..U+200A, U+2028, U+2029, U+202F; U+205F.
		return 3, c1 == 0x80 && (c2 <= 0x8A || c2 == 0xA8 || c2 == 0xA9 || c2 == 0xAF) || c1 == 0x81 && c2 == 0x9F
	}
	return 3, c1 == 0x80 && c2 == 0x80 // U+3000
}

// cutText cuts the text b[start:] to at most max bytes, before the
// character that crosses the limit.
func cutText(b []byte, start, max int) []byte {
	if cut := start + max; len(b) > cut {
		for cut > start && !utf8.RuneStart(b[cut]) {
			cut--
		}
		b = b[:cut]
	}
	return b
}

// plainRun returns the index of t, from i, past the words of eight bytes
// that hold no byte of a class but tcPlain, each tested at once: none at
// or below ' ', no '&', no C2 and none of E0 to E3 (E0 is plain, but
// tested with the others: collapse looks at it byte by byte).
func plainRun(t []byte, i int) int {
	for ; len(t)-i >= 8; i += 8 {
		v := binary.LittleEndian.Uint64(t[i:])
		if hasLess(v, '!') || hasByte(v, '&') || hasByte(v, 0xC2) || hasLess(v^lo8*0xE0, 4) {
			break
		}
	}
	return i
}

// Classes of bytes for collapse.
const (
	tcPlain = iota // a byte of no white space
	tcSpace        // ASCII white space
	tcLead         // the first byte of a non-ASCII white space character, perhaps
	tcRef          // '&' or CR: text as written needs decoding
)

var textClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c == '\t' || c == '\n' || c == '\f' || c == ' ':
			t[c] = tcSpace
		case c == '&' || c == '\r':
			t[c] = tcRef
		case c == 0xC2 || c == 0xE1 || c == 0xE2 || c == 0xE3:
			t[c] = tcLead
		}
	}
	return t
}()
