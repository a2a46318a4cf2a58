package rewrite

import (
	"bytes"
	"encoding/binary"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/textlink"
	"github.com/relink-go/relink/weburl"
)

// Text rewrites the links of a plain-text document (mail, notes, logs): a
// transform.Transformer whose output is its input with each link that
// extract.NewText's extractor finds written anew, and every other byte unchanged. The
// document keeps its charset, found as extract.NewText's extractor finds it (a byte order
// mark, Options.Charset, UTF-8 detection, Options.DefaultCharset, a guess); a
// character the charset cannot hold is written percent-encoded in UTF-8,
// as a URI would have it. In ISO-2022-JP, where what a byte means depends
// on the escape sequences before it, only links written in ASCII are
// rewritten, and only in ASCII.
//
// A link in plain text is absolute by what it means: extract.NewText's extractor resolves
// nothing, so Options.BaseURL, TextLinks and MaxTagSize play no part, and
// Resolve only decides whether a link written without a scheme
// (www.example.com/a) gets the "http://" it means: with ResolveAbsolute it does;
// with ResolveKeep, and with ResolveRelative (a relative reference in plain text would no
// longer be a link), it stays without one. The new value is the link as
// written, converted:
//
//   - To FormKeep (the zero value): only a link that Map moves, or that
//     Resolve gives its "http://", is written anew, in the form below of
//     FormIRI when it is written with a non-ASCII character, else of
//     FormURI;
//   - To FormURI: the URI of iri.ToURI (LEIRI mode, so that a valid URI is left
//     as it is): ASCII, with punycode hosts and UTF-8 percent-encoding,
//     the URI that extract.NewText's extractor reports for it before the URL Standard's
//     normalization;
//   - To FormIRI: the display form of iri.Converter.ToIRI, made ready for
//     running text by iri.Converter.TextForm: what is safe to show
//     decoded, and the minimal escapes of UTS #58, so that a reader's
//     link detector takes all of the link and nothing more ("/a." ends in
//     "%2E"). In a legacy charset the query of an http or https link is
//     left as written, never decoded (its bytes may be meant in that
//     charset), and a host the charset cannot write stays in its A-label
//     form.
//
// An email address stays an email address, never becomes a mailto: URI:
// to URI its domain is written in A-labels (jörg@bücher.de becomes
// jörg@xn--bcher-kva.de) and its local part stays as written, since an
// address whose local part is not ASCII has no ASCII form (RFC 6531) and
// a percent-encoded local part is a different address; to IRI its domain
// is shown in Unicode when iri.Converter.ToIRI would show it so. The same
// holds for the address of a mailto: or xmpp: link, whose other parts are
// converted as a URL's. The mailto: URI that the address means stays the
// same up to the form of its domain, A-labels or Unicode, which name the
// same domain.
//
// A link that holds a placeholder (textlink.HasPlaceholder: "{name}",
// "${name}", "$NAME" in its path, query or fragment) is left as written,
// and Stats counts it as Kept and Placeholders: documentation means it
// to be filled in, and a rewritten form (%7Bname%7D) damages it.
//
// A link wrapped across lines inside angle brackets (RFC 3986 appendix C)
// is written on one line when its value changes, and left wrapped when it
// does not.
//
// Each new value is checked before it is written: the text around the link
// is extracted again with the new value in place, which must be found
// there as one link, exactly its bytes, meaning the same URL as the old
// one (up to the case of percent-encoding hex digits and percent-encoded
// unreserved characters). The text read is what decides how a link is
// found: before the link, back to the white space or the link before it
// when either comes within 32 bytes; after it, up to the next white space
// or control character, or 64 bytes (and then the value must also pass
// when a letter follows). A value that fails, because characters after it
// would now join it, because it would lose a final character to the rules
// of trailing punctuation, or because it would be oversize, longer than
// detection reads (textlink.MaxLen), is not written: the link stays as it was and
// Stats counts it as Kept, as it counts the links that extract.NewText's extractor
// reports with an error.
//
// The output does not depend on how the input is cut into pieces. Memory
// is bounded as that of extract.NewText: a Text holds the text in which a link may
// yet be found (about 2*textlink.MaxLen bytes) and the 96 bytes
// around a link being checked, besides the first 1024 bytes until the
// charset is known.
type Text struct {
	rewriter
	x extract.Extractor

	queue   []textEdit // new values waiting for the text after them, in order
	prevEnd int64      // the end of the last link reported

	// For the display form: disp shows IRIs in the document's charset.
	// (URIs come from iri.ToURI: UTF-8 queries, as extract.NewText's extractor gives.)
	disp *iri.Converter
	kind charsetKind
	cont []byte // the letter "a" in the document's charset

	// The check: a second extractor, the window it reads, what it finds.
	v     extract.Extractor
	win   []byte
	again []extract.Link
}

