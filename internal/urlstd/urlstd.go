// Package urlstd holds the definitions of the WHATWG URL Standard
// (https://url.spec.whatwg.org) that package weburl's parser and package
// iri's Web mode and canonicalizer share: the percent-encode sets, the
// special schemes and their default ports, dot segments, the input
// preprocessing, the IPv4 parser, and queries in a document's encoding.
package urlstd

import (
	"strings"

	"golang.org/x/text/encoding"

	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/webenc"
)

// NotSpecial is what SpecialPort returns for a scheme that is not special.
const NotSpecial = -2

// SpecialPort returns the default port of a special scheme (a lower-case
// http, https, ws, wss or ftp), -1 for file, which has none, and
// NotSpecial for any other scheme.
func SpecialPort(scheme string) int {
	switch scheme {
	case "http", "ws":
		return 80
	case "https", "wss":
		return 443
	case "ftp":
		return 21
	case "file":
		return -1
	}
	return NotSpecial
}

// An EncodeSet is a percent-encode set of the URL Standard, as a bit mask
// over ASCII; every set also holds all bytes >= 0x80 and the C0 controls.
type EncodeSet uint8

// The percent-encode sets.
const (
	C0 EncodeSet = 1 << iota
	Fragment
	Query
	SpecialQuery
	Path
	Userinfo
)

var encodeTable = func() (t [128]EncodeSet) {
	add := func(s EncodeSet, chars string) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= s
		}
	}
	all := C0 | Fragment | Query | SpecialQuery | Path | Userinfo
	for c := 0; c < 0x20; c++ {
		t[c] = all
	}
	t[0x7f] = all
	add(Fragment|Query|SpecialQuery|Path|Userinfo, ` "<>`)
	add(Fragment|Path|Userinfo, "`")
	add(Query|SpecialQuery|Path|Userinfo, "#")
	add(SpecialQuery, "'")
	add(Path|Userinfo, "?^{}")
	add(Userinfo, "/:;=@[\\]|")
	return t
}()

// InSet reports whether the byte c is in the set s.
func InSet(c byte, s EncodeSet) bool { return c >= 0x80 || encodeTable[c]&s != 0 }

// AppendEncoded appends s with the bytes of set percent-encoded. Bytes
// >= 0x80 are always encoded: valid UTF-8 as the URL Standard encodes
// code points, invalid bytes as themselves.
func AppendEncoded(b []byte, s string, set EncodeSet) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; InSet(c, set) {
			b = pct.Append(b, c)
		} else {
			b = append(b, c)
		}
	}
	return b
}

// AppendQuery appends the query q of a special URL in a document whose
// queries are encoded in e (the standard's name name, see
// webenc.QueryEncoding): ASCII is percent-encoded with set, runs of other
// characters are encoded in e and then percent-encoded, and a character e
// cannot encode becomes "%26%23NNNN%3B". A stateful encoding
// (ISO-2022-JP) encodes the whole query with one encoder.
func AppendQuery(b []byte, q string, e encoding.Encoding, name string, set EncodeSet) []byte {
	keep := func(c byte) bool { return !InSet(c, set) }
	if name == "iso-2022-jp" {
		return webenc.AppendStatefulQuery(b, q, e, keep)
	}
	return webenc.AppendQuery(b, q, e, name, func(q string, i int) bool { return keep(q[i]) }, keep)
}

// TrimC0Space removes the leading and trailing C0 controls and spaces of
// s, as the URL parser does first.
func TrimC0Space(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// RemoveTabNewline removes every tab, LF and CR of s, as the URL parser
// does next; it returns s itself when there is none.
func RemoveTabNewline(s string) string {
	if !hasTabNewline(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	return string(b)
}

// hasTabNewline reports whether s holds a tab, LF or CR: 8 bytes at a
// time while none is below 0x0E (strings.IndexAny, for every link of a
// page, was 2.6% of relink extract's instructions).
func hasTabNewline(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		t := s[i : i+8]
		w := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
		// Some byte of w is below 0x0E exactly when this is not zero
		// (a byte with its high bit set is never taken for one).
		const ones, highs = 0x0101010101010101, 0x8080808080808080
		if (w-0x0E*ones)&^w&highs != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == '\t' || c == '\n' || c == '\r' {
			return true
		}
	}
	return false
}

// IsSingleDot reports whether the path segment s is a single-dot segment:
// "." or "%2e" in either case.
func IsSingleDot(s string) bool { return s == "." || len(s) == 3 && strings.EqualFold(s, "%2e") }

// IsDoubleDot reports whether the path segment s is a double-dot segment:
// "..", ".%2e", "%2e." or "%2e%2e" in either case.
func IsDoubleDot(s string) bool {
	switch len(s) {
	case 2:
		return s == ".."
	case 4:
		return strings.EqualFold(s, ".%2e") || strings.EqualFold(s, "%2e.")
	case 6:
		return strings.EqualFold(s, "%2e%2e")
	}
	return false
}
