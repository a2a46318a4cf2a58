package charset_test

import (
	"fmt"

	"github.com/relink-go/relink/charset"
)

func ExampleDetect() {
	page := []byte(`<!doctype html><meta charset="koi8-r"><title>...</title>`)
	for _, c := range []charset.Charset{
		charset.Detect(charset.HTML, page, "", ""),
		charset.Detect(charset.HTML, page, "text/html; charset=Shift_JIS", ""),
		charset.Detect(charset.Text, page, "", ""),
		charset.Detect(charset.CSS, []byte(`@charset "latin1"; a{}`), "", ""),
	} {
		fmt.Println(c.Name, c.Source)
	}
	// Output:
	// koi8-r meta
	// shift_jis transport
	// utf-8 default
	// windows-1252 @charset
}

// A page that declares no charset: its charset is guessed from its bytes,
// here Russian text in KOI8-R.
func ExampleDetect_guessed() {
	page := []byte("<title>\xf0\xd2\xc9\xcd\xc5\xd2</title><p>\xeb\xcf\xc4\xc9\xd2\xcf\xd7\xcb\xc1 \xd3\xd4\xd2\xc1\xce\xc9\xc3\xd9 \xce\xc5 \xd5\xcb\xc1\xda\xc1\xce\xc1.</p>")
	cs := charset.Detect(charset.HTML, page, "", "")
	fmt.Println(cs.Name, cs.Source, cs.Guessed)
	// With a fallback, nothing is guessed.
	cs = charset.Detect(charset.HTML, page, "", "windows-1252")
	fmt.Println(cs.Name, cs.Source, cs.Guessed)
	// UTF-8 with a stray byte is UTF-8 with errors, a guess too; valid
	// UTF-8 is not.
	cs = charset.Detect(charset.HTML, []byte("<p>Price: 10\x80 <a href=\"/café\">café</a>"), "", "")
	fmt.Println(cs.Name, cs.Source, cs.Guessed)
	cs = charset.Detect(charset.HTML, []byte("<p><a href=\"/café\">café</a>"), "", "")
	fmt.Println(cs.Name, cs.Source, cs.Guessed)
	// Output:
	// koi8-r detected true
	// windows-1252 default false
	// utf-8 detected true
	// utf-8 detected false
}
