package extract

import (
	"bytes"
	"fmt"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/markdown"
	"github.com/relink-go/relink/weburl"
)

// maxMarkdownSize is the size of the largest Markdown document a
// Markdown extractor reads when Options.MaxTagSize is not larger.
const maxMarkdownSize = 64 << 20

// tagMarkdown is the Link.Tag of a link that Markdown syntax makes.
const tagMarkdown = "markdown"

// The Link.Attr of a Markdown link names its construct.
const (
	attrMarkdownLink       = "link"       // [text](dest), and the reference links' definitions' uses
	attrMarkdownImage      = "image"      // ![alt](dest)
	attrMarkdownDefinition = "definition" // [label]: dest
	attrMarkdownAutolink   = "autolink"   // <scheme:...>, <user@host> and GFM's www.x, https://x
)

// markdownExtractor is the Extractor that NewMarkdown returns (see there).
type markdownExtractor struct {
	opts Options
	fn   func(*Link) error
	wholeDoc
	doc *markdown.Document
}

// NewMarkdown returns a Markdown extractor, configured by opts, that calls
// fn for each link. The Link is valid only until fn returns.
//
// A Markdown extractor finds the links of a Markdown document (CommonMark
// with GitHub's tables and extended autolinks, as package markdown reads
// it): the destinations of inline links and images, of link reference
// definitions, of autolinks and of GFM extended autolinks, never inside
// code spans or code blocks.
//
// Each Link has Tag "markdown" and an Attr that names the construct:
// "link" for [text](dest) (and the reference links that use a
// definition), "image" for ![alt](dest), "definition" for [label]: dest,
// "autolink" for <scheme:...>, <user@host> and GFM's www.x and https://x.
// Its Role is RoleHyperlink, or RoleResource for an image; Value is the
// destination's meaning (backslash escapes and entity references
// decoded, "mailto:" before an email autolink's address, "http://"
// before a www. autolink); URI is resolved against Options.BaseURL as a
// browser resolves an href; Start and End are the destination as
// written (its angle brackets included). A reference link ([text][label])
// has no destination of its own: its definition's is reported, once,
// with Attr "definition" and Role RoleResource when an image uses it and
// no link does.
//
// The links of raw HTML (inline tags and HTML blocks) are found by the
// HTML extractor on those bytes and reported with their offsets in the
// document (their Tag and Attr are HTML's), as is a tag of theirs too
// long to examine (to Options.Oversize); raw HTML that runs over the
// lines of a block quote or list item is read one line at a time. The
// links of the raw HTML in a link's text ([<img src=a.png>](b.md)) are
// reported after the link.
//
// Markdown must be read whole: a reference definition may follow the
// links that use it. Feed holds the document and reports its links when
// atEOF is set, and Settled is 0 until then; Transform copies the
// document as it comes and reports the links at its end. A document
// longer than 64 MiB (or Options.MaxTagSize, when larger) makes Feed and
// Transform fail with an error that says so. The document is read as
// UTF-8, the charset CommonMark is defined on; a UTF-8 byte order mark is
// skipped (offsets still count it).
func NewMarkdown(opts Options, fn func(*Link) error) MarkdownExtractor {
	m := &markdownExtractor{fn: fn}
	m.what, m.report = "Markdown document", m.reportLinks
	m.ResetOptions(opts)
	return m
}

// ResetOptions readies m for a new document, as Reset does, configured by
// opts as NewMarkdown would configure it (see Extractor).
func (m *markdownExtractor) ResetOptions(opts Options) {
	m.opts, m.max = opts, max(maxMarkdownSize, opts.MaxTagSize)
	m.Reset()
}

// Reset makes m ready for a new document.
func (m *markdownExtractor) Reset() {
	m.reset()
	m.doc = nil
}

// Document returns what package markdown found in the document, as
// MarkdownExtractor says.
func (m *markdownExtractor) Document() (doc *markdown.Document, bom int) {
	return m.doc, m.bom()
}

