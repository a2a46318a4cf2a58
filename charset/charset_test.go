package charset

import (
	"strings"
	"testing"
)

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

func TestDetectCSS(t *testing.T) {
	tests := []struct {
		head, hint, fallback string
		name, source         string
	}{
		{"a{}", "", "", "utf-8", SourceDefault},
		{"a{}", "", "shift_jis", "shift_jis", SourceDefault},
		{"\xEF\xBB\xBF@charset \"koi8-r\";", "", "", "utf-8", SourceBOM},
		{"@charset \"koi8-r\";", "", "", "koi8-r", SourceCharsetRule},
		{"@charset \"koi8-r\";", "text/css; charset=gbk", "", "gbk", SourceTransport},
		{"@charset \"utf-16le\";", "", "", "utf-8", SourceCharsetRule},
		{"@charset \"nonsense\";", "", "koi8-r", "koi8-r", SourceDefault},
		{"@charset 'koi8-r';", "", "", "utf-8", SourceDefault},    // double quotes only
		{"@CHARSET \"koi8-r\";", "", "", "utf-8", SourceDefault},  // exact bytes only
		{" @charset \"koi8-r\";", "", "", "utf-8", SourceDefault}, // at the very start only
		{"@charset \"koi8-r\"", "", "", "utf-8", SourceDefault},   // needs the ";"
	}
	for _, tt := range tests {
		c := Detect(CSS, []byte(tt.head), tt.hint, tt.fallback)
		if c.Name != tt.name || c.Source != tt.source {
			t.Errorf("Detect(CSS, %q, %q, %q) = %s (%s), want %s (%s)", tt.head, tt.hint, tt.fallback, c.Name, c.Source, tt.name, tt.source)
		}
	}
}

func TestDetectText(t *testing.T) {
	tests := []struct {
		head, hint, fallback string
		name, source         string
	}{
		{"plain", "", "", "utf-8", SourceDefault},
		{"caf\xC3\xA9", "", "", "utf-8", SourceDetected},
		{"\xFF\xFEa\x00", "koi8-r", "", "utf-16le", SourceBOM},
		{"caf\xC3\xA9", "text/plain; charset=koi8-r", "", "koi8-r", SourceTransport},
		{"caf\xE9", "", "windows-1250", "windows-1250", SourceDefault},
		{"<meta charset=koi8-r>", "", "", "utf-8", SourceDefault},                     // no meta in text
		{"<\x00?\x00x\x00m\x00l\x00", "", "", "utf-8", SourceDefault},                 // nor XML declaration
		{"\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2!", "", "", "koi8-r", SourceDetected}, // guessed
	}
	for _, tt := range tests {
		c := Detect(Text, []byte(tt.head), tt.hint, tt.fallback)
		if c.Name != tt.name || c.Source != tt.source || c.Encoding == nil {
			t.Errorf("Detect(Text, %q, %q, %q) = %s (%s), want %s (%s)", tt.head, tt.hint, tt.fallback, c.Name, c.Source, tt.name, tt.source)
		}
	}
}

// TestHead checks that a Head, written any number of bytes at a time,
// decides as Detect does on what it holds, and holds no more than it must.
func TestHead(t *testing.T) {
	pad := strings.Repeat(" ", 1100)
	docs := []string{
		"",
		"<meta charset=koi8-r>",
		"<title>" + pad + "</title><meta charset=gbk>" + pad,
		"<body>" + pad + "<meta charset=koi8-r>",
		"<p>\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2!</p>" + strings.Repeat(pad, 8),
		"@charset \"koi8-r\";" + pad,
		"\xFF\xFE<\x00p\x00>\x00",
		"caf\xC3\xA9" + pad,
	}
	for _, k := range []Kind{HTML, Text, CSS} {
		for _, hint := range []string{"", "windows-1251"} {
			for _, doc := range docs {
				for _, chunk := range []int{1, 7, 1000, 1 << 20} {
					var h Head
					h.Init(k, hint, "")
					b := []byte(doc)
					for done := false; !done; {
						n := min(chunk, len(b))
						var rest []byte
						rest, done = h.Feed(b[:n], n == len(b))
						if len(rest) > 0 && !done {
							t.Fatalf("kind %d %.20q: a rest before the decision", k, doc)
						}
						b = b[n-len(rest):]
					}
					held := h.Bytes()
					if want := Detect(k, held, hint, ""); h.Charset() != want {
						t.Errorf("kind %d hint %q %.20q chunk %d: %+v, want %+v", k, hint, doc, chunk, h.Charset(), want)
					}
					if want := Detect(k, []byte(doc), hint, ""); h.Charset() != want {
						t.Errorf("kind %d hint %q %.20q chunk %d: %+v, on the whole document %+v", k, hint, doc, chunk, h.Charset(), want)
					}
					if h.Room() != 0 || !h.Done() {
						t.Errorf("kind %d %.20q: Room %d, Done %v once decided", k, doc, h.Room(), h.Done())
					}
				}
			}
		}
	}
}

