package extract_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
)

// NoPosition, for a program that prints no line or column: the same
// links in the same order, Line and Column 0.
func ExampleOptions_noPosition() {
	page := "<p>\n<a href=\"a.html\">A</a>\n<img src=\"i.png\">"
	for _, opts := range []extract.Options{{}, {NoPosition: true}} {
		x := extract.NewHTML(opts, func(l *extract.Link) error {
			fmt.Printf("%s %d:%d\n", l.Value, l.Line, l.Column)
			return nil
		})
		if _, err := x.ReadFrom(strings.NewReader(page)); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// a.html 2:10
	// i.png 3:11
	// a.html 0:0
	// i.png 0:0
}