// A textEdit is a new value for the link at [off, end) of the input,
// whose URI was uri, before it is checked.
type textEdit struct {
	off, end int64
	new      []byte
	uri      string
	prev     int64 // the end of the link before it, or 0
}

// The bytes around a link that the check reads again: textBefore before
// it, and after it up to and including the first white space or control
// character, or textAfter bytes.
const (
	textBefore = 32
	textAfter  = 64
)

// charsetKind is what the check must know of a charset to cut a window
// out of a document at character boundaries.
type charsetKind uint8

const (
	kindSingle   charsetKind = iota // one byte, one character
	kindUTF8                        // self-synchronizing
	kindUTF16                       // two bytes a unit; offsets are even
	kindMulti                       // ASCII-compatible, stateless, bytes < 0x30 never inside a character
	kindStateful                    // ISO-2022-JP: the meaning of a byte depends on escapes before it
)

func kindOf(name string) charsetKind {
	switch name {
	case "utf-8":
		return kindUTF8
	case "utf-16le", "utf-16be":
		return kindUTF16
	case "shift_jis", "euc-jp", "euc-kr", "gbk", "gb18030", "big5":
		return kindMulti
	case "iso-2022-jp", "replacement":
		return kindStateful
	}
	return kindSingle
}

// NewText returns a rewriter of plain-text documents, configured by opts.
func NewText(opts Options) *Text {
	t := &Text{}
	t.opts = opts
	t.x = extract.New(extract.TypeText, extract.Options{Charset: opts.Charset, DefaultCharset: opts.DefaultCharset, StrictText: opts.StrictText, Oversize: opts.Oversize}, t.reported)
	return t
}

// Reset implements transform.Transformer: t is ready for a new
// document, with the same Options.
func (t *Text) Reset() {
	t.x.Reset()
	t.rewriter.reset(t.opts, false)
	t.queue, t.prevEnd = t.queue[:0], 0
	t.disp, t.v = nil, nil
}

// Transform implements transform.Transformer: it writes the document that
// src continues with its links rewritten.
func (t *Text) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	return t.transform(dst, src, atEOF, (*textFeeder)(t))
}

// Stats returns what the rewriter has done in the document so far.
func (t *Text) Stats() Stats { return t.stats }

// Charset returns the document's charset, once known.
func (t *Text) Charset() charset.Charset { return t.x.Charset() }

// A textFeeder is the feeder of a Text rewriter: its extractor, with the
// checks of the new values.
type textFeeder Text

// Feed feeds the extractor and checks the new values it can.
func (f *textFeeder) Feed(b []byte, atEOF bool) error {
	t := (*Text)(f)
	err := t.x.Feed(b, atEOF)
	t.check(atEOF)
	return err
}

// Settled is the offset before which the output is final: the extractor
// has reported the links there, the new values there are checked, and
// the textBefore bytes that the check of a link may read are kept. It
// never falls inside a link being rewritten.
func (f *textFeeder) Settled() int64 {
	t := (*Text)(f)
	s := t.x.Settled()
	if len(t.queue) > 0 {
		s = min(s, t.queue[0].off)
	}
	s -= textBefore
	for _, e := range t.edits {
		if e.end > s {
			s = min(s, e.off)
			break
		}
	}
	return s
}

// startText prepares the conversions once the charset is known.
func (t *Text) startText() {
	cs := t.x.Charset()
	t.setCharset(cs)
	t.disp = iri.NewConverter(iri.WithCharset(cs.Encoding))
	t.kind = kindOf(cs.Name)
	switch {
	case cs.Name == "utf-16le":
		t.cont = []byte("a\x00")
	case cs.Name == "utf-16be":
		t.cont = []byte("\x00a")
	case t.kind == kindStateful:
		t.cont = []byte("\x1b(Ba")
	default:
		t.cont = []byte("a")
	}
	t.v = extract.New(extract.TypeText, extract.Options{Charset: cs.Name}, func(l *extract.Link) error {
		t.again = append(t.again, *l)
		return nil
	})
}

