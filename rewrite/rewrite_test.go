package rewrite

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

const docURL = "http://example.com/dir/page.html"

type found struct {
	uri        string
	off, end   int64
	tag, attr  string
	err        error
	isTextLink bool
}

// links extracts the links of an HTML document.
func links(t testing.TB, doc []byte, textLinks bool) []found {
	t.Helper()
	return linksIn(t, doc, textLinks, "")
}

// linksIn is links with a transport charset, as Options.Charset.
func linksIn(t testing.TB, doc []byte, textLinks bool, charset string) []found {
	t.Helper()
	var out []found
	x := extract.NewHTML(extract.Options{BaseURL: docURL, TextLinks: textLinks, Charset: charset}, func(l *extract.Link) error {
		out = append(out, found{l.Href, l.Start, l.End, l.Tag, l.Attr, l.Err, l.Tag == ""})
		return nil
	})
	if _, _, err := transform.Bytes(x, doc); err != nil {
		t.Fatal(err)
	}
	return out
}

func docs(t testing.TB) map[string][]byte {
	m := globDocs(t, "../testdata/extract/links-*.html", filepath.Base)
	b, err := os.ReadFile("../testdata/site/index.html")
	if err != nil {
		t.Fatal(err)
	}
	m["site-index.html"] = b
	// A KOI8-R page that says so in a late <meta>, after 1024 bytes of
	// head: its links, before the meta too, are read in KOI8-R.
	m["late-meta.html"] = []byte("<!DOCTYPE html><html><head><title>\xF4\xC5\xD3\xD4</title><script>" +
		strings.Repeat("var x = 1;\n", 120) + "</script><link rel=stylesheet href=\"\xD3\xD4\xC9\xCC\xD8.css?\xE1=\xE2\">" +
		"<meta charset=koi8-r></head><body><a href=\"\xD0\xD5\xD4\xD8/?q=\xE1\">\xF3\xD3\xD9\xCC\xCB\xC1</a> http://example.com/\xD0\xD5\xD4\xD8</body></html>")
	return m
}

// globDocs reads the files that pattern matches (at least one), keyed by
// key of their paths.
func globDocs(t testing.TB, pattern string, key func(path string) string) map[string][]byte {
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatal("no documents", pattern, err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m[key(f)] = b
	}
	return m
}

var modes = []struct {
	name string
	opts Options
}{
	{"uri-keep", Options{To: FormURI}},
	{"iri-keep", Options{To: FormIRI}},
	{"uri-absolute", Options{To: FormURI, Resolve: ResolveAbsolute}},
	{"iri-absolute", Options{To: FormIRI, Resolve: ResolveAbsolute}},
	{"uri-relative", Options{To: FormURI, Resolve: ResolveRelative}},
	{"iri-relative", Options{To: FormIRI, Resolve: ResolveRelative}},
	{"iri-keep-textlinks", Options{To: FormIRI, Options: extract.Options{TextLinks: true}}},
}

// TestInvariant checks the rewriter's promise on every document, in every
// mode: the rewritten document holds the same links at the same places,
// requesting the same URLs (up to the equivalences of RFC 3986 6.2.2),
// and every byte outside the links is the input's.
func TestInvariant(t *testing.T) {
	for name, doc := range docs(t) {
		for _, m := range modes {
			opts := m.opts
			opts.BaseURL = docURL
			h := NewHTML(opts)
			out := transformtest.Run(t, h, doc, 0, 0)
			before, after := links(t, doc, opts.TextLinks), links(t, out, opts.TextLinks)
			if len(before) != len(after) {
				t.Errorf("%s %s: %d links before, %d after", name, m.name, len(before), len(after))
				continue
			}
			prevIn, prevOut := int64(0), int64(0)
			for i, b := range before {
				a := after[i]
				if b.tag != a.tag || b.attr != a.attr {
					t.Errorf("%s %s: link %d is %s@%s, was %s@%s", name, m.name, i, a.tag, a.attr, b.tag, b.attr)
				}
				if b.err == nil {
					if !equivalentURI(b.uri, a.uri) {
						t.Errorf("%s %s: link %d requests %q, was %q", name, m.name, i, a.uri, b.uri)
					}
				}
				// The bytes between links are unchanged.
				if b.off < prevIn || a.off < prevOut {
					continue // overlapping spans (srcset in a data: URL...): skip
				}
				if !bytes.Equal(doc[prevIn:b.off], out[prevOut:a.off]) {
					t.Errorf("%s %s: bytes before link %d changed:\n%q\n%q", name, m.name, i, doc[prevIn:b.off], out[prevOut:a.off])
				}
				prevIn, prevOut = b.end, a.end
			}
			if !bytes.Equal(doc[prevIn:], out[prevOut:]) {
				t.Errorf("%s %s: bytes after the last link changed", name, m.name)
			}
			if st := h.Stats(); st.Links != len(before) {
				t.Errorf("%s %s: Stats().Links = %d, want %d", name, m.name, st.Links, len(before))
			}
		}
	}
}

