package extract

import (
	"fmt"
	"strings"
	"testing"
)

// TestPlainAnchor checks the anchor text of a elements whose text and end
// tag follow the start tag (reported at once, openAnchor) and of those
// that are read token by token: the same Text, and the links in the same
// order, whether the document comes whole or cut at every size (cut, the
// text and end tag are rarely in the chunk of the start tag).
func TestPlainAnchor(t *testing.T) {
	long := strings.Repeat("w ", 256) // 512 bytes: twice MaxAnchorText
	cases := []struct {
		doc  string
		text []string // the Text of each link, in order
	}{
		{`<a href=x>Next</a>`, []string{"Next"}},
		{"<a href=x>\n  Next\t page \n</a >", []string{"Next page"}},
		{`<a href=x>up</A><a href=y>down</a/>`, []string{"up", "down"}},
		{`<a href=x>a &amp; b&#13;c</a>`, []string{"a & b c"}},
		{"<a href=x>\u3000日本\u00a0語\u2028</a>", []string{"日本 語"}},
		{"<meta charset=utf-8><a href=x>a\xe2\x80b\xc2</a>", []string{"a\xe2\x80b\xc2"}},
		{`<a href=x>one <b>two</b></a>`, []string{"one two"}},
		{`<a href=x>one<img src=i>two</a>`, []string{"onetwo", ""}},
		{`<a href=x>one</ab>two</a>`, []string{"onetwo"}},
		{`<a href=x>one<a href=y>two</a>`, []string{"one", "two"}},
		{`<a href=x>one</a`, []string{"one"}}, // a tag cut by the end
		{`<a href=x>one`, []string{"one"}},
		{`<a href=x>a < b</a>`, []string{"a < b"}},
		{`<a href=x>a<!-- c --></a>`, []string{"a"}},
		{`<a href=x/>z</a>`, []string{"z"}}, // href "x/"
		{`<a href=x>` + long + `</a>`, []string{long[:256]}},
		{`<a href=x>` + long + `ww</a>`, []string{long[:256]}},
		{`<a href=x>` + strings.Repeat(" ", 600) + `tail</a>`, []string{"tail"}},
	}
	for i, c := range cases {
		var got []string
		x := NewHTML(Options{BaseURL: goldenBase}, func(l *Link) error {
			got = append(got, l.Text)
			return nil
		})
		if _, err := x.ReadFrom(strings.NewReader(c.doc)); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.text) {
			t.Errorf("case %d %q: texts %q, want %q", i, c.doc, got, c.text)
		}
		want, _ := extractAll(t, []byte(c.doc), Options{BaseURL: goldenBase}, 0, 0)
		htmlSweep(fmt.Sprintf("case %d", i), []byte(c.doc), Options{BaseURL: goldenBase}, want).Run(t)
	}
}
