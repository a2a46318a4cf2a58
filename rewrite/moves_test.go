package rewrite

import (
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"github.com/relink-go/relink/weburl"
	"golang.org/x/text/transform"
)

// TestRegexpMove checks the first match replaced with its template, and
// the errors of NewRegexpMove.
func TestRegexpMove(t *testing.T) {
	m, err := NewRegexpMove(`^https://old\.example/(\d{4})/(\w+)\.html`, "https://new.example/posts/$1-$2/")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ href, want string }{
		{"https://old.example/2024/hello.html#c", "https://new.example/posts/2024-hello/#c"},
		{"https://old.example/about.html", ""},
		{"https://x.example/?u=https://old.example/2024/a.html", ""},
	} {
		got, ok := m.Map(nil, tt.href)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("Map(%q) = %q, %v; want %q", tt.href, got, ok, tt.want)
		}
	}
	same, _ := NewRegexpMove(`a`, "a")
	if _, ok := same.Map(nil, "https://a.example/"); ok {
		t.Error("a replacement that changes nothing moves the URL")
	}
	for _, tt := range []struct{ expr, msg string }{
		{"", "empty regular expression"},
		{"(", "missing closing )"},
		{strings.Repeat("a", MaxRegexpMove+1), "longer than 4096"},
		{"a{1001}", "invalid repeat count"},
	} {
		if _, err := NewRegexpMove(tt.expr, "x"); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("NewRegexpMove(%.20q) = %v, want %q", tt.expr, err, tt.msg)
		}
	}
}

// TestMDToHTML checks that only the .md documents at or below the site's
// root move, to .html, their query and fragment kept.
func TestMDToHTML(t *testing.T) {
	m := MDToHTML{Root: "https://site.example/docs/"}
	for _, tt := range []struct{ href, want string }{
		{"https://site.example/docs/a.md", "https://site.example/docs/a.html"},
		{"https://site.example/docs/sub/B.MD?x#h", "https://site.example/docs/sub/B.html?x#h"},
		{"https://site.example/docs/.md", ""},
		{"https://site.example/docs/a.mdx", ""},
		{"https://site.example/docsx/a.md", ""},
		{"https://site.example/a.md", ""},
		{"https://github.com/o/r/blob/main/README.md", ""},
		{"https://site.example/docs/a.html?f=x.md", ""},
	} {
		got, ok := m.Map(nil, tt.href)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("Map(%q) = %q, %v; want %q", tt.href, got, ok, tt.want)
		}
	}
	if _, ok := (MDToHTML{}).Map(nil, "https://a.example/a.md"); ok {
		t.Error("MDToHTML without a root moves a URL")
	}
}

// TestMovesRewrite rewrites documents with a chain of moves: a PrefixMap
// with exact and prefix entries, a RegexpMove applied to what it gives,
// and MDToHTML; each link written in its own form ("./c.md" becomes
// "./c.html", "//cdn.example/v1/a.png" "//cdn.example/v2/a.png"), at
// every chunk size.
func TestMovesRewrite(t *testing.T) {
	var pm PrefixMap
	if err := pm.Add("https://site.example/guide", "https://site.example/manual"); err != nil {
		t.Fatal(err)
	}
	if err := pm.AddExact("https://site.example/guide/index.md", "https://site.example/manual/start.md"); err != nil {
		t.Fatal(err)
	}
	re, err := NewRegexpMove(`^https://cdn\.example/v1/`, "https://cdn.example/v2/")
	if err != nil {
		t.Fatal(err)
	}
	moves := Moves{&pm, re, MDToHTML{Root: "https://site.example/"}}
	tests := []struct {
		name, base string
		typ        extract.Type
		in, want   string
	}{
		{"markdown", "https://site.example/notes/a.md", extract.TypeMarkdown,
			"[b](b.md) [g](../guide/x.md#s) [i](/guide/index.md) [img](https://cdn.example/v1/p.png)\n" +
				"[r](https://github.com/o/r/blob/main/README.md) `[c](c.md)`\n\n[ref]: ./c.md \"t\"\n",
			"[b](b.html) [g](../manual/x.html#s) [i](/manual/start.html) [img](https://cdn.example/v2/p.png)\n" +
				"[r](https://github.com/o/r/blob/main/README.md) `[c](c.md)`\n\n[ref]: ./c.html \"t\"\n"},
		{"html", "https://site.example/index.html", extract.TypeHTML,
			`<a href="guide/">g</a> <a href=guide/index.md>i</a> <img src="//cdn.example/v1/a.png"> <a href="notes/b.md#x">b</a>`,
			`<a href="manual/">g</a> <a href=manual/start.html>i</a> <img src="//cdn.example/v2/a.png"> <a href="notes/b.html#x">b</a>`},
	}
	for _, tt := range tests {
		opts := Options{Map: moves.Map, Options: extract.Options{BaseURL: tt.base}}
		transformtest.Sweep{
			Name: tt.name,
			In:   []byte(tt.in),
			New:  func() transform.Transformer { return New(tt.typ, opts) },
			Want: []byte(tt.want),
		}.Run(t)
	}
}

