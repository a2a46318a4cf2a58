// Package markdown finds the links of a Markdown document, with the exact
// byte offsets of their destinations, so that a caller can rewrite those
// destinations and copy every other byte as it is.
//
// # What it finds
//
// It reads CommonMark 0.31.2 with two GitHub Flavored Markdown
// extensions: tables, whose cells end at '|', and the extended autolinks
// (www., http://, https://, ftp:// and email addresses in text, GFM spec
// section 6.9). It finds:
//
//   - inline links and images, [text](dest "title") and ![alt](dest);
//   - link reference definitions, [label]: dest "title", and the reference
//     links and images that use them ([text][label], [label][], [label]);
//   - autolinks, <scheme:...> and <user@host>;
//   - GFM extended autolinks in text;
//   - raw HTML, inline (tags, comments, processing instructions,
//     declarations, CDATA) and HTML blocks, reported as spans for an HTML
//     link finder: this package does not look inside them.
//
// It finds nothing inside code spans, fenced or indented code blocks, or
// where CommonMark says the text is literal (the insides of autolinks,
// HTML comments and raw HTML blocks are reported whole, as above).
// Everything it does not report is text to be copied byte for byte.
//
// # Whole documents
//
// Parse takes the whole document: a reference link may come before the
// definition it uses, so no link can be settled before the end of the
// input. All offsets are byte offsets into that input, and every span is
// an htmlattr.Span, relink's one span type ([Start, End), the names that
// extract.Link and textlink.Match give a link's bytes).
//
// # Why a scanner of its own
//
// A well-kept parser would do if it gave the exact source offsets of
// destinations. goldmark v1 (v1.8.5, its stable line) does not: ast.Link,
// ast.Image and ast.LinkReferenceDefinition hold the destination as bytes
// with no source position. goldmark v2 gives an inline destination a
// source index, but is in beta (v2.0.0-beta.9, its API still changing),
// and a rewriter needs more than destinations: the spans of raw HTML and
// of each whole construct, and a parse cheap enough to run again on its
// own output. This package is therefore a scanner: the block structure of
// CommonMark (block quotes, list items, paragraphs, headings, code
// blocks, HTML blocks, thematic breaks, link reference definitions, GFM
// tables) and as much of the inline structure as links need (backslash
// escapes, code spans, autolinks and raw HTML, which bind tighter than
// links, and the bracket algorithm that matches link text), without
// emphasis, which cannot change where a link is. It is tested against
// the spec examples and, on real trees, against commonmark.js and
// cmark-gfm (see the tests).
//
// # Known limits
//
//   - Raw HTML that continues over lines inside a block quote or list
//     item is reported as one Segment per line, without the container
//     markers between them.
//   - The cells of a table row past the header's number are dropped, as
//     GitHub drops them: links in them are not reported, and so are
//     copied as they are.
//   - The other GFM extensions (strikethrough, task lists, the tag
//     filter) cannot change where a link is and are not read.
package markdown

import "github.com/relink-go/relink/htmlattr"

// A Kind tells which Markdown construct a Link is.
type Kind uint8

const (
	// InlineLink is [text](dest "title").
	InlineLink Kind = iota + 1
	// InlineImage is ![alt](dest "title").
	InlineImage
	// Definition is a link reference definition, [label]: dest "title".
	Definition
	// ReferenceLink is [text][label], [label][] or [label]: a link whose
	// destination is that of a Definition.
	ReferenceLink
	// ReferenceImage is ![alt][label], ![label][] or ![label].
	ReferenceImage
	// Autolink is <scheme:rest>.
	Autolink
	// EmailAutolink is <user@host>; its URL is "mailto:" and the address.
	EmailAutolink
	// ExtendedAutolink is a GFM autolink found in text: www.host...,
	// http://host..., https://host..., ftp://host... or user@host.
	ExtendedAutolink
)

var kindNames = [...]string{
	InlineLink:       "inline link",
	InlineImage:      "inline image",
	Definition:       "definition",
	ReferenceLink:    "reference link",
	ReferenceImage:   "reference image",
	Autolink:         "autolink",
	EmailAutolink:    "email autolink",
	ExtendedAutolink: "extended autolink",
}

