package rewrite

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// The stray bytes of issue 18 item 1, each of which made a UTF-8 text be
// read as a legacy charset (gbk, windows-874, windows-1256, windows-1255).
var strayBytes = []string{"\x80", "\x92 \x93 \xa0", "\xa9 \xb0 \xfc", "\xe9"}

// TestGuessedStrayBytes is issue 18 item 1: a UTF-8 text or HTML file
// with a stray byte is read as UTF-8 with errors, a guess, and a rewrite
// writes nothing whose meaning depends on the guess: its links written
// with non-ASCII characters are left as written (they were written as
// caf%E8%8C%85 and mojibake before), counted as kept and guessed, in
// URI form (to IRI they are already in theirs); an ASCII link still
// changes, in ASCII (to IRI too, where its IRI is ASCII). Given the charset (Options.Charset), the same links
// are rewritten.
func TestGuessedStrayBytes(t *testing.T) {
	for _, stray := range strayBytes {
		text := "Price: 10" + stray + "\nhttp://example.com/café and https://ru.wikipedia.org/wiki/Юникод and http://example.com/a%7Cb|c\n"
		html := "<p>Price: 10" + stray + "\n<a href=\"http://example.com/café\">café</a> <a href=\"/wiki/Юникод\">Юникод</a> <a href=\"/a b\">ab</a>\n"
		tests := []struct {
			typ  extract.Type
			opts Options
			in   string
			want string
			st   Stats
		}{
			{extract.TypeText, Options{To: FormURI}, text,
				strings.Replace(text, "a%7Cb|c", "a%7Cb%7Cc", 1), Stats{Links: 3, Rewritten: 1, Kept: 2, Guessed: 2}},
			{extract.TypeText, Options{To: FormIRI}, text,
				strings.Replace(text, "a%7Cb|c", "a|b|c", 1), Stats{Links: 3, Rewritten: 1}},
			{extract.TypeText, Options{}, text, text, Stats{Links: 3}},
			{extract.TypeText, Options{To: FormURI, Options: extract.Options{Charset: "utf-8"}}, text,
				strings.NewReplacer("café", "caf%C3%A9", "Юникод", "%D0%AE%D0%BD%D0%B8%D0%BA%D0%BE%D0%B4", "a%7Cb|c", "a%7Cb%7Cc").Replace(text),
				Stats{Links: 3, Rewritten: 3}},
			{extract.TypeHTML, Options{To: FormURI, Options: extract.Options{BaseURL: "http://example.com/"}}, html,
				strings.Replace(html, "/a b", "/a%20b", 1), Stats{Links: 3, Rewritten: 1, Kept: 2, Guessed: 2}},
			{extract.TypeHTML, Options{To: FormIRI, Options: extract.Options{BaseURL: "http://example.com/"}}, html,
				strings.Replace(html, "/a b", "/a%20b", 1), Stats{Links: 3, Rewritten: 1}},
			{extract.TypeHTML, Options{Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: "http://example.com/"}}, html,
				strings.Replace(html, "\"/a b\"", "\"http://example.com/a%20b\"", 1), Stats{Links: 3, Rewritten: 1, Kept: 1, Guessed: 1}},
			{extract.TypeHTML, Options{To: FormURI, Options: extract.Options{BaseURL: "http://example.com/", Charset: "utf-8"}}, html,
				strings.NewReplacer("\"http://example.com/café\"", "\"http://example.com/caf%C3%A9\"", "/wiki/Юникод", "/wiki/%D0%AE%D0%BD%D0%B8%D0%BA%D0%BE%D0%B4", "/a b", "/a%20b").Replace(html),
				Stats{Links: 3, Rewritten: 3}},
		}
		for _, tt := range tests {
			name := fmt.Sprintf("%v %q %+v", tt.typ, stray, tt.opts)
			var r Rewriter
			transformtest.Sweep{
				Name:  name,
				In:    []byte(tt.in),
				New:   func() transform.Transformer { r = New(tt.typ, tt.opts); return r },
				Want:  []byte(tt.want),
				Check: func([]byte) error { return checkStats(r, tt.st) },
			}.Run(t)
			if cs := r.Charset(); cs.Name != "utf-8" || cs.Guessed != (tt.opts.Charset == "") {
				t.Errorf("%s: charset %+v", name, cs)
			}
		}
	}
}

