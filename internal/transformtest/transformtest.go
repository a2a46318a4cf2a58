// Package transformtest is the chunk-size test of relink's
// transform.Transformers: it runs a Transformer over an input given in
// pieces of every size and with dst buffers of several sizes, tiny ones
// that force transform.ErrShortDst included, as x/text's own tests do, so
// that where the input is cut and how much room the output has can never
// change the output, nor what the Transformer reports on the side.
//
// A Sweep describes the runs: the input, how to get a Transformer for a
// run (a new one, or one Reset: Reused), the sizes (by default every src
// size, or the sample of Sizes for a long input), the output wanted, and
// a Check for what the Transformer reports to a callback. The function Run
// drives a single run, for a test that needs one (a fuzz target, a
// reference output). Feeder makes a Transformer of a type that reads its
// input through a Feed method, so that a Sweep can drive it too.
//
// Every call of Transform is checked against the contract of
// transform.Transformer; a run fails, with the sizes that made it fail,
// when the Transformer
//
//   - returns nDst outside [0, len(dst)] or nSrc outside [0, len(src)];
//   - returns a nil error without consuming all of src ("if err is nil
//     then nSrc must equal len(src)", which transform.Reader relies on);
//   - returns transform.ErrShortSrc when atEOF is true: there is no more
//     input to give it, so the bytes it leaves would be lost;
//   - returns transform.ErrShortDst having neither written nor read a
//     byte: called again with the same dst and src, it would do the same,
//     for ever (a dst size the Transformer cannot make progress in, such
//     as 1 for a decoder that writes whole characters, is the caller's
//     error: leave it out of Sweep.Dst);
//   - writes more than 64 bytes of output for each byte of input, plus 1
//     MiB: a Transformer that never stops writing;
//   - returns any other error.
//
// The driver gives the Transformer the next piece of input only when it
// has consumed all it was given or returned ErrShortSrc; after
// ErrShortDst it calls again with what is left, as transform.Reader does.
// The dst and src slices it passes have no capacity beyond their length,
// so that a Transformer that appends to them does not write into bytes
// that are not its own.
package transformtest

import (
	"bytes"
	"fmt"
	"testing"

	"golang.org/x/text/transform"
)

// A Sweep is a chunk-size test: Run runs a Transformer over In once for
// every pair of a src size in Src and a dst size in Dst, and checks each
// run's output and side results.
type Sweep struct {
	// Name, if not empty, starts every failure message (the document, the
	// case).
	Name string

	// In is the input.
	In []byte

	// New returns the Transformer for a run: a new one, or one that it
	// Resets (see Reused). It is called once before each run, and before
	// the reference run when Want is nil; a callback that collects side
	// results starts afresh here.
	New func() transform.Transformer

	// Src lists the sizes of the pieces In is given in; 0 gives it whole.
	// Nil means Sizes(len(In)).
	Src []int

	// Dst lists the sizes of the dst buffers; 0 is room for all of the
	// output (twice the input and 4 KiB: more is written in several
	// calls). Nil means 1, 5 and 0. A size must be one at which the
	// Transformer can always write something.
	Dst []int

	// Want is the output every run must give. Nil means the output of a
	// reference run that gives all of In at once with a large dst (a
	// non-nil empty slice wants no output).
	Want []byte

	// Check, if not nil, is called after each run but the reference run,
	// with its output, to check what the Transformer reported on the side
	// (the links a callback collected, Stats...). An error it returns
	// fails the run.
	Check func(out []byte) error
}

// Sizes returns the src sizes a Sweep uses when its Src is nil, for an
// input of n bytes: every size from 1 to n when n is at most 512, so that
// the input is cut at every offset and in every rhythm; for a longer
// input, 1 to 16, each power of two from 32 up to n with the sizes either
// side of it (where buffers of code tend to end: 1023, 1024, 1025), and n
// itself: 35 sizes for a kilobyte, 63 for a megabyte, so that the test of
// a long document stays short.
func Sizes(n int) []int {
	if n <= 512 {
		s := make([]int, 0, n)
		for i := 1; i <= n; i++ {
			s = append(s, i)
		}
		return s
	}
	var s []int
	for i := 1; i <= 16; i++ {
		s = append(s, i)
	}
	for p := 32; p-1 < n; p *= 2 {
		for _, i := range []int{p - 1, p, p + 1} {
			if i < n {
				s = append(s, i)
			}
		}
	}
	return append(s, n)
}

// Reused returns a New for Sweep that Resets tr and returns it, for a
// test of a Transformer used again and again, as a caller that Resets it
// between documents does.
func Reused(tr transform.Transformer) func() transform.Transformer {
	return func() transform.Transformer {
		tr.Reset()
		return tr
	}
}

