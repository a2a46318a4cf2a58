package iri_test

import (
	"testing"

	"github.com/relink-go/relink/iri"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
)

// toIRITests use the default converter (LEIRI, UTF-8).
var toIRITests = []mapCase{
	// draft-duerst-iri-bis section 3.7.1, with the final results (step 6).
	{"http://www.example.org/D%C3%BCrst", "http://www.example.org/Dürst", "3.7.1 example 1"},
	{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst", "3.7.1 example 2: not UTF-8, re-encoded (step 3)"},
	{"http://xn--99zt52a.example.org/%e2%80%ae", "http://納豆.example.org/%E2%80%AE", "3.7.1 example 3: RLO stays (step 4, 4.1), hex case may change, ToUnicode (step 6)"},
	{"http://www.example.org/r%E9sum%E9.html", "http://www.example.org/r%E9sum%E9.html", "3.7: MUST NOT guess iso-8859-1"},
	// What is decoded.
	{"http://h/%C3%BC%2F", "http://h/ü%2F", "reserved stays encoded (step 2)"},
	{"http://h/%41%7E%5F%2D", "http://h/A~_-", "unreserved ASCII is decoded"},
	{"http://h/%F0%90%8C%80", "http://h/𐌀", "4-byte UTF-8"},
	{"http://h/%ea%b0%80", "http://h/가", "lower-case hex"},
	{"http://h/%F0%9F%92%A9", "http://h/💩", "a symbol is fine in a path"},
	{"http://%C3%BC@h/#%23%C3%BC", "http://ü@h/#%23ü", "userinfo and fragment"},
	{"foo://%C3%BC/", "foo://ü/", "the host of a non-DNS scheme is a component like the others"},
	{"http://h/%EE%80%80?%EE%80%80#%EE%80%80", "http://h/%EE%80%80?\uE000#%EE%80%80", "iprivate only in the query"},
	{"http://h/%E2%80%8D%E2%80%8C", "http://h/%E2%80%8D%E2%80%8C", "ZWJ and ZWNJ are invisible: Chromium keeps them encoded"},
	{"http://h/%D8%A7%E2%80%8F", "http://h/ا%E2%80%8F", "RLM stays encoded"},
	// What stays encoded.
	{"http://h/%C3%28", "http://h/%C3%28", "not UTF-8; %28 is reserved"},
	{"http://h/%F4%90%80%80", "http://h/%F4%90%80%80", "beyond U+10FFFF"},
	{"http://h/%E0%80%AF", "http://h/%E0%80%AF", "overlong 3-byte"},
	{"http://h/%C3", "http://h/%C3", "truncated sequence"},
	{"http://h/%E3%80%80", "http://h/%E3%80%80", "U+3000 IDEOGRAPHIC SPACE"},
	{"http://h/%E2%80%A8", "http://h/%E2%80%A8", "U+2028 LINE SEPARATOR"},
	{"http://h/%EF%BC%8F", "http://h/%EF%BC%8F", "U+FF0F FULLWIDTH SOLIDUS mimics '/'"},
	{"http://h/%E2%88%95", "http://h/%E2%88%95", "U+2215 DIVISION SLASH mimics '/'"},
	{"http://h/%E2%81%84", "http://h/%E2%81%84", "U+2044 FRACTION SLASH mimics '/'"},
	{"http://h/%EF%BC%9F", "http://h/%EF%BC%9F", "U+FF1F FULLWIDTH QUESTION MARK mimics '?'"},
	{"http://h/%E3%80%82", "http://h/。", "U+3002 IDEOGRAPHIC FULL STOP is ordinary CJK punctuation in a path"},
	{"http://h/google%E3%80%82com", "http://h/google%E3%80%82com", "U+3002 between Latin letters reads as a host's dot"},
	{"http://h/a%EF%BC%8Fb", "http://h/a%EF%BC%8Fb", "U+FF0F FULLWIDTH SOLIDUS looks like a slash"},
	{"http://h/%F3%A0%80%81", "http://h/%F3%A0%80%81", "tag character"},
	{"http://h/%C2%85", "http://h/%C2%85", "C1 control"},
	{"http://h/%C2%AD", "http://h/%C2%AD", "SOFT HYPHEN (Cf)"},
	{"http://h/%CD%8F", "http://h/%CD%8F", "U+034F COMBINING GRAPHEME JOINER (default ignorable)"},
	{"http://h/%EF%B8%8F", "http://h/%EF%B8%8F", "variation selector"},
	{"http://h/%E2%81%A0", "http://h/%E2%81%A0", "WORD JOINER"},
	{"http://h/%EF%B7%90", "http://h/%EF%B7%90", "noncharacter U+FDD0"},
	{"http://h/%EF%BF%BD", "http://h/%EF%BF%BD", "REPLACEMENT CHARACTER"},
	{"http://h/%E1%85%9F", "http://h/%E1%85%9F", "HANGUL CHOSEONG FILLER"},
	{"http://h/%CD%B8", "http://h/%CD%B8", "unassigned U+0378"},
	{"http://h/%20%3C%3E%22%7B%7D%7C%5C%5E%60", "http://h/%20%3C%3E%22%7B%7D%7C%5C%5E%60", "US-ASCII not allowed in URIs stays (step 2)"},
	{"http://h/%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D", "http://h/%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D", "reserved stays (step 2)"},
	{"http://h/%00%1F%7F", "http://h/%00%1F%7F", "controls stay"},
	// Raw characters that are not appropriate are encoded (LEIRI input).
	{"http://h/\u202Eevil", "http://h/%E2%80%AEevil", "raw RLO"},
	{"http://h/a b", "http://h/a%20b", "raw space"},
	{"http://h/\x1bc", "http://h/%1Bc", "raw ESC (terminal reset)"},
	{"http://h/\xff", "http://h/%FF", "raw invalid byte"},
	{"http://h/\u3000", "http://h/%E3%80%80", "raw ideographic space"},
	{"http://h/\uE000?\uE000", "http://h/%EE%80%80?\uE000", "raw private use outside the query"},
	{"http://h/#a#b", "http://h/#a#b", "'#' is allowed in an IRI fragment"},
	// Hosts (section 3.7 step 6, with the display policy).
	{"http://xn--bcher-kva.de/", "http://bücher.de/", "valid A-label"},
	{"http://XN--BCHER-KVA.DE/", "http://bücher.DE/", "ACE prefix case-insensitive; other labels kept"},
	{"http://xn--99zt52a/", "http://納豆/", "Han"},
	{"http://xn--mgbh0fb.xn--kgbechtv/", "http://مثال.إختبار/", "RTL labels that satisfy the bidi rule"},
	{"http://xn--e1afmkfd.xn--p1ai/", "http://пример.рф/", "Cyrillic with non-Latin-looking letters"},
	{"http://xn--fa-hia.de/", "http://faß.de/", "nontransitional"},
	{"http://www.xn--bcher-kva.de:8080/p", "http://www.bücher.de:8080/p", "other labels and port kept"},
	{"//xn--bcher-kva.de/", "//bücher.de/", "network-path reference"},
	{"http://r%C3%A9sum%C3%A9.example.org/", "http://r%C3%A9sum%C3%A9.example.org/", "a percent-encoded host of a DNS scheme stays"},
	{"http://résumé.example.org/", "http://résumé.example.org/", "already an IRI"},
	{"http://BÜCHER.de/", "http://bücher.de/", "a raw host is shown as its mapped U-label"},
	{"foo://xn--bcher-kva/", "foo://xn--bcher-kva/", "non-DNS scheme: no ToUnicode"},
	{"http://[::1]/%C3%BC", "http://[::1]/ü", "IP literal"},
	{"http://example.com/", "http://example.com/", "nothing to do"},
	{"", "", "empty"},
}

// securityTests: ToIRI must not turn these into something that reads
// differently from the URI, and ToURI must keep them.
var securityTests = []mapCase{
	{"http://h/%C0%AF", "http://h/%C0%AF", "overlong '/' (C0 AF) never becomes '/'"},
	{"http://h/..%C0%AF..%C0%AFetc", "http://h/..%C0%AF..%C0%AFetc", "overlong '/' in a traversal"},
	{"http://h/%E0%80%AF", "http://h/%E0%80%AF", "3-byte overlong '/'"},
	{"http://h/%E2%80%AE", "http://h/%E2%80%AE", "RLO never decoded (4.1)"},
	{"http://h/%E2%80%AEgpj.exe", "http://h/%E2%80%AEgpj.exe", "RLO filename spoof"},
	{"http://h/%E2%81%A6", "http://h/%E2%81%A6", "LRI (bidi isolate)"},
	{"http://h/%D8%9C", "http://h/%D8%9C", "ARABIC LETTER MARK"},
	{"http://h/%ED%A0%80", "http://h/%ED%A0%80", "encoded surrogate stays"},
	{"http://h/%ED%BF%BF", "http://h/%ED%BF%BF", "encoded surrogate stays"},
	{"http://h/%EF%BF%BE", "http://h/%EF%BF%BE", "noncharacter U+FFFE stays"},
	{"http://h/%F0%9F%BF%BF", "http://h/%F0%9F%BF%BF", "noncharacter U+1FFFF stays"},
	{"http://h/%C2%A0", "http://h/%C2%A0", "NBSP stays"},
	{"http://h/%E2%80%8B", "http://h/%E2%80%8B", "ZERO WIDTH SPACE stays"},
	{"http://h/%EF%BB%BF", "http://h/%EF%BB%BF", "BOM / ZWNBSP stays"},
	{"http://h/%2F", "http://h/%2F", "%2F stays"},
	{"http://h/%25", "http://h/%25", "%25 stays"},
	{"http://h/%2541", "http://h/%2541", "%25 is not decoded twice"},
	{"http://h/%2E%2E", "http://h/%2E%2E", "%2E%2E stays encoded: no dot segment appears"},
	{"http://h/%2e%2e/%2e", "http://h/%2e%2e/%2e", "lower-case dots too"},
	{"http://h/a%3Fb%23c", "http://h/a%3Fb%23c", "%3F and %23 stay"},
	{"http://h/%0D%0A", "http://h/%0D%0A", "CRLF injection stays encoded"},
	{"http://h/%00", "http://h/%00", "NUL stays"},
	{"http://h/%CC%B8", "http://h/%CC%B8", "COMBINING LONG SOLIDUS OVERLAY"},
	{"http://xn--pple-43d.com/", "http://xn--pple-43d.com/", "mixed Cyrillic а + Latin: stays an A-label"},
	{"http://xn--80ak6aa92e.com/", "http://xn--80ak6aa92e.com/", "all-Cyrillic аррӏе (whole-script confusable): stays"},
	{"http://xn--bcher-kva.de/", "http://bücher.de/", "a safe label is shown"},
	{"http://xn--99zt52a/", "http://納豆/", "a safe label is shown"},
	{"http://xn--a/", "http://xn--a/", "invalid punycode stays"},
	{"http://xn--/", "http://xn--/", "empty punycode stays"},
	{"http://xn--ab/", "http://xn--ab/", "decodes to non-characters: stays"},
	{"http://xn--bach-/", "http://xn--bach-/", "ASCII-only punycode (CVE-2026-39821): stays"},
	// Emoji and symbols are DISALLOWED in IDNA2008 (RFC 5892) though UTS
	// #46 lookup accepts them; browsers show such labels as A-labels.
	{"http://xn--ls8h/", "http://xn--ls8h/", "U+1F4A9 (IDNA2008 DISALLOWED): stays"},
	{"http://xn--n3h.com/", "http://xn--n3h.com/", "U+2603 SNOWMAN (IDNA2008 DISALLOWED): stays"},
	{"http://xn--r4---sn-abc.example/", "http://xn--r4---sn-abc.example/", "invalid punycode stays"},
	{"http://xn--mgbh0fb-/", "http://xn--mgbh0fb-/", "junk after the label stays"},
}

func TestToIRI(t *testing.T) {
	for _, tt := range toIRITests {
		got, err := iri.ToIRI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ToIRI(%q) = %q, %v; want %q (%s)", tt.in, got, err, tt.want, tt.rule)
		}
	}
}

