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
		fmt.Printf("%v %s@%s %s [%d,%d) %q\n", l.Role, l.Tag, l.Attr, l.Href, l.Start, l.End, l.Text)
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

// A caller that writes the document itself, as a rewriter does, gives it
// to the extractor with Feed, a piece at a time, and may write the bytes
// before Settled: no link reported later starts before them. The first
// 1024 bytes are held until they decide the charset.
func ExampleExtractor_feed() {
	doc := []byte("<!--" + strings.Repeat("-", 1100) + `--><p>See <a href="a.html">a</a>` +
		strings.Repeat(" and more", 60) + `<img src="b.png" alt="` + strings.Repeat("b", 400) + `"></p>`)
	x := extract.New(extract.TypeHTML, extract.Options{Charset: "utf-8", Immediate: true}, func(l *extract.Link) error {
		fmt.Printf("link %s at %d\n", l.Value, l.Start)
		return nil
	})
	for i := 0; i < len(doc); i += 400 {
		end := min(i+400, len(doc))
		if err := x.Feed(doc[i:end], end == len(doc)); err != nil {
			fmt.Println(err)
		}
		fmt.Printf("fed %d, settled %d\n", end, x.Settled())
	}
	// Output:
	// fed 400, settled 0
	// fed 800, settled 0
	// link a.html at 1123
	// fed 1200, settled 1200
	// fed 1600, settled 1600
	// fed 2000, settled 1676
	// link b.png at 1686
	// fed 2104, settled 2104
}