// reported is the extractor's function: it finds the new value of l and
// queues it for the check.
func (t *Text) reported(l *extract.Link) error {
	if t.v == nil {
		t.startText()
	}
	t.stats.Links++
	prev := t.prevEnd
	t.prevEnd = l.End
	if l.Err != nil {
		t.stats.Kept++
		t.stats.Invalid++
		if t.opts.Invalid != nil {
			t.opts.Invalid(l)
		}
		return nil
	}
	if l.Start < t.base || l.End > t.base+int64(len(t.pend)) {
		t.stats.Kept++
		return nil
	}
	if t.opts.Keep != nil && !t.opts.Keep(l) {
		return nil
	}
	old := t.pend[l.Start-t.base : l.End-t.base]
	if t.kind == kindStateful && (bytes.IndexByte(old, 0x1b) >= 0 || string(old) != l.Value) {
		// Not written in ASCII: the bytes before it decide what the new
		// bytes would mean.
		t.stats.Kept++
		return nil
	}
	written := l.Value
	if strings.ContainsFunc(written, unicode.IsSpace) {
		// Wrapped across lines: the link as meant.
		written = strings.Map(dropSpace, written)
	}
	if textlink.HasPlaceholder(written) {
		t.stats.Kept++
		t.stats.Placeholders++
		return nil
	}
	uri := l.Href
	var v string
	ok := false
	t.form = t.formOf(written)
	if t.guessed && !isASCII(old) {
		// Its characters are the guess's: whatever it would become
		// depends on the guess.
		if t.changes(l, written) {
			t.stats.Kept++
			t.stats.Guessed++
		}
		return nil
	}
	if t.opts.Map != nil {
		if newHref, moved := t.opts.Map(l, l.Href); moved && newHref != l.Href {
			v, uri, ok = t.movedValue(written, l.Href, newHref)
			if !ok {
				t.stats.Kept++
				return nil
			}
		}
	}
	if !ok {
		if !t.resolves(written, l.Href) {
			return nil // nothing asks for a change
		}
		if v, ok = t.newValue(written, l.Href); !ok {
			t.stats.Kept++
			return nil
		}
	}
	if v == written {
		return nil
	}
	if t.guessed && !isASCII([]byte(v)) {
		// Its IRI: written in the guessed charset, it might be read in
		// another.
		t.stats.Kept++
		t.stats.Guessed++
		return nil
	}
	b := t.encodeText(v)
	if bytes.Equal(b, old) {
		return nil
	}
	t.queue = append(t.queue, textEdit{l.Start, l.End, b, uri, prev})
	return nil
}

// movedValue returns the new form of the link written as v, whose URL is
// href, that Options.Map moves to newHref, and the URL it means: written
// as the other links are (To), an email address as an address, and a
// link written without a scheme without one where the new URL is http
// (and Resolve is not ResolveAbsolute).
func (t *Text) movedValue(v, href, newHref string) (string, string, bool) {
	u, err := weburl.Parse(newHref, nil)
	if err != nil {
		return "", "", false
	}
	newHref = u.String()
	if isAddress(href) && strings.Contains(v, "@") && schemeOf(v, href) == "" {
		if addr, ok := strings.CutPrefix(newHref, "mailto:"); ok && !strings.ContainsAny(addr, "?#") {
			if addr, ok := pctDecode(addr); ok {
				s, ok := t.newAddress(addr, "")
				return s, newHref, ok
			}
		}
	}
	s, ok := t.newValue(newHref, newHref)
	if !ok {
		return "", "", false
	}
	if schemeOf(v, href) == "" && t.opts.Resolve != ResolveAbsolute {
		s = strings.TrimPrefix(s, "http://")
	}
	return s, newHref, true
}

// resolves reports whether the link written as v, whose URI is uri, is
// to be written anew when Map does not move it: To asks for a form, or
// Resolve asks for the "http://" of a link written without a scheme.
func (t *Text) resolves(v, uri string) bool {
	if !t.keepsForm() {
		return true
	}
	return t.opts.Resolve == ResolveAbsolute && schemeOf(v, uri) == "" && !(isAddress(uri) && strings.Contains(v, "@"))
}