func TestSecurity(t *testing.T) {
	for _, tt := range securityTests {
		got, err := iri.ToIRI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ToIRI(%q) = %q, %v; want %q (%s)", tt.in, got, err, tt.want, tt.rule)
		}
		// These inputs are URIs: ToURI keeps them.
		got, err = iri.ToURI(tt.in)
		if err != nil || got != tt.in {
			t.Errorf("ToURI(%q) = %q, %v; want it unchanged (%s)", tt.in, got, err, tt.rule)
		}
	}
}

// TestToIRIHostSecurity: raw Unicode hosts given to ToIRI go through the
// same policy through their A-label.
func TestToIRIHostSecurity(t *testing.T) {
	tests := []mapCase{
		{"http://аpple.com/", "http://xn--pple-43d.com/", "mixed-script raw host is shown as its A-label"},
		{"http://аррӏе.com/", "http://xn--80ak6aa92e.com/", "whole-script confusable raw host is shown as its A-label"},
		{"http://💩.la/", "http://xn--ls8h.la/", "not displayable label"},
		{"http://bücher.de/", "http://bücher.de/", "safe"},
		{"http://ｅｘａｍｐｌｅ.com/", "http://example.com/", "width-mapped"},
	}
	for _, tt := range tests {
		got, err := iri.ToIRI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ToIRI(%q) = %q, %v; want %q (%s)", tt.in, got, err, tt.want, tt.rule)
		}
	}
	for _, in := range []string{"http://aא.com/", "http://a\u200Db.com/", "http://ü.xn--a/"} {
		if got, err := iri.ToIRI(in); err == nil {
			t.Errorf("ToIRI(%q) = %q, want an IDNA error", in, got)
		}
	}
}

