package htmlattr

import "math"

// ParseRefresh parses the content attribute of a meta element whose
// http-equiv attribute is "refresh" (and the value of an HTTP Refresh
// header) as steps 2 to 11.10 of the WHATWG HTML standard's "shared
// declarative refresh steps" do:
//
//	5; url=http://example.com/
//	0;URL='/next'
//	3, url = x.html
//	1 http://example.com/      (no "url=": the rest is the URL)
//	0.5; url="a.html" junk     (the quotes end the URL)
//
// ok is false when a browser ignores the content altogether: when it does
// not start (after ASCII whitespace) with a digit or ".", or when the
// number is followed by something other than ";", "," or ASCII whitespace.
//
// delay is the whole number of seconds before the refresh (the digits
// before any "."), saturated at the largest int.
//
// content[urlStart:urlEnd] is the URL string the document refreshes to. The
// span leaves out the surrounding quotes and the leading and trailing C0
// controls and spaces that the URL parser strips, so a rewriter can replace
// exactly that span. When the content names no URL, or an empty one, the
// span is empty (urlStart == urlEnd) and the refresh reloads the document
// itself; for no URL at all both are len(content).
//
// ParseRefresh does not resolve the URL, and does not refuse javascript:
// URLs as step 13 does; that is the caller's business.
func ParseRefresh(content string) (delay int, urlStart, urlEnd int, ok bool) {
	n := len(content)
	pos := skipASCIIWhitespace(content, 0)

	// Steps 5-7: the integer part of the delay.
	digits := pos
	for pos < n && isDecDigit(content[pos]) {
		if delay <= (math.MaxInt-9)/10 {
			delay = delay*10 + int(content[pos]-'0')
		} else {
			delay = math.MaxInt
		}
		pos++
	}
	if pos == digits && (pos == n || content[pos] != '.') {
		return 0, n, n, false
	}
	// Step 8: any fraction is ignored.
	for pos < n && (isDecDigit(content[pos]) || content[pos] == '.') {
		pos++
	}

	// Step 10: the separator.
	if pos < n {
		c := content[pos]
		if c != ';' && c != ',' && !isASCIIWhitespace(c) {
			return 0, n, n, false
		}
		pos = skipASCIIWhitespace(content, pos)
		if pos < n && (content[pos] == ';' || content[pos] == ',') {
			pos++
		}
		pos = skipASCIIWhitespace(content, pos)
	}

	// Step 11.
	if pos == n {
		return delay, n, n, true
	}
	urlStart, urlEnd = refreshURL(content, pos)
	return delay, urlStart, urlEnd, true
}

// refreshURL does step 11 of the shared declarative refresh steps from pos,
// which is not past the end of s, and returns the span of the URL string
// less what the URL parser would strip around it.
func refreshURL(s string, pos int) (start, end int) {
	n := len(s)
	start, end = pos, n // step 11.1: urlString, if "url=" does not follow
	if c := s[pos]; c == 'U' || c == 'u' {
		pos++
		if pos == n || (s[pos] != 'R' && s[pos] != 'r') {
			return trimC0Space(s, start, end)
		}
		pos++
		if pos == n || (s[pos] != 'L' && s[pos] != 'l') {
			return trimC0Space(s, start, end)
		}
		pos = skipASCIIWhitespace(s, pos+1)
		if pos == n || s[pos] != '=' {
			return trimC0Space(s, start, end)
		}
		pos = skipASCIIWhitespace(s, pos+1)
	}
	// Step 11.8: skip quotes.
	var quote byte
	if pos < n && (s[pos] == '\'' || s[pos] == '"') {
		quote = s[pos]
		pos++
	}
	// Steps 11.9 and 11.10.
	start, end = pos, n
	if quote != 0 {
		for i := pos; i < n; i++ {
			if s[i] == quote {
				end = i
				break
			}
		}
	}
	return trimC0Space(s, start, end)
}

// trimC0Space returns the span of s[start:end] less its leading and
// trailing C0 controls and spaces, which the URL parser strips.
func trimC0Space[T ~string | ~[]byte](s T, start, end int) (int, int) {
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	return start, end
}

// isASCIIWhitespace reports whether c is ASCII whitespace as the WHATWG
// Infra standard defines it: TAB, LF, FF, CR or SPACE (not VT).
func isASCIIWhitespace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func skipASCIIWhitespace(s string, i int) int {
	for i < len(s) && isASCIIWhitespace(s[i]) {
		i++
	}
	return i
}

func isDecDigit(c byte) bool { return '0' <= c && c <= '9' }
