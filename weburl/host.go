package weburl

import (
	"strconv"
	"strings"

	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/urlstd"
	"github.com/relink-go/relink/internal/uts46"
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
		return urlstd.AppendEncoded(b, input, urlstd.C0), ""
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
	if urlstd.EndsInNumber(ascii) {
		v, ok := urlstd.ParseIPv4(ascii)
		if !ok {
			return b, "invalid IPv4 address " + quote(ascii)
		}
		return urlstd.AppendIPv4(b, v), ""
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
	if !pct.IsASCII(domain) {
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
