package transformtest_test

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
)

// recorder is a testing.TB that keeps the failures reported to it, so
// that a test can check that a sweep fails, and how.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

// record runs f with a recorder, on a goroutine of its own as Fatalf
// ends it, and returns what was reported.
func record(t *testing.T, f func(tb testing.TB)) []string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r.errs
}

// crlf is a correct Transformer that writes "\r\n" as "\n", one byte at a
// time: it needs to see the byte after a '\r', so it returns ErrShortSrc
// on a '\r' that ends src before EOF.
type crlf struct{}

func (crlf) Reset() {}

func (crlf) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		n := 1
		if c == '\r' {
			if nSrc+1 == len(src) && !atEOF {
				return nDst, nSrc, transform.ErrShortSrc
			}
			if nSrc+1 < len(src) && src[nSrc+1] == '\n' {
				c, n = '\n', 2
			}
		}
		if nDst == len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		dst[nDst] = c
		nDst++
		nSrc += n
	}
	return nDst, nSrc, nil
}

// broken wraps crlf and breaks its contract in one way.
type broken struct {
	how string
}

func (b *broken) Reset() {}

func (b *broken) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	switch b.how {
	case "nSrc":
		nDst, nSrc, err = crlf{}.Transform(dst, src, atEOF)
		return nDst, nSrc + 1, err
	case "nDst":
		nDst, nSrc, err = crlf{}.Transform(dst, src, atEOF)
		if err == transform.ErrShortDst {
			nDst++
		}
		return nDst, nSrc, err
	case "nil unconsumed":
		nDst, nSrc, err = crlf{}.Transform(dst, src[:min(len(src), 3)], atEOF)
		if err == transform.ErrShortSrc {
			err = nil
		}
		return nDst, nSrc, err
	case "short src at EOF":
		// Holds the last byte back, EOF or not.
		if len(src) == 0 {
			return 0, 0, nil
		}
		nDst, nSrc, err = crlf{}.Transform(dst, src[:len(src)-1], false)
		if err == nil {
			err = transform.ErrShortSrc
		}
		return nDst, nSrc, err
	case "stuck":
		// Writes two bytes or none: stuck with a dst of 1.
		if len(src) > 0 && len(dst) < 2 {
			return 0, 0, transform.ErrShortDst
		}
		return crlf{}.Transform(dst, src, atEOF)
	case "first byte":
		// The first byte of each src upper case: the output depends on
		// where the input is cut.
		nDst, nSrc, err = crlf{}.Transform(dst, src, atEOF)
		if nDst > 0 {
			dst[0] = bytes.ToUpper(dst[:1])[0]
		}
		return nDst, nSrc, err
	case "runaway":
		for i := range dst {
			dst[i] = 'x'
		}
		return len(dst), 0, transform.ErrShortDst
	case "error":
		if len(src) > 4 {
			return 0, 0, errors.New("boom")
		}
		return crlf{}.Transform(dst, src, atEOF)
	case "lost at EOF":
		// Ends the output with "$" when the EOF comes with bytes alone:
		// an empty src at EOF loses it. (It also reads each src as if it
		// were the last: a test gives it the input whole.)
		nDst, nSrc, err = crlf{}.Transform(dst, src, true)
		if err == nil && atEOF && len(src) > 0 {
			if nDst == len(dst) {
				return nDst, nSrc - 1, transform.ErrShortDst
			}
			dst[nDst] = '$'
			nDst++
		}
		return nDst, nSrc, err
	}
	panic(b.how)
}

const input = "one\r\ntwo\rthree\r\n\r\nfour\r"

func TestSweepPasses(t *testing.T) {
	transformtest.Sweep{In: []byte(input), New: func() transform.Transformer { return crlf{} },
		Want: []byte("one\ntwo\rthree\n\nfour\r")}.Run(t)
	transformtest.Sweep{In: []byte(input), New: func() transform.Transformer { return crlf{} }}.Run(t)
	transformtest.Sweep{In: nil, New: func() transform.Transformer { return crlf{} }, Want: []byte{}}.Run(t)
	transformtest.Sweep{In: []byte(input), New: transformtest.Reused(&broken{how: "stuck"}), Dst: []int{2, 3, 0}}.Run(t)
}

