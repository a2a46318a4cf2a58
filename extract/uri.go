package extract

import (
	"strings"

	"github.com/relink-go/relink/internal/byteclass"
	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/urlstd"
	"github.com/relink-go/relink/iri"
)

// URI returns the link's URL as a URI (RFC 3986): Href with every
// character that RFC 3986 does not allow where it stands percent-encoded,
// so that programs that take URIs only (curl, net/url, an RFC 3986
// parser) take it. It differs from Href only where Href is not a URI:
//
//   - a character outside RFC 3986's set ("{", "}", "|", "\", "^", "`",
//     a space or a quote, which the URL Standard leaves in a query or a
//     fragment, or a "\" of a Shift_JIS query) becomes its escape, "%7B"
//     for "{";
//   - a "%" not followed by two hexadecimal digits becomes "%25";
//   - a "#" after the one that starts the fragment becomes "%23";
//   - "[" and "]" stay only in the authority (an IP literal);
//   - a ":" in the first segment of a relative reference without a scheme
//     becomes "%3A", so that it is not read as a scheme.
//
// The result names the same resource as Href: a server decodes an escape
// of a character to that character, and a browser given it requests
// Href's URL but for the escapes added. URI returns "" and Err when the
// link has no URL (Err is set), and Href itself, without allocating,
// when Href is already a URI, as it almost always is. It is computed
// when called (extraction does not pay for it), but for an href the HTML
// extractor found to be a URI on its way to the IRI, which URI then
// returns at once. Its signature is that of textlink.Match.URI.
func (l *Link) URI() (string, error) {
	if l.Err != nil {
		return "", l.Err
	}
	if l.Href == l.uriHref {
		return l.Href, nil
	}
	i := uriClean(l.Href)
	if i == len(l.Href) {
		return l.Href, nil
	}
	return string(appendURI(make([]byte, 0, len(l.Href)+8), l.Href, i)), nil
}

// uriChar holds the characters RFC 3986 allows in a path, a query and a
// fragment: unreserved, sub-delims, ":", "@", "/" and "?" ("%" is read
// apart, "#" too).
var uriChar = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range "-._~!$&'()*+,;=:@/?" {
		t[c] = true
	}
	return t
}()

// uriPlain holds the characters of uriChar that uriClean passes over
// whatever comes before them: all but ":", "/" and "?".
var uriPlain = func() (t [256]bool) {
	t = uriChar
	t[':'], t['/'], t['?'] = false, false, false
	return t
}()

// uriParts returns where the parts of the reference s begin: the end of
// its scheme and ":" (0 without one), the end of its authority (where
// its path starts), and whether s is a relative reference whose first
// segment is a path segment, in which RFC 3986 allows no ":".
func uriParts(s string) (afterScheme, authEnd int, relPath bool) {
	afterScheme = uriScheme(s)
	authEnd = afterScheme
	if strings.HasPrefix(s[afterScheme:], "//") {
		authEnd = afterScheme + 2
		for authEnd < len(s) && s[authEnd] != '/' && s[authEnd] != '?' && s[authEnd] != '#' {
			authEnd++
		}
		return afterScheme, authEnd, false
	}
	return afterScheme, authEnd, afterScheme == 0
}

// uriScheme returns the end of the scheme and ":" of the reference s, or
// 0 when it has none.
func uriScheme(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' && i > 0 {
			return i + 1
		}
		if !isASCIIAlpha(c) && (i == 0 || !('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			break
		}
	}
	return 0
}

// uriCharBit and uriPlainBit are uriChar and uriPlain as bytes of 1 and
// 0, for the test of eight bytes at once in uriClean.
var uriCharBit, uriPlainBit = func() (c, p [256]byte) {
	for i := range c {
		if uriChar[i] {
			c[i] = 1
		}
		if uriPlain[i] {
			p[i] = 1
		}
	}
	return c, p
}()

// uriClean returns the index in s of the first byte that URI must
// escape, or len(s).
//
// A first pass ORs together the classes (uriClass) of the bytes after the
// scheme, eight at a time, with no branch but the loop's: when none is
// outside uriChar, "#" and "%", the "%"s are escapes, a "#" comes once,
// and a ":" is not in the first segment of a relative path, s is a URI as
// it is, as most hrefs are; else uriCleanAt finds where it is not.
func uriClean(s string) int {
	k := byteclass.Or(&uriClass, s[uriScheme(s):])
	if k&^ucDash == 0 {
		return len(s)
	}
	return uriCleanWith(s, k)
}

