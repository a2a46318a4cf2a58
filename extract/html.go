package extract

import (
	"bytes"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/relink-go/relink/internal/htmltok"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/weburl"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// Options configure an HTML extractor.
type Options struct {
	// BaseURL is the document's own URL, against which its links (and
	// its <base href>) resolve. Without one, relative links are reported
	// in URI form, unresolved.
	BaseURL string
	// Charset is what the transport says of the document's encoding: a
	// Content-Type header value ("text/html; charset=koi8-r") or a bare
	// label. It is overridden by a byte order mark, and overrides <meta>.
	Charset string
	// DefaultCharset is the encoding of a document that declares none and
	// is not valid UTF-8. When empty, the encoding of such a document is
	// guessed from its first DetectLimit bytes (see DetectCharset); set
	// it ("windows-1252", as browsers read an unlabeled page in most
	// locales) to turn guessing off.
	DefaultCharset string
	// MaxTagSize bounds the bytes of one tag (or comment) that are held
	// in memory: a longer one is passed through unexamined and reported
	// with an Oversize error. Default 1 MiB.
	MaxTagSize int
	// MaxAnchorText bounds Link.Text, in bytes. Default 256.
	MaxAnchorText int
	// TextLinks also reports the links written as plain text in the
	// document's text (not in script, style and the like).
	TextLinks bool
	// StrictText takes for a link in plain text (Text, and TextLinks)
	// only what is written with a scheme ("https://...", "mailto:...")
	// and email addresses: a domain name written without a scheme
	// ("www.example.com", but also "README.md", "Date.now", "x.sh") is
	// not reported. As xurls's Strict: what a program that changes text
	// wants, where a file name or a method call taken for a link would
	// be damaged.
	StrictText bool
	// Unresolved leaves Link.URI and Link.IRI empty: the extractor finds
	// the links, their values and spans, and does not resolve them (the
	// most expensive part of extraction). For callers that resolve only
	// some links, or resolve them their own way.
	Unresolved bool
	// Immediate reports each link as soon as it is found, in document
	// order, instead of reporting an a element's href with its text when
	// the element ends: Link.Text is then empty. A rewriter, which must
	// know a link before it writes the bytes after it, wants this.
	Immediate bool
}

// ErrOversize is passed to the link function (in a Link with Tag "" and
// Attr "") for a construct longer than Options.MaxTagSize, which is passed
// through without being examined.
type OversizeError struct {
	Offset int64
}

func (e *OversizeError) Error() string {
	return fmt.Sprintf("extract: a construct longer than the size limit, at offset %d, was passed through unexamined", e.Offset)
}

// An HTML extractor finds the links of an HTML document as it streams
// through. It is a transform.Transformer whose output is its input,
// unchanged, byte for byte; for each link it calls the function given to
// NewHTML, in document order.
//
// It works on the document's raw bytes for every ASCII-compatible
// charset, decoding only link values; ISO-2022-JP is read through a mask
// that hides the bytes of its two-byte runs from the tokenizer, and UTF-16
// is decoded to UTF-8 for the tokenizer (offsets stay those of the
// input). Memory is bounded: the first bytes are held until the charset
// is known (1024, or, when they declare none, up to HeadLimit while a
// later <meta> may still change it, and DetectLimit at least when the
// charset is then guessed: see DetectCharset), and then at most
// one tag (Options.MaxTagSize), the anchor text of one a element and the
// links inside it.
//
// Links before the first <base href> resolve against the document's URL;
// a browser would use the base for them too (the base applies to the
// whole document), which a stream cannot know in advance. Such pages are
// rare: base belongs in head.
type HTML struct {
	opts Options
	fn   func(*Link) error
	z    *htmltok.Tokenizer

	cs      Charset
	known   bool
	late    bool        // the first bytes left the charset tentative: scan decides
	scan    metaScanner // looks for a late <meta>, when late
	guess   bool        // no charset or fallback given: an undeclared one is guessed
	head    []byte      // input held until the charset is known
	pend    []byte      // output not yet written
	replay  []byte      // held input not yet given to the tokenizer
	conv    *iri.Converter
	web     *weburl.Parser // resolves links in the document's charset
	docURL  *weburl.URL    // Options.BaseURL parsed, or nil
	base    *weburl.URL    // the document's base URL, or nil
	hasBase bool           // a base element with href was seen

	settled int64 // offset in the input after the last token

	// Lines are counted lazily, in the chunk given to the tokenizer:
	chunk     []byte // the chunk
	chunkOff  int64  // its offset in the tokenizer's stream
	chunkLine int    // the line at chunkOff
	cntPos    int    // bytes of chunk counted
	cntLines  int    // the newlines among them
	jis       *jisMasker
	mbuf      []byte
	u16       *utf16Decoder
	u8        []byte
	units     int64 // UTF-16 code units before the next token
	bom       int64

	anchor  *Link   // the a element being read, waiting for its text
	queue   []*Link // links found inside it, in order
	text    []byte  // its text so far
	inStyle bool
	css     CSSScanner
	cssTok  *htmltok.Token // the text token the CSS scanner reads, while it does
	cssPend cssMark        // where the URL the scanner is in began
	cssTail []byte         // and its bytes so far

	trun      []byte // text since the last tag, for Options.TextLinks
	trunStart int64  // its offset in the input
	trunLine  int

	vbuf, dbuf []byte
	decBuf     []byte            // a value decoded from the charset, for value
	tdec       []byte            // anchor text decoded from the charset
	dec        *encoding.Decoder // the charset's decoder, for decoder
	offs1      []int32
	identity   bool         // the value decoded by value is its raw bytes
	scratch    Link         // the Link reported when it need not be kept
	pool       []*Link      // Links reported after an a element, for reuse
	cache      []cacheEntry // links resolved against cacheBase, by hash of Raw
	cacheGen   uint32       // the generation of the valid entries
	cacheMiss  int          // misses since cache was made
	cacheBase  *weburl.URL
	// cleanPrefix is cacheBase's scheme, "//" and host when ToIRI would
	// not change them, else "".
	cleanPrefix string
	slotRaw     string // the Raw whose hash is slotHash
	slotHash    uint64
	strs        []byte // the block of string data of str
	tbuf, cbuf  []byte // anchor text, decoded and collapsed
	cssQuote    byte   // the CSSURL.Quote of the URL eachURL reports
	offs2       []int32
	rbuf        []byte // ReadFrom's
	ubuf        []byte // a URI being resolved
	err         error
}

// NewHTML returns an HTML extractor that calls fn for each link. The Link
// is valid only until fn returns: fn must copy what it keeps. An error
// from fn stops the transformation and is returned by Transform.
func NewHTML(opts Options, fn func(*Link) error) *HTML {
	if opts.MaxTagSize <= 0 {
		opts.MaxTagSize = 1 << 20
	}
	if opts.MaxAnchorText <= 0 {
		opts.MaxAnchorText = 256
	}
	x := &HTML{opts: opts, fn: fn, guess: guesses(&opts)}
	x.z = htmltok.New(htmltok.MaxTagSize(opts.MaxTagSize))
	x.Reset()
	return x
}

// Reset implements transform.Transformer.
func (x *HTML) Reset() {
	x.z.Reset()
	x.cs, x.known, x.late = Charset{}, false, false
	x.head, x.pend, x.replay = x.head[:0], nil, nil
	x.conv, x.web, x.docURL, x.base, x.hasBase = nil, nil, nil, nil, false
	x.cacheGen++
	x.cacheBase, x.slotRaw = nil, ""
	x.cssTok, x.cssPend, x.cssTail = nil, cssMark{stream: -1}, x.cssTail[:0]
	x.dec = nil
	x.jis, x.u16, x.units, x.bom, x.settled = nil, nil, 0, 0, 0
	x.chunk, x.chunkOff, x.chunkLine, x.cntPos, x.cntLines = nil, 0, 1, 0, 0
	x.anchor, x.queue, x.text, x.inStyle = nil, nil, nil, false
	x.trun = x.trun[:0]
	x.css.Reset()
	x.err = nil
}

// Charset returns the document's charset, once Transform has seen enough
// of the document to decide it (the first 1024 bytes; when they declare
// none, up to the end of the head, at most HeadLimit, as a later <meta>
// may decide it, and at least DetectLimit bytes when the charset is then
// guessed, that is when neither Options.Charset nor Options.DefaultCharset
// is set; or all of a shorter document): what DetectCharset says of those
// bytes.
func (x *HTML) Charset() Charset { return x.cs }

// Transform implements transform.Transformer: it copies src to dst and
// finds the links of what it copies.
func (x *HTML) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if x.err != nil {
		return 0, 0, x.err
	}
	// Write the held head first.
	if len(x.pend) > 0 {
		n := copy(dst, x.pend)
		x.pend = x.pend[n:]
		nDst = n
		if len(x.pend) > 0 {
			return nDst, 0, transform.ErrShortDst
		}
	}
	n := copy(dst[nDst:], src)
	if !x.known {
		// Until the charset is known the input is held (x.head) and
		// written once it is: what Feed holds, all of src[:n].
		n = min(len(src), x.holdLimit()-len(x.head))
	}
	known := x.known
	if err := x.Feed(src[:n], atEOF && n == len(src)); err != nil {
		return nDst, nSrc, err
	}
	if known {
		nDst += n
	} else if x.known {
		x.pend = x.head
		k := copy(dst[nDst:], x.pend)
		x.pend = x.pend[k:]
		nDst += k
	}
	nSrc = n
	if len(x.pend) > 0 || nSrc < len(src) {
		return nDst, nSrc, transform.ErrShortDst
	}
	return nDst, nSrc, nil
}

