package iri

import "github.com/relink-go/relink/internal/pct"

// Byte classes for ASCII characters, one bit per set of RFC 3986 / RFC 3987.
const (
	clsUnreserved uint8 = 1 << iota // ALPHA / DIGIT / "-" / "." / "_" / "~"
	clsSubDelim                     // "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	clsGenDelim                     // ":" / "/" / "?" / "#" / "[" / "]" / "@"
	clsScheme                       // ALPHA / DIGIT / "+" / "-" / "."
	clsLEIRI                        // ASCII allowed by leiri-ucschar but not in URIs: space, <>"{}|\^`, C0 controls, DEL
)

var asciiClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= clsUnreserved | clsScheme
		t[c-'a'+'A'] |= clsUnreserved | clsScheme
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= clsUnreserved | clsScheme
	}
	for _, c := range "-._~" {
		t[c] |= clsUnreserved
	}
	for _, c := range "+-." {
		t[c] |= clsScheme
	}
	for _, c := range "!$&'()*+,;=" {
		t[c] |= clsSubDelim
	}
	for _, c := range ":/?#[]@" {
		t[c] |= clsGenDelim
	}
	for c := 0; c < 0x20; c++ {
		t[c] |= clsLEIRI
	}
	for _, c := range " <>\"{}|\\^`\x7f" {
		t[c] |= clsLEIRI
	}
	return t
}()

// component identifies the part of a reference a character belongs to; the
// characters allowed unencoded differ per component.
type component uint8

const (
	compUserinfo component = iota
	compHost
	compPath
	compQuery
	compFragment
)

// allowedASCII reports whether the ASCII byte c may appear unencoded in
// component comp of a URI (RFC 3986 section 3). The percent sign is not
// included: callers handle "%" HEXDIG HEXDIG themselves.
func allowedASCII(c byte, comp component) bool { return allowedTable[comp][c] }

var allowedTable = func() (t [compFragment + 1][256]bool) {
	for comp := range t {
		for c := 0; c < 0x80; c++ {
			t[comp][c] = computeAllowedASCII(byte(c), component(comp))
		}
	}
	return t
}()

func computeAllowedASCII(c byte, comp component) bool {
	k := asciiClass[c]
	if k&(clsUnreserved|clsSubDelim) != 0 {
		return true
	}
	switch comp {
	case compUserinfo:
		return c == ':'
	case compHost:
		return false
	case compPath:
		return c == ':' || c == '@' || c == '/'
	case compQuery, compFragment:
		return c == ':' || c == '@' || c == '/' || c == '?'
	}
	return false
}

// isUcschar reports whether r is in the ucschar production of RFC 3987.
func isUcschar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xF900:
		return false
	case r <= 0xFDCF:
		return true
	case r < 0xFDF0:
		return false
	case r <= 0xFFEF:
		return true
	case r < 0x10000 || r > 0xEFFFD:
		return false
	case r >= 0xE0000 && r < 0xE1000:
		return false // tags and variation selectors supplement block
	}
	return r&0xFFFE != 0xFFFE // the two noncharacters at the end of each plane
}

// isIprivate reports whether r is in the iprivate production of RFC 3987
// (allowed in the query only).
func isIprivate(r rune) bool {
	return (r >= 0xE000 && r <= 0xF8FF) ||
		(r >= 0xF0000 && r <= 0xFFFFD) ||
		(r >= 0x100000 && r <= 0x10FFFD)
}

// isBidiFormat reports whether r is one of the bidirectional formatting
// characters an IRI must not contain (RFC 3987 section 4.1, 3987bis 7.3,
// and the isolates added in Unicode 6.3).
func isBidiFormat(r rune) bool {
	return r == 0x200E || r == 0x200F || r == 0x061C ||
		(r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

// appendUnescaped appends to oct the octets of the run of escapes
// ("%" HEXDIG HEXDIG) that starts at s[i], and returns them with the end
// of the run.
func appendUnescaped(oct []byte, s string, i int) ([]byte, int) {
	for pct.IsEncoded(s, i) {
		oct = append(oct, pct.Unhex(s[i+1])<<4|pct.Unhex(s[i+2]))
		i += 3
	}
	return oct, i
}
