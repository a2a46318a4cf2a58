package urlstd

import (
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
)

func TestSpecialPort(t *testing.T) {
	tests := []struct {
		scheme string
		want   int
	}{
		{"http", 80}, {"ws", 80}, {"https", 443}, {"wss", 443}, {"ftp", 21},
		{"file", -1}, {"HTTP", NotSpecial}, {"gopher", NotSpecial},
		{"", NotSpecial}, {"mailto", NotSpecial}, {"https:", NotSpecial},
	}
	for _, tt := range tests {
		if got := SpecialPort(tt.scheme); got != tt.want {
			t.Errorf("SpecialPort(%q) = %d, want %d", tt.scheme, got, tt.want)
		}
	}
}

// TestEncodeSets builds each percent-encode set from the words of the URL
// Standard (section 1.3), each from the one it extends, and compares it
// with InSet on every byte.
func TestEncodeSets(t *testing.T) {
	c0 := func(c byte) bool { return c < 0x20 || c > 0x7e }
	with := func(base func(byte) bool, extra string) func(byte) bool {
		return func(c byte) bool { return base(c) || strings.IndexByte(extra, c) >= 0 }
	}
	fragment := with(c0, " \"<>`")
	query := with(c0, " \"#<>")
	specialQuery := with(query, "'")
	path := with(query, "?^`{}")
	userinfo := with(path, "/:;=@[\\]^|")
	sets := []struct {
		name string
		set  EncodeSet
		want func(byte) bool
	}{
		{"C0 control", C0, c0},
		{"fragment", Fragment, fragment},
		{"query", Query, query},
		{"special-query", SpecialQuery, specialQuery},
		{"path", Path, path},
		{"userinfo", Userinfo, userinfo},
	}
	for _, s := range sets {
		for c := 0; c < 256; c++ {
			if got := InSet(byte(c), s.set); got != s.want(byte(c)) {
				t.Errorf("InSet(%#02x, %s) = %v, want %v", c, s.name, got, !got)
			}
		}
	}
}

func TestAppendEncoded(t *testing.T) {
	tests := []struct {
		in   string
		set  EncodeSet
		want string
	}{
		{"a b", Path, "a%20b"},
		{"a?b#c", Path, "a%3Fb%23c"},
		{"a?b#c", Query, "a?b%23c"},
		{"it's", Query, "it's"},
		{"it's", SpecialQuery, "it%27s"},
		{"ü", C0, "%C3%BC"},
		{"\xff", C0, "%FF"}, // a byte that is not UTF-8, as itself
		{"a/b:c@d", Userinfo, "a%2Fb%3Ac%40d"},
		{"\x00\x7f", Fragment, "%00%7F"},
		{"", Path, ""},
	}
	for _, tt := range tests {
		if got := string(AppendEncoded([]byte("x"), tt.in, tt.set)); got != "x"+tt.want {
			t.Errorf("AppendEncoded(%q, %d) = %q, want %q", tt.in, tt.set, got, "x"+tt.want)
		}
	}
}

// TestAppendQuery checks a query in a document's encoding: ASCII
// percent-encoded with the set, other characters encoded in the encoding
// and then percent-encoded, what it cannot encode as an escaped numeric
// character reference, and ISO-2022-JP with one encoder for the whole
// query.
func TestAppendQuery(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"utf-8", "a=ü b", "a=%C3%BC%20b"},
		{"windows-1252", "a=ü'", "a=%FC%27"},
		{"windows-1252", "a=€", "a=%80"},
		{"windows-1252", "a=Ж", "a=%26%231046%3B"},
		{"iso-2022-jp", "q=日本", `q=%1B$BF|K\%1B(B`}, // "\" is in no query set
	}
	for _, tt := range tests {
		var got string
		switch tt.name {
		case "utf-8":
			got = string(AppendQuery(nil, tt.in, unicode.UTF8, tt.name, SpecialQuery))
		case "windows-1252":
			got = string(AppendQuery(nil, tt.in, charmap.Windows1252, tt.name, SpecialQuery))
		case "iso-2022-jp":
			got = string(AppendQuery(nil, tt.in, japanese.ISO2022JP, tt.name, SpecialQuery))
		}
		if got != tt.want {
			t.Errorf("AppendQuery(%q) in %s = %q, want %q", tt.in, tt.name, got, tt.want)
		}
	}
}

func TestTrimC0Space(t *testing.T) {
	tests := []struct{ in, want string }{
		{" \t\x00http://h/ \x1f", "http://h/"},
		{"a b", "a b"},
		{"\x7fa\x7f", "\x7fa\x7f"}, // DEL is not a C0 control
		{"\u00a0a", "\u00a0a"},     // nor is a no-break space
		{"   ", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := TrimC0Space(tt.in); got != tt.want {
			t.Errorf("TrimC0Space(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzHasTabNewline checks hasTabNewline against strings.IndexAny.
func FuzzHasTabNewline(f *testing.F) {
	for _, s := range []string{"", "http://example.com/a/b/c", "http://example.com/a/\tb", "0123456\r", "01234567\n", "\x0d\x0e\x0f\x80\xff\x0b\x0c\x00 123456789", "\xff\xff\xff\xff\xff\xff\xff\xff\t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasTabNewline(s), strings.IndexAny(s, "\t\n\r") >= 0; got != want {
			t.Errorf("hasTabNewline(%q) = %v, want %v", s, got, want)
		}
	})
}

func TestRemoveTabNewline(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ht\ttp://h/\r\na", "http://h/a"},
		{"\t\n\r", ""},
		{"a\vb\fc", "a\vb\fc"}, // only tab, LF and CR
	}
	for _, tt := range tests {
		if got := RemoveTabNewline(tt.in); got != tt.want {
			t.Errorf("RemoveTabNewline(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	s := "http://h/a b"
	if got := RemoveTabNewline(s); unsafe.StringData(got) != unsafe.StringData(s) {
		t.Errorf("RemoveTabNewline(%q) did not return its input", s)
	}
}

func TestDotSegments(t *testing.T) {
	single := []string{".", "%2e", "%2E"}
	double := []string{"..", ".%2e", ".%2E", "%2e.", "%2E.", "%2e%2e", "%2E%2e", "%2e%2E", "%2E%2E"}
	neither := []string{"", "...", "%2e%2e%2e", "%2", "%2f", ". ", ".a", "%252e", "%2e.."}
	for _, s := range single {
		if !IsSingleDot(s) || IsDoubleDot(s) {
			t.Errorf("%q: IsSingleDot %v, IsDoubleDot %v; want true, false", s, IsSingleDot(s), IsDoubleDot(s))
		}
	}
	for _, s := range double {
		if IsSingleDot(s) || !IsDoubleDot(s) {
			t.Errorf("%q: IsSingleDot %v, IsDoubleDot %v; want false, true", s, IsSingleDot(s), IsDoubleDot(s))
		}
	}
	for _, s := range neither {
		if IsSingleDot(s) || IsDoubleDot(s) {
			t.Errorf("%q: IsSingleDot %v, IsDoubleDot %v; want false, false", s, IsSingleDot(s), IsDoubleDot(s))
		}
	}
}
