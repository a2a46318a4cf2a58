package extract_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/weburl"
)

func TestLinkURI(t *testing.T) {
	tests := []struct{ href, want string }{
		{"", ""},
		{"https://example.org/a?b=c#d", "https://example.org/a?b=c#d"},
		// What the URL Standard leaves in a query or a fragment.
		{"https://example.org/?q=%93%FA%96{%8C%EA&page=2", "https://example.org/?q=%93%FA%96%7B%8C%EA&page=2"},
		{"https://example.org/index.html?from=%95\\%8E%A6", "https://example.org/index.html?from=%95%5C%8E%A6"},
		{"https://example.org/a?x|y^z`", "https://example.org/a?x%7Cy%5Ez%60"},
		{"https://example.org/a?50%off", "https://example.org/a?50%25off"},
		{"https://example.org/a?%", "https://example.org/a?%25"},
		{"https://example.org/a#b#c", "https://example.org/a#b%23c"},
		{"https://example.org/a#b{c}", "https://example.org/a#b%7Bc%7D"},
		{"https://example.org/a[1]?b[2]#c[3]", "https://example.org/a%5B1%5D?b%5B2%5D#c%5B3%5D"},
		{"http://[::1]:8080/", "http://[::1]:8080/"},
		{"http://!\"$&'()*+,-.;=_`{}~/", "http://!%22$&'()*+,-.;=_%60%7B%7D~/"},
		{"sc:\\../", "sc:%5C../"},
		{"mailto:a@b.example?subject=a%20b", "mailto:a@b.example?subject=a%20b"},
		// Relative references (no base).
		{"a/b?c#d", "a/b?c#d"},
		{"1a:b/c:d", "1a%3Ab/c:d"},
		{"/a:b", "/a:b"},
		{"?a:b", "?a:b"},
		{"//h/a{b}", "//h/a%7Bb%7D"},
	}
	for _, tt := range tests {
		l := extract.Link{Href: tt.href}
		if got, _ := l.URI(); got != tt.want {
			t.Errorf("URI of %q = %q, want %q", tt.href, got, tt.want)
		}
	}
}

// TestLinkURIErr checks that URI has textlink.Match.URI's signature and
// contract (issue 20 item 1): a link the URL Standard's parser rejected
// gives "" and its Err, a link with a URL gives a nil error.
func TestLinkURIErr(t *testing.T) {
	var got []extract.Link
	x := extract.NewHTML(extract.Options{BaseURL: "https://example.org/"}, func(l *extract.Link) error {
		got = append(got, *l)
		return nil
	})
	if _, err := x.ReadFrom(strings.NewReader(`<a href="http://[x">bad</a><a href="/b{c}">good</a>`)); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d links, want 2", len(got))
	}
	if uri, err := got[0].URI(); uri != "" || err == nil || err != got[0].Err {
		t.Errorf("URI of a rejected link = %q, %v; want \"\", its Err %v", uri, err, got[0].Err)
	}
	if uri, err := got[1].URI(); uri != "https://example.org/b%7Bc%7D" || err != nil {
		t.Errorf("URI of /b{c} = %q, %v; want https://example.org/b%%7Bc%%7D, nil", uri, err)
	}
}

// TestLinkURINoAlloc checks that URI costs no allocation for an href that
// is a URI already.
func TestLinkURINoAlloc(t *testing.T) {
	l := extract.Link{Href: "https://example.org/%E6%A4%9C%E7%B4%A2?q=a&b=%20#frag"}
	if n := testing.AllocsPerRun(100, func() { _, _ = l.URI() }); n != 0 {
		t.Errorf("URI of a URI: %v allocations, want 0", n)
	}
}

