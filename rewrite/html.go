package rewrite

import (
	"github.com/relink-go/relink/extract"

	"github.com/relink-go/relink/charset"
)

// HTML rewrites the links of an HTML document: a transform.Transformer
// whose output is its input with each link's bytes replaced by its new
// form. Memory is bounded as that of extract.NewHTML: the bytes held are those of a
// tag, a CSS url() or a run of text being read, and the first bytes
// until the charset is known (1024, or up to charset.HeadLimit when a late
// <meta> may decide it, and charset.DetectLimit at least when it is
// guessed).
type HTML struct {
	rewriter
	x extract.Extractor
}

// NewHTML returns a rewriter of HTML documents, configured by opts.
func NewHTML(opts Options) *HTML {
	h := &HTML{}
	h.opts = opts
	h.html = true
	h.x = extract.New(extract.TypeHTML, h.extractOptions(), h.found)
	return h
}

func (r *rewriter) extractOptions() extract.Options {
	o := r.opts.Options
	o.Immediate = true
	// Speculative links (data-href, data-uri, onclick) are guesses, often
	// no URL: a rewriter never touches them, whatever Options says.
	o.Speculative = false
	// Kept as written, most links need no resolving: link resolves the
	// ones whose form changes.
	o.Unresolved = r.opts.Resolve == ResolveKeep
	return o
}

func (h *HTML) found(l *extract.Link) error {
	if h.conv == nil {
		h.start(h.x.Charset())
	}
	h.link(l)
	return nil
}

// Reset implements transform.Transformer: h is ready for a new
// document, with the same Options.
func (h *HTML) Reset() {
	h.x.Reset()
	h.rewriter.reset(h.opts, true)
}

// ResetOptions readies h for a new document, as Reset does, configured by
// opts as NewHTML would configure it: a program that rewrites many
// documents (the files of a tree, each with its own URL) reuses one
// rewriter, and with it the memory that its extractor, tokenizer and
// buffers have grown, where NewHTML would make them anew. What h writes
// for the document is what NewHTML(opts) would write.
func (h *HTML) ResetOptions(opts Options) {
	h.opts = opts
	h.x.ResetOptions(h.extractOptions())
	h.rewriter.reset(opts, true)
}

// Transform implements transform.Transformer: it writes the document that
// src continues with its links rewritten.
func (h *HTML) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	return h.transform(dst, src, atEOF, h.x)
}

// Stats returns what the rewriter has done in the document so far.
func (h *HTML) Stats() Stats { return h.stats }

// Charset returns the document's charset, once known.
func (h *HTML) Charset() charset.Charset { return h.x.Charset() }
