package markdown

import (
	"fmt"
	"github.com/relink-go/relink/htmlattr"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// checkDoc checks the invariants of a Document: spans in range and in
// order, and each destination span holding what its URL says.
func checkDoc(t testing.TB, src []byte, doc *Document) {
	t.Helper()
	in := func(s htmlattr.Span) bool { return 0 <= s.Start && s.Start <= s.End && s.End <= len(src) }
	within := func(inner, outer htmlattr.Span) bool { return outer.Start <= inner.Start && inner.End <= outer.End }
	prev := -1
	for i, l := range doc.Links {
		if !in(l.At) || !in(l.Dest) || !in(l.Text) {
			t.Fatalf("link %d (%v): span out of range: at %v dest %v text %v, len %d", i, l.Kind, l.At, l.Dest, l.Text, len(src))
		}
		if l.At.Start < prev {
			t.Fatalf("link %d (%v) at %d after one at %d", i, l.Kind, l.At.Start, prev)
		}
		prev = l.At.Start
		if l.Text != (htmlattr.Span{}) && !within(l.Text, l.At) {
			t.Fatalf("link %d (%v): text %v outside %v", i, l.Kind, l.Text, l.At)
		}
		raw := src[l.Dest.Start:l.Dest.End]
		switch l.Kind {
		case ReferenceLink, ReferenceImage:
			if l.Def < 0 || l.Def >= len(doc.Links) || doc.Links[l.Def].Kind != Definition || doc.Links[l.Def].Dest != l.Dest {
				t.Fatalf("link %d (%v): Def %d is not its definition", i, l.Kind, l.Def)
			}
			continue
		case InlineLink, InlineImage, Definition:
			if got := destURL(raw, l.Angle); got != l.Value {
				t.Fatalf("link %d (%v): dest %q means %q, URL is %q", i, l.Kind, raw, got, l.Value)
			}
		case Autolink:
			if got := unescape(raw, false); got != l.Value {
				t.Fatalf("link %d (%v): dest %q means %q, URL is %q", i, l.Kind, raw, got, l.Value)
			}
		case EmailAutolink:
			if "mailto:"+string(raw) != l.Value {
				t.Fatalf("link %d (%v): dest %q, URL %q", i, l.Kind, raw, l.Value)
			}
		case ExtendedAutolink:
			if s := string(raw); l.Value != s && l.Value != "http://"+s && l.Value != "mailto:"+s {
				t.Fatalf("link %d (%v): dest %q, URL %q", i, l.Kind, raw, l.Value)
			}
		default:
			t.Fatalf("link %d: kind %d", i, l.Kind)
		}
		if l.Def != -1 {
			t.Fatalf("link %d (%v): Def %d, want -1", i, l.Kind, l.Def)
		}
		if !within(l.Dest, l.At) {
			t.Fatalf("link %d (%v): dest %v outside %v", i, l.Kind, l.Dest, l.At)
		}
	}
	prev = -1
	for i, h := range doc.HTML {
		if len(h.Segments) == 0 {
			t.Fatalf("HTML %d has no segments", i)
		}
		for _, s := range h.Segments {
			if !in(s) || s.Start >= s.End || s.Start < prev {
				t.Fatalf("HTML %d: segment %v out of range or order (after %d, len %d)", i, s, prev, len(src))
			}
			prev = s.End
		}
	}
}

type found struct {
	Kind  Kind
	At    string
	Dest  string
	URL   string
	Title string
}

func (f found) String() string {
	return fmt.Sprintf("{%v at=%q dest=%q url=%q title=%q}", f.Kind, f.At, f.Dest, f.URL, f.Title)
}

func TestParseOffsets(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []found
		html []string // segments, "|" between the segments of one piece
	}{
		{
			name: "inline link and image",
			src:  "a [t](/u \"ti\") ![i](<x y.png>) b",
			want: []found{
				{InlineLink, `[t](/u "ti")`, "/u", "/u", "ti"},
				{InlineImage, "![i](<x y.png>)", "<x y.png>", "x y.png", ""},
			},
		},
		{
			name: "escapes and entities",
			src:  `[t](/a\(b&auml;c\))`,
			want: []found{{InlineLink, `[t](/a\(b&auml;c\))`, `/a\(b&auml;c\)`, "/a(bäc)", ""}},
		},
		{
			name: "definition after use, CRLF, in a block quote",
			src:  "[Foo]\r\n\r\n> [foo]:\r\n>   /url\r\n> 'the title'\r\n",
			want: []found{
				{ReferenceLink, "[Foo]", "/url", "/url", "the title"},
				{Definition, "[foo]:\r\n>   /url\r\n> 'the title'", "/url", "/url", "the title"},
			},
		},
		{
			name: "tab before a list item's content",
			src:  "-\t[a](b)\n\n  \t[c](d)",
			want: []found{
				{InlineLink, "[a](b)", "b", "b", ""},
				{InlineLink, "[c](d)", "d", "d", ""},
			},
		},
		{
			name: "nothing in code",
			src:  "`[a](b)` <http://x>\n\n    [c](d)\n\n```\n[e](f)\n```\n",
			want: []found{{Autolink, "<http://x>", "http://x", "http://x", ""}},
		},
		{
			name: "extended autolinks",
			src:  "see www.example.com/a_(b)). or (https://x.org/p?q=1), mail me@example.org.",
			want: []found{
				{ExtendedAutolink, "www.example.com/a_(b)", "www.example.com/a_(b)", "http://www.example.com/a_(b)", ""},
				{ExtendedAutolink, "https://x.org/p?q=1", "https://x.org/p?q=1", "https://x.org/p?q=1", ""},
				{ExtendedAutolink, "me@example.org", "me@example.org", "mailto:me@example.org", ""},
			},
		},
		{
			name: "no extended autolink in link text",
			src:  "[www.a.org](/b)",
			want: []found{{InlineLink, "[www.a.org](/b)", "/b", "/b", ""}},
		},
		{
			name: "HTML block and inline HTML",
			src:  "<div>\n<a href=\"x\">\n</div>\n\ntext <b\nclass=\"c\">x</b>\n\n> <a\n> href=y>\n",
			html: []string{"<div>\n<a href=\"x\">\n</div>", "<b\nclass=\"c\">", "</b>", "<a\n|href=y>"},
		},
		{
			name: "empty destinations",
			src:  "[a]() [b](<>)\n\n[c]: <>",
			want: []found{
				{InlineLink, "[a]()", "", "", ""},
				{InlineLink, "[b](<>)", "<>", "", ""},
				{Definition, "[c]: <>", "<>", "", ""},
			},
		},
		{
			name: "table",
			src:  "intro [x](/p)\n| a | [b](/u) |\n|---|:-:|\n| [c](/v\\|w) | x | [d](/dropped) |\n\n[e](/after)",
			want: []found{
				{InlineLink, "[x](/p)", "/p", "/p", ""},
				{InlineLink, "[b](/u)", "/u", "/u", ""},
				{InlineLink, "[c](/v\\|w)", "/v\\|w", "/v|w", ""},
				{InlineLink, "[e](/after)", "/after", "/after", ""},
			},
		},
		{
			name: "a pipe splits a link in a table, not in a paragraph",
			src:  "| [a | b](/u) |\n|-|-|\n\n| [a | b](/v) |\n|-|\n",
			want: []found{{InlineLink, "[a | b](/v)", "/v", "/v", ""}},
		},
		{
			name: "a table ends at a block quote",
			src:  "a|b\n-|-\n[x](/r)|y\n> [z](/s)|t\n",
			want: []found{
				{InlineLink, "[x](/r)", "/r", "/r", ""},
				{InlineLink, "[z](/s)", "/s", "/s", ""},
			},
		},
		{
			name: "setext heading after a definition",
			src:  "[x]: /u\n[x]\n===\n",
			want: []found{
				{Definition, "[x]: /u", "/u", "/u", ""},
				{ReferenceLink, "[x]", "/u", "/u", ""},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			doc := Parse(src)
			checkDoc(t, src, doc)
			var got []found
			for _, l := range doc.Links {
				got = append(got, found{l.Kind, tt.src[l.At.Start:l.At.End], tt.src[l.Dest.Start:l.Dest.End], l.Value, l.Title})
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("links\ngot  %v\nwant %v", got, tt.want)
			}
			var html []string
			for _, h := range doc.HTML {
				var segs []string
				for _, s := range h.Segments {
					segs = append(segs, tt.src[s.Start:s.End])
				}
				html = append(html, strings.Join(segs, "|"))
			}
			if fmt.Sprintf("%q", html) != fmt.Sprintf("%q", tt.html) {
				t.Errorf("HTML\ngot  %q\nwant %q", html, tt.html)
			}
		})
	}
}

