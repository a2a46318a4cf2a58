package iri

import (
	"bytes"
	"strings"
	"unsafe"
)

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

// fastResolve resolves the common relative references of a page against
// a base URL with a special scheme other than file, as the URL Standard's
// parser would, without running it: "", "?query", "#fragment", "/path"
// and "path" references of printable ASCII characters that none of their
// percent-encode sets holds, with no backslash and no percent-encoded dot.
// Dot segments are resolved as the parser's path state does. It returns
// the href and true, or false when the full parser must decide.
func fastResolve(base *URL, ref string) (string, bool) {
	if base.opaque || !base.hasHost || specialPort(base.href[:base.schemeEnd]) < 0 {
		return "", false
	}
	var b []byte
	i := 0 // where ref's query or fragment begins
	switch {
	case ref == "":
		if base.fragStart < 0 {
			return base.href, true
		}
		return base.href[:base.fragStart], true
	case ref[0] == '#':
		end := len(base.href)
		if base.fragStart >= 0 {
			end = base.fragStart
		}
		b = append(make([]byte, 0, end+len(ref)), base.href[:end]...)
	case ref[0] == '?':
		b = append(make([]byte, 0, base.pathEnd()+len(ref)), base.href[:base.pathEnd()]...)
	default:
		if ref[0] == '/' && len(ref) > 1 && (ref[1] == '/' || ref[1] == '\\') {
			return "", false // scheme-relative
		}
		for j := 0; j < len(ref) && ref[j] != '/' && ref[j] != '?' && ref[j] != '#'; j++ {
			if ref[j] == ':' {
				return "", false // a scheme, perhaps
			}
		}
		dir := base.pathStart + 1
		path := ref
		if ref[0] == '/' {
			path = ref[1:]
		} else {
			dir = base.pathStart + strings.LastIndexByte(base.href[base.pathStart:base.pathEnd()], '/') + 1
		}
		b = append(make([]byte, 0, dir+len(path)), base.href[:dir]...)
		root := base.pathStart + 1 // b[:root] ends with the path's first "/"
		for {
			end := i
			for end < len(path) && path[end] != '/' && path[end] != '?' && path[end] != '#' {
				c := path[end]
				if c <= ' ' || c == '\\' || inSet(c, setPath) ||
					c == '%' && end+2 < len(path) && path[end+1] == '2' && path[end+2]|0x20 == 'e' {
					return "", false
				}
				end++
			}
			last := end == len(path) || path[end] != '/'
			switch seg := path[i:end]; seg {
			case "..":
				// Shorten the path: b ends with "/"; drop its last segment.
				if len(b) > root {
					b = b[:len(b)-1]
					b = b[:bytes.LastIndexByte(b, '/')+1]
				}
			case ".":
			default:
				b = append(b, seg...)
				if !last {
					b = append(b, '/')
				}
			}
			i = end
			if last {
				break
			}
			i++
		}
		ref = path
	}
	if i < len(ref) && ref[i] == '?' {
		start := i
		for i++; i < len(ref) && ref[i] != '#'; i++ {
			if c := ref[i]; c <= ' ' || inSet(c, setSpecialQuery) {
				return "", false
			}
		}
		b = append(b, ref[start:i]...)
	}
	if i < len(ref) {
		start := i
		for i++; i < len(ref); i++ {
			if c := ref[i]; c <= ' ' || inSet(c, setFragment) {
				return "", false
			}
		}
		b = append(b, ref[start:]...)
	}
	// b is this call's own: the string can share it.
	return unsafe.String(unsafe.SliceData(b), len(b)), true
}
