package extract

import (
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
		{"last of repeated charset attributes, as Chromium", `<meta charset=koi8-r charset=gbk>`, "", "", "gbk", SourceMeta},
		{"meta in a script is not seen, as Chromium", `<script>"<meta charset=koi8-r>"</script>`, "", "", "windows-1252", SourceDefault},
		{"meta in a title is not seen, as Chromium", `<title><meta charset=koi8-r></title>`, "", "", "windows-1252", SourceDefault},
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
		{"invalid utf-8 falls back", "<p>caf\xE9</p>", "", "", "windows-1252", SourceDefault},
		{"configured fallback", "<p>caf\xE9</p>", "", "windows-1250", "windows-1250", SourceDefault},
		{"ascii only falls back", "<p>plain</p>", "", "", "windows-1252", SourceDefault},
		{"beyond 1024 bytes, in the head", strings.Repeat(" ", 1024) + "<meta charset=koi8-r>", "", "", "koi8-r", SourceMeta},
		{"beyond 1024 bytes, after the head", "<body>" + strings.Repeat(" ", 1024) + "<meta charset=koi8-r>", "", "", "windows-1252", SourceDefault},
		{"late meta beats UTF-8 detection", "<title>caf\xC3\xA9</title><script>" + strings.Repeat(" ", 1024) + "</script><meta charset=koi8-r>", "", "", "koi8-r", SourceMeta},
		{"late meta in a script is not seen", "<script>" + strings.Repeat(" ", 1024) + "<meta charset=koi8-r></script>", "", "", "windows-1252", SourceDefault},
		{"late meta with a character reference", "<title>" + strings.Repeat(" ", 1024) + "</title><meta charset=&#107;oi8-r>", "", "", "koi8-r", SourceMeta},
		{"late meta beyond HeadLimit is not seen", "<title>" + strings.Repeat(" ", HeadLimit) + "</title><meta charset=koi8-r>", "", "", "windows-1252", SourceDefault},
		{"xml declaration", `<?xml version="1.0" encoding="koi8-r"?><p>`, "", "", "koi8-r", SourceXML},
		{"xml declaration beats UTF-8 detection", "<?xml version='1.0' encoding='koi8-r'?><p>caf\xC3\xA9", "", "", "koi8-r", SourceXML},
		{"xml declaration, utf-16 means utf-8", `<?xml version="1.0" encoding="utf-16"?><p>`, "", "", "utf-8", SourceXML},
		{"xml declaration not at the start", ` <?xml version="1.0" encoding="koi8-r"?><p>`, "", "", "windows-1252", SourceDefault},
		{"xml declaration, transport first", `<?xml version="1.0" encoding="koi8-r"?><p>`, "gbk", "", "gbk", SourceTransport},
		{"xml declaration, late meta first", `<?xml version="1.0" encoding="koi8-r"?><title>` + strings.Repeat(" ", 1024) + "</title><meta charset=gbk>", "", "", "gbk", SourceMeta},
		{"utf-16le xml declaration without BOM", "<\x00?\x00x\x00m\x00l\x00", "", "", "utf-16le", SourceXML},
		{"utf-16be xml declaration without BOM", "\x00<\x00?\x00x\x00m\x00l", "", "", "utf-16be", SourceXML},
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
	f.Add([]byte("<title>"+strings.Repeat("x", 1100)+"</title><meta charset=koi8-r>"), "")
	f.Add([]byte(`<?xml version="1.0" encoding='gbk'?><body>`+strings.Repeat("x", 1100)+"<meta charset=koi8-r>"), "")
	f.Fuzz(func(t *testing.T, head []byte, hint string) {
		c := DetectCharset(head, hint, "")
		if c.Name == "" || c.Encoding == nil || c.Source == "" {
			t.Fatalf("DetectCharset(%q, %q) = %+v", head, hint, c)
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
// transport, and none (the tokenizer then reads the whole head for a late
// <meta>).
func BenchmarkDetectCharset(b *testing.B) {
	early := []byte(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>A page</title><link rel="stylesheet" href="/s.css">` + strings.Repeat(`<link rel="preload" href="/f.woff2" as="font" crossorigin>`, 20))
	late := []byte(`<!DOCTYPE html><html><head><title>A page</title><script>` + strings.Repeat("var a = 1;\n", 300) + `</script><meta charset="koi8-r"></head><body>`)
	none := []byte(`<!DOCTYPE html><html><head><title>A page</title>` + strings.Repeat(`<link rel="preload" href="/f.woff2" as="font">`, 10) + `</head><body>` + strings.Repeat("<p>Some text.</p>\n", 100))
	for _, c := range []struct {
		name, hint string
		head       []byte
	}{
		{"meta-early", "", early[:PrescanLimit]},
		{"transport", "text/html; charset=utf-8", early[:PrescanLimit]},
		{"meta-late", "", late},
		{"none", "", none},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				DetectCharset(c.head, c.hint, "")
			}
		})
	}
}
