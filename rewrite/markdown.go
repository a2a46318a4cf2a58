package rewrite

import (
	"errors"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/markdown"
	"golang.org/x/text/transform"
)

// Markdown rewrites the links of a Markdown document (a .md file), as
// extract.NewMarkdown's extractor finds them: the destinations of inline links and
// images, of link reference definitions and of autolinks, each decided
// as the other rewriters decide (Options.To, Options.Resolve; a
// destination already in the form asked for is left byte for byte) and
// written by markdown.Rewrite in Markdown's syntax (between < and > when
// it holds a space, with backslashes where Markdown needs them); and the
// links of raw HTML, rewritten as NewHTML rewrites them. Nothing inside
// code spans or code blocks changes, nor any other byte.
//
// It is a transform.Transformer that holds the whole document (a
// reference definition may follow the links that use it) and writes it
// at its end; the document is UTF-8 (see extract.NewMarkdown for the size
// limit). A new destination that markdown.Rewrite cannot write without
// changing what the document means is left as it was, counted as kept.
type Markdown struct {
	rewriter
	in   []byte
	done bool
}

// NewMarkdown returns a rewriter of Markdown documents, configured by
// opts.
func NewMarkdown(opts Options) *Markdown {
	m := &Markdown{}
	m.opts = opts
	return m
}

// Reset implements transform.Transformer: m is ready for a new
// document, with the same Options.
func (m *Markdown) Reset() {
	m.rewriter = rewriter{opts: m.opts, out: m.out[:0]}
	m.in, m.done = m.in[:0], false
}

// Transform implements transform.Transformer: it writes the document that
// src continues with its links rewritten.
func (m *Markdown) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if m.err != nil {
		return 0, 0, m.err
	}
	if !m.done {
		m.in = append(m.in, src...)
		nSrc = len(src)
		if !atEOF {
			return 0, nSrc, nil
		}
		m.done = true
		if m.err = m.rewrite(); m.err != nil {
			return 0, nSrc, m.err
		}
	} else {
		nSrc = len(src) // nothing follows the end
	}
	n := copy(dst, m.out[m.outPos:])
	m.outPos += n
	if m.outPos < len(m.out) {
		return n, nSrc, transform.ErrShortDst
	}
	return n, nSrc, nil
}

// rewrite sets m.out to the document m.in with its links rewritten.
func (m *Markdown) rewrite() error {
	m.start(charset.Detect(charset.HTML, nil, "utf-8", ""))
	// The destinations of Markdown, decided by the shared rules and
	// written by markdown.Rewrite.
	m.pend, m.base = m.in, 0
	news := make(map[int64]string)
	var html []extract.Link // the links of raw HTML, for when nothing else changes
	x := extract.NewMarkdown(m.extractOptions(), func(l *extract.Link) error {
		if l.Tag != "markdown" {
			html = append(html, *l)
			return nil
		}
		if v, ok := m.decide(l); ok {
			news[l.Start] = v
		}
		return nil
	})
	if err := x.Feed(m.in, true); err != nil {
		return err
	}
	doc, bom := x.Document()
	out := m.in
	if len(news) > 0 {
		b, err := markdown.Rewrite(m.in[bom:], doc, func(l *markdown.Link) (string, bool) {
			v, ok := news[int64(l.Dest.Start+bom)]
			return v, ok
		})
		m.stats.Rewritten += len(news)
		if err != nil {
			// The destinations markdown.Rewrite left as they were.
			n := 1
			if j, ok := err.(interface{ Unwrap() []error }); ok {
				n = 0
				for _, e := range j.Unwrap() {
					var re *markdown.RewriteError
					if errors.As(e, &re) {
						n++
					}
				}
			}
			m.stats.Rewritten -= n
			m.stats.Kept += n
		}
		out = append(m.in[:bom:bom], b...)
	}
	// The links of raw HTML, in the document as it now is.
	m.html = true
	m.pend, m.base, m.edits = out, 0, m.edits[:0]
	if len(news) == 0 {
		// The document is as it was: its HTML links are those found.
		for i := range html {
			m.link(&html[i])
		}
	} else if len(doc.HTML) > 0 {
		yopts := m.extractOptions()
		yopts.Oversize = nil // reported by the first pass
		y := extract.NewMarkdown(yopts, func(l *extract.Link) error {
			if l.Tag != "markdown" {
				m.link(l)
			}
			return nil
		})
		if err := y.Feed(out, true); err != nil {
			return err
		}
	}
	m.out, m.outPos = m.out[:0], 0
	m.emit(int64(len(out)))
	m.pend = nil
	return nil
}

// Stats returns what the rewriter has done in the document so far.
func (m *Markdown) Stats() Stats { return m.stats }

// Charset returns the document's charset, UTF-8 (see extract.NewMarkdown).
func (m *Markdown) Charset() charset.Charset {
	src := charset.SourceDefault
	if len(m.in) >= 3 && string(m.in[:3]) == "\xEF\xBB\xBF" {
		src = charset.SourceBOM
	}
	cs := charset.Detect(charset.HTML, nil, "utf-8", "")
	cs.Source = src
	return cs
}
