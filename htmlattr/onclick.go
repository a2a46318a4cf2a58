package htmlattr

import "unicode/utf8"

// ParseOnclick returns the span of the URL that the value of an onclick
// attribute sends the browser to, when the value is of one of the two
// forms that Common Crawl's WAT files take (ia-web-commons), and ok
// false otherwise. Keywords are matched ASCII case-insensitively:
//
//   - an assignment to the location, the whole value: an optional
//     "javascript:", an optional "window.", "top.", "document.", "self."
//     or "parent.", "location" or "location.href", "=" with optional white
//     space around it, and the URL between single quotes, which end the
//     value: location.href='/next.html'.
//   - a call of window.open (or parent.open) at the start of the value,
//     after an optional "javascript:": "window.open(", the URL between
//     single or double quotes, and then "," or ")":
//     window.open("https://example.com/", "_blank").
//
// The URL is 3 to 256 UTF-16 code units long (as Java counts a string's
// length) and holds no quote of either kind. White space is that of Java's
// \s: space, tab, line feed, vertical tab, form feed, carriage return.
//
// v is the attribute's value with its character references decoded, as a
// browser's script sees it; ia-web-commons matches the value as written,
// and so takes &#39; for a quote and leaves &amp; in a URL, where
// ParseOnclick reads ' and &. Nothing else of JavaScript is understood:
// a string built by concatenation, a variable, a second statement after
// the assignment give nothing.
func ParseOnclick(v string) (url Span, ok bool) {
	i := 0
	if hasPrefixFold(v, "javascript:") {
		i = len("javascript:")
	}
	rest := v[i:]
	for _, obj := range [...]string{"window.", "parent."} {
		if hasPrefixFold(rest, obj) && hasPrefixFold(rest[len(obj):], "open(") {
			j := i + len(obj) + len("open(")
			if j >= len(v) || v[j] != '\'' && v[j] != '"' {
				return Span{}, false
			}
			q := v[j]
			s, e, ok := quotedURL(v, j+1)
			if !ok || e+1 >= len(v) || v[e] != q || v[e+1] != ',' && v[e+1] != ')' {
				return Span{}, false
			}
			return Span{s, e}, true
		}
	}
	for _, obj := range [...]string{"window.", "top.", "document.", "self.", "parent."} {
		if hasPrefixFold(rest, obj) {
			i += len(obj)
			break
		}
	}
	if !hasPrefixFold(v[i:], "location") {
		return Span{}, false
	}
	i += len("location")
	if hasPrefixFold(v[i:], ".href") {
		i += len(".href")
	}
	i = skipJavaSpace(v, i)
	if i >= len(v) || v[i] != '=' {
		return Span{}, false
	}
	i = skipJavaSpace(v, i+1)
	if i >= len(v) || v[i] != '\'' {
		return Span{}, false
	}
	s, e, ok := quotedURL(v, i+1)
	if !ok || v[e] != '\'' {
		return Span{}, false
	}
	switch v[e+1:] {
	case "", "\n", "\r\n", "\r", "\u0085", "\u2028", "\u2029":
		// The end of the value, or a line terminator that ends it: where
		// Java's $ matches.
		return Span{s, e}, true
	}
	return Span{}, false
}

// quotedURL returns the span of the URL that starts at v[i]: the bytes up
// to the next quote of either kind, which must come, 3 to 256 UTF-16 code
// units after i.
func quotedURL(v string, i int) (start, end int, ok bool) {
	units := 0
	for j := i; j < len(v); {
		c := v[j]
		if c == '\'' || c == '"' {
			return i, j, units >= 3
		}
		if c < utf8.RuneSelf {
			units++
			j++
		} else {
			r, n := utf8.DecodeRuneInString(v[j:])
			units++
			if r > 0xFFFF {
				units++ // a surrogate pair
			}
			j += n
		}
		if units > 256 {
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// skipJavaSpace returns the index of the first byte of v at or after i that
// is not white space as Java's regular expressions' \s has it.
func skipJavaSpace(v string, i int) int {
	for i < len(v) {
		switch v[i] {
		case ' ', '\t', '\n', '\v', '\f', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// hasPrefixFold reports whether s begins with prefix (lower case) under
// ASCII case-insensitive comparison.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && equalFoldASCII([]byte(s[:len(prefix)]), prefix)
}
