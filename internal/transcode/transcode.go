// Package transcode decodes the documents and values that the extractors
// cannot read as ASCII-compatible bytes, keeping the offsets of the input.
//
// A JISMasker masks the two-byte runs of ISO-2022-JP so that an HTML
// tokenizer sees the markup only (same length, same offsets); a
// UTF16Decoder decodes UTF-16 to UTF-8 across chunks, UTF16Units mapping
// offsets back; DecodeWithOffsets decodes a value and gives the input
// offset of each byte it writes, and an OffsetDecoder does the same for a
// whole document as it streams in.
package transcode

import (
	"slices"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/relink-go/relink/charset"
)

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

// A JISMasker masks an ISO-2022-JP stream, tracking its escape state
// across chunks; its zero value is ready for a new stream. The escape
// sequences themselves are masked too: they are not text, and a CSS or
// URL parser must not see their ESC, a control.
type JISMasker struct {
	state uint8
	esc   [2]byte // the bytes after ESC of an escape sequence in progress
	nesc  int
	inEsc bool
}

// Mask writes to dst (len(dst) >= len(src)) the masked copy of src.
func (m *JISMasker) Mask(dst, src []byte) {
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
func (m *JISMasker) escByte(c byte) bool {
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

// Unmask appends to dst src with the high bits that Mask set cleared,
// and returns it.
func Unmask(dst, src []byte) []byte {
	for _, c := range src {
		dst = append(dst, c&0x7F)
	}
	return dst
}

// UTF-16 documents are decoded to UTF-8 for the tokenizer; offsets are
// mapped back by counting UTF-16 code units, two bytes each.

// A UTF16Decoder decodes UTF-16 (without its byte order mark) to UTF-8
// across chunks. Unpaired surrogates become U+FFFD, one code unit each.
// Its zero value is ready for a new little-endian stream.
type UTF16Decoder struct {
	BigEndian bool // UTF-16BE, else UTF-16LE
	odd       byte // a first byte kept from the previous chunk
	hasOdd    bool
	hi        rune // a high surrogate waiting for its pair, or 0
}

// Decode appends to dst the UTF-8 form of src and returns it. At atEOF a
// dangling byte or high surrogate becomes U+FFFD.
func (d *UTF16Decoder) Decode(dst, src []byte, atEOF bool) []byte {
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

func (d *UTF16Decoder) unit(a, b byte) uint16 {
	if d.BigEndian {
		return uint16(a)<<8 | uint16(b)
	}
	return uint16(b)<<8 | uint16(a)
}

func (d *UTF16Decoder) unitToUTF8(dst []byte, u rune) []byte {
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

// UTF16Units returns how many UTF-16 code units the UTF-8 text b takes,
// as a UTF16Decoder produced it: an offset in the UTF-8 text, mapped back
// to the input, is twice that many bytes after where the text began.
func UTF16Units(b []byte) int64 {
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

// unit16 reads one UTF-16 code unit, or 0 when b holds less than two
// bytes.
func (d *UTF16Decoder) unit16(b []byte) uint16 {
	if len(b) < 2 {
		return 0
	}
	return d.unit(b[0], b[1])
}

// DecodeAll appends to out raw decoded to UTF-8 by d, which must be
// reset, and returns it: all at once, where DecodeWithOffsets goes a
// character at a time.
func DecodeAll(out []byte, d *encoding.Decoder, raw []byte) []byte {
	out = slices.Grow(out, 2*len(raw))
	for {
		nDst, nSrc, err := d.Transform(out[len(out):cap(out)], raw, true)
		out = out[:len(out)+nDst]
		raw = raw[nSrc:]
		switch {
		case err == nil:
			return out
		case err != transform.ErrShortDst:
			// Decoders replace what they cannot decode; should one fail
			// all the same, the rest goes a character at a time.
			d.Reset()
			return DecodeWithOffsets(out, d, raw, nil)
		}
		out = slices.Grow(out, 2*len(raw)+utf8.UTFMax)
	}
}

// DecodeWithOffsets appends to out raw decoded to UTF-8 by d, which must
// be reset, and returns it. If offs is not nil, it sets *offs to the offset
// in raw of the character each byte of the result comes from. It decodes
// one character at a time, so it is only for the values that hold
// non-ASCII bytes.
//
// The offsets make spans: a character owns the escape sequence before it
// (ISO-2022-JP's "ESC $ B"; "ESC ( B", back to ASCII, belongs to the
// character before it), and the ASCII bytes a decoder gives with an
// invalid multibyte sequence have their own offsets.
func DecodeWithOffsets(out []byte, d *encoding.Decoder, raw []byte, offs *[]int32) []byte {
	if offs != nil {
		*offs = (*offs)[:0]
	}
	var buf [16]byte
	escStart := -1 // where bytes that produced nothing (an escape sequence) began
	for start := 0; start < len(raw); {
		end := start + 1
		nDst, nSrc, err := d.Transform(buf[:], raw[start:end], end == len(raw))
		for err == transform.ErrShortSrc && end < len(raw) {
			end++
			nDst, nSrc, err = d.Transform(buf[:], raw[start:end], end == len(raw))
		}
		if nSrc == 0 {
			// No progress: take the byte as U+FFFD.
			nDst = utf8.EncodeRune(buf[:], utf8.RuneError)
			nSrc = 1
		}
		out = append(out, buf[:nDst]...)
		at := start
		if nDst == 0 && escStart < 0 && !(raw[start] == 0x1B && end-start == 3 && raw[start+1] == '(') {
			// An escape into a multibyte state belongs to the character
			// after it; one back to ASCII ("ESC ( B") to the one before.
			escStart = start
		} else if nDst > 0 && escStart >= 0 {
			// The character owns the escape sequence before it, so that
			// a span starting at it starts at the escape.
			at, escStart = escStart, -1
		}
		if offs != nil {
			// Characters the decoder gave with the first one are ASCII
			// bytes of the input after it (an invalid multibyte sequence
			// whose second byte is ASCII: U+FFFD, then that byte): each
			// has its own offset, so that the first character's span
			// does not take them in nor come out empty.
			k := nDst
			for j := start + nSrc - 1; k > 1 && j > at && buf[k-1] < utf8.RuneSelf && raw[j] == buf[k-1]; j-- {
				k--
			}
			for range k {
				*offs = append(*offs, int32(at))
			}
			for j := start + nSrc - (nDst - k); k < nDst; k, j = k+1, j+1 {
				*offs = append(*offs, int32(j))
			}
		}
		start += nSrc
	}
	return out
}

// An OffsetDecoder decodes a document to UTF-8 as it streams in, one
// character at a time, and gives for each byte it writes the offset in
// the input of the character that byte comes from. A character cut by the
// end of a chunk waits for the next. Use Reset before the first chunk.
type OffsetDecoder struct {
	dec     transform.Transformer // the charset's decoder, when not UTF-16
	u16     UTF16Decoder
	utf16   bool
	skipBOM bool   // the input starts with a UTF-16 byte order mark
	in      int64  // input bytes decoded so far
	carry   []byte // the input of a character cut by the end of a chunk
}

// Reset readies d for a new document in c, which must not be UTF-8 (whose
// text needs no decoding). A UTF-16 byte order mark at the start of the
// document, which c.Source says, is skipped.
func (d *OffsetDecoder) Reset(c charset.Charset) {
	d.dec, d.utf16, d.skipBOM, d.in, d.carry = nil, false, false, 0, nil
	switch c.Name {
	case "utf-16le", "utf-16be":
		d.utf16, d.u16 = true, UTF16Decoder{BigEndian: c.Name == "utf-16be"}
		d.skipBOM = c.Source == charset.SourceBOM
	default:
		d.dec = c.Encoding.NewDecoder()
	}
}

// Decoded returns how many bytes of the input d has decoded: the offset
// where the next character written begins.
func (d *OffsetDecoder) Decoded() int64 { return d.in }

// Decode appends to u8 the next bytes of the document, b, decoded, and to
// offs the offset in the input of each byte it appends; atEOF reports
// that b ends the document. It returns u8 and offs.
func (d *OffsetDecoder) Decode(u8 []byte, offs []int64, b []byte, atEOF bool) ([]byte, []int64) {
	start := d.in
	b = append(d.carry, b...)
	d.carry = nil
	if d.utf16 {
		// One code unit at a time, or a surrogate pair; a unit or pair
		// cut by the end of b waits for the next chunk.
		i := 0
		for i < len(b) {
			if start+int64(i) < 2 && d.skipBOM {
				// The byte order mark is not text. (Cut, it waits.)
				if i+2 > len(b) && !atEOF {
					break
				}
				i = min(i+2, len(b))
				continue
			}
			n := 2
			if u := d.u16.unit16(b[i:]); u >= 0xD800 && u <= 0xDBFF {
				n = 4
			}
			if i+n > len(b) {
				if !atEOF {
					break
				}
				n = len(b) - i
			}
			before := len(u8)
			u8 = d.u16.Decode(u8, b[i:i+n], atEOF && i+n == len(b))
			for range len(u8) - before {
				offs = append(offs, start+int64(i))
			}
			i += n
		}
		d.carry = append(d.carry, b[i:]...)
	} else {
		var buf [32]byte
		for i := 0; i < len(b); {
			end := i + 1
			nDst, nSrc, err := d.dec.Transform(buf[:], b[i:end], atEOF && end == len(b))
			for err == transform.ErrShortSrc && end < len(b) {
				end++
				nDst, nSrc, err = d.dec.Transform(buf[:], b[i:end], atEOF && end == len(b))
			}
			if err == transform.ErrShortSrc && !atEOF {
				d.carry = append(d.carry, b[i:]...)
				break
			}
			if nSrc == 0 {
				nDst, nSrc = utf8.EncodeRune(buf[:], utf8.RuneError), 1
			}
			u8 = append(u8, buf[:nDst]...)
			for range nDst {
				offs = append(offs, start+int64(i))
			}
			i += nSrc
		}
	}
	d.in = start + int64(len(b)) - int64(len(d.carry))
	return u8, offs
}
