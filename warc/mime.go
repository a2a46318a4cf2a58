package warc

import "strings"

// ContentType returns the media type of the response's body and its
// charset parameter; see Header.ContentType.
func (r *Response) ContentType() (mediaType, charset string) {
	return r.Header.ContentType()
}

// ContentType returns the media type that the header's Content-Type
// fields give, as its essence in lower case ("text/html"), and the value
// of its charset parameter as written ("" when absent); "", "" when there
// is no valid one. It follows the Fetch Standard's "extract a MIME type":
// the values of all the Content-Type fields are split at commas outside
// quoted strings, each piece is parsed as the MIME Sniffing Standard
// parses a MIME type, invalid pieces and */* are skipped, the last valid
// one wins, and it keeps the charset of the one before when both have the
// same essence and it has none of its own. So "text/html;charset=gbk,
// text/html" is text/html in GBK, as browsers read it.
func (h Header) ContentType() (mediaType, charset string) {
	var essence, cs string // the Fetch Standard's essence and charset
	for _, f := range h {
		if !strings.EqualFold(f.Name, "Content-Type") {
			continue
		}
		v := f.Value
		for v != "" {
			var piece string
			piece, v = cutValue(v)
			e, c, ok := parseMIME(piece)
			if !ok || e == "*/*" {
				continue
			}
			mediaType, charset = e, c
			if e != essence {
				essence, cs = e, c
			} else if c == "" {
				charset = cs
			}
		}
	}
	return mediaType, charset
}

// cutValue returns the first comma-separated piece of a header value, a
// comma inside a quoted string not counting, and the rest after the comma.
func cutValue(v string) (piece, rest string) {
	quoted := false
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == ',':
			return v[:i], v[i+1:]
		}
	}
	return v, ""
}

// parseMIME parses a MIME type as the MIME Sniffing Standard does and
// returns its essence and its charset parameter.
func parseMIME(s string) (essence, charset string, ok bool) {
	s = strings.Trim(s, httpSpace)
	slash := strings.IndexByte(s, '/')
	if slash <= 0 || !isToken(s[:slash]) {
		return "", "", false
	}
	typ := s[:slash]
	s = s[slash+1:]
	end := strings.IndexByte(s, ';')
	if end < 0 {
		end = len(s)
	}
	sub := strings.TrimRight(s[:end], httpSpace)
	if sub == "" || !isToken(sub) {
		return "", "", false
	}
	essence = strings.ToLower(typ + "/" + sub)
	s = s[end:]
	seen := false
	for len(s) > 0 {
		s = strings.TrimLeft(s[1:], httpSpace) // the ";"
		i := strings.IndexAny(s, ";=")
		if i < 0 {
			break
		}
		name := strings.ToLower(s[:i])
		s = s[i:]
		if s[0] == ';' {
			continue
		}
		s = s[1:] // the "="
		var value string
		if len(s) > 0 && s[0] == '"' {
			value, s = quotedString(s)
			if j := strings.IndexByte(s, ';'); j >= 0 {
				s = s[j:]
			} else {
				s = ""
			}
		} else {
			j := strings.IndexByte(s, ';')
			if j < 0 {
				j = len(s)
			}
			value = strings.TrimRight(s[:j], httpSpace)
			s = s[j:]
			if value == "" {
				continue
			}
		}
		if name == "charset" && !seen {
			seen = true
			charset = value
		}
	}
	return essence, charset, true
}

const httpSpace = " \t\r\n"

// quotedString collects the quoted string at the start of s (which begins
// with a quote), escapes undone, and returns it and the rest of s.
func quotedString(s string) (string, string) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			} else {
				b.WriteByte('\\')
			}
		case '"':
			return b.String(), s[i+1:]
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), ""
}

// isToken reports whether s is an HTTP token.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte("\"(),/:;<=>?@[\\]{}", c) >= 0 {
			return false
		}
	}
	return true
}
