package iri_test

import (
	"errors"
	"testing"

	"github.com/relink-go/relink/iri"
	"golang.org/x/net/idna"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
)

type mapCase struct {
	in, want string
	rule     string // why: the spec section or the reason
}

// toURITests use the default converter: LEIRI mode, UTF-8 queries.
var toURITests = []mapCase{
	// draft-duerst-iri-bis section 3.4 (and RFC 3987 section 3.1). The
	// draft prints "xn--rsum-bad", a typo: the A-label of "résumé" is
	// "rsum-bpad" (RFC 3987 and every IDNA implementation).
	{"http://résumé.example.org", "http://xn--rsum-bpad.example.org", "3.4 ireg-name → ToASCII"},
	{"http://r%C3%A9sum%C3%A9.example.org", "http://xn--rsum-bpad.example.org", "3.4: the percent-encoded form MUST NOT be produced; draft-ietf-idn-uri: %-encoded UTF-8 host is an IDN"},
	{"http://r%c3%a9sum%c3%a9.example.org/", "http://xn--rsum-bpad.example.org/", "lower-case hex in a host"},
	{"http://validator.w3.org/check?uri=http%3A%2F%2Frésumé.example.org", "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org", "3.4 note: an IDN in the query is not ToASCII'd"},
	{"http://www.example.org/red%09rosé#red", "http://www.example.org/red%09ros%C3%A9#red", "3.4 note: existing %09 and '#' stay"},
	{"http://example.com/𐌀𐌁𐌂", "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82", "non-BMP: 4-byte UTF-8"},
	{"http://www.example.org/D\u00fcrst", "http://www.example.org/D%C3%BCrst", "3.3 UTF-8 then %HH uppercase"},
	{"http://納豆.example.org/", "http://xn--99zt52a.example.org/", "3.4"},
	{"http://BÜCHER.DE/", "http://xn--bcher-kva.de/", "UTS #46 mapping lowercases the host it converts"},
	{"http://bücher.de:8080/ü?ü#ü", "http://xn--bcher-kva.de:8080/%C3%BC?%C3%BC#%C3%BC", "all components"},
	{"//bücher.de/x", "//xn--bcher-kva.de/x", "a network-path reference takes an http-like base: DNS host"},
	{"https://ｅｘａｍｐｌｅ.com/", "https://example.com/", "UTS #46 width mapping"},
	{"https://example\u3002com/", "https://example.com/", "U+3002 is a label separator (UTS #46)"},
	{"http://a\u200Bb.com/", "http://ab.com/", "U+200B is ignored by UTS #46 mapping"},
	{"http://xn--bcher-kva.de/", "http://xn--bcher-kva.de/", "an A-label is ASCII: left alone"},
	{"http://XN--BCHER-KVA.DE/", "http://XN--BCHER-KVA.DE/", "an ASCII host is never altered"},
	{"http://%41%42.example/", "http://%41%42.example/", "percent-encoded ASCII host: valid URI, unchanged"},
	{"http://%FC.example/", "http://%FC.example/", "percent-encoded non-UTF-8 host: not an IDN, unchanged"},
	{"http://[::1]/ü", "http://[::1]/%C3%BC", "IP literal left alone"},
	{"http://ü@h/", "http://%C3%BC@h/", "userinfo"},
	{"http://u:pä@h/", "http://u:p%C3%A4@h/", "userinfo"},
	{"foo://résumé/", "foo://r%C3%A9sum%C3%A9/", "non-DNS scheme: host percent-encoded (3.3)"},
	{"urn:x-résumé:ü", "urn:x-r%C3%A9sum%C3%A9:%C3%BC", "no authority"},
	{"mailto:José@example.org", "mailto:Jos%C3%A9@example.org", "path"},
	{"ü/ä?ö#ß", "%C3%BC/%C3%A4?%C3%B6#%C3%9F", "relative reference"},
	{"http://h/#a#b", "http://h/#a%23b", "a '#' in the fragment is not allowed in a URI"},
	{"http://h/#%23", "http://h/#%23", "existing escape kept"},
	{"http://h/%e2%80%ae", "http://h/%e2%80%ae", "existing escapes kept as written"},
	{"http://h/?\uE000", "http://h/?%EE%80%80", "iprivate in the query"},
	{"http://h/a%2Fb", "http://h/a%2Fb", "%2F kept"},
	{"http://h/%25", "http://h/%25", "%25 kept"},
	{"http://h/é%41", "http://h/%C3%A9%41", "a %-encoded unreserved character is kept"},
	// LEIRI characters (3987bis section 7.1) are percent-encoded.
	{"http://h/a b", "http://h/a%20b", "7.1 LEIRI"},
	{"http://h/<>\"{}|\\^`", "http://h/%3C%3E%22%7B%7D%7C%5C%5E%60", "7.1 LEIRI"},
	{"http://h/\x00\x1f\x7f", "http://h/%00%1F%7F", "7.1 LEIRI controls"},
	{"http://h/\u0085", "http://h/%C2%85", "C1 control"},
	{"http://h/\u202E\u200E", "http://h/%E2%80%AE%E2%80%8E", "bidi formatting characters"},
	{"http://h/\uE000", "http://h/%EE%80%80", "private use outside the query"},
	{"http://h/\uFFFE", "http://h/%EF%BF%BE", "noncharacter"},
	{"http://h/\xff\xfe", "http://h/%FF%FE", "an invalid byte is encoded as itself"},
	{"http://h/\xed\xa0\x80", "http://h/%ED%A0%80", "encoded surrogate bytes"},
	{"http://h/?q=a b#c d", "http://h/?q=a%20b#c%20d", "query and fragment"},
	{"http://a b/", "http://a%20b/", "ASCII host of a DNS scheme: percent-encoded, not IDNA"},
	{"foo://a\\b/", "foo://a%5Cb/", "host of another scheme"},
	// Already URIs: returned as they are.
	{"http://example.com/", "http://example.com/", "identity on URIs"},
	{"HTTP://EXAMPLE.COM:80/%7Efoo/./a/../b?Q#F", "HTTP://EXAMPLE.COM:80/%7Efoo/./a/../b?Q#F", "no normalization"},
	{"", "", "empty reference"},
	{"#", "#", "empty fragment"},
}

