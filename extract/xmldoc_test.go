package extract

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/text/transform"

	"github.com/relink-go/relink/internal/transformtest"
)

// xmlLinks returns the links of the XML document doc as lines "TAG ATTR
// ROLE VALUE HREF RAW", RAW being the bytes of the span.
func xmlLinks(t *testing.T, doc []byte, opts Options) []string {
	t.Helper()
	var got []string
	err := NewXML(opts, func(l *Link) error {
		got = append(got, fmt.Sprintf("%s %s %s %s %s %s", l.Tag, l.Attr, strings.ToLower(l.Role.String()), l.Value, l.Href, doc[l.Start:l.End]))
		return nil
	}).Feed(doc, true)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestXML(t *testing.T) {
	tests := []struct {
		file string
		base string
		want []string
	}{
		{"sitemap.xml", "", []string{
			"loc  hyperlink https://ex.org/a https://ex.org/a https://ex.org/a",
			"xhtml:link href hyperlink https://ex.org/de/a?x=1&y=2 https://ex.org/de/a?x=1&y=2 https://ex.org/de/a?x=1&amp;y=2",
			"image:loc  resource https://ex.org/i.png https://ex.org/i.png https://ex.org/i.png",
			"loc  hyperlink https://ex.org/b&c https://ex.org/b&c https://ex.org/b&amp;c",
		}},
		{"feed.rss", "", []string{
			"link  hyperlink https://ex.org/ https://ex.org/ https://ex.org/",
			"atom:link href hyperlink https://ex.org/feed.rss https://ex.org/feed.rss https://ex.org/feed.rss",
			"url  resource https://ex.org/logo.png https://ex.org/logo.png https://ex.org/logo.png",
			"link  hyperlink https://ex.org/ https://ex.org/ https://ex.org/",
			"link  hyperlink https://ex.org/café/1 https://ex.org/caf%C3%A9/1 https://ex.org/caf\xe9/1",
			"comments  hyperlink https://ex.org/1#comments https://ex.org/1#comments https://ex.org/1#comments",
			"enclosure url resource https://ex.org/1.mp3 https://ex.org/1.mp3 https://ex.org/1.mp3",
			"media:thumbnail url resource https://ex.org/1.jpg https://ex.org/1.jpg https://ex.org/1.jpg",
			"guid  hyperlink https://ex.org/2 https://ex.org/2 https://ex.org/2",
		}},
		{"feed.atom", "https://ex.org/feed.atom", []string{
			"feed xml:base base https://ex.org/blog/ https://ex.org/blog/ https://ex.org/blog/",
			"link href hyperlink /blog/ https://ex.org/blog/ /blog/",
			"link href hyperlink feed.atom https://ex.org/blog/feed.atom feed.atom",
			"entry xml:base base 2026/ https://ex.org/blog/2026/ 2026/",
			"link href hyperlink post.html https://ex.org/blog/2026/post.html post.html",
			"link href resource talk.mp3 https://ex.org/blog/2026/talk.mp3 talk.mp3",
			"uri  hyperlink ../about.html https://ex.org/blog/about.html ../about.html",
			"content src hyperlink post.txt https://ex.org/blog/2026/post.txt post.txt",
		}},
	}
	for _, tt := range tests {
		doc, err := os.ReadFile("testdata/xml/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		got := xmlLinks(t, doc, Options{BaseURL: tt.base})
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n%s\nwant:\n%s", tt.file, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

// TestXMLEdges checks what is not a link, and odd but well-formed XML.
func TestXMLEdges(t *testing.T) {
	tests := []struct{ doc, want string }{
		{"<urlset><url><loc>a</loc></url></urlset>", "a"},
		{"<urlset><url><loc></loc></url></urlset>", ""},
		{"<urlset><url><loc>  </loc></url></urlset>", ""},
		{"<urlset><url><loc>a<![CDATA[b]]></loc></url></urlset>", ""},
		{"<urlset><url><loc><x>a</x></loc></url></urlset>", ""},
		{"<urlset><!-- <loc>no</loc> --><url><loc>yes</loc></url></urlset>", "yes"},
		{"<!DOCTYPE urlset [<!ENTITY x 'y'>]><urlset><loc>a&lt;b</loc></urlset>", "a<b"},
		{"<rss><channel><item><guid isPermaLink='false'>x</guid><guid isPermaLink=\"true\">y</guid></item></channel></rss>", "y"},
		{"<urlset><loc>a</loc", ""},
		{"<urlset><loc>a", ""},
		{"<urlset><loc a='1' b>x</loc></urlset>", "x"},
		{"<feed><link href='a' rel='alternate' /><link/></feed>", "a"},
	}
	for _, tt := range tests {
		var got []string
		err := NewXML(Options{Unresolved: true}, func(l *Link) error {
			got = append(got, l.Value)
			return nil
		}).Feed([]byte(tt.doc), true)
		if err != nil || strings.Join(got, ",") != tt.want {
			t.Errorf("%q: %q, %v; want %q", tt.doc, got, err, tt.want)
		}
	}
}

// TestXMLSweep checks that the links and the bytes are the same at every
// chunk size.
func TestXMLSweep(t *testing.T) {
	doc, err := os.ReadFile("testdata/xml/feed.atom")
	if err != nil {
		t.Fatal(err)
	}
	want := xmlLinks(t, doc, Options{BaseURL: "https://ex.org/"})
	var got []string
	transformtest.Sweep{
		Name: "feed.atom",
		In:   doc,
		New: func() transform.Transformer {
			got = nil
			return NewXML(Options{BaseURL: "https://ex.org/"}, func(l *Link) error {
				got = append(got, fmt.Sprintf("%s %s %s %s %s %s", l.Tag, l.Attr, strings.ToLower(l.Role.String()), l.Value, l.Href, doc[l.Start:l.End]))
				return nil
			})
		},
		Want: doc,
		Check: func([]byte) error {
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				return fmt.Errorf("links %q, want %q", got, want)
			}
			return nil
		},
	}.Run(t)
}

func TestXMLType(t *testing.T) {
	tests := []struct {
		name, head string
		want       Type
	}{
		{"sitemap.xml", "", TypeXML},
		{"docs/sitemap-index.xml", "", TypeXML},
		{"Sitemap_1.XML", "", TypeXML},
		{"feed.xml", "", TypeXML},
		{"blog/index.xml", "", TypeXML},
		{"news.rss", "", TypeXML},
		{"x.atom", "", TypeXML},
		{"pom.xml", "<project>", TypeText},
		{"other.xml", "<?xml version='1.0'?>\n<!-- c -->\n<urlset xmlns='x'>", TypeXML},
		{"", "\xef\xbb\xbf<rss version='2.0'>", TypeXML},
		{"", "<atom:feed xmlns:atom='x'>", TypeXML},
		{"", "<?xml version='1.0'?><html>", TypeHTML},
		{"", "<!DOCTYPE rss [<!ENTITY a 'b'>]><rss>", TypeXML},
	}
	for _, tt := range tests {
		if got := TypeOf(tt.name, []byte(tt.head)); got != tt.want {
			t.Errorf("TypeOf(%q, %q) = %v, want %v", tt.name, tt.head, got, tt.want)
		}
	}
	if TypeByName("pom.xml") != 0 {
		t.Error("TypeByName(pom.xml) is not 0")
	}
	if typ, err := ParseType("xml"); typ != TypeXML || err != nil || TypeXML.String() != "xml" {
		t.Errorf("ParseType(xml) = %v, %v", typ, err)
	}
}

func FuzzXML(f *testing.F) {
	for _, name := range []string{"sitemap.xml", "feed.rss", "feed.atom"} {
		b, err := os.ReadFile("testdata/xml/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("<urlset><loc><![CDATA[a]]></loc><loc a='&amp;'>")
	f.Fuzz(func(t *testing.T, s string) {
		in := []byte(s)
		err := NewXML(Options{BaseURL: "https://ex.org/"}, func(l *Link) error {
			if l.Start < 0 || l.End < l.Start || l.End > int64(len(in)) {
				t.Fatalf("span [%d,%d) of %d bytes", l.Start, l.End, len(in))
			}
			if l.Line != 1+bytes.Count(in[:l.Start], []byte("\n")) {
				t.Fatalf("line %d at offset %d", l.Line, l.Start)
			}
			if l.Attr == "" && bytes.ContainsAny(in[l.Start:l.End], "<") && !bytes.Contains(in[max(0, l.Start-9):l.Start], []byte("CDATA[")) {
				t.Fatalf("span %q holds markup", in[l.Start:l.End])
			}
			return nil
		}).Feed(in, true)
		if err != nil && !strings.Contains(err.Error(), "UTF-16") {
			t.Fatalf("error %v", err)
		}
	})
}
