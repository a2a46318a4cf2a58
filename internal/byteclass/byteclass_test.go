package byteclass

import (
	"strings"
	"testing"
)

func TestOr(t *testing.T) {
	var tab [256]uint8
	tab['%'] = 1
	tab['#'] = 2
	tab[0x80] = 4
	tab[0xff] = 4
	for _, c := range []struct {
		s    string
		want uint8
	}{
		{"", 0},
		{"abc", 0},
		{"%", 1},
		{"abcdefgh", 0},
		{"abcdefg%", 1},
		{"abcdefgh%", 1},
		{"%bcdefgh#", 3},
		{strings.Repeat("a", 17) + "\x80", 4},
		{strings.Repeat("a", 16) + "\xff#", 6},
		{"#" + strings.Repeat("a", 31), 2},
	} {
		if got := Or(&tab, c.s); got != c.want {
			t.Errorf("Or(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

// FuzzOr checks Or against a byte-at-a-time loop.
func FuzzOr(f *testing.F) {
	f.Add("https://example.org/a%20b#c\x80")
	var tab [256]uint8
	for i := range tab {
		tab[i] = uint8(i*37) & uint8(1<<(i%8))
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want uint8
		for i := 0; i < len(s); i++ {
			want |= tab[s[i]]
		}
		if got := Or(&tab, s); got != want {
			t.Errorf("Or(%q) = %#x, want %#x", s, got, want)
		}
	})
}
