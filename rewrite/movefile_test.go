package rewrite

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestReadMovesRedirects reads a _redirects file of the shapes Netlify and
// Cloudflare Pages document: each rule that is a move of a prefix or a
// page is taken, every other one is reported with its line and skipped.
func TestReadMovesRedirects(t *testing.T) {
	const file = `# moves of the docs
/docs/*          /manual/:splat     301
/old.html        /new.html
/faq/            /help/#faq         302!
/blog/*          https://blog.example/:splat  308
https://old.example/*  https://site.example/:splat 301!
/news/*          /blog              301
/api/:version/*  /v/:version/:splat 301
/store id=:id    /shop/:id          301
/app/*           /index.html        200
/gone            /                  410
/fr/*            /fr/:splat         302  Language=fr
/docs/a.html     /elsewhere.html
/a*b             /c
/x               /y?z=1
/docs/           /other/
`
	var m PrefixMap
	skipped, err := m.ReadMoves("_redirects", strings.NewReader(file), MovesRedirects, "https://site.example/")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range skipped {
		got = append(got, fmt.Sprintf("%d %v", s.Line, s.Err))
	}
	want := []string{
		"7 unsupported: /news/* sends every URL below it to one URL (/blog): not a move of each",
		"8 unsupported: placeholders in FROM (/api/:version/*)",
		"9 unsupported: query parameters are matched (id=:id)",
		"10 unsupported: status 200 is a rewrite: the URL stays as it is, and so do the links",
		"11 unsupported: status 410 is not a move",
		"12 unsupported: conditions (Language=fr): the move depends on the request",
		"13 unsupported: an earlier rule, line 2, matches FROM already: the first rule that matches applies",
		"14 unsupported: a splat not at the end of FROM (/a*b)",
		"15 unsupported: a query in TO",
		"16 unsupported: an earlier rule, line 2, matches FROM already: the first rule that matches applies",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("skipped:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, tt := range []struct{ href, want string }{
		{"https://site.example/docs/fs.html#x", "https://site.example/manual/fs.html#x"},
		{"https://site.example/docs", "https://site.example/manual"},
		{"https://site.example/old.html?q=1#s", "https://site.example/new.html?q=1#s"},
		{"https://site.example/old.html/", "https://site.example/new.html"},
		{"https://site.example/old.htmlx", ""},
		{"https://site.example/faq", "https://site.example/help/#faq"},
		{"https://site.example/faq/?a#top", "https://site.example/help/?a#faq"},
		{"https://site.example/blog/2024/x.html", "https://blog.example/2024/x.html"},
		{"https://old.example/a/b", "https://site.example/a/b"},
		{"https://site.example/news/1", ""},
		{"https://site.example/gone", ""},
	} {
		got, ok := m.Map(nil, tt.href)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("Map(%q) = %q, %v; want %q", tt.href, got, ok, tt.want)
		}
	}
}

// TestReadMovesTSV reads a table of moves: prefix moves as --map takes
// them, exact ones marked so; an exact entry beats a prefix of the same
// length, and the longest match wins.
func TestReadMovesTSV(t *testing.T) {
	const file = "\uFEFF# old\tnew\r\n" +
		"https://a.example/docs\thttps://b.example/manual\r\n" +
		"/docs/api\t/reference\n" +
		"/docs/api/index.html\t/reference/overview.html\texact\n" +
		"/docs\t/start.html\texact\n" +
		"\n"
	var m PrefixMap
	skipped, err := m.ReadMoves("moves.tsv", strings.NewReader(file), MovesTSV, "https://a.example/")
	if err != nil || len(skipped) > 0 {
		t.Fatal(skipped, err)
	}
	for _, tt := range []struct{ href, want string }{
		{"https://a.example/docs/x.html", "https://b.example/manual/x.html"},
		{"https://a.example/docs", "https://a.example/start.html"},
		{"https://a.example/docs/", "https://a.example/start.html"},
		{"https://a.example/docs?x", "https://a.example/start.html?x"},
		{"https://a.example/docs/api/fs.html", "https://a.example/reference/fs.html"},
		{"https://a.example/docs/api/index.html#y", "https://a.example/reference/overview.html#y"},
		{"https://a.example/docs/api/index.html/z", "https://a.example/reference/index.html/z"},
	} {
		got, ok := m.Map(nil, tt.href)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("Map(%q) = %q, %v; want %q", tt.href, got, ok, tt.want)
		}
	}
}

