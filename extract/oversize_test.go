package extract

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// TestOversizeOnce checks that a construct longer than MaxTagSize, which
// the tokenizer passes on in several tokens, is reported once, with its
// offset, at every chunk size.
func TestOversizeOnce(t *testing.T) {
	doc := "<p>a</p>\n<p title=\"" + strings.Repeat("x", 300) + "\"><!--" + strings.Repeat("y", 500) + "--><a href=b>c</a>"
	second := strings.Index(doc, "<!--")
	want := fmt.Sprint([]int64{9, int64(second)})
	var got []int64
	transformtest.Sweep{
		In: []byte(doc),
		New: func() transform.Transformer {
			got = nil
			return NewHTML(Options{MaxTagSize: 64}, func(l *Link) error {
				var oe *OversizeError
				if errors.As(l.Err, &oe) {
					if oe.Offset != l.Offset {
						t.Errorf("error offset %d, link offset %d", oe.Offset, l.Offset)
					}
					got = append(got, oe.Offset)
				}
				return nil
			})
		},
		Dst:  []int{1, 7, 64, 100, 0},
		Want: []byte(doc),
		Check: func([]byte) error {
			if fmt.Sprint(got) != want {
				return fmt.Errorf("oversize reports at %v, want %v", got, want)
			}
			return nil
		},
	}.Run(t)
}
