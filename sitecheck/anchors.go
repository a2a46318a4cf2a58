package sitecheck

import (
	"bytes"
	"container/list"
	"strings"

	"golang.org/x/net/html"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/markdown"
)

// An anchorSet is the anchors of one document: the fragments that name
// a place in it.
type anchorSet map[string]struct{}

// cost is what a set counts for against Options.MaxAnchorBytes: the bytes
// of its names and about the memory of a map entry for each.
func (a anchorSet) cost(path string) int64 {
	n := int64(len(path) + 128)
	for id := range a {
		n += int64(len(id)) + 48
	}
	return n
}

// htmlAnchors adds to set the anchors of the HTML document src: the id
// of every element and the name of every a element, decoded to UTF-8
// from the document's charset (found as a browser finds it), character
// references decoded.
func htmlAnchors(src []byte, set anchorSet) {
	cs := charset.Detect(charset.HTML, src[:min(len(src), charset.HeadLimit)], "", "")
	if cs.Name != "utf-8" && cs.Encoding != nil {
		if dec, err := cs.Encoding.NewDecoder().Bytes(src); err == nil {
			src = dec
		}
	}
	tagAnchors(src, set)
}

// tagAnchors adds to set the ids and a names of the tags of src, UTF-8.
func tagAnchors(src []byte, set anchorSet) {
	z := html.NewTokenizer(bytes.NewReader(src))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, more := z.TagName()
		isA := string(name) == "a"
		for more {
			var k, v []byte
			k, v, more = z.TagAttr()
			if string(k) == "id" || isA && string(k) == "name" {
				if len(v) > 0 {
					set[string(v)] = struct{}{}
				}
			}
		}
	}
}

// markdownAnchors adds to set the anchors of the Markdown document src:
// the slug of each heading in dialect s, or the id its trailing
// attribute list gives ({#id}), and the anchors of its raw HTML.
func markdownAnchors(src []byte, s Slug, set anchorSet) {
	doc := markdown.Parse(src)
	g := NewSlugger(s)
	for _, h := range doc.Headings {
		rest, id := HeadingID(h.Text)
		if id != "" {
			g.Add(id)
			set[id] = struct{}{}
			continue
		}
		set[g.Next(HeadingText(rest))] = struct{}{}
	}
	var b []byte
	for _, h := range doc.HTML {
		b = b[:0]
		for _, sp := range h.Segments {
			b = append(b, src[sp.Start:sp.End]...)
		}
		tagAnchors(b, set)
	}
}

// has reports whether the fragment frag (as in an href: percent-encoded)
// names an anchor of set, as HTML finds a fragment's target: as written,
// then percent-decoded as UTF-8. An empty fragment and "top" (in any
// case) name the top of any HTML document.
func (a anchorSet) has(frag string, isHTML bool) bool {
	if frag == "" || isHTML && strings.EqualFold(frag, "top") {
		return true
	}
	if _, ok := a[frag]; ok {
		return true
	}
	if d, ok := percentDecode(frag); ok {
		if _, ok := a[d]; ok {
			return true
		}
		if isHTML && strings.EqualFold(d, "top") {
			return true
		}
	}
	return false
}

// percentDecode decodes the %XX of s; false when s has none.
func percentDecode(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String(), true
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// An anchorCache holds the anchor sets of the documents read, the least
// recently used dropped first once they cost more than max.
type anchorCache struct {
	max, cost int64
	lru       *list.List // of *cached, most recent first
	byPath    map[string]*list.Element
}

type cached struct {
	path string
	set  anchorSet
	cost int64
}

func newAnchorCache(max int64) *anchorCache {
	return &anchorCache{max: max, lru: list.New(), byPath: map[string]*list.Element{}}
}

func (c *anchorCache) get(path string) (anchorSet, bool) {
	e, ok := c.byPath[path]
	if !ok {
		return nil, false
	}
	c.lru.MoveToFront(e)
	return e.Value.(*cached).set, true
}

// put adds the set of path. A set that alone costs more than max is not
// held.
func (c *anchorCache) put(path string, set anchorSet) {
	n := set.cost(path)
	if n > c.max {
		return
	}
	c.byPath[path] = c.lru.PushFront(&cached{path, set, n})
	c.cost += n
	for c.cost > c.max {
		e := c.lru.Back()
		v := e.Value.(*cached)
		c.lru.Remove(e)
		delete(c.byPath, v.path)
		c.cost -= v.cost
	}
}
