package canon_test

import (
	"errors"
	"slices"
	"testing"
	"unsafe"

	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/iri/canon"
)

type canonCase struct {
	c        *canon.Canonicalizer
	in, want string
	rule     string
}

var (
	surtWithScheme = canon.SURT.With(canon.SURTScheme(true))
	surtHeritrix   = canon.SURT.With(canon.SURTScheme(true), canon.SURTTrailingComma(true), canon.RemoveWWW(false))
	surtComma      = canon.SURT.With(canon.SURTTrailingComma(true))
)

func canonWith(opts ...canon.Option) *canon.Canonicalizer { return canon.New(opts...) }

var canonTests = []canonCase{
	// Standard: SchemeBased and nothing more.
	{canon.Standard, "HTTP://Example.COM:80/a/./b?#f", "http://example.com/a/b?#f", "scheme-based"},
	{canon.Standard, "http://résumé.example.org/é", "http://xn--rsum-bpad.example.org/é", "IRI kept, host as A-label"},
	{canon.Standard, "http://www.example.com./a/", "http://www.example.com./a/", "no heuristics"},

	// Crawler.
	{canon.Crawler, "http://Example.COM./a#frag", "http://example.com/a", "fragment, trailing dot"},
	{canon.Crawler, "http://Bücher.de./ä?b=1&a=2", "http://xn--bcher-kva.de/%C3%A4?b=1&a=2", "URI, query order kept"},
	{canon.Crawler, "http://h/a/?", "http://h/a/?", "empty query and trailing slash kept"},
	{canon.Crawler, "http://h/A?Q=1", "http://h/A?Q=1", "path and query case kept"},
	{canon.Crawler, "https://www.example.com:443", "https://www.example.com/", "www kept"},
	{canon.Crawler, "foo://ÀB/", "foo://%C3%80b/", "non-DNS host: lowercased outside escapes"},

	// UsuallySafe (purell FlagsUsuallySafeGreedy).
	{canon.UsuallySafe, "HTTP://Host:80/a/b/../c/?#f", "http://host/a/c#f", "purell usually safe"},
	{canon.UsuallySafe, "http://h/", "http://h/", "the root stays"},
	{canon.UsuallySafe, "http://h", "http://h/", "empty path → /"},
	{canon.UsuallySafe, "http://h/%7e/a%2fb/", "http://h/~/a%2Fb", "escapes"},
	{canon.UsuallySafe, "http://h/dir//", "http://h/dir", "all trailing slashes"},
	{canon.UsuallySafe, "http://Bücher.de/ü", "http://xn--bcher-kva.de/%C3%BC", "encode necessary escapes, IDNA"},

	// SURT: the examples of IA's surt tests that this package shares.
	{canon.SURT, "http://www.Example.com/A/?b=2&a=1#f", "com,example)/a?a=1&b=2", "doc example"},
	{canon.SURT, "http://www.archive.org/", "org,archive)/", "IA"},
	{canon.SURT, "http://archive.org/", "org,archive)/", "IA"},
	{canon.SURT, "http://archive.org/goo/", "org,archive)/goo", "IA"},
	{canon.SURT, "http://archive.org/goo/?", "org,archive)/goo", "IA"},
	{canon.SURT, "http://archive.org/goo/?b&a", "org,archive)/goo?a&b", "IA"},
	{canon.SURT, "http://archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b", "IA"},
	{canon.SURT, "whois://whois.isoc.org.il/shaveh.co.il", "il,org,isoc,whois)/shaveh.co.il", "IA"},
	{canon.SURT, "mailto:foo@example.com", "mailto:foo@example.com", "IA: no authority"},
	{canon.SURT, "dns:archive.org", "dns:archive.org", "IA: no authority"},
	{canon.SURT, "http://www.alexa.com/", "com,alexa)/", "IA"},
	{canon.SURT, "http://archive.org/index.html?b=a&b=b&a=b", "org,archive)/index.html?a=b&b=a&b=b", "IA"},
	{canon.SURT, "http://www34.archive.org/index.html?b=a&b=b&a=b", "org,archive)/index.html?a=b&b=a&b=b", "IA www digits"},
	{canon.SURT, "http://ARCHIVE.ORG/", "org,archive)/", "IA"},
	{canon.SURT, "http://www.archive.org:80/", "org,archive)/", "IA"},
	{canon.SURT, "https://www.archive.org:80/", "org,archive:80)/", "IA"},
	{canon.SURT, "http://www.archive.org:443/", "org,archive:443)/", "IA"},
	{canon.SURT, "https://www.archive.org:443/", "org,archive)/", "IA"},
	{canon.SURT, "http://www.archive.org/big/", "org,archive)/big", "IA"},
	{canon.SURT, "http://example.com/foo?X=Y", "com,example)/foo?x=y", "IA query_lowercase"},
	{canon.SURT, "http://3279880203/blah", "11,0,127,195)/blah", "IA: IPv4 number, reversed"},
	{canon.SURT, "http://www.google.com.../", "com,google)/", "IA (Google canonicalizer)"},
	{canon.SURT, "http://www.GOOgle.com/", "com,google)/", "IA"},
	{canon.SURT, "http://evil.com/foo#bar#baz", "com,evil)/foo", "IA"},
	{canon.SURT, "http://evil.com/foo;", "com,evil)/foo;", "IA"},
	{canon.SURT, "http://user:pw@h.example/", "example,h)/", "userinfo removed"},
	{canon.SURT, "http://[::1]:8080/x", "[::1]:8080)/x", "IP literal"},
	{canon.SURT, "file:///x", "file:///x", "empty host"},
	{canon.SURT, "http://Bücher.de/Ä", "de,xn--bcher-kva)/%C3%84", "IDN; escapes keep uppercase hex"},
	{canon.SURT, "http://h.example?q", "example,h)/?q", "empty path before a query"},
	{surtWithScheme, "http://www.example.com/", "http://(com,example)/", "IA with_scheme"},
	{surtHeritrix, "http://www.example.com/", "http://(com,example,www,)/", "Heritrix SURT prefix form"},
	{surtHeritrix, "https://www.example.com/", "https://(com,example,www,)/", "IA"},
	{surtHeritrix, "//www.example.com/", "//(com,example,www,)/", "no scheme"},
	{surtComma, "ftp://www.example.com/", "com,example,)/", "IA trailing_comma"},
	{surtComma, "http://1.2.3.4/", "4,3,2,1)/", "no comma after an IPv4 address"},
	{surtComma, "http://example.com:8080/", "com,example:8080,)/", "port before the comma, as IA"},
	{canon.SURT.With(canon.RemoveUserinfo(false)), "http://u:p@h.example/", "u:p@example,h)/", "userinfo kept"},

	// Options one by one.
	{canonWith(canon.RemoveFragment(true)), "http://h/#a", "http://h/", "RemoveFragment"},
	{canonWith(canon.RemoveFragment(true)), "http://h/#", "http://h/", "RemoveFragment: empty"},
	{canonWith(canon.RemoveEmptyQuery(true)), "http://h/?", "http://h/", "RemoveEmptyQuery"},
	{canonWith(canon.RemoveEmptyQuery(true)), "http://h/?#f", "http://h/#f", "RemoveEmptyQuery"},
	{canonWith(canon.RemoveEmptyQuery(true)), "http://h/?a", "http://h/?a", "RemoveEmptyQuery"},
	{canonWith(canon.RemoveUserinfo(true)), "http://u:p@h/", "http://h/", "RemoveUserinfo"},
	{canonWith(canon.RemoveUserinfo(true)), "http://@h/", "http://h/", "RemoveUserinfo: empty"},
	{canonWith(canon.AtLevel(iri.SyntaxBased), canon.LowercaseHost(true)), "http://RÉSUMÉ.EXAMPLE/", "http://résumé.example/", "LowercaseHost: Unicode"},
	{canonWith(canon.AtLevel(iri.SyntaxBased), canon.LowercaseHost(true)), "foo://\xffA/", "foo://\xffa/", "LowercaseHost: bytes that are not UTF-8 kept"},
	{canonWith(canon.LowercaseHost(true)), "foo://%C3%89X/", "foo://%C3%89x/", "LowercaseHost: hex digits kept"},
	{canonWith(canon.RemoveHostTrailingDot(true)), "http://example.com../", "http://example.com/", "RemoveHostTrailingDot"},
	{canonWith(canon.RemoveHostTrailingDot(true)), "http://./", "http://./", "RemoveHostTrailingDot: not to nothing"},
	{canonWith(canon.RemoveHostTrailingDot(true)), "http://[::1]/", "http://[::1]/", "RemoveHostTrailingDot: IP literal"},
	{canonWith(canon.DecodeIPv4(true)), "http://0x7F.1/", "http://127.0.0.1/", "DecodeIPv4 hex"},
	{canonWith(canon.DecodeIPv4(true)), "http://2130706433/", "http://127.0.0.1/", "DecodeIPv4 dword"},
	{canonWith(canon.DecodeIPv4(true)), "http://0177.0.0.01/", "http://127.0.0.1/", "DecodeIPv4 octal"},
	{canonWith(canon.DecodeIPv4(true)), "http://1.2.3.4./", "http://1.2.3.4/", "DecodeIPv4 trailing dot"},
	{canonWith(canon.DecodeIPv4(true)), "http://example.123/", "http://example.123/", "DecodeIPv4: not an address"},
	{canonWith(canon.DecodeIPv4(true)), "http://256.1.1.1/", "http://256.1.1.1/", "DecodeIPv4: out of range"},
	{canonWith(canon.RemoveWWW(true)), "http://www.example.com/", "http://example.com/", "RemoveWWW"},
	{canonWith(canon.RemoveWWW(true)), "http://www2.www.example.com/", "http://example.com/", "RemoveWWW: repeatedly"},
	{canonWith(canon.RemoveWWW(true)), "http://www.com/", "http://www.com/", "RemoveWWW: two labels stay"},
	{canonWith(canon.RemoveWWW(true)), "http://www2foo.com/", "http://www2foo.com/", "RemoveWWW: not a label"},
	{canonWith(canon.RemoveWWW(true)), "http://wwwx.example.com/", "http://wwwx.example.com/", "RemoveWWW: not digits"},
	{canonWith(canon.LowercasePath(true)), "http://h/A%2FB/É", "http://h/a%2Fb/É", "LowercasePath: ASCII outside escapes"},
	{canonWith(canon.RemoveTrailingSlash(true)), "http://h/a/", "http://h/a", "RemoveTrailingSlash"},
	{canonWith(canon.RemoveTrailingSlash(true)), "http://h//", "http://h/", "RemoveTrailingSlash: root"},
	{canonWith(canon.RemoveTrailingSlash(true)), "foo:/.//", "foo:/", "RemoveTrailingSlash: exposed dot segment"},
	{canonWith(canon.RemoveTrailingSlash(true)), "a/", "a", "RemoveTrailingSlash: relative"},
	{canonWith(canon.AtLevel(iri.SimpleString), canon.RemoveTrailingSlash(true)), "http://h/a/./", "http://h/a", "RemoveTrailingSlash: exposed dot segment, then a slash"},
	{canonWith(canon.AtLevel(iri.SimpleString), canon.RemoveTrailingSlash(true)), "foo:/.//./", "foo:/", "RemoveTrailingSlash: in turns"},
	{canonWith(canon.AtLevel(iri.SimpleString), canon.RemoveTrailingSlash(true)), "foo:/.//", "foo:/", "RemoveTrailingSlash: exposed dot segment, no authority"},
	{canonWith(canon.AtLevel(iri.SimpleString), canon.RemoveTrailingSlash(true)), "/x/../", "/", "RemoveTrailingSlash: absolute path"},
	{canonWith(canon.AtLevel(iri.SimpleString), canon.RemoveTrailingSlash(true)), "x/../", "x/..", "RemoveTrailingSlash: relative path kept"},
	{canonWith(canon.LowercaseQuery(true)), "http://h/?A=%2F", "http://h/?a=%2F", "LowercaseQuery"},
	{canonWith(canon.SortQuery(true)), "http://h/?b=2&a=1&", "http://h/?&a=1&b=2", "SortQuery: empty parameter kept"},
	{canonWith(canon.SortQuery(true)), "http://h/?a=&a", "http://h/?a&a=", "SortQuery: without = first"},
	{canonWith(canon.SortQuery(true)), "http://h/?a=2&a=1", "http://h/?a=1&a=2", "SortQuery: by value"},
	{canonWith(canon.SortQuery(true)), "http://h/?a=1&ab=0", "http://h/?a=1&ab=0", "SortQuery: by name"},
	{canonWith(canon.AtLevel(iri.SimpleString), canon.RemoveFragment(true)), "HTTP://h/#x", "HTTP://h/", "AtLevel"},
	{canonWith(canon.InMode(iri.Web), canon.RemoveFragment(true)), " http://h/#x ", "http://h/", "InMode"},
}

