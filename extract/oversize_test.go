package extract

import (
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
	want := fmt.Sprint([]OversizeError{{ConstructTag, 9, 2}, {ConstructComment, int64(second), 2}})
	var got []OversizeError
	transformtest.Sweep{
		In: []byte(doc),
		New: func() transform.Transformer {
			got = nil
			return NewHTML(Options{MaxTagSize: 64, Oversize: func(e *OversizeError) { got = append(got, *e) }}, func(l *Link) error {
				if l.Err != nil {
					t.Errorf("link %+v: err %v", l, l.Err)
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

// TestOversizeConstructs checks what each kind of oversize construct is
// reported as.
func TestOversizeConstructs(t *testing.T) {
	long := strings.Repeat("x", 100)
	for _, c := range []struct {
		doc  string
		want Construct
	}{
		{"<p title=" + long + ">", ConstructTag},
		{"</p " + long + ">", ConstructTag},
		{"<!--" + long + "-->", ConstructComment},
		{"<!DOCTYPE html " + long + ">", ConstructComment},
		{"<svg><![CDATA[" + long + "]]></svg>", ConstructComment},
		{"<?xml " + long + "?>", ConstructComment},
		{"</ " + long + ">", ConstructComment},
	} {
		var got []Construct
		x := NewHTML(Options{MaxTagSize: 32, Oversize: func(e *OversizeError) { got = append(got, e.Construct) }}, func(*Link) error { return nil })
		if _, err := x.ReadFrom(strings.NewReader(c.doc)); err != nil || len(got) != 1 || got[0] != c.want {
			t.Errorf("%.20q: %v, %v; want one %v", c.doc, got, err, c.want)
		}
	}
}
