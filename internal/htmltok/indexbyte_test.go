package htmltok

import (
	"bytes"
	"testing"
)

// TestIndexByte checks indexByte against bytes.IndexByte for every length
// up to 40 and every position of the byte sought, with bytes around it
// that the word-at-a-time search could confuse with it.
func TestIndexByte(t *testing.T) {
	for _, c := range []byte{'<', '"', 0, 0xff, 0x80} {
		for n := 0; n <= 40; n++ {
			for _, fill := range []byte{'a', c + 1, c - 1, c ^ 0x80, 0x01} {
				b := bytes.Repeat([]byte{fill}, n)
				if got, want := indexByte(b, c), bytes.IndexByte(b, c); got != want {
					t.Fatalf("indexByte(%q, %q) = %d, want %d", b, c, got, want)
				}
				for i := range n {
					b[i] = c
					for j := i + 1; j < n; j++ {
						b[j] = c // a second match after the first
						if got, want := indexByte(b, c), bytes.IndexByte(b, c); got != want {
							t.Fatalf("indexByte(%q, %q) = %d, want %d", b, c, got, want)
						}
						b[j] = fill
					}
					if got := indexByte(b, c); got != i {
						t.Fatalf("indexByte(%q, %q) = %d, want %d", b, c, got, i)
					}
					b[i] = fill
				}
			}
		}
	}
}

// TestIndex2 checks index2 against bytes.IndexAny for every length up to
// 40 and every position of each of the two bytes, with bytes around them
// that the word-at-a-time search could confuse with them.
func TestIndex2(t *testing.T) {
	const a, c = '<', '>'
	for n := 0; n <= 40; n++ {
		for _, fill := range []byte{'-', a + 1, a - 1, c + 1, a ^ 0x80, 0x01, 0} {
			b := bytes.Repeat([]byte{fill}, n)
			for i := -1; i < n; i++ {
				for j := -1; j < n; j++ {
					if i >= 0 {
						b[i] = a
					}
					if j >= 0 && j != i {
						b[j] = c
					}
					if got, want := index2(b, a, c), bytes.IndexAny(b, "<>"); got != want {
						t.Fatalf("index2(%q) = %d, want %d", b, got, want)
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

// TestLowerRun checks lowerRun against a byte loop for every byte at every
// position of a word of letters, and for words around the letters' edges.
func TestLowerRun(t *testing.T) {
	want := func(b []byte) int {
		n := 0
		for n < 8 && 'a' <= b[n] && b[n] <= 'z' {
			n++
		}
		return n
	}
	for c := range 256 {
		for i := range 8 {
			b := []byte("abcxyzqm")
			b[i] = byte(c)
			if got, w := lowerRun(b), want(b); got != w {
				t.Fatalf("lowerRun(%q) = %d, want %d", b, got, w)
			}
		}
		b := bytes.Repeat([]byte{byte(c)}, 8)
		if got, w := lowerRun(b), want(b); got != w {
			t.Fatalf("lowerRun(%q) = %d, want %d", b, got, w)
		}
	}
}

// TestIndex8 checks index8 against bytes.IndexByte on the first eight
// bytes for every byte sought at every position, a second one after it,
// and bytes around it that the word-at-a-time search could confuse with
// it.
func TestIndex8(t *testing.T) {
	want := func(b []byte, c byte) int {
		if k := bytes.IndexByte(b[:8], c); k >= 0 {
			return k
		}
		return 8
	}
	for _, c := range []byte{'<', '"', '\'', 0, 0xff, 0x80} {
		for _, fill := range []byte{'a', c + 1, c - 1, c ^ 0x80, 0x01} {
			b := bytes.Repeat([]byte{fill}, 10)
			b[9] = c // beyond the word
			if got, w := index8(b, c), want(b, c); got != w {
				t.Fatalf("index8(%q, %q) = %d, want %d", b, c, got, w)
			}
			for i := range 8 {
				b[i] = c
				for j := i + 1; j < 8; j++ {
					b[j] = c
					if got := index8(b, c); got != i {
						t.Fatalf("index8(%q, %q) = %d, want %d", b, c, got, i)
					}
					b[j] = fill
				}
				if got := index8(b, c); got != i {
					t.Fatalf("index8(%q, %q) = %d, want %d", b, c, got, i)
				}
				b[i] = fill
			}
		}
	}
}
