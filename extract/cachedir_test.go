package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/weburl"
)

// cacheRefs are links of every shape that resolution against a base
// tells apart: those that depend on the base's last segment, query or
// fragment, and those that do not.
var cacheRefs = []string{
	"", " ", "?q", "#f", " #f ", "?", "#", "\t?x", "a\tb", "a\nb", "\n#f", "h\ttp:?x", "?\tx",
	"http:/\t/h.example/x", "/\t/h.example/x",
	"a", "./a", "../a", ".", "..", "/a", "//h.example/a", `\a`, `\\h.example\a`,
	"a?q", "a#f", "b.html", "b.html?x#y", "%7Ea",
	"http:", "http:?x", "HTTP:#x", "http:foo", "http:/foo", "http://x.example/y",
	"https:", "https:?x", "mailto:x@example.com", "javascript:void(0)", "data:,x",
	"a b:c", "é", "?é", "#é", "c:d", "file:x", "x:/y",
}

// TestResolveCacheSameDirectory reads, through one HTML extractor, pages
// of links of every shape, in turn with bases of the same directory and
// not, with or without a query, of http, of file, and pages with a base
// element: the links it keeps from a page for the next of the same
// directory must be those a new extractor resolves.
func TestResolveCacheSameDirectory(t *testing.T) {
	var page strings.Builder
	for _, r := range cacheRefs {
		fmt.Fprintf(&page, "<a href=\"%s\">x</a>\n", strings.ReplaceAll(r, `"`, "&quot;"))
	}
	links := page.String()
	withBase := func(href string) string { return `<base href="` + href + `">` + links }
	docs := []struct{ base, doc string }{
		{"http://e.example/d/a.html", links},
		{"http://e.example/d/b.html", links},
		{"http://e.example/d/", links},
		{"http://e.example/d/b.html?q=1", links},
		{"http://e.example/d/b.html?q=1#f", links},
		{"http://e.example/d/b.html", withBase("c.html")},
		{"http://e.example/d/b.html", withBase("c.html?z")},
		{"http://e.example/d/c.html", links},
		{"http://e.example/d/e/c.html", links},
		{"http://e.example/d/e/", links},
		{"http://f.example/d/e/c.html", links},
		{"https://f.example/d/e/c.html", links},
		{"http://u@f.example/d/e/c.html", links},
		{"http://f.example:81/d/e/c.html", links},
		{"http://f.example/d/e/c.html", links},
		{"file:///C:/a.html", links},
		{"file:///D:/a.html", links},
		{"file:///C:", links},
		{"file:///D:", links},
		{"file:///d/a.html", links},
		{"file:///d/b.html", links},
		{"foo://h/d/a", links},
		{"foo://h/d/b", links},
		{"foo:/d/a", links},
		{"foo:/d/b", links},
		{"foo:/.//d/a", links},
		{"foo:/.//d/b", links},
		{"mailto:a@example.com", links},
		{"", links},
		{"http://e.example/d/a.html", links},
	}
	var got []string
	fn := func(l *Link) error {
		got = append(got, fmt.Sprintf("%q -> %q %q %v", l.Value, l.Href, l.IRI, l.Err))
		return nil
	}
	var x Extractor
	for i, d := range docs {
		opts := Options{BaseURL: d.base}
		got = nil
		if _, err := NewHTML(opts, fn).ReadFrom(strings.NewReader(d.doc)); err != nil {
			t.Fatal(err)
		}
		want := got
		got = nil
		if x == nil {
			x = NewHTML(opts, fn)
		} else {
			x.ResetOptions(opts)
		}
		if _, err := x.ReadFrom(strings.NewReader(d.doc)); err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("page %d (base %q): %d links, want %d", i, d.base, len(got), len(want))
		}
		for j := range got {
			if got[j] != want[j] {
				t.Errorf("page %d (base %q), reused extractor: %s\nwant (new extractor) %s", i, d.base, got[j], want[j])
			}
		}
	}
}

// FuzzResolveCacheSameDirectory is TestResolveCacheSameDirectory for a
// link and two bases of the fuzzer's: a page of the link and of links of
// every shape, read with the first base then the second, must resolve
// as it does with a new extractor.
func FuzzResolveCacheSameDirectory(f *testing.F) {
	f.Add("http://e.example/d/a.html", "http://e.example/d/b.html", "?q")
	f.Add("http://e.example/d/a.html?x", "http://e.example/d/", "")
	f.Add("foo:/.//d/a", "foo:/.//d/b", "http:?x")
	f.Add("file:///C:/a", "file:///D:/a", "/x")
	f.Fuzz(func(t *testing.T, base1, base2, ref string) {
		var page strings.Builder
		for _, r := range append([]string{ref}, cacheRefs...) {
			fmt.Fprintf(&page, "<a href=\"%s\">x</a>", strings.NewReplacer(`"`, "&quot;", "&", "&amp;").Replace(r))
		}
		doc := page.String()
		var got []string
		fn := func(l *Link) error {
			got = append(got, fmt.Sprintf("%q -> %q %q %v", l.Value, l.Href, l.IRI, l.Err))
			return nil
		}
		x := NewHTML(Options{BaseURL: base1}, fn)
		if _, err := x.ReadFrom(strings.NewReader(doc)); err != nil {
			t.Fatal(err)
		}
		got = nil
		x.ResetOptions(Options{BaseURL: base2})
		if _, err := x.ReadFrom(strings.NewReader(doc)); err != nil {
			t.Fatal(err)
		}
		reused := got
		got = nil
		if _, err := NewHTML(Options{BaseURL: base2}, fn).ReadFrom(strings.NewReader(doc)); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(reused) != fmt.Sprint(got) {
			t.Errorf("bases %q then %q: reused extractor\n%q\nwant (new extractor)\n%q", base1, base2, reused, got)
		}
	})
}

// TestDirectoryOnly checks the links that resolve against the bases of a
// directory alike, and sameDirectory.
func TestDirectoryOnly(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"", false}, {" ", false}, {"?q", false}, {" #f", false}, {"\x01?q", false},
		{"a\tb", true}, {"\t?q", false}, {"h\ttp:?x", false}, {"http:/\t/h", false}, {"http:", false}, {"http:?x", false}, {"mailto:x", false},
		{"a", true}, {"./a?q#f", true}, {"/a", true}, {"//h/a", true}, {"http://h/a", true},
		{"a/b:c", true}, {"a?b:c", true}, {".", true},
	} {
		if got := directoryOnly(c.v); got != c.want {
			t.Errorf("directoryOnly(%q) = %v, want %v", c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"http://e.example/d/a.html", "http://e.example/d/b.html?q#f", true},
		{"http://e.example/d/a.html", "http://e.example/d/", true},
		{"http://e.example/", "http://e.example/a", true},
		{"foo:/.//d/a", "foo:/.//d/b", true},
		{"http://e.example/d/a.html", "http://e.example/d/e/a.html", false},
		{"http://e.example/", "http://f.example/", false},
		{"http://e.example/", "https://e.example/", false},
		{"http://e.example/", "http://e.example:81/", false},
		{"http://e.example/", "http://u@e.example/", false},
		{"foo:/.//d/a", "foo://d/a", false},
		{"file:///d/a", "file:///d/b", false},
		{"mailto:a", "mailto:b", false},
	} {
		a, err := weburl.Parse(c.a, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := weburl.Parse(c.b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := sameDirectory(a, b); got != c.want {
			t.Errorf("sameDirectory(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if sameDirectory(nil, nil) {
		t.Error("sameDirectory(nil, nil) = true")
	}
}