// String returns the kind's name in words ("inline link", "reference
// image", "extended autolink"), or "unknown".
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "unknown"
}

// IsImage reports whether the link is an image's source.
func (k Kind) IsImage() bool { return k == InlineImage || k == ReferenceImage }

// A Link is one link of a document.
type Link struct {
	Kind Kind

	// At is the whole construct: "[text](dest)", "[label]: dest 'title'",
	// "<http://x>", "www.x". Links are reported in the order of At.Start.
	At htmlattr.Span

	// Text is the link text or image description between the brackets,
	// for the inline and reference kinds; the zero Span otherwise.
	Text htmlattr.Span

	// Dest is the destination as written: for InlineLink, InlineImage and
	// Definition including its angle brackets when Angle is set; for
	// Autolink and EmailAutolink the text between the angle brackets; for
	// ExtendedAutolink the text that is linked. Dest.Start == Dest.End for
	// an empty destination ("[a]()"). A ReferenceLink or ReferenceImage has
	// no destination of its own: its Dest is the Span of its Definition's,
	// which Def names.
	Dest htmlattr.Span

	// Angle reports a destination written between < and >.
	Angle bool

	// Value is what the destination means: backslash escapes and entity
	// references decoded, "mailto:" put before the address of an email
	// autolink, "http://" before a www. autolink. It is the URL as written,
	// not percent-encoded or resolved.
	Value string

	// Title is the link title, decoded, or "".
	Title string

	// Def is the index in Document.Links of the Definition that a
	// ReferenceLink or ReferenceImage uses, and -1 for the other kinds.
	Def int

	cell bool // in a GFM table cell, where '|' ends the cell
}

// OwnsDest reports whether the link's Dest is its own, written where the
// link is: false for the reference kinds, which share their definition's.
func (l *Link) OwnsDest() bool { return l.Kind != ReferenceLink && l.Kind != ReferenceImage }

// An HTML is a piece of raw HTML: an HTML block or an inline tag, comment,
// processing instruction, declaration or CDATA section.
type HTML struct {
	// Block reports an HTML block; otherwise the HTML is inline.
	Block bool
	// Segments are the input bytes of the HTML, in order. There is more
	// than one only when the HTML runs over lines inside a block quote or a
	// list item, whose markers and indentation between the lines are
	// Markdown and not part of the HTML.
	Segments []htmlattr.Span
}

// A Heading is an ATX or setext heading: its content, the inline
// Markdown between the opening "#"s and the closing sequence or above
// the setext underline, from which renderers make its anchor.
type Heading struct {
	// Text is the content as written: Markdown not yet rendered (emphasis,
	// code spans, links, escapes and entity references as they are), the
	// lines of a setext heading joined by "\n" without their container
	// markers; "" for an empty heading.
	Text string
	// At spans the content in the input (from its first byte to its
	// last, container markers of a setext heading's later lines
	// included); the zero Span for an empty heading.
	At htmlattr.Span
}

// A Document is what Parse found in a document.
type Document struct {
	// Links are the links, in the order of their At.Start.
	Links []Link
	// HTML are the raw HTML pieces, in document order.
	HTML []HTML
	// Headings are the ATX and setext headings, in document order.
	Headings []Heading

	opts Options // how the document was read
}

// Options choose the dialect. A document is parsed whole, at once (a
// reference definition may follow the links that use it), so there is no
// stream to configure as relink's stream processors are configured (an
// Options struct given to a constructor): the options are a value whose
// Parse method parses, as the package-level Parse does with the zero
// value.
type Options struct {
	// CommonMark turns off the GFM tables and extended autolinks, leaving
	// CommonMark 0.31.2 alone.
	CommonMark bool
}

// Parse finds the links and the raw HTML of the Markdown document src,
// read as CommonMark with the GFM tables and extended autolinks.
func Parse(src []byte) *Document { return Options{}.Parse(src) }

// Parse finds the links and the raw HTML of the Markdown document src,
// read in the dialect o chooses.
func (o Options) Parse(src []byte) *Document {
	p := newParser(src, !o.CommonMark)
	p.parseBlocks()
	d := p.finish()
	d.opts = o
	return d
}