// uriCleanWith is uriClean given k, the classes of the bytes of s after
// its scheme ORed together (those of its scheme too, which add ucColon
// and ucDash at most).
func uriCleanWith(s string, k byte) int {
	if k&^ucDash == 0 {
		return len(s)
	}
	if k&ucOther != 0 {
		return uriCleanAt(s)
	}
	// The scheme holds no "%" and no "#": s may be searched whole.
	if k&ucPct != 0 {
		for j := strings.IndexByte(s, '%'); j >= 0; {
			if !pct.IsEncoded(s, j) {
				return uriCleanAt(s)
			}
			n := strings.IndexByte(s[j+1:], '%')
			if n < 0 {
				break
			}
			j += n + 1
		}
	}
	if k&ucHash != 0 {
		if j := strings.IndexByte(s, '#'); strings.IndexByte(s[j+1:], '#') >= 0 {
			return uriCleanAt(s)
		}
	}
	if k&ucColon != 0 && !strings.HasPrefix(s, "//") && uriScheme(s) == 0 {
		// A relative reference: a ":" in its first segment is escaped.
		for _, c := range []byte(s) {
			if c == '/' || c == '?' || c == '#' {
				break
			}
			if c == ':' {
				return uriCleanAt(s)
			}
		}
	}
	return len(s)
}

// uriClass classes bytes for uriClean's first pass: ucOther for those
// outside uriChar, "#" and "%" (ucOther|ucHigh for those above 0x7F),
// ucPct for "%", ucHash for "#", ucColon for ":", ucDash for "-"; the
// other bytes of uriChar are 0. (ucHigh, ucPct and ucDash are what
// needsDisplay looks for.)
var uriClass = func() (t [256]byte) {
	for c := range t {
		if !uriChar[c] {
			t[c] = ucOther
		}
		if c >= 0x80 {
			t[c] |= ucHigh
		}
	}
	t['%'], t['#'], t[':'], t['-'] = ucPct, ucHash, ucColon, ucDash
	return t
}()

const (
	ucOther = 1 << iota
	ucPct
	ucHash
	ucColon
	ucHigh
	ucDash
)

// plainRelative reports whether the link value v, without a base, is a
// relative reference that iri's ToURI (Web mode) returns as it is and
// that is a URI as it is (uriClean(v) == len(v)), from one pass over its
// bytes, and returns their classes (relPlainClass) ORed together. So it
// is when v holds only bytes that both leave alone wherever they stand
// (relPlainClass 0 or ucDash: no ":", so no scheme, and no space, control,
// backslash or byte of a percent-encode set of the URL Standard), "%"s
// that are escapes, and one "#" at most, and does not start with "//" (a
// network-path reference, whose host ToURI processes). Its classes tell
// what uriForms would: ucPct and ucDash as there, never ucHigh.
func plainRelative(v string) (k byte, ok bool) {
	k = byteclass.Or(&relPlainClass, v)
	if k&ucOther != 0 || len(v) >= 2 && v[0] == '/' && v[1] == '/' {
		return k, false
	}
	if k&ucHash != 0 {
		if j := strings.IndexByte(v, '#'); strings.IndexByte(v[j+1:], '#') >= 0 {
			return k, false
		}
	}
	if k&ucPct != 0 {
		for j := strings.IndexByte(v, '%'); j >= 0; {
			if !pct.IsEncoded(v, j) {
				return k, false
			}
			n := strings.IndexByte(v[j+1:], '%')
			if n < 0 {
				break
			}
			j += n + 1
		}
	}
	return k, true
}

// relPlainClass classes bytes for plainRelative: 0 for those of uriChar
// that are in no percent-encode set of the URL Standard that ToURI
// applies to a relative reference ("?" ends the path, where it would be
// one), but ":" and "-"; ucDash for "-", ucPct for "%", ucHash for "#";
// ucOther for every other byte.
var relPlainClass = func() (t [256]byte) {
	for c := range t {
		b := byte(c)
		enc := urlstd.Path | urlstd.Query | urlstd.SpecialQuery | urlstd.Fragment
		if !uriChar[c] || b == ':' || b != '?' && urlstd.InSet(b, enc) {
			t[c] = ucOther
		}
	}
	t['%'], t['#'], t['-'] = ucPct, ucHash, ucDash
	return t
}()

