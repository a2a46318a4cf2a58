package cssurl_test

import (
	"fmt"

	"github.com/relink-go/relink/cssurl"
)

func ExampleFind() {
	css := []byte(`@import "base.css"; /* url(no.png) */
.a { background: URL( img/a\29 .png ) }
.b { background-image: image-set("b.avif" type("image/avif"), 'b.png' 1x) }`)
	cssurl.Find(css, func(u cssurl.URL) {
		fmt.Printf("%q => %q quote=%q import=%v\n", css[u.Start:u.End], u.Value, u.Quote, u.Import)
	})
	// Output:
	// "base.css" => "base.css" quote='"' import=true
	// "img/a\\29 .png" => "img/a).png" quote='\x00' import=false
	// "b.avif" => "b.avif" quote='"' import=false
	// "b.png" => "b.png" quote='\'' import=false
}

func ExampleScanner() {
	// The text of a style element, as it might arrive.
	chunks := []string{"body { back", "ground: url(/img/b", "g.png) }"}
	var s cssurl.Scanner
	offset := int64(100) // where the style element's text starts in the document
	for _, c := range chunks {
		s.Feed([]byte(c), offset, func(u cssurl.URL) {
			fmt.Println(u.Start, u.End, u.Value)
		})
		offset += int64(len(c))
	}
	s.Close(func(u cssurl.URL) { fmt.Println(u.Start, u.End, u.Value) })
	// Output:
	// 123 134 /img/bg.png
}
