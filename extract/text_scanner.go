package extract

import "golang.org/x/text/transform"

// A TextScanner finds the links in a plain text that arrives in pieces. It
// is a transform.Transformer that copies its input to its output unchanged
// and calls a function for each link, in order, with the same results as
// ScanText on the whole text, whatever the sizes of the pieces:
//
//	s := extract.NewTextScanner(func(m *extract.TextMatch) {
//		fmt.Println(m.Start, string(m.Raw))
//	})
//	io.Copy(w, transform.NewReader(r, s))
//
// The function is called from Transform as soon as a link is certain, with
// a TextMatch that is valid only until it returns. A link is certain once
// the scanner has seen the character that ends it (or the end of the
// input), so the lookahead is bounded by MaxTextLinkLen: besides the input
// of the current call, a scanner holds at most about MaxTextLinkLen bytes
// of the text before the position it has reached and MaxTextLinkLen bytes
// of the candidate it is reading.
//
// A TextScanner must not be copied after first use; Reset prepares it for
// a new text.
type TextScanner struct {
	fn   func(m *TextMatch)
	st   textState
	buf  []byte // the text from offset base on, as far as it has arrived
	base int64
	m    TextMatch
}

// NewTextScanner returns a TextScanner that calls fn for each link.
func NewTextScanner(fn func(m *TextMatch)) *TextScanner {
	return &TextScanner{fn: fn}
}

// Reset implements transform.Transformer: the scanner forgets the text it
// has read and starts again at offset 0.
func (s *TextScanner) Reset() {
	s.st = textState{}
	s.buf = s.buf[:0]
	s.base = 0
}

// Transform implements transform.Transformer. It copies as much of src to
// dst as fits and reports transform.ErrShortDst if that is not all of it;
// it never returns transform.ErrShortSrc, as it keeps what it needs of
// src itself. The links in the copied text are reported before Transform
// returns if they are certain by then, and otherwise by a later call; with
// atEOF true and all of src copied, every link has been reported.
func (s *TextScanner) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	n := copy(dst, src)
	if n < len(src) {
		err = transform.ErrShortDst
		atEOF = false
	}
	s.buf = append(s.buf, src[:n]...)
	in := textInput{b: s.buf, base: s.base, eof: atEOF}
	for s.st.next(&in, &s.m) {
		s.fn(&s.m)
	}
	s.m.Raw = nil
	if k := int(s.st.keep() - s.base); k > 0 {
		s.buf = s.buf[:copy(s.buf, s.buf[k:])]
		s.base += int64(k)
	}
	return n, n, err
}