// Charset returns the document's charset: UTF-8, from its byte order mark
// or by default.
func (m *markdownExtractor) Charset() charset.Charset {
	if m.bom() > 0 {
		return charset.Named("utf-8", charset.SourceBOM)
	}
	return charset.Named("utf-8", charset.SourceDefault)
}

func (m *markdownExtractor) bom() int {
	if bytes.HasPrefix(m.buf, []byte("\xEF\xBB\xBF")) {
		return 3
	}
	return 0
}

func (m *markdownExtractor) reportLinks() error {
	bom := m.bom()
	src := m.buf[bom:]
	m.doc = markdown.Parse(src)
	conv := iri.NewConverter(iri.WithMode(iri.Web))
	var base *weburl.URL
	if m.opts.BaseURL != "" {
		if u, err := weburl.Parse(m.opts.BaseURL, nil); err == nil {
			base = u
		}
	}
	lines := newLineIndex(m.buf)
	// The role of a definition: RoleResource when only images use it.
	image := make(map[int]bool)
	for _, l := range m.doc.Links {
		if l.Def >= 0 {
			if _, seen := image[l.Def]; !seen || !l.Kind.IsImage() {
				image[l.Def] = l.Kind.IsImage()
			}
		}
	}
	h := 0 // the next HTML piece
	reportHTML := func(upto int) error {
		for ; h < len(m.doc.HTML) && m.doc.HTML[h].Segments[0].Start < upto; h++ {
			for _, s := range m.doc.HTML[h].Segments {
				if err := m.html(s.Start+bom, s.End+bom, lines); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for i := range m.doc.Links {
		ml := &m.doc.Links[i]
		if !ml.OwnsDest() {
			continue
		}
		if err := reportHTML(ml.At.Start); err != nil {
			return err
		}
		l := &Link{Tag: tagMarkdown, Role: htmlattr.RoleHyperlink, Value: ml.Value, Base: base,
			Start: int64(ml.Dest.Start + bom), End: int64(ml.Dest.End + bom)}
		switch ml.Kind {
		case markdown.InlineLink:
			l.Attr = attrMarkdownLink
		case markdown.InlineImage:
			l.Attr, l.Role = attrMarkdownImage, htmlattr.RoleResource
		case markdown.Definition:
			l.Attr = attrMarkdownDefinition
			if image[i] {
				l.Role = htmlattr.RoleResource
			}
		default:
			l.Attr = attrMarkdownAutolink
		}
		if !m.opts.NoPosition {
			l.Line, l.Column = lines.posAt(l.Start)
		}
		if !m.opts.Unresolved {
			var uri string
			var err error
			if base != nil {
				uri, err = weburl.NewParser(nil).Resolve(l.Value, base)
			} else {
				uri, err = conv.ToURI(l.Value)
			}
			if err != nil {
				l.Err = err
			} else {
				l.Href, l.IRI = uri, displayIRI(conv, &m.opts, uri)
			}
		}
		if err := m.fn(l); err != nil {
			return err
		}
	}
	return reportHTML(len(src) + 1)
}

// html reports the links of the raw HTML m.buf[start:end].
func (m *markdownExtractor) html(start, end int, lines lineIndex) error {
	opts := m.opts
	opts.Charset, opts.DefaultCharset = "utf-8", ""
	var ferr error
	if m.opts.Oversize != nil {
		opts.Oversize = func(e *OversizeError) {
			e.Offset += int64(start)
			e.Line, e.Column = lines.posAt(e.Offset)
			m.opts.Oversize(e)
		}
	}
	x := NewHTML(opts, func(l *Link) error {
		l.Start += int64(start)
		l.End += int64(start)
		if !m.opts.NoPosition {
			l.Line, l.Column = lines.posAt(l.Start)
		}
		if err := m.fn(l); err != nil {
			ferr = err
			return err
		}
		return nil
	})
	if err := x.Feed(m.buf[start:end], true); err != nil && ferr == nil {
		return fmt.Errorf("extract: raw HTML at offset %d: %w", start, err)
	}
	return ferr
}