func TestToURI(t *testing.T) {
	for _, tt := range toURITests {
		got, err := iri.ToURI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ToURI(%q) = %q, %v; want %q (%s)", tt.in, got, err, tt.want, tt.rule)
		}
	}
}

// TestToURIUnicodeVersion pins the canary of the UTS #46 version skew
// ("FAẞ.de"): U+1E9E (ẞ) maps to "ss" in UTS #46 15.0 (x/net/idna tables
// on Go <= 1.26) and to ß in 15.1 and later, which flips the results of
// many IdnaTestV2 cases when the Go release changes its tables. The test
// follows the tables in use.
func TestToURIUnicodeVersion(t *testing.T) {
	want := "http://xn--fa-hia.de/"
	if idna.UnicodeVersion == "15.0.0" {
		want = "http://fass.de/"
	}
	if got, err := iri.ToURI("http://FAẞ.de/"); err != nil || got != want {
		t.Errorf("ToURI(FAẞ.de) = %q, %v; want %q (UTS #46 %s)", got, err, want, idna.UnicodeVersion)
	}
	// ß itself is valid (nontransitional processing).
	if got, err := iri.ToURI("http://faß.de/"); err != nil || got != "http://xn--fa-hia.de/" {
		t.Errorf("ToURI(faß.de) = %q, %v; want http://xn--fa-hia.de/ (nontransitional)", got, err)
	}
}

// toURIErrors must fail: never a silently wrong host.
var toURIErrors = []struct {
	in   string
	want error // nil: any error
	rule string
}{
	{"http://h/%zz", iri.ErrInvalidPercent, "a '%' must start an escape (LEIRI too)"},
	{"http://h:x/", iri.ErrInvalidPort, "port is digits"},
	{"http://[::1/", iri.ErrInvalidIPLiteral, "IP literal"},
	{"1:x", iri.ErrColonInFirstSegment, "ipath-noscheme"},
	{"http://a b.ü/", iri.ErrIDNA, "a space is not allowed in a host name"},
	{"http://aא.com/", iri.ErrIDNA, "RFC 5893 bidi rule"},
	{"http://a\u200Db.com/", iri.ErrIDNA, "RFC 5892 CONTEXTJ: ZWJ needs a virama"},
	{"http://ü.xn--a/", iri.ErrIDNA, "an invalid A-label in the host"},
	{"http://xn--ab.bücher/", iri.ErrIDNA, "an invalid A-label in the host"},
	{"http://\uFDD0zyx.com/", iri.ErrIDNA, "a noncharacter is disallowed by UTS #46"},
	{"http://％４１.com/", iri.ErrIDNA, "U+FF05 maps to '%', not allowed in a host"},
	{"http://a／b.com/", iri.ErrIDNA, "U+FF0F maps to '/', not allowed in a host"},
	{"http://ü\u00A0.com/", iri.ErrIDNA, "U+00A0 maps to a space"},
	{"http://xn--が-/", iri.ErrIDNA, "non-ASCII inside an ACE label (golang/go#81116)"},
	{"http://xn--が-.example/", iri.ErrIDNA, "non-ASCII inside an ACE label (golang/go#81116)"},
	{"http://XN--ü-.de/", iri.ErrIDNA, "non-ASCII inside an ACE label, upper-case prefix"},
	{"http://xn--ü\u3002de/", iri.ErrIDNA, "non-ASCII inside an ACE label before U+3002"},
}

