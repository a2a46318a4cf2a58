package extract_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
)

// ExampleHTML_ReadFrom lists the links of a page in windows-1252, as a
// browser would request them: the path in UTF-8, the query in the page's
// charset.
func ExampleNewHTML() {
	page := "<meta charset=windows-1252><base href=/docs/>" +
		"<a href=caf\xe9.html?q=caf\xe9>Caf\xe9</a> <img srcset='a.png 1x, b.png 2x'>"
	x := extract.NewHTML(extract.Options{BaseURL: "https://example.com/index.html"}, func(l *extract.Link) error {
		fmt.Printf("%s@%s %s %q\n", l.Tag, l.Attr, l.Href, l.Text)
		return nil
	})
	if _, err := x.ReadFrom(strings.NewReader(page)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// base@href https://example.com/docs/ ""
	// a@href https://example.com/docs/caf%C3%A9.html?q=caf%E9 "Café"
	// img@srcset https://example.com/docs/a.png ""
	// img@srcset https://example.com/docs/b.png ""
}
