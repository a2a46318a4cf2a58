package extract

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/extract")

// linkLine is the form of a Link in golden files and comparisons.
func linkLine(l *Link) string {
	errs := ""
	if l.Err != nil {
		errs = l.Err.Error()
	}
	b, _ := json.Marshal(struct {
		Tag, Attr, Role, Raw, URI, IRI, Rel, Text, Err string
		Lazy                                           bool
		Offset, End                                    int64
		Line                                           int
	}{l.Tag, l.Attr, roleName(l.Role), l.Value, l.Href, l.IRI, l.Rel, l.Text, errs, l.Lazy, l.Start, l.End, l.Line})
	return string(b)
}

func roleName(r htmlattr.Role) string {
	if r == 0 {
		return ""
	}
	return r.String()
}

// extractAll runs an HTML extractor over doc, giving it chunks of size
// chunk (all of doc when chunk <= 0) and a dst of size dstSize (large when
// <= 0), and returns the links and the output.
func extractAll(t testing.TB, doc []byte, opts Options, chunk, dstSize int) ([]string, []byte) {
	t.Helper()
	var links []string
	x := NewHTML(opts, func(l *Link) error {
		links = append(links, linkLine(l))
		return nil
	})
	return links, transformtest.Run(t, x, doc, chunk, dstSize)
}

// htmlSweep returns a chunk-size test of an HTML extractor with opts over
// doc: each run copies doc and reports the links want holds.
func htmlSweep(name string, doc []byte, opts Options, want []string) transformtest.Sweep {
	var got []string
	return transformtest.Sweep{
		Name: name,
		In:   doc,
		New: func() transform.Transformer {
			got = nil
			return NewHTML(opts, func(l *Link) error {
				got = append(got, linkLine(l))
				return nil
			})
		},
		Want: doc,
		Check: func([]byte) error {
			if !slices.Equal(got, want) {
				return fmt.Errorf("links differ:\n%s", diffLines(strings.Join(want, "\n"), strings.Join(got, "\n")))
			}
			return nil
		},
	}
}

func goldenDocs(t *testing.T) []string {
	files, err := filepath.Glob("../testdata/extract/links-*.html")
	if err != nil || len(files) == 0 {
		t.Fatal("no documents in testdata/extract", err)
	}
	return files
}

const goldenBase = "http://example.com/dir/page.html"

func TestGolden(t *testing.T) {
	for _, file := range goldenDocs(t) {
		doc, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		links, out := extractAll(t, doc, Options{BaseURL: goldenBase}, 0, 0)
		if !bytes.Equal(out, doc) {
			t.Errorf("%s: output differs from input", file)
		}
		got := strings.Join(links, "\n") + "\n"
		golden := strings.TrimSuffix(file, ".html") + ".golden"
		if *update {
			os.WriteFile(golden, []byte(got), 0o644)
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if got != string(want) {
			t.Errorf("%s: links differ from %s (run go test -update if deliberate):\n%s", file, golden, diffLines(string(want), got))
		}
	}
}

func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			fmt.Fprintf(&b, "line %d:\n- %s\n+ %s\n", i+1, a, c)
		}
	}
	return b.String()
}