func TestToURIErrors(t *testing.T) {
	for _, tt := range toURIErrors {
		got, err := iri.ToURI(tt.in)
		if err == nil {
			t.Errorf("ToURI(%q) = %q, want an error (%s)", tt.in, got, tt.rule)
			continue
		}
		if got != "" {
			t.Errorf("ToURI(%q) returned %q with error %v", tt.in, got, err)
		}
		if tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("ToURI(%q): error %v, want errors.Is %v (%s)", tt.in, err, tt.want, tt.rule)
		}
		var e *iri.Error
		if !errors.As(err, &e) || e.Op != "touri" || e.Input != tt.in {
			t.Errorf("ToURI(%q): error %#v, want *iri.Error{Op: touri, Input: input}", tt.in, err)
		}
	}
}

func mustEncoding(t testing.TB, name string) encoding.Encoding {
	t.Helper()
	e, err := htmlindex.Get(name)
	if err != nil {
		t.Fatalf("htmlindex.Get(%q): %v", name, err)
	}
	return e
}

func TestToURICharset(t *testing.T) {
	tests := []struct {
		charset string
		mode    iri.Mode
		in      string
		want    string
		rule    string
	}{
		{"windows-1252", iri.LEIRI, "http://h/ü?ü#ü", "http://h/%C3%BC?%FC#%C3%BC", "3.5: only the query uses the document charset"},
		{"windows-1252", iri.LEIRI, "?q=å€", "?q=%E5%80", "relative references take the document's scheme"},
		{"windows-1252", iri.LEIRI, "HTTPS://h/?q=ü&r=%FC", "HTTPS://h/?q=%FC&r=%FC", "scheme case-insensitive; escapes kept"},
		{"windows-1252", iri.LEIRI, "?q=日", "?q=%26%2326085%3B", "unencodable: percent-encoded NCR"},
		{"windows-1252", iri.LEIRI, "?q=😀", "?q=%26%23128512%3B", "NCR of a non-BMP character"},
		{"windows-1252", iri.LEIRI, "foo://h/?ü", "foo://h/?%C3%BC", "3.5: http and https only"},
		{"windows-1252", iri.LEIRI, "ftp://h/?ü", "ftp://h/?%C3%BC", "3.5: http and https only"},
		{"windows-1252", iri.Web, "ftp://h/?ü", "ftp://h/?%FC", "URL Standard: special schemes but ws/wss"},
		{"windows-1252", iri.Web, "file:///p?ü", "file:///p?%FC", "URL Standard: special schemes but ws/wss"},
		{"windows-1252", iri.Web, "wss://h/?ü", "wss://h/?%C3%BC", "URL Standard: ws and wss use UTF-8"},
		{"windows-1251", iri.LEIRI, "?q=å", "?q=%26%23229%3B", "WPT resolve-url.js"},
		{"windows-1251", iri.LEIRI, "?q=ж", "?q=%E6", "Cyrillic in windows-1251"},
		{"iso-8859-1", iri.LEIRI, "?q=ü€", "?q=%FC%80", "the WHATWG label iso-8859-1 is windows-1252"},
		{"shift_jis", iri.LEIRI, "http://h/日本?q=日本#日本", "http://h/%E6%97%A5%E6%9C%AC?q=%93%FA%96%7B#%E6%97%A5%E6%9C%AC", "3.5"},
		{"shift_jis", iri.LEIRI, "?q=a日b本c", "?q=a%93%FAb%96%7Bc", "runs between ASCII"},
		{"euc-jp", iri.LEIRI, "?q=日本", "?q=%C6%FC%CB%DC", "3.5"},
		{"gbk", iri.LEIRI, "?q=日本", "?q=%C8%D5%B1%BE", "3.5"},
		{"gb18030", iri.LEIRI, "?q=å", "?q=%810%8A2", "ASCII bytes of the encoding stay unescaped"},
		{"iso-2022-jp", iri.LEIRI, "?q=日本", "?q=%1B$BF%7CK%5C%1B(B", "one stateful run; | and \\ bytes escaped for a URI"},
		{"utf-8", iri.LEIRI, "?q=å", "?q=%C3%A5", "UTF-8"},
		{"utf-16le", iri.LEIRI, "?q=å", "?q=%C3%A5", "UTF-16 documents use UTF-8 for URLs"},
		{"utf-16be", iri.LEIRI, "?q=å", "?q=%C3%A5", "UTF-16 documents use UTF-8 for URLs"},
	}
	for _, tt := range tests {
		c := iri.NewConverter(iri.WithCharset(mustEncoding(t, tt.charset)), iri.WithMode(tt.mode))
		if c.Mode() != tt.mode {
			t.Errorf("Mode() = %v, want %v", c.Mode(), tt.mode)
		}
		got, err := c.ToURI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("%s/%v ToURI(%q) = %q, %v; want %q (%s)", tt.charset, tt.mode, tt.in, got, err, tt.want, tt.rule)
		}
	}
	// Encodings from outside htmlindex and nil.
	// (UTF-16 and UTF-8 with a BOM policy: see TestRegressionUnicodeCharsetVariants.)
	for _, e := range []encoding.Encoding{nil, unicode.UTF8, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)} {
		c := iri.NewConverter(iri.WithCharset(e))
		if got, err := c.ToURI("?q=å"); err != nil || got != "?q=%C3%A5" {
			t.Errorf("WithCharset(%v).ToURI(?q=å) = %q, %v; want UTF-8", e, got, err)
		}
	}
	c := iri.NewConverter(iri.WithCharset(charmap.ISO8859_1))
	if got, err := c.ToURI("?q=ü€"); err != nil || got != "?q=%FC%26%238364%3B" {
		t.Errorf("WithCharset(charmap.ISO8859_1).ToURI = %q, %v; want ?q=%%FC%%26%%238364%%3B", got, err)
	}
	c = iri.NewConverter(iri.WithCharset(japanese.ShiftJIS), iri.WithCharset(nil))
	if got, err := c.ToURI("?q=日"); err != nil || got != "?q=%E6%97%A5" {
		t.Errorf("WithCharset(nil) after ShiftJIS: %q, %v; want UTF-8", got, err)
	}
}

