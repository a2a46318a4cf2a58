package textlink

import "golang.org/x/text/transform"

// A Scanner finds the links in a plain text that arrives in pieces. It is
// a transform.Transformer that copies its input to its output unchanged
// and calls a function for each link, in order, with the links that Find
// reports for the whole text, whatever the sizes of the pieces:
//
//	s := textlink.NewScanner(func(m *textlink.Match) {
//		fmt.Println(m.Start, string(m.Raw))
//	})
//	io.Copy(w, transform.NewReader(r, s))
//
// The function is called from Transform as soon as a link is certain. A
// link is certain once the scanner has seen the character that ends it
// (or the end of the input), so the lookahead is bounded by MaxLen:
// besides the input of the current call, a scanner holds at most about
// MaxLen bytes of the text before the position it has reached and MaxLen
// bytes of the candidate it is reading.
//
// A Scanner copies no link and reuses its match: the *Match given to the
// function, and the contents of its Raw (a slice of the scanner's buffer),
// may change once the function returns. To keep a link beyond the call,
// copy what is needed before returning: Value, URI, or the Match with its
// Raw cloned (bytes.Clone).
//
// A Scanner must not be copied after first use; Reset prepares it for a
// new text.
type Scanner struct {
	// Oversize, when not nil, is called for each candidate the scanner
	// drops for being longer than MaxLen (see MaxLen), once, as it is
	// dropped, with the offset in the text where the candidate starts:
	// the first letter of its scheme, of its host name or of the local
	// part of an email address (at most MaxLen bytes before where
	// detection found it, its scheme's ":" or a "." of its host name, for
	// a host name or local part longer than that). Nothing of such a
	// candidate is reported as a link; Oversize lets a caller say so
	// rather than lose it without a word. Set it before the first
	// Transform.
	Oversize func(offset int64)

	fn   func(m *Match)
	st   state
	buf  []byte // the text from offset base on, as far as it has arrived
	base int64
	m    Match
}

// NewScanner returns a Scanner that calls fn for each link.
func NewScanner(fn func(m *Match)) *Scanner {
	return &Scanner{fn: fn}
}

// Reset implements transform.Transformer: the scanner forgets the text it
// has read and starts again at offset 0.
func (s *Scanner) Reset() {
	s.st = state{}
	s.buf = s.buf[:0]
	s.base = 0
}

// Settled returns the offset in the text before which the scanner has
// reported every link: no link it reports later starts before it. It
// trails the text copied so far by at most about 2*MaxLen bytes, and it
// is what a caller that keeps text for the links still to come (to
// rewrite them, say) may drop the text before.
func (s *Scanner) Settled() int64 { return s.base }

// Transform implements transform.Transformer. It copies as much of src to
// dst as fits and reports transform.ErrShortDst if that is not all of it;
// it never returns transform.ErrShortSrc, as it keeps what it needs of
// src itself. The links in the copied text are reported before Transform
// returns if they are certain by then, and otherwise by a later call; with
// atEOF true and all of src copied, every link has been reported.
func (s *Scanner) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	n := copy(dst, src)
	if n < len(src) {
		err = transform.ErrShortDst
		atEOF = false
	}
	s.buf = append(s.buf, src[:n]...)
	in := input{b: s.buf, base: s.base, eof: atEOF}
	s.st.dropped = s.Oversize
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
