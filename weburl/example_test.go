package weburl_test

import (
	"fmt"
	"log"

	"golang.org/x/text/encoding/charmap"

	"github.com/relink-go/relink/weburl"
)

// Example parses a page's URL, resolves the hrefs of the page as a
// browser requests them, and writes the relative reference from the
// page to a URL of the same site.
func Example() {
	page, err := weburl.Parse("HTTPS://Example.COM:443/docs/guide/intro.html", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(page, page.Hostname(), page.Pathname())
	for _, href := range []string{"  ../api/\tindex.html ", `..\..\Grüße.png`, "//例え.テスト/x", "?q=ü#top", "http://[::1"} {
		u, err := weburl.Parse(href, page)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(u)
	}
	target, _ := weburl.Parse("https://example.com/docs/api/index.html#Parse", nil)
	fmt.Println(weburl.Relative(page, target))
	// Output:
	// https://example.com/docs/guide/intro.html example.com /docs/guide/intro.html
	// https://example.com/docs/api/index.html
	// https://example.com/Gr%C3%BC%C3%9Fe.png
	// https://xn--r8jz45g.xn--zckzah/x
	// https://example.com/docs/guide/intro.html?q=%C3%BC#top
	// weburl: invalid URL "http://[::1" (base "https://example.com/docs/guide/intro.html"): unclosed IPv6 address "[::1"
	// ../api/index.html#Parse
}

// ExampleParser_AppendResolve resolves the links of a page into one
// buffer, as a browser requests them: the path in UTF-8, the query in the
// page's charset.
func ExampleParser_AppendResolve() {
	p := weburl.NewParser(charmap.Windows1252)
	base, err := p.Parse("https://example.com/a/b.html", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf []byte
	for _, ref := range []string{"../c d.html", "café?q=café", "#top", "//[::1]:443/x"} {
		start := len(buf)
		buf, err = p.AppendResolve(buf, ref, base)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(string(buf[start:]))
	}
	// Output:
	// https://example.com/c%20d.html
	// https://example.com/a/caf%C3%A9?q=caf%E9
	// https://example.com/a/b.html#top
	// https://[::1]/x
}

// ExampleParser_Resolve shows a query in the document's encoding, and a
// character that encoding lacks as a numeric character reference.
func ExampleParser_Resolve() {
	base, _ := weburl.Parse("http://example.com/search", nil)
	for _, p := range []*weburl.Parser{weburl.NewParser(nil), weburl.NewParser(charmap.Windows1252)} {
		href, err := p.Resolve("?q=Dürst+日本", base)
		fmt.Println(href, err)
	}
	// Output:
	// http://example.com/search?q=D%C3%BCrst+%E6%97%A5%E6%9C%AC <nil>
	// http://example.com/search?q=D%FCrst+%26%2326085%3B%26%2326412%3B <nil>
}

// FileURL gives each page of a tree of files the URL it has once the
// tree is served, so that its relative links resolve as a browser would
// resolve them.
func ExampleFileURL() {
	page := weburl.FileURL("https://example.org/docs", "guide/a b#1.html")
	base, err := weburl.Parse(page, nil)
	if err != nil {
		log.Fatal(err)
	}
	img, err := weburl.Parse("../img/logo.png", base)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(page)
	fmt.Println(img)
	// Output:
	// https://example.org/docs/guide/a%20b%231.html
	// https://example.org/docs/img/logo.png
}
