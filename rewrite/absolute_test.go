package rewrite

import (
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// TestResolveRelativeKeepsAbsolute checks that ResolveRelative leaves the
// links read by social networks, search engines and feed readers in their
// form: og:image, og:url, twitter:image, canonical, the hreflang
// alternates and feeds; while a refresh, a stylesheet link and an anchor
// become relative; alone and with a Map that moves the site, at every
// chunk size.
func TestResolveRelativeKeepsAbsolute(t *testing.T) {
	const head = `<meta property="og:image" content="https://ex.org/img/a.png">` +
		`<meta property="OG:URL" content="https://ex.org/docs/p.html">` +
		`<meta name="twitter:image" content="https://ex.org/img/t.png">` +
		`<meta http-equiv="refresh" content="0; url=https://ex.org/docs/q.html">` +
		`<link rel="canonical" href="https://ex.org/docs/p.html">` +
		`<link rel="alternate" hreflang="fr" href="https://ex.org/fr/docs/p.html">` +
		`<link rel="Alternate" type="application/rss+xml" href="https://ex.org/feed.xml">` +
		`<link rel="stylesheet" href="https://ex.org/docs/s.css">` +
		`<a href="https://ex.org/docs/r.html">r</a>`
	var moved PrefixMap
	if err := moved.Add("https://ex.org/docs", "https://ex.org/manual"); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		opts Options
		want string
	}{
		{"relative", Options{Resolve: ResolveRelative, Options: extract.Options{BaseURL: "https://ex.org/docs/p.html"}},
			`<meta property="og:image" content="https://ex.org/img/a.png">` +
				`<meta property="OG:URL" content="https://ex.org/docs/p.html">` +
				`<meta name="twitter:image" content="https://ex.org/img/t.png">` +
				`<meta http-equiv="refresh" content="0; url=q.html">` +
				`<link rel="canonical" href="https://ex.org/docs/p.html">` +
				`<link rel="alternate" hreflang="fr" href="https://ex.org/fr/docs/p.html">` +
				`<link rel="Alternate" type="application/rss+xml" href="https://ex.org/feed.xml">` +
				`<link rel="stylesheet" href="s.css">` +
				`<a href="r.html">r</a>`},
		{"relative and moved", Options{Resolve: ResolveRelative, Map: moved.Map, Options: extract.Options{BaseURL: "https://ex.org/docs/p.html"}},
			`<meta property="og:image" content="https://ex.org/img/a.png">` +
				`<meta property="OG:URL" content="https://ex.org/manual/p.html">` +
				`<meta name="twitter:image" content="https://ex.org/img/t.png">` +
				`<meta http-equiv="refresh" content="0; url=q.html">` +
				`<link rel="canonical" href="https://ex.org/manual/p.html">` +
				`<link rel="alternate" hreflang="fr" href="https://ex.org/fr/docs/p.html">` +
				`<link rel="Alternate" type="application/rss+xml" href="https://ex.org/feed.xml">` +
				`<link rel="stylesheet" href="s.css">` +
				`<a href="r.html">r</a>`},
	} {
		transformtest.Sweep{
			Name: tt.name,
			In:   []byte(head),
			New:  func() transform.Transformer { return NewHTML(tt.opts) },
			Want: []byte(tt.want),
		}.Run(t)
	}
	// The raw HTML of a Markdown document too.
	md := "<link rel=canonical href=\"https://ex.org/docs/p.html\">\n\n[r](https://ex.org/docs/r.html)\n"
	got, _, err := transform.String(NewMarkdown(Options{Resolve: ResolveRelative, Options: extract.Options{BaseURL: "https://ex.org/docs/p.html"}}), md)
	if want := "<link rel=canonical href=\"https://ex.org/docs/p.html\">\n\n[r](r.html)\n"; err != nil || got != want {
		t.Errorf("markdown: %v\n got %q\nwant %q", err, got, want)
	}
}
