package iri

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/pct"
)

// A Reference is a parsed IRI reference (RFC 3987 section 2.2): an IRI, or a
// relative reference to be resolved against a base.
//
// Every component holds the text exactly as written, percent-encoding
// included: nothing is decoded, so String returns the parsed input
// byte for byte. The Has fields tell an empty component that is present
// ("http://h/?" has an empty query) from an absent one ("http://h/").
type Reference struct {
	Scheme       string // without the ":"; empty for a relative reference
	HasAuthority bool   // the reference has "//" and an authority
	Userinfo     string // without the "@"
	HasUserinfo  bool
	Host         string // an IP literal keeps its brackets
	Port         string // without the ":"
	HasPort      bool
	Path         string
	Query        string // without the "?"
	HasQuery     bool
	Fragment     string // without the "#"
	HasFragment  bool
}

// String reassembles the reference from its components. For a Reference
// returned by Parse in Strict or LEIRI mode, String returns the input.
func (r *Reference) String() string {
	n := len(r.Scheme) + len(r.Userinfo) + len(r.Host) + len(r.Port) +
		len(r.Path) + len(r.Query) + len(r.Fragment) + 7
	var b strings.Builder
	b.Grow(n)
	if r.Scheme != "" {
		b.WriteString(r.Scheme)
		b.WriteByte(':')
	}
	if r.HasAuthority {
		b.WriteString("//")
		if r.HasUserinfo {
			b.WriteString(r.Userinfo)
			b.WriteByte('@')
		}
		b.WriteString(r.Host)
		if r.HasPort {
			b.WriteByte(':')
			b.WriteString(r.Port)
		}
	}
	b.WriteString(r.Path)
	if r.HasQuery {
		b.WriteByte('?')
		b.WriteString(r.Query)
	}
	if r.HasFragment {
		b.WriteByte('#')
		b.WriteString(r.Fragment)
	}
	return b.String()
}

// IsAbs reports whether the reference has a scheme, that is whether it is
// an IRI rather than a relative reference.
func (r *Reference) IsAbs() bool { return r.Scheme != "" }

// Authority returns the authority component as written (userinfo, host and
// port with their delimiters), or "" when there is none.
func (r *Reference) Authority() string {
	if !r.HasAuthority {
		return ""
	}
	s := r.Host
	if r.HasUserinfo {
		s = r.Userinfo + "@" + s
	}
	if r.HasPort {
		s += ":" + r.Port
	}
	return s
}

// Mode selects how liberal parsing is: the mode of a Converter
// (WithMode) and of a canon.Canonicalizer (canon.InMode).
type Mode uint8

const (
	// Strict accepts exactly the IRI-reference production of RFC 3987
	// section 2.2 (draft-duerst-iri-bis): anything else is an error.
	Strict Mode = iota

	// LEIRI accepts Legacy Extended IRIs (3987bis section 7.1): in
	// addition to IRI characters, space, the delimiters < > " { } | \ ^ `,
	// controls, bidi formatting characters, private use characters
	// anywhere, and (for Go strings that are not valid UTF-8) invalid
	// bytes. They are percent-encoded when mapped to a URI. A "%" not
	// followed by two hexadecimal digits is still an error.
	LEIRI

	// Web is the mode of href values in HTML, "Web Address processing"
	// (3987bis section 7.2), whose modern definition is the WHATWG URL
	// Standard. A Converter in Web mode parses a reference that has a
	// scheme with the URL Standard's parser (package weburl): what a browser
	// requests; a relative reference (which has no URL without a base)
	// gets the standard's preprocessing and percent-encode sets and stays
	// relative. Parse in this mode applies the preprocessing of section
	// 7.2 and parses as LEIRI: leading and trailing C0 controls and spaces
	// are removed, tab, CR and LF inside are removed, a "%" not followed
	// by two hex digits becomes "%25", and backslashes before the query
	// become slashes (for relative references and the special schemes
	// http, https, ws, wss, ftp and file). Parse in this mode does not
	// reproduce its input: String returns the preprocessed form, and
	// offsets in errors refer to that form.
	Web
)

var modeNames = [...]string{Strict: "strict", LEIRI: "leiri", Web: "web"}

// String returns the mode's name, as ParseMode reads it: "strict",
// "leiri" or "web".
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "Mode(" + strconv.Itoa(int(m)) + ")"
}

// ParseMode returns the Mode named s: "strict", "leiri" or "web".
func ParseMode(s string) (Mode, error) {
	for m, name := range modeNames {
		if strings.EqualFold(s, name) {
			return Mode(m), nil
		}
	}
	return 0, errors.New("iri: unknown mode " + strconv.Quote(s) + " (want strict, leiri or web)")
}

