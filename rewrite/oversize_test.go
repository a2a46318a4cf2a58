package rewrite

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
)

// TestOversizeCallback checks that Options.Oversize is called once for
// each construct passed through unexamined, in HTML and in CSS.
func TestOversizeCallback(t *testing.T) {
	html := "<p>a</p>\n<p title=\"" + strings.Repeat("x", 300) + "\">\n<a href=b>c</a>"
	css := "a{b:url(x)}\nc{d:url(" + strings.Repeat("y", extract.DefaultMaxCSSURLLen+1) + ")}"
	tests := []struct {
		name string
		new  func(Options) transformer
		doc  string
		want string
	}{
		{"html", func(o Options) transformer { o.MaxTagSize = 64; return NewHTML(o) }, html, "[9:2]"},
		{"css", func(o Options) transformer { return NewCSS(o) }, css, "[20:2]"},
	}
	for _, tt := range tests {
		for _, chunk := range []int{1, 100, 0} {
			var got []string
			r := tt.new(Options{Resolve: Absolute, BaseURL: "http://e/", Oversize: func(err error, line int) {
				var oe *extract.OversizeError
				if !errors.As(err, &oe) {
					t.Fatalf("%s: err %v, want an *extract.OversizeError", tt.name, err)
				}
				got = append(got, fmt.Sprintf("%d:%d", oe.Offset, line))
			}})
			out := run(t, r, []byte(tt.doc), chunk, 0)
			if fmt.Sprint(got) != tt.want {
				t.Errorf("%s, chunk %d: oversize %v, want %v", tt.name, chunk, got, tt.want)
			}
			if !strings.Contains(string(out), "http://e/") {
				t.Errorf("%s, chunk %d: the other links were not rewritten", tt.name, chunk)
			}
		}
	}
}

type transformer interface {
	Transform(dst, src []byte, atEOF bool) (int, int, error)
	Reset()
}
