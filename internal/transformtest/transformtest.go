// Package transformtest drives a transform.Transformer the way the
// chunk-size tests of relink's packages need: with src given in pieces of
// a chosen size and dst buffers of a chosen size, as transform.Reader
// would with small buffers, so that a test can check that the output does
// not depend on either.
package transformtest

import (
	"testing"

	"golang.org/x/text/transform"
)

// Run transforms in with tr, giving it src in pieces of chunk bytes (all
// of in when chunk <= 0) and dst buffers of dstSize bytes (room for all of
// the output when dstSize <= 0), and returns the output. Bytes tr leaves
// in src are given again, first, with the next piece. It fails the test on
// an error other than transform.ErrShortDst and transform.ErrShortSrc, and
// when tr makes no progress.
func Run(t testing.TB, tr transform.Transformer, in []byte, chunk, dstSize int) []byte {
	t.Helper()
	if chunk <= 0 {
		chunk = len(in) + 1
	}
	if dstSize <= 0 {
		dstSize = 2*len(in) + 4096
	}
	var out []byte
	dst := make([]byte, dstSize)
	var src []byte
	pos := 0
	for iter := 0; ; iter++ {
		if iter > 20*len(in)+1000 {
			t.Fatalf("transformtest: no progress at input offset %d", pos)
		}
		end := min(pos+chunk, len(in))
		src = append(src, in[pos:end]...)
		pos = end
		atEOF := pos == len(in)
		nDst, nSrc, err := tr.Transform(dst, src, atEOF)
		out = append(out, dst[:nDst]...)
		src = src[:copy(src, src[nSrc:])]
		switch err {
		case nil:
			if atEOF && len(src) == 0 {
				return out
			}
		case transform.ErrShortDst, transform.ErrShortSrc:
		default:
			t.Fatalf("transformtest: Transform: %v", err)
		}
	}
}
