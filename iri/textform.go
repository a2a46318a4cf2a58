package iri

import (
	"strings"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/linkprop"
	"github.com/relink-go/relink/internal/pct"
)

// This file implements the minimal escaping of Unicode Technical Standard
// #58, "Unicode Link Detection and Formatting: URLs and Email Addresses"
// (version 17.0): the form of a link to write in plain text so that people
// can read it and a UTS #58 link detector finds all of it and nothing
// more. The detector scans the path, query and fragment character by
// character with the Link_Term property (package linkprop): Hard ends the
// link, Soft is taken only when something that is not Soft follows, and a
// Close bracket only when it pairs with the last unclosed Open bracket,
// the stack of open brackets being cleared at each "/" of the path, each
// "&" and "=" of the query and each ":~:" of the fragment. Minimal escaping
// percent-encodes exactly the characters that would make the detector stop
// early, and nothing else.

// TextForm returns the form of the URI or IRI reference s to show in
// running text: the minimally escaped form of UTS #58. It is meant for
// fully escaped input such as "https://example.com/%CE%B1%CE%B2" (which
// becomes "https://example.com/αβ") but accepts any LEIRI.
//
// The scheme and authority are copied as written (use ToIRI first to show
// an internationalized host name in Unicode), except that a character of
// the userinfo that is not appropriate for display (as below) is
// percent-encoded. The path, split at "/", the
// query, split at "&" and "=", and the fragment are rewritten in two steps.
//
// First, percent-encoding is decoded where that is safe:
//
//   - a run of "%XX" that is valid UTF-8 becomes the characters it
//     encodes when they are appropriate for display in the component (as
//     in ToIRI): bidi formatting characters, white space, format
//     characters (ZWJ and ZWNJ too), unassigned code points, private use
//     characters outside the query and look-alikes of URI syntax stay
//     encoded, as do bytes that are not UTF-8;
//   - "%XX" for an ASCII character is decoded when the character is
//     unreserved ("%7E" becomes "~") or one that a URI cannot hold
//     unencoded (`"`, "<", ">", "{", "}", "|", "^", "`"; space and controls
//     are encoded again in the second step). "%25", "%5C" (which browsers
//     would read as "/") and the reserved characters
//     (":/?#[]@!$&'()*+,;=") stay as written, since decoding them can
//     change what the reference means (RFC 3986 section 2.2); so does a
//     path segment that would decode to "." or "..".
//
// Second, UTS #58 minimal escaping: a character whose Link_Term is Hard
// (space, controls) is percent-encoded; a closing bracket that does not
// pair with the last unclosed opening bracket of its path segment, query
// key or value, or fragment is percent-encoded ("#a(b))" becomes
// "#a(b)%29"); and when the text ends with a Soft character (sentence
// punctuation such as . , : ; ? ! ' " and its counterparts in other
// scripts), that last character is percent-encoded ("/a." becomes
// "/a%2E").
//
// A "%" not followed by two hexadecimal digits in the path, query or
// fragment is kept as it is, as UTS #58 does, although LEIRI parsing
// rejects it. Anything else that LEIRI parsing rejects is an error, an
// *Error with Op "textform".
//
// The result is a LEIRI whenever s is one, and mapping it back with ToURI
// gives ToURI(s) up to the case of hexadecimal digits and the encoding of
// unreserved characters, with one exception that UTS #58 makes: a closing
// bracket or a final Soft character that s has unencoded but that would
// end the link early comes back percent-encoded, "a(b))" as "a(b)%29" and
// "/Hello!" as "/Hello%21". RFC 3986 does not count these as equivalent,
// but without the escape a reader of the text would get a shorter link.
func TextForm(s string) (string, error) { return defaultConverter.TextForm(s) }