// TestSweepFails checks that each broken Transformer fails the sweep, on
// the first run that shows it, with its sizes and what went wrong.
func TestSweepFails(t *testing.T) {
	for _, c := range []struct {
		how      string
		src, dst []int
		want     string // in the message
	}{
		{"nSrc", nil, nil, "doc: reference run (all at once): Transform returned nSrc = 24 with a src of 23 bytes"},
		{"nDst", nil, nil, "doc: src 1 dst 1: Transform returned nDst = 2 with a dst of 1 bytes"},
		{"nil unconsumed", nil, nil, "doc: reference run (all at once): Transform returned a nil error with 20 of 23 bytes of src unconsumed, at input offset 3"},
		{"short src at EOF", nil, nil, "doc: reference run (all at once): ErrShortSrc at EOF, with 1 bytes unconsumed at input offset 22"},
		{"stuck", nil, nil, "doc: src 1 dst 1: no progress: ErrShortDst with nothing written to a dst of 1 bytes and nothing read, at input offset 0"},
		{"first byte", nil, nil, "doc: src 1 dst 1: output differs: 20 bytes, want 20; first difference at offset 1:\n got …\"ONE\\nTWO"},
		{"runaway", nil, nil, "doc: reference run (all at once): runaway output: 1052068 bytes for 23 bytes of input, still writing at input offset 0"},
		{"error", nil, nil, "doc: reference run (all at once): Transform at input offset 0: boom"},
		{"lost at EOF", []int{0}, []int{0}, "doc: src all dst all, EOF apart: output differs: 20 bytes, want 21"},
	} {
		t.Run(c.how, func(t *testing.T) {
			errs := record(t, func(tb testing.TB) {
				transformtest.Sweep{Name: "doc", In: []byte(input), New: transformtest.Reused(&broken{how: c.how}), Src: c.src, Dst: c.dst}.Run(tb)
			})
			if len(errs) != 1 || !strings.Contains(errs[0], c.want) {
				t.Errorf("reported %q, want one report holding %q", errs, c.want)
			}
		})
	}
}

func TestSweepWant(t *testing.T) {
	errs := record(t, func(tb testing.TB) {
		transformtest.Sweep{In: []byte("a\r\nb"), New: func() transform.Transformer { return crlf{} }, Want: []byte("a\r\nb")}.Run(tb)
	})
	if want := `src 1 dst 1: output differs: 3 bytes, want 4; first difference at offset 1:
 got …"a\nb"
want …"a\r\nb"`; !slices.Equal(errs, []string{want}) {
		t.Errorf("reported %q, want %q", errs, want)
	}
}

// TestSweepCheck checks that Check is called after every run but the
// reference run, and that its error fails the run, with the sizes.
func TestSweepCheck(t *testing.T) {
	var runs []string
	calls := 0
	errs := record(t, func(tb testing.TB) {
		transformtest.Sweep{
			In:  []byte("ab\r\nc"),
			New: func() transform.Transformer { calls++; return crlf{} },
			Src: []int{1, 2, 0},
			Dst: []int{1, 0},
			Check: func(out []byte) error {
				runs = append(runs, string(out))
				if len(runs) == 5 {
					return errors.New("the links differ")
				}
				return nil
			},
		}.Run(tb)
	})
	if want := []string{"src all dst 1: the links differ"}; !slices.Equal(errs, want) {
		t.Errorf("reported %q, want %q", errs, want)
	}
	if len(runs) != 5 || calls != 6 || runs[0] != "ab\nc" {
		t.Errorf("%d runs checked (%q), New called %d times; want 5 and 6", len(runs), runs, calls)
	}
}

