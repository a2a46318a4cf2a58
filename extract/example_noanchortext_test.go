package extract_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
)

// NoAnchorText, for a program that prints no anchor text: the same links
// in the same order, each reported as soon as it is found, its Text
// empty.
func ExampleOptions_noAnchorText() {
	page := `<a href="a.html">A <img src="i.png"></a>`
	for _, opts := range []extract.Options{{}, {NoAnchorText: true}} {
		x := extract.NewHTML(opts, func(l *extract.Link) error {
			fmt.Printf("%s %q\n", l.Value, l.Text)
			return nil
		})
		if _, err := x.ReadFrom(strings.NewReader(page)); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// a.html "A"
	// i.png ""
	// a.html ""
	// i.png ""
}
