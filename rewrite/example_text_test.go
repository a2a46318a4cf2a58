package rewrite_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"
)

func ExampleNewText() {
	const text = "See www.bücher.de/regal (or https://de.wikipedia.org/wiki/D%C3%BCrst).\nMail jörg@bücher.de.\n"
	for _, to := range []rewrite.Form{rewrite.FormURI, rewrite.FormIRI} {
		t := rewrite.NewText(rewrite.Options{To: to})
		out, _, err := transform.String(t, text)
		if err != nil {
			panic(err)
		}
		fmt.Print(out)
		fmt.Printf("%+v\n", t.Stats())
	}
	// Output:
	// See www.xn--bcher-kva.de/regal (or https://de.wikipedia.org/wiki/D%C3%BCrst).
	// Mail jörg@xn--bcher-kva.de.
	// {Links:3 Rewritten:2 Kept:0 Invalid:0 Guessed:0 Placeholders:0}
	// See www.bücher.de/regal (or https://de.wikipedia.org/wiki/Dürst).
	// Mail jörg@bücher.de.
	// {Links:3 Rewritten:1 Kept:0 Invalid:0 Guessed:0 Placeholders:0}
}

// A text in a legacy charset stays in it: here the display form of a
// path in KOI8-R, and the percent-encoded query left as it is, since its
// bytes may be meant in KOI8-R.
func ExampleText_legacyCharset() {
	in, _ := charmap.KOI8R.NewEncoder().String("Поиск: http://пример.рф/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%D0%AE\n")
	t := rewrite.NewText(rewrite.Options{To: rewrite.FormIRI, Options: extract.Options{Charset: "koi8-r"}})
	io.Copy(os.Stdout, transform.NewReader(strings.NewReader(in), transform.Chain(t, charmap.KOI8R.NewDecoder())))
	// Output:
	// Поиск: http://пример.рф/поиск?q=%D0%AE
}
