package rewrite_test

import (
	"fmt"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/text/transform"
)

// One rewriter reused for the files of a site, each with its own URL:
// ResetOptions readies it for the next one, keeping the memory that it,
// its extractor and its tokenizer have grown.
func ExampleHTML_ResetOptions() {
	files := []struct{ url, body string }{
		{"https://example.org/a/index.html", `<a href="../b/">b</a> <img src="é.png">`},
		{"https://example.org/b/index.html", `<link rel=stylesheet href="s.css">`},
	}
	r := rewrite.NewHTML(rewrite.Options{})
	for _, f := range files {
		r.ResetOptions(rewrite.Options{To: rewrite.FormURI, Resolve: rewrite.ResolveAbsolute, Options: extract.Options{BaseURL: f.url}})
		out, _, err := transform.String(r, f.body)
		if err != nil {
			fmt.Println(err)
		}
		fmt.Println(out)
	}
	// Output:
	// <a href="https://example.org/b/">b</a> <img src="https://example.org/a/%C3%A9.png">
	// <link rel=stylesheet href="https://example.org/b/s.css">
}
