package linkify

import (
	"strings"
	"unicode/utf8"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/textlink"
	"golang.org/x/text/transform"
)

// Format is the markup a Linkifier writes.
type Format uint8

const (
	// FormatHTML writes an HTML fragment: the text escaped, each link an
	// a element.
	FormatHTML Format = iota
	// FormatMarkdown writes Markdown (CommonMark): each link
	// [display](<URI>), the rest of the text escaped minimally.
	FormatMarkdown
)

// Layout is how a Linkifier writing HTML keeps the lines of the text:
// HTML collapses line breaks and runs of spaces into one space, so that
// a text escaped and nothing more shows as one paragraph.
type Layout uint8

const (
	// LayoutBR, the zero value, writes "<br>" before each line break
	// (LF, CRLF or a lone CR, which is kept after it), each space and tab
	// at the start of a line as "&nbsp;" (a tab as many as reach the next
	// multiple of 8 columns), and each space or tab of a run within a
	// line after its first as "&nbsp;", the first as a space (so that the
	// browser may still wrap a long line there). The output is a fragment
	// without a wrapping element, which shows its lines and indentation
	// wherever it is put; a tab within a line is one column wide.
	LayoutBR Layout = iota
	// LayoutPre wraps the text in
	// <pre style="white-space: pre-wrap">, followed by a line break
	// (which the HTML parser drops, so that a line break starting the
	// text is kept), and ends it with </pre>: every space, tab and line
	// break shows as written, in a monospace font, and long lines wrap.
	// The element is written even for an empty text.
	LayoutPre
	// LayoutNone writes the text escaped and nothing more, for a caller
	// that puts it in an element of its own (a <pre>, or one styled with
	// white-space: pre-wrap).
	LayoutNone
)

// The element that LayoutPre writes around the text.
const (
	preStart = "<pre style=\"white-space: pre-wrap\">\n"
	preEnd   = "</pre>"
)

// DefaultRel is the rel attribute a Linkifier writes when Options.Rel is
// empty and Options.NoRel is not set: the text is someone else's, so
// search engines are told not to credit its links (nofollow) and the page
// opened gets no handle on the window that opened it (noopener), which
// matters once Target is "_blank".
const DefaultRel = "nofollow noopener"

// Options configure a Linkifier. The zero value writes HTML with
// DefaultRel.
type Options struct {
	// Format is the markup to write; the zero value is FormatHTML.
	Format Format
	// Rel is the rel attribute of each a element; "" means DefaultRel.
	// Markdown has no place for it.
	Rel string
	// NoRel writes no rel attribute at all, whatever Rel says.
	NoRel bool
	// Target is the target attribute of each a element ("_blank", say);
	// "" writes none. Markdown has no place for it.
	Target string
	// Layout is how the HTML keeps the text's lines and indentation; the
	// zero value is LayoutBR. Markdown is written without it: its line
	// breaks are kept as they are.
	Layout Layout

	// Charset is what the transport says of the text's encoding, as in
	// extract.Options: a Content-Type header value ("text/plain;
	// charset=koi8-r") or a bare WHATWG encoding label. A byte order mark
	// overrides it; a label the Encoding Standard does not know is
	// ignored.
	Charset string
	// DefaultCharset is the encoding of a text that declares none and is
	// not valid UTF-8. When empty, the encoding of such a text is guessed
	// from its first bytes, as extract.NewText's extractor guesses it; set it ("utf-8",
	// say, to read stray bytes as U+FFFD) to turn guessing off.
	DefaultCharset string

	// Strict makes links only of what is written with a scheme
	// ("https://...", "mailto:...") and of email addresses: a domain
	// name written without a scheme ("www.example.com", but also
	// "README.md", "setup.py", "Date.now") stays text. As
	// extract.Options.StrictText.
	Strict bool
	// MaxText, when positive, shortens the visible text of a link to at
	// most MaxText user-perceived characters (grapheme clusters), an
	// ellipsis "…" in place of its middle; the href is the whole link,
	// and a title attribute (in Markdown, the link's title) holds its
	// whole display form. The cut never falls inside a grapheme
	// cluster, a percent-escape or a host label.
	MaxText int
	// Edit, when not nil, is called for each link before it is written,
	// in text order, and may change it: its Href (which must stay a URL
	// of a scheme linked, else the link is left as text and counted as
	// Invalid), its visible Text, its Title, Rel and Target. Returning
	// false leaves the link as text (Stats.Vetoed counts it). bleach's
	// linkify callbacks do this: add nofollow to some links, drop those
	// of a host, shorten the text.
	Edit func(l *Link) bool

	// Skip, for HTML (NewHTML), names the elements in whose text no link
	// is made, in place of DefaultSkip: lower-case element names, and
	// "svg" or "math" for foreign content. The text of a elements,
	// noscript, script, style, textarea, title and the other raw-text
	// elements is never linkified, whatever Skip says.
	Skip []string
}

