package iri

import (
	"strconv"
	"strings"

	"github.com/relink-go/relink/internal/pct"
)

// A URL is a URL record of the WHATWG URL Standard (https://url.spec.whatwg.org),
// the modern form of the "Web Address processing" of 3987bis section 7.2:
// what a browser makes of an href value. It is produced by
// Converter.ParseURL and is immutable.
//
// The record is kept as its serialization (String, the href) plus the
// offsets of its components, so the accessors do not allocate.
type URL struct {
	href string

	schemeEnd  int // href[:schemeEnd] is the scheme; href[schemeEnd] == ':'
	userEnd    int // username is href[schemeEnd+3:userEnd] when hasHost
	passEnd    int // password is href[userEnd+1:passEnd] when passEnd > userEnd
	hostStart  int
	hostEnd    int
	authEnd    int // port, if any, is href[hostEnd+1:authEnd]
	pathStart  int // authEnd, or authEnd+2 when "/." precedes the path
	queryStart int // index of "?", or -1
	fragStart  int // index of "#", or -1

	hasHost bool
	opaque  bool // the path is opaque (a "cannot-be-a-base" URL)
}

// String returns the URL's href: the URL Standard's URL serializer.
func (u *URL) String() string { return u.href }

// Scheme returns the scheme, in lower case, without ":".
func (u *URL) Scheme() string { return u.href[:u.schemeEnd] }

// Protocol returns the scheme followed by ":", as the URL API does.
func (u *URL) Protocol() string { return u.href[:u.schemeEnd+1] }

// Username returns the percent-encoded username.
func (u *URL) Username() string {
	if !u.hasHost {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.userEnd]
}

// Password returns the percent-encoded password.
func (u *URL) Password() string {
	if u.passEnd <= u.userEnd {
		return ""
	}
	return u.href[u.userEnd+1 : u.passEnd]
}

// Hostname returns the serialized host: a domain, an IPv4 address, an
// IPv6 address in brackets, or an opaque host; "" when the host is empty
// or null.
func (u *URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// HasHost reports whether the host is non-null ("//" follows the scheme).
func (u *URL) HasHost() bool { return u.hasHost }

// Port returns the port, "" when it is absent or the scheme's default.
func (u *URL) Port() string {
	if u.hostEnd < u.authEnd {
		return u.href[u.hostEnd+1 : u.authEnd]
	}
	return ""
}

// Host returns the hostname and, if there is one, ":" and the port.
func (u *URL) Host() string { return u.href[u.hostStart:u.authEnd] }

// Pathname returns the serialized path.
func (u *URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// HasOpaquePath reports whether the path is opaque (as in "mailto:x@y").
func (u *URL) HasOpaquePath() bool { return u.opaque }

func (u *URL) pathEnd() int {
	switch {
	case u.queryStart >= 0:
		return u.queryStart
	case u.fragStart >= 0:
		return u.fragStart
	}
	return len(u.href)
}

// Query returns the query without "?", and whether it is non-null.
func (u *URL) Query() (string, bool) {
	if u.queryStart < 0 {
		return "", false
	}
	end := len(u.href)
	if u.fragStart >= 0 {
		end = u.fragStart
	}
	return u.href[u.queryStart+1 : end], true
}

// Search returns "?" and the query, or "" when the query is null or empty.
func (u *URL) Search() string {
	q, _ := u.Query()
	if q == "" {
		return ""
	}
	return "?" + q
}

// Fragment returns the fragment without "#", and whether it is non-null.
func (u *URL) Fragment() (string, bool) {
	if u.fragStart < 0 {
		return "", false
	}
	return u.href[u.fragStart+1:], true
}

// Hash returns "#" and the fragment, or "" when it is null or empty.
func (u *URL) Hash() string {
	f, _ := u.Fragment()
	if f == "" {
		return ""
	}
	return "#" + f
}

// IsSpecial reports whether the scheme is special (http, https, ws, wss,
// ftp, file).
func (u *URL) IsSpecial() bool { return specialPort(u.Scheme()) != noScheme }

// Origin returns the ASCII serialization of the URL's origin, "null" for
// an opaque origin.
func (u *URL) Origin() string {
	switch u.Scheme() {
	case "http", "https", "ws", "wss", "ftp":
		return u.href[:u.schemeEnd+3] + u.Host()
	case "blob":
		if v, err := ParseURL(u.Pathname(), nil); err == nil {
			if s := v.Scheme(); s == "http" || s == "https" {
				return v.Origin()
			}
		}
	}
	return "null"
}

const noScheme = -2

// specialPort returns the default port of a special scheme, -1 for file
// (which has none), and noScheme for a scheme that is not special.
func specialPort(scheme string) int {
	switch scheme {
	case "http", "ws":
		return 80
	case "https", "wss":
		return 443
	case "ftp":
		return 21
	case "file":
		return -1
	}
	return noScheme
}

// Percent-encode sets of the URL Standard, as bit masks over ASCII; every
// set also contains all bytes >= 0x80 and the C0 controls.
type encodeSet uint8

const (
	setC0 encodeSet = 1 << iota
	setFragment
	setQuery
	setSpecialQuery
	setPath
	setUserinfo
)

var encodeTable = func() (t [128]encodeSet) {
	add := func(s encodeSet, chars string) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= s
		}
	}
	all := setC0 | setFragment | setQuery | setSpecialQuery | setPath | setUserinfo
	for c := 0; c < 0x20; c++ {
		t[c] = all
	}
	t[0x7f] = all
	add(setFragment|setQuery|setSpecialQuery|setPath|setUserinfo, ` "<>`)
	add(setFragment|setPath|setUserinfo, "`")
	add(setQuery|setSpecialQuery|setPath|setUserinfo, "#")
	add(setSpecialQuery, "'")
	add(setPath|setUserinfo, "?^{}")
	add(setUserinfo, "/:;=@[\\]|")
	return t
}()

