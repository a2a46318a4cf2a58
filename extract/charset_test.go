package extract

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

func TestDetectCharset(t *testing.T) {
	tests := []struct {
		name, head, hint, fallback string
		want, source               string
	}{
		{"utf-8 BOM beats everything", "\xEF\xBB\xBF<meta charset=koi8-r>", "text/html; charset=shift_jis", "", "utf-8", SourceBOM},
		{"utf-16le BOM", "\xFF\xFE<\x00", "", "", "utf-16le", SourceBOM},
		{"utf-16be BOM", "\xFE\xFF\x00<", "", "", "utf-16be", SourceBOM},
		{"transport header", `<meta charset="koi8-r">`, "text/html; charset=Shift_JIS", "", "shift_jis", SourceTransport},
		{"transport bare label", `<meta charset="koi8-r">`, "latin1", "", "windows-1252", SourceTransport},
		{"unknown transport label is ignored", `<meta charset="koi8-r">`, "text/html; charset=bogus", "", "koi8-r", SourceMeta},
		{"meta charset", `<!doctype html><html><head><meta charset="EUC-JP">`, "", "", "euc-jp", SourceMeta},
		{"meta charset unquoted", `<meta charset=gb2312>`, "", "", "gbk", SourceMeta},
		{"meta http-equiv", `<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">`, "", "", "windows-1251", SourceMeta},
		{"meta content without pragma is ignored", `<meta content="text/html; charset=windows-1251">`, "", "", "windows-1252", SourceDefault},
		{"pragma after content", `<meta content='text/html; charset="iso-8859-2"' http-equiv=content-type>`, "", "", "iso-8859-2", SourceMeta},
		{"first of duplicate attributes", `<meta charset=koi8-r charset=gbk>`, "", "", "koi8-r", SourceMeta},
		{"utf-16 declared means utf-8", `<meta charset=utf-16le>`, "", "", "utf-8", SourceMeta},
		{"x-user-defined means windows-1252", `<meta charset=x-user-defined>`, "", "", "windows-1252", SourceMeta},
		{"meta in a comment is skipped", `<!-- <meta charset=koi8-r> --><meta charset=gbk>`, "", "", "gbk", SourceMeta},
		{"comment sharing dashes", `<!--><meta charset=koi8-r>-->`, "", "", "koi8-r", SourceMeta},
		{"meta inside another tag's attribute is skipped", `<div title="<meta charset=koi8-r>"><meta charset=gbk>`, "", "", "gbk", SourceMeta},
		{"<metadata> is not meta", `<metadata charset=koi8-r>`, "", "", "windows-1252", SourceDefault},
		{"META upper case", `<META CHARSET=KOI8-R>`, "", "", "koi8-r", SourceMeta},
		{"charset= inside content with spaces", `<meta http-equiv=content-type content="text/html;charset = 'big5'">`, "", "", "big5", SourceMeta},
		{"unknown meta charset is ignored", `<meta charset=bogus><meta charset=gbk>`, "", "", "gbk", SourceMeta},
		{"detected utf-8", "<p>caf\xC3\xA9</p>", "", "", "utf-8", SourceDetected},
		{"invalid utf-8 is guessed", "<p>caf\xE9</p>", "", "", "windows-1252", SourceDetected},
		{"guessed koi8-r", "<p>\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2!</p>", "", "", "koi8-r", SourceDetected},
		{"guessed shift_jis", "<p>\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd\x90\xa2\x8a\x45</p>", "", "", "shift_jis", SourceDetected},
		{"iso-2022-jp is not guessed, as in Chromium", "<p>\x1b$B$3$s$K$A$O\x1b(B</p>", "", "", "windows-1252", SourceDefault},
		{"configured fallback turns guessing off", "<p>\xf0\xd2\xc9\xd7\xc5\xd4</p>", "", "windows-1250", "windows-1250", SourceDefault},
		{"configured fallback, utf-8 still detected", "<p>caf\xC3\xA9</p>", "", "windows-1250", "utf-8", SourceDetected},
		{"transport beats guessing", "<p>\xf0\xd2\xc9\xd7\xc5\xd4</p>", "windows-1251", "", "windows-1251", SourceTransport},
		{"meta beats guessing", "<meta charset=iso-8859-5><p>\xf0\xd2\xc9\xd7\xc5\xd4</p>", "", "", "iso-8859-5", SourceMeta},
		{"ascii only falls back", "<p>plain</p>", "", "", "windows-1252", SourceDefault},
		{"beyond 1024 bytes is not seen", strings.Repeat(" ", 1024) + "<meta charset=koi8-r>", "", "", "windows-1252", SourceDefault},
		{"beyond DetectLimit is not seen", strings.Repeat(" ", DetectLimit) + "\xf0\xd2\xc9\xd7\xc5\xd4", "", "", "windows-1252", SourceDefault},
		{"processing instruction skipped", `<?xml version="1.0" encoding="koi8-r"?><meta charset=gbk>`, "", "", "gbk", SourceMeta},
	}
	for _, tt := range tests {
		got := DetectCharset([]byte(tt.head), tt.hint, tt.fallback)
		if got.Name != tt.want || got.Source != tt.source || got.Encoding == nil {
			t.Errorf("%s: DetectCharset(%q, %q) = %s (%s), want %s (%s)", tt.name, tt.head, tt.hint, got.Name, got.Source, tt.want, tt.source)
		}
	}
}