// schemes are the schemes a Linkifier links: those of plain-text
// detection (see package textlink) that open something harmless. The
// check is made on the final URI, so that whatever the detector may come
// to accept, no javascript:, vbscript:, data: or file: link is ever
// written.
var schemes = map[string]bool{
	"http": true, "https": true, "ftp": true, "mailto": true, "xmpp": true,
	"irc": true, "ircs": true, "nntp": true, "news": true, "tel": true,
	"sms": true, "magnet": true,
}

// hold is how many bytes of the text before the end of the input read so
// far a Linkifier holds back, because a link may still be reported that
// starts there. A textlink.Scanner decides each candidate from the bytes
// within textlink.MaxLen of its trigger (plus a margin of 16 for prefixes
// such as "mailto:"), so it reports no link that starts more than about
// twice textlink.MaxLen before the end of what it has read; the rest is a
// safety margin. Tests check that no link ever arrives too late.
const hold = 2*textlink.MaxLen + 256

// maxChunk is the largest piece of src a Linkifier reads before it
// writes what it can: it bounds the output held in memory.
const maxChunk = 4 << 10

// A Linkifier turns plain text into an HTML fragment (or Markdown) with
// each link found in it made a link. It is a transform.Transformer whose
// output is UTF-8.
//
// The text may be in any charset of the Encoding Standard, decided as
// extract.NewText's extractor decides it: a byte order mark (which is not written);
// else Options.Charset; else UTF-8 when the first bytes are valid UTF-8
// with some non-ASCII; else Options.DefaultCharset; else the legacy
// charset that the first 8 KiB make most likely when some of their
// bytes are not ASCII, and UTF-8 when none is. Until it is decided, the
// first bytes of the text are held: 1 KiB, or 8 KiB when the charset may
// be guessed. A text in another charset than UTF-8 is decoded, its
// invalid bytes becoming U+FFFD as the Encoding Standard says.
//
// In HTML, every character of the text is escaped ("&", "<", ">", `"` and
// "'" become character references), NUL and bytes that are not UTF-8
// become U+FFFD, and each link that textlink.Scanner finds becomes
//
//	<a href="URI" rel="nofollow noopener">display</a>
//
// The href is the link as a URI: the URL Standard's href (iri.Converter.ToURI
// in Web mode, after "http://" or "mailto:" is put before a link written
// without a scheme) with what RFC 3986 does not allow percent-encoded
// ("[", "]", "|", a stray "%"), as extract.Link.URI gives it, escaped for
// the attribute. The visible text is the link as written, in its display
// form (iri.ToIRI): percent-encoding decoded where it is safe to show, an
// A-label host shown in Unicode when safe, anything unsafe to show
// percent-encoded; where that form would escape an ASCII character the
// text writes as it is ("|", "[", a stray "%"), the link exactly as
// written. A link written without a scheme is shown without one. A link whose visible text holds
// right-to-left characters (iri.NeedsEmbedding in left-to-right text) gets
// dir="ltr" on its a element, which isolates it from the text around it
// (3987bis section 4.1; an element with a dir attribute is a bidi isolate
// in HTML); so does a link preceded in its paragraph (its line) by a bidi
// formatting character, which could otherwise reorder it: after U+202E
// RIGHT-TO-LEFT OVERRIDE, "http://x.co/moc.knab//:sptth" would show as
// "https://bank.com/oc.x//:ptth".
//
// A link whose URI has a scheme other than those of plain-text detection
// (http, https, ftp, mailto, xmpp, irc, ircs, nntp, news, tel, sms,
// magnet), or that cannot be mapped to a URI, is left as text: a
// Linkifier never writes a javascript:, vbscript: or data: link. Whatever
// the input, the output holds no elements but these a elements and those
// of Options.Layout: a br element before each line break (LayoutBR, the
// default), or the one pre element around the whole text (LayoutPre).
//
// In Markdown, each link becomes [display](<URI>): the display text with
// "\", "[", "]", "(", ")", "<", ">", "!", "&", "*", "_", "`" and "~"
// escaped with a backslash, between LRI and PDI (iri.Isolate) when an
// HTML link would get dir="ltr", and the URI between angle brackets (with
// a backslash before "<", ">" and "\", which the URL Standard may leave in
// a query or fragment). The rest of the text is escaped minimally, so
// that it makes no link, image, autolink, HTML or character reference:
// "\", "[", "]", "<", ">", "!" and "&" get a backslash; other Markdown
// (emphasis, headings, lists) is left as written, as the writer of the
// text may well have meant it.
//
// The output does not depend on how the input is cut into pieces. Memory
// is bounded: a Linkifier holds back the last 2*textlink.MaxLen bytes or
// so of the text it has read, where a link may yet be found, and passes
// the text before them through.
//
// Stats counts the links made and those left as text: found without a
// URI, or oversize, dropped by detection for being longer than
// textlink.MaxLen.
type Linkifier struct {
	linker
	sc *textlink.Scanner

	cs  charset.Head          // the first bytes, until they decide the charset
	dec transform.Transformer // the charset's decoder; nil for UTF-8, read as it is
	raw []byte                // input to decode (the first bytes, a character cut by the end of src)
	u8  []byte                // decoded text

	scratch []byte // the scanner's (unused) output
	pend    []byte // pend[head:] is the input not yet written, from offset pendOff on
	head    int
	pendOff int64
	read    int64   // bytes of input read
	links   []match // links found and not yet written
	out     []byte  // output not yet copied to dst
	outPos  int
	ended   bool // the end of the input has been handled
	bidiCtl bool // the text written since the last paragraph separator holds a bidi formatting character
	line    lineState
	late    int // links reported after their text was written (never, if the bound holds)
	stats   Stats
}

