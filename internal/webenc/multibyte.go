package webenc

import (
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// A multiByte is one of the standard's multi-byte legacy encodings.
type multiByte struct {
	name string
	dec  func() transform.Transformer
	enc  func() transform.Transformer
}

func (e *multiByte) NewDecoder() *encoding.Decoder { return &encoding.Decoder{Transformer: e.dec()} }
func (e *multiByte) NewEncoder() *encoding.Encoder { return &encoding.Encoder{Transformer: e.enc()} }
func (e *multiByte) String() string                { return e.name }

// A decodeFunc decodes the character at the start of s, whose first byte
// is not ASCII, as the standard's decoder does: it returns the code point
// (U+FFFD for an error), a second one or -1, and the number of bytes
// read, which leaves in s the bytes the standard "restores" to its input.
// It returns n == 0 when s ends before the character does and atEOF is
// false.
type decodeFunc func(s []byte, atEOF bool) (r, r2 rune, n int)

// A statelessDecoder runs a decodeFunc over its input; ASCII bytes decode
// to themselves, and the two-byte characters of its kind (one of the
// pair constants) are decoded in its loop.
type statelessDecoder struct {
	transform.NopResetter
	kind int
	step decodeFunc
}

// The kinds of statelessDecoder.
const (
	pairGB18030 = iota
	pairBig5
	pairEUCJP
	pairShiftJIS
	pairEUCKR
)

// decodePair returns the character the lead and trail bytes make in the
// encoding kind when they make one from its main table (0 when they do
// not, or when the character needs decodeFunc's rules).
func decodePair(kind int, lead, trail byte) rune {
	l, t := int(lead), int(trail)
	switch kind {
	case pairGB18030:
		if l >= 0x81 && l <= 0xFE && t >= 0x40 && t != 0x7F && t != 0xFF {
			off := 0x41
			if t < 0x7F {
				off = 0x40
			}
			return rune(indexGB18030[(l-0x81)*190+t-off])
		}
	case pairBig5:
		if l >= 0xA1 && l <= 0xFE && (t >= 0x40 && t <= 0x7E || t >= 0xA1 && t <= 0xFE) {
			off := 0x62
			if t < 0x7F {
				off = 0x40
			}
			return rune(indexBig5[(l-0x81)*157+t-off])
		}
	case pairEUCJP:
		if l >= 0xA1 && l <= 0xFE && t >= 0xA1 && t <= 0xFE {
			return rune(indexJIS0208[(l-0xA1)*94+t-0xA1])
		}
	case pairShiftJIS:
		if (l >= 0x81 && l <= 0x9F || l >= 0xE0 && l <= 0xEF) && t >= 0x40 && t != 0x7F && t <= 0xFC {
			off, loff := 0x41, 0xC1
			if t < 0x7F {
				off = 0x40
			}
			if l < 0xA0 {
				loff = 0x81
			}
			return rune(indexJIS0208[(l-loff)*188+t-off])
		}
	case pairEUCKR:
		if l >= 0x81 && l <= 0xFE && t >= 0x41 && t <= 0xFE {
			return rune(indexEUCKR[(l-0x81)*190+t-0x41])
		}
	}
	return 0
}

func (d statelessDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		if c := src[nSrc]; c < utf8.RuneSelf {
			if nDst == len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if nSrc+1 < len(src) {
			if r := decodePair(d.kind, src[nSrc], src[nSrc+1]); r != 0 {
				if nDst+utf8.RuneLen(r) > len(dst) {
					return nDst, nSrc, transform.ErrShortDst
				}
				nDst += utf8.EncodeRune(dst[nDst:], r)
				nSrc += 2
				continue
			}
		}
		r, r2, n := d.step(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, transform.ErrShortSrc
		}
		size := utf8.RuneLen(r)
		if r2 >= 0 {
			size += utf8.RuneLen(r2)
		}
		if nDst+size > len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		if r2 >= 0 {
			nDst += utf8.EncodeRune(dst[nDst:], r2)
		}
		nSrc += n
	}
	return nDst, nSrc, nil
}

func newGB18030Decoder() transform.Transformer {
	return statelessDecoder{kind: pairGB18030, step: decodeGB18030}
}

// errorRestoringASCII is the standard's answer to a lead byte and a
// trail byte b that make no character: an error, and b restored to the
// input when it is ASCII.
func errorRestoringASCII(b byte) (rune, rune, int) {
	if b < utf8.RuneSelf {
		return utf8.RuneError, -1, 1
	}
	return utf8.RuneError, -1, 2
}

// decodeGB18030 is the gb18030 decoder (GBK's too).
func decodeGB18030(s []byte, atEOF bool) (rune, rune, int) {
	switch lead := s[0]; {
	case lead == 0x80:
		return 0x20AC, -1, 1
	case lead == 0xFF:
		return utf8.RuneError, -1, 1
	}
	// need reports whether s is too short for k bytes: then, at EOF, the
	// sequence begun is an error that takes the rest of the input.
	if len(s) < 2 {
		return short(s, atEOF)
	}
	b := s[1]
	if b >= 0x30 && b <= 0x39 {
		if len(s) < 3 {
			return short(s, atEOF)
		}
		if s[2] < 0x81 || s[2] > 0xFE {
			return utf8.RuneError, -1, 1
		}
		if len(s) < 4 {
			return short(s, atEOF)
		}
		if s[3] < 0x30 || s[3] > 0x39 {
			return utf8.RuneError, -1, 1
		}
		p := (int(s[0])-0x81)*(10*126*10) + (int(b)-0x30)*(10*126) + (int(s[2])-0x81)*10 + int(s[3]) - 0x30
		if r := gb18030RangesCode(p); r >= 0 {
			return r, -1, 4
		}
		return utf8.RuneError, -1, 4
	}
	if b >= 0x40 && b <= 0x7E || b >= 0x80 && b <= 0xFE {
		off := 0x41
		if b < 0x7F {
			off = 0x40
		}
		if r := indexGB18030[(int(s[0])-0x81)*190+int(b)-off]; r != 0 {
			return rune(r), -1, 2
		}
	}
	return errorRestoringASCII(b)
}

// short is a decodeFunc's answer when s ends inside a sequence: wait for
// more input, or at EOF an error that takes the rest of s.
func short(s []byte, atEOF bool) (rune, rune, int) {
	if !atEOF {
		return 0, -1, 0
	}
	return utf8.RuneError, -1, len(s)
}

// gb18030RangesCode is the index gb18030 ranges code point for pointer p,
// or -1.
func gb18030RangesCode(p int) rune {
	if p > 39419 && p < 189000 || p > 1237575 {
		return -1
	}
	if p >= 189000 {
		return rune(0x10000 + p - 189000)
	}
	if p == 7457 {
		return 0xE7C7
	}
	lo, hi := 0, len(indexGB18030Ranges) // the last range with pointer <= p
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if int(indexGB18030Ranges[m][0]) <= p {
			lo = m
		} else {
			hi = m
		}
	}
	e := indexGB18030Ranges[lo]
	return rune(int(e[1]) + p - int(e[0]))
}

