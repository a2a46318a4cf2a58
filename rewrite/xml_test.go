package rewrite

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/transform"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
)

func TestXML(t *testing.T) {
	var m PrefixMap
	if err := m.Add("https://ex.org/", "https://new.example/site/"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		opts    Options
		in, out string
		stats   Stats
	}{
		{"sitemap moved", Options{Map: m.Map},
			`<?xml version="1.0"?>
<urlset xmlns:xhtml="http://www.w3.org/1999/xhtml"><url>
  <loc> https://ex.org/a?x=1&amp;y=2 </loc>
  <xhtml:link rel="alternate" hreflang="de" href='https://ex.org/de/a?q="1"'/>
  <image:image><image:loc><![CDATA[https://ex.org/i.png?a&b]]></image:loc></image:image>
  <loc>https://other.example/</loc>
</url></urlset>
`,
			`<?xml version="1.0"?>
<urlset xmlns:xhtml="http://www.w3.org/1999/xhtml"><url>
  <loc> https://new.example/site/a?x=1&amp;y=2 </loc>
  <xhtml:link rel="alternate" hreflang="de" href='https://new.example/site/de/a?q=%221%22'/>
  <image:image><image:loc><![CDATA[https://new.example/site/i.png?a&b]]></image:loc></image:image>
  <loc>https://other.example/</loc>
</url></urlset>
`, Stats{Links: 4, Rewritten: 3}},
		{"feed relative", Options{Resolve: ResolveRelative, Options: extract.Options{BaseURL: "https://ex.org/blog/feed.atom"}},
			`<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://ex.org/blog/post.html"/><entry><link href="https://other.example/x"/></entry></feed>`,
			`<feed xmlns="http://www.w3.org/2005/Atom"><link href="post.html"/><entry><link href="https://other.example/x"/></entry></feed>`,
			Stats{Links: 2, Rewritten: 1}},
		{"nothing to do", Options{Map: m.Map}, "<rss><channel><link>https://x.example/</link></channel></rss>",
			"<rss><channel><link>https://x.example/</link></channel></rss>", Stats{Links: 1}},
	}
	for _, tt := range tests {
		var r *XML
		transformtest.Sweep{
			Name: tt.name,
			In:   []byte(tt.in),
			New: func() transform.Transformer {
				r = NewXML(tt.opts)
				return r
			},
			Want: []byte(tt.out),
			Check: func([]byte) error {
				if s := r.Stats(); s != tt.stats {
					return fmt.Errorf("stats %+v, want %+v", s, tt.stats)
				}
				return nil
			},
		}.Run(t)
	}
}

// TestXMLCDATAEnd checks that a new value cannot end its CDATA
// section: a ">" of a URL is written percent-encoded, and a value that
// would still hold "]]>" is left as it was.
func TestXMLCDATAEnd(t *testing.T) {
	in := "<urlset><loc><![CDATA[https://ex.org/a]]></loc></urlset>"
	r := NewXML(Options{Map: func(_ *extract.Link, href string) (string, bool) {
		return "https://new.example/a]]>b", true
	}})
	out, _, err := transform.String(r, in)
	if err != nil || strings.Count(out, "]]>") != 1 || out != "<urlset><loc><![CDATA[https://new.example/a]]%3Eb]]></loc></urlset>" {
		t.Errorf("%q, %v", out, err)
	}
}
