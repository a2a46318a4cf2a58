package rewrite_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/relink-go/relink/rewrite"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"
)

func ExampleLinkifyString() {
	fmt.Println(rewrite.LinkifyString("Docs at https://例え.テスト/パス, or mail <joe@example.com>.", rewrite.LinkifyOptions{}))
	fmt.Println(rewrite.LinkifyString("Docs: example.com/a_(b)!", rewrite.LinkifyOptions{Format: rewrite.LinkifyMarkdown}))
	// Output:
	// Docs at <a href="https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9" rel="nofollow noopener">https://例え.テスト/パス</a>, or mail &lt;<a href="mailto:joe@example.com" rel="nofollow noopener">joe@example.com</a>&gt;.
	// Docs: [example.com/a\_\(b\)](<http://example.com/a_(b)>)\!
}

// A Linkify is a transform.Transformer: chain it after a decoder to
// linkify a text in a legacy charset as it streams.
func ExampleNewLinkify() {
	in, _ := charmap.Windows1252.NewEncoder().String("Café menu: café.example.com/menu?plat=crêpe\n")
	t := transform.Chain(charmap.Windows1252.NewDecoder(), rewrite.NewLinkify(rewrite.LinkifyOptions{Rel: "ugc", Target: "_blank"}))
	io.Copy(os.Stdout, transform.NewReader(strings.NewReader(in), t))
	// Output:
	// Café menu: <a href="http://xn--caf-dma.example.com/menu?plat=cr%C3%AApe" rel="ugc" target="_blank">café.example.com/menu?plat=crêpe</a>
}
