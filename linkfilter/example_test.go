package linkfilter_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/linkfilter"
)

// Example keeps the hyperlinks of a page that leave its site.
func Example() {
	f, err := linkfilter.New(linkfilter.Options{
		Roles: []htmlattr.Role{htmlattr.RoleHyperlink},
		Site:  linkfilter.External,
	})
	if err != nil {
		panic(err)
	}
	page := `<a href="/about">About</a> <a href="https://blog.example.co.uk/">Blog</a>
<a href="https://other.example/">Other</a> <img src="https://cdn.example/i.png">`
	x := extract.New(extract.TypeHTML, extract.Options{BaseURL: "https://www.example.co.uk/"}, func(l *extract.Link) error {
		if f.Match(l, "https://www.example.co.uk/") {
			fmt.Println(l.Href)
		}
		return nil
	})
	if _, err := x.ReadFrom(strings.NewReader(page)); err != nil {
		panic(err)
	}
	// Output: https://other.example/
}
