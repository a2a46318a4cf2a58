package extract

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/relink-go/relink/cssurl"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// cssLinks returns the links of the style sheet doc, one line each, as
// ReadFrom reports them, and checks that Transform copies it unchanged at
// every chunk size and dst size and gives the same links.
func cssLinks(t *testing.T, doc []byte, opts Options) []string {
	t.Helper()
	var got []string
	x := NewCSS(opts, func(l *Link) error {
		s := fmt.Sprintf("%d:%d-%d %q q=%q %s", l.Line, l.Start, l.End, l.Value, string(rune(l.CSSQuote)), l.Href)
		if l.Err != nil {
			s += " err"
		}
		if l.Kind != htmlattr.KindCSS || l.Role != htmlattr.RoleResource || l.Tag != "" || l.Attr != "" {
			t.Errorf("link %s: kind %v role %v tag %q attr %q", s, l.Kind, l.Role, l.Tag, l.Attr)
		}
		got = append(got, s)
		return nil
	})
	if _, err := x.ReadFrom(bytes.NewReader(doc)); err != nil {
		t.Fatal(err)
	}
	want := got
	transformtest.Sweep{
		In: doc,
		New: func() transform.Transformer {
			got = nil
			x.Reset()
			return x
		},
		Dst:  []int{1, 2, 3, 7, 64, 0},
		Want: doc,
		Check: func([]byte) error {
			if fmt.Sprint(got) != fmt.Sprint(want) {
				return fmt.Errorf("links\n%q\nwant (ReadFrom)\n%q", got, want)
			}
			return nil
		},
	}.Run(t)
	return want
}

