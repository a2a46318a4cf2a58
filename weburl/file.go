package weburl

import (
	"strings"

	"github.com/relink-go/relink/internal/pct"
)

// FileURL returns the URL of a file of a directory tree served at dir:
// the URL a page at path in the tree has when dir is the URL of the tree's
// root, for resolving the page's relative links as a browser does once
// the tree is served (relink's --base for a tree of files).
//
// dir is an absolute URL without a query or fragment; a "/" is added when
// it does not end with one. path is relative and slash-separated, as
// filepath.ToSlash gives it ("docs/a b.html"). Each byte of path that a
// URL path may not hold as written, or that would end or change it ("?",
// "#", "%", "\", a space, a control, a quote), is percent-encoded; "/"
// separates segments, and characters beyond ASCII are kept, as the parser
// encodes them in UTF-8. FileURL does not parse dir: Parse the result.
func FileURL(dir, path string) string {
	var b strings.Builder
	b.Grow(len(dir) + 1 + len(path) + 8)
	b.WriteString(dir)
	if !strings.HasSuffix(dir, "/") {
		b.WriteByte('/')
	}
	for i := 0; i < len(path); i++ {
		c := path[i]
		if c == '/' || c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("-._~!$&'()*+,;=:@", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(pct.UpperHex[c>>4])
		b.WriteByte(pct.UpperHex[c&15])
	}
	return b.String()
}
