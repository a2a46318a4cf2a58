// Package webenc provides the character encodings of the WHATWG Encoding
// Standard as the standard defines them, byte for byte: what browsers
// decode a page with and encode its URL queries in.
//
// golang.org/x/text's encodings, which golang.org/x/text/encoding/htmlindex
// hands out for the standard's labels, differ from the standard in places
// that change URLs and text: its windows-1252 (the encoding of "latin1",
// "iso-8859-1" and "ascii" too) decodes 0x81, 0x8D, 0x8F, 0x90 and 0x9D as
// U+FFFD where the standard has U+0081 ... U+009D; its ISO-8859 encodings
// have no C1 controls; its GBK decoder reads no four-byte sequences; its
// Big5 and Shift_JIS decoders drop the ASCII byte after an invalid lead
// byte; its encoders write Big5-HKSCS, JIS X 0212 and ISO-2022-JP
// katakana sequences that browsers never write, and so on. Get returns,
// for each label, an encoding that follows the standard's algorithms over
// its index files (generated into tables.go by gen.go):
//
//   - the 28 single-byte encodings, each decoded through a 256-entry table
//     as fast as golang.org/x/text/encoding/charmap's;
//   - gbk, gb18030, big5, euc-jp, iso-2022-jp, shift_jis and euc-kr;
//   - UTF-8, UTF-16BE, UTF-16LE, replacement and x-user-defined from
//     golang.org/x/text, which agrees with the standard on them but for
//     the cases listed in testdata/whatwg-encoding/known-differences.tsv.
//
// Decoders replace each error with U+FFFD (the standard's "replacement"
// error mode); encoders stop at a character the encoding lacks with an
// error that golang.org/x/text/encoding.HTMLEscapeUnsupported and
// ReplaceUnsupported understand. Decoders do not strip a byte order mark.
//
// Name gives the standard's name of every encoding Get returns.
// htmlindex.Name does too for the single-byte encodings (which carry the
// identity of golang.org/x/text's) but not for iso-8859-8-i nor for the
// multi-byte ones, whose identity golang.org/x/text keeps internal: ask
// Name.
package webenc

import (
	"errors"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
)

//go:generate go run gen.go

var errUnknownLabel = errors.New("webenc: unknown encoding label")

// Lookup returns the encoding of the label (case-insensitive, ASCII
// whitespace around it ignored) and its name in the standard ("utf-8",
// "windows-1252", "shift_jis"), or nil and "" when label is not one of the
// standard's labels.
func Lookup(label string) (encoding.Encoding, string) {
	name, ok := labels[label]
	if !ok {
		name, ok = labels[normalizeLabel(label)]
		if !ok {
			return nil, ""
		}
	}
	return byName[name], name
}

// Get returns the encoding of the label, as Lookup, or an error when the
// standard has no such label.
func Get(label string) (encoding.Encoding, error) {
	e, _ := Lookup(label)
	if e == nil {
		return nil, errUnknownLabel
	}
	return e, nil
}

// Name returns the standard's name of e: of an encoding Get returns, or of
// a golang.org/x/text encoding that htmlindex.Name knows.
func Name(e encoding.Encoding) (string, error) {
	switch e := e.(type) {
	case *singleByte:
		return e.c.name, nil
	case *sbCodec:
		return e.name, nil
	case *multiByte:
		return e.name, nil
	}
	return htmlindex.Name(e)
}

// Exact returns the encoding Get gives for e's name, which is e itself
// when e came from Get, or e when it has no name in the standard. It
// turns a golang.org/x/text encoding into the standard's.
func Exact(e encoding.Encoding) encoding.Encoding {
	name, err := Name(e)
	if err != nil {
		return e
	}
	if x := byName[name]; x != nil {
		return x
	}
	return e
}

// normalizeLabel removes ASCII whitespace around s and lowercases its
// ASCII letters.
func normalizeLabel(s string) string {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// byName holds the encoding of each name of the standard.
var byName = map[string]encoding.Encoding{
	"utf-8":          unicode.UTF8,
	"utf-16be":       unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM),
	"utf-16le":       unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM),
	"replacement":    encoding.Replacement,
	"x-user-defined": charmap.XUserDefined,
	"gbk":            &multiByte{name: "gbk", dec: newGB18030Decoder, enc: newGBKEncoder},
	"gb18030":        &multiByte{name: "gb18030", dec: newGB18030Decoder, enc: newGB18030Encoder},
	"big5":           &multiByte{name: "big5", dec: newBig5Decoder, enc: newBig5Encoder},
	"euc-jp":         &multiByte{name: "euc-jp", dec: newEUCJPDecoder, enc: newEUCJPEncoder},
	"iso-2022-jp":    &multiByte{name: "iso-2022-jp", dec: newISO2022JPDecoder, enc: newISO2022JPEncoder},
	"shift_jis":      &multiByte{name: "shift_jis", dec: newShiftJISDecoder, enc: newShiftJISEncoder},
	"euc-kr":         &multiByte{name: "euc-kr", dec: newEUCKRDecoder, enc: newEUCKREncoder},
}

// Windows1252 is the standard's windows-1252, the encoding of the labels
// "latin1", "iso-8859-1", "ascii" and "windows-1252", among others.
var Windows1252 encoding.Encoding

func init() {
	// The golang.org/x/text charmaps of the single-byte encodings, in the
	// order of singleByteIndexes, lend their ID method, which htmlindex.Name
	// reads, to ours. iso-8859-8-i's is not a *charmap.Charmap.
	cm := []*charmap.Charmap{
		charmap.CodePage866, charmap.ISO8859_2, charmap.ISO8859_3, charmap.ISO8859_4,
		charmap.ISO8859_5, charmap.ISO8859_6, charmap.ISO8859_7, charmap.ISO8859_8,
		charmap.ISO8859_10, charmap.ISO8859_13, charmap.ISO8859_14, charmap.ISO8859_15,
		charmap.ISO8859_16, charmap.KOI8R, charmap.KOI8U, charmap.Macintosh,
		charmap.Windows874, charmap.Windows1250, charmap.Windows1251, charmap.Windows1252,
		charmap.Windows1253, charmap.Windows1254, charmap.Windows1255, charmap.Windows1256,
		charmap.Windows1257, charmap.Windows1258, charmap.MacintoshCyrillic,
	}
	for i := range singleByteIndexes {
		sb := &singleByteIndexes[i]
		c := &sbCodec{name: sb.name, index: &sb.index}
		byName[sb.name] = &singleByte{Charmap: cm[i], c: c}
		if sb.name == "iso-8859-8" {
			byName["iso-8859-8-i"] = &sbCodec{name: "iso-8859-8-i", index: &sb.index}
		}
	}
	Windows1252 = byName["windows-1252"]
}
