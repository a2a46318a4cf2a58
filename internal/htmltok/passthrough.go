package htmltok

import (
	"io"

	"golang.org/x/text/transform"
)

// Passthrough is a transform.Transformer that copies HTML from src to dst
// unchanged while calling a function for each token: the shape of a
// streaming rewriter, which would write its own bytes instead of some
// tokens' Raw. Its output is the concatenation of the tokens' Raw, so it
// equals its input.
//
// It needs no minimum dst or src size: a token longer than the space left
// in dst is written across calls, and a construct cut by the end of src
// is kept by the Tokenizer. It never returns transform.ErrShortSrc.
type Passthrough struct {
	z    *Tokenizer
	fn   func(*Token) error
	pend []byte // the rest of the last token's Raw, not yet written
	done bool
}

// NewPassthrough returns a Passthrough calling fn, if not nil, for each
// token, in order, before the token's bytes are written. An error from fn
// stops the transformation and is returned by Transform.
func NewPassthrough(fn func(*Token) error, opts ...Option) *Passthrough {
	return &Passthrough{z: New(opts...), fn: fn}
}

// Reset implements transform.Transformer.
func (p *Passthrough) Reset() {
	p.z.Reset()
	p.pend = nil
	p.done = false
}

// Transform implements transform.Transformer.
func (p *Passthrough) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for {
		if len(p.pend) > 0 {
			n := copy(dst[nDst:], p.pend)
			nDst += n
			p.pend = p.pend[n:]
			if len(p.pend) > 0 {
				return nDst, nSrc, transform.ErrShortDst
			}
		}
		if p.done || nSrc == len(src) && !atEOF {
			return nDst, nSrc, nil
		}
		// Offer no more input than dst can take, so that a token held in
		// src (Text) fits in dst; a token in the tokenizer's buffer, which
		// stays valid until the next call to Next, may be longer.
		room := len(dst) - nDst
		if room == 0 {
			return nDst, nSrc, transform.ErrShortDst
		}
		in, eof := src[nSrc:], atEOF
		if len(in) > room {
			in, eof = in[:room], false
		}
		tok, n, err := p.z.Next(in, eof)
		nSrc += n
		if err == io.EOF {
			p.done = true
			return nDst, nSrc, nil
		}
		if tok == nil {
			continue
		}
		if p.fn != nil {
			if err := p.fn(tok); err != nil {
				return nDst, nSrc, err
			}
		}
		p.pend = tok.Raw
	}
}