// changes reports whether the link l, written as v, would be written
// anew: Map moves it, or it is not in the form asked for.
func (t *Text) changes(l *extract.Link, v string) bool {
	if t.opts.Map != nil {
		if newHref, moved := t.opts.Map(l, l.Href); moved && newHref != l.Href {
			return true
		}
	}
	if !t.resolves(v, l.Href) {
		return false
	}
	s, ok := t.newValue(v, l.Href)
	return ok && s != v
}

func dropSpace(r rune) rune {
	if unicode.IsSpace(r) {
		return -1
	}
	return r
}

// newValue returns the new form of the link written as v, whose URI is
// uri.
func (t *Text) newValue(v, uri string) (string, bool) {
	scheme := schemeOf(v, uri)
	if isAddress(uri) && strings.Contains(v, "@") {
		return t.newAddress(v, scheme)
	}
	ref := v
	if scheme == "" {
		ref = "http://" + v // as textlink.Match.URI reads it
	}
	var s string
	var err error
	if t.form == FormIRI {
		s, err = t.display(ref)
	} else {
		s, err = iri.ToURI(ref)
	}
	if err != nil {
		return "", false
	}
	if scheme == "" && t.opts.Resolve != ResolveAbsolute {
		var ok bool
		if s, ok = strings.CutPrefix(s, "http://"); !ok {
			return "", false
		}
	}
	return s, true
}

// display returns the display form of the URL ref for running text.
func (t *Text) display(ref string) (string, error) {
	s, err := t.disp.ToIRI(ref)
	if err != nil {
		return "", err
	}
	if s, err = t.disp.TextForm(s); err != nil {
		return "", err
	}
	if t.kind == kindUTF8 || t.kind == kindUTF16 {
		return s, nil
	}
	r, err := iri.Parse(s)
	if err != nil || !r.HasAuthority || t.holdsAll(r.Host) {
		return s, nil
	}
	// A host the charset cannot write: its A-labels.
	u, err := iri.ToURI(ref)
	if err != nil {
		return "", err
	}
	ru, err := iri.Parse(u)
	if err != nil {
		return "", err
	}
	r.Host = ru.Host
	return r.String(), nil
}

// newAddress returns the new form of the address written as v: an email
// address, or a mailto: or xmpp: link, with the scheme as written.
func (t *Text) newAddress(v, scheme string) (string, bool) {
	head := ""
	if scheme != "" {
		head = v[:len(scheme)+1]
	}
	local, rest, ok := strings.Cut(v[len(head):], "@")
	if !ok {
		return "", false
	}
	domain := rest
	if i := strings.IndexAny(rest, "?/#"); i >= 0 {
		domain, rest = rest[:i], rest[i:]
	} else {
		rest = ""
	}
	ascii, ok := t.asciiDomain(domain)
	if !ok {
		return "", false
	}
	if head == "" && rest == "" {
		if t.form == FormURI {
			return local + "@" + ascii, true
		}
		return local + "@" + t.displayDomain(ascii), true
	}
	ref := head + local + "@" + ascii + rest
	if t.form == FormURI {
		s, err := iri.ToURI(ref)
		return s, err == nil
	}
	s, err := t.disp.ToIRI(ref)
	if err == nil {
		s, err = t.disp.TextForm(s)
	}
	if err != nil {
		return "", false
	}
	at := "@" + ascii
	i := strings.Index(s, at)
	if i < 0 {
		return "", false
	}
	return s[:i+1] + t.displayDomain(ascii) + s[i+len(at):], true
}

// asciiDomain returns the domain name d in A-labels; an ASCII name is
// returned as it is.
func (t *Text) asciiDomain(d string) (string, bool) {
	s, err := iri.ToURI("http://" + d + "/")
	if err != nil {
		return "", false
	}
	h, ok := strings.CutPrefix(s, "http://")
	h, ok2 := strings.CutSuffix(h, "/")
	if !ok || !ok2 || strings.ContainsAny(h, "/?#@:") {
		return "", false
	}
	return h, true
}

// displayDomain returns the domain name d, in A-labels, in the form to
// show: its labels in Unicode when iri.Converter.ToIRI would show them so
// and the charset can write them.
func (t *Text) displayDomain(d string) string {
	s, err := t.disp.ToIRI("http://" + d + "/")
	if err != nil {
		return d
	}
	h, ok := strings.CutPrefix(s, "http://")
	h, ok2 := strings.CutSuffix(h, "/")
	if !ok || !ok2 || strings.ContainsAny(h, "/?#@:%") || !t.holdsAll(h) {
		return d
	}
	return h
}

