package iri_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/relink-go/relink/iri"
	"golang.org/x/net/idna"
)

// The suites below are copies of public test data in ../testdata, each
// folder with its PROVENANCE.md. Each test logs its pass count.

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestRFC3986Resolution runs the 42 examples of RFC 3986 section 5.4
// (23 normal, 19 abnormal) with the strict algorithm: "http:g" stays
// "http:g" (expected_backward_compat is the non-strict answer, not ours).
func TestRFC3986Resolution(t *testing.T) {
	var suite struct {
		Base  string
		Cases []struct {
			Ref, Expected, Section string
		}
	}
	readJSON(t, "../testdata/rfc-examples/rfc3986-resolution.json", &suite)
	base, err := inMode(iri.Strict).Parse(suite.Base)
	if err != nil {
		t.Fatal(err)
	}
	pass := 0
	for _, c := range suite.Cases {
		ok := true
		got, err := resolveIn(iri.Strict, suite.Base, c.Ref)
		if err != nil || got != c.Expected {
			t.Errorf("Strict.Resolve(%q, %q) = %q, %v; want %q (RFC 3986 %s)", suite.Base, c.Ref, got, err, c.Expected, c.Section)
			ok = false
		}
		ref, err := inMode(iri.Strict).Parse(c.Ref)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.Ref, err)
			continue
		}
		if got := base.ResolveReference(ref).String(); got != c.Expected {
			t.Errorf("ResolveReference(%q) = %q; want %q (RFC 3986 %s)", c.Ref, got, c.Expected, c.Section)
			ok = false
		}
		if ok {
			pass++
		}
	}
	if len(suite.Cases) != 42 {
		t.Errorf("suite has %d cases, want 42", len(suite.Cases))
	}
	t.Logf("rfc3986 resolution: %d/%d", pass, len(suite.Cases))
}

// replaceScheme turns an http IRI into the same IRI with a scheme whose
// host is not a DNS name, to check the generic mapping of 3987bis 3.3.
func replaceScheme(s string) string {
	return "foo" + strings.TrimPrefix(s, "http")
}

// TestRFC3987Examples runs the IRI↔URI examples of RFC 3987 sections 3.1
// and 3.2.1. For http (a DNS scheme) ToURI gives expected_idna where the
// example has one (ToASCII of the ireg-name, 3987bis 3.4) and ToIRI gives
// expected_tounicode where it has one (3.7 step 6); the generic forms,
// expected, are checked on the same IRI with a non-DNS scheme.
func TestRFC3987Examples(t *testing.T) {
	var suite struct {
		IRIToURI []struct {
			IRI, Expected, Section string
			ExpectedIDNA           string `json:"expected_idna"`
		} `json:"iri_to_uri"`
		URIToIRI []struct {
			URI, Expected, Section string
			ExpectedToUnicode      string `json:"expected_tounicode"`
			Steps                  []string
		} `json:"uri_to_iri"`
	}
	readJSON(t, "../testdata/rfc-examples/rfc3987-examples.json", &suite)
	pass, total := 0, 0
	check := func(what, in, got string, err error, want, section string) {
		total++
		if err != nil || got != want {
			t.Errorf("%s(%q) = %q, %v; want %q (RFC 3987 %s)", what, in, got, err, want, section)
			return
		}
		pass++
	}
	for _, c := range suite.IRIToURI {
		want := c.Expected
		if c.ExpectedIDNA != "" {
			want = c.ExpectedIDNA
		}
		got, err := iri.ToURI(c.IRI)
		check("ToURI", c.IRI, got, err, want, c.Section)
		in := replaceScheme(c.IRI)
		got, err = iri.ToURI(in)
		check("ToURI", in, got, err, replaceScheme(c.Expected), c.Section)
	}
	for _, c := range suite.URIToIRI {
		if n := len(c.Steps); n > 0 && c.Steps[n-1] != c.Expected {
			t.Errorf("suite: last step %q != expected %q", c.Steps[n-1], c.Expected)
		}
		want := c.Expected
		if c.ExpectedToUnicode != "" {
			want = c.ExpectedToUnicode
		}
		got, err := iri.ToIRI(c.URI)
		check("ToIRI", c.URI, got, err, want, c.Section)
		in := replaceScheme(c.URI)
		got, err = iri.ToIRI(in)
		check("ToIRI", in, got, err, replaceScheme(c.Expected), c.Section)
	}
	t.Logf("rfc3987 examples: %d/%d (%d iri_to_uri, %d uri_to_iri, each with an http and a non-DNS scheme)",
		pass, total, len(suite.IRIToURI), len(suite.URIToIRI))
}