func inSet(c byte, s encodeSet) bool { return c >= 0x80 || encodeTable[c]&s != 0 }

// appendEncoded appends s with the bytes of set s percent-encoded. Bytes
// >= 0x80 are always encoded: valid UTF-8 as the URL Standard encodes
// code points, invalid bytes as themselves.
func appendEncoded(b []byte, s string, set encodeSet) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; inSet(c, set) {
			b = pct.Append(b, c)
		} else {
			b = append(b, c)
		}
	}
	return b
}

// URLError is the error of a URL that the URL Standard's parser fails on.
type URLError struct {
	Input  string
	Base   string // "" when there was no base
	Reason string
}

func (e *URLError) Error() string {
	s := "iri: invalid URL " + strconv.Quote(e.Input)
	if e.Base != "" {
		s += " (base " + strconv.Quote(e.Base) + ")"
	}
	return s + ": " + e.Reason
}

func trimC0Space(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

func removeTabNewline(s string) string {
	if strings.IndexAny(s, "\t\n\r") < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	return string(b)
}

func isASCIIAlpha(c byte) bool { return isAlpha(c) }
func isASCIIDigit(c byte) bool { return c >= '0' && c <= '9' }

// isWindowsDriveLetter reports whether s is two code points, an ASCII
// alpha and ":" or (unless normalized) "|".
func isWindowsDriveLetter(s string, normalized bool) bool {
	return len(s) == 2 && isASCIIAlpha(s[0]) && (s[1] == ':' || (!normalized && s[1] == '|'))
}

// startsWithWindowsDriveLetter implements the URL Standard's check.
func startsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !isWindowsDriveLetter(s[:2], false) {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

func isSingleDot(s string) bool { return s == "." || len(s) == 3 && strings.EqualFold(s, "%2e") }

func isDoubleDot(s string) bool {
	switch len(s) {
	case 2:
		return s == ".."
	case 4:
		return strings.EqualFold(s, ".%2e") || strings.EqualFold(s, "%2e.")
	case 6:
		return strings.EqualFold(s, "%2e%2e")
	}
	return false
}
