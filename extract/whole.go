package extract

import (
	"fmt"
	"io"
)

// wholeDoc is the state of an extractor that reads its document whole
// before it reports a link (Markdown, XML, Mail): the bytes so far, the
// limit on them, and whether the document was read and reported. Its
// Feed, Transform, ReadFrom and Settled are those of the extractor that
// embeds it.
type wholeDoc struct {
	buf  []byte
	max  int
	done bool
	err  error
	rbuf []byte // ReadFrom's buffer

	what   string       // what the document is, for the error of one too long ("Markdown document")
	report func() error // reports the links of buf, once, at the end
}

// A wholeSizeError is the error of a document longer than the most that
// an extractor of whole documents reads.
type wholeSizeError struct {
	what string
	Max  int
}

func (e *wholeSizeError) Error() string {
	return fmt.Sprintf("extract: %s longer than %d bytes (it is read whole)", e.what, e.Max)
}

// reset forgets the document, keeping the buffers.
func (w *wholeDoc) reset() { w.buf, w.done, w.err = w.buf[:0], false, nil }

// Feed adds b to the document, as Extractor says; when atEOF is set, it
// reads the document and reports its links.
func (w *wholeDoc) Feed(b []byte, atEOF bool) error {
	if w.err != nil {
		return w.err
	}
	if w.done {
		return nil
	}
	if len(w.buf)+len(b) > w.max {
		w.err = &wholeSizeError{w.what, w.max}
		return w.err
	}
	w.buf = append(w.buf, b...)
	if !atEOF {
		return nil
	}
	w.done = true
	w.err = w.report()
	return w.err
}

// Transform implements transform.Transformer: it copies src to dst as
// it comes, and holds the document to report its links at its end.
func (w *wholeDoc) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if w.err != nil {
		return 0, 0, w.err
	}
	return copyFeed(dst, src, atEOF, w.Feed)
}

// ReadFrom reads the document that r holds to its end and reports its
// links.
func (w *wholeDoc) ReadFrom(r io.Reader) (int64, error) {
	return feedAll(r, &w.rbuf, w)
}

// Settled returns the offset before which every link has been reported,
// as Extractor says: 0 until the document is read whole, its length then.
func (w *wholeDoc) Settled() int64 {
	if !w.done {
		return 0
	}
	return int64(len(w.buf))
}
