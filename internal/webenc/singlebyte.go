package webenc

import (
	"slices"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"
)

// A singleByte is a single-byte encoding of the standard. Its embedded
// golang.org/x/text charmap, of the same name, is there only for its ID
// method, so that htmlindex.Name gives the standard's name: every other
// method is the standard's.
type singleByte struct {
	*charmap.Charmap
	c *sbCodec
}

func (e *singleByte) NewDecoder() *encoding.Decoder { return e.c.NewDecoder() }
func (e *singleByte) NewEncoder() *encoding.Encoder { return e.c.NewEncoder() }
func (e *singleByte) String() string                { return e.c.name }

// DecodeByte returns the character the byte b decodes to (U+FFFD when
// the standard's index has none).
func (e *singleByte) DecodeByte(b byte) rune { return e.c.decodeByte(b) }

// EncodeRune returns the byte that encodes r, if any.
func (e *singleByte) EncodeRune(r rune) (byte, bool) { return e.c.encodeRune(r) }

// An sbCodec decodes and encodes a single-byte encoding through its index.
type sbCodec struct {
	name  string
	index *[128]uint16 // code points of 0x80...0xFF, 0 for none

	once   sync.Once
	dec    [256]utf8Char  // each byte's UTF-8
	latin1 [256]byte      // the byte of each code point below U+0100, 0 for none
	enc    []sbEncodeItem // the others, by code point
}

// A utf8Char is the UTF-8 form of a character of at most 3 bytes.
type utf8Char struct {
	n uint8
	b [3]byte
}

type sbEncodeItem struct {
	r rune
	b byte
}

func (c *sbCodec) String() string { return c.name }

func (c *sbCodec) init() {
	c.once.Do(func() {
		for b := 0; b < 256; b++ {
			r := c.decodeByte(byte(b))
			var buf [utf8.UTFMax]byte
			n := utf8.EncodeRune(buf[:], r)
			c.dec[b] = utf8Char{uint8(n), [3]byte{buf[0], buf[1], buf[2]}}
			switch {
			case b < 0x80 || r == utf8.RuneError:
			case r < 0x100:
				c.latin1[r] = byte(b)
			default:
				c.enc = append(c.enc, sbEncodeItem{r, byte(b)})
			}
		}
		slices.SortFunc(c.enc, func(a, b sbEncodeItem) int { return int(a.r - b.r) })
	})
}

func (c *sbCodec) decodeByte(b byte) rune {
	if b < utf8.RuneSelf {
		return rune(b)
	}
	if r := c.index[b-0x80]; r != 0 {
		return rune(r)
	}
	return utf8.RuneError
}

func (c *sbCodec) encodeRune(r rune) (byte, bool) {
	if r < utf8.RuneSelf {
		return byte(r), true
	}
	c.init()
	if r < 0x100 {
		b := c.latin1[r]
		return b, b != 0
	}
	i, ok := slices.BinarySearchFunc(c.enc, r, func(e sbEncodeItem, r rune) int { return int(e.r - r) })
	if !ok {
		return 0, false
	}
	return c.enc[i].b, true
}

func (c *sbCodec) NewDecoder() *encoding.Decoder {
	c.init()
	return &encoding.Decoder{Transformer: sbDecoder{c}}
}

func (c *sbCodec) NewEncoder() *encoding.Encoder {
	c.init()
	return &encoding.Encoder{Transformer: sbEncoder{c}}
}

type sbDecoder struct{ c *sbCodec }

func (sbDecoder) Reset() {}

func (d sbDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	t := &d.c.dec
	for ; nSrc < len(src); nSrc++ {
		if c := src[nSrc]; c < utf8.RuneSelf {
			if nDst == len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			continue
		}
		e := &t[src[nSrc]]
		if nDst+int(e.n) > len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		dst[nDst] = e.b[0]
		if e.n > 1 {
			dst[nDst+1] = e.b[1]
			if e.n > 2 {
				dst[nDst+2] = e.b[2]
			}
		}
		nDst += int(e.n)
	}
	return nDst, nSrc, nil
}

type sbEncoder struct{ c *sbCodec }

func (sbEncoder) Reset() {}

func (e sbEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		if nDst == len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		c := src[nSrc]
		if c < utf8.RuneSelf {
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		r, size := utf8.DecodeRune(src[nSrc:])
		if size == 1 && !atEOF && !utf8.FullRune(src[nSrc:]) {
			return nDst, nSrc, transform.ErrShortSrc
		}
		b, ok := byte(0), false
		if size > 1 {
			b, ok = e.c.encodeRune(r)
		}
		if !ok {
			return nDst, nSrc, errUnencodable
		}
		dst[nDst] = b
		nDst++
		nSrc += size
	}
	return nDst, nSrc, nil
}

// repertoireError is the error of an encoder at a character its encoding
// lacks (or at a byte that is not UTF-8). Its Replacement method makes
// encoding.HTMLEscapeUnsupported and encoding.ReplaceUnsupported handle
// it as they handle golang.org/x/text's own encoders' errors.
type repertoireError byte

func (repertoireError) Error() string       { return "webenc: rune not supported by encoding" }
func (e repertoireError) Replacement() byte { return byte(e) }

var errUnencodable error = repertoireError(encoding.ASCIISub)
