package urlstd

import (
	"net/netip"
	"strings"
	"testing"
)

// TestEndsInNumber follows the URL Standard's ends-in-a-number checker:
// the last label, after one trailing dot is removed, is all digits or an
// IPv4 number (decimal, "0"-prefixed octal, "0x"-prefixed hexadecimal,
// "0x" alone included).
func TestEndsInNumber(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"1.2.3.4", true},
		{"1.2.3.4.", true},
		{"example.com", false},
		{"example.1", true},
		{"0x7f.1", true},
		{"foo.0x", true},   // "0x" is the number 0
		{"foo.0xg", false}, // not hexadecimal
		{"foo.09", true},   // all digits, though not octal
		{"foo.0X1F", true},
		{"1.2.3.4..", false}, // one dot removed; the last label is empty
		{".", false},
		{"", false},
		{"a.", false},
		{"1a", false},
	}
	for _, tt := range tests {
		if got := EndsInNumber(tt.in); got != tt.want {
			t.Errorf("EndsInNumber(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestParseIPv4 checks the IPv4 parser on the forms the URL Standard
// reads and those it rejects, and AppendIPv4 on its result.
func TestParseIPv4(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for a failure
	}{
		{"127.0.0.1", "127.0.0.1"},
		{"0x7f.1", "127.0.0.1"},
		{"2130706433", "127.0.0.1"},
		{"0177.0.0.1", "127.0.0.1"},
		{"0x7F.0X0.0.01", "127.0.0.1"},
		{"1.2.3.4.", "1.2.3.4"},
		{"1.2.65535", "1.2.255.255"},
		{"1.16777215", "1.255.255.255"},
		{"4294967295", "255.255.255.255"},
		{"0xffffffff", "255.255.255.255"},
		{"0x", "0.0.0.0"},
		{"0", "0.0.0.0"},
		{"00000000000000000001", "0.0.0.1"},
		{"1.2.65536", ""},
		{"1.16777216", ""},
		{"4294967296", ""},
		{"0x100000000", ""},
		{"99999999999999999999999", ""}, // clamped, never wrapped
		{"256.0.0.1", ""},
		{"1.2.3.256", ""},
		{"1.2.3.4.5", ""},
		{"09.1.1.1", ""},
		{"1..2.3", ""},
		{"", ""},
	}
	for _, tt := range tests {
		v, ok := ParseIPv4(tt.in)
		got := ""
		if ok {
			got = string(AppendIPv4(nil, v))
		}
		if got != tt.want {
			t.Errorf("ParseIPv4(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
	if a := testing.AllocsPerRun(10, func() { ParseIPv4("0x7f.0.0.1") }); a != 0 {
		t.Errorf("ParseIPv4: %v allocations, want 0", a)
	}
}

// FuzzParseIPv4 checks ParseIPv4 against net/netip on the dotted-decimal
// forms both read, and that what it parses serializes to an address that
// parses back to the same value.
func FuzzParseIPv4(f *testing.F) {
	for _, s := range []string{"127.0.0.1", "0x7f.1", "2130706433", "0177.0.0.1", "1.2.65536", "foo.0x", "1.2.3.4."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := ParseIPv4(s)
		if a, err := netip.ParseAddr(s); err == nil && a.Is4() {
			b := a.As4()
			want := uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
			if !ok || v != want {
				t.Fatalf("ParseIPv4(%q) = %#x, %v; net/netip reads %v", s, v, ok, a)
			}
		}
		if !ok {
			return
		}
		out := string(AppendIPv4(nil, v))
		if strings.Count(out, ".") != 3 || !EndsInNumber(out) {
			t.Fatalf("AppendIPv4(%#x) = %q", v, out)
		}
		if back, ok := ParseIPv4(out); !ok || back != v {
			t.Fatalf("ParseIPv4(%q) = %#x; its serialization %q gives %#x, %v", s, v, out, back, ok)
		}
		if a, err := netip.ParseAddr(out); err != nil || a.As4() != [4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)} {
			t.Fatalf("AppendIPv4(%#x) = %q: net/netip reads %v, %v", v, out, a, err)
		}
	})
}