// schemeOf returns the scheme that the link written as v begins with, or
// "" when it has none: its URI, uri, has one that v does not write
// ("www.example.com:8080" has none).
func schemeOf(v, uri string) string {
	scheme, _, ok := strings.Cut(uri, ":")
	if !ok || len(v) <= len(scheme) || v[len(scheme)] != ':' || !strings.EqualFold(v[:len(scheme)], scheme) {
		return ""
	}
	return v[:len(scheme)]
}

// isAddress reports whether the URI is that of an address: mailto: or
// xmpp:.
func isAddress(uri string) bool {
	return hasPrefixFold(uri, "mailto:") || hasPrefixFold(uri, "xmpp:")
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// holdsAll reports whether the document's charset can write every
// character of s.
func (t *Text) holdsAll(s string) bool {
	for _, c := range s {
		if c >= utf8.RuneSelf && !t.holds(c) {
			return false
		}
	}
	return true
}

// holds reports whether the document's charset can write the non-ASCII
// character c. In a stateful charset only ASCII is written: the new bytes
// must mean the same whatever the state the text is in.
func (t *Text) holds(c rune) bool {
	if t.kind == kindStateful {
		return false
	}
	return t.encodable(c)
}

// encodeText returns the bytes that write v in the document's charset,
// with the characters it cannot hold percent-encoded in UTF-8.
func (t *Text) encodeText(v string) []byte {
	switch t.kind {
	case kindUTF8:
		return []byte(v)
	case kindSingle, kindMulti, kindUTF16:
		// Most values can be written whole.
		if b, err := t.enc.Bytes([]byte(v)); err == nil {
			return b
		}
	}
	var b []byte
	for _, c := range v {
		if c >= utf8.RuneSelf && !t.holds(c) || t.kind == kindStateful && (c == '\\' || c == '~') {
			// ("\" and "~" are "¥" and "‾" in ISO-2022-JP's JIS X 0201
			// Roman state.)
			b = t.unencodable(b, c, inPlain)
			continue
		}
		b = utf8.AppendRune(b, c)
	}
	return t.toCharset(b)
}

// unit returns the UTF-16 code unit at the start of b, in a UTF-16
// document.
func (t *Text) unit(b []byte) uint16 {
	if t.charset == "utf-16le" {
		return binary.LittleEndian.Uint16(b)
	}
	return binary.BigEndian.Uint16(b)
}

// check decides the queued new values whose following text has arrived
// (all of them at the end of the input): each that the extractor finds
// again as it should becomes an edit.
func (t *Text) check(atEOF bool) {
	n := 0
	for _, e := range t.queue {
		after := t.pend[e.end-t.base:]
		k, closed := t.afterLen(after)
		if !closed && k < textAfter {
			if !atEOF {
				break
			}
			closed = true // the end of the text
		}
		if t.recheck(e, after[:k], closed) {
			t.edits = append(t.edits, edit{e.off, e.end, e.new})
			t.stats.Rewritten++
		} else {
			t.stats.Kept++
		}
		n++
	}
	t.queue = t.queue[:copy(t.queue, t.queue[n:])]
}

// afterLen returns how many bytes of after, the text that follows a link,
// the check reads: up to and including the first white space or control
// character (which no link crosses), and then closed is true, or at most
// textAfter.
func (t *Text) afterLen(after []byte) (n int, closed bool) {
	if t.kind == kindUTF16 {
		for i := 0; i+1 < len(after) && i < textAfter; i += 2 {
			if u := t.unit(after[i:]); u <= ' ' && u != 0x1b {
				return i + 2, true
			}
		}
		return min(len(after)&^1, textAfter), false
	}
	for i := 0; i < len(after) && i < textAfter; i++ {
		if c := after[i]; c <= ' ' && c != 0x1b {
			return i + 1, true
		}
	}
	return min(len(after), textAfter), false
}

// recheck reports whether the text with e's new value in place of the
// link holds, exactly there, a link to the same URL. after is the text
// that follows the link; unless closed, more may follow that the check
// has not seen, and the value must pass both when the text ends there and
// when a letter follows.
func (t *Text) recheck(e textEdit, after []byte, closed bool) bool {
	from := t.windowStart(e)
	before := t.pend[from-t.base : e.off-t.base]
	t.win = append(append(append(t.win[:0], before...), e.new...), after...)
	start, end := int64(len(before)), int64(len(before)+len(e.new))
	if !t.findsAt(start, end, e.uri) {
		return false
	}
	if closed {
		return true
	}
	t.win = append(t.win, t.cont...)
	return t.findsAt(start, end, e.uri)
}

// windowStart returns where the window of the check of e starts: where
// the extractor starts afresh as it does at the start of a text, so that
// it reads the link as it did, that is after the white space or the link
// that comes last within textBefore bytes before it; without either,
// at the link itself.
func (t *Text) windowStart(e textEdit) int64 {
	from := max(e.off-textBefore, e.prev, 0)
	before := t.pend[from-t.base : e.off-t.base]
	i := 0
	if from != e.prev && from != 0 {
		i = len(before)
		switch t.kind {
		case kindUTF16:
			for j := len(before) - 2; j >= 0; j -= 2 {
				if t.unit(before[j:]) <= ' ' {
					i = j + 2
					break
				}
			}
		case kindStateful:
		default:
			for j := len(before) - 1; j >= 0; j-- {
				if before[j] <= ' ' {
					i = j + 1
					break
				}
			}
		}
	}
	if from+int64(i) > 0 {
		// Bytes that would read as a byte order mark are left out.
		rest := before[i:]
		for _, bom := range []string{"\xef\xbb\xbf", "\xfe\xff", "\xff\xfe"} {
			if bytes.HasPrefix(rest, []byte(bom)) {
				if t.kind == kindMulti {
					return e.off
				}
				return from + int64(i+len(bom))
			}
		}
	}
	return from + int64(i)
}

// findsAt reports whether extracting the window t.win finds a link
// spanning exactly [start, end) whose URI is that of uri.
func (t *Text) findsAt(start, end int64, uri string) bool {
	t.again = t.again[:0]
	t.v.Reset()
	if err := t.v.Feed(t.win, true); err != nil {
		return false
	}
	for i := range t.again {
		l := &t.again[i]
		if l.Start == start && l.End == end {
			return l.Err == nil && t.sameURI(l.Href, uri)
		}
	}
	return false
}

// sameURI reports whether the hrefs a and b of text links are the same up
// to the case of percent-encoding hex digits, percent-encoded unreserved
// characters and the percent-encoding of the characters that a URI does
// not allow (extract.Link.URI) and, for an address, to the form of its
// domain.
func (t *Text) sameURI(a, b string) bool {
	if equivalent(a, b) {
		return true
	}
	// The href of a text link keeps what the URL Standard keeps ("|",
	// "{", "[" in a path); its URI form, the new value, has them
	// percent-encoded: the same resource.
	ua, _ := (&extract.Link{Href: a}).URI()
	ub, _ := (&extract.Link{Href: b}).URI()
	if ua != a || ub != b {
		if equivalent(ua, ub) {
			return true
		}
	}
	if !isAddress(a) || !isAddress(b) {
		return false
	}
	ka, ok1 := t.addressKey(a)
	kb, ok2 := t.addressKey(b)
	return ok1 && ok2 && equivalent(ka, kb)
}

// addressKey returns the mailto: or xmpp: URI u with the domain of its
// address in A-labels.
func (t *Text) addressKey(u string) (string, bool) {
	i := strings.IndexByte(u, ':') + 1
	at := strings.IndexByte(u, '@')
	if at < i {
		return "", false
	}
	end := len(u)
	if j := strings.IndexAny(u[at:], "?/#"); j >= 0 {
		end = at + j
	}
	d, ok := pctDecode(u[at+1 : end])
	if !ok {
		return "", false
	}
	ascii, ok := t.asciiDomain(d)
	if !ok {
		return "", false
	}
	return strings.ToLower(u[:i]) + u[i:at+1] + strings.ToLower(ascii) + u[end:], true
}

// pctDecode decodes the percent-encoding of s; ok is false when the
// result is not UTF-8.
func pctDecode(s string) (string, bool) {
	if strings.IndexByte(s, '%') < 0 {
		return s, true
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b), utf8.Valid(b)
}