func TestCanonicalize(t *testing.T) {
	for _, tt := range canonTests {
		got, err := tt.c.Canonicalize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("%v: Canonicalize(%q) = %q, %v; want %q (%s)", tt.c, tt.in, got, err, tt.want, tt.rule)
		}
		if eq, err := tt.c.Equivalent(tt.in, tt.want); !isSURT(tt.c) && (err != nil || !eq) {
			t.Errorf("%v: Equivalent(%q, %q) = %v, %v", tt.c, tt.in, tt.want, eq, err)
		}
	}
}

// isSURT reports whether c produces SURTs, which are not references.
func isSURT(c *canon.Canonicalizer) bool {
	a, _ := c.Canonicalize("http://a.b/")
	return a != "http://a.b/"
}

func TestCanonicalizeProperties(t *testing.T) {
	profiles := []*canon.Canonicalizer{canon.Standard, canon.Crawler, canon.UsuallySafe}
	for _, tt := range canonTests {
		if !isSURT(tt.c) && !slices.Contains(profiles, tt.c) {
			profiles = append(profiles, tt.c)
		}
	}
	for _, in := range normInputs() {
		for _, c := range profiles {
			s, err := c.Canonicalize(in)
			if err != nil {
				continue
			}
			again, err := c.Canonicalize(s)
			if err != nil || again != s {
				t.Errorf("%v: Canonicalize(%q) = %q; again %q, %v: not idempotent", c, in, s, again, err)
				continue
			}
			if unsafe.StringData(again) != unsafe.StringData(s) {
				t.Errorf("%v: Canonicalize(%q) did not return its canonical input", c, s)
			}
			if a := testing.AllocsPerRun(5, func() { c.Canonicalize(s) }); a != 0 {
				t.Errorf("%v: Canonicalize(%q): %v allocations, want 0", c, s, a)
			}
			// A canonical form is normal at the canonicalizer's level.
			if n, err := inMode(c.Mode()).Normalize(s, c.Level()); c.Mode() != iri.Web && (err != nil || n != s) {
				t.Errorf("%v: Canonicalize(%q) = %q is not normal: %q, %v", c, in, s, n, err)
			}
		}
	}
}

