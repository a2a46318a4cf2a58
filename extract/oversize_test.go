package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"github.com/relink-go/relink/textlink"
	"golang.org/x/text/transform"
)

// TestOversizeOnce checks that a construct longer than MaxTagSize, which
// the tokenizer passes on in several tokens, is reported once, with its
// offset, at every chunk size.
func TestOversizeOnce(t *testing.T) {
	doc := "<p>a</p>\n<p title=\"" + strings.Repeat("x", 300) + "\"><!--" + strings.Repeat("y", 500) + "--><a href=b>c</a>"
	second := strings.Index(doc, "<!--")
	want := fmt.Sprint([]OversizeError{{ConstructTag, 9, 2, 1, 64}, {ConstructComment, int64(second), 2, second - 9 + 1, 64}})
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

// TestOversizeTextLink checks that a candidate for a link in plain text
// longer than textlink.MaxLen, which detection drops, is reported once,
// where it was found, in a Text document (UTF-8 and a legacy charset,
// whose offsets are the input's) and in the text of HTML, at every chunk
// size.
func TestOversizeTextLink(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", textlink.MaxLen)
	for _, c := range []struct {
		name, doc string
		typ       Type
		opts      Options
		want      []OversizeError
	}{
		{"text", "one\ntwo " + long + " https://example.org/ok", TypeText, Options{},
			[]OversizeError{{ConstructTextLink, 8, 2, 5, textlink.MaxLen}}},
		{"text in a legacy charset", "é\n" + long, TypeText, Options{Charset: "windows-1252"},
			[]OversizeError{{ConstructTextLink, 2, 2, 1, textlink.MaxLen}}},
		{"HTML text links", "<p>one</p>\n<p>a &amp; " + long + " b", TypeHTML, Options{TextLinks: true},
			[]OversizeError{{ConstructTextLink, 22, 2, 12, textlink.MaxLen}}},
		{"HTML without text links", "<p>" + long, TypeHTML, Options{}, nil},
		{"nothing too long", "<p>" + strings.Repeat("https://example.com/ ", 1000), TypeHTML, Options{TextLinks: true}, nil},
	} {
		doc := []byte(c.doc)
		if c.opts.Charset == "windows-1252" {
			doc = []byte(strings.Replace(c.doc, "é", "\xe9", 1))
		}
		var got []OversizeError
		links := 0
		transformtest.Sweep{
			Name: c.name,
			In:   doc,
			New: func() transform.Transformer {
				got, links = nil, 0
				opts := c.opts
				opts.Oversize = func(e *OversizeError) { got = append(got, *e) }
				return New(c.typ, opts, func(l *Link) error {
					if strings.Contains(l.Value, "aaaa") {
						t.Errorf("%s: the long candidate is a link: %.40q", c.name, l.Value)
					}
					links++
					return nil
				})
			},
			Src:  []int{1, 5, 4096, 0},
			Dst:  []int{4096, 0},
			Want: doc,
			Check: func([]byte) error {
				if fmt.Sprint(got) != fmt.Sprint(c.want) {
					return fmt.Errorf("oversize reports %v, want %v", got, c.want)
				}
				return nil
			},
		}.Run(t)
	}
}

// TestOversizeCSSInHTML checks that a URL of a style element or of a
// style attribute longer than the 64 KiB a CSS URL may be is reported to
// Options.Oversize once, at the start of its text (as in a style sheet),
// and not dropped without a word; that a data: URL that long is not
// reported (as in a style sheet); and that the links around it are
// reported, at every chunk size, in UTF-8 and in UTF-16.
func TestOversizeCSSInHTML(t *testing.T) {
	long := "http://example.com/" + strings.Repeat("a", 70000)
	data := "data:image/png;base64," + strings.Repeat("A", 70000)
	for _, c := range []struct {
		name string
		doc  string
		at   string // what the oversize URL starts with ("" for no report)
		line int
		// The short URLs that are links, in order.
		links []string
	}{
		{"style element, unquoted", "<p>\n<style>a{background:url(x.png)}\nb{background:url( " + long + " )}</style><a href=y>y</a>",
			long, 3, []string{"x.png", "y"}},
		{"style element, quoted", "<style>\n@import \"i.css\";\nb{background:url(\"" + long + "\")}\n</style><img src=z>",
			long, 3, []string{"i.css", "z"}},
		{"style element, image-set", "<style>b{background:image-set('" + long + "' 1x, 'b.png' 2x)}</style>",
			long, 1, []string{"b.png"}},
		{"style element, unclosed", "<style>\nb{background:url(" + long,
			long, 2, nil},
		{"style attribute", "<p>\n<p title=t style=\"color:red;background:url('" + long + "')\"><a href=y>",
			long, 2, []string{"y"}},
		{"style attribute after references", "<p style='content:\"&amp;&#x26;\";\nbackground:url(" + long + "), url(c.png)'>",
			long, 2, []string{"c.png"}},
		{"data: URL in a style element", "<style>b{background:url(" + data + ")}</style><a href=y>", "", 0, []string{"y"}},
		{"data: URL in a style attribute", "<p style=\"background:url('" + data + "')\"><a href=y>", "", 0, []string{"y"}},
	} {
		for _, utf16 := range []bool{false, true} {
			doc, name := []byte(c.doc), c.name
			var want []OversizeError
			if c.at != "" {
				i := strings.Index(c.doc, c.at)
				nl := strings.LastIndexByte(c.doc[:i], '\n')
				want = []OversizeError{{ConstructCSSURL, int64(i), c.line, i - nl, 64 << 10}}
			}
			if utf16 {
				name += ", UTF-16LE"
				doc = []byte{0xff, 0xfe}
				for _, b := range []byte(c.doc) {
					doc = append(doc, b, 0)
				}
				for i := range want {
					want[i].Offset = 2 + 2*want[i].Offset
				}
			}
			var got []OversizeError
			var links []string
			transformtest.Sweep{
				Name: name,
				In:   doc,
				New: func() transform.Transformer {
					got, links = nil, nil
					return NewHTML(Options{Oversize: func(e *OversizeError) { got = append(got, *e) }}, func(l *Link) error {
						links = append(links, l.Value)
						return nil
					})
				},
				Dst:  []int{7, 0},
				Want: doc,
				Check: func([]byte) error {
					if fmt.Sprint(got) != fmt.Sprint(want) {
						return fmt.Errorf("oversize reports %v, want %v", got, want)
					}
					if fmt.Sprint(links) != fmt.Sprint(c.links) {
						return fmt.Errorf("links %.80q, want %q", links, c.links)
					}
					return nil
				},
			}.Run(t)
		}
	}
}

// TestOversizeMessage checks that an OversizeError says "oversize", the
// one word for a construct longer than its bound, with the construct, its
// offset and the bound it passed: Options.MaxTagSize (1 MiB by default),
// 64 KiB for a URL of CSS, textlink.MaxLen for a text link.
func TestOversizeMessage(t *testing.T) {
	for _, c := range []struct {
		typ  Type
		opts Options
		doc  string
		want string
	}{
		{TypeHTML, Options{}, "<p title=\"" + strings.Repeat("x", 1<<20) + "\">",
			"extract: oversize tag at offset 0 (limit 1048576 bytes)"},
		{TypeHTML, Options{MaxTagSize: 100}, "<p><!--" + strings.Repeat("x", 100) + "-->",
			"extract: oversize comment at offset 3 (limit 100 bytes)"},
		{TypeHTML, Options{}, "<p style=\"background:url(" + strings.Repeat("x", 1<<16+1) + ")\">",
			"extract: oversize CSS URL at offset 25 (limit 65536 bytes)"},
		{TypeCSS, Options{}, "a{background:url(" + strings.Repeat("x", 1<<16+1) + ")}",
			"extract: oversize CSS URL at offset 17 (limit 65536 bytes)"},
		{TypeText, Options{}, "see https://example.com/" + strings.Repeat("x", textlink.MaxLen),
			fmt.Sprintf("extract: oversize text link at offset 4 (limit %d bytes)", textlink.MaxLen)},
		{TypeMarkdown, Options{MaxTagSize: 100}, "a\n\n<p title=\"" + strings.Repeat("x", 100) + "\">",
			"extract: oversize tag at offset 3 (limit 100 bytes)"},
	} {
		var got []string
		opts := c.opts
		opts.Oversize = func(e *OversizeError) { got = append(got, e.Error()) }
		if _, err := New(c.typ, opts, func(*Link) error { return nil }).ReadFrom(strings.NewReader(c.doc)); err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%v %.30q: %q, want %q", c.typ, c.doc, got, c.want)
		}
	}
}