// TestCharsetInvariants checks what must hold across the charsets of the
// same document: the same links, with the same decoded values; spans that
// hold what they say; and the same URIs wherever the query is not encoded
// in the document's charset.
func TestCharsetInvariants(t *testing.T) {
	type result struct {
		file  string
		links []*Link
	}
	var all []result
	for _, file := range goldenDocs(t) {
		doc, _ := os.ReadFile(file)
		var links []*Link
		x := NewHTML(Options{BaseURL: goldenBase}, func(l *Link) error {
			c := *l
			links = append(links, &c)
			return nil
		})
		if _, err := io.Copy(io.Discard, transform.NewReader(bytes.NewReader(doc), x)); err != nil {
			t.Fatal(err)
		}
		for _, l := range links {
			if l.Err != nil {
				t.Errorf("%s: %s@%s %q: %v", file, l.Tag, l.Attr, l.Value, l.Err)
			}
			if l.Start < 0 || l.End < l.Start || l.End > int64(len(doc)) {
				t.Errorf("%s: span [%d,%d) out of range", file, l.Start, l.End)
				continue
			}
			line := 1 + bytes.Count(doc[:l.Start], []byte{'\n'})
			if strings.HasPrefix(x.Charset().Name, "utf-16") {
				line = 1 + bytes.Count(doc[:l.Start], []byte("\n\x00"))
				if x.Charset().Name == "utf-16be" {
					line = 1 + bytes.Count(doc[:l.Start], []byte("\x00\n"))
				}
			}
			if line != l.Line {
				t.Errorf("%s: %q at offset %d is on line %d, reported %d", file, l.Value, l.Start, line, l.Line)
			}
		}
		all = append(all, result{file, links})
	}
	ref := all[0]
	for _, r := range all[1:] {
		if len(r.links) != len(ref.links) {
			t.Errorf("%s: %d links, %s has %d", r.file, len(r.links), ref.file, len(ref.links))
			continue
		}
		for i, l := range r.links {
			k := ref.links[i]
			if l.Tag != k.Tag || l.Attr != k.Attr || l.Role != k.Role {
				t.Errorf("%s: link %d is %s@%s, %s has %s@%s", r.file, i, l.Tag, l.Attr, ref.file, k.Tag, k.Attr)
			}
		}
	}
	// The Japanese documents hold the same words: the same values.
	var ja [][]*Link
	for _, r := range all {
		for _, cs := range []string{"utf-8", "shift_jis", "euc-jp", "iso-2022-jp", "utf-16le", "utf-16be"} {
			if strings.HasSuffix(r.file, "links-"+cs+".html") {
				ja = append(ja, r.links)
			}
		}
	}
	if len(ja) != 6 {
		t.Fatalf("found %d Japanese documents, want 6", len(ja))
	}
	for i := 1; i < len(ja); i++ {
		for j, l := range ja[i] {
			if l.Value != ja[0][j].Value || l.Text != ja[0][j].Text {
				t.Errorf("Japanese document %d, link %d: raw %q text %q, want %q %q", i, j, l.Value, l.Text, ja[0][j].Value, ja[0][j].Text)
			}
		}
	}
}

// TestChunks checks that the links and the output do not depend on how
// the input is cut, nor on the size of dst.
func TestChunks(t *testing.T) {
	docs := map[string][]byte{}
	for _, file := range goldenDocs(t) {
		docs[filepath.Base(file)], _ = os.ReadFile(file)
	}
	for i, s := range htmlCases {
		docs[fmt.Sprintf("case %d", i)] = []byte(s.doc)
	}
	names := make([]string, 0, len(docs))
	for n := range docs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		doc := docs[name]
		want, _ := extractAll(t, doc, Options{BaseURL: goldenBase}, 0, 0)
		sw := htmlSweep(name, doc, Options{BaseURL: goldenBase}, want)
		sw.Dst = []int{1, 7, 0}
		sw.Run(t)
	}
}

