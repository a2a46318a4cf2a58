package weburl

import (
	"strconv"

	"github.com/relink-go/relink/internal/urlstd"
)

// A URL is a URL record of the WHATWG URL Standard: what a browser makes
// of an href value. Parse and Parser.Parse produce it; it is immutable,
// and safe to share between goroutines.
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
func (u *URL) IsSpecial() bool { return urlstd.SpecialPort(u.Scheme()) != urlstd.NotSpecial }

// Origin returns the ASCII serialization of the URL's origin, "null" for
// an opaque origin.
func (u *URL) Origin() string {
	switch u.Scheme() {
	case "http", "https", "ws", "wss", "ftp":
		return u.href[:u.schemeEnd+3] + u.Host()
	case "blob":
		if v, err := Parse(u.Pathname(), nil); err == nil {
			if s := v.Scheme(); s == "http" || s == "https" {
				return v.Origin()
			}
		}
	}
	return "null"
}

// An Error reports an input that the URL Standard's parser fails on
// ("validation error" with failure, in the standard's words), as
// url.Error and iri.Error do: Err is the cause, without the input.
type Error struct {
	Input string // the input, as given
	Base  string // the base URL's href, or "" when there was no base
	Err   error  // what failed, as "invalid port \"x\""
}

// Error returns "weburl: invalid URL", the quoted input and base, and
// the cause.
func (e *Error) Error() string {
	s := "weburl: invalid URL " + strconv.Quote(e.Input)
	if e.Base != "" {
		s += " (base " + strconv.Quote(e.Base) + ")"
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns the cause, e.Err.
func (e *Error) Unwrap() error { return e.Err }

func isASCIIAlpha(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func isASCIIDigit(c byte) bool { return c >= '0' && c <= '9' }

// isSchemeChar reports whether c may follow the first letter of a scheme:
// an ASCII alphanumeric, "+", "-" or ".".
func isSchemeChar(c byte) bool {
	return isASCIIAlpha(c) || isASCIIDigit(c) || c == '+' || c == '-' || c == '.'
}

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