func TestCSSDocument(t *testing.T) {
	tests := []struct {
		name, doc, charset string
		want               []string
	}{
		{"url forms", "a{background:url(a.png)}\n@import \"s.css\";\n@import url('t.css') screen;\nb{x:url( \"d ir/x.png\" )}",
			"", []string{
				`1:17-22 "a.png" q="\x00" http://example.com/css/a.png`,
				`2:34-39 "s.css" q="\"" http://example.com/css/s.css`,
				`3:55-60 "t.css" q="'" http://example.com/css/t.css`,
				`4:81-91 "d ir/x.png" q="\"" http://example.com/css/d%20ir/x.png`,
			}},
		{"escapes and comments", "/* url(no.png) */ a{b:url(x\\29 y.png);c:\"url(no)\"}",
			"", []string{`1:26-36 "x)y.png" q="\x00" http://example.com/css/x)y.png`}},
		{"image-set", "a{b:image-set(\"a.png\" 1x, url(b.png) 2x)}",
			"", []string{
				`1:15-20 "a.png" q="\"" http://example.com/css/a.png`,
				`1:30-35 "b.png" q="\x00" http://example.com/css/b.png`,
			}},
		// The query is UTF-8 whatever the charset (csswg-drafts#9301);
		// the path's bytes are decoded from the style sheet's charset.
		{"@charset koi8-r", "@charset \"koi8-r\";\na{b:url(\xf0\xd5\xd4\xd8.png?q=\xf0)}",
			"", []string{`2:27-39 "Путь.png?q=П" q="\x00" http://example.com/css/%D0%9F%D1%83%D1%82%D1%8C.png?q=%D0%9F`}},
		// An escape is a code point, not a byte of the charset.
		{"@charset koi8-r with an escape", "@charset \"koi8-r\";a{b:url(\"\\e9\xf0\")}",
			"", []string{`1:27-31 "éП" q="\"" http://example.com/css/%C3%A9%D0%9F`}},
		{"transport wins over @charset", "@charset \"koi8-r\";\na{b:url(\xe9.png)}",
			"windows-1252", []string{`2:27-32 "é.png" q="\x00" http://example.com/css/%C3%A9.png`}},
		{"unterminated url at end", "a{b:url(x.png", "", []string{`1:8-13 "x.png" q="\x00" http://example.com/css/x.png`}},
		{"bad url is no url", "a{b:url(x y.png)}", "", nil},
		{"invalid host", "a{b:url(http://a%zz:99999/)}", "", []string{`1:8-26 "http://a%zz:99999/" q="\x00"  err`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := cssLinks(t, []byte(tt.doc), Options{BaseURL: "http://example.com/css/site.css", Charset: tt.charset})
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestCSSUnsupportedCharset(t *testing.T) {
	doc := []byte("\xFF\xFEa\x00{\x00")
	x := NewCSS(Options{}, func(*Link) error { return nil })
	_, _, err := transform.Bytes(x, doc)
	var ue *unsupportedCharsetError
	if !errors.As(err, &ue) || ue.name != "utf-16le" {
		t.Fatalf("err = %v, want an unsupportedCharsetError for utf-16le", err)
	}
}

// TestCSSTooLong checks that a URL too long to keep is reported to
// Options.Oversize, once, with its place, and not as a link, at every
// chunk size.
func TestCSSTooLong(t *testing.T) {
	long := bytes.Repeat([]byte("a"), int(cssMaxLen(new(cssurl.Scanner)))+10)
	doc := append(append([]byte("a{b:url("), long...), ")} c{d:url(x.png)}"...)
	got := cssLinks(t, doc, Options{})
	if len(got) != 1 || !strings.Contains(got[0], `"x.png"`) {
		t.Fatalf("got %q, want the link of x.png alone", got)
	}
	want := fmt.Sprint([]OversizeError{{ConstructCSSURL, 8, 1, 9, 64 << 10}})
	var over []OversizeError
	transformtest.Sweep{
		In: doc,
		New: func() transform.Transformer {
			over = nil
			return NewCSS(Options{Oversize: func(e *OversizeError) { over = append(over, *e) }}, func(*Link) error { return nil })
		},
		Dst:  []int{1, 0},
		Want: doc,
		Check: func([]byte) error {
			if fmt.Sprint(over) != want {
				return fmt.Errorf("oversize %v, want %v", over, want)
			}
			return nil
		},
	}.Run(t)
}

// TestCSSRealFile reads a real style sheet (testdata/nodedocs/PROVENANCE.md).
func TestCSSRealFile(t *testing.T) {
	doc, err := os.ReadFile("../testdata/nodedocs/api/assets/style.css")
	if err != nil {
		t.Fatal(err)
	}
	got := cssLinks(t, doc, Options{BaseURL: "https://nodejs.org/api/assets/style.css"})
	want := []string{
		`969:15636-15655 "./js-flavor-cjs.svg" q="\x00" https://nodejs.org/api/assets/js-flavor-cjs.svg`,
		`979:15854-15873 "./js-flavor-esm.svg" q="\x00" https://nodejs.org/api/assets/js-flavor-esm.svg`,
		`1088:17746-17765 "./js-flavor-cjs.svg" q="\x00" https://nodejs.org/api/assets/js-flavor-cjs.svg`,
		`1091:17827-17846 "./js-flavor-esm.svg" q="\x00" https://nodejs.org/api/assets/js-flavor-esm.svg`,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	for _, l := range got {
		var off, end int
		fmt.Sscanf(l[bytes.IndexByte([]byte(l), ':')+1:], "%d-%d", &off, &end)
		if s := string(doc[off:end]); s[:12] != "./js-flavor-" {
			t.Errorf("span %d-%d holds %q", off, end, s)
		}
	}
}

func FuzzCSSDocument(f *testing.F) {
	f.Add([]byte("a{b:url(x.png)}@import 'y.css';"), 3)
	f.Add([]byte("@charset \"koi8-r\";a{b:url(\xf0\\29 )}"), 1)
	f.Add([]byte("a{b:image-set(\"a\" 1x)"), 2)
	f.Fuzz(func(t *testing.T, doc []byte, chunk int) {
		chunk = chunk%64 + 1
		if chunk < 1 {
			chunk += 64
		}
		var whole, pieces []Link
		x := NewCSS(Options{BaseURL: "http://example.com/a/"}, func(l *Link) error {
			whole = append(whole, *l)
			return nil
		})
		out, _, err := transform.Bytes(x, doc)
		if err != nil {
			return // a charset that is not ASCII-compatible
		}
		if !bytes.Equal(out, doc) {
			t.Fatal("output differs from input")
		}
		x = NewCSS(Options{BaseURL: "http://example.com/a/"}, func(l *Link) error {
			pieces = append(pieces, *l)
			return nil
		})
		if !bytes.Equal(transformtest.Run(t, x, doc, chunk, chunk), doc) {
			t.Fatal("chunked output differs from input")
		}
		if len(whole) != len(pieces) {
			t.Fatalf("%d links whole, %d in chunks of %d", len(whole), len(pieces), chunk)
		}
		for i, l := range whole {
			p := pieces[i]
			if l.Start != p.Start || l.End != p.End || l.Value != p.Value || l.Href != p.Href || l.Line != p.Line {
				t.Fatalf("link %d: %+v whole, %+v in chunks", i, l, p)
			}
			if l.Start < 0 || l.End < l.Start || l.End > int64(len(doc)) {
				t.Fatalf("link %d: span %d-%d outside the document", i, l.Start, l.End)
			}
		}
	})
}

// TestCSSTooLongData checks that a data: URL too long to keep is not
// reported, as oversize or as a link (issue 18 item 11: a data: URL has
// nothing to rewrite), however it is written, while another URL as long
// still is; the first at every chunk size.
func TestCSSTooLongData(t *testing.T) {
	long := strings.Repeat("A", int(cssMaxLen(new(cssurl.Scanner)))+10)
	doc := []byte("a{b:url(data:image/png;base64," + long + ")}" +
		`c{b:url("  DATA:,` + long + `")}` +
		`d{b:image-set('data:,` + long + `' 1x)}` +
		`@import 'Data:text/css,` + long + `';` +
		"e{b:url(http://e/" + long + ")} f{b:url(x.png)}")
	var over []OversizeError
	var links []string
	x := NewCSS(Options{Oversize: func(e *OversizeError) { over = append(over, *e) }}, func(l *Link) error {
		links = append(links, l.Value)
		return nil
	})
	if _, _, err := transform.Bytes(x, doc); err != nil {
		t.Fatal(err)
	}
	at := int64(bytes.Index(doc, []byte("http://e/")))
	want := fmt.Sprint([]OversizeError{{Construct: ConstructCSSURL, Offset: at, Line: 1, Column: int(at) + 1, Limit: 64 << 10}})
	if fmt.Sprint(over) != want || fmt.Sprint(links) != "[x.png]" {
		t.Errorf("oversize %v, links %q; want %v and x.png alone", over, links, want)
	}

	doc = []byte("a{b:url(data:image/png;base64," + long + ")} f{b:url(x.png)}")
	transformtest.Sweep{
		In: doc,
		New: func() transform.Transformer {
			over, links = nil, nil
			return NewCSS(Options{Oversize: func(e *OversizeError) { over = append(over, *e) }}, func(l *Link) error {
				links = append(links, l.Value)
				return nil
			})
		},
		Dst:  []int{1, 0},
		Want: doc,
		Check: func([]byte) error {
			if len(over) != 0 || fmt.Sprint(links) != "[x.png]" {
				return fmt.Errorf("oversize %v, links %q; want none and x.png", over, links)
			}
			return nil
		},
	}.Run(t)
}