// TextForm is the package's TextForm, except that with a legacy document
// charset (WithCharset) the query of a reference whose query uses that
// charset stays as written: its escapes are bytes in that charset, and
// decoding them as UTF-8 would change the URL a browser requests. Only
// the UTS #58 escapes of its delimiters, brackets and final Soft character
// apply there.
func (c *Converter) TextForm(s string) (string, error) {
	var r Reference
	if err := parseText(s, &r); err != nil {
		return "", err
	}
	user, host, _, path, _, _ := r.offsets()
	w := textWriter{b: make([]byte, 0, len(s)+8), soft: -1}
	if r.HasUserinfo {
		w.b = append(w.b, s[:user]...)
		w.b = appendShownRaw(w.b, r.Userinfo, compUserinfo)
		w.b = append(w.b, s[host-1:path]...)
	} else {
		w.b = append(w.b, s[:path]...)
	}
	for i, seg := range strings.Split(r.Path, "/") {
		if i > 0 {
			w.sep('/')
		}
		w.decoded(seg, compPath, isDotSegment(seg))
	}
	if r.HasQuery && c.charset != nil && queryUsesCharset(r.Scheme, c.mode) {
		w.sep('?')
		w.undecoded(r.Query, compQuery)
	} else if r.HasQuery {
		w.sep('?')
		for i, param := range strings.Split(r.Query, "&") {
			if i > 0 {
				w.sep('&')
			}
			for j, v := range strings.Split(param, "=") {
				if j > 0 {
					w.sep('=')
				}
				w.decoded(v, compQuery, false)
			}
		}
	}
	if r.HasFragment {
		w.sep('#')
		for i, d := range strings.Split(r.Fragment, fragmentDirective) {
			if i > 0 {
				w.directive()
			}
			w.decoded(d, compFragment, false)
		}
	}
	return string(w.finish()), nil
}

// appendShownRaw appends s, text of component comp, with its escapes and
// ASCII as written and each other character that is not appropriate for
// display there (showAt) percent-encoded.
func appendShownRaw(b []byte, s string, comp component) []byte {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			b = append(b, s[i])
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !showAt(r, comp, s, i, i+n) {
			for k := i; k < i+n; k++ {
				b = pct.Append(b, s[k])
			}
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return b
}

// fragmentDirective separates the directives of a fragment
// ("#section:~:text=word"); the bracket stack is cleared after it.
const fragmentDirective = ":~:"

// parseText parses s as a LEIRI reference, except that a "%" not followed
// by two hex digits is allowed in the path, query and fragment.
func parseText(s string, r *Reference) error {
	v := s
	if i := lonePercent(s, 0); i >= 0 {
		// Validate a copy in which each lone "%" is "!", which is allowed
		// wherever "%" is and, like "%", is no delimiter: the split is the
		// same and error offsets stay right.
		b := []byte(s)
		for ; i >= 0; i = lonePercent(s, i+1) {
			b[i] = '!'
		}
		v = string(b)
	}
	if _, err := LEIRI.parse(v, r); err != nil {
		if e, ok := err.(*Error); ok {
			e.Op, e.Input = "textform", s
		}
		return err
	}
	split(s, r)
	if _, _, _, path, _, _ := r.offsets(); v != s {
		if i := lonePercent(s, 0); i >= 0 && i < path {
			return &Error{Op: "textform", Mode: LEIRI, Input: s, Offset: i, Err: ErrInvalidPercent}
		}
	}
	return nil
}

// lonePercent returns the index of the first "%" at or after i in s that
// is not followed by two hex digits, or -1.
func lonePercent(s string, i int) int {
	for ; i < len(s); i++ {
		if s[i] == '%' && !pct.IsEncoded(s, i) {
			return i
		}
	}
	return -1
}

// isDotSegment reports whether the path segment seg, written with
// percent-encoding, decodes to "." or "..". Such a segment keeps its
// encoding so that no dot segment appears.
func isDotSegment(seg string) bool {
	if len(seg) > 6 || strings.IndexByte(seg, '%') < 0 {
		return false
	}
	n := 0
	for i := 0; i < len(seg); i++ {
		switch {
		case seg[i] == '.':
		case pct.IsEncoded(seg, i) && seg[i+1] == '2' && (seg[i+2] == 'E' || seg[i+2] == 'e'):
			i += 2
		default:
			return false
		}
		n++
	}
	return n == 1 || n == 2
}

// textDecodes reports whether TextForm decodes "%XX" for the ASCII
// character c.
func textDecodes(c byte) bool {
	switch {
	case asciiClass[c]&clsUnreserved != 0:
		return true
	case c == '\\':
		return false // the URL Standard reads it as "/" in http(s) paths
	}
	return asciiClass[c]&clsLEIRI != 0
}

// A textWriter builds the minimally escaped form of a path, query and
// fragment, unit by unit: a character to show, a delimiter, or text that
// stays percent-encoded.
type textWriter struct {
	b     []byte
	open  []rune // opening brackets not yet closed since the last delimiter
	soft  int    // offset in b of the last unit if it is a shown Soft character, else -1
	comp  component
	extra func(c byte) bool // ASCII that the component's syntax requires encoded (TextParts)
}

// sep writes a delimiter of the URL syntax: "/", "?", "&", "=" or "#".
func (w *textWriter) sep(c byte) {
	w.b = append(w.b, c)
	w.open = w.open[:0]
	w.soft = -1
}

// directive writes the fragment directive delimiter ":~:". Its colons are
// Soft: the last one is encoded by finish if the fragment ends there.
func (w *textWriter) directive() {
	w.char(':')
	w.char('~')
	w.char(':')
	w.open = w.open[:0]
}

// encoded writes text that stays percent-encoded.
func (w *textWriter) encoded(s string) {
	w.b = append(w.b, s...)
	w.soft = -1
}

// char writes the ASCII character r of the decoded text of component
// w.comp: as itself, or percent-encoded when UTS #58 minimal escaping
// requires it.
func (w *textWriter) char(r rune) { w.show(r) }

// charAt writes the character r, found at s[i:j] (raw or as escapes):
// as char does, or percent-encoded as UTF-8 when it is not appropriate
// for display there (showAt).
func (w *textWriter) charAt(r rune, s string, i, j int) {
	if r >= utf8.RuneSelf && !showAt(r, w.comp, s, i, j) {
		w.pct(r)
		return
	}
	w.show(r)
}

// show is char for a character known to be appropriate for display.
func (w *textWriter) show(r rune) {
	switch linkprop.TermOf(r) {
	case linkprop.Hard:
		w.pct(r)
		return
	case linkprop.Soft:
		w.soft = len(w.b)
		w.b = utf8.AppendRune(w.b, r)
		return
	case linkprop.Open:
		w.open = append(w.open, r)
	case linkprop.Close:
		o, _ := linkprop.Bracket(r)
		n := len(w.open)
		if n == 0 || w.open[n-1] != o {
			// The detector would stop here. The stack stays as it is:
			// the detector reads the escape as an ordinary character.
			w.pct(r)
			return
		}
		w.open = w.open[:n-1]
	}
	w.b = utf8.AppendRune(w.b, r)
	w.soft = -1
}

// undecoded writes s, text of component comp, keeping its escapes as
// written; its other characters are written as char does.
func (w *textWriter) undecoded(s string, comp component) {
	w.comp = comp
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case pct.IsEncoded(s, i):
			w.encoded(s[i : i+3])
			i += 3
		case c == '&' || c == '=':
			w.sep(c)
			i++
		case c < utf8.RuneSelf:
			w.char(rune(c))
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				w.pctByte(c)
			} else {
				w.charAt(r, s, i, i+n)
			}
			i += n
		}
	}
}

