package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

func TestMarkdown(t *testing.T) {
	src := "\xEF\xBB\xBF# Title\n\nSee `Date.now()` and `</a>`, [addons](n-api.md), ![i](<a b.png>)\n" +
		"and [ref][r], <https://x.example/>, www.example.com.\n\n" +
		"<p><a href=\"h.html\">h</a></p>\n\n" +
		"```\n[no](code.md)\n```\n\n[r]: /r.md \"t\"\n"
	want := []string{
		`3 markdown/link Hyperlink "n-api.md" https://nodejs.org/api/n-api.md "n-api.md"`,
		`3 markdown/image Resource "a b.png" https://nodejs.org/api/a%20b.png "<a b.png>"`,
		`4 markdown/autolink Hyperlink "https://x.example/" https://x.example/ "https://x.example/"`,
		`4 markdown/autolink Hyperlink "http://www.example.com" http://www.example.com/ "www.example.com"`,
		`6 a/href Hyperlink "h.html" https://nodejs.org/api/h.html "h.html"`,
		`12 markdown/definition Hyperlink "/r.md" https://nodejs.org/r.md "/r.md"`,
	}
	// Fed in pieces of every size, and transformed.
	for _, feed := range []bool{true, false} {
		var got []string
		transformtest.Sweep{
			Name: fmt.Sprintf("feed=%v", feed),
			In:   []byte(src),
			New: func() transform.Transformer {
				got = nil
				x := NewMarkdown(Options{BaseURL: "https://nodejs.org/api/"}, func(l *Link) error {
					if w := src[l.Start:l.End]; l.Tag == "markdown" && !strings.Contains(w, strings.Trim(l.Value, "<>")) && l.Attr != "autolink" {
						t.Errorf("%q: written %q", l.Value, w)
					}
					got = append(got, fmt.Sprintf("%d %s/%s %v %q %s %q", l.Line, l.Tag, l.Attr, l.Role, l.Value, l.Href, src[l.Start:l.End]))
					return nil
				})
				if !feed {
					return x
				}
				return transformtest.Feeder(x.Feed)
			},
			Want: []byte(src),
			Check: func([]byte) error {
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					return fmt.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				return nil
			},
		}.Run(t)
	}
}

func TestMarkdownTooLong(t *testing.T) {
	x := NewMarkdown(Options{}, func(*Link) error { return nil }).(*markdownExtractor)
	x.max = 10
	err := x.Feed([]byte("0123456789ab"), true)
	if _, ok := err.(*wholeSizeError); !ok {
		t.Fatalf("err = %v, want a *wholeSizeError", err)
	}
}