// TestToURIWeb checks ToURI in Web mode: the preprocessing of 3987bis
// section 7.2, then the LEIRI mapping.
func TestToURIWeb(t *testing.T) {
	c := iri.NewConverter(iri.WithMode(iri.Web))
	tests := []mapCase{
		// A reference with a scheme: the URL Standard's href.
		{"  http://h/a\tb\nc  ", "http://h/abc", "URL Standard: trim, remove tab and newline"},
		{"http://h/100%", "http://h/100%", "URL Standard leaves a stray '%'"},
		{`http:\\h\a\b?c\d#e\f`, `http://h/a/b?c\d#e\f`, "URL Standard: '\\' is '/' before the query, kept after"},
		{"http://h/a[b]", "http://h/a[b]", "URL Standard path percent-encode set"},
		{"http://bücher.de/ä b", "http://xn--bcher-kva.de/%C3%A4%20b", "IDNA and encoding"},
		{"HTTP://EXAMPLE.COM:80/a/./b/../c", "http://example.com/a/c", "URL Standard normalizes"},
		// A relative reference: the URL Standard's preprocessing and
		// percent-encode sets, kept relative.
		{"  a\tb  ", "ab", "trim, remove tab and newline"},
		{"100%", "100%", "a relative reference keeps a lone \"%\" as browsers do"},
		{`\a\b?c\d`, `/a/b?c\d`, "'\\' is '/' before the query, kept after"},
		{"ü b", "%C3%BC%20b", "path percent-encode set"},
		{"a{b}?c{d}'#e`f", "a%7Bb%7D?c{d}%27#e%60f", "the path, special-query and fragment sets"},
		{"//Bücher.DE/x", "//xn--bcher-kva.de/x", "a network-path reference gets host processing"},
	}
	for _, tt := range tests {
		got, err := c.ToURI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Web ToURI(%q) = %q, %v; want %q (%s)", tt.in, got, err, tt.want, tt.rule)
		}
	}
	if got, err := c.ToURI("http://a b/"); err == nil {
		t.Errorf("Web ToURI(http://a b/) = %q, want an error (forbidden domain code point)", got)
	}
}

// TestToURIStrict checks that a Strict converter refuses LEIRIs and maps IRIs.
func TestToURIStrict(t *testing.T) {
	c := iri.NewConverter(iri.WithMode(iri.Strict))
	if _, err := c.ToURI("http://h/a b"); !errors.Is(err, iri.ErrInvalidChar) {
		t.Errorf("Strict ToURI(a b): %v, want ErrInvalidChar", err)
	}
	if got, err := c.ToURI("http://bücher.de/ü"); err != nil || got != "http://xn--bcher-kva.de/%C3%BC" {
		t.Errorf("Strict ToURI = %q, %v", got, err)
	}
}