// TestLinkURIWPT runs URI over every href of the web-platform-tests' URL
// test data: each result is an RFC 3986 URI (ASCII, the IRI grammar of a
// strict converter, no error of relink check --mode strict but those of
// IDNA, which judge the host's labels and no character of the href), it
// is the href itself when the href is a URI, and it names the href's
// resource: it differs from the href only by percent-encoding, and a
// browser given it (the URL Standard's parser) reads the same URL up to
// that encoding.
func TestLinkURIWPT(t *testing.T) {
	data, err := os.ReadFile("../testdata/wpt-url/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []json.RawMessage
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	strict := iri.NewConverter(iri.WithMode(iri.Strict))
	n, changed := 0, 0
	for _, raw := range cases {
		var c struct {
			Href string `json:"href"`
		}
		if json.Unmarshal(raw, &c) != nil || c.Href == "" {
			continue // a comment, or input the URL Standard rejects
		}
		n++
		h := c.Href
		u, _ := (&extract.Link{Href: h}).URI()
		if u != h {
			changed++
		}
		// (The IRI grammar of 3987bis, which strict mode reads, allows
		// "#" in a fragment; RFC 3986 does not.)
		if _, err := strict.Parse(u); err != nil || !isASCII(u) || strings.Count(u, "#") > 1 {
			t.Errorf("URI of %q = %q: not a URI: %v", h, u, err)
			continue
		}
		for _, v := range strict.Check(u) {
			if v.Severity == iri.SeverityError && v.Code != iri.CodeIDNA {
				t.Errorf("URI of %q = %q: relink check --mode strict: %v", h, u, v)
			}
		}
		if _, err := strict.Parse(h); err == nil && strings.Count(h, "#") <= 1 && u != h {
			t.Errorf("URI of %q, a URI, = %q", h, u)
		}
		if decode(u) != decode(h) {
			t.Errorf("URI of %q = %q: not the same up to percent-encoding", h, u)
		}
		b, err := weburl.Parse(u, nil)
		if err != nil {
			t.Errorf("URI of %q = %q: the URL Standard rejects it: %v", h, u, err)
			continue
		}
		if decode(b.String()) != decode(h) {
			t.Errorf("URI of %q = %q: a browser reads %q", h, u, b.String())
		}
	}
	t.Logf("%d hrefs, %d not URIs, made URIs", n, changed)
	if n < 600 || changed < 20 {
		t.Errorf("%d hrefs, %d changed: the test data has more", n, changed)
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// decode decodes every escape of s.
func decode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			var c byte
			fmt.Sscanf(s[i+1:i+3], "%02x", &c)
			b.WriteByte(c)
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func ExampleLink_URI() {
	// A Shift_JIS page: the URL Standard leaves in the query the "\"
	// that is the second byte of 表.
	page := "<a href='?from=\x95\\\x8e\xa6'>back</a>"
	x := extract.NewHTML(extract.Options{BaseURL: "https://example.org/index.html", Charset: "shift_jis"}, func(l *extract.Link) error {
		fmt.Println(l.Href)
		if uri, err := l.URI(); err == nil {
			fmt.Println(uri)
		}
		return nil
	})
	x.ReadFrom(strings.NewReader(page))
	// Output:
	// https://example.org/index.html?from=%95\%8E%A6
	// https://example.org/index.html?from=%95%5C%8E%A6
}

// FuzzLinkURI checks Link.URI on the hrefs the URL Standard's parser
// makes of any input, and on any string: the result holds only what RFC
// 3986 allows (unreserved and reserved characters, "%" before two hex
// digits), decodes to what the href decodes to (it adds escapes, never
// changes a character), and is its own URI.
func FuzzLinkURI(f *testing.F) {
	for _, s := range []string{"http://x/?a={b}|c^d", "http://x/%zz#a#b", "1a:b/c", "wow:%NBD", "http://[::1]/[x]", "https://example.com/ü?ü#ü", "\\\\x\\y", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hrefs := []string{s}
		if u, err := weburl.Parse(s, nil); err == nil {
			hrefs = append(hrefs, u.String())
		}
		if base, err := weburl.Parse("http://example.com/a/b", nil); err == nil {
			if u, err := weburl.Parse(s, base); err == nil {
				hrefs = append(hrefs, u.String())
			}
		}
		for _, href := range hrefs {
			u, _ := (&extract.Link{Href: href}).URI()
			for i := 0; i < len(u); i++ {
				c := u[i]
				switch {
				case c == '%':
					if !pct.IsEncoded(u, i) {
						t.Fatalf("URI(%q) = %q: a lone %% at %d", href, u, i)
					}
				case c <= ' ' || c >= 0x7f || strings.IndexByte("\"<>\\^`{|}", c) >= 0:
					t.Fatalf("URI(%q) = %q: %q at %d is not a URI character", href, u, c, i)
				}
			}
			if strings.Count(u, "#") > 1 {
				t.Fatalf("URI(%q) = %q: two fragments", href, u)
			}
			if a, b := decodeAll(href), decodeAll(u); a != b {
				t.Fatalf("URI(%q) = %q: decodes to %q, the href to %q", href, u, b, a)
			}
			if v, _ := (&extract.Link{Href: u}).URI(); v != u {
				t.Fatalf("URI(%q) = %q, whose URI is %q", href, u, v)
			}
		}
	})
}

// decodeAll decodes every valid escape of s, keeping the rest as written.
func decodeAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if pct.IsEncoded(s, i) {
			b.WriteByte(pct.Unhex(s[i+1])<<4 | pct.Unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