// TestIdempotent checks that rewriting to URIs twice is rewriting once.
func TestIdempotent(t *testing.T) {
	for name, doc := range docs(t) {
		for _, m := range modes {
			opts := m.opts
			opts.BaseURL = docURL
			once := transformtest.Run(t, NewHTML(opts), doc, 0, 0)
			twice := transformtest.Run(t, NewHTML(opts), once, 0, 0)
			if !bytes.Equal(once, twice) {
				t.Errorf("%s %s: a second rewrite changes the document", name, m.name)
			}
		}
	}
}

// TestRewriteChunks checks that the output does not depend on how the
// input is cut nor on the size of dst.
func TestRewriteChunks(t *testing.T) {
	for name, doc := range docs(t) {
		for _, m := range modes[:3] {
			opts := m.opts
			opts.BaseURL = docURL
			transformtest.Sweep{
				Name: name + " " + m.name,
				In:   doc,
				New:  func() transform.Transformer { return NewHTML(opts) },
			}.Run(t)
		}
	}
}

func TestGoldenRewrite(t *testing.T) {
	doc, err := os.ReadFile("../testdata/extract/links-utf-8.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range modes {
		opts := m.opts
		opts.BaseURL = docURL
		got := transformtest.Run(t, NewHTML(opts), doc, 0, 0)
		checkGolden(t, m.name, fmt.Sprintf("../testdata/rewrite/links-utf-8.%s.golden", m.name), got)
	}
}

// checkGolden compares got with the golden file, or writes it with
// -update.
func checkGolden(t *testing.T, name, golden string, got []byte) {
	t.Helper()
	if *update {
		os.MkdirAll(filepath.Dir(golden), 0o755)
		os.WriteFile(golden, got, 0o644)
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: output differs from %s", name, golden)
	}
}

