package extract

import (
	"bytes"
	"io"
	"slices"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/cssurl"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/internal/htmltok"
	"github.com/relink-go/relink/internal/transcode"
	"github.com/relink-go/relink/weburl"
	"golang.org/x/text/transform"
)

// htmlExtractor is the Extractor that NewHTML returns (see there).
type htmlExtractor struct {
	opts Options
	fn   func(*Link) error
	z    *htmltok.Tokenizer

	settled   int64 // offset in the input after the last token
	lineCount       // the lines of the tokenizer's stream

	// The state of each concern, in a file of its own:
	decoding    // the charset, and the document decoded for the tokenizer (htmldecode.go)
	resolution  // the base URLs, and the links resolved (htmlresolve.go)
	anchorState // the a element open, its text, and the links inside it (htmlanchor.go)
	styleState  // the CSS of style elements and attributes (htmlstyle.go)
	textRun     // the text searched for links, with Options.TextLinks (htmltext.go)

	rbuf   []byte                    // ReadFrom's
	wantFn func(*htmltok.Token) bool // x.wantStart, made once
	err    error
}

// NewHTML returns an HTML extractor, configured by opts, that calls fn for
// each link. The Link is valid only until fn returns: fn must copy what it
// keeps. An error from fn stops the document and is returned by
// Transform, ReadFrom or Feed.
//
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
// is known (1024, or, when they declare none, up to charset.HeadLimit while a
// later <meta> may still change it, and charset.DetectLimit at least when the
// charset is then guessed: see charset.Detect), and then at most
// one tag (Options.MaxTagSize), the anchor text of one a element and the
// links inside it.
//
// Links before the first <base href> resolve against the document's URL;
// a browser would use the base for them too (the base applies to the
// whole document), which a stream cannot know in advance. Such pages are
// rare: base belongs in head.
func NewHTML(opts Options, fn func(*Link) error) Extractor {
	x := &htmlExtractor{fn: fn}
	x.ResetOptions(opts)
	return x
}

// ResetOptions readies x for a new document, as Reset does, configured by
// opts as NewHTML would configure it (see Extractor): the memory that the
// tokenizer, the charset detection and the resolution of links have grown
// is kept.
func (x *htmlExtractor) ResetOptions(opts Options) {
	if opts.MaxTagSize <= 0 {
		opts.MaxTagSize = 1 << 20
	}
	if opts.MaxAnchorText <= 0 {
		opts.MaxAnchorText = 256
	}
	if x.z == nil || opts.MaxTagSize != x.opts.MaxTagSize {
		x.z = htmltok.New(htmltok.MaxTagSize(opts.MaxTagSize))
	}
	x.opts = opts
	x.skipForeign = slices.Contains(opts.TextSkip, "svg") || slices.Contains(opts.TextSkip, "math")
	x.head.Init(charset.HTML, opts.Charset, opts.DefaultCharset)
	x.Reset()
}

// Reset implements transform.Transformer.
func (x *htmlExtractor) Reset() {
	x.z.Reset()
	x.settled = 0
	x.lineCount = lineCount{chunkLine: 1}
	x.decoding.reset()
	x.resolution.reset()
	x.anchorState.reset()
	x.styleState.reset()
	x.textRun.reset()
	x.err = nil
}

// Charset returns the document's charset, once the extractor has seen
// enough of the document to decide it (the first 1024 bytes; when they declare
// none, up to the end of the head, at most charset.HeadLimit, as a later <meta>
// may decide it, and at least charset.DetectLimit bytes when the charset is then
// guessed, that is when neither Options.Charset nor Options.DefaultCharset
// is set; or all of a shorter document): what charset.Detect says of those
// bytes.
func (x *htmlExtractor) Charset() charset.Charset { return x.head.Charset() }

