package extract

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/iri"
)

// uriCleanRef is uriClean as it was before its fast path for the plain
// characters: the reference the fast one must agree with.
func uriCleanRef(s string) int {
	afterScheme, authEnd, relPath := uriParts(s)
	frag := false
	firstSeg := relPath
	for i := afterScheme; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if !pct.IsEncoded(s, i) {
				return i
			}
			i += 2
		case c == '#':
			if frag {
				return i
			}
			frag = true
			firstSeg = false
		case c == ':' && firstSeg:
			return i
		case c == '/' || c == '?':
			firstSeg = false
		case uriChar[c]:
		case (c == '[' || c == ']') && i < authEnd:
		default:
			return i
		}
	}
	return len(s)
}

// FuzzURIClean checks that uriClean finds the first character that needs
// an escape where uriCleanRef does.
func FuzzURIClean(f *testing.F) {
	for _, s := range []string{"http://x/?a={b}|c^d", "http://x/%zz#a#b", "1a:b/c", "a/b:c", "?a:b", "wow:%NBD", "http://[::1]/[x]",
		"https://example.com/ü?ü#ü", "//h:1/p", "a:b", "%4", "#a:b#", "",
		// Eight bytes at a time: a byte to escape at each place of a word.
		"https://example.org/abcdefgh{ijklmno", "https://example.org/abcdefg|", "abcdefghijklm:n/o", "abcdefgh/ijklmnop:q",
		"https://example.org/abcdefghi#jklmnopq#r", "https://[::1]/abcdefgh[ijklmnop]", "abcdefgh%zzijklmnop"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := uriClean(s), uriCleanRef(s); got != want {
			t.Errorf("uriClean(%q) = %d, want %d", s, got, want)
		}
	})
}

// BenchmarkURIClean measures uriClean and uriCleanRef on real URLs
// (../testdata/urls/real-urls.txt, one a line, comments left in), for an
// instruction count of each with callgrind.
func BenchmarkURIClean(b *testing.B) {
	data, err := os.ReadFile("../testdata/urls/real-urls.txt")
	if err != nil {
		b.Fatal(err)
	}
	hrefs := strings.Split(string(data), "\n")
	for _, c := range []struct {
		name string
		f    func(string) int
	}{{"fast", uriClean}, {"ref", uriCleanRef}} {
		b.Run(c.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, h := range hrefs {
					n += c.f(h)
				}
			}
		})
	}
}

// FuzzURIForms checks that uriForms, the one pass of the HTML extractor
// over an href, says what uriClean and needsDisplay say of it.
func FuzzURIForms(f *testing.F) {
	for _, s := range []string{"http://x/?a={b}|c^d", "http://x/%zz#a#b", "1a:b/c", "a/b:c", "https://xn--bcher-kva.example/",
		"https://ex-ample.org/a--b", "https://example.org/ü", "https://example.org/%E6%A4%9C", "//h:1/p", "", "#a:b#",
		"https://example.org/abcdefghi#jklmnopq", "HTTP://XN--BCHER-KVA.EXAMPLE/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		isURI, display := uriForms(s)
		if want := uriClean(s) == len(s); isURI != want {
			t.Errorf("uriForms(%q) says URI %v, uriClean %v", s, isURI, want)
		}
		if want := needsDisplay(s); display != want {
			t.Errorf("uriForms(%q) says display %v, needsDisplay %v", s, display, want)
		}
	})
}

// TestLinkURIKnown checks that the URI the HTML extractor learns of a
// link is its Href's only while Href is that string: a Link whose Href
// is changed has the URI of its new Href.
func TestLinkURIKnown(t *testing.T) {
	var links []Link
	for _, opts := range []Options{{BaseURL: "https://example.org/"}, {BaseURL: "https://example.org/", NoIRI: true}} {
		x := NewHTML(opts, func(l *Link) error {
			links = append(links, *l)
			return nil
		})
		if _, err := x.ReadFrom(strings.NewReader(`<a href="/a?b">a</a><img src="/i.png">`)); err != nil {
			t.Fatal(err)
		}
	}
	if len(links) != 4 {
		t.Fatalf("%d links, want 4", len(links))
	}
	for _, l := range links {
		if l.uriHref != l.Href {
			t.Errorf("%s: the extractor did not learn that %q is a URI", l.Value, l.Href)
		}
		for _, c := range []struct{ href, uri string }{
			{l.Href, l.Href},
			{"https://example.org/{x}", "https://example.org/%7Bx%7D"},
			{"https://example.org/a#b#c", "https://example.org/a#b%23c"},
		} {
			l.Href = c.href
			if got, err := l.URI(); got != c.uri || err != nil {
				t.Errorf("URI of href %q = %q, %v; want %q", c.href, got, err, c.uri)
			}
		}
	}
}

