package rewrite

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"github.com/relink-go/relink/textlink"
	"golang.org/x/text/transform"
)

// TestOversizeCallback checks that Options.Oversize is called once for
// each construct passed through unexamined, in HTML, in CSS, in the raw
// HTML of Markdown and in plain text (a candidate for a link longer than
// textlink.MaxLen, at its start), in a text document and in the text of
// HTML.
func TestOversizeCallback(t *testing.T) {
	html := "<p>a</p>\n<p title=\"" + strings.Repeat("x", 300) + "\">\n<a href=b>c</a>"
	css := "a{b:url(x)}\nc{d:url(" + strings.Repeat("y", 64<<10+1) + ")}"
	md := "[a](x)\n\n<p title=\"" + strings.Repeat("x", 300) + "\">\n\n[b](y)\n"
	long := "https://e/" + strings.Repeat("z", textlink.MaxLen)
	text := "see http://e/a\n" + long + " http://e/b"
	textHTML := "<p><a href=x>a</a>\n" + long + " https://e/b"
	tests := []struct {
		name string
		new  func(Options) transform.Transformer
		doc  string
		want string
	}{
		{"html", func(o Options) transform.Transformer { o.MaxTagSize = 64; return NewHTML(o) }, html, "[9:2]"},
		{"css", func(o Options) transform.Transformer { return NewCSS(o) }, css, "[20:2]"},
		{"markdown", func(o Options) transform.Transformer { o.MaxTagSize = 64; return NewMarkdown(o) }, md, "[8:3]"},
		{"text", func(o Options) transform.Transformer { return NewText(o) }, text, "[15:2]"},
		{"html text links", func(o Options) transform.Transformer { o.TextLinks = true; return NewHTML(o) }, textHTML, "[19:2]"},
	}
	for _, tt := range tests {
		var got []string
		transformtest.Sweep{
			Name: tt.name,
			In:   []byte(tt.doc),
			New: func() transform.Transformer {
				got = nil
				return tt.new(Options{
					Resolve: ResolveAbsolute,
					Options: extract.Options{BaseURL: "http://e/", Oversize: func(e *extract.OversizeError) {
						got = append(got, fmt.Sprintf("%d:%d", e.Offset, e.Line))
					}},
				})
			},
			Dst: []int{1, 0},
			Check: func(out []byte) error {
				if fmt.Sprint(got) != tt.want {
					return fmt.Errorf("oversize %v, want %v", got, tt.want)
				}
				if !strings.Contains(string(out), "http://e/") {
					return fmt.Errorf("the other links were not rewritten")
				}
				return nil
			},
		}.Run(t)
	}
}
