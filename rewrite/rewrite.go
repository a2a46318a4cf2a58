// Package rewrite rewrites the links of HTML and plain-text documents as
// they stream through, and copies every other byte unchanged.
//
// The links are those package extract finds. Each is written anew in the
// form Options asks for — a URI (ASCII: punycode hosts, UTF-8
// percent-encoding, the query in the document's charset) or a display IRI
// — and made absolute, relative to the document's base, or kept as
// written. The new value is written in the document's own syntax: HTML
// character references where an attribute needs them, CSS escapes in
// url(), the attribute's quotes kept, and the document's charset, with
// numeric character references (3987bis section 6.3) for characters it
// cannot hold in HTML and percent-encoding elsewhere.
//
// The rewriting keeps what a browser requests: a rewritten document, opened
// by a browser, requests the same URLs as the original, up to the case of
// percent-encoding hex digits and percent-encoded unreserved characters
// (RFC 3986 section 6.2.2). A link the URL Standard's parser rejects is
// left as it is.
//
// NewHTML rewrites HTML; NewText rewrites plain text (mail, notes, logs)
// the same way, in the text's own charset, with each new value checked to
// be found again as the same link.
//
// NewLinkify is the other direction for plain text: it turns text (mail,
// chat, logs) into an HTML fragment or Markdown in which each link the
// extract package detects is a link, its href the URI and its text the
// readable IRI, safe whatever the input.
package rewrite

