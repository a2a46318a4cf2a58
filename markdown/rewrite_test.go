package markdown

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestRewrite(t *testing.T) {
	tests := []struct {
		name string
		src  string
		to   map[string]string // old URL -> new URL
		want string
		err  string
	}{
		{
			name: "only the destinations change",
			src:  "# T\n\n*a* [x](/old \"t\") and ![i]( /old ) `[c](/old)`\n\n    [d](/old)\n",
			to:   map[string]string{"/old": "/new"},
			want: "# T\n\n*a* [x](/new \"t\") and ![i]( /new ) `[c](/old)`\n\n    [d](/old)\n",
		},
		{
			name: "angle form for spaces and unbalanced parentheses",
			src:  "[a](/1) [b](/2)\n\n[c]: /3 'x'\n",
			to:   map[string]string{"/1": "/a b", "/2": "/x)y", "/3": "/(z"},
			want: "[a](</a b>) [b](</x)y>)\n\n[c]: </(z> 'x'\n",
		},
		{
			name: "balanced parentheses stay bare",
			src:  "[a](/1)",
			to:   map[string]string{"/1": "/w(x)"},
			want: "[a](/w(x))",
		},
		{
			name: "escapes",
			src:  "[a](/1) [b](</2>) [c](/3)",
			to:   map[string]string{"/1": `/x\*&amp;y\`, "/2": "/<a>", "/3": `/\q`},
			want: `[a](/x\\*\&amp;y\\) [b](</\<a\>>) [c](/\q)`,
		},
		{
			name: "a written angle form stays",
			src:  "[a](</1>)",
			to:   map[string]string{"/1": "/2"},
			want: "[a](</2>)",
		},
		{
			name: "references change at their definition",
			src:  "[a] [b][a]\n\n[a]: /1\n",
			to:   map[string]string{"/1": "/2"},
			want: "[a] [b][a]\n\n[a]: /2\n",
		},
		{
			name: "empty",
			src:  "[a](/1)\n\n[b]: /2\n",
			to:   map[string]string{"/1": "", "/2": ""},
			want: "[a](<>)\n\n[b]: <>\n",
		},
		{
			name: "autolinks",
			src:  "<http://a/> <x@example.com> <y@example.com>",
			to:   map[string]string{"http://a/": "https://b/&amp;", "mailto:x@example.com": "mailto:z@example.org", "mailto:y@example.com": "https://c/"},
			want: "<https://b/&amp;amp;> <z@example.org> <https://c/>",
		},
		{
			name: "extended autolinks",
			src:  "see www.a.org, http://b.org/x. and c@d.org!\nnext www.e.org\n",
			to: map[string]string{
				"http://www.a.org": "http://www.f.org/p",
				"http://b.org/x":   "https://g.org/q.",
				"mailto:c@d.org":   "mailto:h@i.org",
				"http://www.e.org": "https://www.e.org",
			},
			want: "see www.f.org/p, <https://g.org/q.>. and h@i.org!\nnext https://www.e.org\n",
		},
		{
			name: "a parenthesis that would complete an earlier bracket is escaped",
			src:  "0[[000](00000]()",
			to:   map[string]string{"": "/x)y"},
			want: "0[[000](00000](/x\\)y)",
		},
		{
			name: "a quote that would close an earlier title is escaped",
			src:  "[a](/b \"t [x](/u)",
			to:   map[string]string{"/u": "/\"", "/b": "/c"},
			want: "[a](/b \"t [x](/\\\")",
		},
		{
			name: "a backtick that would close an earlier code span is left",
			src:  "`a [x](/u) [y](/v)",
			to:   map[string]string{"/u": "/`b", "/v": "/w"},
			want: "`a [x](/u) [y](/w)",
			err:  "markdown: offset 7: inline link: cannot write \"/`b\": written there it would change which links the document holds",
		},
		{
			name: "a pipe in a table cell is escaped",
			src:  "| [a](/1) |\n|---|\n",
			to:   map[string]string{"/1": "/x|y"},
			want: "| [a](/x\\|y) |\n|---|\n",
		},
		{
			name: "what cannot be written is left",
			src:  "[a](/1) <http://x/> [b](/2)",
			to:   map[string]string{"/1": "/a\nb", "http://x/": "no scheme", "/2": "/ok"},
			want: "[a](/1) <http://x/> [b](/ok)",
			err:  "markdown: offset 4: inline link: cannot write \"/a\\nb\": a destination cannot hold a line ending\nmarkdown: offset 9: autolink: cannot write \"no scheme\": not an absolute URI as an autolink holds it (scheme, colon, no spaces, controls, < or >)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			doc := Parse(src)
			got, err := Rewrite(src, doc, func(l *Link) (string, bool) {
				u, ok := tt.to[l.Value]
				return u, ok
			})
			if string(got) != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if fmt.Sprint(err) != fmt.Sprint(map[bool]any{true: nil, false: tt.err}[tt.err == ""]) {
				t.Errorf("error\ngot  %v\nwant %v", err, tt.err)
			}
			// the output means the new URLs
			checkRewritten(t, src, doc, got, err, func(l *Link) (string, bool) {
				u, ok := tt.to[l.Value]
				return u, ok
			})
		})
	}
}

