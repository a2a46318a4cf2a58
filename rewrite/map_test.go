package rewrite

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"
)

// prefixMap returns an Options.Map that moves the URLs under from (at a
// path-segment boundary) to to, and counts its calls in *calls.
func prefixMap(from, to string, calls *[]string) func(l *extract.Link, href string) (string, bool) {
	return func(l *extract.Link, href string) (string, bool) {
		if calls != nil {
			who := "base"
			if l != nil {
				who = l.Value
			}
			*calls = append(*calls, who)
		}
		rest, ok := strings.CutPrefix(href, from)
		if !ok || rest != "" && !strings.ContainsRune("/?#", rune(rest[0])) {
			return "", false
		}
		return to + rest, true
	}
}

// TestMap checks Options.Map: a link whose target moves, or whose
// document moves away from it, is written in its own form (relative,
// absolute-path, network-path, absolute) where it can be, as To asks, in
// the document's syntax; a link the move leaves reaching its target is
// left as it is; at every chunk size.
func TestMap(t *testing.T) {
	docs := prefixMap("https://old.example/docs", "https://new.example/manual", nil)
	site := prefixMap("https://example.org/api", "https://example.org/docs/api", nil)
	tests := []struct {
		name string
		typ  extract.Type
		opts Options
		in   string
		want string
	}{
		{"the document moves with its links", extract.TypeHTML,
			Options{Map: docs, Options: extract.Options{BaseURL: "https://old.example/docs/a/page.html"}},
			`<a href="b.html">b</a> <a href="../../other/x.html">x</a> <a href="./b.html#s">b</a> <a href="#top">t</a> <a href="">self</a>` +
				` <a href="https://old.example/docs/c.html">c</a> <a href="/docs/d.html">d</a> <a href="//old.example/docs/e.html?q=1&amp;r=2">e</a>` +
				` <a href="https://elsewhere.example/">e</a> <a href="https://old.example/docsx">not below</a>`,
			`<a href="b.html">b</a> <a href="https://old.example/other/x.html">x</a> <a href="./b.html#s">b</a> <a href="#top">t</a> <a href="">self</a>` +
				` <a href="https://new.example/manual/c.html">c</a> <a href="/manual/d.html">d</a> <a href="//new.example/manual/e.html?q=1&amp;r=2">e</a>` +
				` <a href="https://elsewhere.example/">e</a> <a href="https://old.example/docsx">not below</a>`},
		{"a directory moves within the site", extract.TypeHTML,
			Options{Map: site, Options: extract.Options{BaseURL: "https://example.org/index.html"}},
			`<a href="api/fs.html">fs</a> <a href="/api/x.html">x</a> <a href='https://example.org/api/y.html'>y</a> <a href="api">dir</a> <a href="apis/z.html">z</a>`,
			`<a href="docs/api/fs.html">fs</a> <a href="/docs/api/x.html">x</a> <a href='https://example.org/docs/api/y.html'>y</a> <a href="docs/api">dir</a> <a href="apis/z.html">z</a>`},
		{"a base element moves", extract.TypeHTML,
			Options{Map: docs, Options: extract.Options{BaseURL: "https://elsewhere.example/p.html"}},
			`<base href="https://old.example/docs/"><a href="b.html">b</a> <a href="../x.html">x</a>`,
			`<base href="https://new.example/manual/"><a href="b.html">b</a> <a href="https://old.example/x.html">x</a>`},
		{"to IRIs", extract.TypeHTML,
			Options{To: FormIRI, Map: site, Options: extract.Options{BaseURL: "https://example.org/"}},
			`<meta charset=utf-8><img src="https://example.org/api/caf%C3%A9.png"><a href="api/%E6%97%A5%E6%9C%AC">ja</a>`,
			`<meta charset=utf-8><img src="https://example.org/docs/api/café.png"><a href="docs/api/日本">ja</a>`},
		{"to URIs", extract.TypeHTML,
			Options{To: FormURI, Map: site, Options: extract.Options{BaseURL: "https://example.org/"}},
			`<meta charset=utf-8><img src="https://example.org/api/café.png"><a href="api/日本">ja</a>`,
			`<meta charset=utf-8><img src="https://example.org/docs/api/caf%C3%A9.png"><a href="docs/api/%E6%97%A5%E6%9C%AC">ja</a>`},
		{"each link keeps its form (FormKeep)", extract.TypeHTML,
			Options{Map: site, Options: extract.Options{BaseURL: "https://example.org/"}},
			`<meta charset=utf-8><img src="https://example.org/api/café.png"><a href="api/%E6%97%A5%E6%9C%AC">ja</a> <a href="https://ja.wikipedia.org/wiki/日本">w</a> <a href="a b.html">s</a>`,
			`<meta charset=utf-8><img src="https://example.org/docs/api/café.png"><a href="docs/api/%E6%97%A5%E6%9C%AC">ja</a> <a href="https://ja.wikipedia.org/wiki/日本">w</a> <a href="a b.html">s</a>`},
		{"absolute", extract.TypeHTML,
			Options{Resolve: ResolveAbsolute, Map: site, Options: extract.Options{BaseURL: "https://example.org/"}},
			`<a href="api/fs.html">fs</a> <a href="other.html">o</a>`,
			`<a href="https://example.org/docs/api/fs.html">fs</a> <a href="https://example.org/other.html">o</a>`},
		{"relative", extract.TypeHTML,
			Options{Resolve: ResolveRelative, Map: site, Options: extract.Options{BaseURL: "https://example.org/"}},
			`<a href="https://example.org/api/fs.html">fs</a> <a href="/api/x.html">x</a>`,
			`<a href="docs/api/fs.html">fs</a> <a href="docs/api/x.html">x</a>`},
		{"without a base, absolute links only", extract.TypeHTML,
			Options{Map: docs},
			`<a href="https://old.example/docs/c.html">c</a> <a href="b.html">b</a> <a href="/docs/d.html">d</a>`,
			`<a href="https://new.example/manual/c.html">c</a> <a href="b.html">b</a> <a href="/docs/d.html">d</a>`},
		{"CSS", extract.TypeCSS,
			Options{Map: docs, Options: extract.Options{BaseURL: "https://old.example/docs/css/site.css"}},
			`a{b:url(../img/a.png)} c{d:url("https://old.example/docs/f.woff")} e{f:url(/img/x.png)}`,
			`a{b:url(../img/a.png)} c{d:url("https://new.example/manual/f.woff")} e{f:url(https://old.example/img/x.png)}`},
		{"Markdown", extract.TypeMarkdown,
			Options{Map: docs, Options: extract.Options{BaseURL: "https://old.example/docs/README.md"}},
			"[b](b.md) [c](https://old.example/docs/c.md \"t\") <https://old.example/docs/d>\n\n[ref]: https://old.example/docs/e.md\n\n`https://old.example/docs/code` <a href=\"https://old.example/docs/h.html\">h</a>\n",
			"[b](b.md) [c](https://new.example/manual/c.md \"t\") <https://new.example/manual/d>\n\n[ref]: https://new.example/manual/e.md\n\n`https://old.example/docs/code` <a href=\"https://new.example/manual/h.html\">h</a>\n"},
		{"text", extract.TypeText,
			Options{Map: prefixMap("http://www.old-site.com", "http://www.new-site.com", nil)},
			"see http://www.old-site.com/a, www.old-site.com/b and mail joe@old-site.com.\n",
			"see http://www.new-site.com/a, www.new-site.com/b and mail joe@old-site.com.\n"},
		{"text, mail", extract.TypeText,
			Options{Map: prefixMap("mailto:joe@old-site.com", "mailto:joe@new-site.com", nil)},
			"mail joe@old-site.com or mailto:joe@old-site.com?subject=hi.\n",
			"mail joe@new-site.com or mailto:joe@new-site.com?subject=hi.\n"},
		{"text, to https", extract.TypeText,
			Options{Map: prefixMap("http://www.old-site.com", "https://www.new-site.com", nil)},
			"see www.old-site.com/b.\n",
			"see https://www.new-site.com/b.\n"},
		{"links in the text of HTML", extract.TypeHTML,
			Options{Map: docs, Options: extract.Options{BaseURL: "https://old.example/docs/a.html", TextLinks: true, StrictText: true}},
			`<p>see www.old-site.com/x, https://old.example/docs/y and https://old.example/z`,
			`<p>see www.old-site.com/x, https://new.example/manual/y and https://old.example/z`},
		{"nothing matches", extract.TypeHTML,
			Options{Map: docs, Options: extract.Options{BaseURL: "https://example.org/"}},
			`<a href="b.html">b</a> <a href="https://old.example/doc">c</a>`,
			`<a href="b.html">b</a> <a href="https://old.example/doc">c</a>`},
	}
	for _, tt := range tests {
		transformtest.Sweep{
			Name: tt.name,
			In:   []byte(tt.in),
			New:  func() transform.Transformer { return New(tt.typ, tt.opts) },
			Src:  []int{1, 7, 0},
			Dst:  []int{5, 0},
			Want: []byte(tt.want),
		}.Run(t)
	}
}

