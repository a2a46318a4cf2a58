package webenc

import (
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

func TestQueryEncoding(t *testing.T) {
	for _, tt := range []struct {
		e    encoding.Encoding
		name string // "" for UTF-8 queries
	}{
		{nil, ""},
		{unicode.UTF8, ""},
		{unicode.UTF8BOM, ""},
		{unicode.UTF16(unicode.LittleEndian, unicode.UseBOM), ""},
		{byName["utf-16be"], ""},
		{encoding.Replacement, ""},
		{charmap.Windows1252, "windows-1252"},
		{byName["shift_jis"], "shift_jis"},
		{charmap.CodePage437, ""}, // not the standard's: kept, unnamed
	} {
		e, name := QueryEncoding(tt.e)
		if name != tt.name {
			t.Errorf("QueryEncoding(%v) name = %q, want %q", tt.e, name, tt.name)
		}
		switch {
		case tt.e == charmap.CodePage437:
			if e != tt.e {
				t.Errorf("QueryEncoding(%v) = %v, want it kept", tt.e, e)
			}
		case name == "" && e != nil:
			t.Errorf("QueryEncoding(%v) = %v, want nil (UTF-8)", tt.e, e)
		case name != "" && e != byName[name]:
			t.Errorf("QueryEncoding(%v) = %v, want the standard's %s", tt.e, e, name)
		}
	}
}

func TestLookupHint(t *testing.T) {
	for hint, want := range map[string]string{
		"":                                 "",
		"latin1":                           "windows-1252",
		" Shift_JIS ":                      "shift_jis",
		"text/html; charset=ISO-8859-1":    "windows-1252",
		`text/html; charset="euc-jp"`:      "euc-jp",
		"text/html":                        "",
		"text/html; charset=nope":          "",
		"nope":                             "",
		"text/html; charset=utf-8; foo=\"": "",
	} {
		e, name := LookupHint(hint)
		if name != want || (e == nil) != (want == "") {
			t.Errorf("LookupHint(%q) = %v, %q; want %q", hint, e, name, want)
		}
	}
}

func TestAppendQuery(t *testing.T) {
	keep := func(c byte) bool { return c > ' ' && c < 0x7f && c != '#' }
	keepASCII := func(q string, i int) bool { return keep(q[i]) }
	sjis := byName["shift_jis"]
	for _, tt := range []struct {
		e        encoding.Encoding
		name, in string
		want     string
	}{
		{byName["windows-1252"], "windows-1252", "q=é&r=日 x", "q=%E9&r=%26%2326085%3B%20x"},
		{sjis, "shift_jis", "q=日本\xff", "q=%93%FA%96{%FF"},
		{byName["iso-2022-jp"], "iso-2022-jp", "a\x0eb", "a%26%2365533%3Bb"},
	} {
		if got := string(AppendQuery([]byte("?"), tt.in, tt.e, tt.name, keepASCII, keep)); got != "?"+tt.want {
			t.Errorf("AppendQuery(%s, %q) = %q, want %q", tt.name, tt.in, got, "?"+tt.want)
		}
	}
	// One encoder for the whole query: "¥s" stays in JIS X 0201 Roman.
	iso := byName["iso-2022-jp"]
	if got, want := string(AppendStatefulQuery(nil, "¥s¥", iso, keep)), "%1B(J\\s\\%1B(B"; got != want {
		t.Errorf("AppendStatefulQuery(iso-2022-jp, %q) = %q, want %q", "¥s¥", got, want)
	}
}
