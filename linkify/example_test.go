package linkify_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/relink-go/relink/linkify"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"
)

func Example() {
	fmt.Println(linkify.String("Docs at https://例え.テスト/パス, or mail <joe@example.com>.", linkify.Options{}))
	fmt.Println(linkify.String("Docs: example.com/a_(b)!", linkify.Options{Format: linkify.FormatMarkdown}))
	// Output:
	// Docs at <a href="https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9" rel="nofollow noopener">https://例え.テスト/パス</a>, or mail &lt;<a href="mailto:joe@example.com" rel="nofollow noopener">joe@example.com</a>&gt;.
	// Docs: [example.com/a\_\(b\)](<http://example.com/a_(b)>)\!
}

// A Linkifier is a transform.Transformer: chain it after a decoder to
// linkify a text in a legacy charset as it streams.
func ExampleNew() {
	in, _ := charmap.Windows1252.NewEncoder().String("Café menu: café.example.com/menu?plat=crêpe\n")
	t := transform.Chain(charmap.Windows1252.NewDecoder(), linkify.New(linkify.Options{Rel: "ugc", Target: "_blank"}))
	io.Copy(os.Stdout, transform.NewReader(strings.NewReader(in), t))
	// Output:
	// Café menu: <a href="http://xn--caf-dma.example.com/menu?plat=cr%C3%AApe" rel="ugc" target="_blank">café.example.com/menu?plat=crêpe</a>
}

// NoRel leaves out the rel attribute, for text whose links are trusted.
func ExampleOptions_noRel() {
	fmt.Println(linkify.String("See www.example.org.", linkify.Options{NoRel: true}))
	// Output:
	// See <a href="http://www.example.org/">www.example.org</a>.
}
