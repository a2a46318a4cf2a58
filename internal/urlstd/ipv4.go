package urlstd

import (
	"strconv"
	"strings"
)

// EndsInNumber implements the URL Standard's ends-in-a-number checker.
func EndsInNumber(s string) bool {
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
		if !isDigit(last[i]) {
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

// ParseIPv4 is the URL Standard's IPv4 parser on the host s, which
// EndsInNumber accepts: its dotted parts, a last empty one ignored, each a
// decimal, octal or hexadecimal number, the last filling the bytes the
// others leave. It reports false where the standard fails. It does not
// allocate.
func ParseIPv4(s string) (uint32, bool) {
	s = strings.TrimSuffix(s, ".")
	var nums [4]uint64
	n := 0
	for part := range strings.SplitSeq(s, ".") {
		if n == len(nums) {
			return 0, false
		}
		v, ok := parseIPv4Number(part)
		if !ok {
			return 0, false
		}
		nums[n] = v
		n++
	}
	last := n - 1
	for i := 0; i < last; i++ {
		if nums[i] > 255 {
			return 0, false
		}
	}
	if nums[last] >= 1<<(8*(5-n)) {
		return 0, false
	}
	v := nums[last]
	for i := 0; i < last; i++ {
		v += nums[i] << (8 * (3 - i))
	}
	return uint32(v), true
}

// AppendIPv4 appends the serialization of the IPv4 address v: four
// decimal numbers joined by ".".
func AppendIPv4(b []byte, v uint32) []byte {
	for i := 3; i >= 0; i-- {
		b = strconv.AppendUint(b, uint64(v>>(8*i)&0xff), 10)
		if i > 0 {
			b = append(b, '.')
		}
	}
	return b
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
