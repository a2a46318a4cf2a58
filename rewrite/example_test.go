package rewrite_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/text/transform"
)

// Example moves a page's links to their readable form, absolute: the page
// keeps every other byte, its charset included.
func Example() {
	page := `<meta charset=utf-8><a href="/wiki/D%C3%BCrst?q=%E2%82%AC" title=x>Dürst</a> <img src='logo.png'>`
	r := rewrite.New(extract.TypeHTML, rewrite.Options{
		To:      rewrite.FormIRI,
		Resolve: rewrite.ResolveAbsolute,
		Options: extract.Options{BaseURL: "https://de.example/"},
	})
	out, _, err := transform.String(r, page)
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(out)
	fmt.Printf("%+v\n", r.Stats())
	// Output:
	// <meta charset=utf-8><a href="https://de.example/wiki/Dürst?q=€" title=x>Dürst</a> <img src='https://de.example/logo.png'>
	// {Links:2 Rewritten:2 Kept:0 Invalid:0 Guessed:0 Placeholders:0}
}

// A Rewriter is a transform.Transformer: here it rewrites a style sheet
// as it is written.
func ExampleRewriter() {
	r := rewrite.New(extract.TypeCSS, rewrite.Options{Resolve: rewrite.ResolveAbsolute, Options: extract.Options{BaseURL: "https://example.org/css/"}})
	w := transform.NewWriter(os.Stdout, r)
	fmt.Fprint(w, `a { background: url("img/`)
	fmt.Fprint(w, `bg.png") }`)
	w.Close()
	// Output: a { background: url("https://example.org/css/img/bg.png") }
}

// Example_map moves a site: the documents of https://old.example/docs/
// go to https://new.example/manual/. Options.Map gives the new URL of each
// link, and of the document itself; a link that still reaches its target
// from the new place is left as it is, and the others are written in
// their own form: absolute stays absolute, relative stays relative where
// it can.
func Example_map() {
	move := func(l *extract.Link, href string) (string, bool) {
		rest, ok := strings.CutPrefix(href, "https://old.example/docs/")
		return "https://new.example/manual/" + rest, ok
	}
	r := rewrite.New(extract.TypeHTML, rewrite.Options{Map: move, Options: extract.Options{BaseURL: "https://old.example/docs/intro.html"}})
	page := `<a href="install.html">Install</a>, <a href="https://old.example/docs/faq.html">FAQ</a>, <a href="../blog/">blog</a>`
	out, _, err := transform.String(r, page)
	if err != nil {
		panic(err)
	}
	fmt.Println(out)
	fmt.Printf("%+v\n", r.Stats())
	// Output:
	// <a href="install.html">Install</a>, <a href="https://new.example/manual/faq.html">FAQ</a>, <a href="https://old.example/blog/">blog</a>
	// {Links:3 Rewritten:2 Kept:0 Invalid:0 Guessed:0 Placeholders:0}
}

// Example_keep makes a page's links absolute and changes nothing else:
// with To left at FormKeep, an IRI stays an IRI and a URI a URI, and a
// link already absolute keeps its bytes.
func Example_keep() {
	page := `<meta charset=utf-8><a href="wiki/Dürst">Dürst</a> <a href="wiki/D%C3%BCrst">the same</a> <a href="HTTP://Example.COM">home</a>`
	r := rewrite.New(extract.TypeHTML, rewrite.Options{Resolve: rewrite.ResolveAbsolute, Options: extract.Options{BaseURL: "https://de.example/"}})
	out, _, err := transform.String(r, page)
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(out)
	// Output:
	// <meta charset=utf-8><a href="https://de.example/wiki/Dürst">Dürst</a> <a href="https://de.example/wiki/D%C3%BCrst">the same</a> <a href="HTTP://Example.COM">home</a>
}

// Example_guessed rewrites a text whose charset nothing declares and
// whose bytes do not prove it: UTF-8 but for a stray byte. Its link
// written in UTF-8 is left as written, since its URI would depend on the
// guess; the ASCII one is rewritten. Given the charset, both are.
func Example_guessed() {
	text := "Price: 10\x80\nhttp://example.com/café and http://example.com/a|b\n"
	for _, charset := range []string{"", "utf-8"} {
		r := rewrite.NewText(rewrite.Options{To: rewrite.FormURI, Options: extract.Options{Charset: charset}})
		out, _, err := transform.String(r, text)
		if err != nil {
			fmt.Println(err)
		}
		fmt.Printf("%s guessed %v: %+v\n", r.Charset().Name, r.Charset().Guessed, r.Stats())
		fmt.Print(strings.SplitN(out, "\n", 2)[1])
	}
	// Output:
	// utf-8 guessed true: {Links:2 Rewritten:1 Kept:1 Invalid:0 Guessed:1 Placeholders:0}
	// http://example.com/café and http://example.com/a%7Cb
	// utf-8 guessed false: {Links:2 Rewritten:2 Kept:0 Invalid:0 Guessed:0 Placeholders:0}
	// http://example.com/caf%C3%A9 and http://example.com/a%7Cb
}

// ExamplePrefixMap moves a site with a ready Options.Map: the URLs at or
// below https://old.example/docs go to https://new.example/manual, those
// below https://old.example/docs/api (the longer prefix wins) to
// https://api.example.
func ExamplePrefixMap() {
	var m rewrite.PrefixMap
	if err := m.Add("https://old.example/docs/", "https://new.example/manual"); err != nil {
		panic(err)
	}
	if err := m.Add("https://old.example/docs/api", "https://api.example"); err != nil {
		panic(err)
	}
	r := rewrite.New(extract.TypeHTML, rewrite.Options{Map: m.Map})
	page := `<a href="https://old.example/docs/faq.html">FAQ</a> <a href="https://old.example/docs/api/v1">API</a> <a href="https://old.example/docsets">other</a>`
	out, _, err := transform.String(r, page)
	if err != nil {
		panic(err)
	}
	fmt.Println(out)
	// Output:
	// <a href="https://new.example/manual/faq.html">FAQ</a> <a href="https://api.example/v1">API</a> <a href="https://old.example/docsets">other</a>
}
