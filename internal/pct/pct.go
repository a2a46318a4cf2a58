// Package pct holds the percent-encoding primitives (RFC 3986 section 2.1,
// the URL Standard's section 1.3) that package iri, package weburl and the
// query encoding of internal/webenc share: one byte written as "%XX", the
// test for a valid escape, decoding, and lowercasing that leaves the hex
// digits of escapes alone (package iri and package iri/canon).
package pct

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// UpperHex holds the hexadecimal digits escapes are written with.
const UpperHex = "0123456789ABCDEF"

// Append appends the escape of b, "%" and two uppercase hexadecimal
// digits, to dst.
func Append(dst []byte, b byte) []byte {
	return append(dst, '%', UpperHex[b>>4], UpperHex[b&15])
}

// IsHex reports whether c is a hexadecimal digit (HEXDIG, either case).
func IsHex(c byte) bool { return hexVal[c] != 0xff }

// Unhex returns the value of the hexadecimal digit c, or 0 when c is not
// one.
func Unhex(c byte) byte {
	if v := hexVal[c]; v != 0xff {
		return v
	}
	return 0
}

var hexVal = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for c := byte('0'); c <= '9'; c++ {
		t[c] = c - '0'
	}
	for c := byte('a'); c <= 'f'; c++ {
		t[c] = c - 'a' + 10
		t[c-'a'+'A'] = c - 'a' + 10
	}
	return t
}()

// IsEncoded reports whether s[i:] starts with an escape: "%" HEXDIG
// HEXDIG.
func IsEncoded(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && IsHex(s[i+1]) && IsHex(s[i+2])
}

// Decode decodes every escape of s and reports whether the result holds
// a byte outside ASCII. A "%" that is not an escape stays as it is. When
// s has no "%", Decode returns s itself.
func Decode(s string) (string, bool) {
	nonASCII := false
	if strings.IndexByte(s, '%') < 0 {
		return s, !IsASCII(s)
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if IsEncoded(s, i) {
			c = Unhex(s[i+1])<<4 | Unhex(s[i+2])
			i += 2
		}
		if c >= utf8.RuneSelf {
			nonASCII = true
		}
		b = append(b, c)
	}
	return string(b), nonASCII
}

// IsASCII reports whether s holds only ASCII bytes, which percent-encoding
// as UTF-8 leaves alone.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// LowerOutside lowercases the letters of s, leaving the hex digits of
// escapes as they are: ASCII letters only, or with all every letter
// that have a simple lowercase mapping (bytes that are not UTF-8 are left
// alone). It reports whether anything changed.
func LowerOutside(s string, all bool) (string, bool) {
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if c == '%' && IsEncoded(s, i) {
			i += 2
			continue
		}
		if 'A' <= c && c <= 'Z' {
			break
		}
		if c >= utf8.RuneSelf && all {
			r, n := utf8.DecodeRuneInString(s[i:])
			if (r != utf8.RuneError || n > 1) && unicode.ToLower(r) != r {
				break
			}
			i += n - 1
		}
	}
	if i == len(s) {
		return s, false
	}
	b := make([]byte, 0, len(s)+4)
	b = append(b, s[:i]...)
	for i < len(s) {
		c := s[i]
		switch {
		case c == '%' && IsEncoded(s, i):
			b = append(b, s[i:i+3]...)
			i += 3
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
			i++
		case c >= utf8.RuneSelf && all:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				b = append(b, c)
			} else {
				b = utf8.AppendRune(b, unicode.ToLower(r))
			}
			i += n
		default:
			b = append(b, c)
			i++
		}
	}
	return string(b), true
}
