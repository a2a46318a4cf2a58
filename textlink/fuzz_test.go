package textlink

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"
)

// FuzzFind checks the invariants of text detection on any input: no
// panic; spans in range, in order, not overlapping and not empty; Raw is
// the input at the span, and Value equals it unless the link is wrapped;
// URI does not panic; and a Scanner fed the input in random pieces
// copies it unchanged and finds the same links.
func FuzzFind(f *testing.F) {
	for _, tc := range findCases {
		text, _ := parseMarked(tc.marked)
		f.Add([]byte(text), uint64(1))
	}
	for i, l := range readUTS58Detection(f) {
		if i%8 == 0 {
			f.Add([]byte(l.text), uint64(i))
		}
	}
	for i, c := range loadPeerCases(f) {
		if i%16 == 0 {
			f.Add([]byte(c.input), uint64(i))
		}
	}
	if draft, err := os.ReadFile("../testdata/text/draft-duerst-iri-bis-07.txt"); err == nil {
		f.Add(draft[:4096], uint64(7))
	}
	f.Fuzz(func(t *testing.T, text []byte, seed uint64) {
		links := Find(text)
		var last int64
		for _, l := range links {
			if l.Start < last || l.End <= l.Start || l.End > int64(len(text)) {
				t.Fatalf("bad span [%d,%d) after %d in %d bytes: %q", l.Start, l.End, last, len(text), text)
			}
			last = l.End
			if !bytes.Equal(l.Raw, text[l.Start:l.End]) {
				t.Fatalf("Raw %q is not text[%d:%d]", l.Raw, l.Start, l.End)
			}
			if v := l.Value(); v == "" || len(v) > len(l.Raw) {
				t.Fatalf("Value %q of Raw %q", v, l.Raw)
			}
			l.URI()
		}

		r := rand.New(rand.NewPCG(seed, seed>>1))
		var got []Match
		s := NewScanner(func(m *Match) { got = append(got, keep(m)) })
		var out []byte
		for src := text; ; {
			n := 0
			if len(src) > 0 {
				n = 1 + r.IntN(min(len(src), 1+r.IntN(64)))
			}
			dst := make([]byte, 1+r.IntN(128))
			atEOF := n == len(src)
			nDst, nSrc, _ := s.Transform(dst, src[:n], atEOF)
			out = append(out, dst[:nDst]...)
			src = src[nSrc:]
			if atEOF && nSrc == n {
				break
			}
		}
		if !bytes.Equal(out, text) {
			t.Fatalf("Scanner output %q, want %q", out, text)
		}
		if g, w := format(got), format(links); g != w {
			t.Fatalf("Scanner found\n%v\nFind found\n%v", g, w)
		}
	})
}
