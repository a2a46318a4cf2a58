package rewrite

import "strings"

// uriForm reports whether the reference s is already a URI as FormURI
// writes one, so that its new value is s itself: s is an RFC 3986 URI
// reference that iri.Converter.ToURI in LEIRI mode returns as it is,
// with a host that needs no conversion (no percent-encoding, no IP
// literal, no userinfo), and it is not a special scheme without "//"
// (specialWithoutAuthority). It reads s once, eight bytes at a time
// where it can, and its scheme and authority apart, where ToURI splits,
// validates and checks each component; it may say false of a reference
// that ToURI leaves as it is, never true of one it changes or rejects
// (FuzzURIForm).
func uriForm(s string) bool {
	// Every byte is one that a URI's path, query and fragment hold as
	// it is, an escape, or the "#" that starts the fragment: eight
	// tested at once, and one at a time those of eight that are not all
	// so, and of the last few.
	frag := false
	for i := 0; i < len(s); {
		end := len(s)
		if len(s)-i >= 8 {
			w := s[i : i+8]
			if uriPath[w[0]]&uriPath[w[1]]&uriPath[w[2]]&uriPath[w[3]]&uriPath[w[4]]&uriPath[w[5]]&uriPath[w[6]]&uriPath[w[7]] != 0 {
				i += 8
				continue
			}
			end = i + 8
		}
		for ; i < end; i++ {
			switch c := s[i]; {
			case uriPath[c] != 0:
			case c == '#':
				if frag {
					return false // a second "#": the fragment's own, which a URI escapes
				}
				frag = true
			case c == '%':
				if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
					return false
				}
				i += 2
			default:
				return false
			}
		}
	}
	// A ":" before any "/", "?" and "#" ends a scheme: in the first
	// segment of a relative path, it would read as one.
	if colon := strings.IndexByte(s, ':'); colon >= 0 && !hasPathDelim(s[:colon]) {
		if !isScheme(s[:colon]) {
			return false
		}
		if strings.HasPrefix(s[colon+1:], "//") {
			return uriHostEnd(s, colon+3) >= 0
		}
		return !specialWithoutAuthority(s)
	}
	if strings.HasPrefix(s, "//") {
		return uriHostEnd(s, 2) >= 0
	}
	return true
}

// hasPathDelim reports whether s holds a "/", a "?" or a "#".
func hasPathDelim(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '/' || c == '?' || c == '#' {
			return true
		}
	}
	return false
}

// iriForm reports whether the reference s is already an IRI as FormIRI
// writes one, so that its new value is s itself, as uriForm does for
// FormURI: a URI that uriForm takes with no escape, which the display
// form would decode, and no label of an internationalized host name in
// its ASCII form ("xn--"), which it would write in Unicode. It too may
// say false of a reference that the conversion leaves as it is, never
// true of one it changes (FuzzURIForm).
func iriForm(s string) bool {
	return strings.IndexByte(s, '%') < 0 && !strings.Contains(s, "n--") && !strings.Contains(s, "N--") && uriForm(s)
}

// uriHostEnd returns where the authority that starts at s[i] ends, at
// the first "/", "?" or "#" after it, or -1 unless it is a host of
// unreserved characters and sub-delimiters followed by a port of digits
// or by none.
func uriHostEnd(s string, i int) int {
	for ; len(s)-i >= 8; i += 8 {
		w := s[i : i+8]
		if uriHostB[w[0]]&uriHostB[w[1]]&uriHostB[w[2]]&uriHostB[w[3]]&uriHostB[w[4]]&uriHostB[w[5]]&uriHostB[w[6]]&uriHostB[w[7]] == 0 {
			break
		}
	}
	colon := false
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case uriHostB[c] != 0 && !colon:
		case c == '/' || c == '?' || c == '#':
			return i
		case c == ':' && !colon:
			colon = true
		case !colon || c < '0' || c > '9':
			return -1
		}
	}
	return i
}

// isScheme reports whether s is a scheme: a letter, then letters,
// digits, "+", "-" and ".".
func isScheme(s string) bool {
	if s == "" || !('a' <= s[0]|0x20 && s[0]|0x20 <= 'z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !('a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// uriHostB holds, as 1, the characters of a host that uriForm takes:
// unreserved and sub-delims, RFC 3986's reg-name but for escapes;
// uriPath, those that a URI's path, query and fragment hold as they are:
// these and ":", "@", "/" and "?". Bytes of 1, for the test of eight at
// once.
var uriHostB, uriPath = func() (h, p [256]byte) {
	for c := 'a'; c <= 'z'; c++ {
		h[c], h[c-'a'+'A'] = 1, 1
	}
	for c := '0'; c <= '9'; c++ {
		h[c] = 1
	}
	for _, c := range "-._~!$&'()*+,;=" {
		h[c] = 1
	}
	p = h
	p['@'], p[':'], p['/'], p['?'] = 1, 1, 1, 1
	return h, p
}()
