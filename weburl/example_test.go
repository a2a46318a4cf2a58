package weburl_test

import (
	"fmt"

	"golang.org/x/text/encoding/charmap"

	"github.com/relink-go/relink/weburl"
)

// ExampleParser_AppendResolve resolves the links of a page into one
// buffer, as a browser requests them: the path in UTF-8, the query in the
// page's charset.
func ExampleParser_AppendResolve() {
	p := weburl.NewParser(charmap.Windows1252)
	base, err := p.Parse("https://example.com/a/b.html", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf []byte
	for _, ref := range []string{"../c d.html", "café?q=café", "#top", "//[::1]:443/x"} {
		start := len(buf)
		buf, err = p.AppendResolve(buf, base, ref)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(string(buf[start:]))
	}
	// Output:
	// https://example.com/c%20d.html
	// https://example.com/a/caf%C3%A9?q=caf%E9
	// https://example.com/a/b.html#top
	// https://[::1]/x
}