func TestRun(t *testing.T) {
	for _, src := range []int{0, 1, 2, 100} {
		for _, dst := range []int{0, 1, 3} {
			if got := string(transformtest.Run(t, crlf{}, []byte(input), src, dst)); got != "one\ntwo\rthree\n\nfour\r" {
				t.Errorf("src %d dst %d: %q", src, dst, got)
			}
		}
	}
	errs := record(t, func(tb testing.TB) {
		transformtest.Run(tb, &broken{how: "short src at EOF"}, []byte(input), 4, 2)
		tb.Errorf("not reached")
	})
	if want := "transformtest: src 4 dst 2: ErrShortSrc at EOF, with 1 bytes unconsumed at input offset 22: there is no more input to give"; !slices.Equal(errs, []string{want}) {
		t.Errorf("reported %q, want %q", errs, want)
	}
}

func TestSizes(t *testing.T) {
	if got := transformtest.Sizes(5); !slices.Equal(got, []int{1, 2, 3, 4, 5}) {
		t.Errorf("Sizes(5) = %v", got)
	}
	if got := transformtest.Sizes(0); len(got) != 0 {
		t.Errorf("Sizes(0) = %v", got)
	}
	if got := transformtest.Sizes(512); len(got) != 512 || got[511] != 512 {
		t.Errorf("Sizes(512) has %d sizes, up to %d", len(got), got[len(got)-1])
	}
	if got, want := transformtest.Sizes(1000), []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
		31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1000}; !slices.Equal(got, want) {
		t.Errorf("Sizes(1000) = %v\nwant %v", got, want)
	}
	for _, n := range []int{513, 1023, 1024, 1025, 1 << 20} {
		got := transformtest.Sizes(n)
		if !slices.IsSorted(got) || slices.Compact(slices.Clone(got)) == nil || got[len(got)-1] != n || len(got) > 64 {
			t.Errorf("Sizes(%d) = %v", n, got)
		}
		for i := 1; i < len(got); i++ {
			if got[i] == got[i-1] {
				t.Errorf("Sizes(%d) has %d twice", n, got[i])
			}
		}
	}
	if got := transformtest.Sizes(1025); !slices.Contains(got, 1023) || !slices.Contains(got, 1024) {
		t.Errorf("Sizes(1025) = %v: no 1023 and 1024", got)
	}
}

// TestFeeder checks that the pieces a Feeder gives its function are the
// input, in order, with atEOF on the last one alone, at every size.
func TestFeeder(t *testing.T) {
	var fed []byte
	eofs := 0
	transformtest.Sweep{
		In: []byte(input),
		New: func() transform.Transformer {
			fed, eofs = nil, 0
			return transformtest.Feeder(func(p []byte, atEOF bool) error {
				if eofs > 0 {
					return fmt.Errorf("%q fed after EOF", p)
				}
				fed = append(fed, p...)
				if atEOF {
					eofs++
				}
				return nil
			})
		},
		Want: []byte(input),
		Check: func([]byte) error {
			if string(fed) != input || eofs != 1 {
				return fmt.Errorf("fed %q with %d EOFs", fed, eofs)
			}
			return nil
		},
	}.Run(t)
	stop := errors.New("stop")
	f := transformtest.Feeder(func([]byte, bool) error { return stop })
	if _, _, err := transform.String(f, "x"); err != stop {
		t.Errorf("the function's error: %v", err)
	}
}

// A Sweep runs a Transformer at every src size and at each dst size, and
// reports the first run whose output is not the one wanted, with its
// sizes.
func ExampleSweep() {
	t := &recorder{} // in a test, its *testing.T
	transformtest.Sweep{
		Name: "upper",
		In:   []byte("día y noche"),
		New:  func() transform.Transformer { return runes.Map(unicode.ToUpper) },
		Dst:  []int{2, 3, 0}, // room for a character: 2 bytes here
		Want: []byte("DÍA Y NOCHE"),
	}.Run(t)
	// A Transformer whose output depends on where its input is cut: it
	// upper-cases the first byte of each src it is given.
	transformtest.Sweep{
		Name: "first byte",
		In:   []byte("one\r\ntwo"),
		New:  func() transform.Transformer { return &broken{how: "first byte"} },
	}.Run(t)
	for _, e := range t.errs {
		fmt.Println(e)
	}
	// Output:
	// first byte: src 1 dst 1: output differs: 7 bytes, want 7; first difference at offset 1:
	//  got …"ONE\nTWO"
	// want …"One\ntwo"
}
