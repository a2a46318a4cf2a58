package iri_test

import (
	"fmt"

	"github.com/relink-go/relink/iri"
)

// The comparison ladder of RFC 3987bis section 5.3, one rung at a time.
func ExampleNormalize() {
	const s = "HTTP://Résumé.Example.ORG:80/a/./b/../%7euser/%c3%bc/ü?q#f"
	for _, level := range []iri.Level{iri.SimpleString, iri.SyntaxBased, iri.SchemeBased, iri.MappedToURI} {
		n, err := iri.Normalize(s, level)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-13v %s\n", level, n)
	}
	// Output:
	// simple-string HTTP://Résumé.Example.ORG:80/a/./b/../%7euser/%c3%bc/ü?q#f
	// syntax-based  http://Résumé.Example.ORG:80/a/~user/%C3%BC/ü?q#f
	// scheme-based  http://xn--rsum-bpad.example.org/a/~user/%C3%BC/ü?q#f
	// mapped-to-uri http://xn--rsum-bpad.example.org/a/~user/%C3%BC/%C3%BC?q#f
}

func ExampleEquivalent() {
	pairs := []struct {
		a, b  string
		level iri.Level
	}{
		{"http://example.com", "http://example.com:80/", iri.SchemeBased},
		{"http://résumé.example.org/", "http://xn--rsum-bpad.example.org/", iri.SyntaxBased},
		{"http://résumé.example.org/", "http://xn--rsum-bpad.example.org/", iri.SchemeBased},
		{"http://example.org/ü", "http://example.org/%C3%BC", iri.MappedToURI},
		{"http://example.com/?", "http://example.com/", iri.MappedToURI},
		// Never Unicode-normalized: a decomposed é is another IRI.
		{"http://example.org/r\u00e9sum\u00e9", "http://example.org/re\u0301sume\u0301", iri.MappedToURI},
	}
	for _, p := range pairs {
		eq, err := iri.Equivalent(p.a, p.b, p.level)
		fmt.Println(eq, err)
	}
	// Output:
	// true <nil>
	// false <nil>
	// true <nil>
	// true <nil>
	// false <nil>
	// false <nil>
}

func ExampleCanonicalizer() {
	links := []string{
		"http://Example.COM./a/b/../c#top",
		"http://example.com:80/a/c",
		"http://bücher.example/ä?b=1&a=2",
	}
	for _, s := range links {
		c, err := iri.Crawler.Canonicalize(s)
		fmt.Println(c, err)
	}
	// Output:
	// http://example.com/a/c <nil>
	// http://example.com/a/c <nil>
	// http://xn--bcher-kva.example/%C3%A4?b=1&a=2 <nil>
}

// Profiles are composed from options, and derived from each other.
func ExampleCanonicalizer_With() {
	sorted := iri.Crawler.With(iri.SortQuery(true), iri.RemoveEmptyQuery(true))
	fmt.Println(sorted)
	fmt.Println(sorted.Canonicalize("http://example.com/search?q=go&lang=en#results"))
	fmt.Println(sorted.Equivalent("http://example.com/?b&a", "http://EXAMPLE.com/?a&b"))
	// Output:
	// mapped-to-uri+remove-fragment+remove-empty-query+lowercase-host+remove-host-trailing-dot+sort-query
	// http://example.com/search?lang=en&q=go <nil>
	// true <nil>
}

// SURT keys as the Internet Archive's surt library writes them, and the
// conventional SURT prefix form of Heritrix.
func ExampleSURTForm() {
	fmt.Println(iri.SURT.Canonicalize("http://www.Archive.org/goo/?b=2&a=1#frag"))
	heritrix := iri.SURT.With(iri.SURTScheme(true), iri.SURTTrailingComma(true), iri.RemoveWWW(false))
	fmt.Println(heritrix.Canonicalize("http://www.example.org/path?query"))
	// Output:
	// org,archive)/goo?a=1&b=2 <nil>
	// http://(org,example,www,)/path?query <nil>
}

func ExampleReference_Normalize() {
	r, err := iri.Parse("HTTP://Example.com:80/%7Efred/./index.html")
	if err != nil {
		fmt.Println(err)
		return
	}
	n, err := r.Normalize(iri.SchemeBased)
	fmt.Println(n.Host, n.HasPort, n.Path, err)
	// Output: example.com false /~fred/index.html <nil>
}