func newBig5Decoder() transform.Transformer {
	return statelessDecoder{kind: pairBig5, step: decodeBig5}
}

func decodeBig5(s []byte, atEOF bool) (rune, rune, int) {
	lead := s[0]
	if lead < 0x81 || lead == 0xFF {
		return utf8.RuneError, -1, 1
	}
	if len(s) < 2 {
		return short(s, atEOF)
	}
	b := s[1]
	if b >= 0x40 && b <= 0x7E || b >= 0xA1 && b <= 0xFE {
		off := 0x62
		if b < 0x7F {
			off = 0x40
		}
		p := (int(lead)-0x81)*157 + int(b) - off
		switch p {
		case 1133:
			return 0xCA, 0x304, 2
		case 1135:
			return 0xCA, 0x30C, 2
		case 1164:
			return 0xEA, 0x304, 2
		case 1166:
			return 0xEA, 0x30C, 2
		}
		if p < len(indexBig5) && indexBig5[p] != 0 {
			return rune(indexBig5[p]), -1, 2
		}
	}
	return errorRestoringASCII(b)
}

func newEUCJPDecoder() transform.Transformer {
	return statelessDecoder{kind: pairEUCJP, step: decodeEUCJP}
}

func decodeEUCJP(s []byte, atEOF bool) (rune, rune, int) {
	lead := s[0]
	if lead != 0x8E && lead != 0x8F && (lead < 0xA1 || lead == 0xFF) {
		return utf8.RuneError, -1, 1
	}
	if len(s) < 2 {
		return short(s, atEOF)
	}
	b := s[1]
	switch {
	case lead == 0x8E && b >= 0xA1 && b <= 0xDF:
		return rune(0xFF61 - 0xA1 + int(b)), -1, 2
	case lead == 0x8F && b >= 0xA1 && b <= 0xFE:
		if len(s) < 3 {
			return short(s, atEOF)
		}
		c := s[2]
		if c >= 0xA1 && c <= 0xFE {
			if r := indexJIS0212[(int(b)-0xA1)*94+int(c)-0xA1]; r != 0 {
				return rune(r), -1, 3
			}
		}
		if c < utf8.RuneSelf {
			return utf8.RuneError, -1, 2
		}
		return utf8.RuneError, -1, 3
	case lead >= 0xA1 && b >= 0xA1 && b <= 0xFE:
		if r := indexJIS0208[(int(lead)-0xA1)*94+int(b)-0xA1]; r != 0 {
			return rune(r), -1, 2
		}
	}
	return errorRestoringASCII(b)
}