// Feed finds the links of the next bytes of the document, b, without
// writing anything: for a caller that writes the document itself, such as
// a rewriter. atEOF reports that b ends the document.
func (x *HTML) Feed(b []byte, atEOF bool) error {
	if x.err != nil {
		return x.err
	}
	if !x.known {
		var ready bool
		if b, ready = x.hold(b, atEOF); !ready {
			return nil
		}
		x.start()
		if err := x.feed(x.head, atEOF && len(b) == 0); err != nil {
			return err
		}
		if len(b) == 0 {
			return nil
		}
	}
	return x.feed(b, atEOF)
}

// Settled returns the offset in the input before which every link has
// been found: a rewriter may write the bytes before it. The bytes after
// it belong to a tag, a CSS url() or a run of text still being read.
func (x *HTML) Settled() int64 {
	if !x.known {
		return 0
	}
	s := x.settled
	if x.inStyle && x.u16 == nil {
		if p, ok := x.css.Pending(); ok {
			s = min(s, p)
		}
	}
	if len(x.trun) > 0 {
		s = min(s, x.trunStart)
	}
	return s
}

// hold holds in x.head the first bytes of the document, from b, until its
// charset is decided, as DetectCharset decides it: the first PrescanLimit
// bytes; then, when they leave it tentative, the bytes up to where a late
// <meta> is found or can no longer be (at most HeadLimit); then, when
// nothing declared the charset and it is to be guessed, at least
// DetectLimit bytes. It returns the rest of b and whether the charset,
// x.cs, is decided.
func (x *HTML) hold(b []byte, atEOF bool) ([]byte, bool) {
	if !x.late {
		var ready bool
		if x.head, b, ready = holdHead(x.head, b, atEOF, PrescanLimit); !ready {
			return b, false
		}
		var tentative bool
		x.cs, tentative = detectFirst(x.head, x.opts.Charset, x.opts.DefaultCharset)
		if !tentative {
			return b, true
		}
		x.late = true
		x.scan.reset()
		x.scan.scan(x.head, atEOF && len(b) == 0)
	}
	for !x.decided(atEOF && len(b) == 0) {
		if len(b) == 0 && !atEOF {
			return b, false
		}
		take := min(len(b), x.holdLimit()-len(x.head))
		x.head = append(x.head, b[:take]...)
		if !x.scan.done {
			// At the end of the document the scan ends too.
			x.scan.scan(b[:take], atEOF && take == len(b))
		}
		b = b[take:]
	}
	x.cs = decideLate(x.cs, &x.scan, x.head, x.opts.DefaultCharset)
	return b, true
}

// holdLimit returns how many bytes hold may hold in the state it is in.
func (x *HTML) holdLimit() int {
	switch {
	case !x.late:
		return PrescanLimit
	case !x.scan.done:
		return HeadLimit
	}
	return DetectLimit
}

