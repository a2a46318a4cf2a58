package markdown_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/markdown"
)

// Example finds the links of a Markdown document and rewrites the
// destinations of those that point to .md files, leaving every other byte,
// code blocks included, as it was.
func Example() {
	src := []byte("See [the guide](guide.md), `[not](a-link.md)` and <https://example.com/>.\n\n" +
		"    [code](stays.md)\n\n[ref]: docs/api.md\n")
	doc := markdown.Parse(src)
	for _, l := range doc.Links {
		fmt.Printf("%v at %d: %s\n", l.Kind, l.Dest.Start, src[l.Dest.Start:l.Dest.End])
	}
	out, err := markdown.Rewrite(src, doc, func(l *markdown.Link) (string, bool) {
		if rest, ok := strings.CutSuffix(l.Value, ".md"); ok {
			return rest + ".html", true
		}
		return "", false
	})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%s", out)
	// Output:
	// inline link at 16: guide.md
	// autolink at 51: https://example.com/
	// definition at 104: docs/api.md
	// See [the guide](guide.html), `[not](a-link.md)` and <https://example.com/>.
	//
	//     [code](stays.md)
	//
	// [ref]: docs/api.html
}

func ExampleParse() {
	src := []byte("See [the guide](guide.md \"Guide\"), `[not](a-link.md)`,\n" +
		"<https://example.com/> or www.example.org.\n\n" +
		"[ref]: <docs/a b.md>\n\n" +
		"Read [this][ref]. <a href=\"x.html\">HTML</a>\n")
	doc := markdown.Parse(src)
	for _, l := range doc.Links {
		fmt.Printf("%v: %q means %q\n", l.Kind, src[l.Dest.Start:l.Dest.End], l.Value)
	}
	for _, h := range doc.HTML {
		for _, s := range h.Segments {
			fmt.Printf("HTML: %s\n", src[s.Start:s.End])
		}
	}
	// Output:
	// inline link: "guide.md" means "guide.md"
	// autolink: "https://example.com/" means "https://example.com/"
	// extended autolink: "www.example.org" means "http://www.example.org"
	// definition: "<docs/a b.md>" means "docs/a b.md"
	// reference link: "<docs/a b.md>" means "docs/a b.md"
	// HTML: <a href="x.html">
	// HTML: </a>
}

func ExampleRewrite() {
	src := []byte("[guide](guide.md) and ![logo](img/logo.png)\n\n    [code](stays.md)\n")
	doc := markdown.Parse(src)
	out, err := markdown.Rewrite(src, doc, func(l *markdown.Link) (string, bool) {
		if strings.HasSuffix(l.Value, ".md") {
			return strings.TrimSuffix(l.Value, ".md") + " (v2).html", true
		}
		return "", false
	})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%s", out)
	// Output:
	// [guide](<guide (v2).html>) and ![logo](img/logo.png)
	//
	//     [code](stays.md)
}
