package extract_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
)

func ExampleNewMarkdown() {
	doc := "Use `Date.now()`, see [addons][] and ![logo](<my logo.png>).\n\n" +
		"<p><a href=\"fs.html\">fs</a></p>\n\n[addons]: n-api.md\n"
	x := extract.NewMarkdown(extract.Options{BaseURL: "https://nodejs.org/api/"}, func(l *extract.Link) error {
		fmt.Println(l.Tag, l.Attr, l.Role, l.Href, doc[l.Start:l.End])
		return nil
	})
	if _, err := x.ReadFrom(strings.NewReader(doc)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// markdown image Resource https://nodejs.org/api/my%20logo.png <my logo.png>
	// a href Hyperlink https://nodejs.org/api/fs.html fs.html
	// markdown definition Hyperlink https://nodejs.org/api/n-api.md n-api.md
}