// decided reports whether the bytes held decide the charset, once the
// first ones left it tentative; atEnd reports that they are the whole
// document.
func (x *HTML) decided(atEnd bool) bool {
	return x.scan.done && (x.scan.name != "" || x.cs.Name != "" || !x.guess ||
		len(x.head) >= DetectLimit || atEnd)
}

// start prepares the conversions for the charset decided.
func (x *HTML) start() {
	x.known = true
	x.conv = iri.NewConverter(iri.WithMode(iri.Web), iri.WithCharset(x.cs.Encoding))
	x.web = weburl.NewParser(x.cs.Encoding)
	switch x.cs.Name {
	case "iso-2022-jp":
		x.jis = new(jisMasker)
	case "utf-16le", "utf-16be":
		x.u16 = &utf16Decoder{bigEndian: x.cs.Name == "utf-16be"}
		if x.cs.Source == SourceBOM {
			x.bom = 2
		}
	}
	if x.opts.BaseURL != "" {
		if u, err := x.web.Parse(x.opts.BaseURL, nil); err == nil {
			x.docURL, x.base = u, u
		}
	}
	// The tokenizer may pass over the tokens that token would ignore: all
	// raw text but a style element's, ordinary text (skipText), the end
	// tags but a's and style's, and the start tags that hold no link
	// (wantStart). In UTF-16, token counts the units of every token; with
	// text links, a tag ends a run of text.
	for r := htmltok.Script; r <= htmltok.Plaintext; r++ {
		x.z.SkipText(r, x.u16 == nil && r != htmltok.Style)
	}
	x.skipText()
	skipTags := x.u16 == nil && !x.opts.TextLinks
	x.z.SkipEndTags(skipTags, "a", "style")
	if skipTags {
		x.z.SkipStartTags(x.wantStart)
	} else {
		x.z.SkipStartTags(nil)
	}
}

// wantStart reports whether token wants the start tag tok: an a or style
// element, or one with an attribute that may hold a link.
func (x *HTML) wantStart(tok *htmltok.Token) bool {
	if string(tok.Name) == "a" || string(tok.Name) == "style" {
		return true
	}
	for i := range tok.Attrs {
		if a := &tok.Attrs[i]; !a.Dup && a.ValOff >= 0 {
			if _, ok := Lookup(tok.Name, a.Name); ok {
				return true
			}
		}
	}
	return false
}

// skipText lets the tokenizer pass over ordinary text when token would
// ignore it.
func (x *HTML) skipText() {
	x.z.SkipText(htmltok.NotRaw, x.ignoresText())
}

// ignoresText reports whether token ignores ordinary text: when it is not
// the text of an open a element, text links are not wanted, and the
// document is not UTF-16 (whose units token counts).
func (x *HTML) ignoresText() bool {
	return x.anchor == nil && !x.opts.TextLinks && x.u16 == nil
}

// feed tokenizes the input chunk b (as written).
func (x *HTML) feed(b []byte, atEOF bool) error {
	in := b
	switch {
	case x.jis != nil:
		if cap(x.mbuf) < len(b) {
			x.mbuf = make([]byte, len(b))
		}
		in = x.mbuf[:len(b)]
		x.jis.mask(in, b)
	case x.u16 != nil:
		if x.bom > 0 && x.z.Offset() == 0 && x.units == 0 && len(x.u8) == 0 {
			// Skip the byte order mark: it is not text.
			skip := min(int(x.bom), len(b))
			b = b[skip:]
		}
		x.u8 = x.u16.decode(x.u8[:0], b, atEOF)
		in = x.u8
	}
	x.chunk, x.chunkOff, x.cntPos, x.cntLines = in, x.z.Offset(), 0, 0
	defer x.endChunk()
	for {
		tok, n, err := x.z.Next(in, atEOF)
		if tok != nil {
			if e := x.token(tok); e != nil {
				x.err = e
				return e
			}
		}
		in = in[n:]
		if err == io.EOF {
			return x.finish()
		}
		if tok == nil && len(in) == 0 {
			if x.u16 == nil {
				// What the tokenizer passed over holds no link: settled
				// too (a long run of it must not be held by a rewriter).
				x.settled = max(x.settled, x.z.Passed())
			}
			return nil
		}
	}
}

// orig returns the offset in the original input of byte i of the
// tokenizer's stream, given the stream offset of the token that holds it
// and the token's raw bytes.
func (x *HTML) orig(tok *htmltok.Token, i int) int64 {
	if x.u16 != nil {
		return x.bom + 2*(x.units+utf16Units(tok.Raw[:i]))
	}
	return tok.Offset + int64(i)
}

// token handles one token, then advances the line count.
func (x *HTML) token(tok *htmltok.Token) error {
	if tok.Type == htmltok.Text && tok.RawText == htmltok.NotRaw && x.ignoresText() {
		// Text that holds no link and is no anchor text (most of it):
		// the bookkeeping at the end of this function, only.
		x.settled = tok.Offset + int64(len(tok.Raw))
		return nil
	}
	var err error
	if len(x.trun) > 0 && (tok.Type != htmltok.Text || tok.RawText != htmltok.NotRaw || x.anchor != nil) {
		if err := x.flushText(); err != nil {
			return err
		}
	}
	switch tok.Type {
	case htmltok.StartTag, htmltok.SelfClosingTag:
		err = x.startTag(tok)
		if string(tok.Name) == "style" && tok.Type == htmltok.StartTag && !tok.Foreign {
			x.inStyle = true
			x.css.Reset()
		}
	case htmltok.EndTag:
		switch string(tok.Name) {
		case "a":
			err = x.closeAnchor()
		case "style":
			if x.inStyle {
				err = x.closeStyle()
			}
		}
	case htmltok.Text:
		switch {
		case tok.RawText == htmltok.Style && x.inStyle:
			err = x.styleText(tok)
		case tok.RawText == htmltok.NotRaw && x.anchor != nil:
			x.anchorText(tok.Raw)
		case tok.RawText == htmltok.NotRaw && x.opts.TextLinks:
			err = x.addText(tok)
		}
	case htmltok.Oversize:
		// One report per construct, which comes in several tokens.
		if !tok.Cont {
			off := x.orig(tok, 0)
			err = x.emit(&Link{Offset: off, Line: x.lineAt(tok, 0), Err: &OversizeError{Offset: off}})
		}
	}
	if x.u16 != nil {
		x.settled = x.orig(tok, len(tok.Raw))
		x.units += utf16Units(tok.Raw)
	} else {
		x.settled = tok.Offset + int64(len(tok.Raw))
	}
	return err
}