// Parse parses s as an IRI reference in LEIRI mode. See Converter.Parse.
func Parse(s string) (*Reference, error) { return defaultConverter.Parse(s) }

// Parse parses s as an IRI reference in the converter's mode. The error,
// if any, is an *Error whose Offset is the byte offset of the first
// violation. In Strict and LEIRI modes the Reference holds the text as
// written, so that String returns s; in Web mode it holds the
// preprocessed form (see Web).
func (c *Converter) Parse(s string) (r *Reference, err error) {
	r = new(Reference)
	if err = c.mode.parseRef(s, r); err != nil {
		r = nil
	}
	return r, err
}

// parseRef is parse without its string result. Parse calls it so that
// Parse stays small enough to inline: a caller that does not keep the
// Reference then parses without allocating (iri/canon relies on that).
//
//go:noinline
func (m Mode) parseRef(s string, r *Reference) error {
	_, err := m.parse(s, r)
	return err
}

// parse fills r from s and returns the string the components are
// substrings of: s itself, or in Web mode its preprocessed form. It
// allocates only to report an error, or in Web mode when preprocessing
// changes s.
func (m Mode) parse(s string, r *Reference) (string, error) {
	if m == Web {
		s = webPreprocess(s)
	}
	split(s, r)
	return s, m.validate(s, r)
}

// split breaks s into components without validating them (RFC 3986
// Appendix B, with the authority split as in section 3.2).
func split(s string, r *Reference) {
	*r = Reference{}
	rest := s
	// Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":".
	if len(rest) > 0 && isAlpha(rest[0]) {
		for i := 1; i < len(rest); i++ {
			c := rest[i]
			if c == ':' {
				r.Scheme, rest = rest[:i], rest[i+1:]
				break
			}
			if asciiClass[c]&clsScheme == 0 {
				break
			}
		}
	}
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		r.Fragment, r.HasFragment = rest[i+1:], true
		rest = rest[:i]
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		r.Query, r.HasQuery = rest[i+1:], true
		rest = rest[:i]
	}
	if strings.HasPrefix(rest, "//") {
		r.HasAuthority = true
		rest = rest[2:]
		end := strings.IndexByte(rest, '/')
		if end < 0 {
			end = len(rest)
		}
		splitAuthority(rest[:end], r)
		rest = rest[end:]
	}
	r.Path = rest
}

func splitAuthority(a string, r *Reference) {
	if i := strings.LastIndexByte(a, '@'); i >= 0 {
		r.Userinfo, r.HasUserinfo = a[:i], true
		a = a[i+1:]
	}
	if strings.HasPrefix(a, "[") {
		if i := strings.IndexByte(a, ']'); i >= 0 {
			r.Host = a[:i+1]
			if rest := a[i+1:]; strings.HasPrefix(rest, ":") {
				r.Port, r.HasPort = rest[1:], true
			} else if rest != "" {
				// Garbage after the literal: keep it in Host so that
				// String stays lossless; validate reports it.
				r.Host = a
			}
			return
		}
	}
	if i := strings.LastIndexByte(a, ':'); i >= 0 {
		r.Host, r.Port, r.HasPort = a[:i], a[i+1:], true
		return
	}
	r.Host = a
}

func isAlpha(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }

// Offsets of the components within the string they were split from.
func (r *Reference) offsets() (user, host, port, path, query, frag int) {
	o := 0
	if r.Scheme != "" {
		o = len(r.Scheme) + 1
	}
	if r.HasAuthority {
		o += 2
		user = o
		if r.HasUserinfo {
			o += len(r.Userinfo) + 1
		}
		host = o
		o += len(r.Host)
		if r.HasPort {
			o++
		}
		port = o
		o += len(r.Port)
	}
	path = o
	o += len(r.Path)
	if r.HasQuery {
		o++
	}
	query = o
	o += len(r.Query)
	if r.HasFragment {
		o++
	}
	frag = o
	return
}

func (m Mode) validate(s string, r *Reference) error {
	err := m.validateChars(s, r)
	if r.Scheme == "" && !r.HasAuthority {
		// A relative reference: a colon in the first segment would make it
		// look like a scheme (ipath-noscheme). Report the first violation.
		_, _, _, path, _, _ := r.offsets()
		seg := r.Path
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if i := strings.IndexByte(seg, ':'); i >= 0 {
			if e, ok := err.(*Error); !ok || e.Offset > path+i {
				return m.errorf(s, path+i, ErrColonInFirstSegment)
			}
		}
	}
	return err
}

