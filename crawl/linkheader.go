package crawl

import "strings"

// parseLinkHeader calls fn with the URI reference and the rel parameter
// of each link of a Link header value (RFC 8288, section 3):
// `<https://example.org/a>; rel="next", </b>; rel=prev`.
func parseLinkHeader(v string, fn func(ref, rel string)) {
	for {
		lt := strings.IndexByte(v, '<')
		if lt < 0 {
			return
		}
		gt := strings.IndexByte(v[lt:], '>')
		if gt < 0 {
			return
		}
		ref := strings.TrimSpace(v[lt+1 : lt+gt])
		v = v[lt+gt+1:]
		// The parameters, up to a comma outside a quoted string.
		var rel string
		relSeen := false
		for {
			v = strings.TrimLeft(v, " \t")
			if v == "" || v[0] != ';' {
				break
			}
			v = strings.TrimLeft(v[1:], " \t")
			n := 0
			for n < len(v) && v[n] != '=' && v[n] != ';' && v[n] != ',' && v[n] != ' ' && v[n] != '\t' {
				n++
			}
			name := v[:n]
			v = strings.TrimLeft(v[n:], " \t")
			var value string
			if v != "" && v[0] == '=' {
				v = strings.TrimLeft(v[1:], " \t")
				if v != "" && v[0] == '"' {
					value, v = unquote(v)
				} else {
					n := 0
					for n < len(v) && v[n] != ';' && v[n] != ',' {
						n++
					}
					value, v = strings.TrimSpace(v[:n]), v[n:]
				}
			}
			if strings.EqualFold(name, "rel") && !relSeen {
				rel, relSeen = value, true
			}
		}
		fn(ref, rel)
		// Skip to the next link-value.
		for v != "" && v[0] != ',' {
			if v[0] == '"' {
				_, v = unquote(v)
				continue
			}
			v = v[1:]
		}
	}
}

// unquote returns the quoted string at the start of s, its escapes
// undone, and the rest of s.
func unquote(s string) (string, string) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
			}
			b.WriteByte(s[i])
		case '"':
			return b.String(), s[i+1:]
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), ""
}
