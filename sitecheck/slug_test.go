package sitecheck

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// The cases come from each renderer's documentation of its ids (GitHub's
// and GitLab's Markdown guides, Python-Markdown's toc extension, Hugo's
// autoHeadingIDType, pandoc's manual on auto_identifiers) and from what
// their source does with punctuation, repeated spaces and non-ASCII.
func TestSlugMake(t *testing.T) {
	tests := []struct {
		slug Slug
		text string
		want string
	}{
		{SlugGitHub, "Hello World", "hello-world"},
		{SlugGitHub, "1.1 Intro", "11-intro"},
		{SlugGitHub, "Hello  World", "hello--world"},
		{SlugGitHub, "a - b", "a---b"},
		{SlugGitHub, "Привет мир", "привет-мир"},
		{SlugGitHub, "snake_case", "snake_case"},
		{SlugGitHub, "What's new?", "whats-new"},
		{SlugGitHub, "C++ & C#", "c--c"},
		{SlugGitHub, "Rocket 🚀", "rocket-"},
		{SlugGitHub, "Café", "café"},

		{SlugGitLab, "This - and that", "this-and-that"},
		{SlugGitLab, "Hello  World", "hello-world"},
		{SlugGitLab, "Über uns", "über-uns"},
		{SlugGitLab, "What's new?", "whats-new"},
		{SlugGitLab, "snake_case", "snake_case"},

		{SlugMkDocs, "Hello World", "hello-world"},
		{SlugMkDocs, "Über uns", "uber-uns"},
		{SlugMkDocs, "a - b", "a-b"},
		{SlugMkDocs, "What's new?", "whats-new"},
		{SlugMkDocs, "  Spaces  ", "spaces"},
		{SlugMkDocs, "日本語", ""},
		{SlugMkDocs, "snake_case", "snake_case"},

		{SlugHugo, "Hello World", "hello-world"},
		{SlugHugo, "a - b", "a---b"},
		{SlugHugo, "What's new?", "whats-new"},
		{SlugHugo, "", "heading"},
		{SlugHugo, "Über", "über"},
		{SlugHugo, " Trimmed ", "trimmed"},

		{SlugPandoc, "Heading identifiers in HTML", "heading-identifiers-in-html"},
		{SlugPandoc, "Maître d'hôtel", "maître-dhôtel"},
		{SlugPandoc, "Dogs?--in my house?", "dogs--in-my-house"},
		{SlugPandoc, "HTML, S5, or RTF?", "html-s5-or-rtf"},
		{SlugPandoc, "3. Applications", "applications"},
		{SlugPandoc, "33", "section"},
		{SlugPandoc, "v1.2 notes", "v1.2-notes"},
	}
	for _, tt := range tests {
		if got := tt.slug.Make(tt.text); got != tt.want {
			t.Errorf("%v.Make(%q) = %q, want %q", tt.slug, tt.text, got, tt.want)
		}
	}
}

func TestSluggerRepeats(t *testing.T) {
	tests := []struct {
		slug  Slug
		texts []string
		want  []string
	}{
		{SlugGitHub, []string{"Hello World", "Hello World", "Hello World"}, []string{"hello-world", "hello-world-1", "hello-world-2"}},
		{SlugGitHub, []string{"a", "a-1", "a"}, []string{"a", "a-1", "a-2"}},
		{SlugMkDocs, []string{"Intro", "Intro"}, []string{"intro", "intro_1"}},
		{SlugHugo, []string{"", ""}, []string{"heading", "heading-1"}},
		{SlugPandoc, []string{"33", "Section"}, []string{"section", "section-1"}},
		{SlugGitLab, []string{"x", "x"}, []string{"x", "x-1"}},
	}
	for _, tt := range tests {
		g := NewSlugger(tt.slug)
		for i, text := range tt.texts {
			if got := g.Next(text); got != tt.want[i] {
				t.Errorf("%v: heading %d %q: %q, want %q", tt.slug, i, text, got, tt.want[i])
			}
		}
	}
	g := NewSlugger(SlugGitHub)
	g.Add("intro")
	if got := g.Next("Intro"); got != "intro-1" {
		t.Errorf("slug after an explicit id: %q, want intro-1", got)
	}
}