var htmlCases = []struct {
	doc  string
	want []string // URIs, in order
}{
	{`<a href="x">`, []string{"http://example.com/dir/x"}},
	// A late <meta> (after 1024 bytes, in the head) sets the charset of
	// the links before it too: 0xE1 is А in KOI8-R, á in windows-1252.
	{"<title>" + strings.Repeat("t", 1100) + "</title><link href=\"/\xE1?\xE1\"><meta charset=koi8-r><a href=\"\xE1\">", []string{"http://example.com/%D0%90?%E1", "http://example.com/dir/%D0%90"}},
	{"<script>" + strings.Repeat("t", 3000) + "</script><link href=\"/\xE1\"><meta http-equiv=content-type content='text/html; charset=koi8-r'>", []string{"http://example.com/%D0%90"}},
	// Not after the head: the charset is then guessed, windows-1251
	// ("привет"), not KOI8-R.
	{"<title>" + strings.Repeat("t", 1100) + "</title><link href=\"/\xEF\xF0\xE8\xE2\xE5\xF2\"><body><meta charset=koi8-r>", []string{"http://example.com/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82"}},
	{`<?xml version="1.0" encoding="koi8-r"?><a href="/` + "\xE1" + `">`, []string{"http://example.com/%D0%90"}},
	{`<A HREF = 'a b' href=ignored>`, []string{"http://example.com/dir/a%20b"}},
	// A base element's href resolves against the document's URL, the
	// second one's too (it sets nothing).
	{`<base href="http://other.example/b/"><a href=c><base href="/not">`, []string{"http://other.example/b/", "http://other.example/b/c", "http://example.com/not"}},
	{`<img srcset="a.png 1x,b.png 2x">`, []string{"http://example.com/dir/a.png", "http://example.com/dir/b.png"}},
	{`<!-- <a href=no> --><a href=yes>`, []string{"http://example.com/dir/yes"}},
	{`<script>"<a href=no>"</script><a href=yes>`, []string{"http://example.com/dir/yes"}},
	{`<style>@import "s.css"; a{b:url( 'q.png' )}</style>`, []string{"http://example.com/dir/s.css", "http://example.com/dir/q.png"}},
	{`<meta http-equiv=Refresh content="0;URL='/r'">`, []string{"http://example.com/r"}},
	{`<object codebase="/cb/" data="d.swf"></object>`, []string{"http://example.com/cb/", "http://example.com/cb/d.swf"}},
	{`<a href="http://[::1]:80/">v6</a><a href="http://0x7f.1/">v4</a>`, []string{"http://[::1]/", "http://127.0.0.1/"}},
	{`<a href="javascript:alert(1)">js</a>`, []string{"javascript:alert(1)"}},
	{`<a href="https://a b/">bad</a>`, []string{""}},
	{`<link rel=icon href=i.ico><input src=no.png><input type=IMAGE src=yes.png>`, []string{"http://example.com/dir/i.ico", "http://example.com/dir/yes.png"}},
	{"<a href=\"\t/x\ny\">", []string{"http://example.com/xy"}},
	{`<a href=x>text <img src=i> more</a>`, []string{"http://example.com/dir/x", "http://example.com/dir/i"}},
}

func TestHTMLCases(t *testing.T) {
	for _, c := range htmlCases {
		var got []string
		x := NewHTML(Options{BaseURL: goldenBase}, func(l *Link) error {
			got = append(got, l.Href)
			return nil
		})
		if _, _, err := transform.String(x, c.doc); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q:\n got %q\nwant %q", c.doc, got, c.want)
		}
	}
}

