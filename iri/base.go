package iri

import "github.com/relink-go/relink/weburl"

// A Base is an absolute IRI parsed once by Converter.ParseBase, to
// resolve references against: a page's URL, a base element's href, the
// --base of a command. It resolves in the mode of the Converter that
// parsed it, and, in Web mode, with that converter's charset. A Base is
// immutable and safe for concurrent use.
type Base struct {
	mode Mode
	text string      // Strict and LEIRI: the base as parsed
	ref  Reference   // Strict and LEIRI: its components
	url  *weburl.URL // Web: the URL record
	web  *weburl.Parser
}

// ParseBase parses s as the base of a resolution in the converter's mode.
// In Strict and LEIRI modes s must be an absolute IRI (a reference with a
// scheme) that the mode accepts; the error is an *Error, wrapping
// ErrNotAbsolute for a relative reference. In Web mode s is parsed by the
// URL Standard's parser, as a browser parses a document's URL, and its
// failure is a *weburl.Error (a reference without a scheme is one).
func (c *Converter) ParseBase(s string) (*Base, error) {
	b := new(Base)
	if err := c.parseBase(s, b); err != nil {
		return nil, err
	}
	return b, nil
}

func (c *Converter) parseBase(s string, b *Base) error {
	b.mode = c.mode
	if c.mode == Web {
		u, err := c.web.Parse(s, nil)
		if err != nil {
			return err
		}
		b.url, b.web, b.text = u, c.web, u.String()
		return nil
	}
	t, err := c.mode.parse(s, &b.ref)
	if err != nil {
		return err
	}
	if !b.ref.IsAbs() {
		return &Error{Op: "parse", Mode: c.mode, Input: s, Offset: -1, Err: ErrNotAbsolute}
	}
	b.text = t
	return nil
}

// Resolve resolves the reference ref against b and returns the target.
//
// In Web mode the target is the href a browser requests for an href ref
// in a document whose base URL is b and whose charset is the converter's
// (the WHATWG URL Standard, as weburl.Parser.Resolve): dot segments
// removed, "\" read as "/", scheme and host in lower case, the default
// port dropped, the query encoded in the charset. Its failure is a
// *weburl.Error.
//
// In Strict and LEIRI modes, ref is parsed in the mode and resolved by
// RFC 3986 section 5.2 (Reference.ResolveReference): on the text, IRI
// characters as they are, nothing decoded or normalized but the removal
// of dot segments. The target is not mapped: use ToURI or ToIRI on it.
// The error is an *Error with Op "resolve".
//
// With base "HTTP://Example.COM:80/a/b" and ref `..\c d?q=é`, a Web
// converter gives "http://example.com/c%20d?q=%C3%A9", a LEIRI converter
// `HTTP://Example.COM:80/a/..\c d?q=é` (a backslash is no separator for
// RFC 3986, and ToURI of that is the URI), and a Strict converter an
// error: the space and the backslash are not IRI characters.
func (b *Base) Resolve(ref string) (string, error) {
	if b.mode == Web {
		return b.web.Resolve(ref, b.url)
	}
	var r Reference
	if _, err := b.mode.parse(ref, &r); err != nil {
		return "", opError("resolve", err)
	}
	return b.ref.ResolveReference(&r).String(), nil
}

// String returns the base as parsed: in Strict and LEIRI modes the text
// given to ParseBase, in Web mode the URL's href.
func (b *Base) String() string { return b.text }

// Resolve resolves ref against the absolute IRI base in LEIRI mode: it is
// ParseBase(base) then Resolve(ref) on the default converter, RFC 3986
// section 5.2 on the text. The error is an *Error with Op "resolve".
func Resolve(ref, base string) (string, error) {
	var b Base
	if err := defaultConverter.parseBase(base, &b); err != nil {
		return "", opError("resolve", err)
	}
	return b.Resolve(ref)
}
