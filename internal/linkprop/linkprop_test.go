package linkprop

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

const dataDir = "../../testdata/uts58"

// readData reads a UTS #58 property file and calls f for each code point
// of each data line with the line's fields after the first.
func readData(t testing.TB, name string, f func(r rune, fields []string)) {
	t.Helper()
	file, err := os.Open(filepath.Join(dataDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for n := 1; sc.Scan(); n++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(text) == "" {
			continue
		}
		fields := strings.Split(text, ";")
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		lo, hi, ok := strings.Cut(fields[0], "..")
		if !ok {
			hi = lo
		}
		l, err1 := strconv.ParseUint(lo, 16, 32)
		h, err2 := strconv.ParseUint(hi, 16, 32)
		if err1 != nil || err2 != nil || l > h || h > utf8.MaxRune {
			t.Fatalf("%s:%d: bad code point range %q", name, n, fields[0])
		}
		for r := rune(l); r <= rune(h); r++ {
			f(r, fields[1:])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestLinkTerm checks every code point, listed or not, against LinkTerm.txt.
func TestLinkTerm(t *testing.T) {
	want := make(map[rune]Term)
	listed := 0
	readData(t, "LinkTerm.txt", func(r rune, f []string) {
		if len(f) != 1 {
			t.Fatalf("U+%04X: want one value, have %q", r, f)
		}
		v := Hard
		for v = Hard; v <= Open && v.String() != f[0]; v++ {
		}
		if v > Open {
			t.Fatalf("U+%04X: unknown value %q", r, f[0])
		}
		want[r] = v
		listed++
	})
	if listed < 100000 {
		t.Fatalf("read only %d code points from LinkTerm.txt", listed)
	}
	errs := 0
	for r := rune(0); r <= utf8.MaxRune && errs < 10; r++ {
		w, ok := want[r]
		if !ok {
			w = Hard // @missing: 0000..10FFFF; Hard
		}
		if got := TermOf(r); got != w {
			t.Errorf("TermOf(U+%04X) = %v, want %v", r, got, w)
			errs++
		}
	}
	t.Logf("%d code points listed, %d Hard by default", listed, utf8.MaxRune+1-listed)
}

func TestLinkEmail(t *testing.T) {
	want := make(map[rune]bool)
	readData(t, "LinkEmail.txt", func(r rune, f []string) {
		if len(f) != 0 {
			t.Fatalf("U+%04X: unexpected fields %q", r, f)
		}
		want[r] = true
	})
	errs := 0
	for r := rune(0); r <= utf8.MaxRune && errs < 10; r++ {
		if got := IsEmail(r); got != want[r] {
			t.Errorf("IsEmail(U+%04X) = %v, want %v", r, got, want[r])
			errs++
		}
	}
}

func TestLinkBracket(t *testing.T) {
	want := make(map[rune]rune)
	readData(t, "LinkBracket.txt", func(r rune, f []string) {
		v, err := strconv.ParseUint(f[0], 16, 32)
		if len(f) != 1 || err != nil {
			t.Fatalf("U+%04X: bad value %q", r, f)
		}
		want[r] = rune(v)
	})
	if len(want) != len(brackets) {
		t.Errorf("LinkBracket.txt has %d pairs, the table %d", len(want), len(brackets))
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		open, ok := Bracket(r)
		w, wok := want[r]
		if open != w || ok != wok {
			t.Errorf("Bracket(U+%04X) = U+%04X, %v; want U+%04X, %v", r, open, ok, w, wok)
			continue
		}
		if ok && (TermOf(r) != Close || TermOf(open) != Open) {
			t.Errorf("U+%04X pairs with U+%04X but they are %v and %v", r, open, TermOf(r), TermOf(open))
		}
	}
}

func TestExamples(t *testing.T) {
	for _, tt := range []struct {
		r     rune
		term  Term
		email bool
	}{
		{'a', Include, true},
		{'/', Include, true},
		{'#', Include, true},
		{'%', Include, true},
		{'.', Soft, true},
		{'?', Soft, true},
		{',', Soft, false},
		{'(', Open, false},
		{')', Close, false},
		{'<', Open, false},
		{' ', Hard, false},
		{'\t', Hard, false},
		{0x7F, Hard, false},
		{'α', Include, true},
		{'。', Soft, false},
		{'（', Open, false},
		{'」', Close, false},
		{0x2019, Soft, false}, // RIGHT SINGLE QUOTATION MARK
		{0x00A0, Hard, false}, // NO-BREAK SPACE
		{0x3000, Hard, false}, // IDEOGRAPHIC SPACE
		{0xFFFF, Hard, false}, // noncharacter
		{0x323B0, Include, true},
		{0xE0041, Include, false}, // TAG LATIN CAPITAL LETTER A
		{0xE0100, Include, true},  // VARIATION SELECTOR-17
		{0xE01F0, Hard, false},    // unassigned
		{0x10FFFF, Hard, false},   // noncharacter
		{-1, Hard, false},         // not a code point
		{0x110000, Hard, false},   // not a code point
		{utf8.RuneError, Include, false},
	} {
		p := Lookup(tt.r)
		if p.Term() != tt.term || p.Email() != tt.email {
			t.Errorf("Lookup(%U) = %v, email %v; want %v, email %v", tt.r, p.Term(), p.Email(), tt.term, tt.email)
		}
	}
	if open, ok := Bracket('）'); !ok || open != '（' {
		t.Errorf("Bracket('）') = %q, %v", open, ok)
	}
	if _, ok := Bracket('('); ok {
		t.Errorf("Bracket('(') has a value")
	}
}

func TestTermString(t *testing.T) {
	for tt, want := range map[Term]string{Hard: "Hard", Include: "Include", Soft: "Soft", Close: "Close", Open: "Open", 9: "Term(9)"} {
		if got := tt.String(); got != want {
			t.Errorf("Term(%d).String() = %q, want %q", uint8(tt), got, want)
		}
	}
}

// TestASCIIBlock checks the shortcut Lookup takes for ASCII.
func TestASCIIBlock(t *testing.T) {
	if propIndex[0] != 0 {
		t.Fatalf("propIndex[0] = %d, want 0", propIndex[0])
	}
	for r := rune(0); r < 0x80; r++ {
		if Lookup(r) != lookupSlow(r) {
			t.Errorf("Lookup(%U) = %v, lookupSlow %v", r, Lookup(r), lookupSlow(r))
		}
	}
}

// benchText mixes the scripts a link detector meets.
var benchText = strings.Repeat("See https://example.com/wiki/Ракь_(планета)?q=α&x=1 and "+
	"https://zh.wikipedia.org/wiki/联合国教育、科学及文化组织, or mail user@example.org. ", 64)

func BenchmarkTermOf(b *testing.B) {
	b.SetBytes(int64(len(benchText)))
	b.ReportAllocs()
	var n int
	for b.Loop() {
		for _, r := range benchText {
			if TermOf(r) == Soft {
				n++
			}
		}
	}
	sink = n
}

func BenchmarkTermOfASCII(b *testing.B) {
	text := strings.Repeat("See https://example.com/path/to/page?q=1&x=2#frag and more text. ", 64)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	var n int
	for b.Loop() {
		for i := 0; i < len(text); i++ {
			if TermOf(rune(text[i])) == Soft {
				n++
			}
		}
	}
	sink = n
}

// BenchmarkDecodeOnly is the cost of the range loop alone, for comparison.
func BenchmarkDecodeOnly(b *testing.B) {
	b.SetBytes(int64(len(benchText)))
	b.ReportAllocs()
	var n int
	for b.Loop() {
		for _, r := range benchText {
			if r == '.' {
				n++
			}
		}
	}
	sink = n
}

func BenchmarkBracket(b *testing.B) {
	var n int
	for b.Loop() {
		for _, r := range ")]}）」" {
			if _, ok := Bracket(r); ok {
				n++
			}
		}
	}
	sink = n
}

var sink int
