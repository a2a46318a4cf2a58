package extract_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/relink-go/relink/extract"
)

// TestExtractorContract checks the contract of Feed and Settled that
// Extractor states, for every type of document, fed in chunks of many
// sizes: Settled never decreases, never passes the bytes fed, and no link
// reported after it starts before it; after the end, every link is
// reported, the same whatever the chunks.
func TestExtractorContract(t *testing.T) {
	docs := []struct {
		typ  extract.Type
		file string
		opts extract.Options
	}{
		{extract.TypeHTML, "../testdata/site/index.html", extract.Options{BaseURL: "http://example.com/"}},
		{extract.TypeHTML, "../testdata/site/ja/shift_jis.html", extract.Options{TextLinks: true}},
		{extract.TypeHTML, "../testdata/nodedocs/api/documentation.html", extract.Options{Immediate: true, TextLinks: true}},
		{extract.TypeText, "../testdata/site/notes.txt", extract.Options{}},
		{extract.TypeText, "../testdata/mail/note-koi8-r.txt", extract.Options{Charset: "koi8-r"}},
		{extract.TypeCSS, "../testdata/nodedocs/api/assets/style.css", extract.Options{}},
		{extract.TypeMarkdown, "../testdata/nodedocs/api/documentation.md", extract.Options{}},
	}
	for _, d := range docs {
		doc, err := os.ReadFile(d.file)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, size := range []int{len(doc), 1, 2, 3, 7, 64, 1000} {
			var got []string
			var settled int64
			fed := 0
			x := extract.New(d.typ, d.opts, func(l *extract.Link) error {
				if l.Start < settled {
					t.Errorf("%s, chunks of %d: link %q at %d reported after Settled %d", d.file, size, l.Value, l.Start, settled)
				}
				got = append(got, fmt.Sprintf("%d-%d %s %s", l.Start, l.End, l.Value, l.Href))
				return nil
			})
			for fed < len(doc) {
				n := min(size, len(doc)-fed)
				if err := x.Feed(doc[fed:fed+n], fed+n == len(doc)); err != nil {
					t.Fatalf("%s: %v", d.file, err)
				}
				fed += n
				s := x.Settled()
				if s < settled || s > int64(fed) {
					t.Errorf("%s, chunks of %d: Settled %d after %d (before: %d)", d.file, size, s, fed, settled)
				}
				settled = s
			}
			if size == len(doc) {
				want = got
				if len(want) == 0 {
					t.Errorf("%s: no links", d.file)
				}
			} else if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s, chunks of %d: links\n%q\nwant\n%q", d.file, size, got, want)
			}
		}
	}
}

// TestTypeOf checks the document types known by name and by content.
func TestTypeOf(t *testing.T) {
	for _, c := range []struct {
		name, head string
		want       extract.Type
	}{
		{"a/b.HTML", "", extract.TypeHTML},
		{"index.php", "plain", extract.TypeHTML},
		{"notes.TXT", "<html>", extract.TypeText},
		{"s.css", "", extract.TypeCSS},
		{"README.md", "<p>", extract.TypeMarkdown},
		{"x.markdown", "", extract.TypeMarkdown},
		{"", "\xEF\xBB\xBF  <!DOCTYPE html>", extract.TypeHTML},
		{"-", "<P>hello", extract.TypeHTML},
		{"data.json", "{\"a\": \"<html>\"}", extract.TypeHTML},
		{"data.json", "{\"a\": 1}", extract.TypeText},
		{"", "Hello, <b>world</b>", extract.TypeText},
		{"", "", extract.TypeText},
	} {
		if got := extract.TypeOf(c.name, []byte(c.head)); got != c.want {
			t.Errorf("TypeOf(%q, %q) = %v, want %v", c.name, c.head, got, c.want)
		}
	}
	long := make([]byte, 2000)
	for i := range long {
		long[i] = ' '
	}
	copy(long[1500:], "<html>")
	if got := extract.TypeOf("", long); got != extract.TypeText {
		t.Errorf("TypeOf of a <html> past 1024 bytes = %v, want text", got)
	}
	for _, name := range []string{"a.js", "Makefile", "x.HTML.bak", ""} {
		if got := extract.TypeByName(name); got != 0 {
			t.Errorf("TypeByName(%q) = %v, want 0", name, got)
		}
	}
	for typ := extract.TypeHTML; typ <= extract.TypeMarkdown; typ++ {
		if got, err := extract.ParseType(typ.String()); got != typ || err != nil {
			t.Errorf("ParseType(%q) = %v, %v", typ, got, err)
		}
	}
	if _, err := extract.ParseType("auto"); err == nil {
		t.Error(`ParseType("auto"): no error`)
	}
}