// Stats counts what a Linkifier found in a text: what it made links, and
// what it left as text, so that a caller can tell a text without links
// from one whose links were not made.
type Stats struct {
	Links    int // links made
	Invalid  int // links found and left as text: no URI (the URL parser rejects them), or a scheme not to link
	Oversize int // oversize candidates for a link, longer than textlink.MaxLen, dropped by detection and left as text
	Vetoed   int // links that Options.Edit left as text
}

// lineState is what LayoutBR knows of the text written so far.
type lineState struct {
	started bool // the text has a character other than a line break, space or tab since the last line break
	space   bool // the last character written is a space or tab within a line
	cr      bool // the last character written is CR
	col     int  // the columns of the spaces and tabs starting the line
}

type match struct {
	Link
	rtl bool
}

// New returns a Linkifier configured by opts.
func New(opts Options) *Linkifier {
	l := &Linkifier{linker: newLinker(opts)}
	l.sc = textlink.NewScanner(l.found)
	l.sc.Oversize = func(int64) { l.stats.Oversize++ }
	l.cs.Init(charset.Text, opts.Charset, opts.DefaultCharset)
	return l
}

// String returns the text s linkified as opts say; see Linkifier.
func String(s string, opts Options) string {
	out, _, _ := transform.String(New(opts), s)
	return out
}