// startTag finds the links of a start tag.
func (x *HTML) startTag(tok *htmltok.Token) error {
	if string(tok.Name) == "a" && x.anchor != nil {
		// An a start tag ends the open one, as the parser's adoption
		// agency does for nested a elements.
		if err := x.closeAnchor(); err != nil {
			return err
		}
	}
	var codebase *weburl.URL
	if string(tok.Name) == "object" || string(tok.Name) == "applet" {
		// codebase is the base of the element's other URLs, wherever it
		// stands among the attributes (HTML 4.01 section 13.3).
		for i := range tok.Attrs {
			a := &tok.Attrs[i]
			if !a.Dup && a.ValOff >= 0 && string(a.Name) == "codebase" {
				v := string(x.value(tok, a))
				if u, err := x.web.Parse(strings.TrimSpace(v), x.base); err == nil {
					codebase = u
				}
			}
		}
	}
	for i := range tok.Attrs {
		a := &tok.Attrs[i]
		if a.Dup || a.ValOff < 0 {
			continue
		}
		rule, ok := Lookup(tok.Name, a.Name)
		if !ok {
			continue
		}
		switch rule.Cond {
		case IfMeta:
			if rule, ok = MetaContent(x.attr(tok, "http-equiv"), x.attr(tok, "name"), x.attr(tok, "property")); !ok {
				continue
			}
		case IfRel:
			rule.Role = LinkRole(x.attr(tok, "rel"))
		case IfImageInput:
			if !equalFoldASCII(bytes.TrimSpace(x.attr(tok, "type")), "image") {
				continue
			}
		case IfParamURL:
			if !ParamIsURL(x.attr(tok, "name"), x.attr(tok, "valuetype")) {
				continue
			}
		}
		if rule.Kind == KindHTML {
			continue // srcdoc: a document of its own, not scanned
		}
		if string(tok.Name) == "object" && string(a.Name) == "classid" && bytes.HasPrefix(bytes.ToLower(bytes.TrimSpace(a.Val)), []byte("clsid:")) {
			continue // an ActiveX class id, not a URL
		}
		value := x.value(tok, a)
		base := x.base
		if rule.Role == Base {
			// The base element's href resolves against the document's URL.
			base = x.docURL
			if string(tok.Name) == "base" && !x.hasBase {
				x.hasBase = true
				s, e := trimC0Space(value, 0, len(value))
				if u, err := x.web.Parse(string(value[s:e]), x.docURL); err == nil {
					x.base = u
				}
			}
		}
		if rule.Flags&IgnoresBase != 0 {
			base = x.docURL
		}
		if rule.Flags&UsesCodebase != 0 && codebase != nil {
			base = codebase
		}
		var err error
		if rule.Kind == KindURL {
			// One URL, the value trimmed: most links.
			s, e := trimC0Space(value, 0, len(value))
			err = x.link(tok, a, rule, base, s, e, x.rawString(value[s:e]))
		} else {
			err = x.eachURL(rule, value, func(s, e int, v string) error {
				return x.link(tok, a, rule, base, s, e, v)
			})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// link reports the URL v of attribute a of the start tag tok, which the
// attribute's decoded value (see value) holds at [s, e), under rule,
// resolved against base.
func (x *HTML) link(tok *htmltok.Token, a *htmltok.Attr, rule Rule, base *weburl.URL, s, e int, v string) error {
	anchor := string(tok.Name) == "a" && string(a.Name) == "href" && tok.Type == htmltok.StartTag && !x.opts.Immediate
	l := x.newLink(anchor)
	*l = Link{
		Tag:    intern(tok.Name),
		Attr:   intern(a.Name),
		Role:   rule.Role,
		Lazy:   rule.Flags&Lazy != 0,
		Raw:    v,
		Offset: x.valueOffset(tok, a, s),
		End:    x.valueOffset(tok, a, e),
		Kind:   rule.Kind,
		Quote:  a.Quote,
		Base:   base,
	}
	l.Line = x.lineAt(tok, a.ValOff+x.rawIndex(a, s))
	if rule.Kind == KindCSS {
		l.CSSQuote = x.cssQuote
	}
	if l.Tag == "a" || l.Tag == "area" || l.Tag == "link" {
		if rel := x.attr(tok, "rel"); len(rel) > 0 {
			l.Rel = x.str(rel)
		}
	}
	x.resolve(l, base)
	if anchor {
		// Reported with its text at </a>; what follows waits.
		x.anchor, x.text = l, x.text[:0]
		x.skipText()
		return nil
	}
	if l.Tag == "area" {
		l.Text = x.str(x.decodeText(x.attr(tok, "alt")))
	}
	return x.emit(l)
}

// newLink returns the Link to fill for a link about to be reported: a
// reused one when it goes to the function at once, a new one when it must
// wait (an a element's href, or any link while an a element is open).
func (x *HTML) newLink(keep bool) *Link {
	if keep || x.anchor != nil {
		if n := len(x.pool); n > 0 {
			l := x.pool[n-1]
			x.pool = x.pool[:n-1]
			return l
		}
		return new(Link)
	}
	return &x.scratch
}

// intern returns b as a string, without allocating for the element and
// attribute names that hold links.
func intern(b []byte) string {
	switch string(b) {
	case "a":
		return "a"
	case "img":
		return "img"
	case "link":
		return "link"
	case "script":
		return "script"
	case "href":
		return "href"
	case "src":
		return "src"
	case "srcset":
		return "srcset"
	case "style":
		return "style"
	case "area":
		return "area"
	case "iframe":
		return "iframe"
	case "form":
		return "form"
	case "action":
		return "action"
	case "source":
		return "source"
	case "meta":
		return "meta"
	case "content":
		return "content"
	case "ping":
		return "ping"
	case "base":
		return "base"
	case "data-src":
		return "data-src"
	case "input":
		return "input"
	case "div":
		return "div"
	case "span":
		return "span"
	case "p":
		return "p"
	case "td":
		return "td"
	case "body":
		return "body"
	case "xlink:href":
		return "xlink:href"
	case "background":
		return "background"
	}
	return string(b)
}

// rawIndex returns the offset in a.Val of byte i of its decoded value.
func (x *HTML) rawIndex(a *htmltok.Attr, i int) int {
	if x.identity {
		return min(i, len(a.Val))
	}
	if i < len(x.offs1) {
		return int(x.offs1[i])
	}
	return len(a.Val)
}

// lineAt returns the line of byte i of tok.Raw.
func (x *HTML) lineAt(tok *htmltok.Token, i int) int {
	p := tok.Offset + int64(min(i, len(tok.Raw)))
	if p >= x.chunkOff {
		// In the chunk being tokenized: count from where the last count
		// stopped (queries come in order, so each byte is counted once).
		k := int(p - x.chunkOff)
		if k < x.cntPos {
			x.cntPos, x.cntLines = 0, 0
		}
		x.cntLines += bytes.Count(x.chunk[x.cntPos:k], newline)
		x.cntPos = k
		return x.chunkLine + x.cntLines
	}
	// In a token begun in an earlier chunk, all of which tok.Raw holds.
	end := min(int(x.chunkOff-tok.Offset), len(tok.Raw))
	return x.chunkLine - bytes.Count(tok.Raw[min(i, end):end], newline)
}

// attr returns the raw value of the first attribute named name.
func (x *HTML) attr(tok *htmltok.Token, name string) []byte {
	a, ok := tok.Attr(name)
	if !ok || a.ValOff < 0 {
		return nil
	}
	if x.jis != nil {
		return unmask(nil, a.Val)
	}
	return a.Val
}

// value decodes the value of attribute a to UTF-8 with its character
// references, and records in x.offs1 the offset in a.Val of each byte of
// the result (plus one entry for its end). The result is valid until the
// next call.
func (x *HTML) value(tok *htmltok.Token, a *htmltok.Attr) []byte {
	raw := a.Val
	if x.jis != nil {
		x.vbuf = unmask(x.vbuf[:0], raw)
		raw = x.vbuf
	}
	u8 := raw
	x.offs2 = x.offs2[:0]
	transcoded := false
	if x.needsDecoding(raw) {
		x.decBuf = decodeWithOffsets(x.decBuf[:0], x.decoder(), raw, &x.offs2)
		u8 = x.decBuf
		transcoded = true
	}
	x.offs1 = x.offs1[:0]
	x.identity = !transcoded && !hasAttrSpecial(u8)
	if x.identity {
		// No reference, CR or NUL: the value is the raw bytes.
		return u8
	}
	x.dbuf = htmltok.UnescapeAttr(x.dbuf[:0], u8, &x.offs1)
	if transcoded {
		for i, o := range x.offs1 {
			x.offs1[i] = x.offs2[o]
		}
	}
	return x.dbuf
}

// valueOffset returns the offset in the input of byte i of the decoded
// value of a (as value left it in x.offs1).
func (x *HTML) valueOffset(tok *htmltok.Token, a *htmltok.Attr, i int) int64 {
	return x.orig(tok, a.ValOff+x.rawIndex(a, i))
}

// eachURL calls fn with the span and value of each URL of the decoded
// attribute value b, for the kinds of value that may hold more than one
// (startTag handles KindURL itself).
func (x *HTML) eachURL(rule Rule, b []byte, fn func(s, e int, url string) error) error {
	if rule.Kind == KindCSS {
		var err error
		FindCSSURLs(b, func(u CSSURL) {
			if err == nil && !u.TooLong {
				x.cssQuote = u.Quote
				err = fn(int(u.Start), int(u.End), u.Value)
			}
		})
		return err
	}
	v := string(b)
	switch rule.Kind {
	case KindSpaceList:
		for _, sp := range ParseSpaceList(v) {
			if err := fn(sp.Start, sp.End, v[sp.Start:sp.End]); err != nil {
				return err
			}
		}
	case KindCommaList:
		for _, sp := range ParseCommaList(v) {
			if err := fn(sp.Start, sp.End, v[sp.Start:sp.End]); err != nil {
				return err
			}
		}
	case KindSrcset:
		for _, c := range ParseSrcset(v) {
			if c.Ignored {
				continue
			}
			if err := fn(c.Start, c.End, c.URL); err != nil {
				return err
			}
		}
	case KindRefresh:
		if _, s, e, ok := ParseRefresh(v); ok && e > s {
			return fn(s, e, v[s:e])
		}
	}
	return nil
}

// rawString returns b as a string: the Raw of the cached result for b
// when there is one, else a copy; and notes b's slot of the cache for
// resolve.
func (x *HTML) rawString(b []byte) string {
	if x.opts.Unresolved || x.cache == nil {
		return x.str(b)
	}
	h := maphash.Bytes(cacheSeed, b)
	var raw string
	if e := &x.cache[h&uint64(len(x.cache)-1)]; e.gen == x.cacheGen && e.r.raw == string(b) {
		raw = e.r.raw
	} else {
		raw = x.str(b)
	}
	x.slotRaw, x.slotHash = raw, h
	return raw
}

// str returns b as a string. A short one is copied into x.strs, a block
// of string data that grows by appending and whose written bytes are never
// written again: the strings of many links share one allocation.
func (x *HTML) str(b []byte) string {
	if len(b) == 0 || len(b) > maxPooledString {
		return string(b)
	}
	if cap(x.strs)-len(x.strs) < len(b) {
		size := stringBlock
		if x.strs == nil {
			size = firstStringBlock // a short document needs no more
		}
		x.strs = make([]byte, 0, size)
	}
	start := len(x.strs)
	x.strs = append(x.strs, b...)
	return unsafe.String(&x.strs[start], len(b))
}

// The blocks of str: a string longer than maxPooledString has its own
// allocation. (A string a caller keeps keeps its block.)
const (
	firstStringBlock = 1 << 10
	stringBlock      = 8 << 10
	maxPooledString  = 512
)

// resolve sets l.URI and l.IRI from l.Raw.
func (x *HTML) resolve(l *Link, base *weburl.URL) {
	if x.opts.Unresolved {
		return
	}
	// Pages repeat their links (navigation, indexes): a small cache of the
	// last base's results saves the parsing and the strings.
	if x.cache == nil {
		x.cache = make([]cacheEntry, minCacheSize)
	}
	if base != x.cacheBase {
		x.cacheGen++
		x.cacheBase = base
		x.cleanPrefix = ""
		if base != nil && base.IsSpecial() {
			if p := base.Protocol() + "//" + base.Host(); !needsDisplay(p) {
				x.cleanPrefix = p
			}
		}
	}
	h := x.slotHash
	if x.slotRaw != l.Raw {
		h = maphash.String(cacheSeed, l.Raw)
	}
	x.slotRaw = ""
	e := &x.cache[h&uint64(len(x.cache)-1)]
	if e.gen != x.cacheGen || e.r.raw != l.Raw {
		r, ok := x.resolveNew(l, base)
		if !ok {
			return
		}
		if x.cacheMiss++; x.cacheMiss > len(x.cache) && len(x.cache) < maxCacheSize {
			// A document with many links: the large cache, empty.
			x.cache, x.cacheMiss = make([]cacheEntry, maxCacheSize), 0
			e = &x.cache[h&uint64(len(x.cache)-1)]
		}
		*e = cacheEntry{x.cacheGen, r}
	}
	l.URI, l.IRI = e.r.uri, e.r.iri
}

// resolveNew resolves l against base: the result and true, or false and
// l.Err set.
func (x *HTML) resolveNew(l *Link, base *weburl.URL) (resolved, bool) {
	var uri string
	var err error
	if base != nil {
		// Into x.ubuf, then x.str: most URIs share a block.
		x.ubuf, err = x.web.AppendResolve(x.ubuf[:0], base, l.Raw)
		if string(x.ubuf) == l.Raw {
			uri = l.Raw // absolute already
		} else {
			uri = x.str(x.ubuf)
		}
	} else {
		uri, err = x.conv.ToURI(l.Raw)
	}
	if err != nil {
		l.Err = err
		return resolved{}, false
	}
	r := resolved{raw: l.Raw, uri: uri, iri: uri}
	rest := uri // what needsDisplay must look at
	if p := x.cleanPrefix; len(uri) > len(p) && uri[len(p)] == '/' && uri[:len(p)] == p {
		// The base's scheme and host, which ToIRI would not change,
		// and a path: no "xn--" runs across the '/'.
		rest = uri[len(p):]
	}
	if needsDisplay(rest) {
		if s, err := x.conv.ToIRI(uri); err == nil {
			r.iri = s
		}
	}
	return r, true
}

// The cache of resolved links is direct-mapped: a link's slot is given by
// the hash of its value, and a new link takes the slot from the one there.
// Entries of an older generation (another base, another document) are
// empty. It starts small, for the many documents with few links, and is
// made large once it has missed more links than it has slots. Sizes are
// powers of two.
const (
	minCacheSize = 32
	maxCacheSize = 256
)

var cacheSeed = maphash.MakeSeed()

// A cacheEntry is a slot of the cache.
type cacheEntry struct {
	gen uint32
	r   resolved
}

// resolved is a cached result of resolve.
type resolved struct{ raw, uri, iri string }

// emit reports l, or queues it while an a element is open so that links
// come out in document order.
func (x *HTML) emit(l *Link) error {
	if x.anchor != nil {
		if len(x.queue) < maxQueued {
			x.queue = append(x.queue, l)
			return nil
		}
		if err := x.closeAnchor(); err != nil {
			return err
		}
	}
	return x.fn(l)
}

var newline = []byte{'\n'}

// maxQueued bounds the links held while an a element is open.
const maxQueued = 1024

func (x *HTML) anchorText(raw []byte) {
	if len(x.text) >= x.opts.MaxAnchorText*2 {
		return
	}
	x.text = append(x.text, raw...)
}

// closeAnchor reports the open a element with its text, then the links
// found inside it.
func (x *HTML) closeAnchor() error {
	a := x.anchor
	if a == nil {
		return nil
	}
	x.anchor = nil
	x.skipText()
	var ok bool
	if x.jis == nil && !x.needsDecoding(x.text) {
		// Most anchor texts need no decoding: collapse them as they are.
		x.cbuf, ok = collapse(x.cbuf[:0], x.text, x.opts.MaxAnchorText, true)
	}
	if !ok {
		x.cbuf = collapseText(x.cbuf[:0], x.decodeText(x.text), x.opts.MaxAnchorText)
	}
	a.Text = x.str(x.cbuf)
	err := x.fn(a)
	x.pool = append(x.pool, a)
	for _, l := range x.queue {
		if err == nil {
			err = x.fn(l)
		}
		if len(x.pool) < maxQueued {
			x.pool = append(x.pool, l)
		}
	}
	x.queue = x.queue[:0]
	return err
}

// decodeText decodes raw text to UTF-8 with its character references.
func (x *HTML) decodeText(raw []byte) []byte {
	if x.jis != nil {
		raw = unmask(nil, raw)
	}
	if x.needsDecoding(raw) {
		x.tdec = decodeAll(x.tdec[:0], x.decoder(), raw)
		raw = x.tdec
	}
	if bytes.IndexByte(raw, '&') < 0 && bytes.IndexByte(raw, '\r') < 0 {
		return raw // nothing to decode
	}
	x.tbuf = htmltok.UnescapeText(x.tbuf[:0], raw, nil)
	return x.tbuf
}

// collapseText appends to b the text t trimmed, its runs of white space
// collapsed to one space, and cut to at most max bytes at a character
// boundary.
func collapseText(b, t []byte, max int) []byte {
	b, _ = collapse(b, t, max, false)
	return b
}

// collapse is collapseText. With raw set, t is text as written, and
// collapse gives up (returning false) at a character reference or a CR,
// which must be decoded first.
func collapse(b, t []byte, max int, raw bool) ([]byte, bool) {
	start := len(b)
	space := false
	for i := 0; i < len(t) && len(b)-start < max; {
		j := i
		for j < len(t) && textClass[t[j]] == tcPlain {
			j++
		}
		if j > i {
			// A run of bytes that are no white space (or part of none).
			if space {
				b = append(b, ' ')
				space = false
			}
			b = append(b, t[i:j]...)
			i = j
			continue
		}
		n := 1
		switch textClass[t[i]] {
		case tcSpace:
			space = len(b) > start
			i++
			continue
		case tcRef:
			if raw {
				return b, false
			}
			if t[i] == '\r' { // from "&#13;"
				space = len(b) > start
				i++
				continue
			}
		case tcLead:
			// Perhaps a Unicode white space character (U+0085, U+00A0,
			// U+1680, U+2000..U+200A, U+2028, U+2029, U+202F, U+205F,
			// U+3000): their UTF-8 forms begin with C2, E1, E2 or E3.
			r, size := utf8.DecodeRune(t[i:])
			if unicode.IsSpace(r) {
				space = len(b) > start
				i += size
				continue
			}
			n = size
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, t[i:i+n]...)
		i += n
	}
	if cut := start + max; len(b) > cut {
		// Cut before the character that crosses the limit.
		for cut > start && !utf8.RuneStart(b[cut]) {
			cut--
		}
		b = b[:cut]
	}
	return b, true
}

// Classes of bytes for collapse.
const (
	tcPlain = iota // a byte of no white space
	tcSpace        // ASCII white space
	tcLead         // the first byte of a non-ASCII white space character, perhaps
	tcRef          // '&' or CR: text as written needs decoding
)

var textClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case isASCIIWhitespace(byte(c)) && c != '\r':
			t[c] = tcSpace
		case c == '&' || c == '\r':
			t[c] = tcRef
		case c == 0xC2 || c == 0xE1 || c == 0xE2 || c == 0xE3:
			t[c] = tcLead
		}
	}
	return t
}()

