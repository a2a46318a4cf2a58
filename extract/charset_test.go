package extract

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/relink-go/relink/charset"
)

func TestDetectCharset(t *testing.T) {
	tests := []struct {
		name, head, hint, fallback string
		want, source               string
	}{
		{"utf-8 BOM beats everything", "\xEF\xBB\xBF<meta charset=koi8-r>", "text/html; charset=shift_jis", "", "utf-8", charset.SourceBOM},
		{"utf-16le BOM", "\xFF\xFE<\x00", "", "", "utf-16le", charset.SourceBOM},
		{"utf-16be BOM", "\xFE\xFF\x00<", "", "", "utf-16be", charset.SourceBOM},
		{"transport header", `<meta charset="koi8-r">`, "text/html; charset=Shift_JIS", "", "shift_jis", charset.SourceTransport},
		{"transport bare label", `<meta charset="koi8-r">`, "latin1", "", "windows-1252", charset.SourceTransport},
		{"unknown transport label is ignored", `<meta charset="koi8-r">`, "text/html; charset=bogus", "", "koi8-r", charset.SourceMeta},
		{"meta charset", `<!doctype html><html><head><meta charset="EUC-JP">`, "", "", "euc-jp", charset.SourceMeta},
		{"meta charset unquoted", `<meta charset=gb2312>`, "", "", "gbk", charset.SourceMeta},
		{"meta http-equiv", `<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">`, "", "", "windows-1251", charset.SourceMeta},
		{"meta content without pragma is ignored", `<meta content="text/html; charset=windows-1251">`, "", "", "windows-1252", charset.SourceDefault},
		{"pragma after content", `<meta content='text/html; charset="iso-8859-2"' http-equiv=content-type>`, "", "", "iso-8859-2", charset.SourceMeta},
		{"last of repeated charset attributes, as Chromium", `<meta charset=koi8-r charset=gbk>`, "", "", "gbk", charset.SourceMeta},
		{"meta in a script is not seen, as Chromium", `<script>"<meta charset=koi8-r>"</script>`, "", "", "windows-1252", charset.SourceDefault},
		{"meta in a title is not seen, as Chromium", `<title><meta charset=koi8-r></title>`, "", "", "windows-1252", charset.SourceDefault},
		{"utf-16 declared means utf-8", `<meta charset=utf-16le>`, "", "", "utf-8", charset.SourceMeta},
		{"x-user-defined means windows-1252", `<meta charset=x-user-defined>`, "", "", "windows-1252", charset.SourceMeta},
		{"meta in a comment is skipped", `<!-- <meta charset=koi8-r> --><meta charset=gbk>`, "", "", "gbk", charset.SourceMeta},
		{"comment sharing dashes", `<!--><meta charset=koi8-r>-->`, "", "", "koi8-r", charset.SourceMeta},
		{"meta inside another tag's attribute is skipped", `<div title="<meta charset=koi8-r>"><meta charset=gbk>`, "", "", "gbk", charset.SourceMeta},
		{"<metadata> is not meta", `<metadata charset=koi8-r>`, "", "", "windows-1252", charset.SourceDefault},
		{"META upper case", `<META CHARSET=KOI8-R>`, "", "", "koi8-r", charset.SourceMeta},
		{"charset= inside content with spaces", `<meta http-equiv=content-type content="text/html;charset = 'big5'">`, "", "", "big5", charset.SourceMeta},
		{"unknown meta charset is ignored", `<meta charset=bogus><meta charset=gbk>`, "", "", "gbk", charset.SourceMeta},
		{"detected utf-8", "<p>caf\xC3\xA9</p>", "", "", "utf-8", charset.SourceDetected},
		{"invalid utf-8 is guessed", "<p>caf\xE9</p>", "", "", "windows-1252", charset.SourceDetected},
		{"guessed koi8-r", "<p>\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2!</p>", "", "", "koi8-r", charset.SourceDetected},
		{"guessed shift_jis", "<p>\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd\x90\xa2\x8a\x45</p>", "", "", "shift_jis", charset.SourceDetected},
		{"iso-2022-jp is not guessed, as in Chromium", "<p>\x1b$B$3$s$K$A$O\x1b(B</p>", "", "", "windows-1252", charset.SourceDefault},
		{"configured fallback turns guessing off", "<p>\xf0\xd2\xc9\xd7\xc5\xd4</p>", "", "windows-1250", "windows-1250", charset.SourceDefault},
		{"configured fallback, utf-8 still detected", "<p>caf\xC3\xA9</p>", "", "windows-1250", "utf-8", charset.SourceDetected},
		{"transport beats guessing", "<p>\xf0\xd2\xc9\xd7\xc5\xd4</p>", "windows-1251", "", "windows-1251", charset.SourceTransport},
		{"meta beats guessing", "<meta charset=iso-8859-5><p>\xf0\xd2\xc9\xd7\xc5\xd4</p>", "", "", "iso-8859-5", charset.SourceMeta},
		{"ascii only falls back", "<p>plain</p>", "", "", "windows-1252", charset.SourceDefault},
		{"beyond charset.DetectLimit is not seen", strings.Repeat(" ", charset.DetectLimit) + "\xf0\xd2\xc9\xd7\xc5\xd4", "", "", "windows-1252", charset.SourceDefault},
		{"beyond 1024 bytes, in the head", strings.Repeat(" ", 1024) + "<meta charset=koi8-r>", "", "", "koi8-r", charset.SourceMeta},
		{"beyond 1024 bytes, after the head", "<body>" + strings.Repeat(" ", 1024) + "<meta charset=koi8-r>", "", "", "windows-1252", charset.SourceDefault},
		{"late meta beats UTF-8 detection", "<title>caf\xC3\xA9</title><script>" + strings.Repeat(" ", 1024) + "</script><meta charset=koi8-r>", "", "", "koi8-r", charset.SourceMeta},
		{"late meta in a script is not seen", "<script>" + strings.Repeat(" ", 1024) + "<meta charset=koi8-r></script>", "", "", "windows-1252", charset.SourceDefault},
		{"late meta with a character reference", "<title>" + strings.Repeat(" ", 1024) + "</title><meta charset=&#107;oi8-r>", "", "", "koi8-r", charset.SourceMeta},
		{"late meta beyond charset.HeadLimit is not seen", "<title>" + strings.Repeat(" ", charset.HeadLimit) + "</title><meta charset=koi8-r>", "", "", "windows-1252", charset.SourceDefault},
		{"xml declaration", `<?xml version="1.0" encoding="koi8-r"?><p>`, "", "", "koi8-r", charset.SourceXML},
		{"xml declaration beats UTF-8 detection", "<?xml version='1.0' encoding='koi8-r'?><p>caf\xC3\xA9", "", "", "koi8-r", charset.SourceXML},
		{"xml declaration, utf-16 means utf-8", `<?xml version="1.0" encoding="utf-16"?><p>`, "", "", "utf-8", charset.SourceXML},
		{"xml declaration not at the start", ` <?xml version="1.0" encoding="koi8-r"?><p>`, "", "", "windows-1252", charset.SourceDefault},
		{"xml declaration, transport first", `<?xml version="1.0" encoding="koi8-r"?><p>`, "gbk", "", "gbk", charset.SourceTransport},
		{"xml declaration, late meta first", `<?xml version="1.0" encoding="koi8-r"?><title>` + strings.Repeat(" ", 1024) + "</title><meta charset=gbk>", "", "", "gbk", charset.SourceMeta},
		{"utf-16le xml declaration without BOM", "<\x00?\x00x\x00m\x00l\x00", "", "", "utf-16le", charset.SourceXML},
		{"utf-16be xml declaration without BOM", "\x00<\x00?\x00x\x00m\x00l", "", "", "utf-16be", charset.SourceXML},
		{"late meta beats guessing", "<title>\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2!" + strings.Repeat(" ", 1024) + "</title><meta charset=iso-8859-5>", "", "", "iso-8859-5", charset.SourceMeta},
		{"xml declaration beats guessing", "<?xml version='1.0' encoding='iso-8859-5'?><p>\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2!</p>", "", "", "iso-8859-5", charset.SourceXML},
		{"meta after the head: guessed", "<p>\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2!</p>" + strings.Repeat(" ", 1024) + "<meta charset=iso-8859-5>", "", "", "koi8-r", charset.SourceDetected},
		{"processing instruction skipped", `<?xml version="1.0" encoding="koi8-r"?><meta charset=gbk>`, "", "", "gbk", charset.SourceMeta},
	}
	for _, tt := range tests {
		got := charset.Detect(charset.HTML, []byte(tt.head), tt.hint, tt.fallback)
		if got.Name != tt.want || got.Source != tt.source || got.Encoding == nil {
			t.Errorf("%s: charset.Detect(charset.HTML, %q, %q) = %s (%s), want %s (%s)", tt.name, tt.head, tt.hint, got.Name, got.Source, tt.want, tt.source)
		}
	}
}

