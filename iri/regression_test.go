// Regression tests for the bugs the property tests, fuzzing and review
// found in the iri package. The comment on each test describes
// the bug as it was found (present tense) and the rule it broke. The
// inputs the fuzz targets found are in testdata/fuzz/.

package iri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/relink-go/relink/iri"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
)

// An empty "xn--" label is dropped by x/net/idna without an error
// (its Lookup profile maps "xn--" to "" and reports nothing); ToURI then
// returns another host.
func TestRegressionEmptyACELabel(t *testing.T) {
	for _, in := range []string{"http://xn--.bücher/", "http://bücher.xn--/", "http://ü.XN--.de/"} {
		if got, err := iri.ToURI(in); err == nil {
			t.Errorf("ToURI(%q) = %q; want an ErrIDNA error, never a silently changed host", in, got)
		}
		if got, err := iri.ToIRI(in); err == nil {
			t.Errorf("ToIRI(%q) = %q; want an error (or the host unchanged), never a different host", in, got)
		}
	}
}

// ToIRI shows one label in Unicode while another label of the same host
// cannot go through IDNA: ToURI(ToIRI(u)) then fails, against ToIRI's
// contract and 3987bis section 3.7 ("will result in an IRI that maps back
// to the URI").
func TestRegressionRoundTripMixedLabels(t *testing.T) {
	for _, u := range []string{
		"http://xn--bcher-kva.xn--a/",
		"http://xn--bcher-kva.xn--ab/",
		"http://xn--99zt52a.xn--bach-/",
		// Found by FuzzRoundTrip: "xn--0xb" is U+0888, an RTL label; shown
		// in Unicode it makes "00.\u0888" a Bidi domain name in which the
		// label "00" breaks the Bidi Rule (RFC 5893 rule 1), so the host
		// no longer converts.
		"//00.Xn--0XB",
		"http://00.xn--0xb/",
		"http://1a.xn--mgbh0fb/",
	} {
		v, err := iri.ToIRI(u)
		if err != nil {
			t.Errorf("ToIRI(%q): %v", u, err)
			continue
		}
		back, err := iri.ToURI(v)
		if err != nil || !equivalentURI(back, u) {
			t.Errorf("ToURI(ToIRI(%q)) = ToURI(%q) = %q, %v; want %q (keep the whole host in A-label form)", u, v, back, err, u)
		}
	}
}

// WithCharset documents that UTF-8 and UTF-16 leave queries in UTF-8, but
// encodings htmlindex.Name does not know (BOM-handling variants) are used
// as they are and write a BOM and UTF-16 code units into the URI.
func TestRegressionUnicodeCharsetVariants(t *testing.T) {
	for _, e := range []encoding.Encoding{
		unicode.UTF8BOM,
		unicode.UTF16(unicode.LittleEndian, unicode.UseBOM),
		unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM),
	} {
		c := iri.NewConverter(iri.WithCharset(e))
		if got, err := c.ToURI("?q=å"); err != nil || got != "?q=%C3%A5" {
			t.Errorf("WithCharset(%v).ToURI(?q=å) = %q, %v; want ?q=%%C3%%A5 (URL Standard: UTF-16 output encoding is UTF-8)", e, got, err)
		}
	}
}