// TestReadMovesErrors checks that each wrong line, and each bound passed,
// is an error naming the file and line, and that m is then left as it was.
func TestReadMovesErrors(t *testing.T) {
	for _, tt := range []struct {
		name, file, base string
		f                MoveFormat
		want             string
	}{
		{"one field", "/a /b\n/c\n", "https://x.example/", MovesRedirects, "_redirects:2: want FROM TO [STATUS]: one field"},
		{"no base", "/a /b\n", "", MovesRedirects, `_redirects:1: "/a" is not an absolute URL, and there is no base URL`},
		{"no tab", "https://a.example/ https://b.example/\n", "", MovesTSV, "moves.tsv:1: want OLD<TAB>NEW, or OLD<TAB>NEW<TAB>exact; got 1 fields"},
		{"third field", "/a\t/b\tprefix\n", "https://x.example/", MovesTSV, `moves.tsv:1: third field "prefix": want "exact" or none`},
		{"twice", "/a\t/b\n/a/\t/c\n", "https://x.example/", MovesTSV, "moves.tsv:2: old prefix https://x.example/a is mapped twice"},
		{"query", "/a?x=1\t/b\n", "https://x.example/", MovesTSV, "moves.tsv:1: old prefix \"https://x.example/a?x=1\" has a query"},
		{"long line", "/a\t/" + strings.Repeat("b", MaxMoveLine) + "\n", "https://x.example/", MovesTSV, fmt.Sprintf("moves.tsv:1: line longer than %d bytes", MaxMoveLine)},
		{"only query", "/a id=1\n", "https://x.example/", MovesRedirects, "_redirects:1: want FROM TO [STATUS]: no TO"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var m PrefixMap
			m.Add("https://keep.example/", "https://kept.example/")
			name := "moves.tsv"
			if tt.f == MovesRedirects {
				name = "_redirects"
			}
			_, err := m.ReadMoves(name, strings.NewReader(tt.file), tt.f, tt.base)
			var fe *MoveFileError
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.As(err, &fe) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
			if len(m.prefix) != 1 || len(m.exact) != 0 {
				t.Errorf("m changed: %v %v", m.prefix, m.exact)
			}
		})
	}
	var m PrefixMap
	m.Add("https://x.example/a", "https://y.example/")
	_, err := m.ReadMoves("m.tsv", strings.NewReader("/b\t/c\n/a\t/d\n"), MovesTSV, "https://x.example/")
	if err == nil || err.Error() != "m.tsv:2: old prefix https://x.example/a is mapped twice (by --map or an earlier file too)" {
		t.Errorf("a prefix of --map again: %v", err)
	}
}

// TestReadMovesBounds checks the bounds of the file size and of the number
// of moves with a reader that would go on for ever.
func TestReadMovesBounds(t *testing.T) {
	var m PrefixMap
	_, err := m.ReadMoves("big.tsv", endless("# a comment line that goes on\n"), MovesTSV, "")
	if err == nil || err.Error() != fmt.Sprintf("big.tsv: longer than %d bytes", MaxMoveFile) {
		t.Errorf("endless file: %v", err)
	}
	defer func(n int) { maxMoves = n }(maxMoves)
	maxMoves = 1000
	_, err = m.ReadMoves("many.tsv", &counting{}, MovesTSV, "https://x.example/")
	if err == nil || err.Error() != "many.tsv:1001: more than 1000 moves" {
		t.Errorf("many moves: %v", err)
	}
}

// endless repeats a line for ever.
type endless string

func (e endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], e)
	}
	return n, nil
}

// counting writes lines /N<TAB>/mN for ever.
type counting struct {
	n    int
	rest []byte
}

func (c *counting) Read(p []byte) (int, error) {
	for len(c.rest) < len(p) {
		c.rest = fmt.Appendf(c.rest, "/%d\t/m%d\n", c.n, c.n)
		c.n++
	}
	n := copy(p, c.rest)
	c.rest = c.rest[:copy(c.rest, c.rest[n:])]
	return n, nil
}

// FuzzReadMoves reads any file in both formats: it never panics, an error
// names the file, and every move taken maps its old URL to a URL.
func FuzzReadMoves(f *testing.F) {
	f.Add("/docs/* /manual/:splat 301!\n/a /b#c\n# x\n/x id=1 /y\n", "https://s.example/")
	f.Add("https://a.example/x\thttps://b.example/y\n/p\t/q\texact\n", "")
	f.Add("/* https://n.example/:splat 302\n/a/:b /c/:b\n", "https://s.example/d/")
	f.Fuzz(func(t *testing.T, file, base string) {
		for _, format := range []MoveFormat{MovesTSV, MovesRedirects} {
			var m PrefixMap
			skipped, err := m.ReadMoves("f", strings.NewReader(file), format, base)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "f:") {
					t.Fatalf("error without the file: %v", err)
				}
				if len(m.prefix)+len(m.exact) != 0 {
					t.Fatalf("error %v, and moves taken", err)
				}
			}
			for _, s := range skipped {
				if s.Line < 1 {
					t.Fatalf("skipped without a line: %v", s)
				}
			}
			for o, n := range m.prefix {
				if got, ok := m.Map(nil, o); !ok || (got != n && m.exact[o] == "") {
					t.Fatalf("Map(%q) = %q, %v; want %q", o, got, ok, n)
				}
			}
		}
	})
}