// displayIRI returns the IRI of a link whose Href is uri, as Link.IRI
// gives it: "" with Options.NoIRI, else conv.ToIRI's form of uri when
// needsDisplay says it may differ and ToIRI succeeds, else uri.
func displayIRI(conv *iri.Converter, opts *Options, uri string) string {
	if opts.NoIRI {
		return ""
	}
	if needsDisplay(uri) {
		if s, err := conv.ToIRI(uri); err == nil {
			return s
		}
	}
	return uri
}

// uriForms returns whether the href u is a URI as it is (uriClean(u) ==
// len(u)) and whether ToIRI may change it (needsDisplay(u)), from one
// pass over its bytes.
func uriForms(u string) (isURI, display bool) {
	k := byteclass.Or(&uriClass, u)
	isURI = uriCleanWith(u, k) == len(u)
	display = k&(ucPct|ucHigh) != 0 || k&ucDash != 0 && hasXN(u)
	return isURI, display
}

// uriCleanAt is uriClean for the references its first pass does not
// settle, byte by byte.
func uriCleanAt(s string) int {
	afterScheme, authEnd, relPath := uriParts(s)
	frag := false
	firstSeg := relPath
	// The bytes passed over whatever came before: uriPlain in the first
	// segment of a relative path, where ":" is not, uriChar after it.
	plain := &uriCharBit
	tailSeen := false
	if firstSeg {
		plain = &uriPlainBit
	}
	for i := afterScheme; i < len(s); i++ {
		// Most of an href: eight look-ups and one test per eight bytes.
		for ; len(s)-i >= 8; i += 8 {
			w := s[i : i+8]
			if plain[w[0]]&plain[w[1]]&plain[w[2]]&plain[w[3]]&plain[w[4]]&plain[w[5]]&plain[w[6]]&plain[w[7]] == 0 {
				break
			}
		}
		if i == len(s) {
			break
		}
		if len(s)-i < 8 && len(s) >= 8 && !tailSeen {
			// The last bytes, as the word that ends s: when all are
			// plain (those before i too), so is the rest.
			tailSeen = true
			w := s[len(s)-8:]
			if plain[w[0]]&plain[w[1]]&plain[w[2]]&plain[w[3]]&plain[w[4]]&plain[w[5]]&plain[w[6]]&plain[w[7]] != 0 {
				break
			}
		}
		c := s[i]
		if plain[c] != 0 {
			continue
		}
		switch {
		case c == '%':
			if !pct.IsEncoded(s, i) {
				return i
			}
			i += 2
		case c == '#':
			if frag {
				return i
			}
			frag = true
			firstSeg, plain = false, &uriCharBit
		case c == ':' && firstSeg:
			return i
		case c == '/' || c == '?':
			firstSeg, plain = false, &uriCharBit
		case uriChar[c]:
		case (c == '[' || c == ']') && i < authEnd:
		default:
			return i
		}
	}
	return len(s)
}

// appendURI appends to dst the reference s with what RFC 3986 does not
// allow escaped, as URI says; s[:from] needs no escape.
func appendURI(dst []byte, s string, from int) []byte {
	_, authEnd, relPath := uriParts(s)
	frag := strings.IndexByte(s[:from], '#') >= 0
	firstSeg := relPath && strings.IndexAny(s[:from], "/?#") < 0
	dst = append(dst, s[:from]...)
	for i := from; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if pct.IsEncoded(s, i) {
				dst = append(dst, s[i:i+3]...)
				i += 2
				continue
			}
		case c == '#':
			if !frag {
				frag, firstSeg = true, false
				dst = append(dst, c)
				continue
			}
		case c == ':' && firstSeg:
		case c == '/' || c == '?':
			firstSeg = false
			dst = append(dst, c)
			continue
		case uriChar[c], (c == '[' || c == ']') && i < authEnd:
			dst = append(dst, c)
			continue
		}
		dst = pct.Append(dst, c)
	}
	return dst
}