// TestPlainRelative checks plainRelative, the HTML extractor's one pass
// over a value resolved without a base, on values it accepts and values
// that need ToURI or that URI would escape.
func TestPlainRelative(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"", true},
		{"ch01.en.html", true},
		{"ch01.en.html#_intro-1", true},
		{"../library/os.html#os.stat_result.st_blksize", true},
		{"/a/b?c=d&e=f;g(h)*+,!$~_@/?x#y?z/", true},
		{"?q", true},
		{"#f", true},
		{"a%20b%C3%A9", true},
		{"docs/xn--bcher-kva.html", true},
		{"a:b", false},                   // a scheme, or a ":" to escape
		{"a/b:c", false},                 // no scheme, but a ":" ToURI must see
		{"//host/p", false},              // a network-path reference
		{"a#b#c", false},                 // the second "#" is escaped
		{"a%zz", false},                  // a "%" that is no escape
		{"a%2", false},                   // nor this one
		{"a b", false},                   // a space
		{" a", false},                    // trimmed by the URL parser
		{"a\tb", false},                  // removed by the URL parser
		{`a\b`, false},                   // read as "/"
		{"a?it's", false},                // "'" in the special-query set
		{"a{b}", false},                  // "{" in the path set
		{"a`b", false},                   // "`" in the path and fragment sets
		{"a|b", false},                   // escaped by URI
		{"a^b", false},                   // escaped by URI
		{"a[b]", false},                  // escaped by URI outside the authority
		{"r\u00e9sum\u00e9.html", false}, // not ASCII
	} {
		if _, got := plainRelative(c.v); got != c.want {
			t.Errorf("plainRelative(%q) = %v, want %v", c.v, got, c.want)
		}
	}
}

// FuzzPlainRelative checks that a value plainRelative accepts is what
// iri's ToURI makes of it without a base, that uriForms says it is a URI,
// and that its classes say what uriForms says of the IRI's need.
func FuzzPlainRelative(f *testing.F) {
	for _, s := range []string{"ch01.en.html#_intro", "a%20b", "//h/p", "a:b", "a#b#c", "a?it's", "a%zz", "docs/xn--a-b.html", "-x-", ""} {
		f.Add(s)
	}
	conv := iri.NewConverter(iri.WithMode(iri.Web))
	f.Fuzz(func(t *testing.T, s string) {
		k, ok := plainRelative(s)
		if !ok {
			return
		}
		if u, err := conv.ToURI(s); u != s || err != nil {
			t.Errorf("plainRelative(%q) = true, but ToURI gives %q, %v", s, u, err)
		}
		isURI, display := uriForms(s)
		if !isURI {
			t.Errorf("plainRelative(%q) = true, but uriForms says it is no URI", s)
		}
		if got := k&ucPct != 0 || k&ucDash != 0 && hasXN(s); got != display {
			t.Errorf("plainRelative(%q): display %v, uriForms %v", s, got, display)
		}
	})
}

// TestResolveWithoutBase checks the links of a page without a base URL,
// whose plain relative values the extractor resolves in one pass
// (plainRelative) and the others with iri's ToURI: each Href is ToURI's,
// each IRI ToIRI's of it (or "" with NoIRI), and URI what it is for a
// Link the extractor did not make, the first time a value comes and when
// the cache gives it again.
func TestResolveWithoutBase(t *testing.T) {
	values := []string{"ch01.en.html", "ch01.en.html#_intro-1", "../a/b?c=d&e=f#g", "a%20b", "a%zz", "%E6%A4%9C.html",
		"docs/xn--bcher-kva.html", "a#b#c", "a/b:c", "a:b", "//host/p", "http://example.org/a b", "a b", "a?it's",
		"a{b}", "r\u00e9sum\u00e9.html", "?q", "#f", "", " a ", "a\tb"}
	var page strings.Builder
	for range 2 {
		for _, v := range values {
			fmt.Fprintf(&page, "<a href=\"%s\">x</a>\n", strings.NewReplacer(`"`, "&quot;", "&", "&amp;").Replace(v))
		}
	}
	conv := iri.NewConverter(iri.WithMode(iri.Web))
	for _, noIRI := range []bool{false, true} {
		n := 0
		x := NewHTML(Options{NoIRI: noIRI, NoAnchorText: true}, func(l *Link) error {
			n++
			href, err := conv.ToURI(l.Value)
			if l.Href != href || (l.Err == nil) != (err == nil) {
				t.Errorf("NoIRI %v: %q: Href %q, %v; ToURI %q, %v", noIRI, l.Value, l.Href, l.Err, href, err)
			}
			if err != nil {
				return nil
			}
			want := ""
			if !noIRI {
				want = href
				if s, err := conv.ToIRI(href); err == nil {
					want = s
				}
			}
			if l.IRI != want {
				t.Errorf("NoIRI %v: %q: IRI %q, want %q", noIRI, l.Value, l.IRI, want)
			}
			got, _ := l.URI()
			if want, _ := (&Link{Href: l.Href}).URI(); got != want {
				t.Errorf("NoIRI %v: %q: URI %q, want %q", noIRI, l.Value, got, want)
			}
			return nil
		})
		if _, err := x.ReadFrom(strings.NewReader(page.String())); err != nil {
			t.Fatal(err)
		}
		if n != 2*len(values) {
			t.Errorf("NoIRI %v: %d links, want %d", noIRI, n, 2*len(values))
		}
	}
}