// styleText scans the text of a style element for CSS URLs. The scanner
// reads the bytes the tokenizer reads (CSS syntax is ASCII); each URL is
// then decoded from the document's charset.
func (x *HTML) styleText(tok *htmltok.Token) error {
	var err error
	x.cssTok = tok
	x.css.Write(tok.Raw, tok.Offset, func(u CSSURL) {
		if err == nil {
			err = x.cssURL(u)
		}
	})
	// A URL still open is reported by a later token or by the end of the
	// element, when this token is gone: keep where it starts in the input,
	// and its bytes so far (a URL too long to report need not be kept).
	end := tok.Offset + int64(len(tok.Raw))
	if p, ok := x.css.Pending(); ok && p >= tok.Offset && p <= end {
		i := int(p - tok.Offset)
		x.cssPend = cssMark{stream: p, orig: x.orig(tok, i), line: x.lineAt(tok, i)}
		x.cssTail = append(x.cssTail[:0], tok.Raw[i:]...)
	} else if ok && int64(len(x.cssTail)) <= x.css.maxLen() {
		x.cssTail = append(x.cssTail, tok.Raw...)
	}
	x.cssTok = nil
	return err
}

// cssOrig returns the input offset of the stream offset p, which lies in
// the URL the CSS scanner was in after the last text token it read.
func (x *HTML) cssOrig(p int64) (int64, bool) {
	n := p - x.cssPend.stream
	if n < 0 || n > int64(len(x.cssTail)) {
		return 0, false
	}
	if x.u16 != nil {
		return x.cssPend.orig + 2*utf16Units(x.cssTail[:n]), true
	}
	return x.cssPend.orig + n, true
}

