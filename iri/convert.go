package iri

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/urlstd"
	"github.com/relink-go/relink/internal/webenc"
	"github.com/relink-go/relink/weburl"
)

// A Converter parses, maps, resolves, compares and checks IRI references
// in one mode (WithMode) and for one document charset (WithCharset). Its
// configuration, set by options, is fixed at creation: a Converter is
// immutable and safe for concurrent use.
type Converter struct {
	mode     Mode
	charset  encoding.Encoding // document charset for queries; nil = UTF-8
	charName string            // its WHATWG name
	web      *weburl.Parser    // the URL Standard's parser in that charset
}

// An Option configures a Converter; NewConverter applies the options in
// order, a later one overriding an earlier one.
type Option func(*Converter)

// WithMode sets how liberal parsing is (default LEIRI): see Mode.
func WithMode(m Mode) Option { return func(c *Converter) { c.mode = m } }

// WithCharset sets the document charset: the query of an http or https
// reference (and, in Web mode, ftp and file) is encoded in it before
// percent-encoding, as 3987bis section 3.5 and browsers do. A character the
// charset cannot encode becomes the percent-encoded numeric character
// reference "%26%23NNNN%3B". UTF-8, UTF-16 and the "replacement" encoding
// leave queries in UTF-8; nil means UTF-8. An encoding with a name in the
// WHATWG Encoding Standard (htmlindex.Name knows it) encodes as the
// standard's encoder does, whatever its implementation: windows-1252
// encodes U+0081 as 0x81, Shift_JIS U+2212 as 0x81 0x7C.
func WithCharset(e encoding.Encoding) Option {
	return func(c *Converter) { c.charset, c.charName = webenc.QueryEncoding(e) }
}

// WithCharsetLabel sets the document charset by a label of the WHATWG
// Encoding Standard ("utf-8", "latin1", "shift_jis") or by a Content-Type
// value whose charset parameter is one ("text/html; charset=euc-jp"), as
// package extract reads Options.Charset. A label the standard does not
// know means UTF-8, as a browser ignores it; Charset tells which encoding
// is in use. See WithCharset.
func WithCharsetLabel(label string) Option {
	e, _ := webenc.LookupHint(label)
	return WithCharset(e)
}

// NewConverter returns a Converter configured by opts. Without options it
// works in LEIRI mode with UTF-8 queries, as the package-level functions
// do.
func NewConverter(opts ...Option) *Converter {
	c := &Converter{mode: LEIRI}
	for _, o := range opts {
		o(c)
	}
	c.web = weburl.NewParser(c.charset)
	return c
}

// Mode returns the converter's mode.
func (c *Converter) Mode() Mode { return c.mode }

// Charset returns the name in the WHATWG Encoding Standard of the
// encoding the converter encodes queries in: "utf-8" unless WithCharset
// or WithCharsetLabel set a legacy charset ("windows-1252", "shift_jis";
// a UTF-16 document's queries are UTF-8 too), or "" for an encoding that
// the standard does not name.
func (c *Converter) Charset() string {
	if c.charset == nil {
		return "utf-8"
	}
	return c.charName
}

var defaultConverter = NewConverter()

// ToURI maps the IRI reference s to a URI reference with a LEIRI-mode,
// UTF-8 Converter. See Converter.ToURI.
func ToURI(s string) (string, error) { return defaultConverter.ToURI(s) }

// ToIRI maps the URI reference s to its display IRI with a LEIRI-mode,
// UTF-8 Converter. See Converter.ToIRI.
func ToIRI(s string) (string, error) { return defaultConverter.ToIRI(s) }

// ToURI maps the IRI reference s to a URI reference (3987bis sections
// 3.3 to 3.6), component by component:
//
//   - every character not allowed in the component of a URI is
//     percent-encoded as UTF-8 with uppercase hex; existing "%XX" are kept
//     as written, and the delimiters stay; a byte of s that is not valid
//     UTF-8 is percent-encoded as itself, so no input is lost;
//   - a host with non-ASCII characters, written raw or percent-encoded as
//     UTF-8 ("r%C3%A9sum%C3%A9.example.org"), goes through IDNA ToASCII
//     when the scheme uses DNS names (http, https, ftp, ... and relative
//     references); the host of other schemes is percent-encoded; IP
//     literals are left alone;
//   - the query of http and https references is encoded in the
//     converter's charset (WithCharset);
//   - a "#" inside the fragment (which 3987bis allows) becomes "%23".
//
// In Web mode, a reference with a scheme is parsed with the URL Standard's
// parser instead (package weburl) and ToURI returns its href, or fails where
// the standard fails; a relative reference, which has no URL without a
// base, gets the standard's preprocessing and percent-encode sets, and
// stays relative: resolved against any base, it gives the URL the
// reference as written gives.
//
// ToURI is idempotent and returns a valid URI reference unchanged (an
// ASCII host is never altered; only a percent-encoded UTF-8 host changes,
// to its A-label form). It fails when s is not acceptable in the
// converter's mode or when IDNA rejects the host; the error is an *Error,
// or in Web mode, where the URL Standard's parser fails, a *weburl.Error.
// When s needs no change, ToURI returns s itself without allocating.
func (c *Converter) ToURI(s string) (string, error) {
	if c.mode == Web {
		if href, ok, err := c.webHref(s); ok {
			return href, err
		}
		return c.webRelative(s)
	}
	var r Reference
	in := s
	s, err := c.mode.parse(s, &r)
	if err != nil {
		return "", opError("touri", err)
	}
	if c.uriClean(&r) {
		return s, nil
	}
	b := make([]byte, 0, len(s)+len(s)/2+8)
	if r.Scheme != "" {
		b = append(b, r.Scheme...)
		b = append(b, ':')
	}
	if r.HasAuthority {
		b = append(b, "//"...)
		if r.HasUserinfo {
			b = appendURIComponent(b, r.Userinfo, compUserinfo)
			b = append(b, '@')
		}
		b, err = appendURIHost(b, r.Host, r.Scheme)
		if err != nil {
			return "", &Error{Op: "touri", Mode: c.mode, Input: in, Offset: -1, Err: err}
		}
		if r.HasPort {
			b = append(b, ':')
			b = append(b, r.Port...)
		}
	}
	b = appendURIComponent(b, r.Path, compPath)
	if r.HasQuery {
		b = append(b, '?')
		if c.charset != nil && queryUsesCharset(r.Scheme, c.mode) {
			b = appendLegacyQuery(b, r.Query, c.charset, c.charName)
		} else {
			b = appendURIComponent(b, r.Query, compQuery)
		}
	}
	if r.HasFragment {
		b = append(b, '#')
		b = appendURIComponent(b, r.Fragment, compFragment)
	}
	return string(b), nil
}

