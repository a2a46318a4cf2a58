package rewrite

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/weburl"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// Form is the form a rewritten link takes.
type Form uint8

const (
	// FormKeep keeps the form of each link: a link that neither Resolve
	// nor Map changes keeps its bytes, and one that they change is
	// written as an IRI (as FormIRI writes it) when it is written with a
	// non-ASCII character, and as a URI otherwise.
	FormKeep Form = iota
	// FormURI writes ASCII URIs, what a browser sends.
	FormURI
	// FormIRI writes the display IRI: readable, with what is unsafe to show
	// kept percent-encoded (see iri.Converter.ToIRI).
	FormIRI
)

// Resolve says what becomes of relative links.
type Resolve uint8

const (
	// ResolveKeep keeps each reference as written: relative stays relative.
	ResolveKeep Resolve = iota
	// ResolveAbsolute makes every link absolute against the document's base.
	ResolveAbsolute
	// ResolveRelative makes a link relative to the document's base wherever it
	// shares the base's scheme and authority: what a site move needs. The
	// links of an HTML document that programs other than browsers read
	// out of it, and that must be absolute for them, keep the form they
	// are written in (an absolute one stays absolute): the content of a
	// meta element (og:image, og:url, twitter:image and the other Open
	// Graph, Twitter card and pinned-site names; not a refresh), and the
	// href of a link element whose rel is canonical or alternate (the
	// hreflang alternates, feeds). Social networks, search engines and
	// feed readers resolve none of them against the page.
	ResolveRelative
)

// Options configure a rewriter. A rewriter takes them by value when it is
// made and keeps them for its life; the zero value changes no link: To,
// Resolve and Map each ask for one kind of change, and a link that none
// of them changes keeps its bytes.
//
// When the document's charset is only a guess (charset.Charset.Guessed:
// nothing declared it and its bytes do not prove it), a rewriter writes
// nothing whose meaning depends on the guess: a link whose bytes as
// written are not ASCII (their characters are the guess's), or, in HTML,
// whose query holds a non-ASCII character (a browser encodes it in the
// document's charset), is left as written, and every other link that
// changes is written in ASCII only: as a URI (with FormKeep too), or with
// FormIRI as its IRI when that is ASCII, and else left as written. Stats
// counts the links left so in Guessed. Options.Charset or
// Options.DefaultCharset say the charset, and lift the restriction.
type Options struct {
	// To is the form the links take: FormKeep (the zero value: each
	// link's own form, and only the links that Resolve or Map change
	// are written anew), FormURI or FormIRI.
	To Form
	// Resolve is what becomes of relative links: ResolveKeep (the zero
	// value), ResolveAbsolute or ResolveRelative.
	Resolve Resolve
	// Options says how the document is read, as it says for an
	// extractor: BaseURL (needed for ResolveAbsolute and ResolveRelative,
	// where relative links have nothing to resolve against without it),
	// Charset and DefaultCharset (the document is written in the charset
	// it is read in), MaxTagSize, Oversize (the links of a construct
	// passed through unexamined are not rewritten), TextLinks (the links
	// written as plain text in the text of an HTML document are
	// rewritten too) and StrictText (in plain text, a domain written
	// without a scheme, "README.md" or "Date.now", is left alone, never
	// given one). The rewriter reports each link as it is found and
	// resolves only those it writes anew: it sets Immediate and
	// Unresolved itself, and MaxAnchorText does not apply. Speculative is
	// ignored: the speculative links of HTML (data-href, data-uri, the URL
	// of an onclick) are left as written, never rewritten.
	extract.Options

	// Invalid, when not nil, is called for each link left as written
	// because it has no URL: the URL Standard's parser rejects it (l.Err
	// says why), as it is or resolved against the base. The link's place
	// (Offset, Line, Column) is in the document as read, but for the
	// links of raw HTML in a Markdown document whose Markdown links were
	// rewritten, which are found again in the rewritten document.
	Invalid func(l *extract.Link)

	// Map, when not nil, moves links: what a site move needs. It is
	// called with a link l and href, the absolute URL it points to
	// (l.Href: resolved against the document's base, or absolute as
	// written; a relative link without a base has none and is not
	// mapped), and returns the absolute URL the link is to point to
	// instead, newHref, and true; or false to leave the link's target as
	// it is. It is also called with l nil and href the URL a link
	// resolves against (BaseURL, a <base href>, a codebase), once for
	// each: a document whose own URL moves takes its relative links with
	// it, and so one that still reaches its target from the new place is
	// left as it is, and one that no longer would is written anew.
	//
	// A link whose target moves, or that no longer reaches its target
	// from the document's new place, is written in its own form: a
	// relative link stays relative (path-relative, absolute-path or
	// network-path, as written) where it can reach the new target so
	// from the document's new place (see weburl.Relative), and becomes
	// absolute where it cannot (another host); an absolute one stays
	// absolute. With Resolve set to ResolveAbsolute it is absolute, with
	// ResolveRelative as relative as it can be. It is then in the form To
	// asks for and in the document's syntax and charset, as every link
	// rewritten, and checked to resolve, from the document's new place,
	// to newHref (up to the case of percent-encoding and percent-encoded
	// unreserved characters); a link that would not, or a newHref the URL
	// Standard rejects, is left as written and counted as Kept. newHref
	// is read as an href: its query is not encoded again, so it stays in
	// the document's charset when it comes from href.
	//
	// Map is called from Transform, for each link in document order, and
	// must not keep l, which is valid only during the call.
	Map func(l *extract.Link, href string) (newHref string, ok bool)

	// Keep, when not nil, chooses the links rewritten: a link for which
	// it returns false is left as written (found, and neither rewritten nor
	// kept: the caller counts what it refuses).
	// It is given the link resolved (Href set), and is not asked about
	// an invalid one, which is left as written anyway.
	Keep func(l *extract.Link) bool
}

