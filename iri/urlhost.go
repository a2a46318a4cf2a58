package iri

import (
	"strconv"
	"strings"

	"golang.org/x/text/encoding"

	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/uts46"
	"github.com/relink-go/relink/internal/webenc"
)

// appendHost runs the URL Standard's host parser on input and appends the
// serialized host to b; opaque is true for URLs that are not special.
func appendHost(b []byte, input string, opaque bool) ([]byte, string) {
	if strings.HasPrefix(input, "[") {
		if !strings.HasSuffix(input, "]") || len(input) < 2 {
			return b, "unclosed IPv6 address " + quote(input)
		}
		var addr [8]uint16
		if !parseIPv6(input[1:len(input)-1], &addr) {
			return b, "invalid IPv6 address " + quote(input)
		}
		return appendIPv6(append(b, '['), &addr), ""
	}
	if opaque {
		for i := 0; i < len(input); i++ {
			if isForbiddenHost(input[i]) {
				return b, "forbidden host code point in " + quote(input)
			}
		}
		return appendEncoded(b, input, setC0), ""
	}
	domain := input
	if strings.IndexByte(input, '%') >= 0 {
		dec, _ := pct.Decode(input)
		domain = strings.ToValidUTF8(dec, "\uFFFD")
	}
	ascii, reason := webDomainToASCII(domain)
	if reason != "" {
		return b, reason
	}
	if endsInNumber(ascii) {
		v, ok := parseIPv4(ascii)
		if !ok {
			return b, "invalid IPv4 address " + quote(ascii)
		}
		return appendIPv4(b, v), ""
	}
	return append(b, ascii...), ""
}

// isForbiddenHost reports whether c is a forbidden host code point.
func isForbiddenHost(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

// isForbiddenDomain reports whether c is a forbidden domain code point.
func isForbiddenDomain(c byte) bool {
	return isForbiddenHost(c) || c < 0x20 || c == '%' || c == 0x7f
}

// webDomainToASCII is the URL Standard's "domain to ASCII" with beStrict
// false. An ASCII domain is only lower-cased, whatever its labels (the
// standard accepts "xn--a" there); anything else goes through UTS #46
// ToASCII.
func webDomainToASCII(domain string) (string, string) {
	result := domain
	if !isASCII(domain) {
		a, err := uts46.ToASCII(domain)
		if err != nil {
			return "", "invalid domain " + quote(domain) + ": " + err.Error()
		}
		result = a
	} else {
		result = asciiLower(domain)
	}
	if result == "" {
		return "", "empty host"
	}
	for i := 0; i < len(result); i++ {
		if isForbiddenDomain(result[i]) {
			return "", "forbidden domain code point in " + quote(result)
		}
	}
	return result, ""
}

// asciiLower returns s with ASCII letters in lower case, s itself when it
// has none in upper case.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// endsInNumber implements the URL Standard's ends-in-a-number checker.
func endsInNumber(s string) bool {
	if strings.HasSuffix(s, ".") {
		s = s[:len(s)-1]
		if s == "" {
			return false
		}
	}
	last := s
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		last = s[i+1:]
	}
	if last == "" {
		return false
	}
	digits := true
	for i := 0; i < len(last); i++ {
		if !isASCIIDigit(last[i]) {
			digits = false
			break
		}
	}
	if digits {
		return true
	}
	_, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4Number parses a decimal, octal ("0" prefix) or hexadecimal
// ("0x" prefix) number; values above 2^32 are clamped to 2^32 + 1 so that
// the callers' range checks fail.
func parseIPv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := uint64(10)
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		base, s = 16, s[2:]
	} else if len(s) >= 2 && s[0] == '0' {
		base, s = 8, s[1:]
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case 'a' <= c && c <= 'f':
			d = uint64(c-'a') + 10
		case 'A' <= c && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		if n <= 1<<32 {
			n = n*base + d
		}
	}
	if n > 1<<32 {
		n = 1<<32 + 1
	}
	return n, true
}

func parseIPv4(s string) (uint32, bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return 0, false
	}
	var nums [4]uint64
	for i, p := range parts {
		n, ok := parseIPv4Number(p)
		if !ok {
			return 0, false
		}
		nums[i] = n
	}
	last := len(parts) - 1
	for i := 0; i < last; i++ {
		if nums[i] > 255 {
			return 0, false
		}
	}
	if nums[last] >= 1<<(8*(5-len(parts))) {
		return 0, false
	}
	v := nums[last]
	for i := 0; i < last; i++ {
		v += nums[i] << (8 * (3 - i))
	}
	return uint32(v), true
}

