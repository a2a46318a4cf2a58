package iri

// fastParseURL recognizes the common case of an href that the URL
// Standard's parser would return unchanged: a special scheme other than
// file in lower case, "//", a lower-case ASCII domain that does not end in
// a number, an optional non-default port, and a path, query and fragment
// of ASCII characters that none of their percent-encode sets holds, with
// no dot segments. It fills u and reports success without allocating; on
// false the caller runs the full parser.
func fastParseURL(s string, u *URL) bool {
	i := 0
	for i < len(s) && 'a' <= s[i] && s[i] <= 'z' {
		i++
	}
	scheme := s[:i]
	def := specialPort(scheme)
	if def == noScheme || def == -1 || len(s) < i+3 || s[i] != ':' || s[i+1] != '/' || s[i+2] != '/' {
		return false
	}
	*u = URL{href: s, schemeEnd: i, hasHost: true, queryStart: -1, fragStart: -1}
	i += 3
	u.userEnd, u.passEnd, u.hostStart = i, i, i
	lastDot := i - 1
	for i < len(s) {
		c := s[i]
		if c == '.' {
			if i == lastDot+1 && i != u.hostStart {
				return false // empty label: let the full parser decide
			}
			lastDot = i
		} else if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			break
		}
		i++
	}
	u.hostEnd = i
	host := s[u.hostStart:u.hostEnd]
	if host == "" || host[0] == '.' || endsInNumber(host) {
		return false
	}
	if i < len(s) && s[i] == ':' {
		i++
		start, n := i, 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			n = n*10 + int(s[i]-'0')
			if n > 65535 {
				return false
			}
			i++
		}
		if i == start || s[start] == '0' || n == def {
			return false
		}
	}
	u.authEnd, u.pathStart = i, i
	if i == len(s) || s[i] != '/' {
		return false // the parser adds "/"
	}
	segStart := i + 1
	for ; i < len(s); i++ {
		c := s[i]
		if c == '/' || c == '?' || c == '#' {
			if i > u.pathStart && (isSingleDot(s[segStart:i]) || isDoubleDot(s[segStart:i])) {
				return false
			}
			segStart = i + 1
			if c != '/' {
				break
			}
			continue
		}
		if c == '\\' || inSet(c, setPath) {
			return false
		}
	}
	if i == len(s) && (isSingleDot(s[segStart:]) || isDoubleDot(s[segStart:])) {
		return false
	}
	if i < len(s) && s[i] == '?' {
		u.queryStart = i
		for i++; i < len(s) && s[i] != '#'; i++ {
			if inSet(s[i], setSpecialQuery) {
				return false
			}
		}
	}
	if i < len(s) && s[i] == '#' {
		u.fragStart = i
		for i++; i < len(s); i++ {
			if inSet(s[i], setFragment) {
				return false
			}
		}
	}
	return true
}
