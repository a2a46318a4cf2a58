package extract

import (
	"strings"
	"testing"
)

// TestStrictText checks Options.StrictText: in plain text, and in the
// text of HTML, only links written with a scheme and email addresses are
// reported; file names, method calls and domains without a scheme are not.
func TestStrictText(t *testing.T) {
	const text = "Date.now() [addons](n-api.md) fs.open x.sh README.md www.example.com " +
		"jörg@bücher.de https://例え.jp/a mailto:a@example.org"
	relaxed := []string{"Date.now", "n-api.md", "fs.open", "x.sh", "README.md", "www.example.com",
		"jörg@bücher.de", "https://例え.jp/a", "mailto:a@example.org"}
	strict := []string{"jörg@bücher.de", "https://例え.jp/a", "mailto:a@example.org"}
	for _, c := range []struct {
		strict bool
		want   []string
	}{{false, relaxed}, {true, strict}} {
		var got []string
		x := NewText(Options{Charset: "utf-8", StrictText: c.strict}, func(l *Link) error {
			got = append(got, l.Raw)
			return nil
		})
		if err := x.Feed([]byte(text), true); err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("text, strict %v: got %q, want %q", c.strict, got, c.want)
		}
		got = got[:0]
		h := NewHTML(Options{Charset: "utf-8", TextLinks: true, StrictText: c.strict}, func(l *Link) error {
			if l.Tag == "" {
				got = append(got, l.Raw)
			}
			return nil
		})
		if err := h.Feed([]byte("<p>"+text+"</p>"), true); err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("HTML text, strict %v: got %q, want %q", c.strict, got, c.want)
		}
	}
}

// TestQuotedTextLinks checks that a link right after a double quote or a
// backtick ends at the quote that closes it, even where UTS #58 would let
// the link go on: a JSON list of links is one link each, and a Markdown
// code span's closing backtick is not part of its link.
func TestQuotedTextLinks(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{`["https://a/","https://b/"]`, []string{"https://a/", "https://b/"}},
		{"see `http://e.org/a` and `http://e.org/b.`", []string{"http://e.org/a", "http://e.org/b"}},
		{`"http://e.org/a".`, []string{"http://e.org/a"}},
		{`<a href="http://x.org/">x</a>`, []string{"http://x.org/"}},
		// Not after a quote: UTS #58 as it is.
		{`https://nap.wikipedia.org/wiki/Lista_d"e_vvoce`, []string{`https://nap.wikipedia.org/wiki/Lista_d"e_vvoce`}},
		{`'http://foo.com/bar'more`, []string{`http://foo.com/bar'more`}},
	} {
		var got []string
		for _, l := range FindTextLinks([]byte(c.in)) {
			got = append(got, l.Raw)
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: got %q, want %q", c.in, got, c.want)
		}
	}
}
