package iri_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/relink-go/relink/iri"
)

var normLevels = []iri.Level{iri.SimpleString, iri.SyntaxBased, iri.SchemeBased, iri.MappedToURI}

// normCase gives the normal form of in at each level above SimpleString;
// an empty field means the same as the level below.
type normCase struct {
	in, syntax, scheme, uri string
	rule                    string
}

// want returns the expected normal form of c at level l.
func (c normCase) want(l iri.Level) string {
	w := c.in
	for _, f := range []string{c.syntax, c.scheme, c.uri}[:l] {
		if f != "" {
			w = f
		}
	}
	return w
}

var normTests = []normCase{
	// 5.3.2.1 case normalization.
	{in: "HTTP://h/", syntax: "http://h/", rule: "5.3.2.1 scheme lowercased"},
	{in: "http://www.EXAMPLE.com/", syntax: "http://www.example.com/", rule: "5.3.2.1 ASCII host lowercased"},
	{in: "HTTP://www.EXAMPLE.com/A/%3a", syntax: "http://www.example.com/A/%3A", rule: "path case kept, hex uppercased"},
	{in: "http://[FE80::A]/", syntax: "http://[fe80::a]/", rule: "IP literal lowercased"},
	{in: "http://[V1.AbC]/", syntax: "http://[v1.abc]/", rule: "IPvFuture lowercased"},
	{in: "http://RÉSUMÉ.Example.ORG/", scheme: "http://xn--rsum-bpad.example.org/",
		rule: "5.3.2.1: a Unicode host is not case-folded by syntax; 5.3.3: IDN compared as A-label"},
	{in: "http://résumé.example.org/", scheme: "http://xn--rsum-bpad.example.org/", rule: "5.3.3 IDN ≡ punycode"},
	{in: "http://xn--rsum-bpad.example.org/", rule: "an A-label is normal"},
	{in: "http://XN--RSUM-BPAD.example.org/", syntax: "http://xn--rsum-bpad.example.org/", rule: "an ASCII A-label is lowercased"},
	{in: "http://α.CoM/", scheme: "http://xn--mxa.com/", rule: "iri-string keeps α.CoM at syntax level"},
	{in: "foo://Résumé.EXAMPLE/", uri: "foo://r%C3%A9sum%C3%A9.example/",
		rule: "non-DNS scheme: host kept; as a URI, RFC 3986 lowercases it outside escapes"},
	{in: "foo://r%c3%a9sum%c3%a9.EXAMPLE/", syntax: "foo://r%C3%A9sum%C3%A9.example/", rule: "a percent-encoded host is ASCII"},
	{in: "http://r%c3%a9sum%c3%a9.EXAMPLE/", syntax: "http://r%C3%A9sum%C3%A9.example/", scheme: "http://xn--rsum-bpad.example/",
		rule: "percent-encoded UTF-8 DNS host through IDNA"},
	{in: "http://%41%42.example/", syntax: "http://ab.example/", rule: "escaped unreserved in host decoded, then lowercased"},
	{in: "http://a%21b.example/", rule: "escaped sub-delim in host kept"},
	{in: "http://%fc.EXAMPLE/", syntax: "http://%FC.example/", rule: "escaped non-UTF-8 host: not an IDN"},

	// 5.3.2.3 percent-encoding normalization.
	{in: "http://h/%7e", syntax: "http://h/~", rule: "%7e → ~"},
	{in: "http://h/%7Euser", syntax: "http://h/~user", rule: "5.3.2.3 example"},
	{in: "http://h/a%2fb", syntax: "http://h/a%2Fb", rule: "%2f stays encoded, uppercased"},
	{in: "http://h/%41%5a%61%7a%30%39%2D%2e%5F%7E", syntax: "http://h/AZaz09-._~", rule: "all unreserved decoded"},
	{in: "http://h/%25%3F%23%5B%20", rule: "reserved and other escapes kept"},
	{in: "http://h/%c3%bc", syntax: "http://h/%C3%BC", rule: "UTF-8 escapes kept, uppercased"},
	{in: "http://%75%73er:p%61ss@h/", syntax: "http://user:pass@h/", rule: "userinfo escapes"},
	{in: "http://h/?%61=%3d#%62%2f", syntax: "http://h/?a=%3D#b%2F", rule: "query and fragment escapes"},
	{in: "http://h/%2e/a", syntax: "http://h/a", rule: "%2E decoded, then removed as a dot segment"},
	{in: "http://h/a/%2E%2E/b", syntax: "http://h/b", rule: "%2E%2E is .."},
	{in: "http://h/a/%2E%2E%2Fb", syntax: "http://h/a/..%2Fb", rule: "%2F is not a segment separator"},

	// 5.3.2.4 path segment normalization.
	{in: "http://h/a/./b/../c", syntax: "http://h/a/c", rule: "remove_dot_segments"},
	{in: "http://h/a/b/..", syntax: "http://h/a/", rule: "trailing .."},
	{in: "http://h/..", syntax: "http://h/", rule: ".. at root"},
	{in: "http://h/a/..//b", syntax: "http://h//b", rule: "empty segments kept"},
	{in: "foo:a/../../b", syntax: "foo:/b", rule: "rootless path: RFC 3986 5.2.4 as written"},
	{in: "foo:/a/..//bar", syntax: "foo:/.//bar", rule: "no authority: a path may not start with //"},
	{in: "foo:/.//bar", rule: "already protected"},
	{in: "/a/./b/../c", syntax: "/a/c", rule: "absolute-path reference"},
	{in: "//H/a/../b", syntax: "//h/b", rule: "network-path reference"},
	{in: "a/./b/../c", rule: "relative-path reference keeps its dot segments"},
	{in: "../%2e%2E/a", syntax: "../../a", rule: "relative-path reference: escapes only"},
	{in: "", rule: "empty reference"},

	// 5.3.2.2: no character normalization.
	{in: "http://h/re\u0301sume\u0301", uri: "http://h/re%CC%81sume%CC%81", rule: "5.3.2.2: decomposed é is not composed"},
	{in: "http://h/résumé", uri: "http://h/r%C3%A9sum%C3%A9", rule: "precomposed é"},
	{in: "http://h/ＡＢ", uri: "http://h/%EF%BC%A1%EF%BC%A2", rule: "no NFKC, no width folding"},
	{in: "http://re\u0301sume\u0301.example.org/", scheme: "http://xn--rsum-bpad.example.org/", rule: "5.3.3: IDNA's mapping includes NFC (hosts only)"},

	// 5.3.3 scheme-based normalization.
	{in: "http://example.com", scheme: "http://example.com/", rule: "6.2.3 empty path → /"},
	{in: "http://example.com:/", scheme: "http://example.com/", rule: "6.2.3 empty port"},
	{in: "http://example.com:80/", scheme: "http://example.com/", rule: "6.2.3 default port"},
	{in: "HTTP://Example.COM:80", syntax: "http://example.com:80", scheme: "http://example.com/", rule: "all at once"},
	{in: "http://h:0080/", scheme: "http://h/", rule: "leading zeros, then default port"},
	{in: "http://h:08080/", scheme: "http://h:8080/", rule: "leading zeros"},
	{in: "http://h:000/", scheme: "http://h:0/", rule: "port 0"},
	{in: "https://h:443", scheme: "https://h/", rule: "https 443"},
	{in: "https://h:80/", rule: "80 is not the https port"},
	{in: "http://h:443/", rule: "443 is not the http port"},
	{in: "ws://h:80", scheme: "ws://h/", rule: "ws"},
	{in: "wss://h:443/x", scheme: "wss://h/x", rule: "wss"},
	{in: "ftp://h:21/x", scheme: "ftp://h/x", rule: "ftp"},
	{in: "gopher://h:70", scheme: "gopher://h", rule: "gopher: default port, empty path kept"},
	{in: "ldap://h:389/o=x", scheme: "ldap://h/o=x", rule: "ldap"},
	{in: "telnet://192.0.2.16:23/", scheme: "telnet://192.0.2.16/", rule: "telnet"},
	{in: "telnet://192.0.2.16:80/", rule: "telnet on port 80"},
	{in: "foo://h:80/", rule: "unknown scheme: no default port"},
	{in: "foo://h:/", scheme: "foo://h/", rule: "an empty port is removed for every scheme"},
	{in: "foo://h", rule: "unknown scheme: empty path kept"},
	{in: "file://h", scheme: "file://h/", rule: "file: empty path"},
	{in: "file://localhost/etc/hosts", scheme: "file:///etc/hosts", rule: "RFC 8089 localhost → empty authority"},
	{in: "file://LOCALHOST/x", syntax: "file://localhost/x", scheme: "file:///x", rule: "after lowercasing"},
	{in: "file://u@localhost/x", rule: "userinfo: host kept"},
	{in: "http://localhost/", rule: "only for file"},
	{in: "http://example.com/?", rule: "6.2.3: empty query kept"},
	{in: "http://example.com?", scheme: "http://example.com/?", rule: "empty query kept, path added"},
	{in: "http://example.com/#", rule: "empty fragment kept"},
	{in: "http://@h/", rule: "empty userinfo kept"},
	{in: "mailto:Joe@Example.ORG", rule: "no authority: nothing to do"},
	{in: "urn:ISBN:0-395", rule: "URN NSS case kept"},
	{in: "//Bücher.de/x", scheme: "//xn--bcher-kva.de/x", rule: "a network-path reference has a DNS host (see ToURI)"},
	{in: "//h:80/x", rule: "no scheme: no default port"},
	{in: "http://bücher.de./", scheme: "http://xn--bcher-kva.de./", rule: "trailing dot kept"},
	{in: "http://[::1]:80", scheme: "http://[::1]/", rule: "IP literal"},

	// IRI → URI mapping.
	{in: "http://h/ü", uri: "http://h/%C3%BC", rule: "IRI ≡ its URI"},
	{in: "http://h/%C3%BC", rule: "a URI is its own URI"},
	{in: "http://ü@h/ü?ü#ü", uri: "http://%C3%BC@h/%C3%BC?%C3%BC#%C3%BC", rule: "every component"},
	{in: "http://h/a b", uri: "http://h/a%20b", rule: "LEIRI space"},
	{in: "http://h/#a#b", uri: "http://h/#a%23b", rule: "# in a fragment"},
	{in: "http://h/?\uE000", uri: "http://h/?%EE%80%80", rule: "iprivate"},
	{in: "ü/%7e", syntax: "ü/~", uri: "%C3%BC/~", rule: "relative reference"},
}

