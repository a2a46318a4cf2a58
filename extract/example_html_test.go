package extract_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
)

// ExampleHTML_ReadFrom lists the links of a page in windows-1252, as a
// browser would request them: the path in UTF-8, the query in the page's
// charset.
func ExampleHTML_ReadFrom() {
	page := "<meta charset=windows-1252><base href=/docs/>" +
		"<a href=caf\xe9.html?q=caf\xe9>Caf\xe9</a> <img srcset='a.png 1x, b.png 2x'>"
	x := extract.NewHTML(extract.Options{BaseURL: "https://example.com/index.html"}, func(l *extract.Link) error {
		fmt.Printf("%s@%s %s %q\n", l.Tag, l.Attr, l.Href, l.Text)
		return nil
	})
	if _, err := x.ReadFrom(strings.NewReader(page)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// base@href https://example.com/docs/ ""
	// a@href https://example.com/docs/caf%C3%A9.html?q=caf%E9 "Café"
	// img@srcset https://example.com/docs/a.png ""
	// img@srcset https://example.com/docs/b.png ""
}

// A page that declares no charset: its charset is guessed from its bytes,
// here Russian text in KOI8-R.
func ExampleDetectCharset_guessed() {
	page := []byte("<title>\xf0\xd2\xc9\xcd\xc5\xd2</title><p>\xeb\xcf\xc4\xc9\xd2\xcf\xd7\xcb\xc1 \xd3\xd4\xd2\xc1\xce\xc9\xc3\xd9 \xce\xc5 \xd5\xcb\xc1\xda\xc1\xce\xc1.</p>")
	cs := extract.DetectCharset(page, "", "")
	fmt.Println(cs.Name, cs.Source, cs.Guessed)
	// With a fallback, nothing is guessed.
	cs = extract.DetectCharset(page, "", "windows-1252")
	fmt.Println(cs.Name, cs.Source, cs.Guessed)
	// UTF-8 with a stray byte is UTF-8 with errors, a guess too; valid
	// UTF-8 is not.
	cs = extract.DetectCharset([]byte("<p>Price: 10\x80 <a href=\"/café\">café</a>"), "", "")
	fmt.Println(cs.Name, cs.Source, cs.Guessed)
	cs = extract.DetectCharset([]byte("<p><a href=\"/café\">café</a>"), "", "")
	fmt.Println(cs.Name, cs.Source, cs.Guessed)
	// Output:
	// koi8-r detected true
	// windows-1252 default false
	// utf-8 detected true
	// utf-8 detected false
}