func appendIPv4(b []byte, v uint32) []byte {
	for i := 3; i >= 0; i-- {
		b = strconv.AppendUint(b, uint64(v>>(8*i)&0xff), 10)
		if i > 0 {
			b = append(b, '.')
		}
	}
	return b
}

// parseIPv6 implements the URL Standard's IPv6 parser.
func parseIPv6(s string, addr *[8]uint16) bool {
	piece, compress := 0, -1
	p := 0
	if p < len(s) && s[p] == ':' {
		if !strings.HasPrefix(s, "::") {
			return false
		}
		p += 2
		piece++
		compress = piece
	}
	for p < len(s) {
		if piece == 8 {
			return false
		}
		if s[p] == ':' {
			if compress != -1 {
				return false
			}
			p++
			piece++
			compress = piece
			continue
		}
		value, length := 0, 0
		for length < 4 && p < len(s) && pct.IsHex(s[p]) {
			value = value*16 + int(pct.Unhex(s[p]))
			p++
			length++
		}
		if p < len(s) && s[p] == '.' {
			if length == 0 {
				return false
			}
			p -= length
			if piece > 6 {
				return false
			}
			seen := 0
			for p < len(s) {
				v4 := -1
				if seen > 0 {
					if s[p] == '.' && seen < 4 {
						p++
					} else {
						return false
					}
				}
				if p >= len(s) || !isASCIIDigit(s[p]) {
					return false
				}
				for p < len(s) && isASCIIDigit(s[p]) {
					n := int(s[p] - '0')
					switch {
					case v4 == -1:
						v4 = n
					case v4 == 0:
						return false
					default:
						v4 = v4*10 + n
					}
					if v4 > 255 {
						return false
					}
					p++
				}
				addr[piece] = addr[piece]<<8 | uint16(v4)
				seen++
				if seen == 2 || seen == 4 {
					piece++
				}
			}
			if seen != 4 {
				return false
			}
			break
		}
		if p < len(s) && s[p] == ':' {
			p++
			if p >= len(s) {
				return false
			}
		} else if p < len(s) {
			return false
		}
		addr[piece] = uint16(value)
		piece++
	}
	if compress != -1 {
		swaps := piece - compress
		piece = 7
		for piece != 0 && swaps > 0 {
			addr[piece], addr[compress+swaps-1] = addr[compress+swaps-1], addr[piece]
			piece--
			swaps--
		}
	} else if piece != 8 {
		return false
	}
	return true
}

// appendIPv6 serializes addr: lower-case hex pieces, the first longest
// run of two or more zero pieces compressed to "::", and a closing "]".
func appendIPv6(b []byte, addr *[8]uint16) []byte {
	best, bestLen := -1, 1
	for i := 0; i < 8; {
		if addr[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && addr[j] == 0 {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j
	}
	ignore0 := false
	for i := 0; i < 8; i++ {
		if ignore0 && addr[i] == 0 {
			continue
		}
		ignore0 = false
		if i == best {
			if i == 0 {
				b = append(b, "::"...)
			} else {
				b = append(b, ':')
			}
			ignore0 = true
			continue
		}
		b = strconv.AppendUint(b, uint64(addr[i]), 16)
		if i != 7 {
			b = append(b, ':')
		}
	}
	return append(b, ']')
}

// appendWebLegacyQuery appends the query q of a special URL in a document
// with the legacy encoding e: ASCII is percent-encoded with set, runs of
// other characters are encoded in e and then percent-encoded, and a
// character e cannot encode becomes "%26%23NNNN%3B". A stateful encoding
// (ISO-2022-JP) encodes the whole query with one encoder.
func appendWebLegacyQuery(b []byte, q string, e encoding.Encoding, name string, set encodeSet) []byte {
	keep := func(c byte) bool { return !inSet(c, set) }
	if name == "iso-2022-jp" {
		return webenc.AppendStatefulQuery(b, q, e, keep)
	}
	return webenc.AppendQuery(b, q, e, name, func(q string, i int) bool { return keep(q[i]) }, keep)
}