func TestCommonMarkOption(t *testing.T) {
	src := []byte("www.example.com http://example.com a@example.com")
	if n := len(Parse(src).Links); n != 3 {
		t.Errorf("GFM: %d links, want 3", n)
	}
	if n := len(Options{CommonMark: true}.Parse(src).Links); n != 0 {
		t.Errorf("CommonMark: %d links, want 0", n)
	}
}

// TestSpecInvariants checks the invariants on every spec example.
func TestSpecInvariants(t *testing.T) {
	for _, name := range []string{"commonmark-spec.txt", "gfm-spec-autolinks.txt", "gfm-extensions-autolinks.txt", "gfm-spec-tables.txt"} {
		for _, e := range readExamples(t, name) {
			src := []byte(e.markdown)
			checkDoc(t, src, Parse(src))
			checkDoc(t, src, Options{CommonMark: true}.Parse(src))
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, name := range []string{"commonmark-spec.txt", "gfm-spec-autolinks.txt", "gfm-extensions-autolinks.txt", "gfm-spec-tables.txt"} {
		for _, e := range readExamples(f, name) {
			f.Add([]byte(e.markdown))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkDoc(t, src, Parse(src))
	})
}

// BenchmarkParse reads the CommonMark spec, 200 KB of real Markdown.
func BenchmarkParse(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "markdown", "commonmark-spec.txt"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(src)
	}
}

// adversarial are inputs on which a careless Markdown scanner goes
// quadratic: unclosed HTML comments and the like, deep nesting, runs of
// brackets, backticks and '@'. Their MB/s should be near the others'.
var adversarial = map[string]string{
	"comments":    strings.Repeat("a <!-- ", 20000),
	"pi":          strings.Repeat("a <? ", 20000),
	"cdata":       strings.Repeat("a <![CDATA[ ", 20000),
	"declaration": strings.Repeat("a <!A ", 20000),
	"open tags":   strings.Repeat("<a href='x' ", 20000),
	"brackets":    strings.Repeat("[", 20000) + strings.Repeat("a](b)", 20000),
	"images":      strings.Repeat("![", 20000) + strings.Repeat("]", 20000),
	"quotes":      strings.Repeat(">", 20000) + " a",
	"lists":       strings.Repeat("- ", 20000) + "a",
	"indented lists": func() string {
		var b strings.Builder
		for i := range 2000 {
			b.WriteString(strings.Repeat(" ", i) + "- a\n")
		}
		return b.String()
	}(),
	"at":   strings.Repeat("a@", 40000),
	"www":  strings.Repeat("www.a", 40000),
	"http": strings.Repeat("http://", 20000),
	"backticks": func() string {
		var b strings.Builder
		for i := 1; i < 300; i++ {
			b.WriteString(strings.Repeat("`", i) + "a")
		}
		return b.String()
	}(),
	"definitions": strings.Repeat("[a]: /b\n", 20000),
	"references":  strings.Repeat("[a] ", 20000) + "\n\n[a]: /b\n",
	"labels":      strings.Repeat("[a][", 20000),
}

func BenchmarkAdversarial(b *testing.B) {
	for name, s := range adversarial {
		b.Run(name, func(b *testing.B) {
			src := []byte(s)
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Parse(src)
			}
		})
	}
}

