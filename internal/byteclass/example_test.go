package byteclass_test

import (
	"fmt"

	"github.com/relink-go/relink/internal/byteclass"
)

func ExampleOr() {
	const escape, nonASCII = 1, 2
	var tab [256]uint8
	tab['%'] = escape
	for c := 0x80; c < 0x100; c++ {
		tab[c] = nonASCII
	}
	fmt.Println(byteclass.Or(&tab, "https://example.org/a"))
	fmt.Println(byteclass.Or(&tab, "https://example.org/%E4%BE%8B"))
	fmt.Println(byteclass.Or(&tab, "https://example.org/例"))
	// Output:
	// 0
	// 1
	// 2
}
