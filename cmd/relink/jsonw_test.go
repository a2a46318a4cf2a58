package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
)

// encodeLinkReflect is the path appendJSONLink replaces: encoding/json
// with SetEscapeHTML(false), through jsonSafe.
func encodeLinkReflect(t testing.TB, file string, l crawl.Link) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(jsonWriter{&buf})
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&jsonLink{File: file, Link: l}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestAppendJSONLink(t *testing.T) {
	tests := []struct {
		file string
		link crawl.Link
	}{
		{"", crawl.Link{}},
		{"a.html", crawl.Link{Tag: "a", Attr: "href", Role: "hyperlink", Value: "x", Href: "https://e.org/x", URI: "https://e.org/x", IRI: "https://e.org/x", Start: 3, End: 4, Line: 1, Column: 4}},
		{"<&>", crawl.Link{Value: "<a href=\"x\">&amp;</a>", Rel: "next prev", Text: "a\tb\nc\rd\be\ff\x00g\x1fh", Lazy: true}},
		{"\xff\xfe", crawl.Link{Value: "\u2028\u2029\x7f\u0080\u009f\u00a0\xc2", Error: "bad \"x\" \\y", Start: -1, End: 1 << 62, Line: -5, Column: 1 << 31}},
		{"日本", crawl.Link{Text: "\xed\xa0\x80 \xf4\x90\x80\x80 \xe2\x80 é"}},
	}
	for _, tt := range tests {
		want := encodeLinkReflect(t, tt.file, tt.link)
		if got := appendJSONLink(nil, tt.file, &tt.link); !bytes.Equal(got, want) {
			t.Errorf("appendJSONLink(%q, %+v)\n got %s\nwant %s", tt.file, tt.link, got, want)
		}
	}
}

func FuzzJSONLink(f *testing.F) {
	f.Add("a.html", "a", "href", "hyperlink", "<x>", "\u2028", "\x7f\u0085", "\xff", int64(1), int64(2), 3, 4, "rel", "text", true, "err")
	f.Add("", "", "", "", "", "", "", "", int64(-1), int64(0), 0, 0, "", "", false, "")
	// The URI and the IRI the href, whose escaped form appendJSONLink
	// writes again; then the IRI alone another.
	f.Add("d/b.html", "img", "src", "resource", "x y", "http://x/\"\u2028ÿ", "http://x/\"\u2028ÿ", "http://x/\"\u2028ÿ", int64(5), int64(9), 1, 6, "", "", false, "")
	f.Add("d/b.html", "a", "href", "hyperlink", "ü", "http://x/%C3%BC", "http://x/%C3%BC", "http://x/ü", int64(5), int64(9), 1, 6, "", "ü", false, "")
	f.Fuzz(func(t *testing.T, file, tag, attr, role, value, href, uri, iri string, start, end int64, line, column int, rel, text string, lazy bool, errs string) {
		l := crawl.Link{Tag: tag, Attr: attr, Role: role, Value: value, Href: href, URI: uri, IRI: iri,
			Start: start, End: end, Line: line, Column: column, Rel: rel, Text: text, Lazy: lazy, Error: errs}
		want := encodeLinkReflect(t, file, l)
		if got := appendJSONLink(nil, file, &l); !bytes.Equal(got, want) {
			t.Fatalf("got %s\nwant %s", got, want)
		}
	})
}

// extractLinkJSON is the JSON line of l by the path appendJSONExtractLink
// replaces: crawl.NewLink, then encoding/json through jsonSafe.
func extractLinkJSON(t testing.TB, l *extract.Link) []byte {
	b := encodeLinkReflect(t, "", crawl.NewLink(l))
	return b[1:] // appendJSONExtractLink writes from the fields on
}

// TestAppendJSONExtractLink checks the JSON line of relink extract against
// crawl.NewLink and encoding/json: on crafted links (a URI other than the
// href, an IRI other than the href, errors, roles, text links) and on
// every link of the test pages, with and without a base and text links.
func TestAppendJSONExtractLink(t *testing.T) {
	links := []extract.Link{
		{},
		{Tag: "a", Attr: "href", Role: htmlattr.RoleHyperlink, Value: "x", Href: "https://e.org/x", IRI: "https://e.org/x", Start: 3, End: 4, Line: 1, Column: 4},
		{Tag: "img", Attr: "src", Role: htmlattr.RoleResource, Value: "a b{c}", Href: "https://e.org/a%20b{c}", IRI: "https://e.org/a%20b{c}", Start: 1 << 40, End: 1<<40 + 99, Line: 123456789, Column: 10},
		{Value: "www.例え.jp", Href: "http://www.xn--r8jz45g.jp/", IRI: "http://www.例え.jp/", Text: "日本語 é \u2028 \u0085 \xe2\x80 \xed\xa0\x80", Rel: "next"},
		{Tag: "a", Attr: "href", Role: htmlattr.RoleHyperlink, Value: "http://[x", Err: errors.New("bad \"host\""), Lazy: true, Start: -1, Line: -3, Column: 0},
		{Tag: "x", Attr: "y", Role: htmlattr.Role(200), Value: "\"\\\x00\x7f"},
	}
	links = append(links, testPageLinks(t, extract.Options{}, extract.Options{BaseURL: "https://example.org/d/", TextLinks: true})...)
	if len(links) < 1000 {
		t.Fatalf("%d links, want 1000 or more", len(links))
	}
	var errs, escaped int
	for i := range links {
		l := &links[i]
		if l.Err != nil {
			errs++
		}
		if uri, _ := l.URI(); uri != l.Href {
			escaped++
		}
		want := extractLinkJSON(t, l)
		if got := appendJSONExtractLink(nil, l); !bytes.Equal(got, want) {
			t.Fatalf("appendJSONExtractLink(%+v)\n got %s\nwant %s", *l, got, want)
		}
	}
	if errs == 0 || escaped == 0 {
		t.Errorf("%d links with an error and %d with a URI other than the href: want some of each", errs, escaped)
	}
}

