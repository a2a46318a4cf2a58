package iri

import (
	"strings"

	"github.com/relink-go/relink/internal/pct"
)

// webPreprocess applies the Web Address preprocessing steps of 3987bis
// section 7.2 that change the string; the characters that step 3 would
// percent-encode are left to the conversion, which encodes them anyway.
// It returns s itself when nothing changes.
func webPreprocess(s string) string {
	// Step 1: trim leading and trailing space, tab, CR and LF (the URL
	// Standard trims every C0 control and space).
	s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	if !needsWebFix(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	inPath := true
	special := webSpecialOrRelative(s)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			// Step 2: stripped (the URL Standard's tab and newline removal).
			continue
		case c == '%' && !pct.IsEncoded(s, i):
			// Step 4.
			b = append(b, "%25"...)
			continue
		case c == '?' || c == '#':
			inPath = false
		case c == '\\' && inPath && special:
			// Step 5: a backslash is a path separator.
			c = '/'
		}
		b = append(b, c)
	}
	return string(b)
}

func needsWebFix(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\r', '\\':
			return true
		case '%':
			if !pct.IsEncoded(s, i) {
				return true
			}
		}
	}
	return false
}

// webSpecialOrRelative reports whether s has no scheme or one of the
// special schemes of the URL Standard, for which "\" separates segments.
func webSpecialOrRelative(s string) bool {
	var r Reference
	split(s, &r)
	return r.Scheme == "" || isSpecialScheme(r.Scheme)
}