// A Rewriter rewrites the links of a document as it streams through: a
// transform.Transformer whose output is its input with each link's bytes
// replaced by its new form. HTML, Text, CSS and Markdown implement it;
// New returns the one for a type of document.
//
// Transform reads one document from Reset (or the rewriter's
// construction) to the end, atEOF; x/text's adapters (transform.String,
// transform.Bytes, transform.NewReader, transform.NewWriter) reset the
// rewriter first, so one rewriter serves document after document, not
// two at once.
type Rewriter interface {
	transform.Transformer
	// Stats returns what the rewriter has done in the document so far.
	Stats() Stats
	// Charset returns the document's charset, in which the rewriter
	// reads it and writes the new values, once it is known (see
	// extract.Extractor).
	Charset() charset.Charset
}

var (
	_ Rewriter = (*HTML)(nil)
	_ Rewriter = (*Text)(nil)
	_ Rewriter = (*CSS)(nil)
	_ Rewriter = (*Markdown)(nil)
	_ Rewriter = (*XML)(nil)
)

// ErrMail is the error of the rewriter that New returns for a mail
// message (extract.TypeMail). A message's text is encoded: a part's
// Content-Transfer-Encoding (quoted-printable, base64) over its own
// charset, in lines that quoted-printable may break anywhere, and a
// signed part (multipart/signed, S/MIME) is no longer valid once a byte
// changes; a link written anew would have to be encoded exactly as the
// part is, line lengths included. Rather than risk a message that reads
// differently, rewrite refuses it: rewrite the text of its parts, and
// write the message again with a mail library.
var ErrMail = errors.New("rewrite: mail messages (.eml) are not rewritten: their parts are transfer-encoded (quoted-printable, base64) and may be signed, and a link written anew would have to be encoded again exactly; use --type text to rewrite the message as plain text, encoded parts left as they are")

// New returns the rewriter of documents of type t, configured by opts:
// NewHTML, NewText, NewCSS, NewMarkdown or NewXML; for extract.TypeMail, one
// whose Transform fails with ErrMail, writing nothing. It panics if t is
// not one of the types of package extract.
func New(t extract.Type, opts Options) Rewriter {
	switch t {
	case extract.TypeHTML:
		return NewHTML(opts)
	case extract.TypeText:
		return NewText(opts)
	case extract.TypeCSS:
		return NewCSS(opts)
	case extract.TypeMarkdown:
		return NewMarkdown(opts)
	case extract.TypeXML:
		return NewXML(opts)
	case extract.TypeMail:
		return refused{ErrMail}
	}
	panic(fmt.Sprintf("rewrite: New of an unknown %v", t))
}

// refused is a Rewriter that rewrites nothing: its Transform fails.
type refused struct{ err error }

func (r refused) Reset() {}

func (r refused) Transform(dst, src []byte, atEOF bool) (int, int, error) { return 0, 0, r.err }

