package linkify

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/transform"
)

// layoutTests are texts whose lines and indentation a mail shows, and the
// exact HTML of each layout (issue 18, item 7: a mail linkified without a
// layout showed as one paragraph in a browser).
var layoutTests = []struct {
	name, in, br, pre, none string
}{
	{"empty", "", "", preStart + preEnd, ""},
	{"LF", "a\nb\n", "a<br>\nb<br>\n", preStart + "a\nb\n" + preEnd, "a\nb\n"},
	{"CRLF", "a\r\nb\r\n", "a<br>\r\nb<br>\r\n", preStart + "a\r\nb\r\n" + preEnd, "a\r\nb\r\n"},
	{"lone CR", "a\rb", "a<br>\rb", preStart + "a\rb" + preEnd, "a\rb"},
	{"CR CR LF", "a\r\r\nb", "a<br>\r<br>\r\nb", preStart + "a\r\r\nb" + preEnd, "a\r\r\nb"},
	{"blank lines", "Hi,\n\n\nbye", "Hi,<br>\n<br>\n<br>\nbye", preStart + "Hi,\n\n\nbye" + preEnd, "Hi,\n\n\nbye"},
	{"leading newline", "\nx", "<br>\nx", preStart + "\nx" + preEnd, "\nx"},
	{"leading spaces", "  two\n    four", "&nbsp;&nbsp;two<br>\n&nbsp;&nbsp;&nbsp;&nbsp;four",
		preStart + "  two\n    four" + preEnd, "  two\n    four"},
	{"leading tabs", "\tone\n  \ttab\n\t\ttwo", "&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;one<br>\n" +
		"&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;tab<br>\n" + strings.Repeat("&nbsp;", 16) + "two",
		preStart + "\tone\n  \ttab\n\t\ttwo" + preEnd, "\tone\n  \ttab\n\t\ttwo"},
	{"runs within a line", "a  b   c\td \t e", "a &nbsp;b &nbsp;&nbsp;c d &nbsp;&nbsp;e",
		preStart + "a  b   c\td \t e" + preEnd, "a  b   c\td \t e"},
	{"spaces before a line break", "a  \n b", "a &nbsp;<br>\n&nbsp;b", preStart + "a  \n b" + preEnd, "a  \n b"},
	{"quoted mail", "> quoted\n>  indented\n", "&gt; quoted<br>\n&gt; &nbsp;indented<br>\n",
		preStart + "&gt; quoted\n&gt;  indented\n" + preEnd, "&gt; quoted\n&gt;  indented\n"},
	{"link at line start", "  https://a.com/x\n\thttps://b.com/\r\n",
		`&nbsp;&nbsp;<a href="https://a.com/x"` + rel + `>https://a.com/x</a><br>` + "\n" +
			strings.Repeat("&nbsp;", 8) + `<a href="https://b.com/"` + rel + `>https://b.com/</a><br>` + "\r\n",
		preStart + `  <a href="https://a.com/x"` + rel + `>https://a.com/x</a>` + "\n\t" +
			`<a href="https://b.com/"` + rel + `>https://b.com/</a>` + "\r\n" + preEnd,
		`  <a href="https://a.com/x"` + rel + `>https://a.com/x</a>` + "\n\t" +
			`<a href="https://b.com/"` + rel + `>https://b.com/</a>` + "\r\n"},
	{"spaces after a link", "see https://a.com/  ok", `see <a href="https://a.com/"` + rel + `>https://a.com/</a> &nbsp;ok`,
		preStart + `see <a href="https://a.com/"` + rel + `>https://a.com/</a>  ok` + preEnd,
		`see <a href="https://a.com/"` + rel + `>https://a.com/</a>  ok`},
}

func TestLayout(t *testing.T) {
	for _, tt := range layoutTests {
		for _, c := range []struct {
			layout Layout
			want   string
		}{{LayoutBR, tt.br}, {LayoutPre, tt.pre}, {LayoutNone, tt.none}} {
			opts := Options{Layout: c.layout, DefaultCharset: "utf-8"}
			if got := String(tt.in, opts); got != c.want {
				t.Errorf("%s, layout %d:\n got %q\nwant %q", tt.name, c.layout, got, c.want)
			}
			// Markdown has no layout.
			opts.Format = FormatMarkdown
			if got, want := String(tt.in, opts), String(tt.in, Options{Format: FormatMarkdown, DefaultCharset: "utf-8"}); got != want {
				t.Errorf("%s, layout %d: Markdown %q, want %q", tt.name, c.layout, got, want)
			}
		}
	}
}

