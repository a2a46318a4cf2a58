package linkify

import (
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// TestHTMLCharsets checks that an HTML linkifier writes what it inserts
// in the document's charset: the output, decoded, is the output for the
// document in UTF-8, at every chunk size.
func TestHTMLCharsets(t *testing.T) {
	body := "<p>日本語の文章: https://例え.テスト/パス?検索=値 です。連絡先は joe@example.com、<code>www.example.jp</code> www.example.jp/資料 &amp; http://e.com/?a=1&amp;b=2</p>\n"
	for _, c := range []struct {
		name string
		enc  encoding.Encoding
		head string // before body, ASCII
		bom  string
		opts Options
	}{
		{"shift_jis meta", japanese.ShiftJIS, `<meta charset="shift_jis">`, "", Options{}},
		{"euc-jp by the transport", japanese.EUCJP, "", "", Options{Charset: "text/html; charset=euc-jp"}},
		{"iso-2022-jp meta", japanese.ISO2022JP, `<meta charset="iso-2022-jp">`, "", Options{}},
		{"utf-16le bom", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), "", "\xFF\xFE", Options{}},
		{"utf-16be bom", unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), "", "\xFE\xFF", Options{}},
	} {
		doc := c.head + body
		in, _, err := transform.Bytes(c.enc.NewEncoder(), []byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		in = append([]byte(c.bom), in...)
		want := HTMLString(doc, Options{Charset: "utf-8"})
		if strings.Count(want, "</a>") != 4 {
			t.Fatalf("%s: want 4 links in %s", c.name, want)
		}
		opts := c.opts
		var got []byte
		transformtest.Sweep{
			Name: c.name,
			In:   in,
			New:  func() transform.Transformer { return NewHTML(opts) },
			Check: func(out []byte) error {
				got = out
				return nil
			},
		}.Run(t)
		dec, _, err := transform.Bytes(c.enc.NewDecoder(), []byte(strings.TrimPrefix(string(got), c.bom)))
		if err != nil || string(dec) != want {
			t.Errorf("%s: got, decoded,\n%s\nwant\n%s (%v)", c.name, dec, want, err)
		}
	}
}

// TestHTMLCharsetDisplay checks that a display form that the charset
// cannot encode is written as character references, and in a charset
// that is only guessed every non-ASCII character of it.
func TestHTMLCharsetDisplay(t *testing.T) {
	link := "http://xn--r8jz45g.xn--zckzah/%E3%83%91 http://xn--caf-dma.example/"
	for _, c := range []struct {
		name, in, want string
		opts           Options
	}{
		{"windows-1252", `<meta charset=windows-1252>` + link,
			`<meta charset=windows-1252>` + a("http://xn--r8jz45g.xn--zckzah/%E3%83%91", "http://&#20363;&#12360;.&#12486;&#12473;&#12488;/&#12497;") + " " + a("http://xn--caf-dma.example/", "http://caf\xe9.example/"), Options{}},
		{"guessed", link, a("http://xn--r8jz45g.xn--zckzah/%E3%83%91", "http://&#20363;&#12360;.&#12486;&#12473;&#12488;/&#12497;") + " " + a("http://xn--caf-dma.example/", "http://caf&#233;.example/"), Options{}},
		{"utf-8", link, a("http://xn--r8jz45g.xn--zckzah/%E3%83%91", "http://例え.テスト/パ") + " " + a("http://xn--caf-dma.example/", "http://café.example/"), Options{Charset: "utf-8"}},
	} {
		transformtest.Sweep{
			Name: c.name,
			In:   []byte(c.in),
			New:  func() transform.Transformer { return NewHTML(c.opts) },
			Want: []byte(c.want),
		}.Run(t)
	}
}
