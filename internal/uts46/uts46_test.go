package uts46

import (
	"strings"
	"testing"
)

// TestToASCII checks the profile ToASCII promises (nontransitional
// mapping, STD3 rules and CheckHyphens off, joiner and bidi rules on) and
// the checks it adds to golang.org/x/net/idna.
func TestToASCII(t *testing.T) {
	tests := []struct {
		in, want string
		err      string // a substring of the error, "" for none
	}{
		{"example.com", "example.com", ""},
		{"EXAMPLE.COM", "example.com", ""},
		{"Bücher.example", "xn--bcher-kva.example", ""},
		{"Bücher。example", "xn--bcher-kva.example", ""}, // ideographic full stop
		{"Bücher．example", "xn--bcher-kva.example", ""}, // fullwidth full stop
		{"xn--BCHER-KVA.example", "xn--bcher-kva.example", ""},
		{"xn--ls8h.la", "xn--ls8h.la", ""},
		{"a_b.example", "a_b.example", ""},                 // STD3 rules off
		{"r4---sn-abc.example", "r4---sn-abc.example", ""}, // CheckHyphens off
		{"-a-.de", "-a-.de", ""},
		{"1.2.3.4", "1.2.3.4", ""},
		{"a..b", "a..b", ""},
		// What x/net/idna lets through.
		{"xn--.de", "", "empty punycode label"},
		{"bücher.XN--", "", "empty punycode label"},
		{"xn--ü.de", "", "non-ASCII characters in punycode label"},
		{"", "", "empty host"},
		// Labels x/net/idna rejects itself.
		{"xn--0.de", "", "invalid label"},
		{"xn--a.de", "", "invalid label"},    // decodes to a C1 control
		{"xn--abc-.de", "", "invalid label"}, // decodes to ASCII
		{"a\u200Db.de", "", "invalid label"}, // ZWJ outside its context
		{"\u05D0a.de", "", "invalid label"},  // bidi rule
	}
	for _, tt := range tests {
		got, err := ToASCII(tt.in)
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("ToASCII(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		case tt.err != "" && (err == nil || got != "" || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ToASCII(%q) = %q, %v; want \"\" and an error with %q", tt.in, got, err, tt.err)
		}
	}
}

func TestToUnicode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"xn--bcher-kva.example", "bücher.example"},
		{"XN--BCHER-KVA.EXAMPLE", "bücher.example"},
		{"Bücher.example", "bücher.example"},
		{"example.com", "example.com"},
	}
	for _, tt := range tests {
		if got, err := ToUnicode(tt.in); err != nil || got != tt.want {
			t.Errorf("ToUnicode(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := ToUnicode("xn--a.de"); err == nil {
		t.Error(`ToUnicode("xn--a.de"): no error for a label that decodes to a C1 control`)
	}
}

func TestIsLabelSeparator(t *testing.T) {
	for _, r := range []rune{'.', '\u3002', '\uFF0E', '\uFF61'} {
		if !IsLabelSeparator(r) {
			t.Errorf("IsLabelSeparator(%U) = false", r)
		}
	}
	for _, r := range []rune{',', '\u2024', '\uFE52', 'a', 0} {
		if IsLabelSeparator(r) {
			t.Errorf("IsLabelSeparator(%U) = true", r)
		}
	}
}

func TestHasACEPrefix(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"xn--", true}, {"XN--abc", true}, {"Xn--ü", true}, {"xn-", false},
		{"xn-_", false}, {"axn--", false}, {"", false},
	}
	for _, tt := range tests {
		if got := HasACEPrefix(tt.in); got != tt.want {
			t.Errorf("HasACEPrefix(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestDecodeALabel(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"xn--bcher-kva", "bücher", true},
		{"XN--BCHER-KVA", "bücher", true},
		{"xn--ls8h", "💩", true},
		{"xn--abc-", "", false}, // decodes to ASCII: not an A-label
		{"xn--a", "", false},    // a C1 control
		{"xn--0", "", false},
		{"xn--", "", false},
		{"bücher", "", false},
	}
	for _, tt := range tests {
		if got, ok := DecodeALabel(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("DecodeALabel(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzToASCII checks what ToASCII promises of a result: ASCII, mapped
// already (ToASCII gives it back), and every "xn--" label an A-label.
func FuzzToASCII(f *testing.F) {
	for _, s := range []string{"Bücher.example", "xn--ls8h.la", "xn--.de", "a\u200Db", "1.2.3.4", "ÄÖÜ。ß", "xn--abc-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ToASCII(s)
		if err != nil {
			if a != "" {
				t.Fatalf("ToASCII(%q) = %q with error %v", s, a, err)
			}
			return
		}
		for i := 0; i < len(a); i++ {
			if a[i] >= 0x80 {
				t.Fatalf("ToASCII(%q) = %q: not ASCII", s, a)
			}
		}
		if again, err := ToASCII(a); err != nil || again != a {
			t.Fatalf("ToASCII(%q) = %q; again %q, %v", s, a, again, err)
		}
		for label := range strings.SplitSeq(a, ".") {
			if HasACEPrefix(label) {
				if _, ok := DecodeALabel(label); !ok {
					t.Fatalf("ToASCII(%q) = %q: %q is not an A-label", s, a, label)
				}
			}
		}
	})
}