// testPageLinks returns the links of the HTML test pages (testdata and
// the tokenizer's pages), each page read with each of opts in turn.
func testPageLinks(tb testing.TB, opts ...extract.Options) []extract.Link {
	tb.Helper()
	var links []extract.Link
	for _, dir := range []string{"../../testdata", "../../internal/htmltok/testdata/html"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() || !strings.HasSuffix(p, ".html") {
				return err
			}
			doc, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, o := range opts {
				_, err := extract.NewHTML(o, func(l *extract.Link) error {
					links = append(links, *l)
					return nil
				}).ReadFrom(bytes.NewReader(doc))
				if err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
	return links
}

func FuzzJSONExtractLink(f *testing.F) {
	f.Add("a", "href", 1, "<x>", "http://x/\"\u2028ÿ", "http://x/ÿ", int64(5), int64(9), 1, 6, "rel", "日本 \xe2\x80\xa8\xc2\x85", true, "")
	f.Add("", "", 0, "www.x", "http://x/{|}", "http://x/{|}", int64(-1), int64(0), 0, 0, "", "", false, "bad")
	f.Fuzz(func(t *testing.T, tag, attr string, role int, value, href, iri string, start, end int64, line, column int, rel, text string, lazy bool, errs string) {
		l := extract.Link{Tag: tag, Attr: attr, Role: htmlattr.Role(role & 0xff), Value: value, Href: href, IRI: iri,
			Start: start, End: end, Line: line, Column: column, Rel: rel, Text: text, Lazy: lazy}
		if errs != "" {
			l.Err = errors.New(errs)
		}
		want := extractLinkJSON(t, &l)
		if got := appendJSONExtractLink(nil, &l); !bytes.Equal(got, want) {
			t.Fatalf("got %s\nwant %s", got, want)
		}
	})
}

func TestAppendJSONInt(t *testing.T) {
	vs := []int64{0, 1, 7, 8, 9, 10, 11, 15, 16, 99, 100, 101, 999, 1000, 12345, 255007, 1<<31 - 1, 1 << 40, math.MaxInt64, -1, -10, math.MinInt64}
	for p := int64(10); p < math.MaxInt64/10; p *= 10 {
		vs = append(vs, p-1, p, p+1) // where the number of digits changes
	}
	for b := range 63 {
		vs = append(vs, 1<<b-1, 1<<b) // where the bit length changes
	}
	for _, v := range vs {
		if got, want := string(appendJSONInt([]byte("x"), v)), "x"+strconv.FormatInt(v, 10); got != want {
			t.Errorf("appendJSONInt(%d) = %s, want %s", v, got, want)
		}
	}
}

// BenchmarkJSONExtractLink writes the JSON lines of the links of the test
// pages, resolved against a base, as relink extract --format jsonl --base
// does (the head of each line taken as written).
func BenchmarkJSONExtractLink(b *testing.B) {
	links := testPageLinks(b, extract.Options{BaseURL: "https://example.org/d/"})
	var size int
	var buf []byte
	for i := range links {
		size += len(appendJSONExtractRest(nil, &links[i]))
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for i := range links {
			buf = appendJSONExtractRest(buf[:0], &links[i])
		}
	}
}

// BenchmarkAppendJSONInt appends the numbers of a JSON line of a link in a
// large page: start and end offsets of six or seven digits, a line and a
// column of a few.
func BenchmarkAppendJSONInt(b *testing.B) {
	var buf []byte
	for b.Loop() {
		buf = buf[:0]
		for v := int64(0); v < 1000; v++ {
			buf = appendJSONInt(buf, 123457+v*997)
			buf = appendJSONInt(buf, 1234567+v*997)
			buf = appendJSONInt(buf, 10+v)
			buf = appendJSONInt(buf, v%200)
		}
	}
}

// BenchmarkAppendJSONString escapes strings such as the anchor texts of
// the corpus' pages: mostly printable ASCII words of 4 to 40 bytes, some
// with accented letters.
func BenchmarkAppendJSONString(b *testing.B) {
	texts := []string{"next", "Prev", "Home", "1.2. Basic tricks for the shell prompt", "Debian Reference",
		"apt-get(8)", "A.3. Fehlerbehebung für GNOME", "Chapter 10. Data management", "Up", "index.en.html",
		"Installation manuelle", "/etc/apt/sources.list", "12.1.4. Shell conditionals", "アーカイブ"}
	var buf []byte
	for b.Loop() {
		buf = buf[:0]
		for range 50 {
			for _, s := range texts {
				buf = appendJSONString(buf, s)
			}
		}
	}
}
