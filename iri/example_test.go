package iri_test

import (
	"errors"
	"fmt"

	"github.com/relink-go/relink/iri"
	"golang.org/x/text/encoding/charmap"
)

// Example maps an IRI to the URI a program sends and back to the form a
// person reads, resolves a link of a Shift_JIS page as a browser does,
// and compares two spellings of one resource.
func Example() {
	u, err := iri.ToURI("http://résumé.example.org/Dürst?q=ü")
	fmt.Println(u, err)
	v, err := iri.ToIRI(u)
	fmt.Println(v, err)

	web := iri.NewConverter(iri.WithMode(iri.Web), iri.WithCharsetLabel("text/html; charset=Shift_JIS"))
	base, err := web.ParseBase("HTTP://Example.COM:80/a/b")
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := base.Resolve(`..\c d?q=日`)
	fmt.Println(web.Charset(), t, err)

	eq, err := iri.Equivalent("HTTP://Example.com:80/%7Efred/./x", "http://example.com/~fred/x", iri.SchemeBased)
	fmt.Println(eq, err)
	// Output:
	// http://xn--rsum-bpad.example.org/D%C3%BCrst?q=%C3%BC <nil>
	// http://résumé.example.org/Dürst?q=ü <nil>
	// shift_jis http://example.com/c%20d?q=%93%FA <nil>
	// true <nil>
}

func ExampleParse() {
	r, err := iri.Parse("http://résumé.example.org/Dürst?q#")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Scheme, r.Host, r.Path)
	fmt.Printf("query %q present=%v, fragment %q present=%v\n", r.Query, r.HasQuery, r.Fragment, r.HasFragment)
	fmt.Println(r.String())

	// Parse is LEIRI: a space is accepted (ToURI encodes it). A Strict
	// converter takes the IRI grammar only.
	r, err = iri.Parse("http://example.org/a b")
	fmt.Println(r, err)
	strict := iri.NewConverter(iri.WithMode(iri.Strict))
	_, err = strict.Parse("http://example.org/a b")
	var e *iri.Error
	if errors.As(err, &e) && errors.Is(err, iri.ErrInvalidChar) {
		fmt.Println("invalid character at offset", e.Offset)
	}
	// Output:
	// http résumé.example.org /Dürst
	// query "q" present=true, fragment "" present=true
	// http://résumé.example.org/Dürst?q#
	// http://example.org/a b <nil>
	// invalid character at offset 20
}

func ExampleConverter_Parse() {
	web := iri.NewConverter(iri.WithMode(iri.Web))
	r, err := web.Parse("  http:\\\\example.org\\a\tb  ")
	fmt.Println(r, err)
	// Output:
	// http://example.org/ab <nil>
}

func ExampleToURI() {
	for _, s := range []string{
		"http://résumé.example.org/Dürst",
		"http://www.example.org/red%09rosé#red",
		"http://validator.w3.org/check?uri=http%3A%2F%2Frésumé.example.org",
		"mailto:José@example.org",
		"http://example.org/a b",
	} {
		u, err := iri.ToURI(s)
		fmt.Println(u, err)
	}
	// Output:
	// http://xn--rsum-bpad.example.org/D%C3%BCrst <nil>
	// http://www.example.org/red%09ros%C3%A9#red <nil>
	// http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org <nil>
	// mailto:Jos%C3%A9@example.org <nil>
	// http://example.org/a%20b <nil>
}

func ExampleToIRI() {
	for _, s := range []string{
		"http://www.example.org/D%C3%BCrst",
		"http://www.example.org/D%FCrst",
		"http://xn--99zt52a.example.org/%e2%80%ae",
		"http://xn--80ak6aa92e.com/",
	} {
		v, err := iri.ToIRI(s)
		fmt.Println(v, err)
	}
	// Output:
	// http://www.example.org/Dürst <nil>
	// http://www.example.org/D%FCrst <nil>
	// http://納豆.example.org/%E2%80%AE <nil>
	// http://xn--80ak6aa92e.com/ <nil>
}

