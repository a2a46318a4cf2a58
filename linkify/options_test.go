package linkify

import (
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"github.com/rivo/uniseg"
	"golang.org/x/text/transform"
)

// TestStrict checks Options.Strict: only links written with a scheme
// and email addresses, in text and in HTML.
func TestStrict(t *testing.T) {
	in := "Run setup.py, read README.md and www.example.com; or https://example.com/x, mailto:a@b.co, joe@example.com."
	want := "Run setup.py, read README.md and www.example.com; or " + a("https://example.com/x", "https://example.com/x") + ", " +
		a("mailto:a@b.co", "mailto:a@b.co") + ", " + a("mailto:joe@example.com", "joe@example.com") + "."
	if got := String(in, Options{Strict: true, Layout: LayoutNone}); got != want {
		t.Errorf("text:\n got %s\nwant %s", got, want)
	}
	if got := HTMLString("<p>"+in, Options{Strict: true, Charset: "utf-8"}); got != "<p>"+want {
		t.Errorf("html:\n got %s\nwant <p>%s", got, want)
	}
	if got := HTMLString("README.md", Options{}); !strings.Contains(got, "</a>") {
		t.Errorf("not strict: README.md not linked: %s", got)
	}
}

// TestEdit checks Options.Edit: a callback that vetoes a link, changes
// its href, text and attributes, as bleach's callbacks do.
func TestEdit(t *testing.T) {
	in := "<p>http://spam.example/x, https://example.com/a/very/long/path/to/a/page, joe@example.com, www.example.org</p>"
	edit := func(l *Link) bool {
		switch {
		case strings.Contains(l.Href, "spam.example"):
			return false // drop a host
		case l.Email:
			l.Rel = "" // no rel on mail
			l.Target = ""
		case strings.HasPrefix(l.Value, "www."):
			l.Href = "javascript:alert(1)" // refused: left as text
		default:
			l.Rel += " ugc"
			l.Text = l.Text[:20] + "…" // shortened
			l.Title = "a \"title\""
		}
		return true
	}
	opts := Options{Edit: edit, Target: "_blank", Charset: "utf-8"}
	want := `<p>http://spam.example/x, <a href="https://example.com/a/very/long/path/to/a/page" title="a &#34;title&#34;" rel="nofollow noopener ugc" target="_blank">https://example.com/…</a>, ` +
		`<a href="mailto:joe@example.com">joe@example.com</a>, www.example.org</p>`
	var st Stats
	transformtest.Sweep{
		In:   []byte(in),
		New:  func() transform.Transformer { return NewHTML(opts) },
		Want: []byte(want),
	}.Run(t)
	h := NewHTML(opts)
	transform.String(h, in)
	st = h.Stats()
	if st != (Stats{Links: 2, Vetoed: 1, Invalid: 1}) {
		t.Errorf("stats %+v", st)
	}
	// A new href is made a URI.
	opts.Edit = func(l *Link) bool { l.Href = "https://例え.テスト/[x]"; return true }
	if got, want := String("see a.com", opts), `see <a href="https://xn--r8jz45g.xn--zckzah/%5Bx%5D" rel="nofollow noopener" target="_blank">a.com</a>`; got != want {
		t.Errorf("new href:\n got %s\nwant %s", got, want)
	}
}

// TestMaxText checks Options.MaxText: the text shortened with a middle
// ellipsis, the href whole, the display form in title; in text and HTML.
func TestMaxText(t *testing.T) {
	in := "https://www.example.com/a/very/long/path/to/the/page.html?q=1"
	got := HTMLString(in, Options{MaxText: 30, Charset: "utf-8"})
	want := `<a href="` + in + `" title="` + in + `"` + rel + `>https://www.…the/page.html?q=1</a>`
	if got != want {
		t.Errorf("html:\n got %s\nwant %s", got, want)
	}
	got = String(in, Options{MaxText: 30, Format: FormatMarkdown})
	want = `[https://www.…the/page.html?q=1](<` + in + `> "` + in + `")`
	if got != want {
		t.Errorf("markdown:\n got %s\nwant %s", got, want)
	}
	if got := HTMLString("<p>example.com", Options{MaxText: 30}); got != "<p>"+a("http://example.com/", "example.com") {
		t.Errorf("short link: %s", got)
	}
}

func TestShorten(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"example.com/abc", 15, "example.com/abc"},
		{"example.com/abc", 0, "example.com/abc"},
		{"example.com/abcdef", 15, "example.…abcdef"},
		// Never inside a host label: "verylonghostname." is kept whole or left out.
		{"https://www.verylonghostname.example/abcdefghij", 20, "https://…/abcdefghij"},
		{"https://a.verylonghostname.example/x", 12, "https://…/x"},
		// Never inside a percent-escape.
		{"http://e.co/%E2%80%8B%E2%80%8Babc", 20, "http://e.…%80%8Babc"},
		{"http://e.co/ab%E2%80%8Bcdefgh", 16, "http://e.…cdefgh"},
		// Never inside a grapheme cluster: e + U+0301, a flag, a family.
		{"http://e.co/e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301", 16, "http://…/e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301"},
		{"http://e.co/🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵", 16, "http://…/🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵🇯🇵"},
		{"http://e.co/👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 12, "http:/…/👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧"},
		{"joe.bloggs.the.third@mail.example.com", 20, "joe.blog…example.com"},
		{"joe.bloggs.the.third@mail.example.com", 12, "joe.blog…com"},
	} {
		got, cut := shorten(c.in, c.max)
		if got != c.want || cut != (got != c.in) {
			t.Errorf("shorten(%q, %d) = %q, %v; want %q", c.in, c.max, got, cut, c.want)
		}
		if n := uniseg.GraphemeClusterCount(got); c.max > 0 && n > c.max {
			t.Errorf("shorten(%q, %d) = %q: %d characters", c.in, c.max, got, n)
		}
	}
}

// TestOptionsSweep checks Strict, MaxText and Edit with a Linkifier at
// every chunk size: the links they change are decided as the text
// streams through.
func TestOptionsSweep(t *testing.T) {
	in := strings.Repeat("Read README.md or https://example.com/a/very/long/path/to/the/page.html, mail joe@example.com. ", 40)
	opts := Options{Strict: true, MaxText: 20, Edit: func(l *Link) bool { return !l.Email }}
	want := String(in, opts)
	if strings.Count(want, "</a>") != 40 || strings.Contains(want, "README.md</a>") || strings.Contains(want, "mailto:") {
		t.Fatalf("unexpected output %.300s", want)
	}
	transformtest.Sweep{
		In:   []byte(in),
		New:  func() transform.Transformer { return New(opts) },
		Want: []byte(want),
	}.Run(t)
}