func newShiftJISDecoder() transform.Transformer {
	return statelessDecoder{kind: pairShiftJIS, step: decodeShiftJIS}
}

func decodeShiftJIS(s []byte, atEOF bool) (rune, rune, int) {
	lead := s[0]
	switch {
	case lead == 0x80:
		return 0x80, -1, 1
	case lead >= 0xA1 && lead <= 0xDF:
		return rune(0xFF61 - 0xA1 + int(lead)), -1, 1
	case lead > 0x9F && lead < 0xE0 || lead > 0xFC:
		return utf8.RuneError, -1, 1
	}
	if len(s) < 2 {
		return short(s, atEOF)
	}
	b := s[1]
	if b >= 0x40 && b <= 0x7E || b >= 0x80 && b <= 0xFC {
		off, loff := 0x41, 0xC1
		if b < 0x7F {
			off = 0x40
		}
		if lead < 0xA0 {
			loff = 0x81
		}
		p := (int(lead)-loff)*188 + int(b) - off
		if p >= 8836 && p <= 10715 {
			return rune(0xE000 - 8836 + p), -1, 2
		}
		if p < len(indexJIS0208) && indexJIS0208[p] != 0 {
			return rune(indexJIS0208[p]), -1, 2
		}
	}
	return errorRestoringASCII(b)
}

func newEUCKRDecoder() transform.Transformer {
	return statelessDecoder{kind: pairEUCKR, step: decodeEUCKR}
}

func decodeEUCKR(s []byte, atEOF bool) (rune, rune, int) {
	lead := s[0]
	if lead < 0x81 || lead == 0xFF {
		return utf8.RuneError, -1, 1
	}
	if len(s) < 2 {
		return short(s, atEOF)
	}
	b := s[1]
	if b >= 0x41 && b <= 0xFE {
		if r := indexEUCKR[(int(lead)-0x81)*190+int(b)-0x41]; r != 0 {
			return rune(r), -1, 2
		}
	}
	return errorRestoringASCII(b)
}

// ISO-2022-JP decoder states.
const (
	isoASCII = iota
	isoRoman
	isoKatakana
	isoLead
	isoTrail
)

// iso2022JPDecoder is the ISO-2022-JP decoder. It reads an escape
// sequence whole (waiting for its bytes), so that what the standard
// restores to its input is never more than the bytes after the ESC.
type iso2022JPDecoder struct {
	state, outState int
	lead            byte
	output          bool
}

func newISO2022JPDecoder() transform.Transformer { return &iso2022JPDecoder{} }

func (d *iso2022JPDecoder) Reset() { *d = iso2022JPDecoder{} }