// TestMapCharset checks a moved link of a document in a legacy charset:
// its query stays in the document's charset, and an IRI is written in
// that charset.
func TestMapCharset(t *testing.T) {
	enc := func(s string) string {
		b, err := japanese.ShiftJIS.NewEncoder().String(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	page := enc(`<meta charset="shift_jis"><a href="http://old.example/検索?q=日本">検索</a><a href="b.html">b</a>`)
	m := prefixMap("http://old.example", "http://new.example", nil)
	for _, tt := range []struct {
		to   Form
		want string
	}{
		{FormURI, enc(`<meta charset="shift_jis"><a href="http://new.example/%E6%A4%9C%E7%B4%A2?q=%93%FA%96{">検索</a><a href="b.html">b</a>`)},
		{FormIRI, enc(`<meta charset="shift_jis"><a href="http://new.example/検索?q=%93%FA%96{">検索</a><a href="b.html">b</a>`)},
	} {
		got, _, err := transform.String(NewHTML(Options{To: tt.to, Map: m, Options: extract.Options{BaseURL: "http://old.example/"}}), page)
		if err != nil || got != tt.want {
			t.Errorf("to %v: %v\n got %q\nwant %q", tt.to, err, got, tt.want)
		}
	}
}

// TestMapCalls checks what Map is called with: each link with its URL,
// and each base once, with a nil link; and that a new URL the URL
// Standard rejects leaves the link as it is, counted as kept.
func TestMapCalls(t *testing.T) {
	var calls []string
	opts := Options{Map: prefixMap("https://example.org/a", "https://example.org/b", &calls), Options: extract.Options{BaseURL: "https://example.org/a/"}}
	r := NewHTML(opts)
	if _, _, err := transform.String(r, `<a href="x">x</a><a href="y">y</a><base href="/c/"><a href="z">z</a><a>`); err != nil {
		t.Fatal(err)
	}
	if want := "[x base y /c/ z base]"; fmt.Sprint(calls) != want {
		t.Errorf("calls %v, want %v", calls, want)
	}
	bad := Options{Map: func(l *extract.Link, href string) (string, bool) { return "http://[bad/", true }, Options: extract.Options{BaseURL: "https://example.org/"}}
	r = NewHTML(bad)
	out, _, _ := transform.String(r, `<a href="x">x</a>`)
	if s := r.Stats(); out != `<a href="x">x</a>` || s.Kept != 1 || s.Rewritten != 0 {
		t.Errorf("a bad new URL: %q, %+v", out, s)
	}
}

// TestMapChangesNothing checks that a Map that moves nothing (returns
// false) or moves each URL to itself changes nothing: the output is the
// output without Map, on the documents of the repository's test trees,
// each type, to URIs and IRIs, each Resolve.
func TestMapChangesNothing(t *testing.T) {
	var files []string
	for _, glob := range []string{"../testdata/site/*.*", "../testdata/site/*/*.*", "../testdata/rewrite/*.txt",
		"../testdata/rewrite/realdocs/*.html", "../testdata/nodedocs/api/*.*", "../testdata/nodedocs/api/*/*.*"} {
		f, _ := filepath.Glob(glob)
		files = append(files, f...)
	}
	never := func(*extract.Link, string) (string, bool) { return "", false }
	same := func(_ *extract.Link, href string) (string, bool) { return href, true }
	n := 0
	for _, f := range files {
		typ := extract.TypeByName(f)
		if typ == 0 {
			continue
		}
		doc, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, to := range []Form{FormURI, FormIRI} {
			for _, res := range []Resolve{ResolveKeep, ResolveAbsolute, ResolveRelative} {
				opts := Options{To: to, Resolve: res, Options: extract.Options{BaseURL: "https://example.org/dir/" + filepath.Base(f)}}
				want, _, err := transform.Bytes(New(typ, opts), doc)
				if err != nil {
					t.Fatal(err)
				}
				for name, m := range map[string]func(*extract.Link, string) (string, bool){"never": never, "same": same} {
					opts.Map = m
					got, _, err := transform.Bytes(New(typ, opts), doc)
					if err != nil || !bytes.Equal(got, want) {
						t.Errorf("%s, to %d, resolve %d, Map %s: %v, output differs", f, to, res, name, err)
					}
				}
				n++
			}
		}
	}
	if n < 90 {
		t.Errorf("%d runs: the trees have more documents", n)
	}
}