func ExampleNewConverter() {
	// A windows-1252 document: the query of an http reference is encoded
	// in the document charset, the path in UTF-8.
	c := iri.NewConverter(iri.WithCharset(charmap.Windows1252))
	u, err := c.ToURI("http://example.org/März?q=März&r=日")
	fmt.Println(u, err)
	// ToIRI leaves that query as it is: it is not UTF-8.
	v, err := c.ToIRI(u)
	fmt.Println(v, err)
	// Output:
	// http://example.org/M%C3%A4rz?q=M%E4rz&r=%26%2326085%3B <nil>
	// http://example.org/März?q=M%E4rz&r=%26%2326085%3B <nil>
}

func ExampleResolve() {
	base := "http://a/b/c/d;p?q"
	for _, ref := range []string{"g", "../g", "../../../g", "?y", "#s", "//g", "http:g", "ü?ä"} {
		t, err := iri.Resolve(ref, base)
		fmt.Println(ref, "→", t, err)
	}
	// Output:
	// g → http://a/b/c/g <nil>
	// ../g → http://a/b/g <nil>
	// ../../../g → http://a/g <nil>
	// ?y → http://a/b/c/d;p?y <nil>
	// #s → http://a/b/c/d;p?q#s <nil>
	// //g → http://g <nil>
	// http:g → http:g <nil>
	// ü?ä → http://a/b/c/ü?ä <nil>
}

// ExampleConverter_ParseBase resolves one reference in each mode: Web is
// what a browser requests, LEIRI and Strict are RFC 3986 on the text.
func ExampleConverter_ParseBase() {
	for _, m := range []iri.Mode{iri.Web, iri.LEIRI, iri.Strict} {
		c := iri.NewConverter(iri.WithMode(m))
		base, err := c.ParseBase("HTTP://Example.COM:80/a/b")
		if err != nil {
			fmt.Println(err)
			continue
		}
		t, err := base.Resolve(`..\c d?q=é`)
		fmt.Printf("%v: %s %v\n", m, t, err)
	}
	// Output:
	// web: http://example.com/c%20d?q=%C3%A9 <nil>
	// leiri: HTTP://Example.COM:80/a/..\c d?q=é <nil>
	// strict:  iri: resolve "..\\c d?q=é": at offset 2: character not allowed here
}

func ExampleReference_ResolveReference() {
	base, _ := iri.Parse("http://例え.テスト/パス/a")
	ref, _ := iri.Parse("../ü")
	t := base.ResolveReference(ref)
	fmt.Println(t)
	u, _ := iri.ToURI(t.String())
	fmt.Println(u)
	// Output:
	// http://例え.テスト/ü
	// http://xn--r8jz45g.xn--zckzah/%C3%BC
}

// DisplayHost shows a host in Unicode only when browsers would: a
// whole-script look-alike of a Latin name, a mix of scripts, or a host
// that looks like a well-known domain stays in A-labels.
func ExampleDisplayHost() {
	for _, h := range []string{
		"xn--bcher-kva.de",        // bücher.de
		"例え.テスト",                  // Japanese
		"пример.рф",               // Cyrillic under a Cyrillic TLD
		"ргоху.com",               // all Cyrillic, reads as "proxy"
		"gօօgle.com",              // Armenian "օ" among Latin letters
		"ınstagram.com",           // dotless i: looks like instagram.com
		"google.comノaccounts.com", // Katakana "ノ" as a slash
	} {
		s, err := iri.DisplayHost(h)
		fmt.Println(s, err)
	}
	// Output:
	// bücher.de <nil>
	// 例え.テスト <nil>
	// пример.рф <nil>
	// xn--c1aweoj.com <nil>
	// xn--ggle-vifa.com <nil>
	// xn--nstagram-skb.com <nil>
	// google.xn--comaccounts-4e5j.com <nil>
}
