package extract_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
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

// TestResetOptions checks that every extractor, used on a document with
// some options and stopped there midway, then readied with ResetOptions
// for other options, reports the links of the document as a new extractor
// made with those other options does, and its charset: nothing of the
// first options or of the first document stays.
func TestResetOptions(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", 9000)
	for _, c := range []struct {
		typ         extract.Type
		doc         string
		first, next extract.Options
	}{
		{extract.TypeHTML, "<a href=\"b?q=\xe9\">b</a><p>see www.example.org " + long,
			extract.Options{Charset: "windows-1252", TextLinks: true},
			extract.Options{BaseURL: "http://example.com/a/", Charset: "koi8-r"}},
		{extract.TypeText, "see b.example.org/\xe9 and https://c.example/ " + long,
			extract.Options{Charset: "windows-1252", StrictText: true},
			extract.Options{Charset: "koi8-r", Oversize: func(*extract.OversizeError) {}}},
		{extract.TypeText, "see b.example.org/ and https://c.example/",
			extract.Options{Oversize: func(*extract.OversizeError) { t.Error("the first Oversize is called") }},
			extract.Options{StrictText: true}},
		{extract.TypeCSS, "a{background:url(b\xe9.png)} b{background:url(c.png)}",
			extract.Options{Charset: "koi8-r"},
			extract.Options{BaseURL: "http://example.com/s/", DefaultCharset: "windows-1252", Unresolved: true}},
		{extract.TypeMarkdown, "[a](b.md) <img src=c.png>\n\n[d]: e.md\n[x][d]",
			extract.Options{Unresolved: true},
			extract.Options{BaseURL: "http://example.com/doc/"}},
		{extract.TypeMail, "Content-Type: text/plain; charset=utf-8\n\nsee https://example.com/a and b.example.org\n",
			extract.Options{StrictText: true},
			extract.Options{BaseURL: "http://example.com/"}},
	} {
		var links []string
		var stop bool
		fn := func(l *extract.Link) error {
			if stop {
				return errors.New("stop")
			}
			links = append(links, fmt.Sprintf("%d-%d %s %s %v", l.Start, l.End, l.Value, l.Href, l.Err))
			return nil
		}
		var oversize []extract.OversizeError
		next := c.next
		if next.Oversize != nil {
			next.Oversize = func(e *extract.OversizeError) { oversize = append(oversize, *e) }
		}
		fresh := extract.New(c.typ, next, fn)
		if _, err := fresh.ReadFrom(strings.NewReader(c.doc)); err != nil {
			t.Fatalf("%v: %v", c.typ, err)
		}
		want, wantOversize, wantCharset := links, oversize, fresh.Charset()
		if len(want) == 0 {
			t.Fatalf("%v: no links", c.typ)
		}

		links, oversize, stop = nil, nil, true
		x := extract.New(c.typ, c.first, fn)
		x.Feed([]byte(c.doc[:len(c.doc)/2]), false)
		x.Feed([]byte(c.doc[len(c.doc)/2:]), true)
		links, stop = nil, false
		x.ResetOptions(next)
		if _, err := x.ReadFrom(strings.NewReader(c.doc)); err != nil {
			t.Fatalf("%v, reused: %v", c.typ, err)
		}
		if fmt.Sprint(links) != fmt.Sprint(want) || fmt.Sprint(oversize) != fmt.Sprint(wantOversize) {
			t.Errorf("%v, reused: links %q, oversize %v\nwant %q, %v", c.typ, links, oversize, want, wantOversize)
		}
		if cs := x.Charset(); cs.Name != wantCharset.Name || cs.Source != wantCharset.Source {
			t.Errorf("%v, reused: charset %v, want %v", c.typ, cs, wantCharset)
		}
	}
}

// TestResetKeepsCache reads documents that repeat the same links, in
// turn, with one HTML extractor readied by ResetOptions: it keeps the
// links it resolved for a document whose links resolve as the last
// one's, and must report, for each document, what a new extractor
// reports, whatever changed between them: the charset of the queries,
// the base (--base, a base element), IRIs made or not.
func TestResetKeepsCache(t *testing.T) {
	const links = `<a href="b?q=é">1</a><a href="c/%C3%A9">2</a><a href="http://x.example/d?é">3</a><a href="b?q=é">4</a>`
	utf8 := "<meta charset=utf-8>" + links
	latin1 := "<meta charset=windows-1252>" + strings.NewReplacer("é", "\xe9").Replace(links)
	koi8 := "<meta charset=koi8-r>" + strings.NewReplacer("é", "\xc1").Replace(links)
	withBase := `<base href="http://b.example/dir/">` + links
	docs := []struct {
		doc  string
		opts extract.Options
	}{
		{utf8, extract.Options{}},
		{utf8, extract.Options{}},
		{latin1, extract.Options{}},
		{latin1, extract.Options{}},
		{koi8, extract.Options{}},
		{utf8, extract.Options{NoIRI: true}},
		{utf8, extract.Options{}},
		{withBase, extract.Options{}},
		{utf8, extract.Options{}},
		{utf8, extract.Options{BaseURL: "http://a.example/1/"}},
		{utf8, extract.Options{BaseURL: "http://a.example/2/"}},
		{utf8, extract.Options{}},
		{latin1, extract.Options{Charset: "koi8-r"}},
		{utf8, extract.Options{Unresolved: true}},
		{utf8, extract.Options{}},
	}
	var got []string
	fn := func(l *extract.Link) error {
		got = append(got, fmt.Sprintf("%s %s %s %v", l.Value, l.Href, l.IRI, l.Err))
		return nil
	}
	var x extract.Extractor
	for i, d := range docs {
		got = nil
		fresh := extract.NewHTML(d.opts, fn)
		if _, err := fresh.ReadFrom(strings.NewReader(d.doc)); err != nil {
			t.Fatal(err)
		}
		want := got
		got = nil
		if x == nil {
			x = extract.NewHTML(d.opts, fn)
		} else {
			x.ResetOptions(d.opts)
		}
		if _, err := x.ReadFrom(strings.NewReader(d.doc)); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("document %d, reused extractor:\n%q\nwant (new extractor)\n%q", i, got, want)
		}
	}
}