// pctByte writes the byte c percent-encoded.
func (w *textWriter) pctByte(c byte) {
	w.b = pct.Append(w.b, c)
	w.soft = -1
}

func (w *textWriter) pct(r rune) {
	var buf [utf8.UTFMax]byte
	for _, c := range buf[:utf8.EncodeRune(buf[:], r)] {
		w.b = pct.Append(w.b, c)
	}
	w.soft = -1
}

// finish percent-encodes a final Soft character and returns the result.
func (w *textWriter) finish() []byte {
	if w.soft >= 0 {
		r, _ := utf8.DecodeRune(w.b[w.soft:])
		w.b = w.b[:w.soft]
		w.pct(r)
	}
	return w.b
}

// decoded writes the text s, one piece of component comp as written in a
// reference (a path segment, a query key or value, or a fragment
// directive), decoding its percent-encoding as TextForm describes. With
// keepDots, "%2E" stays encoded.
func (w *textWriter) decoded(s string, comp component, keepDots bool) {
	w.comp = comp
	var buf [64]byte
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '%' && pct.IsEncoded(s, i):
			oct, j := appendUnescaped(buf[:0], s, i)
			w.decodedOctets(s, i, j, oct, keepDots)
			i = j
		case c < utf8.RuneSelf:
			w.char(rune(c)) // a lone "%" is Include: it stays
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				w.pctByte(c)
			} else {
				w.charAt(r, s, i, i+n)
			}
			i += n
		}
	}
}

// decodedOctets writes a run of escapes s[start:end] of the text s: oct
// are the octets they encode.
func (w *textWriter) decodedOctets(s string, start, end int, oct []byte, keepDots bool) {
	orig := s[start:end]
	for k := 0; k < len(oct); {
		o := oct[k]
		if o < utf8.RuneSelf {
			if textDecodes(o) && !(keepDots && o == '.') {
				w.char(rune(o))
			} else {
				w.encoded(orig[3*k : 3*k+3])
			}
			k++
			continue
		}
		r, n := utf8.DecodeRune(oct[k:])
		if r == utf8.RuneError && n <= 1 {
			w.encoded(orig[3*k : 3*k+3])
			k++
			continue
		}
		if showAt(r, w.comp, s, start+3*k, start+3*(k+n)) {
			w.show(r)
		} else {
			w.encoded(orig[3*k : 3*(k+n)])
		}
		k += n
	}
}

