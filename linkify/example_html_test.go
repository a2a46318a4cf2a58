package linkify_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/relink-go/relink/linkify"
	"golang.org/x/text/transform"
)

// NewHTML makes links of the URLs and email addresses written in the
// text of an HTML document, and leaves every other byte as it is: the
// a element already there, the code, the attribute, the comment, and
// "&amp;" in the text of the link made.
func ExampleNewHTML() {
	doc := `<p>See example.com/a?b=1&amp;c=2 or <a href="/faq">the FAQ at example.com/faq</a>.</p>
<p>Install with <code>pip install setup.py</code>; mail joe@example.com <!-- or example.org --></p>
`
	r := transform.NewReader(strings.NewReader(doc), linkify.NewHTML(linkify.Options{Rel: "ugc"}))
	if _, err := os.Stdout.ReadFrom(r); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <p>See <a href="http://example.com/a?b=1&amp;c=2" rel="ugc">example.com/a?b=1&amp;c=2</a> or <a href="/faq">the FAQ at example.com/faq</a>.</p>
	// <p>Install with <code>pip install setup.py</code>; mail <a href="mailto:joe@example.com" rel="ugc">joe@example.com</a> <!-- or example.org --></p>
}

// Options.Edit sees each link before it is written, as bleach's
// callbacks do: here it drops the links to one host, and adds
// rel="sponsored" to those of another. Options.MaxText shortens the
// visible text of long links, the whole link in the title, and
// Options.Strict leaves a domain written without a scheme as text.
func ExampleOptions_edit() {
	opts := linkify.Options{
		Strict:  true,
		MaxText: 24,
		Edit: func(l *linkify.Link) bool {
			if strings.Contains(l.Href, "//spam.example/") {
				return false
			}
			if strings.Contains(l.Href, "//shop.example/") {
				l.Rel += " sponsored"
			}
			return true
		},
		Charset: "utf-8",
	}
	fmt.Println(linkify.HTMLString(`<p>https://spam.example/win, https://shop.example/deals/2026/november/all-of-them, README.md</p>`, opts))
	// Output:
	// <p>https://spam.example/win, <a href="https://shop.example/deals/2026/november/all-of-them" title="https://shop.example/deals/2026/november/all-of-them" rel="nofollow noopener sponsored">https://shop.…ll-of-them</a>, README.md</p>
}
