package linkify

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// The texts of TestLinkifyCharsets: Japanese and Russian prose long enough
// for its charset to be guessed, with links in it.
var (
	jaText = strings.Repeat("日本語の文章です。詳しくは https://例え.テスト/パス?検索=値 を見てください。", 3) +
		"連絡先は joe@example.com です。\n" + strings.Repeat("文字コードの説明を読みました。", 20) + "\nwww.example.jp/資料\n"
	ruText = strings.Repeat("Привет! Статья о Юникоде: https://ru.wikipedia.org/wiki/Юникод (см. раздел «История»). ", 3) +
		"Сайт пример.рф/путь, почта info@пример.рф.\n" + strings.Repeat("Кодировка текста определяется по его байтам. ", 20) + "\n"
)

// TestLinkifyCharsets checks that a Linkifier reads a text in another
// charset than UTF-8 as it reads its UTF-8 form (and writes UTF-8): with
// the charset named (Options.Charset), given by a byte order mark, or
// guessed from the first bytes; at every chunk size.
func TestLinkifyCharsets(t *testing.T) {
	encode := func(e encoding.Encoding, s string) []byte {
		b, _, err := transform.Bytes(e.NewEncoder(), []byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	utf16LE := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
	utf16BE := unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
	for _, c := range []struct {
		name string
		text string
		in   []byte
		opts Options
	}{
		{"shift_jis named", jaText, encode(japanese.ShiftJIS, jaText), Options{Charset: "shift_jis"}},
		{"shift_jis by Content-Type", jaText, encode(japanese.ShiftJIS, jaText), Options{Charset: "text/plain; charset=Shift_JIS"}},
		{"shift_jis guessed", jaText, encode(japanese.ShiftJIS, jaText), Options{}},
		{"windows-1251 named", ruText, encode(charmap.Windows1251, ruText), Options{Charset: "windows-1251"}},
		{"windows-1251 guessed", ruText, encode(charmap.Windows1251, ruText), Options{}},
		{"windows-1251 by default", ruText, encode(charmap.Windows1251, ruText), Options{DefaultCharset: "cp1251"}},
		{"utf-16le bom", jaText, append([]byte("\xFF\xFE"), encode(utf16LE, jaText)...), Options{}},
		{"utf-16be bom over a label", ruText, append([]byte("\xFE\xFF"), encode(utf16BE, ruText)...), Options{Charset: "windows-1251"}},
		{"utf-16le named", ruText, encode(utf16LE, ruText), Options{Charset: "utf-16le"}},
		{"utf-8 bom", ruText, append([]byte("\xEF\xBB\xBF"), ruText...), Options{Charset: "koi8-r"}},
		{"utf-8 detected", jaText, []byte(jaText), Options{DefaultCharset: "shift_jis"}},
	} {
		for _, format := range []Format{FormatHTML, FormatMarkdown} {
			opts := c.opts
			opts.Format = format
			want := String(c.text, Options{Format: format})
			if !strings.Contains(want, "</a>") && !strings.Contains(want, "](<") {
				t.Fatalf("%s: no link in %q", c.name, want)
			}
			transformtest.Sweep{
				Name: fmt.Sprintf("%s, %v", c.name, format),
				In:   c.in,
				New:  func() transform.Transformer { return New(opts) },
				Want: []byte(want),
			}.Run(t)
		}
	}
}

// TestLinkifyCharsetReset checks that a Linkifier used again decides the
// charset of each text anew.
func TestLinkifyCharsetReset(t *testing.T) {
	l := New(Options{})
	sjis, _, _ := transform.Bytes(japanese.ShiftJIS.NewEncoder(), []byte(jaText))
	for _, in := range [][]byte{sjis, []byte(ruText), sjis} {
		want := jaText
		if in[0] == ruText[0] {
			want = ruText
		}
		got, _, err := transform.Bytes(l, in)
		if err != nil || string(got) != String(want, Options{}) {
			t.Errorf("text %.20q: got %.80q, %v", want, got, err)
		}
	}
}