func checkStats(r Rewriter, want Stats) error {
	if got := r.Stats(); got != want {
		return fmt.Errorf("Stats %+v, want %+v", got, want)
	}
	return nil
}

// TestGuessedASCIIHTML is issue 18 item 2: an unlabeled HTML fragment
// that is all ASCII (a template, served as UTF-8) is read as
// windows-1252, a guess; --to iri wrote its en dash as the byte 0x96 and
// 文字 as "&#25991;&#23383;". Now its links stay ASCII, as written, and
// are counted as guessed; with the charset given they are written as IRIs
// in it.
func TestGuessedASCIIHTML(t *testing.T) {
	const frag = `<p>See <a href="https://en.wikipedia.org/wiki/En_dash_%E2%80%93">dash</a> and <a href="/wiki/%E6%96%87%E5%AD%97">moji</a>, <a href="/plain.html">plain</a>.</p>` + "\n"
	tests := []struct {
		opts Options
		want string
		st   Stats
	}{
		{Options{To: FormIRI}, frag, Stats{Links: 3, Kept: 2, Guessed: 2}},
		{Options{To: FormURI}, frag, Stats{Links: 3}},
		{Options{To: FormIRI, Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: "https://example.org/"}},
			strings.Replace(frag, `"/plain.html"`, `"https://example.org/plain.html"`, 1),
			Stats{Links: 3, Rewritten: 1, Kept: 2, Guessed: 2}},
		{Options{To: FormIRI, Options: extract.Options{Charset: "utf-8"}},
			strings.NewReplacer("%E2%80%93", "–", "%E6%96%87%E5%AD%97", "文字").Replace(frag), Stats{Links: 3, Rewritten: 2}},
		{Options{To: FormIRI, Options: extract.Options{DefaultCharset: "utf-8"}},
			strings.NewReplacer("%E2%80%93", "–", "%E6%96%87%E5%AD%97", "文字").Replace(frag), Stats{Links: 3, Rewritten: 2}},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%+v", tt.opts)
		var r Rewriter
		transformtest.Sweep{
			Name:  name,
			In:    []byte(frag),
			New:   func() transform.Transformer { r = NewHTML(tt.opts); return r },
			Want:  []byte(tt.want),
			Check: func([]byte) error { return checkStats(r, tt.st) },
		}.Run(t)
	}
}

// TestGuessedLegacy checks a text guessed to be in a legacy charset (the
// statistical guess: Russian in windows-1251, no label): its links written
// in the charset are left as written, in URI and IRI form; its ASCII
// links are rewritten in ASCII, to URI, and left as written to IRI when
// their IRI is not ASCII (http://пример.рф); with the charset given, they
// are written as asked.
func TestGuessedLegacy(t *testing.T) {
	in := encodeIn(t, "Ссылки в тексте: https://ru.wikipedia.org/wiki/Юникод и http://xn--e1afmkfd.xn--p1ai/a|b, привет.\n", "windows-1251")
	tests := []struct {
		opts Options
		want string
		st   Stats
	}{
		{Options{To: FormURI}, "Ссылки в тексте: https://ru.wikipedia.org/wiki/Юникод и http://xn--e1afmkfd.xn--p1ai/a%7Cb, привет.\n",
			Stats{Links: 2, Rewritten: 1, Kept: 1, Guessed: 1}},
		{Options{To: FormIRI}, "Ссылки в тексте: https://ru.wikipedia.org/wiki/Юникод и http://xn--e1afmkfd.xn--p1ai/a|b, привет.\n",
			Stats{Links: 2, Kept: 1, Guessed: 1}},
		{Options{To: FormIRI, Options: extract.Options{Charset: "windows-1251"}}, "Ссылки в тексте: https://ru.wikipedia.org/wiki/Юникод и http://пример.рф/a|b, привет.\n",
			Stats{Links: 2, Rewritten: 1}},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%+v", tt.opts)
		var r Rewriter
		transformtest.Sweep{
			Name:  name,
			In:    in,
			New:   func() transform.Transformer { r = NewText(tt.opts); return r },
			Want:  encodeIn(t, tt.want, "windows-1251"),
			Check: func([]byte) error { return checkStats(r, tt.st) },
		}.Run(t)
		if cs := r.Charset(); cs.Name != "windows-1251" || cs.Guessed != (tt.opts.Charset == "") {
			t.Errorf("%s: charset %+v", name, cs)
		}
	}
}