// Reset implements transform.Transformer: the Linkifier starts a new text.
func (l *Linkifier) Reset() {
	l.sc.Reset()
	l.cs.Reset()
	l.dec, l.raw = nil, l.raw[:0]
	l.pend, l.head = l.pend[:0], 0
	l.pendOff, l.read = 0, 0
	l.links = l.links[:0]
	l.out, l.outPos = l.out[:0], 0
	l.ended, l.bidiCtl = false, false
	l.line = lineState{}
	l.late = 0
	l.stats = Stats{}
}

// Stats returns what the Linkifier has found in the text so far, since
// New or Reset.
func (l *Linkifier) Stats() Stats { return l.stats }

// Transform implements transform.Transformer. It reads src in pieces and
// reports transform.ErrShortDst when dst cannot take what a piece gives;
// it never reports transform.ErrShortSrc, as it keeps what it needs of src
// itself. With atEOF true and a nil error, all of the output is written.
func (l *Linkifier) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for {
		if l.outPos < len(l.out) {
			k := copy(dst[nDst:], l.out[l.outPos:])
			nDst += k
			l.outPos += k
			if l.outPos < len(l.out) {
				return nDst, nSrc, transform.ErrShortDst
			}
			l.out, l.outPos = l.out[:0], 0
		}
		if !l.cs.Done() {
			rest, done := l.cs.Feed(src[nSrc:], atEOF)
			nSrc = len(src) - len(rest)
			if !done {
				return nDst, nSrc, nil
			}
			l.start()
			if l.pre() {
				l.out = append(l.out, preStart...)
			}
		}
		text, n, read := l.next(src[nSrc:], atEOF)
		nSrc += n
		switch {
		case len(text) > 0:
			l.take(text)
		case read:
			// Input without text (an escape sequence), or a character
			// cut by the end of src, held.
		case !atEOF || l.ended:
			return nDst, nSrc, nil
		default:
			l.scan(nil, true)
			l.write(true)
			if l.pre() {
				l.out = append(l.out, preEnd...)
			}
			l.ended = true
		}
	}
}

// start prepares the decoding once the charset is decided, and holds
// the first bytes, less a byte order mark, to be read first.
func (l *Linkifier) start() {
	cs := l.cs.Charset()
	b := l.cs.Bytes()
	if cs.Source == charset.SourceBOM {
		if cs.Name == "utf-8" {
			b = b[3:]
		} else {
			b = b[2:]
		}
	}
	l.dec = nil
	if cs.Name != "utf-8" {
		l.dec = cs.Encoding.NewDecoder()
	}
	l.raw = append(l.raw[:0], b...)
}

// next returns the next piece of the text in UTF-8, at most maxChunk
// bytes of input decoded, from what is held and then from src, how many
// bytes of src it took, and whether it read any input. It may read input
// and return no text: a character cut by the end of src, held until the
// rest comes, or an escape sequence of ISO-2022-JP; it reads nothing
// when there is nothing more to read. atEOF reports that src ends the
// input.
func (l *Linkifier) next(src []byte, atEOF bool) (text []byte, n int, read bool) {
	if l.dec == nil {
		if len(l.raw) > 0 {
			k := min(len(l.raw), maxChunk)
			text, l.raw = l.raw[:k], l.raw[k:]
			return text, 0, true
		}
		k := min(len(src), maxChunk)
		return src[:k], k, k > 0
	}
	in := src[:min(len(src), maxChunk)]
	n = len(in)
	if len(l.raw) > 0 {
		if len(l.raw) >= maxChunk {
			in, n = nil, 0 // the first bytes: decoded first
		}
		l.raw = append(l.raw, in...)
		in = l.raw
	}
	if len(in) == 0 {
		return nil, 0, false
	}
	if len(l.u8) < 4*maxChunk {
		l.u8 = make([]byte, 4*maxChunk) // enough for maxChunk bytes of any charset
	}
	last := atEOF && n == len(src)
	nd, ns, _ := l.dec.Transform(l.u8, in[:min(len(in), maxChunk)], last && len(in) <= maxChunk)
	if nd == 0 && ns == 0 && (last || len(in) >= 8) {
		// No progress: take the byte as U+FFFD, as the decoder would.
		nd, ns = utf8.EncodeRune(l.u8, utf8.RuneError), 1
	}
	rest := in[ns:]
	if len(l.raw) > 0 {
		l.raw = l.raw[:copy(l.raw, rest)]
	} else {
		l.raw = append(l.raw, rest...)
	}
	return l.u8[:nd], n, n > 0 || ns > 0
}