// TestAdversarial checks the invariants on the adversarial inputs.
func TestAdversarial(t *testing.T) {
	for name, s := range adversarial {
		t.Run(name, func(t *testing.T) { checkDoc(t, []byte(s), Parse([]byte(s))) })
	}
}

// TestNotProse holds what issue 13 saw plain-text detection do to .md
// files: Date.now(), fs.open and README.md are no links, code spans and
// code blocks hold none, and </a> is HTML.
func TestNotProse(t *testing.T) {
	src := "Call `Date.now()` or fs.open; see README.md and [addons](n-api.md).\n\n" +
		"```js\nconst urls = [\"https://a/\",\"https://b/\"];\n```\n\n" +
		"<a href=\"x.html\">x</a> `end`\n"
	doc := Parse([]byte(src))
	checkDoc(t, []byte(src), doc)
	if len(doc.Links) != 1 || doc.Links[0].Value != "n-api.md" || src[doc.Links[0].Dest.Start:doc.Links[0].Dest.End] != "n-api.md" {
		t.Errorf("links %+v, want only n-api.md", doc.Links)
	}
	var html []string
	for _, h := range doc.HTML {
		html = append(html, src[h.Segments[0].Start:h.Segments[0].End])
	}
	if fmt.Sprint(html) != `[<a href="x.html"> </a>]` {
		t.Errorf("HTML %q", html)
	}
}

func TestHeadings(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"# Hello *world*\n", []string{"Hello *world*"}},
		{"## Closed ##\n", []string{"Closed"}},
		{"#\n", []string{""}},
		{"Setext\nover two\n===\n", []string{"Setext\nover two"}},
		{"[a]: /x\nTitle\n---\n", []string{"Title"}},
		{"> # In a quote\n", []string{"In a quote"}},
		{"| a | b |\n|---|---|\n| c | d |\n", nil},
		{"    # code\n", nil},
		{"```\n# fenced\n```\n", nil},
		{"# One\ntext\n## Two `x`\n", []string{"One", "Two `x`"}},
	}
	for _, tt := range tests {
		d := Parse([]byte(tt.src))
		var got []string
		for _, h := range d.Headings {
			got = append(got, h.Text)
			if h.Text != "" && h.At.Start < len(tt.src) && tt.src[h.At.Start] != h.Text[0] {
				t.Errorf("%q: heading %q starts at %d (%q)", tt.src, h.Text, h.At.Start, tt.src[h.At.Start:])
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: headings %q, want %q", tt.src, got, tt.want)
		}
	}
}
