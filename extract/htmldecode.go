package extract

import (
	"bytes"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/internal/htmltok"
	"github.com/relink-go/relink/internal/transcode"
	"golang.org/x/text/encoding"
)

// decoding is the HTML extractor's charset: it holds the first bytes of
// the document until they decide the charset (head, and pend, what
// Transform has still to write of them), gives the tokenizer the document
// in bytes it can read, maps the tokenizer's offsets back to the input,
// and decodes attribute values and text to UTF-8, character references
// included, keeping the input offset of each byte.
//
// Until head is done, no byte has reached the tokenizer and cs is the
// zero Charset. From start on, cs is the charset decided and the
// tokenizer reads, for every ASCII-compatible charset, the input itself
// (its offsets are the input's); for ISO-2022-JP, the input masked by jis
// (same length, same offsets); for UTF-16, the input decoded to UTF-8 by
// u16, whose offsets orig maps back: a token starts units code units (two
// bytes each) after the byte order mark, bom bytes. At most one of jis
// and u16 is set. The buffers hold what the last call that filled them
// returned, valid until the next such call.
type decoding struct {
	head charset.Head    // input held until the charset is known
	cs   charset.Charset // the charset, once known
	pend []byte          // output not yet written

	jis   *transcode.JISMasker    // ISO-2022-JP: masks the tokenizer's input
	mbuf  []byte                  // the masked chunk
	u16   *transcode.UTF16Decoder // UTF-16: decodes the tokenizer's input
	u8    []byte                  // the decoded chunk
	units int64                   // UTF-16 code units before the next token
	bom   int64                   // the bytes of the UTF-16 byte order mark
	skip  int64                   // the bytes of it that input has still to skip

	dec        *encoding.Decoder // the charset's decoder, for decoder
	vbuf, dbuf []byte            // a value unmasked, and decoded
	decBuf     []byte            // a value decoded from the charset, for value
	offs1      []int32           // for each byte of value's result, its offset in the value as written
	offs2      []int32           // for each byte of decBuf, its offset in the value as written
	identity   bool              // the value decoded by value is its raw bytes
	tdec       []byte            // text decoded from the charset, for decodeText
	tbuf       []byte            // text with its references decoded, for decodeText
}

// reset readies d for a new document.
func (d *decoding) reset() {
	d.head.Reset()
	d.cs, d.pend = charset.Charset{}, nil
	d.dec = nil
	d.jis, d.u16, d.units, d.bom, d.skip = nil, nil, 0, 0, 0
}

// start prepares the decoding for the charset head decided.
func (d *decoding) start() {
	d.cs = d.head.Charset()
	switch d.cs.Name {
	case "iso-2022-jp":
		d.jis = new(transcode.JISMasker)
	case "utf-16le", "utf-16be":
		d.u16 = &transcode.UTF16Decoder{BigEndian: d.cs.Name == "utf-16be"}
		if d.cs.Source == charset.SourceBOM {
			d.bom, d.skip = 2, 2
		}
	}
}

// input returns the input chunk b (as written) as the tokenizer reads it,
// valid until the next call. atEOF reports that b ends the document.
func (d *decoding) input(b []byte, atEOF bool) []byte {
	in := b
	switch {
	case d.jis != nil:
		if cap(d.mbuf) < len(b) {
			d.mbuf = make([]byte, len(b))
		}
		in = d.mbuf[:len(b)]
		d.jis.Mask(in, b)
	case d.u16 != nil:
		if d.skip > 0 {
			// Skip the byte order mark: it is not text.
			n := min(d.skip, int64(len(b)))
			b = b[n:]
			d.skip -= n
		}
		d.u8 = d.u16.Decode(d.u8[:0], b, atEOF)
		in = d.u8
	}
	return in
}

// needsDecoding reports whether raw, bytes of the document as written (ISO-2022-JP
// unmasked), must go through the document's decoder to be UTF-8.
func (d *decoding) needsDecoding(raw []byte) bool {
	switch {
	case d.u16 != nil || d.cs.Name == "utf-8":
		return false
	case d.jis != nil:
		return bytes.IndexByte(raw, 0x1B) >= 0
	}
	return !isASCIIBytes(raw)
}

