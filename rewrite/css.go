package rewrite

import (
	"io"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/weburl"
	"golang.org/x/text/transform"
)

// CSS rewrites the links of a style sheet (a .css file): url(), @import
// and the strings of image-set(), as extract.CSS finds them. It is a
// transform.Transformer whose output is its input with each URL's text
// replaced by its new form, escaped for CSS (the quotes of a string
// kept, an unquoted url() escaped as CSS requires) and written in the
// style sheet's charset, with a CSS escape for a character the charset
// cannot hold. Queries are UTF-8, as browsers encode every URL of CSS.
// Memory is bounded: the bytes held are those of the URL being read, and
// the first 1024 bytes until the charset is known.
type CSS struct {
	rewriter
	x *extract.CSS
}

// NewCSS returns a rewriter of style sheets.
func NewCSS(opts Options) *CSS {
	c := &CSS{}
	c.opts = opts
	xopts := c.extractOptions()
	xopts.Oversize = c.oversize
	c.x = extract.NewCSS(xopts, c.found)
	return c
}

// oversize counts a URL too long to examine as a link left as written,
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

// Reset implements transform.Transformer.
func (c *CSS) Reset() {
	c.x.Reset()
	c.rewriter = rewriter{opts: c.opts, pend: c.pend[:0], edits: c.edits[:0], out: c.out[:0]}
}

// Transform implements transform.Transformer.
func (c *CSS) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	return c.transform(dst, src, atEOF, c.x.Feed, c.x.Settled)
}

// Stats returns what the rewriter has done so far.
func (c *CSS) Stats() Stats { return c.stats }

// Charset returns the style sheet's charset, once known.
func (c *CSS) Charset() extract.Charset { return c.x.Charset() }

// Reader returns a reader of the style sheet that r reads, with its links
// rewritten.
func (c *CSS) Reader(r io.Reader) io.Reader { return transform.NewReader(r, c) }

// Writer returns a writer that writes to w the style sheet written to it,
// with its links rewritten. Close flushes what it holds back and must be
// called at the end of the style sheet; it does not close w.
func (c *CSS) Writer(w io.Writer) io.WriteCloser { return transform.NewWriter(w, c) }

// Bytes returns the style sheet b with its links rewritten.
func (c *CSS) Bytes(b []byte) ([]byte, error) {
	out, _, err := transform.Bytes(c, b)
	return out, err
}

// String returns the style sheet s with its links rewritten.
func (c *CSS) String(s string) (string, error) {
	out, _, err := transform.String(c, s)
	return out, err
}
