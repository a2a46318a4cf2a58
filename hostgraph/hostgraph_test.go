package hostgraph

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
)

func TestHost(t *testing.T) {
	for _, tt := range []struct{ href, want string }{
		{"http://www.example.com/a", "com.example"},
		{"https://WWW.Example.COM./", "com.example"},
		{"http://docs.example.co.uk/x", "uk.co.example.docs"},
		{"http://www.com/", "com.www"}, // two labels are kept
		{"http://www.www.example.org/", "org.example.www"},
		{"http://example/", ""},      // one label
		{"http://192.168.0.1/", ""},  // IPv4
		{"http://www.10.0.0.1/", ""}, // IPv4 behind www
		{"http://0x7f.1/", ""},       // IPv4 as the URL Standard reads it
		{"http://[::1]/", ""},        // IPv6
		{"http://bücher.example/", "example.xn--bcher-kva"},
		{"http://a_b.example/", "example.a_b"},
		{"http://-a.example/", ""},
		{"http://a-.example/", ""},
		{"http://" + strings.Repeat("a", 64) + ".example/", ""},
		{"http://" + strings.Repeat("a", 63) + ".example/", "example." + strings.Repeat("a", 63)},
		{"ftp://Files.Example.net/pub", "net.example.files"},
		{"mailto:someone@example.com", ""},
		{"data:text/plain,x", ""},
		{"file:///etc/passwd", ""},
		{"/relative", ""},
		{"http://exa mple.com/", ""}, // the parser rejects it
		{"http://ex%41mple.com/", "com.example"},
	} {
		if got := Host(tt.href); got != tt.want {
			t.Errorf("Host(%q) = %q, want %q", tt.href, got, tt.want)
		}
	}
}

func TestCounts(t *testing.T) {
	for _, tt := range []struct {
		role htmlattr.Role
		want bool
	}{
		{htmlattr.RoleHyperlink, true}, {htmlattr.RoleResource, true}, {htmlattr.RoleFrame, true},
		{htmlattr.RoleForm, true}, {htmlattr.RolePing, false}, {htmlattr.RoleReference, false},
		{htmlattr.RoleBase, false}, {0, false},
	} {
		if got := Counts(&extract.Link{Role: tt.role, Href: "http://a.example/"}); got != tt.want {
			t.Errorf("Counts(%v) = %v", tt.role, got)
		}
	}
	if Counts(&extract.Link{Role: htmlattr.RoleHyperlink, Href: "", Err: errors.New("bad")}) {
		t.Error("a link without URL counts")
	}
}

// TestGraph: links counted once per page, loops left out, every page's
// host a vertex, and the lines.
func TestGraph(t *testing.T) {
	type page struct {
		url   string
		links []string // role hyperlink, "ping:" for a ping
	}
	pages := []page{
		{"http://www.a.example/1", []string{"http://b.example/x", "http://b.example/y", "https://www.b.example/z", "http://a.example/self", "ping:http://c.example/"}},
		{"http://a.example/2", []string{"http://b.example/", "http://c.example/", "http://10.0.0.1/"}},
		{"http://c.example/", nil},
		{"http://d/", []string{"http://b.example/"}}, // not a vertex: no edges
	}
	var g Graph
	var p Page
	for _, pg := range pages {
		p.Reset(pg.url)
		for _, h := range pg.links {
			l := extract.Link{Role: htmlattr.RoleHyperlink, Href: h}
			if rest, ok := strings.CutPrefix(h, "ping:"); ok {
				l.Role, l.Href = htmlattr.RolePing, rest
			}
			p.Add(&l)
		}
		g.Add(&p)
	}
	var edges, vertices bytes.Buffer
	g.WriteEdges(&edges)
	g.WriteVertices(&vertices)
	wantE := "example.a\texample.b\t2\nexample.a\texample.c\t1\n"
	wantV := "example.a\t2\t0\nexample.b\t0\t1\nexample.c\t1\t1\n"
	if edges.String() != wantE {
		t.Errorf("edges:\n%s\nwant\n%s", edges.String(), wantE)
	}
	if vertices.String() != wantV {
		t.Errorf("vertices:\n%s\nwant\n%s", vertices.String(), wantV)
	}

	// Past MaxSize, edges and vertices are dropped and counted.
	small := Graph{MaxSize: 2 * (entryOverhead + 9)}
	p.Reset("http://a.example/")
	for _, h := range []string{"http://b.example/", "http://c.example/", "http://d.example/"} {
		p.Add(&extract.Link{Role: htmlattr.RoleHyperlink, Href: h})
	}
	small.Add(&p)
	if small.Vertices() > 2 || small.Dropped == 0 {
		t.Errorf("%d vertices, %d dropped: MaxSize not kept", small.Vertices(), small.Dropped)
	}
}

func FuzzHost(f *testing.F) {
	f.Add("http://www.example.com/")
	f.Add("http://xn--bcher-kva.example./")
	f.Fuzz(func(t *testing.T, href string) {
		h := Host(href)
		if h == "" {
			return
		}
		if len(h) > 253 || !strings.Contains(h, ".") || h != strings.ToLower(h) {
			t.Fatalf("Host(%q) = %q", href, h)
		}
		for label := range strings.SplitSeq(h, ".") {
			if !validLabel(label) {
				t.Fatalf("Host(%q) = %q: label %q", href, h, label)
			}
		}
	})
}
