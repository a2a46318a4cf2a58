package iri_test

import (
	"encoding/json"
	"os"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/relink-go/relink/iri"
)

// TestRegressionCharsetExact: a Converter encodes queries as the
// Encoding Standard's encoders do, also when given golang.org/x/text's
// encodings, which differ (issue 11): windows-1252 has U+0081 (byte 0x81),
// which x/text's lacks and wrote as the NCR "%26%23129%3B".
func TestRegressionCharsetExact(t *testing.T) {
	tests := []struct {
		e        encoding.Encoding
		in, want string
		web      string // the Web mode's URL, when not want
	}{
		{mustEncoding(t, "windows-1252"), "http://h/?q=\u0081\u008d\u008f\u0090\u009d", "http://h/?q=%81%8D%8F%90%9D", ""},
		{charmap.Windows1252, "?q=\u0081", "?q=%81", ""},
		{mustEncoding(t, "latin1"), "?q=\u009d\u20ac", "?q=%9D%80", ""},
		{mustEncoding(t, "iso-8859-2"), "?q=\u0080", "?q=%80", ""},
		{japanese.ShiftJIS, "?q=\u2212\u2170", "?q=%81%7C%FA@", "?q=%81|%FA@"},
		{mustEncoding(t, "euc-jp"), "?q=\u00e5\u2212", "?q=%26%23229%3B%A1%DD", ""},
		{traditionalchinese.Big5, "?q=\u00ca\u4e00", "?q=%26%23202%3B%A4@", ""},
		{mustEncoding(t, "gb18030"), "?q=\ue5e5\u9fb4", "?q=%26%2358853%3B%FEY", ""},
		{mustEncoding(t, "gbk"), "?q=\u20ac\U00010000", "?q=%80%26%2365536%3B", ""},
		{mustEncoding(t, "iso-2022-jp"), "?q=\u00a5\u00a5\uff71", "?q=%1B(J%5C%5C%1B$B%25%22%1B(B", "?q=%1B(J\\\\%1B$B%%22%1B(B"},
	}
	for _, tt := range tests {
		for _, mode := range []iri.Mode{iri.LEIRI, iri.Web} {
			want := tt.want
			if mode == iri.Web && tt.web != "" {
				want = tt.web
			}
			c := iri.NewConverter(iri.WithCharset(tt.e), iri.WithMode(mode))
			got, err := c.ToURI(tt.in)
			if err != nil || got != want {
				t.Errorf("%v/%v: ToURI(%+q) = %q, %v; want %q", tt.e, mode, tt.in, got, err, want)
			}
		}
	}
	// Decoding too: FromCharset reads 0x81 as U+0081.
	if s, err := iri.FromCharset([]byte("?q=\x81\xe9"), charmap.Windows1252); err != nil || s != "?q=\u0081\u00e9" {
		t.Errorf("FromCharset(windows-1252) = %+q, %v; want %+q", s, err, "?q=\u0081\u00e9")
	}
}

// TestRegressionISO2022JPQuery: in Web mode, the query of an ISO-2022-JP
// document goes through one encoder, as WPT's
// encoding/iso-2022-jp-encoder.html "basics" case shows (the "s" stays in
// JIS X 0201 Roman); U+000E, U+000F and U+001B are errors reported as
// U+FFFD (percent-encoding.json).
func TestRegressionISO2022JPQuery(t *testing.T) {
	c := iri.NewConverter(iri.WithCharset(mustEncoding(t, "iso-2022-jp")), iri.WithMode(iri.Web))
	for _, tt := range []struct{ in, want string }{
		{"https://example.com/?\u00a5\u203es\\\uff90\u4f69", "https://example.com/?%1B(J\\~s%1B(B\\%1B$B%_PP%1B(B"},
		{"https://example.com/?\u000eA", "https://example.com/?%26%2365533%3BA"},
		{"https://example.com/?\u4f69\u000e\u4f69x\u00e5", "https://example.com/?%1B$BPP%1B(B%26%2365533%3B%1B$BPP%1B(Bx%26%23229%3B"},
		{"https://example.com/?\u203e\\", "https://example.com/?%1B(J~%1B(B\\"},
		{"https://example.com/?a%FFb", "https://example.com/?a%FFb"},
	} {
		got, err := c.ToURI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ToURI(%+q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// TestWPTEncoderQueries runs the encoder cases of the web-platform-tests
// files in testdata/whatwg-encoding/wpt-cases.json: the query an <a href>
// in a document in the encoding gets.
func TestWPTEncoderQueries(t *testing.T) {
	data, err := os.ReadFile("../testdata/whatwg-encoding/wpt-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var files map[string][]struct{ Encoding, Input, Query, Desc string }
	if err := json.Unmarshal(data, &files); err != nil {
		t.Fatal(err)
	}
	n := 0
	for file, cases := range files {
		for _, c := range cases {
			if c.Query == "" {
				continue
			}
			conv := iri.NewConverter(iri.WithCharset(mustEncoding(t, c.Encoding)), iri.WithMode(iri.Web))
			got, err := conv.ToURI("https://example.com/?" + c.Input)
			if want := "https://example.com/?" + c.Query; err != nil || got != want {
				t.Errorf("%s: %s: ToURI(%+q) = %q, %v; want %q", file, c.Desc, c.Input, got, err, want)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no encoder cases")
	}
	t.Logf("%d WPT encoder cases pass", n)
}