// normInputs returns every input of the tables of this file.
func normInputs() []string {
	var in []string
	for _, tt := range normTests {
		in = append(in, tt.in, tt.syntax, tt.scheme, tt.uri)
	}
	for _, tt := range equivalentTests {
		in = append(in, tt.a, tt.b)
	}
	return in
}

func TestNormalize(t *testing.T) {
	for _, tt := range normTests {
		for _, l := range normLevels {
			got, err := iri.Normalize(tt.in, l)
			if want := tt.want(l); err != nil || got != want {
				t.Errorf("Normalize(%q, %v) = %q, %v; want %q (%s)", tt.in, l, got, err, want, tt.rule)
			}
		}
	}
}

// TestNormalizeProperties checks on every input of the tables that
// normalization is idempotent, that the normal form of a level is normal
// at the levels below, that a reference is equivalent to its normal form,
// that the ladder is monotonic, and that a normal form comes back
// unchanged without allocating.
func TestNormalizeProperties(t *testing.T) {
	for _, in := range normInputs() {
		checkNormalize(t, in)
	}
}

func checkNormalize(t *testing.T, in string) {
	t.Helper()
	var prev string
	for _, l := range normLevels {
		n, err := iri.Normalize(in, l)
		if err != nil {
			if l < iri.SchemeBased {
				if _, perr := inMode(iri.LEIRI).Parse(in); perr == nil {
					t.Errorf("Normalize(%q, %v) failed: %v", in, l, err)
				}
			}
			return
		}
		for k := iri.SimpleString; k <= l; k++ {
			if again, err := iri.Normalize(n, k); err != nil || again != n {
				t.Errorf("Normalize(Normalize(%q, %v) = %q, %v) = %q, %v: not idempotent", in, l, n, k, again, err)
			}
		}
		if eq, err := iri.Equivalent(in, n, l); err != nil || !eq {
			t.Errorf("Equivalent(%q, %q, %v) = %v, %v", in, n, l, eq, err)
		}
		if l > iri.SimpleString {
			// Climbing from the normal form of the level below gives the
			// same result as climbing from the input.
			if up, err := iri.Normalize(prev, l); err != nil || up != n {
				t.Errorf("Normalize(%q, %v) = %q, %v; from the input %q: %q", prev, l, up, err, in, n)
			}
		}
		prev = n
		if l == iri.MappedToURI {
			if _, err := inMode(iri.Strict).Parse(n); err != nil {
				t.Errorf("Normalize(%q, %v) = %q is not a URI: %v", in, l, n, err)
			}
		}
	}
}

