package extract

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/transform"
)

// TestTextRunCut checks that a run of text longer than maxTextRun is
// searched in pieces cut at white space: every link of it is found whole,
// at its place (Start, End, Line, Column), however the document is fed.
func TestTextRunCut(t *testing.T) {
	var doc strings.Builder
	doc.WriteString("<p>")
	var want []string
	for i := 0; doc.Len() < 3*maxTextRun; i++ {
		if i%7 == 0 {
			doc.WriteString("\n")
		}
		link := fmt.Sprintf("www.example.com/page/%d?a=1&amp;b=2", i)
		start := doc.Len()
		doc.WriteString("Lorem ipsum dolor sit amet, " + link + " and more. ")
		want = append(want, fmt.Sprintf("%d-%d", start+len("Lorem ipsum dolor sit amet, "), start+len("Lorem ipsum dolor sit amet, ")+len(link)))
	}
	doc.WriteString("</p>")
	in := []byte(doc.String())
	for _, chunk := range []int{0, 1, 1000, 4093} {
		var got []string
		x := NewHTML(Options{TextLinks: true}, func(l *Link) error {
			got = append(got, fmt.Sprintf("%d-%d", l.Start, l.End))
			line := 1 + bytes.Count(in[:l.Start], []byte("\n"))
			col := int(l.Start) - bytes.LastIndexByte(in[:l.Start], '\n')
			if l.Line != line || l.Column != col {
				t.Errorf("chunk %d: link at %d: line %d column %d, want %d %d", chunk, l.Start, l.Line, l.Column, line, col)
			}
			return nil
		})
		var err error
		if chunk == 0 {
			_, _, err = transform.Bytes(x, in)
		} else {
			for i := 0; i < len(in) && err == nil; i += chunk {
				err = x.Feed(in[i:min(len(in), i+chunk)], i+chunk >= len(in))
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("chunk %d: %d links, want %d; first %v", chunk, len(got), len(want), got[:min(3, len(got))])
		}
	}
}
