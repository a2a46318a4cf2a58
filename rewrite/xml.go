package rewrite

import (
	"bytes"
	"strings"

	"golang.org/x/text/transform"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/extract"
)

// XML rewrites the links of a sitemap, an RSS feed or an Atom feed, as
// extract.NewXML finds them: each decided as the other rewriters decide
// (Options.To, Options.Resolve, Options.Map; a link already in the form
// asked for is left byte for byte) and written escaped for where it
// stands: "&" and the attribute's quote as character references in an
// attribute, "&" and "<" in an element's text, nothing in a CDATA section
// (a new value holding "]]>", which would end the section, is left as it
// was and counted as kept). Every other byte is copied as it is.
//
// It is a transform.Transformer that holds the whole document (see
// extract.NewXML for the size limit and charsets) and writes it at its end.
type XML struct {
	rewriter
	in   []byte
	done bool
	cs   charset.Charset
}

// NewXML returns a rewriter of XML documents, configured by opts.
func NewXML(opts Options) *XML {
	x := &XML{}
	x.opts = opts
	return x
}

// Reset implements transform.Transformer: x is ready for a new document,
// with the same Options.
func (x *XML) Reset() {
	x.rewriter = rewriter{opts: x.opts, out: x.out[:0]}
	x.in, x.done, x.cs = x.in[:0], false, charset.Charset{}
}

// Transform implements transform.Transformer: it writes the document that
// src continues with its links rewritten.
func (x *XML) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if x.err != nil {
		return 0, 0, x.err
	}
	if !x.done {
		x.in = append(x.in, src...)
		nSrc = len(src)
		if !atEOF {
			return 0, nSrc, nil
		}
		x.done = true
		if x.err = x.rewrite(); x.err != nil {
			return 0, nSrc, x.err
		}
	} else {
		nSrc = len(src)
	}
	n := copy(dst, x.out[x.outPos:])
	x.outPos += n
	if x.outPos < len(x.out) {
		return n, nSrc, transform.ErrShortDst
	}
	return n, nSrc, nil
}

// rewrite sets x.out to the document x.in with its links rewritten.
func (x *XML) rewrite() error {
	x.pend, x.base, x.edits, x.html = x.in, 0, x.edits[:0], true
	var e extract.Extractor
	e = extract.NewXML(x.extractOptions(), func(l *extract.Link) error {
		if x.conv == nil {
			x.start(e.Charset())
		}
		if !inCDATA(x.in, l.Start) {
			x.link(l)
			return nil
		}
		v, ok := x.decide(l)
		if !ok {
			return nil
		}
		if strings.Contains(v, "]]>") {
			x.stats.Kept++
			return nil
		}
		b := x.toCharset([]byte(v))
		if !bytes.Equal(b, x.in[l.Start:l.End]) {
			x.edits = append(x.edits, edit{l.Start, l.End, b})
			x.stats.Rewritten++
		}
		return nil
	})
	err := e.Feed(x.in, true)
	x.cs = e.Charset()
	if err != nil {
		return err
	}
	x.out, x.outPos = x.out[:0], 0
	x.emit(int64(len(x.in)))
	x.pend = nil
	return nil
}

// inCDATA reports whether the value at off in doc is the text of a CDATA
// section: "<![CDATA[" before it, but for white space.
func inCDATA(doc []byte, off int64) bool {
	b := bytes.TrimRight(doc[:off], " \t\r\n")
	return bytes.HasSuffix(b, []byte("<![CDATA["))
}

// Stats returns what the rewriter has done in the document so far.
func (x *XML) Stats() Stats { return x.stats }

// Charset returns the document's charset, once it is read whole.
func (x *XML) Charset() charset.Charset { return x.cs }
