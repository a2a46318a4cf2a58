package weburl

import (
	"bytes"
	"strings"
	"unsafe"

	"github.com/relink-go/relink/internal/byteclass"
	"github.com/relink-go/relink/internal/urlstd"
)

// fastParse recognizes the common case of an href that the URL
// Standard's parser would return unchanged: a special scheme other than
// file in lower case, "//", a lower-case ASCII domain that does not end in
// a number, an optional non-default port, and a path, query and fragment
// of ASCII characters that none of their percent-encode sets holds, with
// no dot segments. It fills u and reports success without allocating; on
// false the caller runs the full parser.
func fastParse(s string, u *URL) bool {
	i := 0
	for i < len(s) && 'a' <= s[i] && s[i] <= 'z' {
		i++
	}
	scheme := s[:i]
	def := urlstd.SpecialPort(scheme)
	if def == urlstd.NotSpecial || def == -1 || len(s) < i+3 || s[i] != ':' || s[i+1] != '/' || s[i+2] != '/' {
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
	if host == "" || host[0] == '.' || urlstd.EndsInNumber(host) {
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
			if i > u.pathStart && (urlstd.IsSingleDot(s[segStart:i]) || urlstd.IsDoubleDot(s[segStart:i])) {
				return false
			}
			segStart = i + 1
			if c != '/' {
				break
			}
			continue
		}
		if c == '\\' || urlstd.InSet(c, urlstd.Path) {
			return false
		}
	}
	if i == len(s) && (urlstd.IsSingleDot(s[segStart:]) || urlstd.IsDoubleDot(s[segStart:])) {
		return false
	}
	if i < len(s) && s[i] == '?' {
		u.queryStart = i
		for i++; i < len(s) && s[i] != '#'; i++ {
			if urlstd.InSet(s[i], urlstd.SpecialQuery) {
				return false
			}
		}
	}
	if i < len(s) && s[i] == '#' {
		u.fragStart = i
		for i++; i < len(s); i++ {
			if urlstd.InSet(s[i], urlstd.Fragment) {
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
	if ref == "" && fastBase(base) {
		if base.fragStart < 0 {
			return base.href, true
		}
		return base.href[:base.fragStart], true
	}
	b, ok := appendFastResolve(nil, base, ref)
	if !ok {
		return "", false
	}
	// b is this call's own: the string can share it.
	return unsafe.String(unsafe.SliceData(b), len(b)), true
}

// fastBase reports whether base is a URL fastResolve resolves against.
func fastBase(base *URL) bool {
	return !base.opaque && base.hasHost && urlstd.SpecialPort(base.href[:base.schemeEnd]) >= 0
}

// appendFastResolve is fastResolve appending the href to dst: dst with
// the href and true, or false.
func appendFastResolve(dst []byte, base *URL, ref string) ([]byte, bool) {
	if !fastBase(base) {
		return nil, false
	}
	b := dst
	i := 0 // where ref's query or fragment begins
	switch {
	case ref == "":
		end := len(base.href)
		if base.fragStart >= 0 {
			end = base.fragStart
		}
		return append(b, base.href[:end]...), true
	case ref[0] == '#':
		end := len(base.href)
		if base.fragStart >= 0 {
			end = base.fragStart
		}
		b = append(b, base.href[:end]...)
	case ref[0] == '?':
		b = append(b, base.href[:base.pathEnd()]...)
	default:
		if ref[0] == '/' && len(ref) > 1 && (ref[1] == '/' || ref[1] == '\\') {
			return nil, false // scheme-relative
		}
		dir := base.pathStart + 1
		path := ref
		if ref[0] == '/' {
			path = ref[1:]
		} else {
			dir = base.pathStart + strings.LastIndexByte(base.href[base.pathStart:base.pathEnd()], '/') + 1
		}
		b = append(b, base.href[:dir]...)
		// One pass over the path: where it ends, the bytes the parser
		// would change, a colon that may end a scheme, and whether a
		// segment may be a dot segment.
		end, dots, first := 0, false, ref[0] != '/'
	scan:
		for ; end < len(path); end++ {
			k := fastClass[path[end]]
			if k == 0 {
				continue
			}
			switch {
			case k&fcEnd != 0:
				break scan
			case k&fcSlash != 0:
				first = false
			case k&fcPath != 0:
				return nil, false
			case k&fcPct != 0:
				if end+2 < len(path) && path[end+1] == '2' && path[end+2]|0x20 == 'e' {
					return nil, false // a percent-encoded dot
				}
			case k&fcColon != 0:
				if first {
					return nil, false // a scheme, perhaps
				}
			case k&fcDot != 0:
				dots = dots || end == 0 || path[end-1] == '/'
			}
		}
		if !dots {
			b = append(b, path[:end]...)
			i = end
		} else {
			i = appendSegments(&b, len(dst)+base.pathStart+1, path[:end])
		}
		ref = path
	}
	if i < len(ref) && ref[i] == '?' {
		start := i
		for i++; i < len(ref) && ref[i] != '#'; i++ {
			if fastClass[ref[i]]&fcQuery != 0 {
				return nil, false
			}
		}
		b = append(b, ref[start:i]...)
	}
	if i < len(ref) {
		// The fragment: its bytes' classes ORed, eight at a time.
		if byteclass.Or(&fastClass, ref[i+1:])&fcFragment != 0 {
			return nil, false
		}
		b = append(b, ref[i:]...)
	}
	return b, true
}

// appendSegments appends to *b, which ends with a "/", the segments of
// path (which holds no '?' or '#'), resolving its dot segments as the
// URL Standard's path state does; a ".." does not remove the segment
// that ends at root. It returns len(path).
func appendSegments(b *[]byte, root int, path string) int {
	for i := 0; ; i++ {
		end := i + strings.IndexByte(path[i:], '/')
		last := end < i
		if last {
			end = len(path)
		}
		switch seg := path[i:end]; seg {
		case "..":
			// Shorten the path: *b ends with "/"; drop its last segment.
			if len(*b) > root {
				*b = (*b)[:len(*b)-1]
				*b = (*b)[:bytes.LastIndexByte(*b, '/')+1]
			}
		case ".":
		default:
			*b = append(*b, seg...)
			if !last {
				*b = append(*b, '/')
			}
		}
		if last {
			return len(path)
		}
		i = end
	}
}

// fastClass classes bytes for appendFastResolve: the bytes that a path, a
// special query or a fragment may not hold as they are (white space and
// controls, and the bytes of the percent-encode sets; a backslash in a
// path), and '/', the ends of a path ('?', '#'), '%', ':' and '.'.
var fastClass = func() (t [256]uint8) {
	for c := range 256 {
		b := byte(c)
		if b <= ' ' || b == '\\' || urlstd.InSet(b, urlstd.Path) {
			t[c] |= fcPath
		}
		if b <= ' ' || urlstd.InSet(b, urlstd.SpecialQuery) {
			t[c] |= fcQuery
		}
		if b <= ' ' || urlstd.InSet(b, urlstd.Fragment) {
			t[c] |= fcFragment
		}
	}
	t['/'] |= fcSlash
	t['?'] |= fcEnd
	t['#'] |= fcEnd
	t['%'] |= fcPct
	t[':'] |= fcColon
	t['.'] |= fcDot
	return t
}()

const (
	fcSlash = 1 << iota
	fcEnd
	fcPath
	fcQuery
	fcFragment
	fcPct
	fcColon
	fcDot
)