// TestRFC3986Normalization uses the parts of rfc3986-normalization.json
// that apply to this package now: the remove_dot_segments traces, the
// component splits and the valid URIs of section 1.1.2. The equivalence
// sets (case, percent-encoding and scheme-based normalization, RFC 3986
// section 6.2) belong to the normalization issue, which comes later; they
// are not run here.
func TestRFC3986Normalization(t *testing.T) {
	var suite struct {
		RemoveDotSegments []struct {
			Input, Expected, Section string
		} `json:"remove_dot_segments"`
		Components []struct {
			Input, Scheme, Path, Section string
			Authority, Query, Fragment   *string
		}
		ValidURIs []string `json:"valid_uris_section_1_1_2"`
	}
	readJSON(t, "../testdata/rfc-examples/rfc3986-normalization.json", &suite)
	pass, total := 0, 0
	for _, c := range suite.RemoveDotSegments {
		total++
		if got := iri.RemoveDotSegments(c.Input); got != c.Expected {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q (RFC 3986 %s)", c.Input, got, c.Expected, c.Section)
			continue
		}
		pass++
	}
	opt := func(has bool, s string) *string {
		if !has {
			return nil
		}
		return &s
	}
	eq := func(a, b *string) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }
	for _, c := range suite.Components {
		total++
		r, err := inMode(iri.Strict).Parse(c.Input)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.Input, err)
			continue
		}
		if r.Scheme != c.Scheme || r.Path != c.Path ||
			!eq(opt(r.HasAuthority, r.Authority()), c.Authority) ||
			!eq(opt(r.HasQuery, r.Query), c.Query) || !eq(opt(r.HasFragment, r.Fragment), c.Fragment) {
			t.Errorf("Parse(%q) = %#v, want the components of RFC 3986 %s", c.Input, *r, c.Section)
			continue
		}
		pass++
	}
	for _, u := range suite.ValidURIs {
		total++
		if _, err := inMode(iri.Strict).Parse(u); err != nil {
			t.Errorf("Parse(%q): %v", u, err)
			continue
		}
		if got, err := iri.ToURI(u); err != nil || got != u {
			t.Errorf("ToURI(%q) = %q, %v; want it unchanged", u, got, err)
			continue
		}
		if got, err := iri.ToIRI(u); err != nil || got != u {
			t.Errorf("ToIRI(%q) = %q, %v; want it unchanged", u, got, err)
			continue
		}
		pass++
	}
	t.Logf("rfc3986 normalization (dot segments, components, valid URIs): %d/%d", pass, total)
}

// TestWHATWGQueryEncoding: a document in each encoding resolves an http
// URL whose query has U+00E5; the query bytes are those of WPT
// resolve-url.js (UTF-16 documents use UTF-8).
func TestWHATWGQueryEncoding(t *testing.T) {
	var suite struct {
		InputQueryChar string `json:"input_query_char"`
		Cases          []struct {
			Encoding           string
			ExpectedQueryBytes string `json:"expected_query_bytes"`
		}
	}
	readJSON(t, "../testdata/rfc-examples/whatwg-query-encoding.json", &suite)
	pass, total := 0, 0
	for _, c := range suite.Cases {
		e := mustEncoding(t, c.Encoding)
		for _, m := range []iri.Mode{iri.LEIRI, iri.Web} {
			total++
			conv := iri.NewConverter(iri.WithCharset(e), iri.WithMode(m))
			in := "http://example.org/?q=" + suite.InputQueryChar
			want := "http://example.org/?q=" + c.ExpectedQueryBytes
			if got, err := conv.ToURI(in); err != nil || got != want {
				t.Errorf("%s/%v ToURI(%q) = %q, %v; want %q", c.Encoding, m, in, got, err, want)
				continue
			}
			pass++
		}
	}
	t.Logf("whatwg query encoding: %d/%d (%d encodings, LEIRI and Web)", pass, total, len(suite.Cases))
}

type punycodeVector struct {
	Description, Decoded, Encoded string
}

// punycodeDifferences lists the vectors whose answer is not
// "xn--" + lowercase(encoded), with the reason and what this package
// does instead.
var punycodeDifferences = map[string]struct {
	raw   string // what the raw round trip through idna.Punycode does
	toURI string // what ToURI("http://" + decoded + "/") returns; "error" for an error
	why   string
}{
	"": {
		raw:   "skip",
		toURI: "http:///",
		why:   "the first object only carries the attribution (empty strings)",
	},
	"Bach": {
		raw:   "ascii",
		toURI: "http://Bach/",
		why:   "pure ASCII: IDNA never encodes an ASCII label, and x/net/idna rejects ASCII-only punycode (CVE-2026-39821); ToURI leaves an ASCII host alone",
	},
	"-> $1.00 <-": {
		raw:   "ascii",
		toURI: "http://-%3E%20$1.00%20%3C-/",
		why:   "pure ASCII and not a host name: ToURI percent-encodes the LEIRI characters of an ASCII host",
	},
	"Willst du die Bl\u00fcthe des fr\u00fchen, die Fr\u00fcchte des sp\u00e4teren Jahres": {
		raw:   "ok",
		toURI: "error",
		why:   "spaces are not allowed in a host name: IDNA output must be a reg-name",
	},
}

