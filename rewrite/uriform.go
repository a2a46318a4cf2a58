package rewrite

import "strings"

// uriForm reports whether the reference s is already a URI as FormURI
// writes one, so that its new value is s itself: s is an RFC 3986 URI
// reference that iri.Converter.ToURI in LEIRI mode returns as it is,
// with a host that needs no conversion (no percent-encoding, no IP
// literal, no userinfo), and it is not a special scheme without "//"
// (specialWithoutAuthority). It reads s once, byte by byte, where
// ToURI splits, validates and checks each component apart; it may say
// false of a reference that ToURI leaves as it is, never true of one it
// changes or rejects (FuzzURIForm).
func uriForm(s string) bool {
	i := 0
	scheme := false
	if len(s) > 0 && ('a' <= s[0]|0x20 && s[0]|0x20 <= 'z') {
		for j := 1; j < len(s); j++ {
			if c := s[j]; c == ':' {
				scheme, i = true, j+1
				break
			} else if uriClass[c]&uriScheme == 0 {
				break
			}
		}
	}
	auth := strings.HasPrefix(s[i:], "//")
	if scheme && !auth && specialWithoutAuthority(s) {
		return false
	}
	if auth {
		// The host: unreserved characters and sub-delimiters; then a
		// port of digits, or none.
		colon := false
		for i += 2; i < len(s); i++ {
			c := s[i]
			if c == '/' || c == '?' || c == '#' {
				break
			}
			switch {
			case c == ':' && !colon:
				colon = true
			case colon:
				if c < '0' || c > '9' {
					return false
				}
			case uriClass[c]&uriHost == 0:
				return false
			}
		}
	}
	// The first segment of a relative path holds no ":", which would
	// read as the end of a scheme.
	firstSeg := !scheme && !auth
	frag := false
	for ; i < len(s); i++ {
		c := s[i]
		if uriClass[c]&uriHost != 0 || c == '@' {
			continue
		}
		switch c {
		case ':':
			if firstSeg {
				return false
			}
		case '/', '?':
			firstSeg = false
		case '#':
			if frag {
				return false // a second "#": the fragment's own, which a URI escapes
			}
			frag, firstSeg = true, false
		case '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 2
		default:
			return false
		}
	}
	return true
}

// Classes of the ASCII characters for uriForm.
const (
	uriHost   = 1 << iota // unreserved and sub-delims: RFC 3986's reg-name but for escapes
	uriScheme             // ALPHA, DIGIT, "+", "-", "."
)

var uriClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = uriHost | uriScheme
		t[c-'a'+'A'] = uriHost | uriScheme
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = uriHost | uriScheme
	}
	for _, c := range "-._~!$&'()*+,;=" {
		t[c] |= uriHost
	}
	for _, c := range "+-." {
		t[c] |= uriScheme
	}
	return t
}()