// take linkifies the next piece of the text, in UTF-8, into l.out.
func (l *Linkifier) take(chunk []byte) {
	l.scan(chunk, false)
	if l.head > 0 && l.head >= len(l.pend)-l.head {
		// Once the written bytes are as many as the others:
		// amortized, each byte is moved at most once.
		l.pend = l.pend[:copy(l.pend, l.pend[l.head:])]
		l.head = 0
	}
	l.pend = append(l.pend, chunk...)
	l.read += int64(len(chunk))
	l.write(false)
}

// scan feeds p to the scanner, which reports the links through found.
func (l *Linkifier) scan(p []byte, atEOF bool) {
	if cap(l.scratch) < maxChunk {
		l.scratch = make([]byte, maxChunk)
	}
	for {
		_, n, err := l.sc.Transform(l.scratch[:cap(l.scratch)], p, atEOF)
		p = p[n:]
		if err == nil {
			return
		}
	}
}

// found is the scanner's callback.
func (l *Linkifier) found(m *textlink.Match) {
	if m.Start < l.pendOff {
		l.late++ // its text is written already: leave it as text
		return
	}
	if l.opts.Strict && !m.Strict() {
		return
	}
	lk, ok, invalid := l.decide(string(m.AppendValue(nil)), m.Start, m.End, m.Scheme != "", m.Email)
	switch {
	case invalid:
		l.stats.Invalid++
	case !ok:
		l.stats.Vetoed++
	default:
		l.stats.Links++
		l.links = append(l.links, match{Link: lk, rtl: iri.NeedsEmbedding(lk.Text, iri.LeftToRight)})
	}
}

// safeURI reports whether the URI u may be written as a link: its
// scheme is one of schemes, and it is printable ASCII.
func safeURI(u string) bool {
	i := strings.IndexByte(u, ':')
	if i <= 0 || !schemes[strings.ToLower(u[:i])] {
		return false
	}
	for j := 0; j < len(u); j++ {
		if c := u[j]; c <= ' ' || c >= 0x7F {
			return false
		}
	}
	return true
}

// write renders into l.out the links and the text that are settled: all
// of it at the end of the input, and otherwise what lies more than
// hold bytes before the end of the input read.
func (l *Linkifier) write(atEOF bool) {
	limit := l.read - hold
	if atEOF {
		limit = l.read
	}
	for len(l.links) > 0 && l.links[0].Start < limit {
		m := &l.links[0]
		l.text(int(m.Start - l.pendOff))
		l.link(m)
		l.drop(int(m.End - l.pendOff))
		l.links = l.links[1:]
	}
	if limit <= l.pendOff {
		return
	}
	n := int(limit - l.pendOff)
	if !atEOF {
		n = runeCut(l.pend[l.head:], n)
	}
	l.text(n)
}

// runeCut returns an i <= n at which decoding b rune by rune, as
// utf8.DecodeRune does, starts a rune whatever the bytes after b[n], so
// that b[:i] escapes as it would as part of the whole text: n when b[n]
// does not continue a rune (or when no lead byte before it can reach it),
// and otherwise the start of the rune it may continue. b must be longer
// than n.
func runeCut(b []byte, n int) int {
	for i := n; i >= 0 && i > n-4; i-- {
		if !utf8.RuneStart(b[i]) {
			continue
		}
		if i < n && n-i < runeLen(b[i]) {
			return i
		}
		return n
	}
	return n
}