func FuzzDetectCharset(f *testing.F) {
	f.Add([]byte(`<meta charset="koi8-r">`), "")
	f.Add([]byte(`<!--><meta http-equiv=content-type content="charset=gbk">`), "text/html")
	f.Add([]byte("<title>"+strings.Repeat("x", 1100)+"</title><meta charset=koi8-r>"), "")
	f.Add([]byte(`<?xml version="1.0" encoding='gbk'?><body>`+strings.Repeat("x", 1100)+"<meta charset=koi8-r>"), "")
	f.Add([]byte("<p>Price: 10\x92 \x93 \xa0 <a href=\"http://example.com/café\">café</a>"), "")
	f.Fuzz(func(t *testing.T, head []byte, hint string) {
		c := charset.Detect(charset.HTML, head, hint, "")
		if c.Name == "" || c.Encoding == nil || c.Source == "" {
			t.Fatalf("charset.Detect(charset.HTML, %q, %q) = %+v", head, hint, c)
		}
		// Only what nothing declared is guessed, and valid UTF-8 is
		// not a guess.
		if c.Guessed && (c.Source != charset.SourceDetected && c.Source != charset.SourceDefault ||
			c.Name == "utf-8" && utf8.Valid(head[:min(len(head), charset.DetectLimit)])) {
			t.Fatalf("charset.Detect(charset.HTML, %q, %q) = %+v: guessed", head, hint, c)
		}
		// The extractor decides the same, at any chunk size.
		for _, chunk := range []int{1, 3, 1000} {
			x := NewHTML(Options{Charset: hint}, func(*Link) error { return nil })
			for i := 0; i < len(head); i += chunk {
				end := min(i+chunk, len(head))
				if err := x.Feed(head[i:end], end == len(head)); err != nil {
					t.Fatal(err)
				}
			}
			if len(head) == 0 {
				x.Feed(nil, true)
			}
			if x.Charset() != c {
				t.Fatalf("chunk %d: the extractor decides %+v, DetectCharset %+v", chunk, x.Charset(), c)
			}
		}
	})
}

