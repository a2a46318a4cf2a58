package pct

import (
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

func TestAppendUnhex(t *testing.T) {
	for c := 0; c < 256; c++ {
		e := string(Append([]byte("x"), byte(c)))
		if len(e) != 4 || e[:2] != "x%" || strings.ToUpper(e[1:]) != e[1:] {
			t.Fatalf("Append(%#02x) = %q, want x%%XX in uppercase", c, e)
		}
		if !IsEncoded(e, 1) || Unhex(e[2])<<4|Unhex(e[3]) != byte(c) {
			t.Errorf("Append(%#02x) = %q does not decode to it", c, e)
		}
	}
}

func TestIsHex(t *testing.T) {
	const hex = "0123456789abcdefABCDEF"
	for c := 0; c < 256; c++ {
		want := strings.IndexByte(hex, byte(c)) >= 0
		if got := IsHex(byte(c)); got != want {
			t.Errorf("IsHex(%#02x) = %v, want %v", c, got, want)
		}
		if !want && Unhex(byte(c)) != 0 {
			t.Errorf("Unhex(%#02x) = %d, want 0 for a byte that is not a digit", c, Unhex(byte(c)))
		}
	}
	for _, tt := range []struct {
		c    byte
		want byte
	}{{'0', 0}, {'9', 9}, {'a', 10}, {'A', 10}, {'f', 15}, {'F', 15}} {
		if got := Unhex(tt.c); got != tt.want {
			t.Errorf("Unhex(%q) = %d, want %d", tt.c, got, tt.want)
		}
	}
}

func TestIsEncoded(t *testing.T) {
	tests := []struct {
		s    string
		i    int
		want bool
	}{
		{"%41", 0, true},
		{"%c3", 0, true},
		{"a%41", 1, true},
		{"a%41", 0, false}, // not at a "%"
		{"%4", 0, false},   // cut short
		{"%G1", 0, false},
		{"%1G", 0, false},
		{"%%41", 0, false},
		{"%%41", 1, true},
		{"%41", 3, false}, // at the end
		{"", 0, false},
	}
	for _, tt := range tests {
		if got := IsEncoded(tt.s, tt.i); got != tt.want {
			t.Errorf("IsEncoded(%q, %d) = %v, want %v", tt.s, tt.i, got, tt.want)
		}
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		in, want string
		nonASCII bool
	}{
		{"", "", false},
		{"abc", "abc", false},
		{"%41%62c", "Abc", false},
		{"%C3%BC", "ü", true},
		{"ü%20", "ü ", true}, // a non-ASCII byte as written counts too
		{"ü", "ü", true},
		{"%ff", "\xff", true}, // decoded bytes need not be UTF-8
		{"100%", "100%", false},
		{"%zz%4", "%zz%4", false},
		{"%%41", "%A", false},
		{"%2541", "%41", false}, // one pass only
	}
	for _, tt := range tests {
		got, nonASCII := Decode(tt.in)
		if got != tt.want || nonASCII != tt.nonASCII {
			t.Errorf("Decode(%q) = %q, %v; want %q, %v", tt.in, got, nonASCII, tt.want, tt.nonASCII)
		}
	}
	s := "no escapes here"
	if got, _ := Decode(s); unsafe.StringData(got) != unsafe.StringData(s) {
		t.Errorf("Decode(%q) did not return its input", s)
	}
}

func TestIsASCII(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{{"", true}, {"abc\x00\x7f", true}, {"a\x80", false}, {"ü", false}, {"%C3%BC", true}} {
		if got := IsASCII(tt.s); got != tt.want {
			t.Errorf("IsASCII(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestLowerOutside(t *testing.T) {
	tests := []struct {
		in   string
		all  bool
		want string
	}{
		{"AbC%4A", false, "abc%4A"}, // the hex digits of escapes stay
		{"%4a%4A", false, "%4a%4A"},
		{"A%", false, "a%"},      // "%" that is not an escape
		{"%ZA", false, "%za"},    // nor is this
		{"ÄB", false, "Äb"},      // ASCII only
		{"ÄB", true, "äb"},       // every letter
		{"ΣΑΣ", true, "σασ"},     // simple mappings, no final sigma
		{"İ", true, "i"},         // U+0130's simple lowercase mapping
		{"\xffA", true, "\xffa"}, // bytes that are not UTF-8 stay
		{"\xc3", true, "\xc3"},
		{"ǅ", true, "ǆ"}, // a titlecase letter
		{"", true, ""},
	}
	for _, tt := range tests {
		got, changed := LowerOutside(tt.in, tt.all)
		if got != tt.want || changed != (tt.in != tt.want) {
			t.Errorf("LowerOutside(%q, %v) = %q, %v; want %q, %v", tt.in, tt.all, got, changed, tt.want, tt.in != tt.want)
		}
	}
	s := "already-lower%4A"
	if got, _ := LowerOutside(s, true); unsafe.StringData(got) != unsafe.StringData(s) {
		t.Errorf("LowerOutside(%q) did not return its input", s)
	}
}

// FuzzDecode checks Decode against a byte-by-byte reading of RFC 3986
// section 2.1, and LowerOutside's promises on the same inputs: idempotent,
// escapes kept byte for byte, and with all false the length kept.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"%41", "%C3%BC", "100%", "%%41", "%zz", "ÄB%4a", "\xff%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want []byte
		for i := 0; i < len(s); i++ {
			if s[i] == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]) {
				want = append(want, Unhex(s[i+1])*16+Unhex(s[i+2]))
				i += 2
				continue
			}
			want = append(want, s[i])
		}
		got, nonASCII := Decode(s)
		if got != string(want) || nonASCII != !IsASCII(got) {
			t.Fatalf("Decode(%q) = %q, %v; want %q", s, got, nonASCII, want)
		}
		for _, all := range []bool{false, true} {
			l, _ := LowerOutside(s, all)
			if again, changed := LowerOutside(l, all); again != l || changed {
				t.Fatalf("LowerOutside(%q, %v) = %q; again %q", s, all, l, again)
			}
			if !all && len(l) != len(s) {
				t.Fatalf("LowerOutside(%q, false) = %q: length changed", s, l)
			}
			if strings.Count(l, "%") != strings.Count(s, "%") {
				t.Fatalf("LowerOutside(%q, %v) = %q: escapes changed", s, all, l)
			}
			if utf8.ValidString(s) && !utf8.ValidString(l) {
				t.Fatalf("LowerOutside(%q, %v) = %q: not UTF-8", s, all, l)
			}
		}
	})
}