func FuzzHTML(f *testing.F) {
	for _, c := range htmlCases {
		f.Add([]byte(c.doc), 7)
	}
	f.Add([]byte("\xEF\xBB\xBF<a href=x>"), 1)
	f.Add([]byte(`<div data-href=x onclick="location=&#39;/abc&#39;"><a href=y data-uri=z>t</a><input onclick='window.open("/xyz")'>`), 3)
	f.Add([]byte("\xFF\xFE<\x00a\x00 \x00h\x00r\x00e\x00f\x00=\x00x\x00>\x00"), 3)
	f.Add([]byte("<meta charset=iso-2022-jp><a href=\"\x1b$B$\"\x1b(B\">"), 2)
	// Anchor texts that the start tag's chunk holds with the end tag
	// (reported at once) and others.
	f.Add([]byte("<a href=x>\n Next &amp; \u3000</A ><a href=y>t<b>u</b></a><a href=z>v</ab>w</a/>"), 40)
	f.Fuzz(func(t *testing.T, doc []byte, chunk int) {
		if chunk < 1 {
			chunk = 1
		}
		want, out := extractAll(t, doc, Options{BaseURL: goldenBase}, 0, 0)
		if !bytes.Equal(out, doc) {
			t.Fatalf("output differs from input")
		}
		got, _ := extractAll(t, doc, Options{BaseURL: goldenBase}, chunk, 5)
		if !slices.Equal(got, want) {
			t.Fatalf("chunk %d: links differ:\n%s", chunk, diffLines(strings.Join(want, "\n"), strings.Join(got, "\n")))
		}
		// With Speculative, the same links and the speculative ones among
		// them, at any chunk size.
		spec, _ := extractAll(t, doc, Options{BaseURL: goldenBase, Speculative: true}, 0, 0)
		specChunk, _ := extractAll(t, doc, Options{BaseURL: goldenBase, Speculative: true}, chunk, 5)
		if !slices.Equal(specChunk, spec) {
			t.Fatalf("Speculative, chunk %d: links differ:\n%s", chunk, diffLines(strings.Join(spec, "\n"), strings.Join(specChunk, "\n")))
		}
		if rest := slices.DeleteFunc(slices.Clone(spec), func(l string) bool { return strings.Contains(l, `"Role":"Speculative"`) }); !slices.Equal(rest, want) {
			t.Fatalf("Speculative: the other links differ:\n%s", diffLines(strings.Join(want, "\n"), strings.Join(rest, "\n")))
		}
		// An extractor reused (ResetOptions) after reading the document
		// with other options, and stopped there by its function at the
		// first link, gives the links of a new one.
		var again []string
		stop := errors.New("stop")
		first := true
		r := NewHTML(Options{Charset: "windows-1252", TextLinks: true, Speculative: true}, func(l *Link) error {
			if first {
				return stop
			}
			again = append(again, linkLine(l))
			return nil
		})
		r.ReadFrom(bytes.NewReader(doc))
		first = false
		r.ResetOptions(Options{BaseURL: goldenBase})
		r.ReadFrom(bytes.NewReader(doc))
		if !slices.Equal(again, want) {
			t.Fatalf("reused: links differ:\n%s", diffLines(strings.Join(want, "\n"), strings.Join(again, "\n")))
		}
		utf16 := bytes.HasPrefix(doc, []byte{0xFF, 0xFE}) || bytes.HasPrefix(doc, []byte{0xFE, 0xFF})
		x := NewHTML(Options{}, func(l *Link) error {
			if l.Start < 0 || l.End < l.Start || l.End > int64(len(doc)) {
				t.Fatalf("span [%d,%d) out of range", l.Start, l.End)
			}
			// Line and Column count the input's bytes (but for UTF-16).
			start := bytes.LastIndexByte(doc[:l.Start], '\n') + 1
			line := bytes.Count(doc[:l.Start], []byte{'\n'}) + 1
			if !utf16 && (l.Line != line || l.Column != 0 && l.Column != int(l.Start)-start+1) {
				t.Fatalf("link at %d: line %d column %d, want %d:%d", l.Start, l.Line, l.Column, line, int(l.Start)-start+1)
			}
			return nil
		})
		transform.String(x, string(doc))
	})
}

func TestTextLinksInHTML(t *testing.T) {
	doc := []byte("<p>see http://example.com/a?x=1&amp;y=2 and www.例え.jp.</p>" +
		"<a href=x>http://inside.example/</a><script>var u = 'http://no.example/'</script><p>mail a@example.org</p>" +
		// A tag ends a run of text, an end tag too.
		"<b>www.example.com</b>/x")
	want := []string{
		`"http://example.com/a?x=1&y=2" http://example.com/a?x=1&y=2 [7,39)`,
		`"www.例え.jp" http://www.xn--r8jz45g.jp/ [44,57)`,
		`"x" x [70,71)`,
		`"a@example.org" mailto:a@example.org [151,164)`,
		`"www.example.com" http://www.example.com/ [171,186)`,
	}
	var got []string
	transformtest.Sweep{
		In: doc,
		New: func() transform.Transformer {
			got = nil
			return NewHTML(Options{TextLinks: true}, func(l *Link) error {
				got = append(got, fmt.Sprintf("%q %s [%d,%d)", l.Value, l.Href, l.Start, l.End))
				return nil
			})
		},
		Dst:  []int{3},
		Want: doc,
		Check: func([]byte) error {
			if !slices.Equal(got, want) {
				return fmt.Errorf("\n got %q\nwant %q", got, want)
			}
			return nil
		},
	}.Run(t)
}