// FuzzRegexpMove checks NewRegexpMove and Map on any expression,
// template and href: no panic, and a moved href differs from href.
func FuzzRegexpMove(f *testing.F) {
	f.Add(`^https://a\.example/(\w+)`, "https://b.example/${1}x", "https://a.example/p?q")
	f.Add(`(?i)\.MD$`, ".html", "https://a.example/A.md")
	f.Fuzz(func(t *testing.T, expr, repl, href string) {
		m, err := NewRegexpMove(expr, repl)
		if err != nil {
			return
		}
		if got, ok := m.Map(nil, href); ok && got == href {
			t.Fatalf("Map(%q) = itself, moved", href)
		}
	})
}

// TestMovedToRoot checks that a document moved up to the root has its
// links that climb above it written anew: "../index.html" from
// /guide.html requests /index.html only because the URL Standard stops
// at the root.
func TestMovedToRoot(t *testing.T) {
	var m PrefixMap
	if err := m.AddExact("https://s.example/docs/guide.html", "https://s.example/guide.html"); err != nil {
		t.Fatal(err)
	}
	in := `<a href="../index.html">home</a> <a href="api.md">api</a> <a href="../a/../b.html">b</a> <a href="./../c.html">c</a>`
	want := `<a href="index.html">home</a> <a href="docs/api.md">api</a> <a href="b.html">b</a> <a href="./c.html">c</a>`
	opts := Options{Map: m.Map, Options: extract.Options{BaseURL: "https://s.example/docs/guide.html"}}
	transformtest.Sweep{In: []byte(in), New: func() transform.Transformer { return NewHTML(opts) }, Want: []byte(want)}.Run(t)
	for _, tt := range []struct {
		base, ref string
		want      bool
	}{
		{"https://s.example/guide.html", "../index.html", true},
		{"https://s.example/docs/guide.html", "../index.html", false},
		{"https://s.example/docs/guide.html", "../../index.html", true},
		{"https://s.example/docs/guide.html", "a/../../index.html", false},
		{"https://s.example/docs/guide.html", "../x/..", false},
		{"https://s.example/guide.html", "/../x", false},
		{"https://s.example/guide.html", "..?q", true},
	} {
		b, _ := weburl.Parse(tt.base, nil)
		if got := climbs(b, tt.ref); got != tt.want {
			t.Errorf("climbs(%s, %q) = %v, want %v", tt.base, tt.ref, got, tt.want)
		}
	}
}

// FuzzMove moves a directory of a site, from, to another, to (both
// picked by the fuzzer among a few shapes: deeper, shallower, the root,
// another host), in any HTML document at any of a few places: the links
// keep their number, and each that a move leaves valid requests from the
// document's new place what it requested, moved when it was below from.
// Links the rewriter leaves as written (Kept) are allowed to no longer
// reach; the others must.
func FuzzMove(f *testing.F) {
	f.Add([]byte(`<a href="../index.html">h</a> <a href="./b/c.html?q#f">c</a> <a href="/dir/x">x</a> <a href="//example.com/dir/">d</a> <img srcset="a.png 1x, ../b.png 2x">`), uint8(0), uint8(1))
	f.Add([]byte(`<base href="/dir/sub/"><a href="../..">up</a><link rel=canonical href="http://example.com/dir/p.html">`), uint8(2), uint8(3))
	dirs := []string{"http://example.com/dir", "http://example.com/a/b/dir", "http://example.com", "http://other.example/x", "https://example.com/dir"}
	places := []string{"http://example.com/dir/page.html", "http://example.com/dir/sub/p.html", "http://example.com/index.html", "http://example.com/dir"}
	f.Fuzz(func(t *testing.T, doc []byte, which, where uint8) {
		from := dirs[int(which)%len(dirs)]
		to := dirs[int(which/8+1+which)%len(dirs)]
		base := places[int(where)%len(places)]
		if from == to || strings.HasPrefix(to+"/", from+"/") || strings.HasPrefix(from+"/", to+"/") {
			return
		}
		var m PrefixMap
		if err := m.Add(from, to); err != nil {
			t.Fatal(err)
		}
		opts := Options{Map: m.Map, Options: extract.Options{BaseURL: base, Charset: "utf-8"}}
		r := NewHTML(opts)
		out, _, err := transform.Bytes(r, doc)
		if err != nil {
			return
		}
		newBase, _ := m.Map(nil, base)
		if newBase == "" {
			newBase = base
		}
		type link struct {
			href  string
			start int64
			bad   bool
		}
		get := func(b []byte, u string) []link {
			var ls []link
			x := extract.NewHTML(extract.Options{BaseURL: u, Charset: "utf-8"}, func(l *extract.Link) error {
				ls = append(ls, link{l.Href, l.Start, l.Err != nil})
				return nil
			})
			transform.Bytes(x, b)
			return ls
		}
		before, after := get(doc, base), get(out, newBase)
		if len(before) != len(after) {
			t.Fatalf("%d links before, %d after:\n%q\n%q", len(before), len(after), doc, out)
		}
		kept := r.Stats().Kept
		missed := 0
		for i, b := range before {
			if b.bad || after[i].bad {
				continue
			}
			want, ok := m.Map(nil, b.href)
			if !ok {
				want = b.href
			}
			if !equivalent(after[i].href, want) {
				missed++
			}
		}
		if missed > kept {
			t.Fatalf("%d links do not reach, %d kept:\n%q\n%q", missed, kept, doc, out)
		}
	})
}