func TestCharsetFromContent(t *testing.T) {
	tests := map[string]string{
		"text/html; charset=utf-8":          "utf-8",
		"text/html; CHARSET=\"koi8-r\"":     "koi8-r",
		"text/html; charset='gbk'; x=y":     "gbk",
		"text/html; charset=\"unterminated": "",
		"text/html; charset":                "",
		"text/html; charsetx; charset=big5": "big5",
		"text/html; charset = euc-kr ; q=1": "euc-kr",
		"text/html":                         "",
	}
	for in, want := range tests {
		if got := charsetFromContent(in); got != want {
			t.Errorf("charsetFromContent(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzDetectCharset(f *testing.F) {
	f.Add([]byte(`<meta charset="koi8-r">`), "")
	f.Add([]byte(`<!--><meta http-equiv=content-type content="charset=gbk">`), "text/html")
	f.Fuzz(func(t *testing.T, head []byte, hint string) {
		c := DetectCharset(head, hint, "")
		if c.Name == "" || c.Encoding == nil || c.Source == "" {
			t.Fatalf("DetectCharset(%q, %q) = %+v", head, hint, c)
		}
	})
}

// BenchmarkDetectCharset is the cost of the guess, once per unlabeled
// document: 8 KiB of markup and KOI8-R text.
func BenchmarkDetectCharset(b *testing.B) {
	page := unlabeledPage(DetectLimit)
	DetectCharset(page, "", "") // the tables are built once per process
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		DetectCharset(page, "", "")
	}
}

// BenchmarkExtractLabels extracts the links of a 64 KiB page labeled by
// a <meta> and of the same page unlabeled, whose charset is guessed.
func BenchmarkExtractLabels(b *testing.B) {
	body := unlabeledPage(64 << 10)
	for _, tc := range []struct {
		name string
		page []byte
	}{
		{"meta", append([]byte("<meta charset=koi8-r>"), body...)},
		{"unlabeled", body},
	} {
		b.Run(tc.name, func(b *testing.B) {
			x := NewHTML(Options{BaseURL: "http://example.org/"}, func(*Link) error { return nil })
			b.SetBytes(int64(len(tc.page)))
			for b.Loop() {
				x.Reset()
				if _, err := x.ReadFrom(bytes.NewReader(tc.page)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func unlabeledPage(size int) []byte {
	var page []byte
	for i := 0; len(page) < size; i++ {
		page = fmt.Appendf(page, "<li><a href=\"/docs/%d.html\">\xeb\xcf\xc4\xc9\xd2\xcf\xd7\xcb\xc1 \xd3\xd4\xd2\xc1\xce\xc9\xc3\xd9 %d</a></li>\n", i, i)
	}
	return page[:size]
}

// TestHoldForGuess checks how much of a document the extractors hold
// before deciding its charset: DetectLimit bytes when they may guess it,
// PrescanLimit when a charset or fallback is given.
func TestHoldForGuess(t *testing.T) {
	ascii := bytes.Repeat([]byte("<p>plain</p>\n"), DetectLimit/13+1)
	koi8 := []byte("<p>\xeb\xcf\xc4\xc9\xd2\xcf\xd7\xcb\xc1 \xd3\xd4\xd2\xc1\xce\xc9\xc3\xd9</p>")
	doc := append(append([]byte(nil), ascii[:2000]...), koi8...)
	doc = append(doc, ascii...)
	for _, tc := range []struct {
		opts Options
		hold int
		want string
	}{
		{Options{}, DetectLimit, "koi8-r"},
		{Options{DefaultCharset: "windows-1252"}, PrescanLimit, "windows-1252"},
		{Options{Charset: "text/html; charset=iso-8859-5"}, PrescanLimit, "iso-8859-5"},
		{Options{Charset: "bogus"}, DetectLimit, "koi8-r"},
	} {
		h := NewHTML(tc.opts, func(*Link) error { return nil })
		tx := NewText(tc.opts, func(*Link) error { return nil })
		for name, feed := range map[string]func([]byte, bool) error{"HTML": h.Feed, "Text": tx.Feed} {
			charset := map[string]func() Charset{"HTML": h.Charset, "Text": tx.Charset}[name]
			if err := feed(doc[:tc.hold-1], false); err != nil {
				t.Fatal(err)
			}
			if cs := charset(); cs.Name != "" {
				t.Errorf("%s %+v: charset %s decided after %d bytes", name, tc.opts, cs.Name, tc.hold-1)
			}
			if err := feed(doc[tc.hold-1:tc.hold], false); err != nil {
				t.Fatal(err)
			}
			if cs := charset(); cs.Name != tc.want {
				t.Errorf("%s %+v: charset %q after %d bytes, want %s", name, tc.opts, cs.Name, tc.hold, tc.want)
			}
		}
	}
}
