package hostgraph

import (
	"bufio"
	"cmp"
	"io"
	"slices"
	"strconv"
)

// DefaultMaxSize is the bound on a Graph's size when its MaxSize is 0:
// 256 MiB, some two million edges.
const DefaultMaxSize = 256 << 20

// entryOverhead is what an edge or a vertex counts for in a Graph's size
// besides its names: the map entry and the strings' headers.
const entryOverhead = 64

// A Graph is the host graph of some pages, held in memory: what one
// process makes of a few WARC files (relink warc --graph host). Add
// gives it a page's edges; AppendEdges and AppendVertices give it back
// as lines. A crawl's graph is made by a distributed pipeline (package
// crawlbeam), which writes the same lines.
//
// Its zero value is ready. It is not safe for concurrent use.
type Graph struct {
	// MaxSize bounds the memory the graph holds, in bytes: each edge
	// and vertex counts as its names and 64 bytes. An edge or a vertex
	// that would go past it is not added, and Dropped counts it.
	// DefaultMaxSize if 0; negative for no bound.
	MaxSize int64
	// Dropped counts the edges and vertices left out for MaxSize.
	Dropped int64

	edges    map[[2]string]int64
	vertices map[string]*vertex
	size     int64
}

type vertex struct{ pages, in int64 }

func (g *Graph) fits(n int) bool {
	max := g.MaxSize
	if max == 0 {
		max = DefaultMaxSize
	}
	if max > 0 && g.size+int64(n)+entryOverhead > max {
		g.Dropped++
		return false
	}
	g.size += int64(n) + entryOverhead
	return true
}

func (g *Graph) vertex(host string) *vertex {
	v := g.vertices[host]
	if v == nil && g.fits(len(host)) {
		if g.vertices == nil {
			g.vertices = make(map[string]*vertex)
			g.edges = make(map[[2]string]int64)
		}
		v = &vertex{}
		g.vertices[host] = v
	}
	return v
}

// Add adds a page: its host's vertex counts one more page, and each
// edge to a host it links to one more page.
func (g *Graph) Add(p *Page) {
	if p.Host == "" {
		return
	}
	if v := g.vertex(p.Host); v != nil {
		v.pages++
	}
	p.Targets(func(to string) {
		e := [2]string{p.Host, to}
		if n, ok := g.edges[e]; ok {
			g.edges[e] = n + 1
			return
		}
		if g.vertex(p.Host) == nil || !g.fits(len(p.Host)+len(to)) {
			return
		}
		t := g.vertex(to)
		if t == nil {
			return
		}
		g.edges[e] = 1
		t.in++
	})
}

// Edges returns the number of edges.
func (g *Graph) Edges() int { return len(g.edges) }

// Vertices returns the number of vertices.
func (g *Graph) Vertices() int { return len(g.vertices) }

// WriteEdges writes the edges, one line each in the order of their
// bytes (AppendEdge's), and returns the first error of w.
func (g *Graph) WriteEdges(w io.Writer) error {
	keys := make([][2]string, 0, len(g.edges))
	for e := range g.edges {
		keys = append(keys, e)
	}
	slices.SortFunc(keys, func(a, b [2]string) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
	bw := bufio.NewWriter(w)
	var line []byte
	for _, e := range keys {
		line = AppendEdge(line[:0], e[0], e[1], g.edges[e])
		bw.Write(line)
	}
	return bw.Flush()
}

// WriteVertices writes the vertices, one line each in the order of their
// names (AppendVertex's), and returns the first error of w.
func (g *Graph) WriteVertices(w io.Writer) error {
	keys := make([]string, 0, len(g.vertices))
	for h := range g.vertices {
		keys = append(keys, h)
	}
	slices.Sort(keys)
	bw := bufio.NewWriter(w)
	var line []byte
	for _, h := range keys {
		v := g.vertices[h]
		line = AppendVertex(line[:0], h, v.pages, v.in)
		bw.Write(line)
	}
	return bw.Flush()
}

// AppendEdge appends the line of an edge: its source and target hosts
// and its weight, the pages of the source that link to the target,
// separated by tabs, and a line feed. Sorted as bytes, the lines are in
// the order of source then target, since a host has no tab nor a byte
// below it.
func AppendEdge(b []byte, from, to string, pages int64) []byte {
	b = append(b, from...)
	b = append(b, '\t')
	b = append(b, to...)
	b = append(b, '\t')
	b = strconv.AppendInt(b, pages, 10)
	return append(b, '\n')
}

// AppendVertex appends the line of a vertex: its host, the pages crawled
// on it and the hosts that link to it, separated by tabs, and a line
// feed.
func AppendVertex(b []byte, host string, pages, in int64) []byte {
	b = append(b, host...)
	b = append(b, '\t')
	b = strconv.AppendInt(b, pages, 10)
	b = append(b, '\t')
	b = strconv.AppendInt(b, in, 10)
	return append(b, '\n')
}
