package canon_test

import (
	"fmt"

	"github.com/relink-go/relink/iri/canon"
)

// Two links a crawler should fetch once: the same request once the host
// is lowercased, its trailing dot and the default port removed, the dot
// segments resolved and the fragment dropped.
func ExampleCanonicalizer() {
	links := []string{
		"http://Example.COM./a/b/../c#top",
		"http://example.com:80/a/c",
		"http://bücher.example/ä?b=1&a=2",
	}
	for _, s := range links {
		c, err := canon.Crawler.Canonicalize(s)
		fmt.Println(c, err)
	}
	// Output:
	// http://example.com/a/c <nil>
	// http://example.com/a/c <nil>
	// http://xn--bcher-kva.example/%C3%A4?b=1&a=2 <nil>
}

// Profiles are composed from options, and derived from each other.
func ExampleCanonicalizer_With() {
	sorted := canon.Crawler.With(canon.SortQuery(true), canon.RemoveEmptyQuery(true))
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
	fmt.Println(canon.SURT.Canonicalize("http://www.Archive.org/goo/?b=2&a=1#frag"))
	heritrix := canon.SURT.With(canon.SURTScheme(true), canon.SURTTrailingComma(true), canon.RemoveWWW(false))
	fmt.Println(heritrix.Canonicalize("http://www.example.org/path?query"))
	// Output:
	// org,archive)/goo?a=1&b=2 <nil>
	// http://(org,example,www,)/path?query <nil>
}