// BenchmarkDetectCharset measures the decision on the first bytes of
// typical pages: a charset declared early by a <meta> (most pages), by the
// transport, late by a <meta>, and none (the tokenizer then reads the
// whole head for a late <meta>); and the guess, once per unlabeled
// document: 8 KiB of markup and KOI8-R text.
func BenchmarkDetectCharset(b *testing.B) {
	early := []byte(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>A page</title><link rel="stylesheet" href="/s.css">` + strings.Repeat(`<link rel="preload" href="/f.woff2" as="font" crossorigin>`, 20))
	late := []byte(`<!DOCTYPE html><html><head><title>A page</title><script>` + strings.Repeat("var a = 1;\n", 300) + `</script><meta charset="koi8-r"></head><body>`)
	none := []byte(`<!DOCTYPE html><html><head><title>A page</title>` + strings.Repeat(`<link rel="preload" href="/f.woff2" as="font">`, 10) + `</head><body>` + strings.Repeat("<p>Some text.</p>\n", 100))
	guess := unlabeledPage(charset.DetectLimit)
	charset.Detect(charset.HTML, guess, "", "") // the tables are built once per process
	for _, c := range []struct {
		name, hint string
		head       []byte
	}{
		{"meta-early", "", early[:charset.PrescanLimit]},
		{"transport", "text/html; charset=utf-8", early[:charset.PrescanLimit]},
		{"meta-late", "", late},
		{"none", "", none},
		{"guess", "", guess},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.head)))
			for b.Loop() {
				charset.Detect(charset.HTML, c.head, c.hint, "")
			}
		})
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
// before deciding its charset. The HTML extractor holds the first
// charset.PrescanLimit bytes, enough when they declare the charset (or a charset is
// given); else up to where the head is over, for a late <meta>; and then,
// when it may guess and nothing declared the charset, charset.DetectLimit bytes
// at least. The text extractor holds charset.DetectLimit bytes when it may guess,
// charset.PrescanLimit when a charset or fallback is given.
func TestHoldForGuess(t *testing.T) {
	ascii := bytes.Repeat([]byte("<p>plain</p>\n"), charset.DetectLimit/13+1)
	koi8 := []byte("<p>\xeb\xcf\xc4\xc9\xd2\xcf\xd7\xcb\xc1 \xd3\xd4\xd2\xc1\xce\xc9\xc3\xd9</p>")
	doc := append(append([]byte(nil), ascii[:2000]...), koi8...)
	doc = append(doc, ascii...)
	// An early <meta> decides at charset.PrescanLimit, guessing or not.
	early := append([]byte("<meta charset=iso-8859-5>"), doc...)
	// A late one in a long head decides where it is, past charset.DetectLimit.
	lateHead := "<title>" + string(koi8) + strings.Repeat(" ", charset.DetectLimit) + "</title><meta charset=iso-8859-5>"
	late := append([]byte(lateHead), doc...)
	// A long head without one is held to its end, and the guess reads the
	// first charset.DetectLimit bytes.
	longHead := "<title>" + string(koi8) + strings.Repeat(" ", charset.DetectLimit) + "</title><body>"
	long := append([]byte(longHead), doc...)
	// Without a guess, a document whose head is over at once is held up
	// to the end of the first tag that ends past charset.PrescanLimit bytes, where
	// Chromium's scan for a <meta> stops.
	pastPrescan := charset.PrescanLimit + bytes.IndexByte(doc[charset.PrescanLimit-1:], '>')
	for _, tc := range []struct {
		name     string
		doc      []byte
		opts     Options
		htmlHold int
		htmlWant string
		textHold int
		textWant string
	}{
		{"guess", doc, Options{}, charset.DetectLimit, "koi8-r", charset.DetectLimit, "koi8-r"},
		{"fallback", doc, Options{DefaultCharset: "windows-1252"}, pastPrescan, "windows-1252", charset.PrescanLimit, "windows-1252"},
		{"transport", doc, Options{Charset: "text/html; charset=iso-8859-5"}, charset.PrescanLimit, "iso-8859-5", charset.PrescanLimit, "iso-8859-5"},
		{"unknown transport", doc, Options{Charset: "bogus"}, charset.DetectLimit, "koi8-r", charset.DetectLimit, "koi8-r"},
		{"early meta", early, Options{}, charset.PrescanLimit, "iso-8859-5", charset.DetectLimit, "koi8-r"},
		{"late meta", late, Options{}, len(lateHead), "iso-8859-5", charset.DetectLimit, "koi8-r"},
		{"late meta, fallback", late, Options{DefaultCharset: "windows-1252"}, len(lateHead), "iso-8859-5", charset.PrescanLimit, "windows-1252"},
		{"long head", long, Options{}, len(longHead), "koi8-r", charset.DetectLimit, "koi8-r"},
		{"long head, fallback", long, Options{DefaultCharset: "windows-1252"}, len(longHead), "windows-1252", charset.PrescanLimit, "windows-1252"},
	} {
		h := NewHTML(tc.opts, func(*Link) error { return nil })
		tx := NewText(tc.opts, func(*Link) error { return nil })
		for _, e := range []struct {
			name    string
			feed    func([]byte, bool) error
			charset func() charset.Charset
			hold    int
			want    string
		}{
			{"HTML", h.Feed, h.Charset, tc.htmlHold, tc.htmlWant},
			{"Text", tx.Feed, tx.Charset, tc.textHold, tc.textWant},
		} {
			if err := e.feed(tc.doc[:e.hold-1], false); err != nil {
				t.Fatal(err)
			}
			if cs := e.charset(); cs.Name != "" {
				t.Errorf("%s, %s: charset %s decided after %d bytes", tc.name, e.name, cs.Name, e.hold-1)
			}
			if err := e.feed(tc.doc[e.hold-1:e.hold], false); err != nil {
				t.Fatal(err)
			}
			if cs := e.charset(); cs.Name != e.want {
				t.Errorf("%s, %s: charset %q after %d bytes, want %s", tc.name, e.name, cs.Name, e.hold, e.want)
			}
		}
	}
}