func TestNormalizeNoAlloc(t *testing.T) {
	for _, tt := range normTests {
		for _, l := range normLevels {
			n := tt.want(l)
			got, err := iri.Normalize(n, l)
			if err != nil {
				t.Fatal(err)
			}
			if unsafe.StringData(got) != unsafe.StringData(n) {
				t.Errorf("Normalize(%q, %v) did not return its input", n, l)
			}
			if a := testing.AllocsPerRun(10, func() { iri.Normalize(n, l) }); a != 0 {
				t.Errorf("Normalize(%q, %v): %v allocations, want 0", n, l, a)
			}
		}
	}
}

var equivalentTests = []struct {
	a, b  string
	level iri.Level
	want  bool
}{
	{"http://example.com/", "http://example.com/", iri.SimpleString, true},
	{"http://example.com/", "HTTP://example.com/", iri.SimpleString, false},
	{"http://example.com/", "HTTP://example.com/", iri.SyntaxBased, true},
	{"http://example.com:80/", "http://example.com/", iri.SyntaxBased, false},
	{"http://example.com:80/", "http://example.com/", iri.SchemeBased, true},
	{"http://example.com", "http://example.com:/", iri.SchemeBased, true},
	{"http://example.com/?", "http://example.com/", iri.MappedToURI, false},
	{"http://example.com/#", "http://example.com/", iri.MappedToURI, false},
	{"http://h/%7e", "http://h/~", iri.SyntaxBased, true},
	{"http://h/%2f", "http://h//", iri.MappedToURI, false},
	{"http://h/%2f", "http://h/%2F", iri.SyntaxBased, true},
	{"http://résumé.example.org/", "http://xn--rsum-bpad.example.org/", iri.SyntaxBased, false},
	{"http://résumé.example.org/", "http://xn--rsum-bpad.example.org/", iri.SchemeBased, true},
	{"http://Résumé.example.org/", "http://résumé.example.org/", iri.SyntaxBased, false},
	{"http://Résumé.example.org/", "http://résumé.example.org/", iri.SchemeBased, true},
	{"http://h/résumé", "http://h/re\u0301sume\u0301", iri.MappedToURI, false},
	{"http://h/ü", "http://h/%C3%BC", iri.SchemeBased, false},
	{"http://h/ü", "http://h/%c3%bc", iri.MappedToURI, true},
	{"http://h/~user", "http://h/%7Euser", iri.SyntaxBased, true},
	// The example of 3987bis section 5.3.2 (with its stray "a." host
	// corrected as in RFC 3986 section 6.2.2): equivalent once both are
	// URIs, as section 5.3.2.3 says to align them.
	{"example://a/b/c/%7Bfoo%7D/rosé", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", iri.SyntaxBased, false},
	{"example://a/b/c/%7Bfoo%7D/rosé", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", iri.MappedToURI, true},
	{"foo://Résumé/", "foo://résumé/", iri.SchemeBased, false},
	{"foo://Résumé/", "foo://résumé/", iri.MappedToURI, true},
}

func TestEquivalent(t *testing.T) {
	for _, tt := range equivalentTests {
		got, err := iri.Equivalent(tt.a, tt.b, tt.level)
		if err != nil || got != tt.want {
			t.Errorf("Equivalent(%q, %q, %v) = %v, %v; want %v", tt.a, tt.b, tt.level, got, err, tt.want)
		}
		if tt.want {
			// Equivalence at a level holds at every level above it.
			for l := tt.level + 1; l <= iri.MappedToURI; l++ {
				if eq, err := iri.Equivalent(tt.a, tt.b, l); err != nil || !eq {
					t.Errorf("Equivalent(%q, %q, %v) = %v, %v; want true as at %v", tt.a, tt.b, l, eq, err, tt.level)
				}
			}
		}
	}
}

func TestNormalizeErrors(t *testing.T) {
	tests := []struct {
		in    string
		level iri.Level
		is    error
	}{
		{"http://h/%zz", iri.SyntaxBased, iri.ErrInvalidPercent},
		{"http://h/%zz", iri.SimpleString, iri.ErrInvalidPercent},
		{"http://\u0300a.com/", iri.SchemeBased, iri.ErrIDNA},
		{"http://\u0300a.com/", iri.MappedToURI, iri.ErrIDNA},
		{"http://a\u05d0.com/", iri.SchemeBased, iri.ErrIDNA},
		{"http://h/", iri.Level(9), iri.ErrLevel},
	}
	for _, tt := range tests {
		got, err := iri.Normalize(tt.in, tt.level)
		var e *iri.Error
		if !errors.As(err, &e) || e.Op != "normalize" || !errors.Is(err, tt.is) {
			t.Errorf("Normalize(%q, %v) = %q, %v; want an *iri.Error with Op normalize wrapping %v", tt.in, tt.level, got, err, tt.is)
		}
		if _, err := iri.Equivalent(tt.in, tt.in, tt.level); !errors.Is(err, tt.is) {
			t.Errorf("Equivalent(%q, %q, %v): error %v, want %v", tt.in, tt.in, tt.level, err, tt.is)
		}
	}
	// Syntax-based normalization does not run IDNA.
	if got, err := iri.Normalize("http://\u0300a.com/", iri.SyntaxBased); err != nil || got != "http://\u0300a.com/" {
		t.Errorf("Normalize at syntax-based level = %q, %v", got, err)
	}
	// Strict mode rejects what LEIRI accepts.
	if _, err := inMode(iri.Strict).Normalize("http://h/a b", iri.SyntaxBased); !errors.Is(err, iri.ErrInvalidChar) {
		t.Errorf("Strict.Normalize of a space: %v, want ErrInvalidChar", err)
	}
}

func TestNormalizeModes(t *testing.T) {
	tests := []struct {
		mode  iri.Mode
		in    string
		level iri.Level
		want  string
	}{
		{iri.Strict, "HTTP://h/%7e", iri.SyntaxBased, "http://h/~"},
		{iri.Web, " HTTP://h/a\\b%zz ", iri.SimpleString, "HTTP://h/a/b%25zz"},
		{iri.Web, " http://h/a\n ", iri.SyntaxBased, "http://h/a"},
		{iri.Web, "HTTP://h:80\\a\\..\\b", iri.SchemeBased, "http://h/b"},
		{iri.Web, "http://h/[x]", iri.MappedToURI, "http://h/%5Bx%5D"},
	}
	for _, tt := range tests {
		if got, err := inMode(tt.mode).Normalize(tt.in, tt.level); err != nil || got != tt.want {
			t.Errorf("%v.Normalize(%q, %v) = %q, %v; want %q", tt.mode, tt.in, tt.level, got, err, tt.want)
		}
	}
	if eq, err := inMode(iri.Web).Equivalent(" http://h/ ", "http://h/", iri.SimpleString); err != nil || !eq {
		t.Errorf("Web.Equivalent at simple-string level = %v, %v: the preprocessed strings are equal", eq, err)
	}
}

func TestReferenceNormalize(t *testing.T) {
	r, err := inMode(iri.Web).Parse("HTTP://Bücher.DE:80/[a]/./b?%7e#x")
	if err != nil {
		t.Fatal(err)
	}
	before := r.String()
	for _, tt := range []struct {
		level iri.Level
		want  string
	}{
		{iri.SimpleString, "HTTP://Bücher.DE:80/[a]/./b?%7e#x"},
		{iri.SyntaxBased, "http://Bücher.DE:80/[a]/b?~#x"},
		{iri.SchemeBased, "http://xn--bcher-kva.de/[a]/b?~#x"},
		{iri.MappedToURI, "http://xn--bcher-kva.de/%5Ba%5D/b?~#x"},
	} {
		n, err := r.Normalize(tt.level)
		if err != nil || n.String() != tt.want {
			t.Errorf("Normalize(%v) = %v, %v; want %q", tt.level, n, err, tt.want)
		}
	}
	if r.String() != before {
		t.Errorf("Normalize changed its receiver: %q", r.String())
	}
	// A Reference built by hand, with a stray "%" that no parser accepts.
	h := &iri.Reference{Scheme: "X", HasAuthority: true, Host: "H", Path: "/%/%41"}
	if n, err := h.Normalize(iri.SyntaxBased); err != nil || n.String() != "x://h/%/A" {
		t.Errorf("Normalize of a hand-built Reference = %v, %v", n, err)
	}
	bad := &iri.Reference{Scheme: "http", HasAuthority: true, Host: "\u0300a.com"}
	if _, err := bad.Normalize(iri.SchemeBased); !errors.Is(err, iri.ErrIDNA) {
		t.Errorf("Normalize of an invalid IDN: %v, want ErrIDNA", err)
	}
	if _, err := r.Normalize(iri.Level(4)); !errors.Is(err, iri.ErrLevel) {
		t.Errorf("Normalize(Level(4)): %v, want ErrLevel", err)
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range normLevels {
		for _, s := range []string{l.String(), strings.ToUpper(l.String())} {
			if got, err := iri.ParseLevel(s); err != nil || got != l {
				t.Errorf("ParseLevel(%q) = %v, %v; want %v", s, got, err, l)
			}
		}
	}
	for s, want := range map[string]iri.Level{"simple": iri.SimpleString, "syntax": iri.SyntaxBased, "Scheme": iri.SchemeBased, "uri": iri.MappedToURI} {
		if got, err := iri.ParseLevel(s); err != nil || got != want {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if _, err := iri.ParseLevel("mapped"); err == nil {
		t.Error(`ParseLevel("mapped") succeeded`)
	}
	if s := iri.Level(7).String(); s != "Level(7)" {
		t.Errorf("Level(7).String() = %q", s)
	}
}

// rfc3986Normalization is testdata/rfc-examples/rfc3986-normalization.json.
type rfc3986Normalization struct {
	RemoveDotSegments []struct {
		Input, Expected, Section string
	} `json:"remove_dot_segments"`
	ValidURIs     []string `json:"valid_uris_section_1_1_2"`
	EquivalentSet []struct {
		Level      string
		Members    []string
		NormalForm string `json:"normal_form"`
		Section    string
	} `json:"equivalent_sets"`
}

func TestNormalizeRFC3986Examples(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "rfc-examples", "rfc3986-normalization.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f rfc3986Normalization
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	var pass, total int
	for _, set := range f.EquivalentSet {
		var level iri.Level
		switch {
		case strings.HasPrefix(set.Level, "syntax-based"), strings.HasPrefix(set.Level, "case"):
			level = iri.SyntaxBased
		case strings.HasPrefix(set.Level, "scheme-based"):
			level = iri.SchemeBased
		default:
			t.Errorf("section %s: unknown level %q", set.Section, set.Level)
			continue
		}
		for _, m := range set.Members {
			total++
			got, err := iri.Normalize(m, level)
			if err != nil || got != set.NormalForm {
				t.Errorf("section %s: Normalize(%q, %v) = %q, %v; want %q", set.Section, m, level, got, err, set.NormalForm)
				continue
			}
			pass++
		}
	}
	t.Logf("equivalent_sets: %d/%d members normalize to the set's normal form", pass, total)

	pass, total = 0, 0
	for _, c := range f.RemoveDotSegments {
		total++
		got := iri.RemoveDotSegments(c.Input)
		// Through Normalize: an absolute path with an authority, a
		// rootless one with a scheme (a relative-path reference keeps its
		// dot segments until it is resolved).
		ref := "http://a" + c.Input
		want := "http://a" + c.Expected
		if !strings.HasPrefix(c.Input, "/") {
			ref, want = "foo:"+c.Input, "foo:"+c.Expected
		}
		n, err := iri.Normalize(ref, iri.SyntaxBased)
		if got != c.Expected || err != nil || n != want {
			t.Errorf("section %s: RemoveDotSegments(%q) = %q, Normalize(%q) = %q, %v; want %q", c.Section, c.Input, got, ref, n, err, c.Expected)
			continue
		}
		pass++
	}
	t.Logf("remove_dot_segments: %d/%d", pass, total)

	pass, total = 0, 0
	for _, u := range f.ValidURIs {
		total++
		ok := true
		for _, l := range normLevels {
			if got, err := iri.Normalize(u, l); err != nil || got != u {
				t.Errorf("valid URI %q: Normalize(%v) = %q, %v; a normal URI is its own normal form", u, l, got, err)
				ok = false
			}
		}
		if ok {
			pass++
		}
	}
	t.Logf("valid_uris: %d/%d are their own normal form at every level", pass, total)
}

func FuzzNormalize(f *testing.F) {
	for _, in := range normInputs() {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, l := range normLevels {
			n, err := iri.Normalize(in, l)
			if err != nil {
				continue
			}
			if again, err := iri.Normalize(n, l); err != nil || again != n {
				t.Fatalf("Normalize(%q, %v) = %q; again: %q, %v", in, l, n, again, err)
			}
			if eq, err := iri.Equivalent(in, n, l); err != nil || !eq {
				t.Fatalf("Equivalent(%q, %q, %v) = %v, %v", in, n, l, eq, err)
			}
			if l == iri.MappedToURI {
				if _, err := inMode(iri.Strict).Parse(n); err != nil {
					t.Fatalf("Normalize(%q, %v) = %q is not a URI: %v", in, l, n, err)
				}
			}
			checkParseNormal(t, inMode(iri.Web), in, l)
			if l > iri.SimpleString {
				lower, _ := iri.Normalize(in, l-1)
				if up, err := iri.Normalize(lower, l); err != nil || up != n {
					t.Fatalf("Normalize(%q, %v) = %q, %v; from the input %q: %q", lower, l, up, err, in, n)
				}
			}
		}
	})
}

func BenchmarkNormalize(b *testing.B) {
	for _, bc := range []struct {
		name, in string
		level    iri.Level
	}{
		{"normal/syntax", "http://www.example.com/a/b/c?q=1#frag", iri.SyntaxBased},
		{"normal/uri", "http://www.example.com/a/b/c?q=1#frag", iri.MappedToURI},
		{"normal/scheme-iri", "http://xn--rsum-bpad.example.org/résumé/ü?q=ü", iri.SchemeBased},
		{"changed/syntax", "HTTP://www.Example.COM/a/./b/../c/%7euser?q=%3a", iri.SyntaxBased},
		{"changed/scheme-idn", "http://Résumé.example.org:80/a", iri.SchemeBased},
		{"changed/uri", "http://résumé.example.org/résumé/ü?q=ü#ü", iri.MappedToURI},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.in)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := iri.Normalize(bc.in, bc.level); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestParseNormal checks that Converter.ParseNormal agrees with Normalize
// on every input of the tables, in every mode and at every level: the
// same error, or components whose String is the normal form, and
// changed exactly when that form is not the input (in Web mode, also when
// preprocessing changed it); and that a normal form parses into a
// caller's Reference without allocating.
func TestParseNormal(t *testing.T) {
	inputs := append(normInputs(), " http://h/a\n ", "HTTP://h:80\\a\\..\\b", "http://h/", "http://h/%zz")
	for _, mode := range []iri.Mode{iri.Strict, iri.LEIRI, iri.Web} {
		c := inMode(mode)
		for _, in := range inputs {
			for _, l := range append(normLevels, iri.Level(9)) {
				checkParseNormal(t, c, in, l)
			}
		}
	}
	c := iri.NewConverter()
	for _, tt := range normTests {
		for _, l := range normLevels {
			n := tt.want(l)
			var r iri.Reference
			if a := testing.AllocsPerRun(10, func() { c.ParseNormal(&r, n, l) }); a != 0 {
				t.Errorf("ParseNormal(%q, %v): %v allocations, want 0", n, l, a)
			}
		}
	}
}

func checkParseNormal(t *testing.T, c *iri.Converter, in string, l iri.Level) {
	t.Helper()
	want, werr := c.Normalize(in, l)
	var r iri.Reference
	changed, err := c.ParseNormal(&r, in, l)
	if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
		t.Fatalf("%v: ParseNormal(%q, %v): error %v, Normalize's %v", c.Mode(), in, l, err, werr)
	}
	if err != nil {
		return
	}
	if changed != (want != in) || r.String() != want {
		t.Fatalf("%v: ParseNormal(%q, %v) = %q, changed %v; Normalize gives %q", c.Mode(), in, l, r.String(), changed, want)
	}
}