// runeLen returns the length of the UTF-8 sequence that lead byte c starts.
func runeLen(c byte) int {
	switch {
	case c >= 0xF0:
		return 4
	case c >= 0xE0:
		return 3
	case c >= 0xC0:
		return 2
	}
	return 1
}

// text escapes the next n bytes of input into l.out and drops them.
func (l *Linkifier) text(n int) {
	if n <= 0 {
		return
	}
	b := l.pend[l.head : l.head+n]
	l.bidiCtl = bidiControls(b, l.bidiCtl)
	switch {
	case l.opts.Format == FormatMarkdown:
		l.out = appendMarkdownText(l.out, b, false)
	case l.opts.Layout == LayoutBR:
		l.out = l.line.appendHTML(l.out, b)
	default:
		l.out = appendHTMLText(l.out, b)
	}
	l.drop(n)
}

// pre reports whether the output is wrapped in a pre element.
func (l *Linkifier) pre() bool {
	return l.opts.Format == FormatHTML && l.opts.Layout == LayoutPre
}

// nbsp is what LayoutBR writes for a space it keeps.
const nbsp = "&nbsp;"

// appendHTML appends b as HTML text laid out as LayoutBR says, given s,
// the state the text before b left, which it updates: the same bytes
// give the same output however the text is cut.
func (s *lineState) appendHTML(dst, b []byte) []byte {
	run := 0 // b[run:i] is text to escape
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\n' && c != '\r' && c != ' ' && c != '\t' {
			s.started, s.space, s.cr = true, false, false
			continue
		}
		dst = appendHTMLText(dst, b[run:i])
		run = i + 1
		switch {
		case c == '\n' && s.cr:
			dst = append(dst, '\n') // CRLF: its <br> is written
		case c == '\n' || c == '\r':
			dst = append(dst, "<br>"...)
			dst = append(dst, c)
		case !s.started:
			k := 1
			if c == '\t' {
				k = 8 - s.col%8
			}
			s.col += k
			for ; k > 0; k-- {
				dst = append(dst, nbsp...)
			}
		case s.space:
			dst = append(dst, nbsp...)
		default:
			dst = append(dst, ' ')
		}
		if c == '\n' || c == '\r' {
			*s = lineState{cr: c == '\r'}
		} else {
			s.space, s.cr = s.started, false
		}
	}
	return appendHTMLText(dst, b[run:])
}

// bidiControls reports whether the text that ends with b holds a bidi
// formatting character (U+202A to U+202E, U+2066 to U+2069) after its last
// paragraph separator, given ctl, the answer for the text before b.
func bidiControls(b []byte, ctl bool) bool {
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '\n' || c == '\r' || 0x1C <= c && c <= 0x1E:
			ctl = false
		case c == 0xC2 && i+1 < len(b) && b[i+1] == 0x85: // U+0085 NEXT LINE
			ctl = false
		case c == 0xE2 && i+2 < len(b):
			switch c1, c2 := b[i+1], b[i+2]; {
			case c1 == 0x80 && c2 == 0xA9: // U+2029 PARAGRAPH SEPARATOR
				ctl = false
			case c1 == 0x80 && 0xAA <= c2 && c2 <= 0xAE, c1 == 0x81 && 0xA6 <= c2 && c2 <= 0xA9:
				ctl = true
			}
		}
	}
	return ctl
}

// drop drops the first n bytes of the input not yet written; Transform
// moves the rest to the front of l.pend before it appends more.
func (l *Linkifier) drop(n int) {
	l.head += n
	l.pendOff += int64(n)
}

