package rewrite_test

import (
	"fmt"

	"github.com/relink-go/relink/rewrite"
	"golang.org/x/text/transform"
)

func ExampleNewCSS() {
	c := rewrite.NewCSS(rewrite.Options{
		BaseURL: "https://example.org/css/site.css",
		Resolve: rewrite.ResolveAbsolute,
		To:      rewrite.FormIRI,
	})
	out, _, err := transform.String(c, `@import 'print.css' print; .logo { background: url( img/D%C3%BCrst.png ) }`)
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(out)
	// Output:
	// @import 'https://example.org/css/print.css' print; .logo { background: url( https://example.org/css/img/Dürst.png ) }
}