// decoder returns the document charset's decoder, reset.
func (d *decoding) decoder() *encoding.Decoder {
	if d.dec == nil {
		d.dec = d.cs.Encoding.NewDecoder()
	}
	d.dec.Reset()
	return d.dec
}

// orig returns the offset in the original input of byte i of the
// tokenizer's stream, given the stream offset of the token that holds it
// and the token's raw bytes.
func (d *decoding) orig(tok *htmltok.Token, i int) int64 {
	if d.u16 != nil {
		return d.orig16(tok, i)
	}
	return tok.Offset + int64(i) // small enough to inline
}

// orig16 is orig for UTF-16 input, not inlined: orig is, into the
// code of every link.
//
//go:noinline
func (d *decoding) orig16(tok *htmltok.Token, i int) int64 {
	return d.bom + 2*(d.units+transcode.UTF16Units(tok.Raw[:i]))
}

// attr returns the raw value of the first attribute named name.
func (d *decoding) attr(tok *htmltok.Token, name string) []byte {
	// As tok.Attr, by pointer: it returns the attribute by value, a copy
	// made for each link of an a, area or link element (its rel).
	for i := range tok.Attrs {
		if a := &tok.Attrs[i]; !a.Dup && string(a.Name) == name {
			if a.ValOff < 0 {
				return nil
			}
			if d.jis != nil {
				return transcode.Unmask(nil, a.Val)
			}
			return a.Val
		}
	}
	return nil
}

// value decodes the value of attribute a to UTF-8 with its character
// references, and records in d.offs1 the offset in a.Val of each byte of
// the result (plus one entry for its end). The result is valid until the
// next call.
func (d *decoding) value(tok *htmltok.Token, a *htmltok.Attr) []byte {
	raw := a.Val
	if d.jis != nil {
		d.vbuf = transcode.Unmask(d.vbuf[:0], raw)
		raw = d.vbuf
	}
	u8 := raw
	d.offs2 = d.offs2[:0]
	transcoded := false
	if d.needsDecoding(raw) {
		d.decBuf = transcode.DecodeWithOffsets(d.decBuf[:0], d.decoder(), raw, &d.offs2)
		u8 = d.decBuf
		transcoded = true
	}
	d.offs1 = d.offs1[:0]
	d.identity = !transcoded && !hasAttrSpecial(u8)
	if d.identity {
		// No reference, CR or NUL: the value is the raw bytes.
		return u8
	}
	d.dbuf = htmltok.UnescapeAttr(d.dbuf[:0], u8, &d.offs1)
	if transcoded {
		for i, o := range d.offs1 {
			d.offs1[i] = d.offs2[o]
		}
	}
	return d.dbuf
}

// rawIndex returns the offset in a.Val of byte i of its decoded value.
func (d *decoding) rawIndex(a *htmltok.Attr, i int) int {
	if d.identity {
		return min(i, len(a.Val))
	}
	if i < len(d.offs1) {
		return int(d.offs1[i])
	}
	return len(a.Val)
}

// valueOffset returns the offset in the input of byte i of the decoded
// value of a (as value left it in d.offs1).
func (d *decoding) valueOffset(tok *htmltok.Token, a *htmltok.Attr, i int) int64 {
	return d.orig(tok, a.ValOff+d.rawIndex(a, i))
}

// decodeText decodes raw text to UTF-8 with its character references.
func (d *decoding) decodeText(raw []byte) []byte {
	if d.jis != nil {
		raw = transcode.Unmask(nil, raw)
	}
	if d.needsDecoding(raw) {
		d.tdec = transcode.DecodeAll(d.tdec[:0], d.decoder(), raw)
		raw = d.tdec
	}
	if bytes.IndexByte(raw, '&') < 0 && bytes.IndexByte(raw, '\r') < 0 {
		return raw // nothing to decode
	}
	d.tbuf = htmltok.UnescapeText(d.tbuf[:0], raw, nil)
	return d.tbuf
}