// link writes the link m into l.out.
func (l *Linkifier) link(m *match) {
	if l.opts.Format == FormatMarkdown {
		d := m.Text
		if m.rtl || l.bidiCtl {
			d = iri.Isolate(d)
		}
		l.out = append(l.out, '[')
		l.out = appendMarkdownText(l.out, []byte(d), true)
		l.out = append(l.out, "](<"...)
		for i := 0; i < len(m.Href); i++ {
			switch c := m.Href[i]; c {
			case '<', '>', '\\':
				l.out = append(l.out, '\\', c)
			default:
				l.out = append(l.out, c)
			}
		}
		l.out = append(l.out, '>')
		if m.Title != "" {
			l.out = append(l.out, " \""...)
			for _, c := range []byte(m.Title) {
				if c == '"' || c == '\\' {
					l.out = append(l.out, '\\')
				}
				l.out = append(l.out, c)
			}
			l.out = append(l.out, '"')
		}
		l.out = append(l.out, ')')
		return
	}
	l.out = appendStartTag(l.out, &m.Link, m.rtl || l.bidiCtl)
	l.out = appendHTMLText(l.out, []byte(m.Text))
	l.out = append(l.out, "</a>"...)
	l.line = lineState{started: true}
}

// appendStartTag appends the start tag of the a element of l, in UTF-8:
// its href, title, rel and target, and dir="ltr" when ltr.
func appendStartTag(dst []byte, l *Link, ltr bool) []byte {
	dst = append(dst, `<a href="`...)
	dst = appendHTMLEscaped(dst, l.Href)
	dst = append(dst, '"')
	for _, a := range [...]struct{ name, val string }{{"title", l.Title}, {"rel", l.Rel}, {"target", l.Target}} {
		if strings.TrimSpace(a.val) == "" {
			continue
		}
		dst = append(dst, ' ')
		dst = append(dst, a.name...)
		dst = append(dst, `="`...)
		dst = appendHTMLEscaped(dst, a.val)
		dst = append(dst, '"')
	}
	if ltr {
		dst = append(dst, ` dir="ltr"`...)
	}
	return append(dst, '>')
}

// appendHTMLEscaped appends s with the five HTML special characters
// escaped, for an attribute value.
func appendHTMLEscaped(dst []byte, s string) []byte {
	return appendHTMLText(dst, []byte(s))
}

// appendHTMLText appends b as HTML text: "&", "<", ">", `"` and "'" as
// character references, NUL and invalid UTF-8 as U+FFFD.
func appendHTMLText(dst, b []byte) []byte { return appendEscaped(dst, b, &htmlEscapes) }

// appendMarkdownText appends b as Markdown text, with NUL and invalid
// UTF-8 as U+FFFD and a backslash before the characters that could make
// a link, an image, an autolink, HTML or a character reference; inLink adds
// those that matter in link text (brackets, parentheses, emphasis).
func appendMarkdownText(dst, b []byte, inLink bool) []byte {
	if inLink {
		return appendEscaped(dst, b, &markdownLinkEscapes)
	}
	return appendEscaped(dst, b, &markdownEscapes)
}

// The escapes of the ASCII characters, "" for those that stay as they are.
var htmlEscapes, markdownEscapes, markdownLinkEscapes [utf8.RuneSelf]string

func init() {
	htmlEscapes = [utf8.RuneSelf]string{0: "\uFFFD", '&': "&amp;", '<': "&lt;", '>': "&gt;", '"': "&#34;", '\'': "&#39;"}
	markdownEscapes[0] = "\uFFFD"
	for _, c := range `\[]<>!&` {
		markdownEscapes[c] = `\` + string(c)
	}
	markdownLinkEscapes = markdownEscapes
	for _, c := range "()*_`~" {
		markdownLinkEscapes[c] = `\` + string(c)
	}
}

// appendEscaped appends b to dst with each ASCII character c replaced by
// esc[c] when that is not empty and each byte that is not UTF-8 by
// U+FFFD; the runs of bytes that stay as they are are copied whole.
func appendEscaped(dst, b []byte, esc *[utf8.RuneSelf]string) []byte {
	run := 0 // b[run:i] stays as it is
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if e := esc[c]; e != "" {
				dst = append(dst, b[run:i]...)
				dst = append(dst, e...)
				run = i + 1
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, b[run:i]...)
			dst = append(dst, "\uFFFD"...)
			run = i + 1
		}
		i += n
	}
	return append(dst, b[run:]...)
}