// A cssMark is a position of the style element's text: its offset in the
// tokenizer's stream, in the input, and its line.
type cssMark struct {
	stream, orig int64
	line         int
}

// errNoSpan is the error of a URL of a style element whose place in the
// input is not known (which cssURL should never meet).
var errNoSpan = errors.New("the place of this CSS URL in the input is not known")

// cssURL reports a URL of a style element, found while reading the text
// token x.cssTok, or after it (then x.cssTok is nil) at the end of the
// element.
func (x *HTML) cssURL(u CSSURL) error {
	if u.TooLong {
		return nil
	}
	v := []byte(u.Value)
	if x.jis != nil {
		v = unmask(nil, v)
	}
	if x.needsDecoding(v) {
		v = decodeWithOffsets(nil, x.decoder(), v, nil)
	}
	l := &Link{Tag: "style", Raw: x.str(v), Role: Resource, Kind: KindCSS, CSSQuote: u.Quote, Base: x.base}
	tok := x.cssTok
	in := func(p int64) bool { return tok != nil && p >= tok.Offset && p <= tok.Offset+int64(len(tok.Raw)) }
	var ok bool
	switch {
	case in(u.Start):
		i := int(u.Start - tok.Offset)
		l.Offset, l.Line, ok = x.orig(tok, i), x.lineAt(tok, i), true
	case u.Start == x.cssPend.stream:
		l.Offset, l.Line, ok = x.cssPend.orig, x.cssPend.line, true
	}
	if ok && in(u.End) {
		l.End = x.orig(tok, int(u.End-tok.Offset))
	} else if ok {
		l.End, ok = x.cssOrig(u.End)
	}
	if !ok {
		l.Err = errNoSpan
	}
	if l.Err == nil {
		x.resolve(l, x.base)
	}
	return x.emit(l)
}