// TestPunycodeVectors runs the RFC 3492 vectors of rust-url (from
// punycode.js). The iri package has no raw Punycode codec: the raw
// encode/decode round trip is checked against x/net/idna's Punycode
// profile, and what the package itself does is checked through ToURI
// (host = "xn--" + lowercase(encoded): UTS #46 lowercases) and ToIRI.
func TestPunycodeVectors(t *testing.T) {
	var vectors []punycodeVector
	readJSON(t, "../testdata/rust-url-punycode/punycode_tests.json", &vectors)
	var rawPass, rawTotal, uriPass, iriPass, shown, diffs int
	for _, v := range vectors {
		d, isDiff := punycodeDifferences[v.Decoded]
		if isDiff {
			diffs++
		}
		// Raw Punycode, case preserved.
		switch {
		case isDiff && d.raw == "skip":
		case isDiff && d.raw == "ascii":
			if a, err := idna.Punycode.ToASCII(v.Decoded); err != nil || a != v.Decoded {
				t.Errorf("Punycode.ToASCII(%q) = %q, %v; want the ASCII label unchanged", v.Decoded, a, err)
			}
			if u, err := idna.Punycode.ToUnicode("xn--" + v.Encoded); err == nil {
				t.Errorf("Punycode.ToUnicode(xn--%s) = %q, want an error (ASCII-only punycode)", v.Encoded, u)
			}
		default:
			rawTotal++
			a, err := idna.Punycode.ToASCII(v.Decoded)
			u, err2 := idna.Punycode.ToUnicode("xn--" + v.Encoded)
			if err != nil || a != "xn--"+v.Encoded || err2 != nil || u != v.Decoded {
				t.Errorf("%s: Punycode.ToASCII(%q) = %q, %v; ToUnicode(xn--%s) = %q, %v; want xn--%s and the decoded string",
					v.Description, v.Decoded, a, err, v.Encoded, u, err2, v.Encoded)
			} else {
				rawPass++
			}
		}
		// ToURI.
		want := "http://xn--" + strings.ToLower(v.Encoded) + "/"
		if isDiff {
			want = d.toURI
		}
		got, err := iri.ToURI("http://" + v.Decoded + "/")
		switch {
		case want == "error" && err != nil:
			uriPass++
		case want != "error" && err == nil && got == want:
			uriPass++
		default:
			t.Errorf("%s: ToURI(http://%s/) = %q, %v; want %q", v.Description, v.Decoded, got, err, want)
		}
		// ToIRI of the A-label maps back; it shows the U-label when the
		// display policy allows.
		if isDiff {
			continue
		}
		aURI := "http://xn--" + strings.ToLower(v.Encoded) + "/"
		disp, err := iri.ToIRI(aURI)
		if err != nil {
			t.Errorf("ToIRI(%q): %v", aURI, err)
			continue
		}
		if disp != aURI {
			shown++
			if wantDisp := "http://" + strings.ToLower(v.Decoded) + "/"; disp != wantDisp {
				t.Errorf("ToIRI(%q) = %q, want %q or the A-label", aURI, disp, wantDisp)
				continue
			}
		}
		if back, err := iri.ToURI(disp); err != nil || back != aURI {
			t.Errorf("ToURI(ToIRI(%q)) = %q, %v", aURI, back, err)
			continue
		}
		iriPass++
	}
	t.Logf("punycode vectors: %d vectors, %d expected differences; raw round trip %d/%d; ToURI %d/%d; ToIRI round trip %d/%d (%d shown as U-labels)",
		len(vectors), diffs, rawPass, rawTotal, uriPass, len(vectors), iriPass, len(vectors)-diffs, shown)

	// The bad vector (rust-url issue 870, 8204 characters): its encoding
	// overflows; ToURI must fail, never return a host.
	var bad []punycodeVector
	readJSON(t, "../testdata/rust-url-punycode/bad_punycode_tests.json", &bad)
	for _, v := range bad {
		if a, err := idna.Punycode.ToASCII(v.Decoded); err == nil {
			t.Errorf("%s: Punycode.ToASCII succeeded (%d bytes)", v.Description, len(a))
		}
		if got, err := iri.ToURI("http://" + v.Decoded + "/"); err == nil {
			t.Errorf("%s: ToURI succeeded (%d bytes), want an error", v.Description, len(got))
		}
		if got, err := iri.ToURI("http://" + strings.ReplaceAll(v.Decoded, " ", "a") + "/"); err == nil {
			t.Errorf("%s (spaces replaced): ToURI succeeded (%d bytes), want an error", v.Description, len(got))
		}
	}
	t.Logf("bad punycode vectors: %d, all rejected", len(bad))
}
