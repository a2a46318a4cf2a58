package hostgraph_test

import (
	"fmt"
	"os"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/hostgraph"
	"github.com/relink-go/relink/htmlattr"
)

func ExampleHost() {
	fmt.Println(hostgraph.Host("https://www.example.co.uk/page"))
	fmt.Println(hostgraph.Host("http://Bücher.example/"))
	fmt.Printf("%q\n", hostgraph.Host("http://192.0.2.1/"))
	// Output:
	// uk.co.example
	// example.xn--bcher-kva
	// ""
}

// Two pages of one host: the first links twice to b.example and once
// to itself, the second once to b.example and pings c.example.
func ExampleGraph() {
	var g hostgraph.Graph
	var p hostgraph.Page
	pages := []struct {
		url   string
		links []extract.Link
	}{
		{"http://a.example/1", []extract.Link{
			{Role: htmlattr.RoleHyperlink, Href: "http://b.example/x"},
			{Role: htmlattr.RoleResource, Href: "http://b.example/y.png"},
			{Role: htmlattr.RoleHyperlink, Href: "http://a.example/2"},
		}},
		{"http://www.a.example/2", []extract.Link{
			{Role: htmlattr.RoleHyperlink, Href: "https://b.example/"},
			{Role: htmlattr.RolePing, Href: "https://c.example/"},
		}},
	}
	for _, pg := range pages {
		p.Reset(pg.url)
		for i := range pg.links {
			p.Add(&pg.links[i])
		}
		g.Add(&p)
	}
	g.WriteEdges(os.Stdout)
	g.WriteVertices(os.Stdout)
	// Output:
	// example.a	example.b	2
	// example.a	2	0
	// example.b	0	1
}
