package extract

import "unicode/utf8"

// ISO-2022-JP is not ASCII-compatible: after "ESC $ B" (JIS X 0208) or
// "ESC ( I" (katakana) its 7-bit bytes are halves of characters, and any of
// them can look like "<" or '"'. The tokenizer reads a masked copy of the
// input instead, in which every byte of such a run has its high bit set:
// the same length, so offsets and spans are those of the input, and the
// markup is only what a decoder would see as markup. Unmasking is
// clearing the high bit, since ISO-2022-JP itself never sets it.

const (
	jisASCII uint8 = iota
	jisRoman
	jis0208
	jisKatakana
)

// A jisMasker tracks the escape state of an ISO-2022-JP stream across
// chunks. The escape sequences themselves are masked too: they are not
// text, and a CSS or URL parser must not see their ESC, a control.
type jisMasker struct {
	state uint8
	esc   [2]byte // the bytes after ESC of an escape sequence in progress
	nesc  int
	inEsc bool
}

// mask writes to dst (len(dst) >= len(src)) the masked copy of src.
func (m *jisMasker) mask(dst, src []byte) {
	for i, c := range src {
		if m.inEsc && m.escByte(c) {
			dst[i] = c | 0x80
			continue
		}
		switch {
		case c == 0x1B:
			m.inEsc, m.nesc = true, 0
			dst[i] = c | 0x80
		case (m.state == jis0208 || m.state == jisKatakana) && c >= 0x21 && c <= 0x7E:
			dst[i] = c | 0x80
		default:
			dst[i] = c
		}
	}
}

// escByte takes c, a byte after ESC, and reports whether it is part of
// the escape sequence.
func (m *jisMasker) escByte(c byte) bool {
	if m.nesc == 0 && c != '(' && c != '$' {
		m.inEsc = false // not an escape sequence the decoder knows
		return false
	}
	m.esc[m.nesc] = c
	m.nesc++
	if m.nesc < 2 {
		return true
	}
	m.inEsc = false
	switch string(m.esc[:]) {
	case "(B":
		m.state = jisASCII
	case "(J":
		m.state = jisRoman
	case "$@", "$B":
		m.state = jis0208
	case "(I":
		m.state = jisKatakana
	}
	return true
}

// unmask clears the high bits that mask set.
func unmask(dst, src []byte) []byte {
	for _, c := range src {
		dst = append(dst, c&0x7F)
	}
	return dst
}

// UTF-16 documents are decoded to UTF-8 for the tokenizer; offsets are
// mapped back by counting UTF-16 code units, two bytes each.

// A utf16Decoder decodes UTF-16 (without its byte order mark) to UTF-8
// across chunks. Unpaired surrogates become U+FFFD, one code unit each.
type utf16Decoder struct {
	bigEndian bool
	odd       byte // a first byte kept from the previous chunk
	hasOdd    bool
	hi        rune // a high surrogate waiting for its pair, or 0
}

// decode appends to dst the UTF-8 form of src and returns it. At atEOF a
// dangling byte or high surrogate becomes U+FFFD.
func (d *utf16Decoder) decode(dst, src []byte, atEOF bool) []byte {
	for len(src) > 0 {
		var u uint16
		if d.hasOdd {
			u = d.unit(d.odd, src[0])
			src = src[1:]
			d.hasOdd = false
		} else if len(src) >= 2 {
			u = d.unit(src[0], src[1])
			src = src[2:]
		} else {
			d.odd, d.hasOdd = src[0], true
			break
		}
		dst = d.unitToUTF8(dst, rune(u))
	}
	if atEOF {
		if d.hi != 0 {
			dst = utf8.AppendRune(dst, utf8.RuneError)
			d.hi = 0
		}
		if d.hasOdd {
			dst = utf8.AppendRune(dst, utf8.RuneError)
			d.hasOdd = false
		}
	}
	return dst
}

func (d *utf16Decoder) unit(a, b byte) uint16 {
	if d.bigEndian {
		return uint16(a)<<8 | uint16(b)
	}
	return uint16(b)<<8 | uint16(a)
}

func (d *utf16Decoder) unitToUTF8(dst []byte, u rune) []byte {
	switch {
	case d.hi != 0 && u >= 0xDC00 && u <= 0xDFFF:
		r := (d.hi-0xD800)<<10 | (u - 0xDC00) + 0x10000
		d.hi = 0
		return utf8.AppendRune(dst, r)
	case d.hi != 0:
		dst = utf8.AppendRune(dst, utf8.RuneError)
		d.hi = 0
	}
	switch {
	case u >= 0xD800 && u <= 0xDBFF:
		d.hi = u
		return dst
	case u >= 0xDC00 && u <= 0xDFFF:
		return utf8.AppendRune(dst, utf8.RuneError)
	}
	return utf8.AppendRune(dst, u)
}

// utf16Units returns how many UTF-16 code units the UTF-8 text b takes,
// as utf16Decoder produced it.
func utf16Units(b []byte) int64 {
	n := int64(0)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}
