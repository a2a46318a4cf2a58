package chardet

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/text/encoding/htmlindex"
)

// samples are sentences written for these tests (not taken from the
// training text), and the charsets each is tried in: Guess must name
// the first one of each charset's test.
var samples = []struct {
	text     string
	charsets []string
}{
	{"Это простой пример текста на русском языке, чтобы проверить, как определяется кодировка страницы.",
		[]string{"windows-1251", "koi8-r", "ibm866", "iso-8859-5"}},
	{"Це простий приклад українського тексту, щоб перевірити визначення кодування: їжак, ґанок, єдність.",
		[]string{"windows-1251", "koi8-u"}},
	{"Αυτό είναι ένα απλό παράδειγμα ελληνικού κειμένου για τον έλεγχο της κωδικοποίησης της σελίδας.",
		[]string{"windows-1253"}},
	{"זוהי דוגמה פשוטה לטקסט בעברית כדי לבדוק את זיהוי הקידוד של המסמך הזה.",
		[]string{"windows-1255"}},
	{"هذا مثال بسيط لنص باللغة العربية لاختبار التعرف على ترميز المستند.",
		[]string{"windows-1256"}},
	{"นี่คือตัวอย่างข้อความภาษาไทยง่ายๆ เพื่อทดสอบการตรวจจับการเข้ารหัสของเอกสาร",
		[]string{"windows-874"}},
	{"To jest prosty przykład polskiego tekstu, żeby sprawdzić wykrywanie kodowania znaków: zażółć gęślą jaźń.",
		[]string{"windows-1250", "iso-8859-2"}},
	{"Toto je jednoduchý příklad českého textu pro ověření rozpoznání kódování: příliš žluťoučký kůň úpěl ďábelské ódy.",
		[]string{"windows-1250", "iso-8859-2"}},
	{"Bu, belge kodlamasının algılanmasını sınamak için basit bir Türkçe metin örneğidir: çığ, şişe, ağaç.",
		[]string{"windows-1254"}},
	{"Tai paprastas lietuviško teksto pavyzdys, skirtas koduotės atpažinimui patikrinti: ąžuolas, šešėlis, ūkis.",
		[]string{"windows-1257"}},
	{"Ceci est un exemple simple de texte français pour vérifier la détection de l'encodage : été, à côté, garçon.",
		[]string{"windows-1252"}},
	{"Dies ist ein einfaches Beispiel für deutschen Text, um die Erkennung der Kodierung zu prüfen: Größe, Übung, schön.",
		[]string{"windows-1252"}},
	{"これは文書の文字コードの判定を確かめるための簡単な日本語の例文です。",
		[]string{"shift_jis", "euc-jp"}},
	{"这是一个用于测试文档字符编码检测的简单中文例句。我们希望它能被正确识别。",
		[]string{"gbk"}},
	{"這是一個用於測試文件字元編碼偵測的簡單中文例句。我們希望它能被正確識別。",
		[]string{"big5"}},
	{"이것은 문서의 문자 인코딩 감지를 확인하기 위한 간단한 한국어 예문입니다.",
		[]string{"euc-kr"}},
}

func encode(t testing.TB, charset, s string) []byte {
	e, err := htmlindex.Get(charset)
	if err != nil {
		t.Fatal(err)
	}
	b, err := e.NewEncoder().String(s)
	if err != nil {
		t.Fatalf("%s cannot encode %q: %v", charset, s, err)
	}
	return []byte(b)
}

func TestGuess(t *testing.T) {
	for _, s := range samples {
		for _, cs := range s.charsets {
			page := append(append([]byte("<!DOCTYPE html>\n<title>x</title>\n<p>"), encode(t, cs, s.text)...), "</p>\n"...)
			if got := Guess(page, true); got != cs {
				t.Errorf("%.30s... in %s: Guess = %s", s.text, cs, got)
			}
		}
	}
}