func FuzzRewrite(f *testing.F) {
	for _, doc := range docs(f) {
		f.Add(doc, 7)
	}
	f.Add([]byte(`<a href="a b?c=ü">x</a><style>p{background:url(é.png)}</style>`), 3)
	// The Encoding Standard's charsets (issue 11).
	f.Add([]byte("<meta charset=latin1><a href='/p?q=\x81\x8d&r=\xe9'>\x9d</a>"), 5)
	f.Add([]byte("<meta charset=big5><a href='?q=\x81@\xa4\x40\x88\x62'>\xff</a>"), 2)
	f.Add([]byte("<meta charset=gbk><a href='?q=\x81\x30\x81\x30\xa6\xd9'>x</a>"), 3)
	f.Add([]byte("<meta charset=shift_jis><a href='?\x81\x7c\xf0\x40\x82@'>x</a>"), 4)
	f.Fuzz(func(t *testing.T, doc []byte, chunk int) {
		if chunk < 1 {
			chunk = 1
		}
		opts := Options{To: FormURI, Options: extract.Options{BaseURL: docURL}}
		h := NewHTML(opts)
		once := transformtest.Run(t, h, doc, 0, 0)
		if got := transformtest.Run(t, NewHTML(opts), doc, chunk, 3); !bytes.Equal(got, once) {
			t.Fatalf("chunk %d: output differs", chunk)
		}
		// The rewritten document is read in the charset the original
		// was read in: one that declares none may read otherwise once
		// its only bytes not valid UTF-8, in links, are rewritten (the
		// README's known gaps).
		// A guessed charset is guessed again, so that the same links
		// are left alone; the twice check needs the same guess, which
		// the rewritten bytes (ASCII changes only) may still move.
		again := opts
		again.Charset = h.Charset().Name
		if h.Charset().Guessed {
			again.Charset = ""
		}
		h2 := NewHTML(again)
		twice := transformtest.Run(t, h2, once, 0, 0)
		if h2.Charset() == h.Charset() && !bytes.Equal(once, twice) {
			t.Fatalf("rewriting twice changes the document:\n%q\n%q", once, twice)
		}
		again.Charset = h.Charset().Name
		before, after := links(t, doc, false), linksIn(t, once, false, again.Charset)
		if len(before) != len(after) {
			t.Fatalf("%d links before, %d after:\n%q\n%q", len(before), len(after), doc, once)
		}
		for i := range before {
			if before[i].err != nil {
				continue
			}
			if !equivalentURI(before[i].uri, after[i].uri) {
				t.Fatalf("link %d requests %q, was %q\n%q\n%q", i, after[i].uri, before[i].uri, doc, once)
			}
		}
	})
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata/rewrite")

// equivalentURI is the equivalence the rewriter promises (see equivalent).
func equivalentURI(a, b string) bool { return equivalent(a, b) }

// TestSameSchemeRelative checks references such as "http:x", relative to
// an http base but absolute on their own: when the form asked for would
// resolve elsewhere, or the reference has no form of its own ("http:Ð´":
// "Ð´" cannot be a host), the absolute URL is written.
func TestSameSchemeRelative(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{"<a href=http:\xd0\xb4>", "<a href=http://example.com/dir/%D0%B4>"},
		{"<meta charset=windows-1252><a href=http:\xd0\xb4>", "<meta charset=windows-1252><a href=http://example.com/dir/%C3%90%C2%B4>"},
		{"<a href=http:x>", "<a href=http://example.com/dir/x>"},
		{"<a href=https:x>", "<a href=https://x/>"}, // absolute on its own too
	} {
		got, _, err := transform.String(NewHTML(Options{To: FormURI, Options: extract.Options{BaseURL: docURL}}), c.doc)
		if err != nil || got != c.want {
			t.Errorf("%q: got %q, %v; want %q", c.doc, got, err, c.want)
		}
	}
}

// TestHoldsLittle checks that the rewriter holds little of its input
// whatever the tokens: a long run of text and end tags, which the
// extractor's tokenizer passes over, is written as it comes.
func TestHoldsLittle(t *testing.T) {
	// 16-byte units after a 16-byte start, in 4 KiB pieces: no piece
	// ends inside a tag, which the tokenizer would hold and return.
	doc := []byte("<p>" + strings.Repeat("x", 13) + strings.Repeat("0123456789ab</b>", 200000))
	h := NewHTML(Options{To: FormURI, Options: extract.Options{BaseURL: docURL}})
	dst := make([]byte, 8192)
	peak := 0
	for i := 0; i < len(doc); {
		end := min(i+4096, len(doc))
		_, nSrc, err := h.Transform(dst, doc[i:end], end == len(doc))
		if err != nil && err != transform.ErrShortDst {
			t.Fatal(err)
		}
		i += nSrc
		peak = max(peak, len(h.pend))
	}
	if peak > 16<<10 {
		t.Errorf("held up to %d bytes of a %d-byte document", peak, len(doc))
	}
}

