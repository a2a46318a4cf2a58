package rewrite

import (
	"fmt"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// TestFormKeep is issue 18 item 4 in the library: FormKeep, the zero
// value of To, changes only what Resolve and Map ask for. With neither,
// no link changes, whatever its form (IRIs, URIs, links no browser would
// send as written); with Resolve or Map, only the links they touch
// change, each in the form it is written in: an IRI stays an IRI, a URI a
// URI.
func TestFormKeep(t *testing.T) {
	const page = `<meta charset=utf-8><a href="https://ja.wikipedia.org/wiki/日本">ja</a> <a href="https://example.org/api/%E6%97%A5">pct</a>` +
		` <a href="api/café.html">rel</a> <a href="#SQLITE_DBSTATUS options">frag</a> <a href="HTTP://Example.COM">abs</a>`
	const text = "see https://ja.wikipedia.org/wiki/日本, www.bücher.de/päth and http://Example.COM or https://example.org/api/x|y\n"
	nothing := prefixMap("https://nowhere.example", "https://elsewhere.example", nil)
	api := prefixMap("https://example.org/api", "https://docs.example/api", nil)
	tests := []struct {
		typ  extract.Type
		opts Options
		in   string
		want string
	}{
		{extract.TypeHTML, Options{Options: extract.Options{BaseURL: "https://example.org/"}}, page, page},
		{extract.TypeHTML, Options{Map: nothing, Options: extract.Options{BaseURL: "https://example.org/"}}, page, page},
		{extract.TypeHTML, Options{Map: api, Options: extract.Options{BaseURL: "https://example.org/"}}, page,
			`<meta charset=utf-8><a href="https://ja.wikipedia.org/wiki/日本">ja</a> <a href="https://docs.example/api/%E6%97%A5">pct</a>` +
				` <a href="https://docs.example/api/café.html">rel</a> <a href="#SQLITE_DBSTATUS options">frag</a> <a href="HTTP://Example.COM">abs</a>`},
		{extract.TypeHTML, Options{Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: "https://example.org/"}}, page,
			`<meta charset=utf-8><a href="https://ja.wikipedia.org/wiki/日本">ja</a> <a href="https://example.org/api/%E6%97%A5">pct</a>` +
				` <a href="https://example.org/api/café.html">rel</a> <a href="https://example.org/#SQLITE_DBSTATUS%20options">frag</a> <a href="HTTP://Example.COM">abs</a>`},
		{extract.TypeText, Options{}, text, text},
		{extract.TypeText, Options{Map: nothing}, text, text},
		{extract.TypeText, Options{Resolve: ResolveAbsolute}, text,
			"see https://ja.wikipedia.org/wiki/日本, http://www.bücher.de/päth and http://Example.COM or https://example.org/api/x|y\n"},
		{extract.TypeText, Options{Map: api}, text,
			"see https://ja.wikipedia.org/wiki/日本, www.bücher.de/päth and http://Example.COM or https://docs.example/api/x%7Cy\n"},
		{extract.TypeCSS, Options{Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: "https://example.org/"}}, `a{b:url("x y.png")} c{d:url("https://h.example/ü")} e{f:url(dé.png)}`,
			`a{b:url("https://example.org/x%20y.png")} c{d:url("https://h.example/ü")} e{f:url(https://example.org/dé.png)}`},
		{extract.TypeMarkdown, Options{}, "[a](<x y.md>) [b](https://h.example/ü)\n", "[a](<x y.md>) [b](https://h.example/ü)\n"},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%v %+v", tt.typ, tt.opts)
		transformtest.Sweep{
			Name: name,
			In:   []byte(tt.in),
			New:  func() transform.Transformer { return New(tt.typ, tt.opts) },
			Want: []byte(tt.want),
		}.Run(t)
	}
}
