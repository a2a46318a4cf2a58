package webenc

import (
	"cmp"
	"slices"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// An encodeFunc encodes the non-ASCII code point r as the standard's
// encoder does, into b; n is 0 when the encoding has no bytes for r.
type encodeFunc func(r rune) (b [4]byte, n int)

// A statelessEncoder runs an encodeFunc over its input; ASCII encodes to
// itself.
type statelessEncoder struct {
	transform.NopResetter
	step encodeFunc
}

func (e statelessEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
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
		r, size := utf8.DecodeRune(src[nSrc:])
		if size == 1 {
			if !atEOF && !utf8.FullRune(src[nSrc:]) {
				return nDst, nSrc, transform.ErrShortSrc
			}
			return nDst, nSrc, errUnencodable
		}
		b, n := e.step(r)
		if n == 0 {
			return nDst, nSrc, errUnencodable
		}
		if nDst+n > len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], b[:n])
		nSrc += size
	}
	return nDst, nSrc, nil
}

// A pointerIndex finds the pointer of a code point in an index. Its
// tables are built at first use: a direct table for the BMP (128 KiB) and
// a sorted list for the code points beyond.
type pointerIndex struct {
	once   sync.Once
	build  func() []pointerItem
	bmp    []uint16 // pointer+1 by code point, 0 for none
	astral []pointerItem
}

type pointerItem struct {
	r rune
	p int32
}

func (x *pointerIndex) pointer(r rune) (int, bool) {
	x.once.Do(x.init)
	if r < 0x10000 {
		p := x.bmp[r]
		return int(p) - 1, p != 0
	}
	i, ok := slices.BinarySearchFunc(x.astral, r, func(e pointerItem, r rune) int { return cmp.Compare(e.r, r) })
	if !ok {
		return 0, false
	}
	return int(x.astral[i].p), true
}

func (x *pointerIndex) init() {
	x.bmp = make([]uint16, 0x10000)
	for _, e := range x.build() {
		if e.r < 0x10000 {
			x.bmp[e.r] = uint16(e.p + 1)
		} else {
			x.astral = append(x.astral, e)
		}
	}
}

// firstPointers returns, for each code point of the index (of the
// pointers keep accepts), its first pointer: the standard's "index
// pointer".
func firstPointers[T uint16 | uint32](index []T, keep func(p int) bool) []pointerItem {
	var items []pointerItem
	for p, r := range index {
		if r != 0 && (keep == nil || keep(p)) {
			items = append(items, pointerItem{rune(r), int32(p)})
		}
	}
	slices.SortStableFunc(items, func(a, b pointerItem) int { return cmp.Compare(a.r, b.r) })
	return slices.CompactFunc(items, func(a, b pointerItem) bool { return a.r == b.r })
}

var (
	jis0208Pointers = pointerIndex{build: func() []pointerItem { return firstPointers(indexJIS0208[:], nil) }}
	// The index Shift_JIS pointer: index jis0208 without pointers 8272
	// to 8835 (NEC's duplicates of IBM's extensions).
	shiftJISPointers = pointerIndex{build: func() []pointerItem {
		return firstPointers(indexJIS0208[:], func(p int) bool { return p < 8272 || p > 8835 })
	}}
	eucKRPointers   = pointerIndex{build: func() []pointerItem { return firstPointers(indexEUCKR[:], nil) }}
	gb18030Pointers = pointerIndex{build: func() []pointerItem { return firstPointers(indexGB18030[:], nil) }}
	big5Pointers    = pointerIndex{build: buildBig5Pointers}
)

// buildBig5Pointers returns the index Big5 pointer of each code point:
// index Big5 without the Hong Kong extensions (pointers below
// (0xA1-0x81)*157), the last pointer for six code points, the first for
// the others.
func buildBig5Pointers() []pointerItem {
	items := firstPointers(indexBig5[:], func(p int) bool { return p >= (0xA1-0x81)*157 })
	for i, e := range items {
		switch e.r {
		case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
			for p := len(indexBig5) - 1; p >= 0; p-- {
				if rune(indexBig5[p]) == e.r {
					items[i].p = int32(p)
					break
				}
			}
		}
	}
	return items
}

func newGB18030Encoder() transform.Transformer {
	return statelessEncoder{step: func(r rune) ([4]byte, int) { return encodeGB18030(r, false) }}
}

func newGBKEncoder() transform.Transformer {
	return statelessEncoder{step: func(r rune) ([4]byte, int) { return encodeGB18030(r, true) }}
}

