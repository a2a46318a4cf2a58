package charset_test

import (
	"fmt"

	"github.com/relink-go/relink/internal/charset"
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