// TestStrayBytes is issue 18 item 1: a UTF-8 document with a stray byte
// or three (the byte shapes that were read as gbk, windows-874,
// windows-1256 and windows-1255) is UTF-8 with errors, guessed, never a
// legacy charset; legacy text, which makes far fewer valid UTF-8
// sequences than invalid ones, is still guessed as before.
func TestStrayBytes(t *testing.T) {
	const text = "\nhttp://example.com/café and https://ru.wikipedia.org/wiki/Юникод\n"
	const html = "\n<a href=\"http://example.com/café\">café</a> <a href=\"/wiki/Юникод\">Юникод</a>\n"
	for _, stray := range []string{"\x80", "\x92 \x93 \xa0", "\xa9 \xb0 \xfc", "\xe9"} {
		for _, tt := range []struct {
			kind Kind
			doc  string
		}{
			{Text, "Price: 10" + stray + text},
			{HTML, "<p>Price: 10" + stray + html},
			{HTML, "<!DOCTYPE html><title>x</title><p>Price: 10" + stray + html + strings.Repeat("<p>more text\n", 700)},
		} {
			c := Detect(tt.kind, []byte(tt.doc), "", "")
			if c.Name != "utf-8" || c.Source != SourceDetected || !c.Guessed {
				t.Errorf("kind %d, stray %q: %s (%s) guessed %v, want utf-8 (detected) guessed", tt.kind, stray, c.Name, c.Source, c.Guessed)
			}
		}
	}
	tests := []struct {
		kind     Kind
		doc      string
		fallback string
		name     string
		source   string
		guessed  bool
	}{
		{Text, "caf\xC3\xA9", "", "utf-8", SourceDetected, false},                     // valid UTF-8: proved
		{HTML, "<p>caf\xC3\xA9", "", "utf-8", SourceDetected, false},                  // the same in HTML
		{Text, "plain ASCII", "", "utf-8", SourceDefault, false},                      // plain text is UTF-8
		{HTML, "<p>plain ASCII", "", "windows-1252", SourceDefault, true},             // HTML's default: a guess
		{HTML, "<p>plain ASCII", "utf-8", "utf-8", SourceDefault, false},              // the caller's fallback
		{HTML, "<p>caf\xE9 \xC3\xA9", "", "utf-8", SourceDetected, true},              // one stray, one valid
		{HTML, "<p>caf\xE9 na\xEFve \xC3\xA9", "", "", SourceDetected, true},          // two strays, one valid: legacy (any)
		{Text, "Price: 10\x80 caf\xC3\xA9", "koi8-r", "koi8-r", SourceDefault, false}, // a fallback: no guess
		{Text, "\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2!", "", "koi8-r", SourceDetected, true},
		{HTML, "<meta charset=koi8-r><p>\xf0\xd2\xc9\xd7\xc5\xd4", "", "koi8-r", SourceMeta, false},
		{CSS, "a{}", "", "utf-8", SourceDefault, false},
		{Text, "\xEF\xBB\xBFPrice: 10\x80", "", "utf-8", SourceBOM, false},
	}
	for _, tt := range tests {
		c := Detect(tt.kind, []byte(tt.doc), "", tt.fallback)
		name := c.Name
		if tt.name == "" && name != "utf-8" {
			name = ""
		}
		if name != tt.name || c.Source != tt.source || c.Guessed != tt.guessed {
			t.Errorf("Detect(%d, %q, fallback %q) = %s (%s) guessed %v, want %s (%s) guessed %v",
				tt.kind, tt.doc, tt.fallback, c.Name, c.Source, c.Guessed, tt.name, tt.source, tt.guessed)
		}
	}
}
