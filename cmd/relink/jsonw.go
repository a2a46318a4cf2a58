package main

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
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
	i := plainLen(s)
	if i == len(s) {
		// Most strings, printable ASCII: copied at once.
		dst = append(dst, s...)
		return append(dst, '"')
	}
	start := 0
	for i < len(s) {
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
		if n := plainMulti(s, i); n > 0 {
			// Most non-ASCII text: no rune to decode, and the next
			// character likely another.
			for i += n; i < len(s) && s[i] >= utf8.RuneSelf; i += n {
				if n = plainMulti(s, i); n == 0 {
					break
				}
			}
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

// plainMulti returns the length of the UTF-8 sequence at s[i], a byte
// of 0x80 or above, when it is valid and appendJSONString copies it as
// it is: a two-byte sequence from U+00A0 (C1 controls are escaped) or a
// three-byte one of lead byte E1 to EF but ED (no overlong form, no
// surrogate) other than U+2028 and U+2029; else 0, for the caller to
// decode the rune.
func plainMulti(s string, i int) int {
	b := s[i]
	switch {
	case b >= 0xc3 && b <= 0xdf || b == 0xc2:
		if i+1 < len(s) && s[i+1]&0xc0 == 0x80 && (b != 0xc2 || s[i+1] >= 0xa0) {
			return 2
		}
	case b >= 0xe1 && b <= 0xef && b != 0xed:
		if i+2 < len(s) && s[i+1]&0xc0 == 0x80 && s[i+2]&0xc0 == 0x80 &&
			(b != 0xe2 || s[i+1] != 0x80 || s[i+2]&^1 != 0xa8) {
			return 3
		}
	}
	return 0
}

// jsonPlain reports the bytes that appendJSONString copies as they are:
// the printable ASCII characters but " and \.
var jsonPlain = func() (t [256]bool) {
	for b := 0x20; b < 0x7f; b++ {
		t[b] = b != '"' && b != '\\'
	}
	return t
}()

// plainLen returns len(s) when all of s is jsonPlain, and otherwise an
// index of s at or before its first byte that is not: s is tested eight
// bytes at a time, the last eight overlapping the word before them.
func plainLen(s string) int {
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			if !jsonPlain[s[i]] {
				return i
			}
		}
		return len(s)
	}
	i := 0
	for ; len(s)-i >= 8; i += 8 {
		if !plainWord(load8(s, i)) {
			return i
		}
	}
	if i < len(s) && !plainWord(load8(s, len(s)-8)) {
		return i
	}
	return len(s)
}

// load8 returns the eight bytes of s from i as a little-endian word.
func load8(s string, i int) uint64 {
	t := s[i : i+8]
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}

// plainWord reports whether the eight bytes of w are all jsonPlain: none
// is below 0x20, none is ", \, DEL or above. A byte of w is below n when
// the byte of w-n*ones borrows (its high bit set where w's was not); a
// byte equals c when that of w^(c*ones) is zero, below 1. Neither test
// reports a byte wrongly as long as no byte has its high bit set, which
// w's own high bits, ORed in, test at the same time.
func plainWord(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q, b, d := w^('"'*ones), w^('\\'*ones), w^(0x7f*ones)
	return (w|(w-0x20*ones)&^w|(q-ones)&^q|(b-ones)&^b|(d-ones)&^d)&highs == 0
}