func (r refused) Stats() Stats { return Stats{} }

func (r refused) Charset() charset.Charset { return charset.Charset{} }

// Stats counts what a rewriter did in a document. Links is Rewritten and
// Kept and the links left as they were because they already had the form
// asked for. Invalid is part of Kept: a link that needs no change is left
// as written, valid or not, and is not counted there.
type Stats struct {
	Links     int // links found
	Rewritten int // links whose bytes changed
	Kept      int // links left as they were because they could not be rewritten
	Invalid   int // links of Kept that the URL Standard's parser rejects
	// Guessed counts the links of Kept left as written because the
	// document's charset is only a guess (see Options).
	Guessed int

	// Placeholders counts the links of Kept found in text (plain text,
	// and the text of HTML with TextLinks) that hold a placeholder
	// (textlink.HasPlaceholder): https://example.com/{name}/x is left as
	// written, never made https://example.com/%7Bname%7D/x.
	Placeholders int
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
	pend   []byte // input from offset base on; nil before the first byte and after the end
	spare  []byte // the memory of pend, kept while pend is nil
	base   int64
	edits  []edit
	out    []byte // output ready to be written, from outPos on
	outPos int
	stats  Stats
	err    error
	forms  *Text // the forms of the links in the text of HTML (htmltext.go)

	conv    *iri.Converter    // Web mode: the URLs a browser requests
	web     *weburl.Parser    // conv's charset: links resolved against their base
	leiri   *iri.Converter    // LEIRI mode: conversion that keeps the form
	enc     *encoding.Encoder // the charset's, reused (Bytes and String reset it)
	charset string
	html    bool
	guessed bool // the charset is a guess (charset.Charset.Guessed)
	form    Form // the form of the link being decided: FormURI or FormIRI

	// Options.Map's last base and what it moved it to (itself when not
	// moved), so that Map is asked once for each.
	mapFrom, mapTo *weburl.URL
}

// A feeder is what a rewriter drives of its extractor: the seam of
// extract.Extractor, Feed and Settled.
type feeder interface {
	Feed(b []byte, atEOF bool) error
	Settled() int64
}

// transform is Transform for HTML, Text and CSS: x finds the links of the
// input and says which bytes of it are settled.
func (r *rewriter) transform(dst, src []byte, atEOF bool, x feeder) (nDst, nSrc int, err error) {
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
		if r.pend == nil {
			r.pend = r.spare[:0]
		}
		r.pend = append(r.pend, in...)
		nSrc = len(src)
		if err := x.Feed(in, atEOF); err != nil {
			r.err = err
			return nDst, nSrc, err
		}
		upto := x.Settled()
		if atEOF {
			upto = r.base + int64(len(r.pend))
		}
		nDst += r.emitTo(dst[nDst:], upto)
		if atEOF {
			r.spare, r.pend = r.pend[:0], nil
		}
	}
}

// reset readies r for a new document, configured by opts (html for the
// rewriter of HTML), keeping the memory of its buffers.
func (r *rewriter) reset(opts Options, html bool) {
	*r = rewriter{opts: opts, html: html, pend: r.pend[:0], spare: r.spare[:0], edits: r.edits[:0], out: r.out[:0]}
}

// emit moves the input before offset upto to the output, with its edits.
func (r *rewriter) emit(upto int64) { r.emitTo(nil, upto) }

// emitTo moves the input before offset upto to dst, with its edits, and
// what dst has no room for to the output, which must be empty: the bytes
// that no edit changes are copied once for each run of them. It returns
// the number of bytes written to dst.
func (r *rewriter) emitTo(dst []byte, upto int64) int {
	if upto <= r.base {
		return 0
	}
	k := int(upto - r.base)
	b := r.pend[:k]
	pos, n := 0, 0
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
		n = r.put(dst, n, b[pos:s])
		n = r.put(dst, n, e.new)
		pos = t
	}
	n = r.put(dst, n, b[pos:])
	r.edits = r.edits[:copy(r.edits, r.edits[i:])]
	r.pend = r.pend[:copy(r.pend, r.pend[k:])]
	r.base = upto
	return n
}

// put writes b to dst from n on, and what dst has no room for to the
// output, once the output holds a byte; it returns the new n.
func (r *rewriter) put(dst []byte, n int, b []byte) int {
	if len(r.out) == 0 {
		k := copy(dst[n:], b)
		n += k
		b = b[k:]
	}
	r.out = append(r.out, b...)
	return n
}

