package extract_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
)

// Example lists the links of a document whose type is told by its name,
// each with its role, the URI a browser requests and its place in the
// input.
func Example() {
	page := `<base href="/docs/"><a href="Dürst.html?q=é">Dürst</a> <img src=logo.png>`
	typ := extract.TypeOf("index.html", []byte(page))
	x := extract.New(typ, extract.Options{BaseURL: "https://example.com/"}, func(l *extract.Link) error {
		fmt.Printf("%v %s@%s %s [%d,%d) %q\n", l.Role, l.Tag, l.Attr, l.URI, l.Offset, l.End, l.Text)
		return nil
	})
	if _, err := x.ReadFrom(strings.NewReader(page)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Base base@href https://example.com/docs/ [12,18) ""
	// Hyperlink a@href https://example.com/docs/D%C3%BCrst.html?q=%C3%A9 [29,45) "Dürst"
	// Resource img@src https://example.com/docs/logo.png [67,75) ""
}
