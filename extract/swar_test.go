package extract

import (
	"bytes"
	"strings"
	"testing"
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
