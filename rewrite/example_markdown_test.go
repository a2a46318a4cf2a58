package rewrite_test

import (
	"fmt"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/text/transform"
)

func ExampleNewMarkdown() {
	m := rewrite.NewMarkdown(rewrite.Options{Resolve: rewrite.ResolveAbsolute, Options: extract.Options{BaseURL: "https://nodejs.org/api/fs.md"}})
	out, _, err := transform.String(m, "Use `Date.now()` and `</a>`; see [addons](n-api.md), [x](<a b.md>) and [open](#fsopen).\n")
	if err != nil {
		fmt.Println(err)
	}
	fmt.Print(out)
	// Output:
	// Use `Date.now()` and `</a>`; see [addons](https://nodejs.org/api/n-api.md), [x](<https://nodejs.org/api/a%20b.md>) and [open](https://nodejs.org/api/fs.md#fsopen).
}
