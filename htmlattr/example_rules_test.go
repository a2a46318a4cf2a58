package htmlattr_test

import (
	"fmt"

	"github.com/relink-go/relink/htmlattr"
)

func ExampleLookup() {
	attrs := [][2]string{
		{"img", "src"}, {"img", "srcset"}, {"img", "alt"}, {"img", "data-src"},
		{"a", "ping"}, {"link", "href"}, {"object", "data"}, {"feimage", "href"},
	}
	for _, ta := range attrs {
		r, ok := htmlattr.Lookup([]byte(ta[0]), []byte(ta[1]))
		if !ok {
			fmt.Printf("%s@%s: no link\n", ta[0], ta[1])
			continue
		}
		fmt.Printf("%s@%s: %v %v flags=%d cond=%d\n", ta[0], ta[1], r.Kind, r.Role, r.Flags, r.Cond)
	}
	fmt.Println(htmlattr.LinkRole([]byte("Shortcut Icon")), htmlattr.LinkRole([]byte("canonical")))
	// Output:
	// img@src: URL Resource flags=0 cond=0
	// img@srcset: Srcset Resource flags=0 cond=0
	// img@alt: no link
	// img@data-src: URL Resource flags=1 cond=0
	// a@ping: SpaceList Ping flags=0 cond=0
	// link@href: URL Hyperlink flags=0 cond=2
	// object@data: URL Resource flags=4 cond=0
	// feimage@href: URL Resource flags=0 cond=0
	// Resource Hyperlink
}

func ExampleParseSrcset() {
	v := "data:image/png;base64,iVBO= 1x, /img/b,c.png 2x,/img/d.png 100w foo"
	for _, c := range htmlattr.ParseSrcset(v) {
		fmt.Printf("[%d:%d] %q %q ignored=%v\n", c.Start, c.End, c.URL, c.Descriptors, c.Ignored)
	}
	// Output:
	// [0:27] "data:image/png;base64,iVBO=" "1x" ignored=false
	// [32:44] "/img/b,c.png" "2x" ignored=false
	// [48:58] "/img/d.png" "100w foo" ignored=true
}

func ExampleParseRefresh() {
	content := "3; URL='/next page.html'"
	delay, start, end, ok := htmlattr.ParseRefresh(content)
	fmt.Println(delay, content[start:end], ok)
	// Output:
	// 3 /next page.html true
}