func (d *iso2022JPDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for {
		if nSrc == len(src) {
			if atEOF && d.state == isoTrail {
				// End of input after a lead byte: an error.
				if len(dst)-nDst < 3 {
					return nDst, nSrc, transform.ErrShortDst
				}
				d.state = isoLead
				nDst += utf8.EncodeRune(dst[nDst:], utf8.RuneError)
			}
			return nDst, nSrc, nil
		}
		b := src[nSrc]
		if d.state == isoASCII && b < utf8.RuneSelf && b != 0x1B && b != 0x0E && b != 0x0F {
			// The fast path: ASCII in the ASCII state.
			if nDst == len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			d.output = false
			dst[nDst] = b
			nDst++
			nSrc++
			continue
		}
		if d.state == isoLead && nSrc+1 < len(src) && b >= 0x21 && b <= 0x7E && src[nSrc+1] >= 0x21 && src[nSrc+1] <= 0x7E {
			// The fast path: a lead and a trail byte in JIS X 0208.
			if len(dst)-nDst < 3 {
				return nDst, nSrc, transform.ErrShortDst
			}
			r := rune(indexJIS0208[(int(b)-0x21)*94+int(src[nSrc+1])-0x21])
			if r == 0 {
				r = utf8.RuneError
			}
			d.output = false
			nDst += utf8.EncodeRune(dst[nDst:], r)
			nSrc += 2
			continue
		}
		if b == 0x1B {
			if len(dst)-nDst < 3 {
				return nDst, nSrc, transform.ErrShortDst
			}
			if d.state == isoTrail {
				// The standard's error, then the escape.
				d.state = isoLead
				nDst += utf8.EncodeRune(dst[nDst:], utf8.RuneError)
				continue
			}
			n, ok := d.escape(src[nSrc:], atEOF)
			if n == 0 {
				return nDst, nSrc, transform.ErrShortSrc
			}
			if !ok {
				nDst += utf8.EncodeRune(dst[nDst:], utf8.RuneError)
			}
			nSrc += n
			continue
		}
		r, state, output := d.next(b)
		if r >= 0 && len(dst)-nDst < utf8.RuneLen(r) {
			return nDst, nSrc, transform.ErrShortDst
		}
		d.state, d.output = state, output
		if state == isoTrail {
			d.lead = b
		}
		nSrc++
		if r >= 0 {
			nDst += utf8.EncodeRune(dst[nDst:], r)
		}
	}
}

// next returns what the byte b, not ESC, decodes to in the decoder's
// state (-1 for nothing yet), and the state and output flag after it.
func (d *iso2022JPDecoder) next(b byte) (r rune, state int, output bool) {
	switch d.state {
	case isoASCII, isoRoman:
		switch {
		case b >= utf8.RuneSelf || b == 0x0E || b == 0x0F:
			return utf8.RuneError, d.state, false
		case d.state == isoRoman && b == 0x5C:
			return 0xA5, d.state, false
		case d.state == isoRoman && b == 0x7E:
			return 0x203E, d.state, false
		}
		return rune(b), d.state, false
	case isoKatakana:
		if b >= 0x21 && b <= 0x5F {
			return rune(0xFF61 - 0x21 + int(b)), d.state, false
		}
		return utf8.RuneError, d.state, false
	case isoLead:
		if b >= 0x21 && b <= 0x7E {
			return -1, isoTrail, false
		}
		return utf8.RuneError, d.state, false
	}
	// isoTrail
	if b >= 0x21 && b <= 0x7E {
		if c := indexJIS0208[(int(d.lead)-0x21)*94+int(b)-0x21]; c != 0 {
			return rune(c), isoLead, d.output
		}
	}
	return utf8.RuneError, isoLead, d.output
}

// escape reads the escape sequence at the start of s (s[0] is ESC): it
// returns the bytes taken (0: s is too short to tell) and whether they
// are a valid sequence that output no error.
func (d *iso2022JPDecoder) escape(s []byte, atEOF bool) (int, bool) {
	if len(s) < 2 {
		if !atEOF {
			return 0, false
		}
		d.output, d.state = false, d.outState
		return 1, false
	}
	if s[1] != 0x24 && s[1] != 0x28 {
		d.output, d.state = false, d.outState
		return 1, false
	}
	if len(s) < 3 {
		if !atEOF {
			return 0, false
		}
		d.output, d.state = false, d.outState
		return 1, false
	}
	state := -1
	switch l, b := s[1], s[2]; {
	case l == 0x28 && b == 0x42:
		state = isoASCII
	case l == 0x28 && b == 0x4A:
		state = isoRoman
	case l == 0x28 && b == 0x49:
		state = isoKatakana
	case l == 0x24 && (b == 0x40 || b == 0x42):
		state = isoLead
	}
	if state < 0 {
		d.output, d.state = false, d.outState
		return 1, false
	}
	d.state, d.outState = state, state
	was := d.output
	d.output = true
	return 3, !was
}
