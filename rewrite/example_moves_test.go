package rewrite_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/text/transform"
)

// ExamplePrefixMap_ReadMoves moves the links of a Markdown page with the
// rules of a _redirects file, a regular expression and the .md sources
// published as .html, in that order: the rule that is not a move is
// reported with its line, and each link keeps its form.
func ExamplePrefixMap_ReadMoves() {
	const redirects = `/guide/*      /manual/:splat   301
/faq.md       /help/faq.md     301!
/blog/:slug   /posts/:slug     301
`
	var m rewrite.PrefixMap
	skipped, err := m.ReadMoves("_redirects", strings.NewReader(redirects), rewrite.MovesRedirects, "https://site.example/")
	if err != nil {
		panic(err)
	}
	for _, s := range skipped {
		fmt.Println(s)
	}
	cdn, err := rewrite.NewRegexpMove(`^https://cdn\.example/v1/`, "https://cdn.example/v2/")
	if err != nil {
		panic(err)
	}
	moves := rewrite.Moves{&m, cdn, rewrite.MDToHTML{Root: "https://site.example/"}}
	r := rewrite.New(extract.TypeMarkdown, rewrite.Options{Map: moves.Map,
		Options: extract.Options{BaseURL: "https://site.example/index.md"}})
	page := "See [the guide](guide/start.md#install), [the FAQ](faq.md), ![logo](https://cdn.example/v1/logo.png)\n" +
		"and [the source](https://github.com/o/r/blob/main/README.md).\n"
	out, _, err := transform.String(r, page)
	if err != nil {
		panic(err)
	}
	fmt.Print(out)
	// Output:
	// _redirects:3: unsupported: placeholders in FROM (/blog/:slug)
	// See [the guide](manual/start.html#install), [the FAQ](help/faq.html), ![logo](https://cdn.example/v2/logo.png)
	// and [the source](https://github.com/o/r/blob/main/README.md).
}
