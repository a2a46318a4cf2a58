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

// A Linkifier is a transform.Transformer: it linkifies a stream, here a
// text in a legacy charset, whose links are written in UTF-8 as the rest
// of the output is.
func ExampleNew() {
	in, _ := charmap.Windows1252.NewEncoder().String("Café menu: café.example.com/menu?plat=crêpe\n")
	l := linkify.New(linkify.Options{Rel: "ugc", Target: "_blank", Charset: "windows-1252"})
	io.Copy(os.Stdout, transform.NewReader(strings.NewReader(in), l))
	// Output:
	// Café menu: <a href="http://xn--caf-dma.example.com/menu?plat=cr%C3%AApe" rel="ugc" target="_blank">café.example.com/menu?plat=crêpe</a><br>
}

// An unlabeled text in a legacy charset is read in the charset its bytes
// make most likely.
func ExampleOptions_guessed() {
	in, _ := charmap.Windows1251.NewEncoder().String(strings.Repeat("Кодировка этого текста не указана. ", 4) + "Статья: https://ru.wikipedia.org/wiki/Юникод\n")
	out, _, _ := transform.String(linkify.New(linkify.Options{NoRel: true}), in)
	fmt.Print(out[strings.Index(out, "Статья"):])
	// Output:
	// Статья: <a href="https://ru.wikipedia.org/wiki/%D0%AE%D0%BD%D0%B8%D0%BA%D0%BE%D0%B4">https://ru.wikipedia.org/wiki/Юникод</a><br>
}

// NoRel leaves out the rel attribute, for text whose links are trusted.
func ExampleOptions_noRel() {
	fmt.Println(linkify.String("See www.example.org.", linkify.Options{NoRel: true}))
	// Output:
	// See <a href="http://www.example.org/">www.example.org</a>.
}

// The lines and indentation of a text are kept: by default with <br> and
// &nbsp;, or in a pre element.
func ExampleLayout() {
	text := "Hi,\n\n  see example.com\n"
	fmt.Print(linkify.String(text, linkify.Options{NoRel: true}))
	fmt.Println(linkify.String(text, linkify.Options{NoRel: true, Layout: linkify.LayoutPre}))
	// Output:
	// Hi,<br>
	// <br>
	// &nbsp;&nbsp;see <a href="http://example.com/">example.com</a><br>
	// <pre style="white-space: pre-wrap">
	// Hi,
	//
	//   see <a href="http://example.com/">example.com</a>
	// </pre>
}

// Mail writes the text of a mail message, decoded, with its links made
// links; the header is not written.
func ExampleMail() {
	msg := "From: joe@example.com\r\nMessage-ID: <abc@example.com>\r\n" +
		"Content-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"Caf=E9 menu: https://caf=E9.example/menu?plat=3Dcr=EApe\r\n"
	linkify.Mail(os.Stdout, []byte(msg), linkify.Options{Layout: linkify.LayoutNone, NoRel: true})
	// Output:
	// Café menu: <a href="https://xn--caf-dma.example/menu?plat=cr%C3%AApe">https://café.example/menu?plat=crêpe</a>
}
