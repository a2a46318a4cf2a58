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

// ParseNormal normalizes into a Reference the caller owns, for a program
// that works on the components of the normal form: here, a key of host
// and path, made without allocating for a link already normal.
func ExampleConverter_ParseNormal() {
	c := iri.NewConverter()
	var r iri.Reference
	for _, s := range []string{"http://example.com/a/b", "HTTP://Example.COM:80/a/./b"} {
		changed, err := c.ParseNormal(&r, s, iri.SchemeBased)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(r.Host, r.Path, changed)
	}
	// Output:
	// example.com /a/b false
	// example.com /a/b true
}