// Run runs the sweep: a reference run first when s.Want is nil, then one
// run for each pair of sizes, and, for each dst size, one more that gives
// all of In with atEOF false and then atEOF on a call of its own, as
// transform.Reader does when its reader returns the last bytes and io.EOF
// apart. It reports the first run that breaks the contract of
// transform.Transformer (see the package doc), gives other output than
// wanted or fails s.Check, with its sizes, as an error of t, and does no
// more runs then.
func (s Sweep) Run(t testing.TB) {
	t.Helper()
	name := s.Name
	if name != "" {
		name += ": "
	}
	want := s.Want
	if want == nil {
		out, err := drive(s.New(), s.In, 0, 0, false)
		if err != nil {
			t.Errorf("%sreference run (all at once): %v", name, err)
			return
		}
		want = out
	}
	srcSizes, dstSizes := s.Src, s.Dst
	if srcSizes == nil {
		srcSizes = Sizes(len(s.In))
	}
	if dstSizes == nil {
		dstSizes = []int{1, 5, 0}
	}
	run := func(srcSize, dstSize int, eofApart bool) bool {
		what := fmt.Sprintf("src %s dst %s", sizeName(srcSize), sizeName(dstSize))
		if eofApart {
			what += ", EOF apart"
		}
		out, err := drive(s.New(), s.In, srcSize, dstSize, eofApart)
		if err == nil && !bytes.Equal(out, want) {
			err = fmt.Errorf("output differs: %s", diff(out, want))
		}
		if err == nil && s.Check != nil {
			err = s.Check(out)
		}
		if err != nil {
			t.Errorf("%s%s: %v", name, what, err)
			return false
		}
		return true
	}
	for _, src := range srcSizes {
		for _, dst := range dstSizes {
			if !run(src, dst, false) {
				return
			}
		}
	}
	for _, dst := range dstSizes {
		if !run(0, dst, true) {
			return
		}
	}
}

func sizeName(n int) string {
	if n <= 0 {
		return "all"
	}
	return fmt.Sprint(n)
}

// Run runs tr over in once, giving it src in pieces of srcSize bytes (all
// of in at once when srcSize <= 0) and dst buffers of dstSize bytes (room
// for all of the output when dstSize <= 0), and returns the output. The
// EOF comes with the last piece. It fails the test at once when tr breaks
// the contract of transform.Transformer (see the package doc) or returns
// an error.
func Run(t testing.TB, tr transform.Transformer, in []byte, srcSize, dstSize int) []byte {
	t.Helper()
	out, err := drive(tr, in, srcSize, dstSize, false)
	if err != nil {
		t.Fatalf("transformtest: src %s dst %s: %v", sizeName(srcSize), sizeName(dstSize), err)
	}
	return out
}

// drive runs tr over in as Run does, with atEOF on a call of its own
// after the last piece when eofApart is set, and returns the output, or
// what went wrong.
func drive(tr transform.Transformer, in []byte, srcSize, dstSize int, eofApart bool) ([]byte, error) {
	if srcSize <= 0 {
		srcSize = max(len(in), 1)
	}
	if dstSize <= 0 {
		dstSize = 2*len(in) + 4096
	}
	dst := make([]byte, dstSize)
	dst = dst[:dstSize:dstSize]
	limit := 64*len(in) + 1<<20
	var out, pending []byte // pending: given, not consumed
	given, atEOF, more := 0, false, true
	for {
		if more {
			if given < len(in) {
				end := min(given+srcSize, len(in))
				pending = append(pending, in[given:end]...)
				given = end
				atEOF = given == len(in) && !eofApart
			} else {
				atEOF = true
			}
		}
		src := pending[:len(pending):len(pending)]
		nDst, nSrc, err := tr.Transform(dst, src, atEOF)
		if nDst < 0 || nDst > len(dst) {
			return out, fmt.Errorf("Transform returned nDst = %d with a dst of %d bytes", nDst, len(dst))
		}
		if nSrc < 0 || nSrc > len(src) {
			return out, fmt.Errorf("Transform returned nSrc = %d with a src of %d bytes", nSrc, len(src))
		}
		out = append(out, dst[:nDst]...)
		pending = pending[:copy(pending, pending[nSrc:])]
		offset := given - len(pending)
		switch {
		case err == nil:
			if nSrc != len(src) {
				return out, fmt.Errorf("Transform returned a nil error with %d of %d bytes of src unconsumed, at input offset %d (nil means all of src is consumed)", len(src)-nSrc, len(src), offset)
			}
			if atEOF {
				return out, nil
			}
			more = true
		case err == transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				return out, fmt.Errorf("no progress: ErrShortDst with nothing written to a dst of %d bytes and nothing read, at input offset %d", len(dst), offset)
			}
			more = false
		case err == transform.ErrShortSrc:
			if atEOF {
				return out, fmt.Errorf("ErrShortSrc at EOF, with %d bytes unconsumed at input offset %d: there is no more input to give", len(pending), offset)
			}
			more = true
		default:
			return out, fmt.Errorf("Transform at input offset %d: %w", offset, err)
		}
		if len(out) > limit {
			return out, fmt.Errorf("runaway output: %d bytes for %d bytes of input, still writing at input offset %d", len(out), len(in), offset)
		}
	}
}

// diff describes where got first differs from want, for a failure
// message: the offset, the lengths and the bytes around the offset.
func diff(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(i-20, 0)
	return fmt.Sprintf("%d bytes, want %d; first difference at offset %d:\n got …%q\nwant …%q",
		len(got), len(want), i, got[from:min(i+40, len(got))], want[from:min(i+40, len(want))])
}

// Feeder returns a Transformer that copies its input to its output and
// gives feed each piece it copies, with atEOF true on the piece that ends
// the input (an empty one when the input ended on an earlier call): it
// lets a Sweep drive a type that reads its input through a method of
// feed's shape, as the extractors' Feed, at every chunk size. An error of
// feed is returned by Transform. Its Reset does nothing: give Sweep a New
// that makes a new one.
func Feeder(feed func(p []byte, atEOF bool) error) transform.Transformer {
	return feeder(feed)
}

type feeder func(p []byte, atEOF bool) error

func (f feeder) Reset() {}

func (f feeder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	n := copy(dst, src)
	if n > 0 || atEOF && n == len(src) {
		if err := f(src[:n], atEOF && n == len(src)); err != nil {
			return n, n, err
		}
	}
	if n < len(src) {
		return n, n, transform.ErrShortDst
	}
	return n, n, nil
}