func TestGuessSpecial(t *testing.T) {
	tests := []struct {
		name string
		in   string
		eof  bool
		want string
	}{
		{"empty", "", true, ""},
		{"ascii", "<p>plain</p>", true, ""},
		// Chromium does not guess ISO-2022-JP: it reads it as windows-1252.
		{"iso-2022-jp", "<p>\x1b$B$3$s$K$A$O\x1b(B</p>", true, ""},
		{"one accented letter", "<p>caf\xe9</p>", true, "windows-1252"},
		// A cut Shift_JIS character at the end of a held head.
		{"cut at the end", "<p>\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82", false, "shift_jis"},
		// The same bytes as a whole document: the last byte cannot be
		// Shift_JIS.
		{"cut at EOF", "<p>\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82", true, "windows-1252"},
		{"Greek", "<p>\x93\xc1\xf5\xf4\xfc\x94</p>", true, "windows-1253"},
		{"Greek Ά in iso-8859-7", "<p>\xb6\xed\xe8\xf1\xf9\xf0\xef\xe9</p>", true, "windows-1253"},
	}
	for _, tt := range tests {
		if got := Guess([]byte(tt.in), tt.eof); got != tt.want {
			t.Errorf("%s: Guess(%q, %v) = %q, want %q", tt.name, tt.in, tt.eof, got, tt.want)
		}
	}
}

// TestGuessChunks checks that a guess does not depend on where a text
// in a multi-byte encoding is cut.
func TestGuessCut(t *testing.T) {
	b := encode(t, "euc-jp", strings.Repeat("これは文書の文字コードの判定を確かめるための簡単な日本語の例文です。", 4))
	for n := 8; n < len(b); n++ {
		if got := Guess(b[:n], false); got != "euc-jp" {
			t.Errorf("first %d bytes: Guess = %s", n, got)
		}
	}
}

func FuzzGuess(f *testing.F) {
	for _, s := range samples {
		for _, cs := range s.charsets {
			f.Add(encode(f, cs, s.text), true)
		}
	}
	f.Add([]byte("\x1b$B$3$s\x1b(B"), false)
	f.Add([]byte("\x8f\xa1"), false)
	f.Add([]byte("\x81\x30\x81"), false)
	f.Fuzz(func(t *testing.T, b []byte, atEOF bool) {
		in := bytes.Clone(b)
		got := Guess(b, atEOF)
		if !bytes.Equal(in, b) {
			t.Fatal("Guess changed its input")
		}
		if again := Guess(b, atEOF); again != got {
			t.Fatalf("Guess = %q, then %q", got, again)
		}
		if got == "" {
			if firstHigh(b) >= 0 {
				t.Fatalf("no guess for non-ASCII input")
			}
			return
		}
		e, err := htmlindex.Get(got)
		if err != nil {
			t.Fatalf("Guess = %q, not an encoding: %v", got, err)
		}
		if name, _ := htmlindex.Name(e); name != got {
			t.Fatalf("Guess = %q, not the WHATWG name %q", got, name)
		}
	})
}

func BenchmarkGuess(b *testing.B) {
	for _, tc := range []struct{ name, charset, text string }{
		{"shift_jis", "shift_jis", samples[12].text},
		{"koi8-r", "koi8-r", samples[0].text},
		{"windows-1252", "windows-1252", samples[10].text},
	} {
		// A page of 8 KiB, as extract holds: markup and text.
		var page []byte
		for len(page) < 8<<10 {
			page = append(page, `<li><a href="/docs/page.html" class="item">`...)
			page = append(page, encode(b, tc.charset, tc.text)...)
			page = append(page, "</a></li>\n"...)
		}
		page = page[:8<<10]
		once.Do(setup)
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(page)))
			for b.Loop() {
				Guess(page, false)
			}
		})
	}
}

// BenchmarkSetup measures the building of the tables, once per process.
func BenchmarkSetup(b *testing.B) {
	for b.Loop() {
		singles, multis, priority = nil, nil, map[string]int{}
		setup()
	}
}
