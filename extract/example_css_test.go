package extract_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
)

func ExampleNewCSS() {
	const sheet = `@import "print.css" print;
.logo { background: url(img/D\fc rst.png) }
/* url(commented-out.png) */`
	x := extract.NewCSS(extract.Options{BaseURL: "https://example.org/css/site.css"}, func(l *extract.Link) error {
		fmt.Printf("line %d [%d:%d] %s\n", l.Line, l.Start, l.End, l.IRI)
		return nil
	})
	if _, err := x.ReadFrom(strings.NewReader(sheet)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// line 1 [9:18] https://example.org/css/print.css
	// line 2 [51:67] https://example.org/css/img/Dürst.png
}