// TestLayoutChunks checks that the output of each layout does not depend
// on how the input and output are cut: a CR at the end of one piece and
// its LF at the start of the next make one <br>, a run of spaces cut in
// two is still one run.
func TestLayoutChunks(t *testing.T) {
	ins := linkifyInputs()
	for _, tt := range layoutTests {
		ins = append(ins, tt.in)
	}
	ins = append(ins, strings.Repeat("  x\r\n\t\ty  z\r\r\n", 700))
	for _, layout := range []Layout{LayoutBR, LayoutPre} {
		opts := Options{Layout: layout, DefaultCharset: "utf-8"}
		for _, in := range ins {
			if hasBOM(in) {
				continue
			}
			want := String(in, opts)
			if ref := layoutReference(String(in, u8(Options{})), layout); want != ref {
				t.Fatalf("%.40q, layout %d: output differs from the reference\n got %.300q\nwant %.300q", in, layout, want, ref)
			}
			sizes := 60
			if len(in) > 1000 {
				sizes = 8
			}
			src := append(transformtest.Sizes(sizes), len(in)+1)
			transformtest.Sweep{
				Name: fmt.Sprintf("layout %d %.40q", layout, in),
				In:   []byte(in),
				New:  func() transform.Transformer { return New(opts) },
				Src:  src,
				Dst:  []int{1, 3, 0},
				Want: []byte(want),
			}.Run(t)
		}
	}
}

// layoutReference lays out none, the output of LayoutNone for a text, as
// layout says, in one piece: the reference of the streamed output.
func layoutReference(none string, layout Layout) string {
	switch layout {
	case LayoutNone:
		return none
	case LayoutPre:
		return preStart + none + preEnd
	}
	var b strings.Builder
	started, space := false, false
	col := 0
	for i := 0; i < len(none); i++ {
		switch c := none[i]; c {
		case '<': // an a element's tags, copied
			j := strings.IndexByte(none[i:], '>')
			b.WriteString(none[i : i+j+1])
			i += j
			started, space = true, false
		case '\r', '\n':
			if c == '\r' || i == 0 || none[i-1] != '\r' {
				b.WriteString("<br>")
			}
			b.WriteByte(c)
			started, space, col = false, false, 0
		case ' ', '\t':
			switch {
			case !started && c == '\t':
				k := 8 - col%8
				col += k
				b.WriteString(strings.Repeat(nbsp, k))
			case !started:
				col++
				b.WriteString(nbsp)
			case space:
				b.WriteString(nbsp)
			default:
				b.WriteByte(' ')
				space = true
			}
		default:
			b.WriteByte(c)
			started, space = true, false
		}
	}
	return b.String()
}

// checkLayoutHTML checks that br, the output of LayoutBR for in, is
// made of text, a elements and br elements only, with one br element
// per line break of none, the output of LayoutNone (a line break within
// a link, as in "<http://a.com/\n  x>", is not one).
func checkLayoutHTML(t *testing.T, in, none, br string) {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(br), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		t.Fatalf("%q: parse: %v", in, err)
	}
	n := 0
	for _, nd := range nodes {
		if nd.Type == html.ElementNode {
			switch nd.DataAtom {
			case atom.Br:
				n++
			case atom.A:
			default:
				t.Fatalf("%q: element %s in %q", in, nd.Data, br)
			}
		}
	}
	lf := strings.ReplaceAll(none, "\r\n", "\n")
	if want := strings.Count(lf, "\n") + strings.Count(lf, "\r"); n != want {
		t.Fatalf("%q: %d br elements, want %d, in %q", in, n, want, br)
	}
}

func FuzzLayout(f *testing.F) {
	for _, tt := range layoutTests {
		f.Add(tt.in)
	}
	f.Add("\r\nexample.com\r  \t x\ty")
	f.Add("<http://example.com/very/\n  long>\n")
	f.Fuzz(func(t *testing.T, in string) {
		if hasBOM(in) {
			return
		}
		none := String(in, u8(Options{}))
		for _, layout := range []Layout{LayoutBR, LayoutPre} {
			opts := Options{Layout: layout, DefaultCharset: "utf-8"}
			out := String(in, opts)
			if want := layoutReference(none, layout); out != want {
				t.Fatalf("%q, layout %d:\n got %q\nwant %q", in, layout, out, want)
			}
			size := 1 + len(in)%7
			if got, _ := linkifyRun(t, []byte(in), opts, size, size); got != out {
				t.Fatalf("%q, layout %d, size %d: streamed %q, want %q", in, layout, size, got, out)
			}
		}
		checkLayoutHTML(t, in, none, String(in, Options{DefaultCharset: "utf-8"}))
	})
}