// TestRealDocsMinimalChange checks that rewriting real pages in a form they
// already have changes no byte, and that making their links absolute
// changes the relative links alone (the golden files).
func TestRealDocsMinimalChange(t *testing.T) {
	files, err := filepath.Glob("../testdata/rewrite/realdocs/*.html")
	if err != nil || len(files) == 0 {
		t.Fatalf("no pages: %v", err)
	}
	for _, f := range files {
		doc, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		base := "http://xmlsoft.org/XSLT/EXSLT/" + strings.TrimPrefix(filepath.Base(f), "libxslt-exslt-")
		for _, to := range []Form{FormURI, FormIRI} {
			h := NewHTML(Options{To: to, Options: extract.Options{BaseURL: base}})
			if got := transformtest.Run(t, h, doc, 0, 0); !bytes.Equal(got, doc) {
				t.Errorf("%s to %d: %d links rewritten, want none", f, to, h.Stats().Rewritten)
			}
		}
		h := NewHTML(Options{Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: base}})
		got := transformtest.Run(t, h, doc, 0, 0)
		checkGolden(t, f, strings.TrimSuffix(f, ".html")+".absolute.golden", got)
		transformtest.Sweep{
			Name: f,
			In:   doc,
			New: func() transform.Transformer {
				return NewHTML(Options{Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: base}})
			},
			Want: got,
		}.Run(t)
	}
}

// TestMinimalChange checks that a link already in the form asked for is
// left byte for byte, and that one that must change changes only where it
// must, keeping its character references elsewhere.
func TestMinimalChange(t *testing.T) {
	for _, c := range []struct {
		to        Form
		doc, want string
	}{
		// Valid URIs meaning what they say: nothing to do.
		{FormURI, `<a href="http://www.redhat.com">`, `<a href="http://www.redhat.com">`},
		{FormIRI, `<a href="http://www.redhat.com">`, `<a href="http://www.redhat.com">`},
		{FormURI, `<a href="HTTP://Example.COM:80/a/../b?x&#x26;y">`, `<a href="HTTP://Example.COM:80/a/../b?x&#x26;y">`},
		{FormIRI, `<a href="/s?a=1&#x26;b=2">`, `<a href="/s?a=1&#x26;b=2">`},
		{FormURI, `<a href=?a=1&amp;b=2>`, `<a href=?a=1&amp;b=2>`},
		{FormIRI, `<a href="http://example.com/日本">`, `<a href="http://example.com/日本">`},
		// What must change, alone; the references around it stay.
		{FormURI, `<a href="http://example.com?q=日&#x26;r=1">`, `<a href="http://example.com?q=%E6%97%A5&#x26;r=1">`},
		{FormIRI, `<a href="http://xn--bcher-kva.example?a=1&#x26;b">`, `<a href="http://bücher.example?a=1&#x26;b">`},
		{FormIRI, `<a href="/%E6%97%A5?a&#x26;b">`, `<a href="/日?a&#x26;b">`},
		{FormURI, `<a href="a b&#x26;c">`, `<a href="a%20b&#x26;c">`},
		{FormURI, `<a href="?&copy=日">`, `<a href="?&copy=%E6%97%A5">`},
		{FormURI, `<p>http://example.com/日&#x26;x</p>`, `<p>http://example.com/%E6%97%A5&#x26;x</p>`},
		// In a legacy charset, the bytes of what changes are the
		// charset's, those kept as they were.
		{FormIRI, `<meta charset=windows-1252><a href="http://xn--bcher-kva.example?a=1&#x26;b">`, "<meta charset=windows-1252><a href=\"http://b\xfccher.example?a=1&#x26;b\">"},
	} {
		doc := c.doc
		if !strings.HasPrefix(doc, "<meta") {
			doc = "<meta charset=utf-8>" + doc
			c.want = "<meta charset=utf-8>" + c.want
		}
		got, _, err := transform.String(NewHTML(Options{To: c.to, Options: extract.Options{BaseURL: docURL, TextLinks: true}}), doc)
		if err != nil || got != c.want {
			t.Errorf("to %d %q: got %q, %v; want %q", c.to, c.doc, got, err, c.want)
		}
	}
}
