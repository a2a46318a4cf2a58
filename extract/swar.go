package extract

import (
	"encoding/binary"
	"math/bits"
	"strings"
)

// Eight bytes at a time: the scans of every link value and URI.

const (
	lo8 = 0x0101010101010101
	hi8 = 0x8080808080808080
)

// hasZeroByte reports whether a byte of v is zero (exactly: the borrow
// trick errs only on which byte, never on whether).
func hasZeroByte(v uint64) bool { return (v-lo8)&^v&hi8 != 0 }

// hasLess reports whether a byte of v is below n, for n up to 128 (as
// hasZeroByte, exactly: a borrow errs only on which byte).
func hasLess(v uint64, n byte) bool { return (v-lo8*uint64(n))&^v&hi8 != 0 }

// hasByte reports whether a byte of v is c.
func hasByte(v uint64, c byte) bool { return hasZeroByte(v ^ lo8*uint64(c)) }

// lastNewline returns the index of the last '\n' in b, or -1, looking
// at eight bytes at a time from the end (bytes.LastIndexByte looks at one).
func lastNewline(b []byte) int {
	const lo7 = 0x7f7f7f7f7f7f7f7f
	i := len(b)
	// Sixteen bytes at a time while neither word has a newline (the
	// borrow test errs only on which byte), then the exact test of each.
	for ; i >= 16; i -= 16 {
		x := binary.LittleEndian.Uint64(b[i-8:]) ^ lo8*'\n'
		y := binary.LittleEndian.Uint64(b[i-16:]) ^ lo8*'\n'
		if ((x-lo8)&^x|(y-lo8)&^y)&hi8 != 0 {
			break
		}
	}
	for ; i >= 8; i -= 8 {
		x := binary.LittleEndian.Uint64(b[i-8:]) ^ lo8*'\n'
		// The high bit of each byte of m is set when that byte of x is
		// zero, exactly (no carry crosses bytes), as a search from the
		// top needs.
		if m := ^(x&lo7 + lo7 | x | lo7); m != 0 {
			return i - 8 + (63-bits.LeadingZeros64(m))>>3
		}
	}
	for i--; i >= 0; i-- {
		if b[i] == '\n' {
			return i
		}
	}
	return -1
}

// hasAttrSpecial reports whether b holds a byte that UnescapeAttr changes.
// It looks at every word of b, the last one overlapping the one before
// it, with no branch on what it finds: most values are a few words long
// and have none, and an early exit (or a byte loop for the tail) costs a
// mispredicted branch at a length that varies from link to link.
func hasAttrSpecial(b []byte) bool {
	n := len(b)
	if n < 8 {
		for _, c := range b {
			if c == '&' || c == '\r' || c == 0 {
				return true
			}
		}
		return false
	}
	var m uint64
	for i := 0; i+8 <= n; i += 8 {
		m |= attrSpecial(binary.LittleEndian.Uint64(b[i:]))
	}
	return (m|attrSpecial(binary.LittleEndian.Uint64(b[n-8:])))&hi8 != 0
}

// attrSpecial returns a word whose high bits are set for bytes of v that
// hasAttrSpecial looks for, at least for the first of them; it is zero
// when v has none.
func attrSpecial(v uint64) uint64 {
	a, r := v^lo8*'&', v^lo8*'\r'
	return (v-lo8)&^v | (a-lo8)&^a | (r-lo8)&^r
}

// needsDisplay reports whether ToIRI may change the URI u: whether it has
// a percent sign, a non-ASCII byte or an "xn--" label. Most URIs have
// none, and skipping ToIRI for them saves a parse.
func needsDisplay(u string) bool {
	s := u
	dash := false // whether u has a '-', without which it has no "xn--"
	for len(s) >= 8 {
		v := load64(s)
		if v&hi8 != 0 || hasByte(v, '%') {
			return true
		}
		dash = dash || hasByte(v, '-')
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '%' || s[i] >= 0x80 {
			return true
		}
		dash = dash || s[i] == '-'
	}
	return dash && hasXN(u)
}

// hasXN reports whether u holds "xn--", in any case.
func hasXN(u string) bool {
	for s := u; ; {
		i := strings.Index(s, "--")
		if i < 0 {
			return false
		}
		if i >= 2 && s[i-2]|0x20 == 'x' && s[i-1]|0x20 == 'n' {
			return true
		}
		s = s[i+1:]
	}
}

// load64 returns the first eight bytes of s, little-endian (the compiler
// makes it one load).
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// isASCIIBytes reports whether b is all ASCII.
func isASCIIBytes(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&hi8 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
