package extract

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestSWARScans(t *testing.T) {
	// Every position of each special byte, in values of every length
	// around the eight-byte blocks.
	for n := 0; n <= 20; n++ {
		plain := strings.Repeat("a", n)
		if hasAttrSpecial([]byte(plain)) || needsDisplay(plain) || !isASCIIBytes([]byte(plain)) {
			t.Errorf("%q: special", plain)
		}
		for i := 0; i < n; i++ {
			for _, c := range []byte{'&', '\r', 0} {
				s := plain[:i] + string(c) + plain[i+1:]
				if !hasAttrSpecial([]byte(s)) {
					t.Errorf("hasAttrSpecial(%q) = false", s)
				}
			}
			for _, c := range []string{"%", "\x80", "\xff", "é"} {
				s := plain[:i] + c + plain[i+1:]
				if !needsDisplay(s) {
					t.Errorf("needsDisplay(%q) = false", s)
				}
				if isASCIIBytes([]byte(s)) == (c != "%") {
					t.Errorf("isASCIIBytes(%q) = %v", s, c == "%")
				}
			}
			// Bytes next to the special ones, which a borrow between
			// bytes would mistake for them.
			for _, c := range []string{"%", "\x01", "\x0c", "\x0e", "\xff", "\x80"} {
				if s := plain[:i] + c + plain[i+1:]; hasAttrSpecial([]byte(s)) {
					t.Errorf("hasAttrSpecial(%q) = true", s)
				}
			}
			for _, c := range []string{"\x7f", "'", "$", "-"} {
				s := plain[:i] + c + plain[i+1:]
				if needsDisplay(s) || hasAttrSpecial([]byte(s)) {
					t.Errorf("%q: special", s)
				}
			}
		}
	}
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"http://xn--bcher-kva.example/", true},
		{"http://example.com/XN--a", true},
		{"http://example.com/a--b", false},
		{"--", false},
		{"n--", false},
		{"xn-", false},
		{"a-xN--", true},
	} {
		if got := needsDisplay(c.s); got != c.want {
			t.Errorf("needsDisplay(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

// TestLastNewline checks lastNewline against bytes.LastIndexByte for every
// length up to 40 and every pair of positions of a newline, among bytes
// the word-at-a-time search could confuse with it.
func TestLastNewline(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for _, fill := range []byte{'a', '\n' + 1, '\n' - 1, '\n' | 0x80, 0, 0xff} {
			b := bytes.Repeat([]byte{fill}, n)
			for i := -1; i < n; i++ {
				for j := i; j < n; j++ {
					if i >= 0 {
						b[i] = '\n'
					}
					if j >= 0 {
						b[j] = '\n'
					}
					if got, want := lastNewline(b), bytes.LastIndexByte(b, '\n'); got != want {
						t.Fatalf("lastNewline(%q) = %d, want %d", b, got, want)
					}
					if i >= 0 {
						b[i] = fill
					}
					if j >= 0 {
						b[j] = fill
					}
				}
			}
		}
	}
}

// FuzzPlainRun checks plainRun, collapse's pass over eight bytes at a
// time: every byte it passes over is tcPlain, and it stops only at a word
// that holds a byte that is not or that it tests with those (a control
// byte below ' ', E0 with E1 to E3).
func FuzzPlainRun(f *testing.F) {
	for _, s := range []string{"", "abcdefgh", "abcdefghijklmnop q", "abcdefgh&amp;", "日本語のテキストです", "abcdefgh\u00a0ijklmnop", "\xe0\xe1\xe2\xe3\xe4abcdefgh", "abcdefgh\x7f\x80\xff!abcdefgh\t"} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, s string, i int) {
		b := []byte(s)
		if i < 0 || i > len(b) {
			i = 0
		}
		j := plainRun(b, i)
		if j < i || j > len(b) || (j-i)%8 != 0 {
			t.Fatalf("plainRun(%q, %d) = %d", s, i, j)
		}
		for k := i; k < j; k++ {
			if textClass[b[k]] != tcPlain {
				t.Fatalf("plainRun(%q, %d) = %d, past %#x at %d", s, i, j, b[k], k)
			}
		}
		if len(b)-j >= 8 && !slices.ContainsFunc(b[j:j+8], func(c byte) bool { return textClass[c] != tcPlain || c <= ' ' || c == 0xE0 }) {
			t.Fatalf("plainRun(%q, %d) = %d, stopped at a plain word", s, i, j)
		}
	})
}

// FuzzCollapse checks collapse, whose text is most often appended at
// once (collapsed), against collapseRuns, which reads it run by run, as
// text as written and decoded, cut at max bytes.
func FuzzCollapse(f *testing.F) {
	for _, s := range []string{"", "Next", "  Next \n page\t ", "a  b", "abcdefg  hijklmn", "abcdefgh ijklmnop", "abcdefg\u00a0h", "a\vb", "日本語 のテキスト",
		"abcdefgh&amp;", "abcdefgh\r", "\xe0\x80 abcdefgh", "a b c d e f g h i j", "abcdefg  ", "       abcdefgh x"} {
		f.Add(s, 256)
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max < 0 || max > 1<<16 {
			max = 256
		}
		for _, raw := range []bool{true, false} {
			got, gotOK := collapse([]byte("kept"), []byte(s), max, raw)
			want, wantOK := collapseRuns([]byte("kept"), []byte(s), max, raw)
			if gotOK != wantOK || gotOK && !bytes.Equal(got, want) {
				t.Fatalf("collapse(%q, %d, %v) = %q, %v; run by run %q, %v", s, max, raw, got, gotOK, want, wantOK)
			}
		}
	})
}

// TestLeadSpace checks leadSpace against utf8.DecodeRune and
// unicode.IsSpace, which collapseRuns called for each byte of class
// tcLead, on every sequence of three bytes that starts with one (and its
// prefixes of one and two bytes).
func TestLeadSpace(t *testing.T) {
	spaces := 0
	for _, lead := range []byte{0xC2, 0xE1, 0xE2, 0xE3} {
		for b1 := range 256 {
			for b2 := range 256 {
				s := []byte{lead, byte(b1), byte(b2)}
				for k := 1; k <= 3; k++ {
					r, size := utf8.DecodeRune(s[:k])
					n, sp := leadSpace(s[:k])
					if want := unicode.IsSpace(r); n != size || sp != want {
						t.Fatalf("leadSpace(% x) = %d, %v; want %d, %v", s[:k], n, sp, size, want)
					}
					if sp && k == size {
						spaces++
					}
				}
			}
		}
	}
	if spaces == 0 {
		t.Error("no white space character among the sequences")
	}
}