// webHref parses s with the URL Standard's parser when s has a scheme:
// ok is false for a relative reference, which has no URL without a base.
func (c *Converter) webHref(s string) (href string, ok bool, err error) {
	if !hasScheme(urlstd.TrimC0Space(s)) {
		return "", false, nil
	}
	href, err = c.web.Resolve(s, nil)
	return href, true, err
}

// hasScheme reports whether s starts with a scheme and ":", ignoring tabs
// and newlines as the URL Standard does.
func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\t' || c == '\n' || c == '\r':
		case c == ':':
			return i > 0
		case isAlpha(c):
		case asciiClass[c]&clsScheme != 0 && i > 0:
		default:
			return false
		}
	}
	return false
}

// uriClean reports whether every component of r is already as ToURI
// would write it.
func (c *Converter) uriClean(r *Reference) bool {
	if r.HasUserinfo && !uriCleanComponent(r.Userinfo, compUserinfo) {
		return false
	}
	if r.HasAuthority && !strings.HasPrefix(r.Host, "[") {
		for i := 0; i < len(r.Host); i++ {
			if c := r.Host[i]; c == '%' || c >= utf8.RuneSelf || !allowedASCII(c, compHost) {
				return false
			}
		}
	}
	return uriCleanComponent(r.Path, compPath) &&
		uriCleanComponent(r.Query, compQuery) &&
		uriCleanComponent(r.Fragment, compFragment)
}

func uriCleanComponent(s string, comp component) bool {
	allowed := &allowedTable[comp]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if allowed[c] {
			continue
		}
		if c == '%' {
			if !pct.IsEncoded(s, i) {
				return false
			}
			i += 2
			continue
		}
		return false
	}
	return true
}

// appendURIComponent appends s to b with every character that comp does
// not allow percent-encoded as UTF-8; valid "%XX" are copied, and each
// byte that is not valid UTF-8 is encoded as itself.
func appendURIComponent(b []byte, s string, comp component) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if allowedASCII(c, comp) || pct.IsEncoded(s, i) {
				b = append(b, c)
			} else {
				b = pct.Append(b, c)
			}
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		for k := 0; k < n; k++ {
			b = pct.Append(b, s[i+k])
		}
		i += n
	}
	return b
}

// appendURIHost appends the URI form of the host h of a reference with
// the given scheme.
func appendURIHost(b []byte, h, scheme string) ([]byte, error) {
	if strings.HasPrefix(h, "[") {
		return append(b, h...), nil
	}
	// Decode percent-encoding to see the host's characters
	// (draft-ietf-idn-uri: a percent-encoded UTF-8 host is an IDN).
	dec, nonASCII := pct.Decode(h)
	if !nonASCII || !utf8.ValidString(dec) || !isDNSScheme(scheme) {
		return appendURIComponent(b, h, compHost), nil
	}
	a, err := hostToASCII(dec)
	if err != nil {
		return nil, &hostError{host: h, err: err}
	}
	return append(b, a...), nil
}

type hostError struct {
	host string
	err  error
}

func (e *hostError) Error() string {
	return "host " + strconv.Quote(e.host) + ": " + ErrIDNA.Error() + ": " + e.err.Error()
}

func (e *hostError) Unwrap() []error { return []error{ErrIDNA, e.err} }

// appendLegacyQuery appends the URI form of the query q for a document in
// charset e (WHATWG name name): runs of non-ASCII characters are encoded
// in e and percent-encoded; a character e cannot encode becomes
// "%26%23NNNN%3B"; ASCII is treated as in appendURIComponent.
func appendLegacyQuery(b []byte, q string, e encoding.Encoding, name string) []byte {
	return webenc.AppendQuery(b, q, e, name,
		func(q string, i int) bool { return allowedASCII(q[i], compQuery) || pct.IsEncoded(q, i) },
		func(c byte) bool { return c < utf8.RuneSelf && allowedASCII(c, compQuery) })
}

func opError(op string, err error) error {
	if e, ok := err.(*Error); ok {
		e.Op = op
	}
	return err
}
