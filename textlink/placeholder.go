package textlink

import "strings"

// HasPlaceholder reports whether the link holds a placeholder in its path,
// query or fragment (see the package doc): a "{name}", "{{name}}" or
// "${name}", or a "$NAME" that makes up a whole path segment, query field
// or fragment. link is a link as Find reports it, Raw or Value.
//
// A placeholder is a part of a link that documentation writes to be
// replaced, not requested as written; a tool that rewrites links leaves a
// link that holds one as written, since any other form (percent-encoding
// "{" as "%7B") damages the template and means nothing more.
func HasPlaceholder(link string) bool {
	rest := afterHost(link)
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '{':
			if n := braced(rest[i:]); n > 0 {
				return true
			}
		case '$':
			if i+1 < len(rest) && rest[i+1] == '{' {
				continue // "${name}": the "{" decides
			}
			if fieldStart(rest, i) && shellName(rest[i+1:]) {
				return true
			}
		}
	}
	return false
}

// afterHost returns the path, query and fragment of link: what follows
// its scheme and authority, or for an address what follows its domain.
func afterHost(link string) string {
	s := link
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	}
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		return s[i:]
	}
	return ""
}

// braced returns the length of the "{name}" or "{{name}}" at the start of
// s, or 0: a name of ASCII letters, digits, "_", "-" and ".", after an
// optional RFC 6570 operator ("+", "#", ".", "/", ";", "?", "&"), with
// commas between names allowed.
func braced(s string) int {
	open := 1
	if len(s) > 1 && s[1] == '{' {
		open = 2
	}
	i := open
	if i < len(s) && strings.IndexByte("+#./;?&", s[i]) >= 0 {
		i++
	}
	start := i
	for i < len(s) && (nameByte(s[i]) || s[i] == ',' || s[i] == '*') {
		i++
	}
	if i == start || !nameStart(s[start]) {
		return 0
	}
	for k := 0; k < open; k++ {
		if i >= len(s) || s[i] != '}' {
			return 0
		}
		i++
	}
	return i
}

// fieldStart reports whether s[i] starts a path segment, a query field or
// value, or the fragment.
func fieldStart(s string, i int) bool {
	return i > 0 && strings.IndexByte("/?#&=", s[i-1]) >= 0
}

// shellName reports whether s starts with an upper-case shell variable
// name (an upper-case letter or "_", then upper-case letters, digits and
// "_") that runs to the end of the field: "$HOME/x", "?v=$VERSION".
func shellName(s string) bool {
	i := 0
	for i < len(s) && ('A' <= s[i] && s[i] <= 'Z' || s[i] == '_' || i > 0 && '0' <= s[i] && s[i] <= '9') {
		i++
	}
	return i > 0 && (i == len(s) || strings.IndexByte("/?#&=", s[i]) >= 0)
}

func nameStart(c byte) bool { return isLetter(c) || c == '_' }

func nameByte(c byte) bool { return isAlnum(c) || c == '_' || c == '-' || c == '.' }