import (
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/iri"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// Form is the form a rewritten link takes.
type Form uint8

const (
	// URI writes ASCII URIs, what a browser sends.
	URI Form = iota
	// IRI writes the display IRI: readable, with what is unsafe to show
	// kept percent-encoded (see iri.Converter.ToIRI).
	IRI
)

// Resolve says what becomes of relative links.
type Resolve uint8

const (
	// Keep keeps each reference as written: relative stays relative.
	Keep Resolve = iota
	// Absolute makes every link absolute against the document's base.
	Absolute
	// Relative makes a link relative to the document's base wherever it
	// shares the base's scheme and authority: what a site move needs.
	Relative
)

// Options configure a rewriter.
type Options struct {
	To      Form
	Resolve Resolve
	// BaseURL is the document's own URL (needed for Absolute and
	// Relative, where relative links have nothing to resolve against
	// without it).
	BaseURL string
	// Charset and DefaultCharset are as in extract.Options.
	Charset        string
	DefaultCharset string
	// MaxTagSize is as in extract.Options.
	MaxTagSize int
	// TextLinks also rewrites the links written as plain text in the
	// text of an HTML document.
	TextLinks bool
	// Oversize, when not nil, is called once for each construct longer
	// than MaxTagSize (a tag, a comment; in CSS, a URL longer than
	// extract.DefaultMaxCSSURLLen), which is passed through unexamined:
	// its links are not rewritten. err is an *extract.OversizeError with
	// the construct's offset; line is the line it starts on.
	Oversize func(err error, line int)
}

// Stats counts what a rewriter did.
type Stats struct {
	Links     int // links found
	Rewritten int // links whose bytes changed
	Kept      int // links left as they were because they could not be rewritten
}

// An edit replaces the input bytes [off, end) with new.
type edit struct {
	off, end int64
	new      []byte
}

// A rewriter is the machinery shared by HTML and Text: it holds the input
// from offset base on until the extractor has settled it, then writes it
// with the edits applied.
type rewriter struct {
	opts   Options
	pend   []byte // input from offset base on
	base   int64
	edits  []edit
	out    []byte // output ready to be written, from outPos on
	outPos int
	stats  Stats
	err    error

	conv    *iri.Converter
	enc     *encoding.Encoder // the charset's, reused (Bytes and String reset it)
	charset string
	html    bool
}

// transform is Transform for HTML and Text: feed and settled are the
// extractor's.
func (r *rewriter) transform(dst, src []byte, atEOF bool, feed func([]byte, bool) error, settled func() int64) (nDst, nSrc int, err error) {
	if r.err != nil {
		return 0, 0, r.err
	}
	for {
		if r.outPos < len(r.out) {
			n := copy(dst[nDst:], r.out[r.outPos:])
			nDst += n
			r.outPos += n
			if r.outPos < len(r.out) {
				return nDst, nSrc, transform.ErrShortDst
			}
		}
		r.out, r.outPos = r.out[:0], 0
		if nSrc == len(src) && (!atEOF || r.pend == nil) {
			return nDst, nSrc, nil
		}
		in := src[nSrc:]
		r.pend = append(r.pend, in...)
		nSrc = len(src)
		if err := feed(in, atEOF); err != nil {
			r.err = err
			return nDst, nSrc, err
		}
		upto := settled()
		if atEOF {
			upto = r.base + int64(len(r.pend))
		}
		r.emit(upto)
		if atEOF {
			r.pend = nil
		}
	}
}

// emit moves the input before offset upto to the output, with its edits.
func (r *rewriter) emit(upto int64) {
	if upto <= r.base {
		return
	}
	k := int(upto - r.base)
	b := r.pend[:k]
	pos := 0
	i := 0
	for ; i < len(r.edits); i++ {
		e := r.edits[i]
		if e.end > upto {
			break
		}
		s, t := int(e.off-r.base), int(e.end-r.base)
		if s < pos {
			continue // overlapping: keep the first
		}
		r.out = append(r.out, b[pos:s]...)
		r.out = append(r.out, e.new...)
		pos = t
	}
	r.out = append(r.out, b[pos:]...)
	r.edits = r.edits[:copy(r.edits, r.edits[i:])]
	r.pend = r.pend[:copy(r.pend, r.pend[k:])]
	r.base = upto
}

// start prepares the conversions once the document's charset is known.
func (r *rewriter) start(cs extract.Charset) {
	r.setCharset(cs)
	r.conv = iri.NewConverter(iri.WithMode(iri.Web), iri.WithCharset(cs.Encoding))
}

// setCharset notes the document's charset and makes its encoder.
func (r *rewriter) setCharset(cs extract.Charset) {
	r.charset = cs.Name
	r.enc = cs.Encoding.NewEncoder()
}

// link decides the new form of l and records the edit, if any. raw is the
// input's bytes of l's span, if still held.
func (r *rewriter) link(l *extract.Link) {
	r.stats.Links++
	if l.Err != nil || l.Offset < r.base || l.End > r.base+int64(len(r.pend)) {
		r.stats.Kept++
		return
	}
	v, ok := r.newValue(l)
	if ok && v == l.Raw && v == string(r.pend[l.Offset-r.base:l.End-r.base]) {
		return // the value does not change, nor do its bytes
	}
	if !r.resolve(l) {
		r.stats.Kept++
		return
	}
	if !ok || !r.sameTarget(l, v) {
		// The new reference would resolve elsewhere, or has no form of
		// its own ("http:x" is relative to an http base, absolute
		// without one, and "http:x´" has no host that could stand
		// alone): write the absolute URL instead.
		v, ok = r.absolute(l)
	}
	if ok && v == "" && l.Kind == extract.KindCSS {
		// CSS takes url("") for no URL at all: write the URL whole.
		v, ok = r.absolute(l)
	}
	if !ok {
		r.stats.Kept++
		return
	}
	b := r.encodeValue(l, v)
	old := r.pend[l.Offset-r.base : l.End-r.base]
	if string(b) == string(old) {
		return
	}
	r.edits = append(r.edits, edit{l.Offset, l.End, b})
	r.stats.Rewritten++
}

// resolve sets l.URI, which the extractor leaves empty when it runs
// with Options.Unresolved (see extractOptions), as the extractor would
// have: against l.Base in the document's charset. It reports whether l
// resolves.
func (r *rewriter) resolve(l *extract.Link) bool {
	if l.URI != "" {
		return true
	}
	var err error
	l.URI, err = r.target(l, l.Raw)
	return err == nil
}

// target returns the URL the reference v requests in l's place: resolved
// against l.Base, or as it is without one.
func (r *rewriter) target(l *extract.Link, v string) (string, error) {
	if l.Base != nil {
		return r.conv.ResolveURL(l.Base, v)
	}
	return r.conv.ToURI(v)
}

// sameTarget reports whether the reference v resolves, as l's value does,
// to l.URI (up to the case of percent-encoding and percent-encoded
// unreserved characters).
func (r *rewriter) sameTarget(l *extract.Link, v string) bool {
	got, err := r.target(l, v)
	return err == nil && equivalent(got, l.URI)
}

// absolute returns l's URL in the form asked for.
func (r *rewriter) absolute(l *extract.Link) (string, bool) {
	if l.URI == "" {
		return "", false
	}
	if r.opts.To == IRI {
		s, err := r.conv.ToIRI(l.URI)
		return s, err == nil && r.sameTarget(l, s)
	}
	return l.URI, r.sameTarget(l, l.URI)
}

// equivalent reports whether two URLs are the same up to the case of
// percent-encoding hex digits and percent-encoded unreserved characters:
// the equivalences of RFC 3986 section 6.2.2 that a rewrite may introduce.
func equivalent(a, b string) bool {
	if a == b {
		return true
	}
	return string(canonPct(nil, a)) == string(canonPct(nil, b))
}

// canonPct appends s with percent-encoded unreserved characters decoded and
// the hex digits of the other escapes in upper case.
func canonPct(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			c := unhex(s[i+1])<<4 | unhex(s[i+2])
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
				dst = append(dst, c)
			} else {
				dst = append(dst, '%', hexDigits[c>>4], hexDigits[c&15])
			}
			i += 2
			continue
		}
		dst = append(dst, s[i])
	}
	return dst
}

const hexDigits = "0123456789ABCDEF"

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// newValue returns the reference to write for l, in Unicode.
func (r *rewriter) newValue(l *extract.Link) (string, bool) {
	ref := l.Raw
	if l.Tag == "" && l.Kind == 0 {
		// A link in plain text: write its URI (its raw text may lack a
		// scheme, "www.example.com").
		ref = l.URI
	}
	switch r.opts.Resolve {
	case Absolute:
		if l.URI == "" {
			return "", false
		}
		ref = l.URI
	case Relative:
		if l.URI == "" {
			return "", false
		}
		target, err := iri.ParseURL(l.URI, nil)
		if err != nil || l.Base == nil {
			ref = l.URI
		} else {
			ref = iri.Relative(l.Base, target)
		}
	}
	var s string
	var err error
	switch r.opts.To {
	case IRI:
		s, err = r.conv.ToIRI(ref)
	default:
		s, err = r.conv.ToURI(ref)
	}
	if err != nil {
		return "", false
	}
	return s, true
}
