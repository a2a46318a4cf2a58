// Package hostgraph makes the host graph of a crawl, the links between
// hosts that its pages make, with the conventions of Common Crawl's host
// graph (built by cc-pyspark's ExtractHostLinksJob and cc-webgraph), so
// that relink's graph and Common Crawl's can be compared and processed
// by the same tools.
//
// # Hosts
//
// A vertex is a host name, written reversed, its labels in the opposite
// order: "www.example.com" is "com.example", "docs.example.co.uk" is
// "uk.co.example.docs". [Host] makes it from a URL as Common Crawl does:
// the URL is parsed by the URL Standard's parser (package weburl), so a
// host is in lower case and an internationalized one in its ASCII form
// ("xn--..."); a trailing dot is removed; a leading "www" label is
// removed when two labels or more remain; a host that is an IP address,
// a single label, longer than 253 bytes, or that has a label longer than
// 63 bytes or with other bytes than a-z, 0-9, "-" and "_" (or that
// begins or ends with "-" or "_") is not a vertex, and its links are not
// edges. A URL of any scheme that has a host counts, as in Common Crawl's
// graph (a mailto: or data: URL has none).
//
// # Edges
//
// An edge goes from the host of a page (its WARC-Target-URI) to the host
// of a link of the page, when the two differ. A page counts once for each
// host it links to, however many of its links go there: the weight of an
// edge is the number of pages of its source host that link to its
// target. The links that count are those a browser or a crawler follows
// or loads, as in Common Crawl's WAT files, which its graph is made
// from ([Counts]): hyperlinks (a, area, link rel=next and the like, an
// HTTP redirect's Location, a Refresh), resources (img, script, style
// sheets, media), frames and form actions. Pings (hyperlink auditing,
// never fetched), references (cite, longdesc: not loaded nor followed)
// and the base element (not a link; the links it resolves count, to
// its host) do not count, nor does a link the URL Standard's parser
// rejects.
//
// # Vertices
//
// Every page's host is a vertex, with or without links, as every host
// linked to is: Common Crawl writes a page without links to another
// host as a link to itself so that its host is a vertex, and removes
// such loops once the vertices are numbered. Here a vertex has two
// counts: the pages crawled on the host, and the hosts that link to it
// (its in-degree). Common Crawl's graph then numbers the vertices in the
// order of their names and writes the edges as pairs of numbers; the
// names sort here in the same order.
package hostgraph

import (
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/weburl"
)

// Host returns the vertex of the host of the URL href, its name reversed,
// or "" when href has no host that is a vertex.
func Host(href string) string {
	u, err := weburl.Parse(href, nil)
	if err != nil || !u.HasHost() {
		return ""
	}
	return reverse(u.Hostname())
}

// reverse returns a host name as a vertex, or "".
func reverse(h string) string {
	if len(h) < 1 || len(h) > 253 || h[0] == '[' {
		return ""
	}
	h = strings.ToLower(h) // an opaque host (not http or https) keeps its case
	h = strings.TrimSuffix(h, ".")
	if isIPv4(strings.TrimPrefix(h, "www.")) {
		return ""
	}
	n := strings.Count(h, ".") + 1
	if n < 2 {
		return ""
	}
	if n > 2 && strings.HasPrefix(h, "www.") {
		h, n = h[len("www."):], n-1
	}
	var b strings.Builder
	b.Grow(len(h))
	for end := len(h); end >= 0; {
		start := strings.LastIndexByte(h[:end], '.') + 1
		label := h[start:end]
		if !validLabel(label) {
			return ""
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(label)
		end = start - 1
	}
	return b.String()
}

// validLabel reports whether a label is 1 to 63 bytes of a-z, 0-9, "-"
// and "_", neither first nor last "-" or "_".
func validLabel(s string) bool {
	if len(s) < 1 || len(s) > 63 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case (c == '-' || c == '_') && i > 0 && i < len(s)-1:
		default:
			return false
		}
	}
	return true
}

// isIPv4 reports whether h is four dot-separated numbers of 1 to 3
// digits.
func isIPv4(h string) bool {
	parts := 0
	for p := range strings.SplitSeq(h, ".") {
		parts++
		if len(p) < 1 || len(p) > 3 || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return parts == 4
}

// Counts reports whether a link makes an edge: whether its role is one
// that counts (hyperlink, resource, frame or form) and it has a URL.
func Counts(l *extract.Link) bool {
	if l.Err != nil || l.Href == "" {
		return false
	}
	switch l.Role {
	case htmlattr.RoleHyperlink, htmlattr.RoleResource, htmlattr.RoleFrame, htmlattr.RoleForm:
		return true
	}
	return false
}

// A Page gathers the hosts that one page links to. Its zero value is
// ready; Reset starts a page, Add gives it its links, Targets returns
// the edges' targets. It holds each target once: at most as many as
// the page has links.
type Page struct {
	// Host is the vertex of the page's URL, "" if it is none (the
	// page's links then make no edge).
	Host    string
	targets map[string]struct{}
	last    string // the last target added, which the next link often repeats
}

// Reset starts a page whose URL is pageURL.
func (p *Page) Reset(pageURL string) {
	p.Host = Host(pageURL)
	clear(p.targets)
	p.last = ""
}

// Add adds the link l of the page, when it counts and goes to another
// host, and reports whether it did.
func (p *Page) Add(l *extract.Link) bool {
	if p.Host == "" || !Counts(l) {
		return false
	}
	t := Host(l.Href)
	if t == "" || t == p.Host {
		return false
	}
	if t == p.last {
		return true
	}
	if p.targets == nil {
		p.targets = make(map[string]struct{})
	}
	p.targets[t] = struct{}{}
	p.last = t
	return true
}

// Targets calls f with each host that the page links to, once, in no
// particular order.
func (p *Page) Targets(f func(to string)) {
	for t := range p.targets {
		f(t)
	}
}

// Len returns the number of hosts that the page links to.
func (p *Page) Len() int { return len(p.targets) }