// TestMärz follows the März tables of Dürst, "IRIs: From Specification to
// Testing" (IUC 19): the same word written in three charsets is one IRI
// once decoded, and maps to the UTF-8 URI; the legacy-byte URIs are URIs
// of their own, which ToIRI must not reinterpret.
func TestMärz(t *testing.T) {
	utf8Dec := func(b []byte) ([]byte, error) { return b, nil }
	tests := []struct {
		charset string
		bytes   []byte
		decode  func([]byte) ([]byte, error)
		rawURI  string // the bytes percent-encoded as they are
	}{
		{"iso-8859-1", []byte{0x4D, 0xE4, 0x72, 0x7A}, charmap.ISO8859_1.NewDecoder().Bytes, "M%E4rz"},
		{"macintosh", []byte{0x4D, 0x8A, 0x72, 0x7A}, charmap.Macintosh.NewDecoder().Bytes, "M%8Arz"},
		{"utf-8", []byte{0x4D, 0xC3, 0xA4, 0x72, 0x7A}, utf8Dec, "M%C3%A4rz"},
	}
	for _, tt := range tests {
		dec, err := tt.decode(tt.bytes)
		if err != nil {
			t.Fatalf("decode %s: %v", tt.charset, err)
		}
		if string(dec) != "März" {
			t.Errorf("%s % X decodes to %q, want März", tt.charset, tt.bytes, dec)
		}
		// Through the WHATWG index too.
		e, err := htmlindex.Get(tt.charset)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := e.NewDecoder().Bytes(tt.bytes); err != nil || string(d) != "März" {
			t.Errorf("htmlindex %s decodes % X to %q, %v", tt.charset, tt.bytes, d, err)
		}
		if got, err := iri.ToURI(string(dec)); err != nil || got != "M%C3%A4rz" {
			t.Errorf("ToURI(%q from %s) = %q, %v; want M%%C3%%A4rz", dec, tt.charset, got, err)
		}
		if got, err := iri.ToURI("http://example.org/" + string(dec)); err != nil || got != "http://example.org/M%C3%A4rz" {
			t.Errorf("ToURI(http://example.org/März) = %q, %v", got, err)
		}
		// Table 2, last column: the raw-byte URI is a URI; ToURI keeps it.
		if got, err := iri.ToURI(tt.rawURI); err != nil || got != tt.rawURI {
			t.Errorf("ToURI(%q) = %q, %v; want it unchanged", tt.rawURI, got, err)
		}
		// ToIRI decodes only UTF-8.
		want := tt.rawURI
		if tt.charset == "utf-8" {
			want = "März"
		}
		if got, err := iri.ToIRI(tt.rawURI); err != nil || got != want {
			t.Errorf("ToIRI(%q) = %q, %v; want %q", tt.rawURI, got, err, want)
		}
	}
	if got, err := iri.ToURI("March"); err != nil || got != "March" {
		t.Errorf("ToURI(March) = %q, %v", got, err)
	}
}