// ToIRI copies the raw ASCII characters of a host that LEIRI accepts but an
// IRI does not (space, controls, < > " { } | \ ^ `) into its result:
// iriClean does not look at the ASCII characters of the host, and
// appendIRIHost appends the ASCII labels of a DNS host verbatim. The
// result is not an IRI (Strict parse fails) and not "safe to show
// whatever the input" as ToIRI documents; 3987bis 7.1 says these
// characters must be percent-encoded to make an IRI.
func TestRegressionToIRIRawHostChars(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://a b/", "http://a%20b/"},
		{"http://a\x1bb/", "http://a%1Bb/"},
		{"//a\x1bb/", "//a%1Bb/"},
		{"http://a<b/", "http://a%3Cb/"},
		{"http://a^b/x%C3%BC", "http://a%5Eb/xü"},
		{"foo://a\\b/", "foo://a%5Cb/"},
		{"foo://a\x00b/", "foo://a%00b/"},
	}
	for _, tt := range tests {
		if got, err := iri.ToIRI(tt.in); err != nil || got != tt.want {
			t.Errorf("ToIRI(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// In Web mode ToIRI passes the raw C0 controls, DEL and spaces of a
// relative reference through (appendIRIComponent keeps any ASCII but '%'
// when c.mode == Web), against its own contract: "raw characters that are
// not appropriate are percent-encoded, so the result is safe to show
// whatever the input" (3987bis 7.3: controls). References with a scheme
// go through the URL Standard's parser, which encodes them.
func TestRegressionWebToIRIControls(t *testing.T) {
	c := iri.NewConverter(iri.WithMode(iri.Web))
	tests := []struct{ in, want string }{
		{"a\x1bc", "a%1Bc"},
		{"/p\x00q", "/p%00q"},
		{"?a\x7fb", "?a%7Fb"},
		{"#a\x08b", "#a%08b"},
		{"http://h/a\x1bc", "http://h/a%1Bc"}, // passes: URL Standard path
	}
	for _, tt := range tests {
		if got, err := c.ToIRI(tt.in); err != nil || got != tt.want {
			t.Errorf("Web ToIRI(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// Resolution can give a target with no authority whose path starts with
// "//" (RFC 3986 5.2.4 keeps empty segments); recomposed as in section 5.3
// it reads as a reference with an authority: another host. The URL
// Standard serializes such a path with a "/." prefix (URL serializing,
// step 2.1), as do iri-string and oxiri.
func TestRegressionResolveDoubleSlashPath(t *testing.T) {
	tests := []struct{ base, ref, want string }{
		{"foo:/", ".//x", "foo:/.//x"},
		{"foo:/a", "..//x", "foo:/.//x"},
		{"foo:a/b", "..//x", "foo:/.//x"},
	}
	for _, tt := range tests {
		got, err := resolveIn(iri.Strict, tt.base, tt.ref)
		if err != nil || got != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q (no authority)", tt.base, tt.ref, got, err, tt.want)
		}
		if r, err := inMode(iri.Strict).Parse(got); err == nil && r.HasAuthority {
			t.Errorf("Resolve(%q, %q) = %q parses with authority %q", tt.base, tt.ref, got, r.Host)
		}
	}
}

// displayLabel applies the RFC 5893 Bidi Rule (bidirule.ValidString) to
// every label, but the rule applies only to the labels of a "Bidi domain
// name" (RFC 5893 section 1.4: a domain with at least one RTL label). An
// LTR label that starts with a digit fails its rule 1 and stays an
// A-label: RFC 3492 sample (L) "3年B組金八先生" is never shown. (x/net/idna
// itself checks the rule only for Bidi domain names.)
func TestRegressionBidiRuleOnLTRLabels(t *testing.T) {
	for _, label := range []string{"3年b組金八先生", "1ü", "2bücher"} {
		u, err := iri.ToURI("http://" + label + ".example/")
		if err != nil {
			t.Errorf("ToURI(%s): %v", label, err)
			continue
		}
		want := "http://" + label + ".example/"
		if got, err := iri.ToIRI(u); err != nil || got != want {
			t.Errorf("ToIRI(%q) = %q, %v; want %q (no RTL label: the Bidi Rule does not apply)", u, got, err, want)
		}
	}
}

// In Web mode ToIRI re-parses the URL Standard's href with the 3987bis 7.2
// preprocessing, which turns a stray "%" (kept by the URL Standard) into
// "%25": the display IRI then names another URL than the one a browser
// requests ("the display form shows the URL a browser requests"), and
// ToURI(ToIRI(u)) != ToURI(u).
func TestRegressionWebToIRIStrayPercent(t *testing.T) {
	c := iri.NewConverter(iri.WithMode(iri.Web))
	for _, in := range []string{"http://h/%zz", "https://example.com/?%CE%B1%%CE%B2", "http://h/100%"} {
		u, err := c.ToURI(in)
		if err != nil {
			t.Errorf("Web ToURI(%q): %v", in, err)
			continue
		}
		v, err := c.ToIRI(u)
		if err != nil {
			t.Errorf("Web ToIRI(%q): %v", u, err)
			continue
		}
		if back, err := c.ToURI(v); err != nil || back != u {
			t.Errorf("Web: ToURI(%q) = %q, ToIRI = %q, ToURI of that = %q, %v; want %q", in, u, v, back, err, u)
		}
	}
}

// ToURI and ToIRI document "When s needs no change, ToURI returns s
// itself without allocating" (and the same for ToIRI); in Web mode they
// allocate on every call, even for a clean URL or a relative path
// (webHref runs the URL parser first, and for a relative reference builds
// its error before falling back).
func TestRegressionWebAllocs(t *testing.T) {
	c := iri.NewConverter(iri.WithMode(iri.Web))
	for _, s := range []string{"http://www.example.com/", "/rel/path"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = c.ToURI(s) }); n != 0 {
			t.Errorf("Web ToURI(%q): %v allocs, want 0", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = c.ToIRI(s) }); n != 0 {
			t.Errorf("Web ToIRI(%q): %v allocs, want 0", s, n)
		}
	}
}

// EUC-JP queries: the URL Standard uses the Encoding Standard's EUC-JP
// encoder, which has no JIS X 0212 (decode only) and maps U+2212 to
// U+FF0D; golang.org/x/text encodes JIS X 0212 (å → 8F AB A9) and has no
// mapping for U+2212. The overrides in encodeOverride cover shift_jis,
// gb18030 and iso-2022-jp but not euc-jp. (WithCharset says queries are
// encoded "as 3987bis section 3.5 and browsers do".)
func TestRegressionEUCJPQuery(t *testing.T) {
	e, err := htmlindex.Get("euc-jp")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"http://h/?q=å", "http://h/?q=%26%23229%3B"},
		{"?q=ü", "?q=%26%23252%3B"},
		{"http://h/?q=\u2212", "http://h/?q=%A1%DD"},
		{"http://h/?q=日", "http://h/?q=%C6%FC"}, // passes: JIS X 0208
	}
	for _, m := range []iri.Mode{iri.LEIRI, iri.Web} {
		c := iri.NewConverter(iri.WithCharset(e), iri.WithMode(m))
		for _, tt := range tests {
			if got, err := c.ToURI(tt.in); err != nil || got != tt.want {
				t.Errorf("euc-jp %v ToURI(%q) = %q, %v; want %q (Encoding Standard EUC-JP encoder)", m, tt.in, got, err, tt.want)
			}
		}
	}
}

// appendIRIHost returns a DNS host that holds any "%" exactly as written,
// raw characters included. Adding one percent-encoded character to a host
// therefore bypasses both the display policy (safeScripts: whole-script
// confusables and mixed scripts) and the encoding of characters not
// appropriate for display (raw RLO). ToURI decodes such a host and maps
// it to the very A-label that ToIRI refuses to show in Unicode.
func TestRegressionToIRIPercentHostBypass(t *testing.T) {
	tests := []struct{ in, bad string }{
		// "аррӏе" is all Cyrillic; without the %6D ToIRI shows xn--80ak6aa92e.
		{"http://аррӏе.co%6D/", "аррӏе"},
		{"http://аpple%2Ecom/", "аpple"},
		{"http://\u202Egoogle.com%2E/", "\u202E"},
		{"http://a\u200Eb%41.com/", "\u200E"},
	}
	for _, tt := range tests {
		got, err := iri.ToIRI(tt.in)
		if err == nil && strings.Contains(got, tt.bad) {
			t.Errorf("ToIRI(%+q) = %+q shows %+q; want the A-label, percent-encoding or an error", tt.in, got, tt.bad)
		}
	}
	// For comparison, without the escape the policy applies:
	if got, _ := iri.ToIRI("http://аррӏе.com/"); got != "http://xn--80ak6aa92e.com/" {
		t.Errorf("ToIRI(аррӏе.com) = %q", got)
	}
}

// Converter.Parse documents "Offset is the byte offset of the first
// violation", but the colon check of a relative reference runs before the
// character checks.
func TestRegressionFirstViolationOffset(t *testing.T) {
	_, err := inMode(iri.Strict).Parse("a b:c")
	var e *iri.Error
	if !errors.As(err, &e) || e.Offset != 1 || !errors.Is(err, iri.ErrInvalidChar) {
		t.Errorf("Parse(%q): %v; want ErrInvalidChar at offset 1 (the space comes first)", "a b:c", err)
	}
}

// ToIRI of a DNS host with an "xn--" label that stays in ASCII (invalid,
// or not safe to show) and another label holding raw characters that an
// IRI does not allow (space, controls, < > ^ ...): appendIRIHost appends
// every label as it is and, since the shown host equals the ASCII host,
// returns it without appendRegName. The result is not an IRI and shows a
// raw control, against ToIRI's contract ("raw characters that are not
// appropriate are percent-encoded, so the result is safe to show whatever
// the input") and 3987bis 7.1. Found by FuzzToIRI ("//Xn--A. 00").
func TestRegressionToIRIRawCharsNextToACELabel(t *testing.T) {
	tests := []struct{ in, want string }{
		{"//Xn--A. 00", "//Xn--A.%2000"},
		{"http://xn--a.a b/", "http://xn--a.a%20b/"},
		{"http://xn--a.a\x01b/", "http://xn--a.a%01b/"},
		{"http://xn--a.a<b/", "http://xn--a.a%3Cb/"},
		{"http://XN--A.a^b/", "http://XN--A.a%5Eb/"},
		{"http://xn--80ak6aa92e.a b/", "http://xn--80ak6aa92e.a%20b/"},
	}
	for _, tt := range tests {
		if got, err := iri.ToIRI(tt.in); err != nil || got != tt.want {
			t.Errorf("ToIRI(%+q) = %+q, %v; want %+q", tt.in, got, err, tt.want)
		}
	}
}
