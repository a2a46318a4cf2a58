package iri_test

import (
	"errors"
	"slices"
	"testing"
	"unsafe"

	"github.com/relink-go/relink/iri"
)

type canonCase struct {
	c        *iri.Canonicalizer
	in, want string
	rule     string
}

var (
	surtWithScheme = iri.SURT.With(iri.SURTScheme(true))
	surtHeritrix   = iri.SURT.With(iri.SURTScheme(true), iri.SURTTrailingComma(true), iri.RemoveWWW(false))
	surtComma      = iri.SURT.With(iri.SURTTrailingComma(true))
)

func canonWith(opts ...iri.CanonOption) *iri.Canonicalizer { return iri.NewCanonicalizer(opts...) }

var canonTests = []canonCase{
	// Standard: SchemeBased and nothing more.
	{iri.Standard, "HTTP://Example.COM:80/a/./b?#f", "http://example.com/a/b?#f", "scheme-based"},
	{iri.Standard, "http://résumé.example.org/é", "http://xn--rsum-bpad.example.org/é", "IRI kept, host as A-label"},
	{iri.Standard, "http://www.example.com./a/", "http://www.example.com./a/", "no heuristics"},

	// Crawler.
	{iri.Crawler, "http://Example.COM./a#frag", "http://example.com/a", "fragment, trailing dot"},
	{iri.Crawler, "http://Bücher.de./ä?b=1&a=2", "http://xn--bcher-kva.de/%C3%A4?b=1&a=2", "URI, query order kept"},
	{iri.Crawler, "http://h/a/?", "http://h/a/?", "empty query and trailing slash kept"},
	{iri.Crawler, "http://h/A?Q=1", "http://h/A?Q=1", "path and query case kept"},
	{iri.Crawler, "https://www.example.com:443", "https://www.example.com/", "www kept"},
	{iri.Crawler, "foo://ÀB/", "foo://%C3%80b/", "non-DNS host: lowercased outside escapes"},

	// UsuallySafe (purell FlagsUsuallySafeGreedy).
	{iri.UsuallySafe, "HTTP://Host:80/a/b/../c/?#f", "http://host/a/c#f", "purell usually safe"},
	{iri.UsuallySafe, "http://h/", "http://h/", "the root stays"},
	{iri.UsuallySafe, "http://h", "http://h/", "empty path → /"},
	{iri.UsuallySafe, "http://h/%7e/a%2fb/", "http://h/~/a%2Fb", "escapes"},
	{iri.UsuallySafe, "http://h/dir//", "http://h/dir", "all trailing slashes"},
	{iri.UsuallySafe, "http://Bücher.de/ü", "http://xn--bcher-kva.de/%C3%BC", "encode necessary escapes, IDNA"},

	// SURT: the examples of IA's surt tests that this package shares.
	{iri.SURT, "http://www.Example.com/A/?b=2&a=1#f", "com,example)/a?a=1&b=2", "doc example"},
	{iri.SURT, "http://www.archive.org/", "org,archive)/", "IA"},
	{iri.SURT, "http://archive.org/", "org,archive)/", "IA"},
	{iri.SURT, "http://archive.org/goo/", "org,archive)/goo", "IA"},
	{iri.SURT, "http://archive.org/goo/?", "org,archive)/goo", "IA"},
	{iri.SURT, "http://archive.org/goo/?b&a", "org,archive)/goo?a&b", "IA"},
	{iri.SURT, "http://archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b", "IA"},
	{iri.SURT, "whois://whois.isoc.org.il/shaveh.co.il", "il,org,isoc,whois)/shaveh.co.il", "IA"},
	{iri.SURT, "mailto:foo@example.com", "mailto:foo@example.com", "IA: no authority"},
	{iri.SURT, "dns:archive.org", "dns:archive.org", "IA: no authority"},
	{iri.SURT, "http://www.alexa.com/", "com,alexa)/", "IA"},
	{iri.SURT, "http://archive.org/index.html?b=a&b=b&a=b", "org,archive)/index.html?a=b&b=a&b=b", "IA"},
	{iri.SURT, "http://www34.archive.org/index.html?b=a&b=b&a=b", "org,archive)/index.html?a=b&b=a&b=b", "IA www digits"},
	{iri.SURT, "http://ARCHIVE.ORG/", "org,archive)/", "IA"},
	{iri.SURT, "http://www.archive.org:80/", "org,archive)/", "IA"},
	{iri.SURT, "https://www.archive.org:80/", "org,archive:80)/", "IA"},
	{iri.SURT, "http://www.archive.org:443/", "org,archive:443)/", "IA"},
	{iri.SURT, "https://www.archive.org:443/", "org,archive)/", "IA"},
	{iri.SURT, "http://www.archive.org/big/", "org,archive)/big", "IA"},
	{iri.SURT, "http://example.com/foo?X=Y", "com,example)/foo?x=y", "IA query_lowercase"},
	{iri.SURT, "http://3279880203/blah", "11,0,127,195)/blah", "IA: IPv4 number, reversed"},
	{iri.SURT, "http://www.google.com.../", "com,google)/", "IA (Google canonicalizer)"},
	{iri.SURT, "http://www.GOOgle.com/", "com,google)/", "IA"},
	{iri.SURT, "http://evil.com/foo#bar#baz", "com,evil)/foo", "IA"},
	{iri.SURT, "http://evil.com/foo;", "com,evil)/foo;", "IA"},
	{iri.SURT, "http://user:pw@h.example/", "example,h)/", "userinfo removed"},
	{iri.SURT, "http://[::1]:8080/x", "[::1]:8080)/x", "IP literal"},
	{iri.SURT, "file:///x", "file:///x", "empty host"},
	{iri.SURT, "http://Bücher.de/Ä", "de,xn--bcher-kva)/%C3%84", "IDN; escapes keep uppercase hex"},
	{iri.SURT, "http://h.example?q", "example,h)/?q", "empty path before a query"},
	{surtWithScheme, "http://www.example.com/", "http://(com,example)/", "IA with_scheme"},
	{surtHeritrix, "http://www.example.com/", "http://(com,example,www,)/", "Heritrix SURT prefix form"},
	{surtHeritrix, "https://www.example.com/", "https://(com,example,www,)/", "IA"},
	{surtHeritrix, "//www.example.com/", "//(com,example,www,)/", "no scheme"},
	{surtComma, "ftp://www.example.com/", "com,example,)/", "IA trailing_comma"},
	{surtComma, "http://1.2.3.4/", "4,3,2,1)/", "no comma after an IPv4 address"},
	{surtComma, "http://example.com:8080/", "com,example:8080,)/", "port before the comma, as IA"},
	{iri.SURT.With(iri.RemoveUserinfo(false)), "http://u:p@h.example/", "u:p@example,h)/", "userinfo kept"},

	// Options one by one.
	{canonWith(iri.RemoveFragment(true)), "http://h/#a", "http://h/", "RemoveFragment"},
	{canonWith(iri.RemoveFragment(true)), "http://h/#", "http://h/", "RemoveFragment: empty"},
	{canonWith(iri.RemoveEmptyQuery(true)), "http://h/?", "http://h/", "RemoveEmptyQuery"},
	{canonWith(iri.RemoveEmptyQuery(true)), "http://h/?#f", "http://h/#f", "RemoveEmptyQuery"},
	{canonWith(iri.RemoveEmptyQuery(true)), "http://h/?a", "http://h/?a", "RemoveEmptyQuery"},
	{canonWith(iri.RemoveUserinfo(true)), "http://u:p@h/", "http://h/", "RemoveUserinfo"},
	{canonWith(iri.RemoveUserinfo(true)), "http://@h/", "http://h/", "RemoveUserinfo: empty"},
	{canonWith(iri.AtLevel(iri.SyntaxBased), iri.LowercaseHost(true)), "http://RÉSUMÉ.EXAMPLE/", "http://résumé.example/", "LowercaseHost: Unicode"},
	{canonWith(iri.AtLevel(iri.SyntaxBased), iri.LowercaseHost(true)), "foo://\xffA/", "foo://\xffa/", "LowercaseHost: bytes that are not UTF-8 kept"},
	{canonWith(iri.LowercaseHost(true)), "foo://%C3%89X/", "foo://%C3%89x/", "LowercaseHost: hex digits kept"},
	{canonWith(iri.RemoveHostTrailingDot(true)), "http://example.com../", "http://example.com/", "RemoveHostTrailingDot"},
	{canonWith(iri.RemoveHostTrailingDot(true)), "http://./", "http://./", "RemoveHostTrailingDot: not to nothing"},
	{canonWith(iri.RemoveHostTrailingDot(true)), "http://[::1]/", "http://[::1]/", "RemoveHostTrailingDot: IP literal"},
	{canonWith(iri.DecodeIPv4(true)), "http://0x7F.1/", "http://127.0.0.1/", "DecodeIPv4 hex"},
	{canonWith(iri.DecodeIPv4(true)), "http://2130706433/", "http://127.0.0.1/", "DecodeIPv4 dword"},
	{canonWith(iri.DecodeIPv4(true)), "http://0177.0.0.01/", "http://127.0.0.1/", "DecodeIPv4 octal"},
	{canonWith(iri.DecodeIPv4(true)), "http://1.2.3.4./", "http://1.2.3.4/", "DecodeIPv4 trailing dot"},
	{canonWith(iri.DecodeIPv4(true)), "http://example.123/", "http://example.123/", "DecodeIPv4: not an address"},
	{canonWith(iri.DecodeIPv4(true)), "http://256.1.1.1/", "http://256.1.1.1/", "DecodeIPv4: out of range"},
	{canonWith(iri.RemoveWWW(true)), "http://www.example.com/", "http://example.com/", "RemoveWWW"},
	{canonWith(iri.RemoveWWW(true)), "http://www2.www.example.com/", "http://example.com/", "RemoveWWW: repeatedly"},
	{canonWith(iri.RemoveWWW(true)), "http://www.com/", "http://www.com/", "RemoveWWW: two labels stay"},
	{canonWith(iri.RemoveWWW(true)), "http://www2foo.com/", "http://www2foo.com/", "RemoveWWW: not a label"},
	{canonWith(iri.RemoveWWW(true)), "http://wwwx.example.com/", "http://wwwx.example.com/", "RemoveWWW: not digits"},
	{canonWith(iri.LowercasePath(true)), "http://h/A%2FB/É", "http://h/a%2Fb/É", "LowercasePath: ASCII outside escapes"},
	{canonWith(iri.RemoveTrailingSlash(true)), "http://h/a/", "http://h/a", "RemoveTrailingSlash"},
	{canonWith(iri.RemoveTrailingSlash(true)), "http://h//", "http://h/", "RemoveTrailingSlash: root"},
	{canonWith(iri.RemoveTrailingSlash(true)), "foo:/.//", "foo:/", "RemoveTrailingSlash: exposed dot segment"},
	{canonWith(iri.RemoveTrailingSlash(true)), "a/", "a", "RemoveTrailingSlash: relative"},
	{canonWith(iri.LowercaseQuery(true)), "http://h/?A=%2F", "http://h/?a=%2F", "LowercaseQuery"},
	{canonWith(iri.SortQuery(true)), "http://h/?b=2&a=1&", "http://h/?&a=1&b=2", "SortQuery: empty parameter kept"},
	{canonWith(iri.SortQuery(true)), "http://h/?a=&a", "http://h/?a&a=", "SortQuery: without = first"},
	{canonWith(iri.SortQuery(true)), "http://h/?a=2&a=1", "http://h/?a=1&a=2", "SortQuery: by value"},
	{canonWith(iri.SortQuery(true)), "http://h/?a=1&ab=0", "http://h/?a=1&ab=0", "SortQuery: by name"},
	{canonWith(iri.AtLevel(iri.SimpleString), iri.RemoveFragment(true)), "HTTP://h/#x", "HTTP://h/", "AtLevel"},
	{canonWith(iri.InMode(iri.Web), iri.RemoveFragment(true)), " http://h/#x ", "http://h/", "InMode"},
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
func isSURT(c *iri.Canonicalizer) bool {
	a, _ := c.Canonicalize("http://a.b/")
	return a != "http://a.b/"
}

func TestCanonicalizeProperties(t *testing.T) {
	profiles := []*iri.Canonicalizer{iri.Standard, iri.Crawler, iri.UsuallySafe}
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
		c    *iri.Canonicalizer
		want string
	}{
		{iri.Standard, "scheme-based"},
		{iri.NewCanonicalizer(), "scheme-based"},
		{iri.Crawler, "mapped-to-uri+remove-fragment+lowercase-host+remove-host-trailing-dot"},
		{iri.UsuallySafe, "mapped-to-uri+remove-empty-query+lowercase-host+remove-trailing-slash"},
		{iri.SURT, "mapped-to-uri+remove-fragment+remove-empty-query+remove-userinfo+lowercase-host+remove-host-trailing-dot+decode-ipv4+remove-www+lowercase-path+remove-trailing-slash+lowercase-query+sort-query+surt"},
		{iri.Crawler.With(iri.RemoveFragment(false), iri.InMode(iri.Web), iri.AtLevel(iri.SyntaxBased)), "syntax-based+web+lowercase-host+remove-host-trailing-dot"},
		{surtHeritrix, "mapped-to-uri+remove-fragment+remove-empty-query+remove-userinfo+lowercase-host+remove-host-trailing-dot+decode-ipv4+lowercase-path+remove-trailing-slash+lowercase-query+sort-query+surt+surt-scheme+surt-trailing-comma"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
	d := iri.Crawler.With(iri.AtLevel(iri.SyntaxBased))
	if iri.Crawler.Level() != iri.MappedToURI || d.Level() != iri.SyntaxBased || d.Mode() != iri.LEIRI {
		t.Errorf("With changed its receiver or lost the mode: %v, %v", iri.Crawler, d)
	}
}

func TestCanonicalizeErrors(t *testing.T) {
	tests := []struct {
		c  *iri.Canonicalizer
		in string
		is error
	}{
		{iri.Crawler, "http://\u0300a.com/", iri.ErrIDNA},
		{iri.Standard, "http://h/%zz", iri.ErrInvalidPercent},
		{iri.SURT, "http://h/%zz", iri.ErrInvalidPercent},
		{canonWith(iri.AtLevel(iri.Level(9))), "http://h/", iri.ErrLevel},
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
		c    *iri.Canonicalizer
		in   string
	}{
		{"crawler/canonical", iri.Crawler, "http://www.example.com/a/b/c?q=1"},
		{"crawler/changed", iri.Crawler, "HTTP://www.Example.COM./a/./b/c?q=1#frag"},
		{"surt", iri.SURT, "http://www.Example.com/A/b/?z=1&a=2#frag"},
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