func TestCanonicalizerConfig(t *testing.T) {
	tests := []struct {
		c    *canon.Canonicalizer
		want string
	}{
		{canon.Standard, "scheme-based"},
		{canon.New(), "scheme-based"},
		{canon.Crawler, "mapped-to-uri+remove-fragment+lowercase-host+remove-host-trailing-dot"},
		{canon.UsuallySafe, "mapped-to-uri+remove-empty-query+lowercase-host+remove-trailing-slash"},
		{canon.SURT, "mapped-to-uri+remove-fragment+remove-empty-query+remove-userinfo+lowercase-host+remove-host-trailing-dot+decode-ipv4+remove-www+lowercase-path+remove-trailing-slash+lowercase-query+sort-query+surt"},
		{canon.Crawler.With(canon.RemoveFragment(false), canon.InMode(iri.Web), canon.AtLevel(iri.SyntaxBased)), "syntax-based+web+lowercase-host+remove-host-trailing-dot"},
		{surtHeritrix, "mapped-to-uri+remove-fragment+remove-empty-query+remove-userinfo+lowercase-host+remove-host-trailing-dot+decode-ipv4+lowercase-path+remove-trailing-slash+lowercase-query+sort-query+surt+surt-scheme+surt-trailing-comma"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
	d := canon.Crawler.With(canon.AtLevel(iri.SyntaxBased))
	if canon.Crawler.Level() != iri.MappedToURI || d.Level() != iri.SyntaxBased || d.Mode() != iri.LEIRI {
		t.Errorf("With changed its receiver or lost the mode: %v, %v", canon.Crawler, d)
	}
}

func TestCanonicalizeErrors(t *testing.T) {
	tests := []struct {
		c  *canon.Canonicalizer
		in string
		is error
	}{
		{canon.Crawler, "http://\u0300a.com/", iri.ErrIDNA},
		{canon.Standard, "http://h/%zz", iri.ErrInvalidPercent},
		{canon.SURT, "http://h/%zz", iri.ErrInvalidPercent},
		{canonWith(canon.AtLevel(iri.Level(9))), "http://h/", iri.ErrLevel},
	}
	for _, tt := range tests {
		got, err := tt.c.Canonicalize(tt.in)
		var e *iri.Error
		if !errors.As(err, &e) || e.Op != "canonicalize" || !errors.Is(err, tt.is) {
			t.Errorf("%v: Canonicalize(%q) = %q, %v; want an *iri.Error with Op canonicalize wrapping %v", tt.c, tt.in, got, err, tt.is)
		}
		if _, err := tt.c.Equivalent("http://h/", tt.in); !errors.Is(err, tt.is) {
			t.Errorf("%v: Equivalent: %v, want %v", tt.c, err, tt.is)
		}
	}
}

func BenchmarkCanonicalize(b *testing.B) {
	for _, bc := range []struct {
		name string
		c    *canon.Canonicalizer
		in   string
	}{
		{"crawler/canonical", canon.Crawler, "http://www.example.com/a/b/c?q=1"},
		{"crawler/changed", canon.Crawler, "HTTP://www.Example.COM./a/./b/c?q=1#frag"},
		{"surt", canon.SURT, "http://www.Example.com/A/b/?z=1&a=2#frag"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.in)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bc.c.Canonicalize(bc.in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// normInputs returns the inputs of iri's normalization tables (copied from
// iri/normalize_test.go: normal forms and their sources at every level),
// then those of canonTests.
func normInputs() []string {
	in := slices.Clone(iriInputs)
	for _, tt := range canonTests {
		in = append(in, tt.in)
	}
	return in
}

var iriInputs = []string{
	"%C3%BC/~",
	"../%2e%2E/a",
	"../../a",
	"//Bücher.de/x",
	"//H/a/../b",
	"//h/b",
	"//h:80/x",
	"//xn--bcher-kva.de/x",
	"/a/./b/../c",
	"/a/c",
	"HTTP://Example.COM:80",
	"HTTP://example.com/",
	"HTTP://h/",
	"HTTP://www.EXAMPLE.com/A/%3a",
	"a/./b/../c",
	"eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
	"example://a/b/c/%7Bfoo%7D/rosé",
	"file:///etc/hosts",
	"file:///x",
	"file://LOCALHOST/x",
	"file://h",
	"file://h/",
	"file://localhost/etc/hosts",
	"file://localhost/x",
	"file://u@localhost/x",
	"foo:/.//bar",
	"foo://Résumé.EXAMPLE/",
	"foo://Résumé/",
	"foo://h",
	"foo://h/",
	"foo://h:/",
	"foo://h:80/",
	"foo://r%C3%A9sum%C3%A9.example/",
	"foo://r%c3%a9sum%c3%a9.EXAMPLE/",
	"foo://résumé/",
	"foo:/a/..//bar",
	"foo:/b",
	"foo:a/../../b",
	"ftp://h/x",
	"ftp://h:21/x",
	"gopher://h",
	"gopher://h:70",
	"http://%41%42.example/",
	"http://%75%73er:p%61ss@h/",
	"http://%C3%BC@h/%C3%BC?%C3%BC#%C3%BC",
	"http://%FC.example/",
	"http://%fc.EXAMPLE/",
	"http://@h/",
	"http://RÉSUMÉ.Example.ORG/",
	"http://Résumé.example.org/",
	"http://XN--RSUM-BPAD.example.org/",
	"http://[::1]/",
	"http://[::1]:80",
	"http://[FE80::A]/",
	"http://[V1.AbC]/",
	"http://[fe80::a]/",
	"http://[v1.abc]/",
	"http://a%21b.example/",
	"http://ab.example/",
	"http://bücher.de./",
	"http://example.com",
	"http://example.com/",
	"http://example.com/#",
	"http://example.com/?",
	"http://example.com:/",
	"http://example.com:80",
	"http://example.com:80/",
	"http://example.com?",
	"http://h/",
	"http://h/#a#b",
	"http://h/#a%23b",
	"http://h/%25%3F%23%5B%20",
	"http://h/%2F",
	"http://h/%2e/a",
	"http://h/%2f",
	"http://h/%41%5a%61%7a%30%39%2D%2e%5F%7E",
	"http://h/%7Euser",
	"http://h/%7e",
	"http://h/%C3%BC",
	"http://h/%EF%BC%A1%EF%BC%A2",
	"http://h/%c3%bc",
	"http://h/..",
	"http://h//",
	"http://h//b",
	"http://h/?%61=%3d#%62%2f",
	"http://h/?%EE%80%80",
	"http://h/?a=%3D#b%2F",
	"http://h/?\ue000",
	"http://h/AZaz09-._~",
	"http://h/a",
	"http://h/a b",
	"http://h/a%20b",
	"http://h/a%2Fb",
	"http://h/a%2fb",
	"http://h/a/",
	"http://h/a/%2E%2E%2Fb",
	"http://h/a/%2E%2E/b",
	"http://h/a/..%2Fb",
	"http://h/a/..//b",
	"http://h/a/./b/../c",
	"http://h/a/b/..",
	"http://h/a/c",
	"http://h/b",
	"http://h/r%C3%A9sum%C3%A9",
	"http://h/re%CC%81sume%CC%81",
	"http://h/résumé",
	"http://h/résumé",
	"http://h/~",
	"http://h/~user",
	"http://h/ü",
	"http://h/ＡＢ",
	"http://h:0/",
	"http://h:000/",
	"http://h:0080/",
	"http://h:08080/",
	"http://h:443/",
	"http://h:8080/",
	"http://localhost/",
	"http://r%C3%A9sum%C3%A9.example/",
	"http://r%c3%a9sum%c3%a9.EXAMPLE/",
	"http://résumé.example.org/",
	"http://résumé.example.org/",
	"http://user:pass@h/",
	"http://www.EXAMPLE.com/",
	"http://www.example.com/",
	"http://www.example.com/A/%3A",
	"http://xn--bcher-kva.de./",
	"http://xn--mxa.com/",
	"http://xn--rsum-bpad.example.org/",
	"http://xn--rsum-bpad.example/",
	"http://ü@h/ü?ü#ü",
	"http://α.CoM/",
	"https://h/",
	"https://h:443",
	"https://h:80/",
	"ldap://h/o=x",
	"ldap://h:389/o=x",
	"mailto:Joe@Example.ORG",
	"telnet://192.0.2.16/",
	"telnet://192.0.2.16:23/",
	"telnet://192.0.2.16:80/",
	"urn:ISBN:0-395",
	"ws://h/",
	"ws://h:80",
	"wss://h/x",
	"wss://h:443/x",
	"ü/%7e",
	"ü/~",
}

func inMode(m iri.Mode) *iri.Converter { return iri.NewConverter(iri.WithMode(m)) }

// fuzzBare applies rewrites without normalizing first.
var fuzzBare = canon.New(canon.AtLevel(iri.SimpleString), canon.RemoveTrailingSlash(true), canon.RemoveEmptyQuery(true))

// FuzzCanonicalize checks that every profile is idempotent, that SURT
// does not fail where the profile it derives from succeeds, and that a
// canonical form is normal at the canonicalizer's level.
func FuzzCanonicalize(f *testing.F) {
	for _, in := range normInputs() {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, c := range []*canon.Canonicalizer{canon.Standard, canon.Crawler, canon.UsuallySafe, fuzzBare} {
			s, err := c.Canonicalize(in)
			if err != nil {
				continue
			}
			if again, err := c.Canonicalize(s); err != nil || again != s {
				t.Fatalf("%v: Canonicalize(%q) = %q; again: %q, %v", c, in, s, again, err)
			}
			if n, err := iri.Normalize(s, c.Level()); err != nil || n != s {
				t.Fatalf("%v: Canonicalize(%q) = %q is not normal: %q, %v", c, in, s, n, err)
			}
		}
		_, errSURT := canon.SURT.Canonicalize(in)
		_, errSURTRef := canon.SURT.With(canon.SURTForm(false)).Canonicalize(in)
		if (errSURT == nil) != (errSURTRef == nil) {
			t.Fatalf("SURT.Canonicalize(%q): %v; without SURTForm: %v", in, errSURT, errSURTRef)
		}
	})
}
