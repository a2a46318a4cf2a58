package rewrite

import (
	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/weburl"
)

// CSS rewrites the links of a style sheet (a .css file): url(), @import
// and the strings of image-set(), as extract.NewCSS's extractor finds them. It is a
// transform.Transformer whose output is its input with each URL's text
// replaced by its new form, escaped for CSS (the quotes of a string
// kept, an unquoted url() escaped as CSS requires) and written in the
// style sheet's charset, with a CSS escape for a character the charset
// cannot hold. Queries are UTF-8, as browsers encode every URL of CSS.
// Memory is bounded: the bytes held are those of the URL being read, and
// the first 1024 bytes until the charset is known.
type CSS struct {
	rewriter
	x extract.Extractor
}

// NewCSS returns a rewriter of style sheets, configured by opts.
func NewCSS(opts Options) *CSS {
	c := &CSS{}
	c.opts = opts
	xopts := c.extractOptions()
	xopts.Oversize = c.oversize
	c.x = extract.New(extract.TypeCSS, xopts, c.found)
	return c
}

// oversize counts an oversize URL as a link left as written,
// and reports it.
func (c *CSS) oversize(e *extract.OversizeError) {
	c.stats.Links++
	c.stats.Kept++
	if c.opts.Oversize != nil {
		c.opts.Oversize(e)
	}
}

func (c *CSS) found(l *extract.Link) error {
	if c.conv == nil {
		c.setCharset(c.x.Charset())
		// A style sheet's URLs are UTF-8 whatever its charset, their
		// queries too (CSSWG, w3c/csswg-drafts#9301).
		c.conv = iri.NewConverter(iri.WithMode(iri.Web))
		c.web = weburl.NewParser(nil)
		c.leiri = iri.NewConverter(iri.WithMode(iri.LEIRI))
	}
	c.link(l)
	return nil
}

// Reset implements transform.Transformer: c is ready for a new
// style sheet, with the same Options.
func (c *CSS) Reset() {
	c.x.Reset()
	c.rewriter.reset(c.opts, false)
}

// Transform implements transform.Transformer: it writes the style sheet that
// src continues with its links rewritten.
func (c *CSS) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	return c.transform(dst, src, atEOF, c.x)
}

// Stats returns what the rewriter has done in the style sheet so far.
func (c *CSS) Stats() Stats { return c.stats }

// Charset returns the style sheet's charset, once known.
func (c *CSS) Charset() charset.Charset { return c.x.Charset() }