func TestHeadingText(t *testing.T) {
	tests := []struct{ md, want string }{
		{"Hello *World*", "Hello World"},
		{"`code` span", "code span"},
		{"`` a ` b ``", "a ` b"},
		{"[link](http://x.org/) text", "link text"},
		{"[ref][label] text", "ref text"},
		{"snake_case _em_", "snake_case em"},
		{"a &amp; b &copy;", "a & b ©"},
		{`\*not em\*`, "*not em*"},
		{"<span>raw</span> html", "raw html"},
		{"![img](x.png) alt", "img alt"},
		{"<https://x.org>", "https://x.org"},
		{"a < b", "a < b"},
		{"two\nlines", "two lines"},
		{"~~struck~~", "struck"},
	}
	for _, tt := range tests {
		if got := HeadingText(tt.md); got != tt.want {
			t.Errorf("HeadingText(%q) = %q, want %q", tt.md, got, tt.want)
		}
	}
}

func TestHeadingID(t *testing.T) {
	tests := []struct{ md, rest, id string }{
		{"Custom {#custom}", "Custom", "custom"},
		{"A {.cls #id key=v}", "A", "id"},
		{"No id {.cls}", "No id {.cls}", ""},
		{"Braces {not}", "Braces {not}", ""},
		{"Plain", "Plain", ""},
		{"Spaced { #sp }  ", "Spaced", "sp"},
	}
	for _, tt := range tests {
		rest, id := HeadingID(tt.md)
		if rest != tt.rest || id != tt.id {
			t.Errorf("HeadingID(%q) = %q, %q, want %q, %q", tt.md, rest, id, tt.rest, tt.id)
		}
	}
}

func TestParseSlug(t *testing.T) {
	for s := SlugGitHub; s <= SlugPandoc; s++ {
		if got, err := ParseSlug(s.String()); got != s || err != nil {
			t.Errorf("ParseSlug(%q) = %v, %v", s.String(), got, err)
		}
	}
	if _, err := ParseSlug("kramdown"); err == nil {
		t.Error("ParseSlug(kramdown): no error")
	}
}

// FuzzHeading checks that the heading parsers and every dialect's slug
// take any input: valid UTF-8 in, valid UTF-8 out, an id without white
// space, and a Slugger that never gives the same id twice.
func FuzzHeading(f *testing.F) {
	for _, s := range []string{"Hello *World*", "`a` [b](c) {#d}", "&amp; \\* <x>", "_a_b_", "Über uns 🚀", "{#}", "``` x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if !utf8.ValidString(md) {
			return
		}
		rest, id := HeadingID(md)
		if !strings.HasPrefix(md, rest) || strings.ContainsAny(id, " \t\n") {
			t.Fatalf("HeadingID(%q) = %q, %q", md, rest, id)
		}
		text := HeadingText(rest)
		if !utf8.ValidString(text) {
			t.Fatalf("HeadingText(%q) = %q", rest, text)
		}
		for s := SlugGitHub; s <= SlugPandoc; s++ {
			g := NewSlugger(s)
			a, b := g.Next(text), g.Next(text)
			if a == b || !utf8.ValidString(a) || strings.ContainsAny(a, " \t\n") && s != SlugGitHub {
				t.Fatalf("%v: %q gives %q then %q", s, text, a, b)
			}
		}
	})
}

// BenchmarkHeadingText runs HeadingText on long headings made of what it
// searches for, at two lengths: the time per byte stays the same from
// one to the other when a search that fails is not run again (a quadratic
// HeadingText took minutes on the longer ones).
func BenchmarkHeadingText(b *testing.B) {
	for _, unit := range []string{"<a ", "&amp", "](x ", "` `` ", "][x "} {
		for _, n := range []int{50_000, 200_000} {
			md := strings.Repeat(unit, n)
			b.Run(fmt.Sprintf("%q×%d", unit, n), func(b *testing.B) {
				b.SetBytes(int64(len(md)))
				for b.Loop() {
					HeadingText(md)
				}
			})
		}
	}
}