// checkRewritten parses out, the rewriting of src by url, and checks that
// its links are those of src with the new URLs, except where err says a
// destination was left.
func checkRewritten(t testing.TB, src []byte, doc *Document, out []byte, err error, url func(l *Link) (string, bool)) {
	t.Helper()
	left := map[int]bool{}
	if err != nil {
		var joined interface{ Unwrap() []error }
		if !errors.As(err, &joined) {
			t.Fatalf("error %v is not a join", err)
		}
		for _, e := range joined.Unwrap() {
			var re *RewriteError
			if !errors.As(e, &re) {
				if strings.HasSuffix(e.Error(), "nothing rewritten") && string(out) == string(src) {
					return // Rewrite gave up, whole
				}
				t.Fatalf("error %v is not a *RewriteError", e)
			}
			left[re.Offset] = true
		}
	}
	newURL := make([]string, len(doc.Links))
	for i := range doc.Links {
		l := &doc.Links[i]
		newURL[i] = l.Value
		if l.OwnsDest() && !left[l.Dest.Start] {
			if u, ok := url(l); ok {
				newURL[i] = u
			}
		}
	}
	var want, got []string
	for i, l := range doc.Links {
		u := newURL[i]
		if !l.OwnsDest() {
			u = newURL[l.Def]
		}
		want = append(want, u)
	}
	for _, l := range Parse(out).Links {
		got = append(got, l.Value)
	}
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Fatalf("rewritten %q\nto %q\nlinks %q\nwant  %q", src, out, got, want)
	}
}

// tricky are new URLs that need every way of writing a destination.
var tricky = []string{
	"http://new.example/p", "/a b", "/x)y", "/w(x)", `p&amp;q\`, "<v>", "", "ünï",
	"mailto:n@example.org", "http://www.example.net/", "https://e.example/a.", "c:\t", "&#42;\\*",
}

func rewriteAll(src []byte) ([]byte, *Document, error, func(*Link) (string, bool)) {
	doc := Parse(src)
	url := func(l *Link) (string, bool) {
		if l.Dest.Start%7 == 3 {
			return "", false
		}
		return tricky[l.Dest.Start%len(tricky)], true
	}
	out, err := Rewrite(src, doc, url)
	return out, doc, err, url
}

func TestRewriteGivesUp(t *testing.T) {
	src := []byte("`a" + strings.Repeat(" [x](/u)", 40))
	doc := Parse(src)
	out, err := Rewrite(src, doc, func(*Link) (string, bool) { return "/`", true })
	if string(out) != string(src) {
		t.Errorf("got %q, want the input", out)
	}
	if err == nil || !strings.Contains(err.Error(), "more than 16 new destinations") {
		t.Errorf("error %v", err)
	}
}

func TestRewriteSpec(t *testing.T) {
	for _, name := range []string{"commonmark-spec.txt", "gfm-spec-autolinks.txt", "gfm-extensions-autolinks.txt", "gfm-spec-tables.txt"} {
		for _, e := range readExamples(t, name) {
			src := []byte(e.markdown)
			doc := Parse(src)
			if out, err := Rewrite(src, doc, func(*Link) (string, bool) { return "", false }); err != nil || string(out) != e.markdown {
				t.Fatalf("%s example %d: rewriting nothing changed the document: %q, %v", name, e.number, out, err)
			}
			out, doc, err, url := rewriteAll(src)
			checkRewritten(t, src, doc, out, err, url)
		}
	}
}

func FuzzRewrite(f *testing.F) {
	for _, name := range []string{"commonmark-spec.txt", "gfm-spec-autolinks.txt"} {
		for _, e := range readExamples(f, name) {
			if strings.Contains(e.markdown, "](") || strings.Contains(e.markdown, "]:") || strings.Contains(e.markdown, "://") {
				f.Add([]byte(e.markdown))
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		out, doc, err, url := rewriteAll(src)
		checkRewritten(t, src, doc, out, err, url)
	})
}
