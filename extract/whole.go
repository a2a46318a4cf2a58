package extract

// wholeDoc is the state of an extractor that reads its document whole
// before it reports a link (Markdown, Mail): the bytes so far, the limit
// on them, and whether the document was read and reported.
type wholeDoc struct {
	buf  []byte
	max  int
	done bool
	err  error
	rbuf []byte // ReadFrom's buffer
}

// reset forgets the document, keeping the buffers.
func (w *wholeDoc) reset() { w.buf, w.done, w.err = w.buf[:0], false, nil }

// feed adds b to the document, as Extractor.Feed says: sizeErr makes the
// error for a document over w.max bytes, and report is called once, at
// the end, to report the links of w.buf.
func (w *wholeDoc) feed(b []byte, atEOF bool, sizeErr func(max int) error, report func() error) error {
	if w.err != nil {
		return w.err
	}
	if w.done {
		return nil
	}
	if len(w.buf)+len(b) > w.max {
		w.err = sizeErr(w.max)
		return w.err
	}
	w.buf = append(w.buf, b...)
	if !atEOF {
		return nil
	}
	w.done = true
	w.err = report()
	return w.err
}

// settled returns the offset before which every link has been reported:
// 0 until the document is read whole, its length then.
func (w *wholeDoc) settled() int64 {
	if !w.done {
		return 0
	}
	return int64(len(w.buf))
}