// start prepares the conversions once the document's charset is known.
func (r *rewriter) start(cs charset.Charset) {
	r.setCharset(cs)
	r.conv = iri.NewConverter(iri.WithMode(iri.Web), iri.WithCharset(cs.Encoding))
	r.web = weburl.NewParser(cs.Encoding)
	r.leiri = iri.NewConverter(iri.WithMode(iri.LEIRI), iri.WithCharset(cs.Encoding))
}

// setCharset notes the document's charset and makes its encoder.
func (r *rewriter) setCharset(cs charset.Charset) {
	r.charset = cs.Name
	r.enc = cs.Encoding.NewEncoder()
	r.guessed = cs.Guessed
}

// formOf returns the form in which to write a link written as raw, when
// it changes: To, or with FormKeep the form raw is in (FormURI when the
// charset is guessed: a link written with non-ASCII characters is not
// written anew then).
func (r *rewriter) formOf(raw string) Form {
	if r.opts.To != FormKeep {
		return r.opts.To
	}
	if r.guessed {
		return FormURI
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] >= utf8.RuneSelf {
			return FormIRI
		}
	}
	return FormURI
}

// keepsForm reports whether a link that neither Map nor Resolve changes
// keeps its bytes: To is FormKeep.
func (r *rewriter) keepsForm() bool { return r.opts.To == FormKeep }

// guessDepends reports whether writing the link l anew, in a document
// whose charset is guessed, would depend on the guess: its bytes as
// written, old, are not ASCII, or, in HTML, its query has a non-ASCII
// character, which a browser encodes in the document's charset.
func (r *rewriter) guessDepends(l *extract.Link, old []byte) bool {
	for _, c := range old {
		if c >= utf8.RuneSelf {
			return true
		}
	}
	return r.html && l.Kind != htmlattr.KindCSS && queryNonASCII(l.Value)
}