// TestToIRICharset: with a legacy document charset the query of an http
// reference is left exactly as written (decoding it as UTF-8 would change
// the URL); path and fragment are UTF-8 as always.
func TestToIRICharset(t *testing.T) {
	sjis := iri.NewConverter(iri.WithCharset(japanese.ShiftJIS))
	tests := []mapCase{
		{"http://h/?q=%93%FA%96%7B", "http://h/?q=%93%FA%96%7B", "Shift_JIS bytes"},
		{"http://h/?q=%E6%97%A5", "http://h/?q=%E6%97%A5", "even UTF-8-looking bytes: they are Shift_JIS"},
		{"http://h/?q=%41%2E", "http://h/?q=%41%2E", "exactly as written"},
		{"http://h/%E6%97%A5?q=%E6%97%A5#%E6%97%A5", "http://h/日?q=%E6%97%A5#日", "path and fragment are UTF-8"},
		{"?q=%E6%97%A5", "?q=%E6%97%A5", "relative reference"},
		{"HTTPS://h/?q=%E6%97%A5", "HTTPS://h/?q=%E6%97%A5", "https"},
		{"foo://h/?q=%E6%97%A5", "foo://h/?q=日", "other schemes use UTF-8"},
		{"ftp://h/?q=%E6%97%A5", "ftp://h/?q=日", "ftp uses UTF-8 outside Web mode"},
	}
	for _, tt := range tests {
		got, err := sjis.ToIRI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("shift_jis ToIRI(%q) = %q, %v; want %q (%s)", tt.in, got, err, tt.want, tt.rule)
		}
	}
	// The query of a Shift_JIS document round-trips.
	u, err := sjis.ToURI("http://h/日本?q=日本")
	if err != nil {
		t.Fatal(err)
	}
	if back, err := sjis.ToIRI(u); err != nil || back != "http://h/日本?q=%93%FA%96%7B" {
		t.Errorf("shift_jis ToIRI(%q) = %q, %v", u, back, err)
	}
}

func TestToIRIStrict(t *testing.T) {
	c := iri.NewConverter(iri.WithMode(iri.Strict))
	if _, err := c.ToIRI("http://h/a b"); err == nil {
		t.Error("Strict ToIRI(a b) succeeded")
	}
	if got, err := c.ToIRI("http://h/%C3%BC"); err != nil || got != "http://h/ü" {
		t.Errorf("Strict ToIRI = %q, %v", got, err)
	}
}