// TextParts is a URL given as its parts, with the path, query and fragment
// as decoded text, to be written in its UTS #58 minimally escaped form by
// Format. It serves where a string cannot say what is meant: a path
// segment that holds a "/", a query key that holds a "=" or "&".
//
// TextParts describes hierarchical URLs: a prefix, then a path whose every
// segment follows a "/", then the query and fragment.
type TextParts struct {
	// Prefix is written first, as it is: typically the scheme, "//" and
	// the host, as in "https://example.com".
	Prefix string

	// Path holds the path segments, decoded. Each is written after a "/":
	// {"a", "b"} is "/a/b", {""} is "/", {"a", ""} is "/a/", and an empty
	// Path is no path.
	Path []string

	// Query holds the parameters of the query, decoded. The query is
	// written when Query is not empty or HasQuery is set, which gives a
	// "?" with an empty query.
	Query    []TextParam
	HasQuery bool

	// Fragment is the fragment, decoded. It is written when it is not
	// empty or HasFragment is set.
	Fragment    string
	HasFragment bool
}

// TextParam is one parameter of a query: Key, and "=" and Value when
// HasValue is set or Value is not empty.
type TextParam struct {
	Key, Value string
	HasValue   bool
}

// Format returns the URL p describes in its UTS #58 minimally escaped form.
//
// Each path segment, query key and value, and the fragment is written as
// its characters, except that these are percent-encoded as UTF-8:
//
//   - characters that would be read as URL syntax: "/", "?" and "#" in a
//     path segment; "&", "=", "#" and "+" (which a form decoder reads as a
//     space) in a query key or value; "%" when two hexadecimal digits
//     follow it; and "\", which browsers read as "/";
//   - characters not appropriate for display (as in ToIRI: bidi
//     formatting characters, white space, format characters, unassigned
//     code points, look-alikes of URL syntax), and
//     the bytes of invalid UTF-8;
//   - what UTS #58 minimal escaping encodes: characters whose Link_Term is
//     Hard, closing brackets that do not pair with the last unclosed
//     opening bracket of their segment, key, value or fragment, and the
//     last character of the result when it is Soft.
//
// Format does not check Prefix. A "%" that no two hexadecimal digits
// follow is written as itself, as UTS #58 does, which a LEIRI parser
// rejects; TextForm keeps such a "%" encoded when its input has "%25".
func (p *TextParts) Format() string {
	w := textWriter{soft: -1}
	w.b = append(w.b, p.Prefix...)
	for _, seg := range p.Path {
		w.sep('/')
		w.comp, w.extra = compPath, pathSyntax
		w.text(seg)
	}
	if len(p.Query) > 0 || p.HasQuery {
		w.sep('?')
		w.comp, w.extra = compQuery, querySyntax
		for i, q := range p.Query {
			if i > 0 {
				w.sep('&')
			}
			w.text(q.Key)
			if q.HasValue || q.Value != "" {
				w.sep('=')
				w.text(q.Value)
			}
		}
	}
	if p.Fragment != "" || p.HasFragment {
		w.sep('#')
		w.comp, w.extra = compFragment, nil
		for i, d := range strings.Split(p.Fragment, fragmentDirective) {
			if i > 0 {
				w.directive()
			}
			w.text(d)
		}
	}
	return string(w.finish())
}

func pathSyntax(c byte) bool  { return c == '/' || c == '?' || c == '#' }
func querySyntax(c byte) bool { return c == '&' || c == '=' || c == '#' || c == '+' }

// text writes the decoded text s of component w.comp.
func (w *textWriter) text(s string) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c == '\\' || c == '%' && isHexPair(s, i+1) || w.extra != nil && w.extra(c) {
				w.pctByte(c)
			} else {
				w.char(rune(c))
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			w.pctByte(c)
		} else {
			w.charAt(r, s, i, i+n)
		}
		i += n
	}
}

// isHexPair reports whether s[i:] starts with two hexadecimal digits.
func isHexPair(s string, i int) bool {
	return i+1 < len(s) && pct.IsHex(s[i]) && pct.IsHex(s[i+1])
}
