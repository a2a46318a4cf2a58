package rewrite_test

import (
	"fmt"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/text/transform"
)

func ExampleNewCSS() {
	c := rewrite.NewCSS(rewrite.Options{
		Resolve: rewrite.ResolveAbsolute,
		To:      rewrite.FormIRI,
		Options: extract.Options{BaseURL: "https://example.org/css/site.css"},
	})
	out, _, err := transform.String(c, `@import 'print.css' print; .logo { background: url( img/D%C3%BCrst.png ) }`)
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(out)
	// Output:
	// @import 'https://example.org/css/print.css' print; .logo { background: url( https://example.org/css/img/Dürst.png ) }
}
