package rewrite

import (
	"os"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// The examples of issue 13: what a plain-text reading of Markdown broke.
const mdIssue = "# fs\n\n" +
	"Use `Date.now()` and fs.open; see [addons](n-api.md) and ``a ` </a> b``.\n\n" +
	"```js\nconst u = \"https://a/\"; // [x](y.md)\n```\n\n" +
	"![logo](<my logo.png> \"Logo\") <https://nodejs.org/en/> www.example.com\n\n" +
	"<p><a href=\"fs.html#x\">fs</a></p>\n\n" +
	"[ref]: ./ref.md\n[héllo](https://ex.example/é)\n"

func TestMarkdown(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"uri", Options{To: FormURI}, "# fs\n\n" +
			"Use `Date.now()` and fs.open; see [addons](n-api.md) and ``a ` </a> b``.\n\n" +
			"```js\nconst u = \"https://a/\"; // [x](y.md)\n```\n\n" +
			"![logo](<my%20logo.png> \"Logo\") <https://nodejs.org/en/> www.example.com\n\n" +
			"<p><a href=\"fs.html#x\">fs</a></p>\n\n" +
			"[ref]: ./ref.md\n[héllo](https://ex.example/%C3%A9)\n"},
		// A space is not part of an IRI: its display form keeps it
		// percent-encoded.
		{"iri", Options{To: FormIRI}, strings.Replace(mdIssue, "my logo", "my%20logo", 1)},
		{"absolute", Options{To: FormURI, Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: "https://nodejs.org/api/"}}, "# fs\n\n" +
			"Use `Date.now()` and fs.open; see [addons](https://nodejs.org/api/n-api.md) and ``a ` </a> b``.\n\n" +
			"```js\nconst u = \"https://a/\"; // [x](y.md)\n```\n\n" +
			"![logo](<https://nodejs.org/api/my%20logo.png> \"Logo\") <https://nodejs.org/en/> www.example.com\n\n" +
			"<p><a href=\"https://nodejs.org/api/fs.html#x\">fs</a></p>\n\n" +
			"[ref]: https://nodejs.org/api/ref.md\n[héllo](https://ex.example/%C3%A9)\n"},
		{"relative", Options{To: FormIRI, Resolve: ResolveRelative, Options: extract.Options{BaseURL: "https://nodejs.org/api/"}},
			"# fs\n\n" +
				"Use `Date.now()` and fs.open; see [addons](n-api.md) and ``a ` </a> b``.\n\n" +
				"```js\nconst u = \"https://a/\"; // [x](y.md)\n```\n\n" +
				// An autolink cannot hold a relative reference: kept.
				"![logo](<my%20logo.png> \"Logo\") <https://nodejs.org/en/> www.example.com\n\n" +
				"<p><a href=\"fs.html#x\">fs</a></p>\n\n" +
				"[ref]: ./ref.md\n[héllo](https://ex.example/é)\n"},
	}
	for _, tt := range tests {
		transformtest.Sweep{
			Name: tt.name,
			In:   []byte(mdIssue),
			New:  func() transform.Transformer { return NewMarkdown(tt.opts) },
			Want: []byte(tt.want),
		}.Run(t)
	}
}

func TestMarkdownSpace(t *testing.T) {
	m := NewMarkdown(Options{Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: "https://h.example/d/"}})
	got, _, err := transform.String(m, "[a](<b c.md>) [x](d%20e.md)\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := "[a](<https://h.example/d/b%20c.md>) [x](https://h.example/d/d%20e.md)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if s := m.Stats(); s.Links != 2 || s.Rewritten != 2 {
		t.Errorf("stats %+v", s)
	}
}

func BenchmarkMarkdown(b *testing.B) {
	doc, err := os.ReadFile("../testdata/nodedocs/api/timers.md")
	if err != nil {
		b.Fatal(err)
	}
	m := NewMarkdown(Options{Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: "https://nodejs.org/api/timers.md"}})
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, _, err := transform.Bytes(m, doc); err != nil {
			b.Fatal(err)
		}
	}
}