// validateChars checks every component but the ipath-noscheme rule.
func (m Mode) validateChars(s string, r *Reference) error {
	user, host, port, path, query, frag := r.offsets()
	if r.HasAuthority {
		if r.HasUserinfo {
			if err := m.checkChars(s, user, r.Userinfo, compUserinfo); err != nil {
				return err
			}
		}
		if err := m.checkHost(s, host, r.Host); err != nil {
			return err
		}
		for i := 0; i < len(r.Port); i++ {
			if c := r.Port[i]; c < '0' || c > '9' {
				return m.errorf(s, port+i, ErrInvalidPort)
			}
		}
	} else if strings.HasPrefix(r.Path, "//") {
		// Only reachable when the authority was not split, which cannot
		// happen; kept as a guard for the grammar's ipath-absolute rule.
		return m.errorf(s, path, ErrInvalidPath)
	}
	if err := m.checkChars(s, path, r.Path, compPath); err != nil {
		return err
	}
	if r.HasQuery {
		if err := m.checkChars(s, query, r.Query, compQuery); err != nil {
			return err
		}
	}
	if r.HasFragment {
		// ifragment also allows "#" (3987bis), which a URI does not: the
		// mapping to a URI encodes it.
		if err := m.checkChars(s, frag, r.Fragment, compFragment); err != nil {
			return err
		}
	}
	return nil
}

func (m Mode) checkHost(s string, off int, h string) error {
	if strings.HasPrefix(h, "[") {
		if !strings.HasSuffix(h, "]") || !validIPLiteral(h[1:len(h)-1]) {
			return m.errorf(s, off, ErrInvalidIPLiteral)
		}
		return nil
	}
	return m.checkChars(s, off, h, compHost)
}

// checkChars validates the characters of one component starting at byte
// offset off of s.
func (m Mode) checkChars(s string, off int, c string, comp component) error {
	allowed := &allowedTable[comp]
	for i := 0; i < len(c); {
		b := c[i]
		if allowed[b] {
			i++
			continue
		}
		if b < utf8.RuneSelf {
			switch {
			case b == '%':
				if !pct.IsEncoded(c, i) {
					return m.errorf(s, off+i, ErrInvalidPercent)
				}
				i += 3
				continue
			case allowedASCII(b, comp):
			case comp == compFragment && b == '#':
			case comp == compHost && (b == '[' || b == ']' || b == '/' || b == '?' || b == '#' || b == '@'):
				return m.errorf(s, off+i, ErrInvalidHost)
			case m != Strict && asciiClass[b]&clsLEIRI != 0:
			case m == Web && (b == '[' || b == ']'):
			default:
				return m.errorf(s, off+i, ErrInvalidChar)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(c[i:])
		if m == Strict {
			switch {
			case r == utf8.RuneError && n == 1:
				return m.errorf(s, off+i, ErrInvalidUTF8)
			case isUcschar(r) && !isBidiFormat(r):
			case comp == compQuery && isIprivate(r):
			default:
				return m.errorf(s, off+i, ErrInvalidChar)
			}
		}
		i += n
	}
	return nil
}

// Sentinel errors wrapped by *Error; test with errors.Is.
var (
	ErrInvalidChar         = errors.New("character not allowed here")
	ErrInvalidUTF8         = errors.New("invalid UTF-8")
	ErrInvalidPercent      = errors.New(`"%" not followed by two hexadecimal digits`)
	ErrInvalidPort         = errors.New("invalid port")
	ErrInvalidHost         = errors.New("invalid character in host")
	ErrInvalidIPLiteral    = errors.New("invalid IP literal")
	ErrInvalidPath         = errors.New("invalid path")
	ErrColonInFirstSegment = errors.New(`":" in the first segment of a relative reference`)
	ErrIDNA                = errors.New("IDNA conversion failed")
	ErrNotAbsolute         = errors.New("not an absolute IRI (it has no scheme)")
)

// Error reports a failure to parse or convert an IRI reference.
type Error struct {
	Op     string // "parse", "touri", "toiri", "resolve", "normalize", ...
	Mode   Mode
	Input  string
	Offset int // byte offset of the problem in Input, or -1
	Err    error
}

// Error returns "iri: ", the operation, the quoted input, the offset when
// there is one, and the reason.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("iri: ")
	b.WriteString(e.Op)
	b.WriteByte(' ')
	b.WriteString(strconv.Quote(e.Input))
	if e.Offset >= 0 {
		b.WriteString(": at offset ")
		b.WriteString(strconv.Itoa(e.Offset))
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns Err, so that errors.Is finds the sentinel error it is or
// wraps (ErrInvalidChar, ErrIDNA, ErrLevel...).
func (e *Error) Unwrap() error { return e.Err }

func (m Mode) errorf(s string, off int, err error) error {
	return &Error{Op: "parse", Mode: m, Input: s, Offset: off, Err: err}
}