// gb18030Side is the gb18030 encoder's table of the Private Use code
// points whose characters GB18030-2022 moved: they keep their old bytes.
var gb18030Side = map[rune]uint16{
	0xE78D: 0xA6D9, 0xE78E: 0xA6DA, 0xE78F: 0xA6DB, 0xE790: 0xA6DC, 0xE791: 0xA6DD,
	0xE792: 0xA6DE, 0xE793: 0xA6DF, 0xE794: 0xA6EC, 0xE795: 0xA6ED, 0xE796: 0xA6F3,
	0xE81E: 0xFE59, 0xE826: 0xFE61, 0xE82B: 0xFE66, 0xE82C: 0xFE67, 0xE832: 0xFE6D,
	0xE843: 0xFE7E, 0xE854: 0xFE90, 0xE864: 0xFEA0,
}

// encodeGB18030 is the gb18030 encoder, or GBK's when gbk is set.
func encodeGB18030(r rune, gbk bool) (b [4]byte, n int) {
	switch {
	case r == 0xE5E5:
		return b, 0
	case gbk && r == 0x20AC:
		b[0] = 0x80
		return b, 1
	}
	if r >= 0xE78D && r <= 0xE864 {
		if v, ok := gb18030Side[r]; ok {
			b[0], b[1] = byte(v>>8), byte(v)
			return b, 2
		}
	}
	if p, ok := gb18030Pointers.pointer(r); ok {
		trail := p % 190
		off := 0x41
		if trail < 0x3F {
			off = 0x40
		}
		b[0], b[1] = byte(p/190+0x81), byte(trail+off)
		return b, 2
	}
	if gbk {
		return b, 0
	}
	p := gb18030RangesPointer(r)
	b[0] = byte(p/(10*126*10) + 0x81)
	p %= 10 * 126 * 10
	b[1] = byte(p/(10*126) + 0x30)
	p %= 10 * 126
	b[2], b[3] = byte(p/10+0x81), byte(p%10+0x30)
	return b, 4
}

// gb18030RangesPointer is the index gb18030 ranges pointer for r.
func gb18030RangesPointer(r rune) int {
	if r == 0xE7C7 {
		return 7457
	}
	if r >= 0x10000 {
		return 189000 + int(r) - 0x10000
	}
	lo, hi := 0, len(indexGB18030Ranges) // the last range with code point <= r
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if rune(indexGB18030Ranges[m][1]) <= r {
			lo = m
		} else {
			hi = m
		}
	}
	e := indexGB18030Ranges[lo]
	return int(e[0]) + int(r) - int(e[1])
}

func newBig5Encoder() transform.Transformer { return statelessEncoder{step: encodeBig5} }

func encodeBig5(r rune) (b [4]byte, n int) {
	p, ok := big5Pointers.pointer(r)
	if !ok {
		return b, 0
	}
	trail := p % 157
	off := 0x62
	if trail < 0x3F {
		off = 0x40
	}
	b[0], b[1] = byte(p/157+0x81), byte(trail+off)
	return b, 2
}

func newEUCJPEncoder() transform.Transformer { return statelessEncoder{step: encodeEUCJP} }

func encodeEUCJP(r rune) (b [4]byte, n int) {
	switch {
	case r == 0xA5:
		b[0] = 0x5C
		return b, 1
	case r == 0x203E:
		b[0] = 0x7E
		return b, 1
	case r >= 0xFF61 && r <= 0xFF9F:
		b[0], b[1] = 0x8E, byte(r-0xFF61+0xA1)
		return b, 2
	case r == 0x2212:
		r = 0xFF0D
	}
	p, ok := jis0208Pointers.pointer(r)
	if !ok {
		return b, 0
	}
	b[0], b[1] = byte(p/94+0xA1), byte(p%94+0xA1)
	return b, 2
}

func newShiftJISEncoder() transform.Transformer { return statelessEncoder{step: encodeShiftJIS} }

func encodeShiftJIS(r rune) (b [4]byte, n int) {
	switch {
	case r == 0x80:
		b[0] = 0x80
		return b, 1
	case r == 0xA5:
		b[0] = 0x5C
		return b, 1
	case r == 0x203E:
		b[0] = 0x7E
		return b, 1
	case r >= 0xFF61 && r <= 0xFF9F:
		b[0] = byte(r - 0xFF61 + 0xA1)
		return b, 1
	case r == 0x2212:
		r = 0xFF0D
	}
	p, ok := shiftJISPointers.pointer(r)
	if !ok {
		return b, 0
	}
	lead, trail := p/188, p%188
	loff, off := 0xC1, 0x41
	if lead < 0x1F {
		loff = 0x81
	}
	if trail < 0x3F {
		off = 0x40
	}
	b[0], b[1] = byte(lead+loff), byte(trail+off)
	return b, 2
}

