package main

import (
	"strconv"
	"unicode/utf8"

	"github.com/relink-go/relink/crawl"
)

// appendJSONString appends s to dst as a JSON string, byte for byte as
// an encoding/json Encoder with SetEscapeHTML(false) writes it and
// jsonSafe then escapes it: \" \\ \b \f \n \r \t, the other C0 controls
// as \u00XX, invalid UTF-8 bytes as \ufffd each, U+2028 and U+2029 as
// \u2028 and \u2029, and (jsonSafe) DEL and the C1 controls as \u007f and
// \u0080 to \u009f. FuzzJSONLink checks it against that path.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		i = skipPlain(s, i)
		for i < len(s) && jsonPlain[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		b := s[i]
		if b < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default: // the other C0 controls and DEL
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xf])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xf])
		case c < 0xa0: // a C1 control
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// jsonPlain reports the bytes that appendJSONString copies as they are:
// the printable ASCII characters but " and \.
var jsonPlain = func() (t [256]bool) {
	for b := 0x20; b < 0x7f; b++ {
		t[b] = b != '"' && b != '\\'
	}
	return t
}()

// skipPlain returns the index of s, from i, past the words of 8 bytes
// that are all jsonPlain, each tested at once: none is below 0x20, none
// is ", \, DEL or above.
func skipPlain(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		t := s[i : i+8]
		w := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
		const ones, highs = 0x0101010101010101, 0x8080808080808080
		// A byte of w is below n when the byte of w-n*ones borrows (its high
		// bit set where w's was not); a byte equals c when that of w^(c*ones)
		// is zero, below 1. Neither test reports a byte wrongly as long as no
		// byte has its high bit set, which w&highs tests first.
		q, b, d := w^('"'*ones), w^('\\'*ones), w^(0x7f*ones)
		if !(w&highs == 0 && ((w-0x20*ones)&^w|(q-ones)&^q|(b-ones)&^b|(d-ones)&^d)&highs == 0) {
			break
		}
	}
	return i
}

// appendJSONLink appends the JSON object of l and a line feed to dst,
// byte for byte as encoding/json encodes a crawl.Link (with file first,
// as jsonLink, when file is not empty; omitempty fields left out when
// empty) and jsonSafe escapes it, without reflection.
func appendJSONLink(dst []byte, file string, l *crawl.Link) []byte {
	return appendJSONLinkFields(appendJSONLinkStart(dst, file), l)
}

// appendJSONLinkStart appends to dst the start of the JSON object of a
// link of file that appendJSONLink writes, up to the link's fields: the
// same for every link of a file.
func appendJSONLinkStart(dst []byte, file string) []byte {
	dst = append(dst, '{')
	if file != "" {
		dst = append(dst, `"file":`...)
		dst = appendJSONString(dst, file)
		dst = append(dst, ',')
	}
	return dst
}

// appendJSONLinkFields appends the rest of the object of appendJSONLink:
// the fields of l, the "}" and a line feed.
func appendJSONLinkFields(dst []byte, l *crawl.Link) []byte {
	dst = append(dst, `"tag":`...)
	dst = appendJSONString(dst, l.Tag)
	dst = append(dst, `,"attr":`...)
	dst = appendJSONString(dst, l.Attr)
	if l.Role != "" {
		dst = append(dst, `,"role":`...)
		dst = appendJSONString(dst, l.Role)
	}
	dst = append(dst, `,"value":`...)
	dst = appendJSONString(dst, l.Value)
	dst = append(dst, `,"href":`...)
	hs := len(dst)
	dst = appendJSONString(dst, l.Href)
	href := dst[hs:] // escaped once: most URIs and IRIs are the href
	dst = append(dst, `,"uri":`...)
	if l.URI == l.Href {
		dst = append(dst, href...)
	} else {
		dst = appendJSONString(dst, l.URI)
	}
	dst = append(dst, `,"iri":`...)
	if l.IRI == l.Href {
		dst = append(dst, href...)
	} else {
		dst = appendJSONString(dst, l.IRI)
	}
	dst = append(dst, `,"start":`...)
	dst = strconv.AppendInt(dst, l.Start, 10)
	dst = append(dst, `,"end":`...)
	dst = strconv.AppendInt(dst, l.End, 10)
	dst = append(dst, `,"line":`...)
	dst = strconv.AppendInt(dst, int64(l.Line), 10)
	dst = append(dst, `,"column":`...)
	dst = strconv.AppendInt(dst, int64(l.Column), 10)
	if l.Rel != "" {
		dst = append(dst, `,"rel":`...)
		dst = appendJSONString(dst, l.Rel)
	}
	if l.Text != "" {
		dst = append(dst, `,"text":`...)
		dst = appendJSONString(dst, l.Text)
	}
	if l.Lazy {
		dst = append(dst, `,"lazy":true`...)
	}
	if l.Error != "" {
		dst = append(dst, `,"error":`...)
		dst = appendJSONString(dst, l.Error)
	}
	return append(dst, '}', '\n')
}