// queryNonASCII reports whether the reference s has a query with a
// non-ASCII character.
func queryNonASCII(s string) bool {
	q := strings.IndexByte(s, '?')
	if q < 0 {
		return false
	}
	if f := strings.IndexByte(s, '#'); f >= 0 && f < q {
		return false
	}
	for i := q; i < len(s) && s[i] != '#'; i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// isASCII reports whether b is ASCII.
func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// link decides the new form of l and records the edit, if any. raw is the
// input's bytes of l's span, if still held.
func (r *rewriter) link(l *extract.Link) {
	var v string
	var ok bool
	if r.html && l.Tag == "" && l.Kind == 0 {
		v, ok = r.textLink(l)
	} else {
		v, ok = r.decide(l)
	}
	if !ok {
		return
	}
	old := r.pend[l.Start-r.base : l.End-r.base]
	if r.charset == "iso-2022-jp" && strings.IndexByte(string(old), 0x1b) >= 0 {
		// Written with escape sequences: what the bytes after it mean
		// depends on them (a span may end inside a two-byte run), so
		// new bytes could change the text that follows. As in Text.
		r.stats.Kept++
		return
	}
	b := r.encodeChange(l, v, old)
	if string(b) == string(old) {
		return
	}
	r.edits = append(r.edits, edit{l.Start, l.End, b})
	r.stats.Rewritten++
}

// decide returns the new value of l, in Unicode, and true when it differs
// from the value as written; it counts l as found, and as kept when it
// cannot be rewritten.
func (r *rewriter) decide(l *extract.Link) (string, bool) {
	r.stats.Links++
	if l.Err != nil {
		r.stats.Kept++
		r.stats.Invalid++
		r.invalid(l)
		return "", false
	}
	if l.Start < r.base || l.End > r.base+int64(len(r.pend)) {
		r.stats.Kept++
		return "", false
	}
	if r.opts.Keep != nil && r.resolve(l) && !r.opts.Keep(l) {
		return "", false
	}
	r.form = r.formOf(l.Value)
	if r.opts.Map != nil {
		if v, ok, moved := r.moved(l); moved {
			if ok && r.guessed && (r.guessDepends(l, r.pend[l.Start-r.base:l.End-r.base]) || !isASCII([]byte(v))) {
				r.stats.Guessed++
				ok = false
			}
			if !ok {
				r.stats.Kept++
			}
			return v, ok
		}
	}
	v, ok := r.newValue(l)
	if ok && v == l.Value {
		// The value does not change: nor do its bytes, whatever
		// character references spell it.
		return "", false
	}
	if r.guessed && r.guessDepends(l, r.pend[l.Start-r.base:l.End-r.base]) {
		r.stats.Kept++
		r.stats.Guessed++
		return "", false
	}
	if !r.resolve(l) {
		r.stats.Kept++
		r.stats.Invalid++
		r.invalid(l)
		return "", false
	}
	if !ok || !r.sameTarget(l, v) {
		// The new reference would resolve elsewhere, or has no form of
		// its own ("http:x" is relative to an http base, absolute
		// without one, and "http:x´" has no host that could stand
		// alone): write the absolute URL instead.
		v, ok = r.absolute(l)
	}
	if ok && v == "" && l.Kind == htmlattr.KindCSS {
		// CSS takes url("") for no URL at all: write the URL whole.
		v, ok = r.absolute(l)
	}
	if !ok {
		r.stats.Kept++
		return "", false
	}
	if r.guessed && !isASCII([]byte(v)) {
		// Its IRI: written in the guessed charset, it might be read in
		// another.
		r.stats.Kept++
		r.stats.Guessed++
		return "", false
	}
	return v, true
}

// resolve sets l.Href, which the extractor leaves empty when it runs
// with Options.Unresolved (see extractOptions), as the extractor would
// have: against l.Base in the document's charset. It reports whether l
// resolves.
func (r *rewriter) resolve(l *extract.Link) bool {
	if l.Href != "" {
		return true
	}
	var err error
	l.Href, err = r.target(l, l.Value)
	if err != nil {
		l.Err = err
	}
	return err == nil
}

// invalid reports the invalid link l to Options.Invalid.
func (r *rewriter) invalid(l *extract.Link) {
	if r.opts.Invalid != nil {
		r.opts.Invalid(l)
	}
}

// target returns the URL the reference v requests in l's place: resolved
// against l.Base, or as it is without one.
func (r *rewriter) target(l *extract.Link, v string) (string, error) {
	if l.Base != nil {
		return r.web.Resolve(v, l.Base)
	}
	return r.conv.ToURI(v)
}

// sameTarget reports whether the reference v resolves, as l's value does,
// to l.Href (up to the case of percent-encoding and percent-encoded
// unreserved characters).
func (r *rewriter) sameTarget(l *extract.Link, v string) bool {
	got, err := r.target(l, v)
	return err == nil && equivalent(got, l.Href)
}

// absolute returns l's URL in the form asked for.
func (r *rewriter) absolute(l *extract.Link) (string, bool) {
	if l.Href == "" {
		return "", false
	}
	if r.form == FormIRI {
		s, err := r.conv.ToIRI(l.Href)
		return s, err == nil && r.sameTarget(l, s)
	}
	return l.Href, r.sameTarget(l, l.Href)
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

// newValue returns the reference to write for l, in Unicode: the
// reference as written when it already has the form asked for, else the
// least change that gives it that form.
//
// The reference to convert is the link as written unless Resolve asks for
// another kind of reference (ResolveAbsolute for a relative one, ResolveRelative for one
// that could be relative and is not). It is converted first component by
// component (LEIRI mode: a valid URI, or an IRI already in its display
// form, comes back unchanged, and what must change changes alone, with no
// normalization of what need not); the URL Standard's form (Web mode:
// "http://h" becomes "http://h/", dot segments go) is the fallback for a
// reference that conversion rejects or that would then request another
// URL. ok is false when the link has no new form; l.Href may be set on the
// way (see resolve).
func (r *rewriter) newValue(l *extract.Link) (string, bool) {
	if r.keepsForm() && r.opts.Resolve == ResolveKeep {
		return l.Value, true // nothing asks for a change
	}
	ref := l.Value
	if l.Tag == "" && l.Kind == 0 && !hasScheme(ref) {
		// A link in plain text written without a scheme
		// ("www.example.com"): its URI says what it means.
		ref = l.Href
	}
	switch r.opts.Resolve {
	case ResolveAbsolute:
		if l.Href == "" {
			return "", false
		}
		if !r.standsAlone(l, ref) {
			ref = l.Href
		}
	case ResolveRelative:
		if l.Href == "" {
			return "", false
		}
		if staysAbsolute(l) {
			break // read by other programs than browsers: its form stays
		}
		target, err := weburl.Parse(l.Href, nil)
		rel := l.Href
		if err == nil && l.Base != nil {
			rel = weburl.Relative(l.Base, target)
		}
		if refKind(ref) < refKind(rel) {
			ref = rel
		}
	}
	if r.keepsForm() && ref == l.Value {
		return l.Value, true // Resolve leaves it: its form is kept
	}
	if ref == l.Value && (r.form == FormURI && uriForm(ref) || r.form == FormIRI && iriForm(ref)) {
		return ref, true // a URI or IRI as written: what converting it gives
	}
	if s, err := r.convert(r.leiri, ref); err == nil && !specialWithoutAuthority(ref) && !r.charsetQuery(s) {
		if s == l.Value {
			return s, true // nothing to change
		}
		if r.resolve(l) && r.sameTarget(l, s) {
			return s, true
		}
	}
	s, err := r.convert(r.conv, ref)
	if err != nil {
		return "", false
	}
	// The URL Standard's form may still not be the component-wise one
	// ("http://xn--\"-rfa/"): that one, if it means the same, so that a
	// second rewrite changes nothing.
	if t, err := r.convert(r.leiri, s); err == nil && t != s && !r.charsetQuery(t) && r.resolve(l) && r.sameTarget(l, t) {
		return t, true
	}
	return s, true
}

// convert converts ref to the form of the link being decided with c.
func (r *rewriter) convert(c *iri.Converter, ref string) (string, error) {
	if r.form == FormIRI {
		return c.ToIRI(ref)
	}
	return c.ToURI(ref)
}

// standsAlone reports whether the reference ref, which has a scheme, is
// absolute by itself and requests l's URL ("http:x" does not: against an
// http base it is relative).
func (r *rewriter) standsAlone(l *extract.Link, ref string) bool {
	if !hasScheme(ref) {
		return false
	}
	u, err := r.conv.ToURI(ref)
	return err == nil && equivalent(u, l.Href)
}

// charsetQuery reports whether the IRI s has a query with characters
// that a document in a legacy charset encodes in that charset: written
// so, s would request another URL outside the document (an IRI's query is
// UTF-8), so its display form keeps that query percent-encoded.
func (r *rewriter) charsetQuery(s string) bool {
	if r.form != FormIRI {
		return false
	}
	switch r.charset {
	case "utf-8", "utf-16le", "utf-16be":
		return false
	}
	return queryNonASCII(s)
}

// specialWithoutAuthority reports whether ref has a special scheme (the
// URL Standard's: http, https, ws, wss, ftp, file) without "//" after it:
// "http:x", which the URL Standard reads as relative to an http base and
// as "http://x/" alone, and RFC 3986 as a URL without a host. Such a
// reference does not mean by itself what it means in the document.
func specialWithoutAuthority(ref string) bool {
	scheme, rest, ok := strings.Cut(ref, ":")
	if !ok || !hasScheme(ref) || strings.HasPrefix(rest, "//") {
		return false
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// refKind ranks a reference from the least relative to the most: 0 with
// a scheme, 1 network-path ("//host/a"), 2 absolute-path ("/a"), 3 a
// relative path, a query or a fragment.
func refKind(ref string) int {
	ref = strings.TrimLeft(ref, "\t\n\f\r ")
	switch {
	case hasScheme(ref):
		return 0
	case strings.HasPrefix(ref, "//"), strings.HasPrefix(ref, "\\\\"), strings.HasPrefix(ref, "/\\"), strings.HasPrefix(ref, "\\/"):
		return 1
	case strings.HasPrefix(ref, "/"), strings.HasPrefix(ref, "\\"):
		return 2
	}
	return 3
}

// staysAbsolute reports whether l is a link that ResolveRelative leaves
// in its form (see ResolveRelative).
func staysAbsolute(l *extract.Link) bool {
	switch l.Tag {
	case "meta":
		return l.Attr == "content" && l.Kind != htmlattr.KindRefresh
	case "link":
		for _, t := range strings.Fields(l.Rel) {
			if strings.EqualFold(t, "canonical") || strings.EqualFold(t, "alternate") {
				return true
			}
		}
	}
	return false
}

// hasScheme reports whether ref starts with a scheme and ":".
func hasScheme(ref string) bool {
	for i := 0; i < len(ref); i++ {
		c := ref[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case c == ':':
			return i > 0
		default:
			return false
		}
	}
	return false
}
