package rewrite

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// TestOversizeCallback checks that Options.Oversize is called once for
// each construct passed through unexamined, in HTML and in CSS.
func TestOversizeCallback(t *testing.T) {
	html := "<p>a</p>\n<p title=\"" + strings.Repeat("x", 300) + "\">\n<a href=b>c</a>"
	css := "a{b:url(x)}\nc{d:url(" + strings.Repeat("y", extract.DefaultMaxCSSURLLen+1) + ")}"
	tests := []struct {
		name string
		new  func(Options) transform.Transformer
		doc  string
		want string
	}{
		{"html", func(o Options) transform.Transformer { o.MaxTagSize = 64; return NewHTML(o) }, html, "[9:2]"},
		{"css", func(o Options) transform.Transformer { return NewCSS(o) }, css, "[20:2]"},
	}
	for _, tt := range tests {
		var got []string
		transformtest.Sweep{
			Name: tt.name,
			In:   []byte(tt.doc),
			New: func() transform.Transformer {
				got = nil
				return tt.new(Options{Resolve: ResolveAbsolute, BaseURL: "http://e/", Oversize: func(err error, line int) {
					var oe *extract.OversizeError
					if !errors.As(err, &oe) {
						t.Fatalf("%s: err %v, want an *extract.OversizeError", tt.name, err)
					}
					got = append(got, fmt.Sprintf("%d:%d", oe.Offset, line))
				}})
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
