package extract

import (
	"io"

	"golang.org/x/text/transform"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/markdown"
)

// An Extractor finds the links of a document as it streams through and
// reports each to the function given to its constructor: NewHTML,
// NewText, NewCSS, NewMarkdown (a MarkdownExtractor), NewMail, or New for
// a Type.
//
// A document is read in one of three ways, from the extractor's
// construction or its last Reset to the end of the document; use one of
// them only:
//
//   - Transform, as a transform.Transformer whose output is its input,
//     byte for byte (in a transform.Reader, a transform.Writer or a
//     transform.Chain);
//   - ReadFrom, which reads an io.Reader to its end and copies the
//     document nowhere, for a caller that wants the links alone;
//   - Feed, for a caller that writes the document itself, as package
//     rewrite does: it gives the extractor the next bytes, and Settled
//     says which of the bytes given the caller may write.
//
// The link function is called once per link, in document order (but
// that Markdown reports a link's destination before the links of the raw
// HTML in its text), with a Link valid only until it returns; an error it returns stops the document and is returned by
// Transform, ReadFrom or Feed, then by every later call until Reset. An
// oversize construct is never a Link: it goes to Options.Oversize.
//
// Feed and Settled are the seam between finding links and changing them.
// Their contract:
//
//   - Feed(b, atEOF) gives the extractor b, the bytes of the document that
//     follow those of the earlier calls; atEOF reports that b ends the
//     document, and no Feed may follow it until Reset. Feed reports the
//     links that it can now decide, and returns the link function's error
//     or an error of the document (a style sheet in a charset that is not
//     ASCII-compatible, a Markdown document longer than it may be).
//   - Feed does not retain b: it copies what it must keep, so the caller
//     may reuse b once Feed returns. What it keeps is bounded by the
//     document's type (see each one): the first bytes of the document
//     until its charset is decided, then what the construct being read
//     needs (a tag, a CSS URL, a run of text in which a link may still be
//     found); a Markdown document is held whole.
//   - Settled returns an offset in the input, at most the number of bytes
//     given so far, such that every link that starts before it has been
//     reported: no link reported later starts before it. It never
//     decreases. It is 0 while the charset is undecided (and, for
//     Markdown, until the end of the document). Past that, it trails the
//     input by the construct being read and no further: a caller that
//     holds the bytes from Settled on holds a bounded amount, but for an
//     HTML a element, whose href waits for the element's text unless
//     Options.Immediate is set.
//   - After Feed with atEOF set (and no error), every link has been
//     reported.
//
// Charset returns the document's charset once the extractor has decided
// it: by the first link reported, the first Settled above 0, or the end
// of the document. Before, it is the zero Charset, or for HTML the
// charset that the first bytes say while a later <meta> may still change
// it.
//
// ResetOptions readies the extractor for a new document, as Reset does,
// configured by opts as its constructor would configure it; the link
// function stays. A program that reads many documents (the pages of a
// WARC file, each with its own URL and charset) reuses one extractor, and
// with it the memory its buffers have grown.
type Extractor interface {
	transform.Transformer
	io.ReaderFrom
	Feed(b []byte, atEOF bool) error
	Settled() int64
	Charset() charset.Charset
	ResetOptions(opts Options)
}

// A MarkdownExtractor is the Extractor of a Markdown document (NewMarkdown,
// and New for TypeMarkdown), which also gives what package markdown found
// in it.
//
// Document returns that, once the document has been read whole (nil
// before), and bom, the length of the byte order mark before it: the
// offsets of doc are in the document without that mark. Package rewrite
// writes new destinations with it.
type MarkdownExtractor interface {
	Extractor
	Document() (doc *markdown.Document, bom int)
}

var (
	_ Extractor         = (*htmlExtractor)(nil)
	_ Extractor         = (*textExtractor)(nil)
	_ Extractor         = (*cssExtractor)(nil)
	_ MarkdownExtractor = (*markdownExtractor)(nil)
	_ Extractor         = (*mailExtractor)(nil)
	_ Extractor         = (*xmlExtractor)(nil)
)
