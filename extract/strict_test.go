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
			got = append(got, l.Value)
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
				got = append(got, l.Value)
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