func (x *HTML) closeStyle() error {
	x.inStyle = false
	var err error
	x.css.Close(func(u CSSURL) {
		if err == nil {
			err = x.cssURL(u)
		}
	})
	x.cssTok = nil
	return err
}

// maxTextRun bounds the text held for Options.TextLinks: a longer run of
// text between two tags is searched in pieces, and a link across the
// boundary of two pieces is missed.
const maxTextRun = 64 << 10

// addText adds a text token to the run searched for plain-text links.
func (x *HTML) addText(tok *htmltok.Token) error {
	if len(x.trun) == 0 {
		x.trunStart, x.trunLine = x.orig(tok, 0), x.lineAt(tok, 0)
	}
	x.trun = append(x.trun, tok.Raw...)
	if len(x.trun) >= maxTextRun {
		return x.flushText()
	}
	return nil
}

// flushText reports the plain-text links of the text run.
func (x *HTML) flushText() error {
	raw := x.trun
	x.trun = x.trun[:0]
	if x.jis != nil {
		raw = unmask(nil, raw)
	}
	u8 := raw
	var offs2 []int32
	transcoded := x.needsDecoding(raw)
	if transcoded {
		u8 = decodeWithOffsets(nil, x.decoder(), raw, &offs2)
	}
	var offs1 []int32
	text := htmltok.UnescapeText(nil, u8, &offs1)
	// rawAt maps an offset of text to one of raw.
	rawAt := func(i int) int {
		o := len(u8)
		if i < len(offs1) {
			o = int(offs1[i])
		}
		if !transcoded {
			return o
		}
		if o < len(offs2) {
			return int(offs2[o])
		}
		return len(raw)
	}
	origAt := func(i int) int64 {
		k := rawAt(i)
		if x.u16 != nil {
			return x.trunStart + 2*utf16Units(raw[:k])
		}
		return x.trunStart + int64(k)
	}
	var err error
	ScanText(text, func(m *TextMatch) {
		if err != nil || x.opts.StrictText && !m.Strict() {
			return
		}
		tl := m.Link()
		i, j := int(m.Start), int(m.End)
		l := &Link{Raw: string(m.Raw), Offset: origAt(i), End: origAt(j),
			Line: x.trunLine + bytes.Count(raw[:rawAt(i)], []byte{'\n'}), Base: x.base}
		uri, e := tl.URI()
		if e == nil {
			uri, e = x.conv.ToURI(uri)
		}
		if e != nil {
			l.Err = e
		} else {
			l.URI = uri
			if s, e := x.conv.ToIRI(uri); e == nil {
				l.IRI = s
			} else {
				l.IRI = uri
			}
		}
		err = x.emit(l)
	})
	return err
}

