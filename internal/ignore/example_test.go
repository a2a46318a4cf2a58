package ignore_test

import (
	"fmt"

	"github.com/relink-go/relink/internal/ignore"
)

func Example() {
	p, err := ignore.Parse([]byte("# build output\n/public/\n*.min.html\n!keep.min.html\n"))
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(p.Match("public", true))
	fmt.Println(p.Match("docs/public", true))
	fmt.Println(p.Match("docs/app.min.html", false))
	fmt.Println(p.Match("keep.min.html", false))
	// Output:
	// ignore
	// none
	// ignore
	// include
}