func TestCollapseText(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"", 10, ""},
		{"Next", 10, "Next"},
		{"  Next \n page\t ", 20, "Next page"},
		{"a\u00a0\u00a0b", 10, "a b"},
		{"\u3000日本\u3000語 ", 20, "日本 語"},
		{"a\vb", 10, "a\vb"},
		{"abcdefgh", 5, "abcde"},
		{"ab  cdefgh", 5, "ab cd"},
		{"abcdé", 5, "abcd"},
		{"日本語", 4, "日"},
		{"a\rb &amp; c", 20, "a b &amp; c"},
		{"\u2003x\u2002\u200by\u3000", 20, "x \u200by"},
		{"\xc2\xa0\xe2x \xff", 20, "\xe2x \xff"},
	} {
		if got := string(collapseText(nil, []byte(c.in), c.max)); got != c.want {
			t.Errorf("collapseText(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
		got, ok := collapse([]byte("kept"), []byte(c.in), c.max, true)
		if hasRef := strings.ContainsAny(c.in, "&\r"); ok == hasRef {
			t.Errorf("collapse(%q, raw) ok = %v, want %v", c.in, ok, !hasRef)
		} else if ok && string(got) != "kept"+c.want {
			t.Errorf("collapse(%q, raw) = %q, want %q", c.in, got, "kept"+c.want)
		}
	}
}

// TestStyleURLSpans checks the span of a style element's URL that the
// end of the element ends (the text token holding it is gone by then), at
// every chunk size, in UTF-8 and in UTF-16.
func TestStyleURLSpans(t *testing.T) {
	for _, c := range []struct{ doc, raw, span string }{
		{"<style>url(0</style>", "0", "0"},
		{"<stYle>url(0</stYle ", "0", "0"},
		{"<style>a{b:url( x.png </style>", "x.png", "x.png"},
		{"<style>url('x.png</style>", "x.png", "x.png"},
		{"<style>url(0</style", "0</style", "0</style"},
		{"<style>p{background:url(a.png)}</style>", "a.png", "a.png"},
	} {
		for _, utf16 := range []bool{false, true} {
			doc := []byte(c.doc)
			if utf16 {
				doc = []byte{0xff, 0xfe}
				for _, r := range c.doc {
					doc = append(doc, byte(r), 0)
				}
			}
			var got []string
			transformtest.Sweep{
				Name: fmt.Sprintf("%q utf16=%v", c.doc, utf16),
				In:   doc,
				New: func() transform.Transformer {
					got = nil
					return NewHTML(Options{BaseURL: "http://example.com/"}, func(l *Link) error {
						span := string(doc[l.Start:l.End])
						if utf16 {
							span = strings.ReplaceAll(span, "\x00", "")
						}
						got = append(got, fmt.Sprintf("%q %q %v", l.Value, span, l.Err))
						return nil
					})
				},
				Dst:  []int{0},
				Want: doc,
				Check: func([]byte) error {
					if want := fmt.Sprintf("%q %q <nil>", c.raw, c.span); len(got) != 1 || got[0] != want {
						return fmt.Errorf("%v, want [%s]", got, want)
					}
					return nil
				},
			}.Run(t)
		}
	}
}

// TestReset runs one extractor over every document in turn, then over
// them all again in reverse, each after a Reset: each run reports what a
// new extractor reports. (A UTF-16 document's byte order mark was once
// skipped only by a new extractor, so a reused one put its links two
// bytes late.)
func TestReset(t *testing.T) {
	files := goldenDocs(t)
	var got []string
	x := NewHTML(Options{BaseURL: goldenBase}, func(l *Link) error {
		got = append(got, linkLine(l))
		return nil
	})
	order := append(slices.Clone(files), files...)
	slices.Reverse(order[len(files):])
	for _, file := range order {
		doc, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := extractAll(t, doc, Options{BaseURL: goldenBase}, 0, 0)
		got = nil
		x.Reset()
		if out := transformtest.Run(t, x, doc, 0, 0); !bytes.Equal(out, doc) {
			t.Errorf("%s: output differs from input", file)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s after Reset: links differ:\n%s", file, diffLines(strings.Join(want, "\n"), strings.Join(got, "\n")))
		}
	}
}
