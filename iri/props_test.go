package iri_test

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/relink-go/relink/iri"
)

// realURLsFile holds URL references taken from real documents; see
// testdata/urls/PROVENANCE.md.
const realURLsFile = "../testdata/urls/real-urls.txt"

func readLines(t testing.TB, name string) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// tableInputs returns the inputs of every table of this package's tests.
func tableInputs() []string {
	var in []string
	in = append(in, roundTripInputs...)
	in = append(in, leiriInputs...)
	for _, tabs := range [][]mapCase{toURITests, toIRITests, securityTests} {
		for _, c := range tabs {
			in = append(in, c.in, c.want)
		}
	}
	for _, c := range toURIErrors {
		in = append(in, c.in)
	}
	in = append(in, resolveInputs()...)
	for _, tab := range [][]displayCase{hostileDisplayCases, legitDisplayCases} {
		for _, c := range tab {
			in = append(in, c.in)
		}
	}
	return in
}

// allInputs is tableInputs plus the real URLs.
func allInputs(t testing.TB) []string {
	return append(tableInputs(), readLines(t, realURLsFile)...)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isURI reports whether s is a URI reference (RFC 3986): ASCII, valid as
// an IRI reference, and without the "#" that only an IRI fragment allows.
func isURI(s string) bool {
	if !isASCII(s) {
		return false
	}
	r, err := inMode(iri.Strict).Parse(s)
	return err == nil && !strings.Contains(r.Fragment, "#")
}

// hasEncodedNonASCIIHost reports whether the host of the URI reference s
// holds a percent-encoded byte outside ASCII: the one part ToURI changes
// in a URI.
func hasEncodedNonASCIIHost(s string) bool {
	r, err := inMode(iri.LEIRI).Parse(s)
	if err != nil || !r.HasAuthority {
		return false
	}
	h := r.Host
	for i := 0; i+2 < len(h); i++ {
		if h[i] == '%' && h[i+1] >= '8' {
			return true
		}
	}
	return false
}

// equivalentURI reports whether the URI references a and b are equal up
// to the case of hex digits, the case of an ASCII host and percent-encoded
// unreserved characters (RFC 3986 sections 6.2.2.1 and 6.2.2.2): the
// latitude 3987bis section 3.7 gives ToURI(ToIRI(u)).
func equivalentURI(a, b string) bool {
	return normalizeURI(a) == normalizeURI(b)
}

func normalizeURI(s string) string {
	r, err := inMode(iri.LEIRI).Parse(s)
	if err != nil {
		return s
	}
	r.Userinfo = normalizePct(r.Userinfo)
	r.Host = strings.ToLower(normalizePct(r.Host))
	r.Path = normalizePct(r.Path)
	r.Query = normalizePct(r.Query)
	r.Fragment = normalizePct(r.Fragment)
	return r.String()
}

// normalizePct upper-cases the hex digits of escapes and decodes the
// escapes of unreserved characters.
func normalizePct(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
			c := unhexDigit(s[i+1])<<4 | unhexDigit(s[i+2])
			if isUnreserved(c) {
				b.WriteByte(c)
			} else {
				b.WriteString(strings.ToUpper(s[i : i+3]))
			}
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhexDigit(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

func TestEquivalentURI(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"http://h/%c3%bc", "http://h/%C3%BC", true},
		{"http://H.Example/", "http://h.example/", true},
		{"http://h/%7Efoo%2e", "http://h/~foo.", true},
		{"http://h/%2F", "http://h//", false},
		{"http://h/%C3%BC", "http://h/ü", false},
		{"HTTP://h/", "http://h/", false},
		{"http://h/?%41", "http://h/?A", true},
		{"http://h/#%7e", "http://h/#~", true},
	}
	for _, tt := range tests {
		if got := equivalentURI(tt.a, tt.b); got != tt.want {
			t.Errorf("equivalentURI(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// checkToURI checks the properties of ToURI on x for a converter c in
// LEIRI mode and reports whether ToURI succeeded.
func checkToURI(t *testing.T, c *iri.Converter, x string) (string, bool) {
	u, err := c.ToURI(x)
	if err != nil {
		var e *iri.Error
		if !errors.As(err, &e) || e.Op != "touri" {
			t.Errorf("ToURI(%q): error %#v is not an *iri.Error with Op touri", x, err)
		}
		if isURI(x) && !hasEncodedNonASCIIHost(x) {
			t.Errorf("ToURI(%q) of a URI failed: %v", x, err)
		}
		return "", false
	}
	if !isASCII(u) {
		t.Errorf("ToURI(%q) = %q is not ASCII", x, u)
	}
	if !isURI(u) {
		_, perr := inMode(iri.Strict).Parse(u)
		t.Errorf("ToURI(%q) = %q is not a URI reference (Strict parse: %v)", x, u, perr)
	}
	if again, err := c.ToURI(u); err != nil || again != u {
		t.Errorf("ToURI(ToURI(%q)) = %q, %v; want the fixed point %q", x, again, err, u)
	}
	if isURI(x) {
		if !hasEncodedNonASCIIHost(x) {
			if u != x {
				t.Errorf("ToURI(%q) = %q; a URI must be returned unchanged", x, u)
			}
		} else {
			rx, _ := inMode(iri.Strict).Parse(x)
			ru, _ := inMode(iri.Strict).Parse(u)
			rx.Host, ru.Host = "", ""
			if *rx != *ru || strings.Contains(ru.Host, "%") {
				t.Errorf("ToURI(%q) = %q; only the percent-encoded host may change", x, u)
			}
		}
	}
	return u, true
}

// checkToIRI checks the properties of ToIRI on the URI u.
func checkToIRI(t *testing.T, c *iri.Converter, u string) {
	v, err := c.ToIRI(u)
	if err != nil {
		t.Errorf("ToIRI(%q) of a URI failed: %v", u, err)
		return
	}
	if _, err := inMode(iri.Strict).Parse(v); err != nil {
		t.Errorf("ToIRI(%q) = %q is not an IRI reference: %v", u, v, err)
	}
	// A percent-encoded UTF-8 host stays as it is in ToIRI, and ToURI maps
	// it to its A-label: compare with the URI ToURI makes of u.
	want := u
	if hasEncodedNonASCIIHost(u) {
		if w, err := c.ToURI(u); err == nil {
			want = w
		}
	}
	back, err := c.ToURI(v)
	if err != nil || !equivalentURI(back, want) {
		t.Errorf("ToURI(ToIRI(%q)) = ToURI(%q) = %q, %v; want %q up to hex case, host case and unreserved escapes", u, v, back, err, want)
	}
	// ToIRI is a fixed point up to the case of ASCII host labels: a host
	// with a U-label goes through UTS #46 mapping again, which lowercases
	// the labels next to it ("bücher.DE" becomes "bücher.de").
	if again, err := c.ToIRI(v); err != nil || !sameUpToHostCase(again, v) {
		t.Errorf("ToIRI(ToIRI(%q)) = %q, %v; want the fixed point %q", u, again, err, v)
	}
}

func sameUpToHostCase(a, b string) bool {
	ra, err1 := inMode(iri.LEIRI).Parse(a)
	rb, err2 := inMode(iri.LEIRI).Parse(b)
	if err1 != nil || err2 != nil {
		return a == b
	}
	ra.Host, rb.Host = strings.ToLower(ra.Host), strings.ToLower(rb.Host)
	return *ra == *rb
}

// TestProperties runs every table input and every real URL through the
// invariants of the package:
//   - ToURI output is ASCII, parses in Strict mode and is a fixed point;
//   - ToURI of a URI returns it unchanged, but for a percent-encoded UTF-8
//     host which becomes an A-label;
//   - for a URI u, ToIRI(u) is an IRI, ToURI(ToIRI(u)) is equivalent to u,
//     and ToIRI is a fixed point;
//   - LEIRI Parse is lossless.
func TestProperties(t *testing.T) {
	c := iri.NewConverter()
	inputs := allInputs(t)
	var parsed, converted, uris int
	for _, x := range inputs {
		if r, err := inMode(iri.LEIRI).Parse(x); err == nil {
			parsed++
			if r.String() != x {
				t.Errorf("LEIRI.Parse(%q).String() = %q", x, r.String())
			}
		}
		u, ok := checkToURI(t, c, x)
		if !ok {
			continue
		}
		converted++
		checkToIRI(t, c, u)
		if isURI(x) && x != u {
			checkToIRI(t, c, x)
		}
		if isURI(x) {
			uris++
		}
	}
	t.Logf("properties: %d inputs, %d LEIRI references, %d converted by ToURI, %d already URIs",
		len(inputs), parsed, converted, uris)
}

// TestToIRISafeOutput: whatever the input, the default ToIRI gives an IRI
// (Strict parse) and never shows a raw control, space, bidi formatting
// character or noncharacter: "the result is safe to show whatever the
// input".
func TestToIRISafeOutput(t *testing.T) {
	for _, x := range allInputs(t) {
		checkToIRISafe(t, x)
	}
}

// checkToIRISafe checks that ToIRI(x), if it succeeds, is an IRI with no
// character unsafe to show.
func checkToIRISafe(t *testing.T, x string) {
	v, err := iri.ToIRI(x)
	if err != nil {
		return
	}
	if _, err := inMode(iri.Strict).Parse(v); err != nil {
		t.Errorf("ToIRI(%q) = %q is not an IRI: %v", x, v, err)
	}
	for i, r := range v {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xA0) || r == ' ' ||
			r == 0x200E || r == 0x200F || r == 0x061C || (r >= 0x202A && r <= 0x202E) ||
			(r >= 0x2066 && r <= 0x2069) || r&0xFFFE == 0xFFFE || (r >= 0xFDD0 && r <= 0xFDEF) ||
			r == utf8.RuneError {
			t.Errorf("ToIRI(%q) = %q shows %U at %d", x, v, r, i)
			return
		}
	}
	if bad := spoofable(v); bad != "" {
		t.Errorf("ToIRI(%q) = %q shows %s", x, v, bad)
	}
}

// TestNoAlloc: a reference that needs no change is returned without
// allocating.
func TestNoAlloc(t *testing.T) {
	c := iri.NewConverter()
	for _, s := range []string{
		"http://www.example.com/path/to/page.html?q=1&r=2#frag",
		"https://user@example.com:8443/a/b/c",
		"../relative/path?x",
	} {
		if n := testing.AllocsPerRun(100, func() { _, _ = c.ToURI(s) }); n != 0 {
			t.Errorf("ToURI(%q): %v allocs, want 0", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = c.ToIRI(s) }); n != 0 {
			t.Errorf("ToIRI(%q): %v allocs, want 0", s, n)
		}
	}
}
