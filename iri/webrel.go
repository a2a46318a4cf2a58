package iri

import (
	"strings"

	"github.com/relink-go/relink/internal/byteclass"
	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/urlstd"
	"github.com/relink-go/relink/weburl"
)

// webRelative maps the relative reference s to the form a browser gives
// it when it resolves it in a document of the converter's charset, but
// keeps it relative: the URL Standard's preprocessing (leading and
// trailing C0 controls and spaces trimmed, tabs and newlines removed,
// backslashes before the query read as slashes) and its percent-encode
// sets (the path set, the special-query set in the document charset, the
// fragment set; a "%" is left as it is). A network-path reference
// ("//host/path") gets the URL Standard's host processing. Resolving the
// result against any base gives the URL that resolving s gives.
func (c *Converter) webRelative(s string) (string, error) {
	s = urlstd.RemoveTabNewline(urlstd.TrimC0Space(s))
	if len(s) >= 2 && (s[0] == '/' || s[0] == '\\') && (s[1] == '/' || s[1] == '\\') {
		// A network-path reference: what it gives under a special base,
		// less that base's scheme.
		u, err := c.web.Parse(s, webRelativeBase)
		if err != nil {
			return "", err
		}
		return strings.TrimPrefix(u.String(), "http:"), nil
	}
	if webRelativeClean(s) {
		return s, nil // the common case: nothing to encode
	}
	return c.webRelativeEncode(s), nil
}

// webRelativeEncode is webRelative for a path-relative reference, after
// the preprocessing.
func (c *Converter) webRelativeEncode(s string) string {
	end := len(s)
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		end = i
	}
	path, rest := s[:end], s[end:]
	b := make([]byte, 0, len(s)+16)
	for i := 0; i < len(path); i++ {
		ch := path[i]
		switch {
		case ch == '\\':
			b = append(b, '/')
		case urlstd.InSet(ch, urlstd.Path):
			b = pct.Append(b, ch)
		default:
			b = append(b, ch)
		}
	}
	frag, hasFrag := "", false
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		frag, hasFrag = rest[i+1:], true
		rest = rest[:i]
	}
	if strings.HasPrefix(rest, "?") {
		q := rest[1:]
		b = append(b, '?')
		if c.charset != nil && !pct.IsASCII(q) {
			b = urlstd.AppendQuery(b, q, c.charset, c.charName, urlstd.SpecialQuery)
		} else {
			b = urlstd.AppendEncoded(b, q, urlstd.SpecialQuery)
		}
	}
	if hasFrag {
		b = append(b, '#')
		b = urlstd.AppendEncoded(b, frag, urlstd.Fragment)
	}
	if string(b) == s {
		return s
	}
	return string(b)
}

// webRelativeClean reports whether webRelative leaves s as it is: no
// backslash, and no byte of the percent-encode set of its part. A first
// pass ORs the classes (relClass) of all its bytes, eight at a time: most
// references hold no byte of any of the sets (but "?" and "#", which
// end the parts) and are clean wherever those stand; the others are read
// part by part (webRelativeCleanParts).
func webRelativeClean(s string) bool {
	return byteclass.Or(&relClass, s) == 0 || webRelativeCleanParts(s)
}

// relClass is 1 for the bytes that are a backslash or in the path, the
// special-query or the fragment percent-encode set, but "?" and "#".
var relClass = func() (t [256]uint8) {
	for c := range t {
		b := byte(c)
		if b == '\\' || urlstd.InSet(b, urlstd.Path) || urlstd.InSet(b, urlstd.SpecialQuery) || urlstd.InSet(b, urlstd.Fragment) {
			t[c] = 1
		}
	}
	t['?'], t['#'] = 0, 0
	return t
}()

// webRelativeCleanParts is webRelativeClean, byte by byte.
func webRelativeCleanParts(s string) bool {
	i := 0
	for ; i < len(s) && s[i] != '?' && s[i] != '#'; i++ {
		if c := s[i]; c == '\\' || urlstd.InSet(c, urlstd.Path) {
			return false
		}
	}
	if i < len(s) && s[i] == '?' {
		for i++; i < len(s) && s[i] != '#'; i++ {
			if urlstd.InSet(s[i], urlstd.SpecialQuery) {
				return false
			}
		}
	}
	if i < len(s) {
		for i++; i < len(s); i++ {
			if urlstd.InSet(s[i], urlstd.Fragment) {
				return false
			}
		}
	}
	return true
}

// webRelativeBase is the special base network-path references are
// resolved against in webRelative.
var webRelativeBase, _ = weburl.Parse("http://relative.invalid/", nil)
