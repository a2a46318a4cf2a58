package extract_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
)

// An extractor reused for page after page, each with its own URL and
// charset, as the pages of a WARC file come: ResetOptions readies it for
// the next one, keeping the memory it has grown.
func ExampleExtractor_ResetOptions() {
	pages := []struct{ url, charset, body string }{
		{"http://example.com/a/", "utf-8", `<a href="b.html?q=é">b</a>`},
		{"http://example.org/", "windows-1252", "<a href=\"c.html?q=\xe9\">c</a>"},
	}
	x := extract.NewHTML(extract.Options{}, func(l *extract.Link) error {
		fmt.Println(l.Href)
		return nil
	})
	for _, p := range pages {
		x.ResetOptions(extract.Options{BaseURL: p.url, Charset: p.charset})
		if _, err := x.ReadFrom(strings.NewReader(p.body)); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// http://example.com/a/b.html?q=%C3%A9
	// http://example.org/c.html?q=%E9
}