// finish reports what is still open at the end of the input.
func (x *HTML) finish() error {
	if len(x.trun) > 0 {
		if err := x.flushText(); err != nil {
			return err
		}
	}
	if x.inStyle {
		if err := x.closeStyle(); err != nil {
			return err
		}
	}
	return x.closeAnchor()
}

// needsDecoding reports whether raw, bytes of the document as written (ISO-2022-JP
// unmasked), must go through the document's decoder to be UTF-8.
func (x *HTML) needsDecoding(raw []byte) bool {
	switch {
	case x.u16 != nil || x.cs.Name == "utf-8":
		return false
	case x.jis != nil:
		return bytes.IndexByte(raw, 0x1B) >= 0
	}
	return !isASCIIBytes(raw)
}

// decodeAll appends to out raw decoded to UTF-8 by d, which must be
// reset: all at once, where decodeWithOffsets goes a character at a time.
func decodeAll(out []byte, d *encoding.Decoder, raw []byte) []byte {
	out = slices.Grow(out, 2*len(raw))
	for {
		nDst, nSrc, err := d.Transform(out[len(out):cap(out)], raw, true)
		out = out[:len(out)+nDst]
		raw = raw[nSrc:]
		switch {
		case err == nil:
			return out
		case err != transform.ErrShortDst:
			// Decoders replace what they cannot decode; should one fail
			// all the same, the rest goes a character at a time.
			d.Reset()
			return decodeWithOffsets(out, d, raw, nil)
		}
		out = slices.Grow(out, 2*len(raw)+utf8.UTFMax)
	}
}

// decoder returns the document charset's decoder, reset.
func (x *HTML) decoder() *encoding.Decoder {
	if x.dec == nil {
		x.dec = x.cs.Encoding.NewDecoder()
	}
	x.dec.Reset()
	return x.dec
}

// decodeWithOffsets appends to out raw decoded to UTF-8 by d, which must
// be reset. If offs is not nil, it sets *offs to the offset in raw of the
// character each byte of the result comes from. It decodes one character
// at a time, so it is only for the values that hold non-ASCII bytes.
func decodeWithOffsets(out []byte, d *encoding.Decoder, raw []byte, offs *[]int32) []byte {
	if offs != nil {
		*offs = (*offs)[:0]
	}
	var buf [16]byte
	escStart := -1 // where bytes that produced nothing (an escape sequence) began
	for start := 0; start < len(raw); {
		end := start + 1
		nDst, nSrc, err := d.Transform(buf[:], raw[start:end], end == len(raw))
		for err == transform.ErrShortSrc && end < len(raw) {
			end++
			nDst, nSrc, err = d.Transform(buf[:], raw[start:end], end == len(raw))
		}
		if nSrc == 0 {
			// No progress: take the byte as U+FFFD.
			nDst = utf8.EncodeRune(buf[:], utf8.RuneError)
			nSrc = 1
		}
		out = append(out, buf[:nDst]...)
		at := start
		if nDst == 0 && escStart < 0 && !(raw[start] == 0x1B && end-start == 3 && raw[start+1] == '(') {
			// An escape into a multibyte state belongs to the character
			// after it; one back to ASCII ("ESC ( B") to the one before.
			escStart = start
		} else if nDst > 0 && escStart >= 0 {
			// The character owns the escape sequence before it, so that
			// a span starting at it starts at the escape.
			at, escStart = escStart, -1
		}
		if offs != nil {
			// Characters the decoder gave with the first one are ASCII
			// bytes of the input after it (an invalid multibyte sequence
			// whose second byte is ASCII: U+FFFD, then that byte): each
			// has its own offset, so that the first character's span
			// does not take them in nor come out empty.
			k := nDst
			for j := start + nSrc - 1; k > 1 && j > at && buf[k-1] < utf8.RuneSelf && raw[j] == buf[k-1]; j-- {
				k--
			}
			for range k {
				*offs = append(*offs, int32(at))
			}
			for j := start + nSrc - (nDst - k); k < nDst; k, j = k+1, j+1 {
				*offs = append(*offs, int32(j))
			}
		}
		start += nSrc
	}
	return out
}

// endChunk counts the lines of the chunk just tokenized, while its bytes
// are valid: the caller may reuse them.
func (x *HTML) endChunk() {
	x.chunkLine += x.cntLines + bytes.Count(x.chunk[x.cntPos:], newline)
	x.chunkOff += int64(len(x.chunk))
	x.chunk, x.cntPos, x.cntLines = nil, 0, 0
}