// skipPlain returns the index of s, from i, past the words of 8 bytes
// that are all jsonPlain, each tested at once (plainWord).
func skipPlain(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if !plainWord(load8(s, i)) {
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
	dst = appendJSONPlace(dst, l.Start, l.End, l.Line, l.Column, l.Rel, l.Text, l.Lazy)
	if l.Error != "" {
		dst = append(dst, `,"error":`...)
		dst = appendJSONString(dst, l.Error)
	}
	return append(dst, '}', '\n')
}

// appendJSONExtractLink appends to dst the fields of the JSON object of
// l that appendJSONLinkFields writes for crawl.NewLink(l), the "}" and a
// line feed, without making the crawl.Link: relink extract writes one
// for every link. The href is escaped only when it is not its own URI
// (a URI is printable ASCII without " and \, which JSON copies as it
// is), and the URI and the IRI are written from it when they are the
// same string.
func appendJSONExtractLink(dst []byte, l *extract.Link) []byte {
	return appendJSONExtractRest(appendJSONExtractHead(dst, l), l)
}

// appendJSONExtractHead appends the first fields of appendJSONExtractLink:
// tag, attr and role, which the links of a page mostly share (a line may
// copy those of the last).
func appendJSONExtractHead(dst []byte, l *extract.Link) []byte {
	dst = append(dst, `"tag":`...)
	dst = appendJSONString(dst, l.Tag)
	dst = append(dst, `,"attr":`...)
	dst = appendJSONString(dst, l.Attr)
	switch {
	case l.Role != 0 && int(l.Role) < len(jsonRoles):
		dst = append(dst, jsonRoles[l.Role]...)
	case l.Role != 0:
		dst = append(dst, `,"role":`...)
		dst = appendJSONString(dst, strings.ToLower(l.Role.String()))
	case l.Tag == "":
		dst = append(dst, `,"role":"text"`...)
	}
	return dst
}

// appendJSONExtractRest appends the fields of appendJSONExtractLink after
// those of appendJSONExtractHead, the "}" and the line feed.
func appendJSONExtractRest(dst []byte, l *extract.Link) []byte {
	uri, err := l.URI()
	plain := err == nil && uri == l.Href // the href is its URI: no escapes
	if plain && l.IRI == l.Href && strings.HasSuffix(l.Href, l.Value) {
		// Most links: the href is its own URI and IRI and ends with the
		// value, all bytes of a URI; the members are written with the
		// quotes and names between them in fewer appends.
		dst = append(dst, `,"value":"`...)
		dst = append(dst, l.Value...)
		dst = append(dst, `","href":"`...)
		dst = append(dst, l.Href...)
		dst = append(dst, `","uri":"`...)
		dst = append(dst, l.Href...)
		dst = append(dst, `","iri":"`...)
		dst = append(dst, l.Href...)
		dst = append(dst, '"')
		dst = appendJSONPlace(dst, l.Start, l.End, l.Line, l.Column, l.Rel, l.Text, l.Lazy)
		return append(dst, '}', '\n')
	}
	dst = append(dst, `,"value":`...)
	if plain && strings.HasSuffix(l.Href, l.Value) {
		// An absolute link written as its href, or a relative one whose
		// bytes end the href (a path resolved against the page's
		// directory): bytes of a URI, no escapes either.
		dst = append(append(append(dst, '"'), l.Value...), '"')
	} else {
		dst = appendJSONString(dst, l.Value)
	}
	dst = append(dst, `,"href":`...)
	hs := len(dst)
	if plain {
		dst = append(append(append(dst, '"'), l.Href...), '"')
	} else {
		dst = appendJSONString(dst, l.Href)
	}
	href := dst[hs:]
	dst = append(dst, `,"uri":`...)
	if uri == l.Href {
		dst = append(dst, href...)
	} else {
		dst = appendJSONString(dst, uri)
	}
	dst = append(dst, `,"iri":`...)
	if l.IRI == l.Href {
		dst = append(dst, href...)
	} else {
		dst = appendJSONString(dst, l.IRI)
	}
	dst = appendJSONPlace(dst, l.Start, l.End, l.Line, l.Column, l.Rel, l.Text, l.Lazy)
	if l.Err != nil {
		dst = append(dst, `,"error":`...)
		dst = appendJSONString(dst, crawl.Reason(l.Err))
	}
	return append(dst, '}', '\n')
}

// appendJSONPlace appends the members that the JSON objects of a
// crawl.Link and of an extract.Link write alike after "iri": where the
// link is (start, end, line, column), then rel, text and lazy when set.
func appendJSONPlace(dst []byte, start, end int64, line, column int, rel, text string, lazy bool) []byte {
	dst = append(dst, `,"start":`...)
	dst = appendJSONInt(dst, start)
	dst = append(dst, `,"end":`...)
	dst = appendJSONInt(dst, end)
	dst = append(dst, `,"line":`...)
	dst = appendJSONInt(dst, int64(line))
	dst = append(dst, `,"column":`...)
	dst = appendJSONInt(dst, int64(column))
	if rel != "" {
		dst = append(dst, `,"rel":`...)
		dst = appendJSONString(dst, rel)
	}
	if text != "" {
		dst = append(dst, `,"text":`...)
		dst = appendJSONString(dst, text)
	}
	if lazy {
		dst = append(dst, `,"lazy":true`...)
	}
	return dst
}

// jsonRoles holds the "role" member of each role, as crawl.NewLink names
// it, with the comma before it.
var jsonRoles = func() (t [htmlattr.RoleSpeculative + 1]string) {
	for r := htmlattr.RoleHyperlink; r <= htmlattr.RoleSpeculative; r++ {
		t[r] = `,"role":` + string(appendJSONString(nil, strings.ToLower(r.String())))
	}
	return t
}()

// appendJSONInt appends v in decimal, as strconv.AppendInt does, with the
// digits written in place two at a time; a number below 10,000 (most
// lines and columns) in one append.
func appendJSONInt(dst []byte, v int64) []byte {
	if u := uint64(v); u < 10000 {
		return appendJSONSmall(dst, u)
	} else if u < 100000000 {
		// Most offsets: the digits above the last four, then those four.
		q := u / 10000
		r := u - q*10000
		dst = appendJSONSmall(dst, q)
		h := r / 100
		l := 2 * (r - h*100)
		h *= 2
		return append(dst, twoDigits[h], twoDigits[h+1], twoDigits[l], twoDigits[l+1])
	}
	if v < 0 {
		return strconv.AppendInt(dst, v, 10)
	}
	u := uint64(v)
	// The number of digits: from the bit length (1233/4096 is just
	// above log10(2)), less one when u is below the power of ten.
	n := bits.Len64(u|1) * 1233 >> 12
	if u|1 >= pow10[n] {
		n++
	}
	k := len(dst)
	if cap(dst)-k < n {
		dst = slices.Grow(dst, n)
	}
	dst = dst[:k+n]
	d := dst[k:]
	i := n
	for u >= 100 {
		q := u / 100
		r := 2 * (u - q*100)
		i -= 2
		d[i], d[i+1] = twoDigits[r], twoDigits[r+1]
		u = q
	}
	if u >= 10 {
		d[0], d[1] = twoDigits[2*u], twoDigits[2*u+1]
	} else {
		d[0] = byte('0' + u)
	}
	return dst
}

// appendJSONSmall appends u, below 10,000, in decimal in one append.
func appendJSONSmall(dst []byte, u uint64) []byte {
	switch {
	case u < 10:
		return append(dst, byte('0'+u))
	case u < 100:
		return append(dst, twoDigits[2*u], twoDigits[2*u+1])
	}
	q := u / 100
	r := 2 * (u - q*100)
	if q < 10 {
		return append(dst, byte('0'+q), twoDigits[r], twoDigits[r+1])
	}
	return append(dst, twoDigits[2*q], twoDigits[2*q+1], twoDigits[r], twoDigits[r+1])
}

// pow10 holds the powers of ten that fit in a uint64.
var pow10 = func() (t [20]uint64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = t[i-1] * 10
	}
	return t
}()

const twoDigits = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"