// Transform implements transform.Transformer: it copies src to dst and
// finds the links of what it copies.
func (x *htmlExtractor) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
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
	known := x.head.Done()
	if !known {
		// Until the charset is known the input is held (x.head) and
		// written once it is: what Feed holds, all of src[:n].
		n = min(len(src), x.head.Room())
	}
	if err := x.Feed(src[:n], atEOF && n == len(src)); err != nil {
		return nDst, nSrc, err
	}
	if known {
		nDst += n
	} else if x.head.Done() {
		x.pend = x.head.Bytes()
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
// writing anything, as Extractor says. What it keeps of them: the first
// bytes until the charset is decided (see Charset), then the tag, CSS
// url() or run of text being read, and the a element being read with the
// links inside it.
func (x *htmlExtractor) Feed(b []byte, atEOF bool) error {
	if x.err != nil {
		return x.err
	}
	if !x.head.Done() {
		var ready bool
		if b, ready = x.head.Feed(b, atEOF); !ready {
			return nil
		}
		x.start()
		if err := x.feed(x.head.Bytes(), atEOF && len(b) == 0); err != nil {
			return err
		}
		if len(b) == 0 {
			return nil
		}
	}
	return x.feed(b, atEOF)
}

// Settled returns the offset in the input before which every link has
// been reported, as Extractor says: the bytes after it belong to a tag, a
// CSS url() or a run of text still being read, or to an a element whose
// href waits for its text (without Options.Immediate).
func (x *htmlExtractor) Settled() int64 {
	if !x.head.Done() {
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
	if x.anchor != nil {
		s = min(s, x.anchor.Start)
	}
	return s
}

// start prepares the conversions for the charset decided.
func (x *htmlExtractor) start() {
	x.decoding.start()
	x.startResolution()
	// The tokenizer may pass over the tokens that token would ignore: all
	// raw text but a style element's, ordinary text (skipText), the end
	// tags but a's (unless no a element is held open) and style's, and the
	// start tags that hold no link: those with no attribute of the rules
	// table, which it passes over without building them, and of the others
	// those wantStart does not want. In UTF-16, token counts the units of
	// every token; with text links, a tag ends a run of text.
	for r := htmltok.Script; r <= htmltok.Plaintext; r++ {
		x.z.SkipText(r, x.u16 == nil && r != htmltok.Style)
	}
	x.skipText()
	skipTags := x.u16 == nil && !x.opts.TextLinks
	tags := wantedTags
	if x.opts.Immediate || x.opts.NoAnchorText {
		// No a element is held open for its text (see link): its tags
		// matter for their attributes only, as any other's.
		tags = styleTags
	}
	x.z.SkipEndTags(skipTags, tags...)
	attrs := linkAttrs
	if x.opts.Speculative {
		attrs = specAttrs
	}
	x.z.SkipStartTagsExcept(skipTags, wantedTags, attrs)
	if skipTags {
		if x.wantFn == nil {
			x.wantFn = x.wantStart // a method value is allocated
		}
		x.z.SkipStartTags(x.wantFn)
	} else {
		x.z.SkipStartTags(nil)
	}
}

// wantedTags are the start tags token wants whatever their attributes,
// and the end tags it wants.
var wantedTags = []string{"a", "style"}

// styleTags are wantedTags when no a element is held open.
var styleTags = wantedTags[1:]

// wantStart reports whether token wants the start tag tok: an a or style
// element, or one with an attribute that may hold a link.
func (x *htmlExtractor) wantStart(tok *htmltok.Token) bool {
	if string(tok.Name) == "a" || string(tok.Name) == "style" {
		return true
	}
	for i := range tok.Attrs {
		if a := &tok.Attrs[i]; !a.Dup && a.ValOff >= 0 {
			if r, ok := htmlattr.Lookup(tok.Name, a.Name); ok && (r.Role != htmlattr.RoleSpeculative || x.opts.Speculative) {
				return true
			}
		}
	}
	return false
}

// skipText lets the tokenizer pass over ordinary text when token would
// ignore it.
func (x *htmlExtractor) skipText() {
	x.z.SkipText(htmltok.NotRaw, x.ignoresText())
}

// ignoresText reports whether token ignores ordinary text: when it is not
// the text of an open a element, text links are not wanted, and the
// document is not UTF-16 (whose units token counts).
func (x *htmlExtractor) ignoresText() bool {
	return x.anchor == nil && !x.opts.TextLinks && x.u16 == nil
}

// feed tokenizes the input chunk b (as written).
func (x *htmlExtractor) feed(b []byte, atEOF bool) error {
	in := x.input(b, atEOF)
	x.beginChunk(in, x.z.Offset())
	defer func() { x.endChunk(x.z.Passed()) }()
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

// token handles one token, then advances the line count.
func (x *htmlExtractor) token(tok *htmltok.Token) error {
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
	if x.opts.TextLinks && tok.IsTag() {
		x.codeTag(tok, x.opts.TextSkip)
	}
	switch tok.Type {
	case htmltok.StartTag, htmltok.SelfClosingTag:
		err = x.startTag(tok)
		if string(tok.Name) == "style" && tok.Type == htmltok.StartTag && !tok.Foreign {
			x.openStyle()
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
		case tok.RawText == htmltok.NotRaw && x.opts.TextLinks && !x.skipsText(tok):
			err = x.addText(tok)
		}
	case htmltok.Oversize:
		// One report per construct, which comes in several tokens.
		if !tok.Cont && x.opts.Oversize != nil {
			e := &OversizeError{Construct: constructOf(tok), Offset: x.orig(tok, 0), Limit: x.opts.MaxTagSize}
			e.Line, e.Column = x.posAt(tok, 0)
			x.opts.Oversize(e)
		}
	}
	if x.u16 != nil {
		x.settled = x.orig(tok, len(tok.Raw))
		x.units += transcode.UTF16Units(tok.Raw)
	} else {
		x.settled = tok.Offset + int64(len(tok.Raw))
	}
	return err
}

// startTag finds the links of a start tag.
func (x *htmlExtractor) startTag(tok *htmltok.Token) error {
	if string(tok.Name) == "a" && x.anchor != nil {
		// An a start tag ends the open one, as the parser's adoption
		// agency does for nested a elements.
		if err := x.closeAnchor(); err != nil {
			return err
		}
	}
	var codebase *weburl.URL
	if string(tok.Name) == "object" || string(tok.Name) == "applet" {
		codebase = x.codebase(tok)
	}
	for i := range tok.Attrs {
		a := &tok.Attrs[i]
		if a.Dup || a.ValOff < 0 {
			continue
		}
		rule, ok := htmlattr.Lookup(tok.Name, a.Name)
		if !ok || rule.Role == htmlattr.RoleSpeculative && !x.opts.Speculative {
			continue
		}
		switch rule.Cond {
		case htmlattr.CondMeta:
			if rule, ok = htmlattr.MetaContent(x.attr(tok, "http-equiv"), x.attr(tok, "name"), x.attr(tok, "property")); !ok {
				continue
			}
		case htmlattr.CondRel:
			rule.Role = htmlattr.LinkRole(x.attr(tok, "rel"))
		case htmlattr.CondImageInput:
			if !equalFoldASCII(bytes.TrimSpace(x.attr(tok, "type")), "image") {
				continue
			}
		case htmlattr.CondParamURL:
			if !htmlattr.ParamIsURL(x.attr(tok, "name"), x.attr(tok, "valuetype")) {
				continue
			}
		}
		if rule.Kind == htmlattr.KindHTML {
			continue // srcdoc: a document of its own, not scanned
		}
		if string(tok.Name) == "object" && string(a.Name) == "classid" && bytes.HasPrefix(bytes.ToLower(bytes.TrimSpace(a.Val)), []byte("clsid:")) {
			continue // an ActiveX class id, not a URL
		}
		value := x.value(tok, a)
		base := x.baseFor(tok, rule, value, codebase)
		var err error
		if rule.Kind == htmlattr.KindURL {
			// One URL, the value trimmed: most links.
			s, e := trimC0Space(value, 0, len(value))
			err = x.link(tok, a, rule, base, s, e, x.rawString(value[s:e]))
		} else {
			err = x.eachURL(tok, a, rule, value, func(s, e int, v string) error {
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
func (x *htmlExtractor) link(tok *htmltok.Token, a *htmltok.Attr, rule htmlattr.Rule, base *weburl.URL, s, e int, v string) error {
	// Without its text, an a element's href is reported at once, unless
	// text links are wanted: the text of an a element holds none.
	anchor := string(tok.Name) == "a" && string(a.Name) == "href" && tok.Type == htmltok.StartTag && !x.opts.Immediate &&
		(!x.opts.NoAnchorText || x.opts.TextLinks)
	l := x.newLink(anchor)
	// Cleared, then set field by field: a composite literal is built on
	// the stack and copied, a stall on every link.
	*l = Link{}
	l.Tag, l.Attr = intern(tok.Name), intern(a.Name)
	l.Role, l.Lazy = rule.Role, rule.Flags&htmlattr.FlagLazy != 0
	l.Value = v
	l.Start, l.End = x.valueOffset(tok, a, s), x.valueOffset(tok, a, e)
	l.Kind, l.Quote, l.Base = rule.Kind, a.Quote, base
	if !x.opts.NoPosition {
		l.Line, l.Column = x.posAt(tok, a.ValOff+x.rawIndex(a, s))
	}
	if rule.Kind == htmlattr.KindCSS {
		l.CSSQuote = x.cssQuote
	}
	if l.Tag == "a" || l.Tag == "area" || l.Tag == "link" {
		if rel := x.attr(tok, "rel"); len(rel) > 0 {
			l.Rel = x.str(rel)
		}
	}
	x.resolve(l, base)
	if anchor {
		// Reported with its text at </a>, or at once when the text and
		// </a> follow (openAnchor); what follows waits.
		return x.openAnchor(tok, l)
	}
	if l.Tag == "area" && !x.opts.NoAnchorText {
		l.Text = x.str(x.decodeText(x.attr(tok, "alt")))
	}
	return x.emit(l)
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

// lineCount counts the lines of the tokenizer's stream lazily, in the
// chunk given to the tokenizer: only up to where a link asks (lineAt),
// and the rest of the chunk once it is tokenized (endChunk).
type lineCount struct {
	chunk      []byte // the chunk
	chunkOff   int64  // its offset in the tokenizer's stream
	chunkLine  int    // the line at chunkOff
	chunkStart int64  // the offset where that line starts
	cntPos     int    // bytes of chunk counted
	cntLines   int    // the newlines among them
	cntStart   int64  // the offset where the line at cntPos starts
	heldOff    int64  // the start of what the tokenizer held at the end of the last chunk
	heldStart  int64  // the offset where the line at heldOff starts, or -1
}

var newline = []byte{'\n'}

// beginChunk starts the count of the chunk b, at offset off of the
// tokenizer's stream.
func (c *lineCount) beginChunk(b []byte, off int64) {
	c.chunk, c.chunkOff, c.cntPos, c.cntLines = b, off, 0, 0
}

// lineAt returns the line of byte i of tok.Raw.
func (c *lineCount) lineAt(tok *htmltok.Token, i int) int {
	line, _ := c.posAt(tok, i)
	return line
}

// posAt returns the line of byte i of tok.Raw and its column, in bytes of
// the tokenizer's stream from 1; the column is 0 when the line starts
// before a token begun in an earlier chunk that the tokenizer did not
// hold whole (a tag over its 64 KiB bound), with a line break after i
// but none before it.
func (c *lineCount) posAt(tok *htmltok.Token, i int) (line, col int) {
	p := tok.Offset + int64(min(i, len(tok.Raw)))
	if p >= c.chunkOff {
		// In the chunk being tokenized: count from where the last count
		// stopped (queries come in order, so each byte is counted once).
		k := int(p - c.chunkOff)
		if k < c.cntPos {
			c.cntPos, c.cntLines, c.cntStart = 0, 0, c.chunkStart
		}
		seg := c.chunk[c.cntPos:k]
		if n := bytes.Count(seg, newline); n > 0 {
			c.cntLines += n
			c.cntStart = c.chunkOff + int64(c.cntPos+lastNewline(seg)+1)
		}
		c.cntPos = k
		return c.chunkLine + c.cntLines, int(p-c.cntStart) + 1
	}
	// In a token begun in an earlier chunk, all of which tok.Raw holds.
	end := min(int(c.chunkOff-tok.Offset), len(tok.Raw))
	ii := min(i, end)
	line = c.chunkLine - bytes.Count(tok.Raw[ii:end], newline)
	switch j := bytes.LastIndexByte(tok.Raw[:ii], '\n'); {
	case j >= 0:
		col = ii - j
	case bytes.IndexByte(tok.Raw[ii:end], '\n') < 0:
		col = int(p-c.chunkStart) + 1
	case tok.Offset == c.heldOff && c.heldStart >= 0:
		// The line starts before the token, which the tokenizer held
		// from an earlier chunk: endChunk noted where.
		col = int(p-c.heldStart) + 1
	}
	return line, col
}

// endChunk counts the lines of the chunk just tokenized, while its bytes
// are valid: the caller may reuse them. held is the start of what the
// tokenizer holds to return in a later chunk (its Passed); endChunk notes
// where the line at held starts, which posAt needs when the token it
// becomes has a line break after a link and none before.
func (c *lineCount) endChunk(held int64) {
	switch end := c.chunkOff + int64(len(c.chunk)); {
	case held >= end:
		c.heldOff, c.heldStart = held, -1
	case held >= c.chunkOff:
		c.heldOff, c.heldStart = held, c.chunkStart
		if j := lastNewline(c.chunk[:held-c.chunkOff]); j >= 0 {
			c.heldStart = c.chunkOff + int64(j) + 1
		}
	case held != c.heldOff:
		c.heldOff, c.heldStart = held, -1
	}
	rest := c.chunk[c.cntPos:]
	n := bytes.Count(rest, newline)
	c.chunkLine += c.cntLines + n
	if n > 0 {
		c.cntStart = c.chunkOff + int64(c.cntPos+lastNewline(rest)+1)
	}
	c.chunkStart = c.cntStart
	c.chunkOff += int64(len(c.chunk))
	c.chunk, c.cntPos, c.cntLines = nil, 0, 0
}

// eachURL calls fn with the span and value of each URL of b, the decoded
// value of attribute a of the start tag tok, for the kinds of value that
// may hold more than one (startTag handles KindURL itself). An oversize
// URL of a style attribute goes to Options.Oversize, at its start.
func (x *htmlExtractor) eachURL(tok *htmltok.Token, a *htmltok.Attr, rule htmlattr.Rule, b []byte, fn func(s, e int, url string) error) error {
	if rule.Kind == htmlattr.KindCSS {
		var err error
		cssurl.Find(b, func(u cssurl.URL) {
			switch {
			case err != nil:
			case u.Oversize:
				if x.opts.Oversize != nil {
					s := int(u.Start)
					e := &OversizeError{Construct: ConstructCSSURL, Offset: x.valueOffset(tok, a, s), Limit: cssURLLen}
					e.Line, e.Column = x.posAt(tok, a.ValOff+x.rawIndex(a, s))
					x.opts.Oversize(e)
				}
			default:
				x.cssQuote = u.Quote
				err = fn(int(u.Start), int(u.End), u.Value)
			}
		})
		return err
	}
	v := string(b)
	switch rule.Kind {
	case htmlattr.KindSpaceList:
		for _, sp := range htmlattr.ParseSpaceList(v) {
			if err := fn(sp.Start, sp.End, v[sp.Start:sp.End]); err != nil {
				return err
			}
		}
	case htmlattr.KindCommaList:
		for _, sp := range htmlattr.ParseCommaList(v) {
			if err := fn(sp.Start, sp.End, v[sp.Start:sp.End]); err != nil {
				return err
			}
		}
	case htmlattr.KindSrcset:
		for _, c := range htmlattr.ParseSrcset(v) {
			if c.Ignored {
				continue
			}
			if err := fn(c.Start, c.End, c.URL); err != nil {
				return err
			}
		}
	case htmlattr.KindRefresh:
		if _, s, e, ok := htmlattr.ParseRefresh(v); ok && e > s {
			return fn(s, e, v[s:e])
		}
	case htmlattr.KindOnclick:
		if sp, ok := htmlattr.ParseOnclick(v); ok {
			return fn(sp.Start, sp.End, v[sp.Start:sp.End])
		}
	}
	return nil
}

// finish reports what is still open at the end of the input.
func (x *htmlExtractor) finish() error {
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