func newEUCKREncoder() transform.Transformer { return statelessEncoder{step: encodeEUCKR} }

func encodeEUCKR(r rune) (b [4]byte, n int) {
	p, ok := eucKRPointers.pointer(r)
	if !ok {
		return b, 0
	}
	b[0], b[1] = byte(p/190+0x81), byte(p%190+0x41)
	return b, 2
}

// ISO-2022-JP encoder states.
const (
	isoEncASCII = iota
	isoEncRoman
	isoEncJIS0208
)

// iso2022JPEncoder is the ISO-2022-JP encoder. At the end of its input it
// returns to the ASCII state.
type iso2022JPEncoder struct{ state int }

func newISO2022JPEncoder() transform.Transformer { return &iso2022JPEncoder{} }

func (e *iso2022JPEncoder) Reset() { e.state = isoEncASCII }

var (
	escASCII   = [3]byte{0x1B, '(', 'B'}
	escRoman   = [3]byte{0x1B, '(', 'J'}
	escJIS0208 = [3]byte{0x1B, '$', 'B'}
)

func (e *iso2022JPEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for {
		if nSrc == len(src) {
			if atEOF && e.state != isoEncASCII {
				if len(dst)-nDst < 3 {
					return nDst, nSrc, transform.ErrShortDst
				}
				nDst += copy(dst[nDst:], escASCII[:])
				e.state = isoEncASCII
			}
			return nDst, nSrc, nil
		}
		if c := src[nSrc]; e.state == isoEncASCII && c < utf8.RuneSelf && c != 0x0E && c != 0x0F && c != 0x1B {
			// The fast path: ASCII in the ASCII state.
			if nDst == len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		r, size := rune(src[nSrc]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(src[nSrc:])
			if size == 1 {
				if !atEOF && !utf8.FullRune(src[nSrc:]) {
					return nDst, nSrc, transform.ErrShortSrc
				}
				return nDst, nSrc, errUnencodable
			}
		}
		out, n, state, consume := e.next(r)
		if n == 0 && !consume {
			return nDst, nSrc, errUnencodable
		}
		if len(dst)-nDst < n {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], out[:n])
		e.state = state
		if consume {
			nSrc += size
		}
	}
}

// next returns the n bytes out the encoder writes for r in its state, the
// state after them, and whether r is done with (false: r is to be encoded
// again in the new state; with no bytes, an error).
func (e *iso2022JPEncoder) next(r rune) (out [3]byte, n, state int, consume bool) {
	s := e.state
	if (s == isoEncASCII || s == isoEncRoman) && (r == 0x0E || r == 0x0F || r == 0x1B) {
		return out, 0, s, false
	}
	if s == isoEncASCII && r < utf8.RuneSelf {
		out[0] = byte(r)
		return out, 1, s, true
	}
	if s == isoEncRoman && (r < utf8.RuneSelf && r != 0x5C && r != 0x7E || r == 0xA5 || r == 0x203E) {
		switch r {
		case 0xA5:
			out[0] = 0x5C
		case 0x203E:
			out[0] = 0x7E
		default:
			out[0] = byte(r)
		}
		return out, 1, s, true
	}
	if r < utf8.RuneSelf {
		return escASCII, 3, isoEncASCII, false
	}
	if r == 0xA5 || r == 0x203E {
		return escRoman, 3, isoEncRoman, false
	}
	if r == 0x2212 {
		r = 0xFF0D
	}
	if r >= 0xFF61 && r <= 0xFF9F {
		r = rune(indexISO2022JPKatakana[r-0xFF61])
	}
	p, ok := jis0208Pointers.pointer(r)
	if !ok {
		if s == isoEncJIS0208 {
			return escASCII, 3, isoEncASCII, false
		}
		return out, 0, s, false
	}
	if s != isoEncJIS0208 {
		return escJIS0208, 3, isoEncJIS0208, false
	}
	out[0], out[1] = byte(p/94+0x21), byte(p%94+0x21)
	return out, 2, s, true
}
