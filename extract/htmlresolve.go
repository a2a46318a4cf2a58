package extract

import (
	"hash/maphash"
	"slices"
	"strings"
	"unsafe"

	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/internal/htmltok"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/weburl"
)

// resolution is the HTML extractor's resolution of links: the document's
// URL and base, the codebase of an object, and a cache of the links
// resolved, whose strings (and those of every Link the extractor reports)
// come from blocks of string data.
//
// conv, docURL and base are set when the charset is known (start):
// docURL is Options.BaseURL parsed, or nil; base is docURL until the first
// base element with an href (hasBase) sets it for the rest of the
// document. The cache is direct-mapped (see cacheEntry): an entry whose
// gen is not cacheGen is empty, and the valid ones were resolved against
// cacheBase by a conv of cacheKey, in this document or the last ones;
// slotRaw and slotHash are what rawString noted of the value resolve is
// next given, valid only for that value. A string that str returned is
// never written again.
type resolution struct {
	conv    *iri.Converter
	web     *weburl.Parser // resolves links in the document's charset
	docURL  *weburl.URL    // Options.BaseURL parsed, or nil
	base    *weburl.URL    // the document's base URL, or nil
	hasBase bool           // a base element with href was seen

	cache     []cacheEntry // links resolved against cacheBase, by hash of Value
	cacheGen  uint32       // the generation of the valid entries
	cacheMiss int          // misses since cache was made
	cacheBase *weburl.URL
	slotRaw   string // the Value whose hash is slotHash
	slotHash  uint64
	ubuf      []byte // a URI being resolved

	strs []byte // the block of string data of str

	// Kept from document to document: the key of the cache's entries,
	// and the last converter, for the charset named convName.
	cacheKey cacheKey
	baseGen  uint32 // counts the changes of cacheBase
	lastConv *iri.Converter
	convName string
}

// reset readies r for a new document, keeping the memory of the cache
// and of the string blocks, and the cache's entries: startResolution
// empties it unless the new document's links resolve as the last one's,
// and resolve when they resolve against another base than cacheBase
// (kept: the base element of the last document is not the next one's).
func (r *resolution) reset() {
	r.conv, r.web, r.docURL, r.base, r.hasBase = nil, nil, nil, nil, false
	r.slotRaw = ""
}

// A cacheKey is what the entries of the cache depend on besides their
// base: the charset of the queries (the conversion to URIs without a
// base, and back to IRIs) and whether IRIs are made.
type cacheKey struct {
	charset string // the Converter's; "" for one the URL Standard does not name
	noIRI   bool
}

// startResolution prepares the resolution for the charset decided. The
// cache keeps the last document's links when the new document's resolve
// the same way: against the same base (nil: no --base and no base
// element, where a tree's files share their links), in the same charset,
// IRIs made or not.
func (x *htmlExtractor) startResolution() {
	// A document in the charset of the last one has its converter (the
	// encoding is the standard's for the name).
	if x.cs.Name == "" || x.cs.Name != x.convName {
		x.lastConv = iri.NewConverter(iri.WithMode(iri.Web), iri.WithCharset(x.cs.Encoding))
		x.convName = x.cs.Name
	}
	x.conv = x.lastConv
	if key := (cacheKey{x.conv.Charset(), x.opts.NoIRI}); key.charset == "" || key != x.cacheKey {
		x.cacheGen++
		x.cacheKey = key
	}
	x.web = weburl.NewParser(x.cs.Encoding)
	if x.opts.BaseURL != "" {
		if u, err := x.web.Parse(x.opts.BaseURL, nil); err == nil {
			x.docURL, x.base = u, u
		}
	}
}

// codebase returns the URL that the codebase attribute of an object or
// applet start tag gives, or nil.
func (x *htmlExtractor) codebase(tok *htmltok.Token) *weburl.URL {
	var codebase *weburl.URL
	// codebase is the base of the element's other URLs, wherever it
	// stands among the attributes (HTML 4.01 section 13.3).
	for i := range tok.Attrs {
		a := &tok.Attrs[i]
		if !a.Dup && a.ValOff >= 0 && string(a.Name) == "codebase" {
			v := string(x.value(tok, a))
			if u, err := x.web.Parse(strings.TrimSpace(v), x.base); err == nil {
				codebase = u
			}
		}
	}
	return codebase
}

// baseFor returns the base URL that the links of an attribute of the
// start tag tok, under rule, resolve against; value is the attribute's
// decoded value, and codebase the element's (or nil). The first base
// element with an href sets the document's base.
func (x *htmlExtractor) baseFor(tok *htmltok.Token, rule htmlattr.Rule, value []byte, codebase *weburl.URL) *weburl.URL {
	base := x.base
	if rule.Role == htmlattr.RoleBase {
		// The base element's href resolves against the document's URL.
		base = x.docURL
		if string(tok.Name) == "base" && !x.hasBase {
			x.hasBase = true
			s, e := trimC0Space(value, 0, len(value))
			if u, err := x.web.Parse(string(value[s:e]), x.docURL); err == nil {
				x.base = u
			}
		}
	}
	if rule.Flags&htmlattr.FlagIgnoresBase != 0 {
		base = x.docURL
	}
	if rule.Flags&htmlattr.FlagUsesCodebase != 0 && codebase != nil {
		base = codebase
	}
	return base
}

// rawString returns b as a string: the Value of the cached result for b
// when there is one, else a copy; and notes b's slot of the cache for
// resolve.
func (x *htmlExtractor) rawString(b []byte) string {
	if x.opts.Unresolved || x.cache == nil {
		return x.str(b)
	}
	h := maphash.Bytes(cacheSeed, b)
	var raw string
	if e := &x.cache[h&uint64(len(x.cache)-1)]; e.gen == x.cacheGen && e.r.raw == string(b) {
		raw = e.r.raw
	} else {
		raw = x.str(b)
	}
	x.slotRaw, x.slotHash = raw, h
	return raw
}

// resolve sets l.Href and l.IRI from l.Value.
func (x *htmlExtractor) resolve(l *Link, base *weburl.URL) {
	if x.opts.Unresolved {
		return
	}
	// Pages repeat their links (navigation, indexes): a small cache of the
	// last base's results saves the parsing and the strings.
	if x.cache == nil {
		x.cache = make([]cacheEntry, minCacheSize)
	}
	if base != x.cacheBase {
		// Another base: the entries stay for one of the same directory
		// (the next file of a directory of a tree with --base), those
		// that resolve against it as against the last.
		if !sameDirectory(base, x.cacheBase) {
			x.cacheGen++
		}
		x.baseGen++
		x.cacheBase = base
	}
	h := x.slotHash
	if x.slotRaw != l.Value {
		h = maphash.String(cacheSeed, l.Value)
	}
	x.slotRaw = ""
	e := &x.cache[h&uint64(len(x.cache)-1)]
	if e.gen != x.cacheGen || e.r.raw != l.Value || e.baseGen != x.baseGen && !x.rebase(e) {
		uri, iri, isURI, ok := x.resolveNew(l, base)
		if !ok {
			return
		}
		if x.cacheMiss++; x.cacheMiss > len(x.cache) && len(x.cache) < maxCacheSize {
			// A document with many links: the large cache, empty.
			x.cache, x.cacheMiss = make([]cacheEntry, maxCacheSize), 0
			e = &x.cache[h&uint64(len(x.cache)-1)]
		}
		// Field by field, from the results in registers: a struct
		// returned is copied through the stack in wider moves than its
		// words were stored in, a stall on every miss.
		e.gen, e.baseGen = x.cacheGen, x.baseGen
		e.r.raw, e.r.uri, e.r.iri, e.r.isURI = l.Value, uri, iri, isURI
	}
	l.Href, l.IRI = e.r.uri, e.r.iri
	if e.r.isURI {
		l.uriHref = e.r.uri
	}
}

// resolveNew resolves l against base: its URI and IRI (its Href and its
// IRI when resolve caches them as resolved.uri and .iri), whether the URI
// is a URI as it is (resolved.isURI), and true; or false and l.Err set.
func (x *htmlExtractor) resolveNew(l *Link, base *weburl.URL) (uri, iri string, isURI, ok bool) {
	var err error
	if base != nil {
		// Into x.ubuf, then x.str: most URIs share a block.
		x.ubuf, err = x.web.AppendResolve(x.ubuf[:0], l.Value, base)
		if string(x.ubuf) == l.Value {
			uri = l.Value // absolute already
		} else {
			uri = x.str(x.ubuf)
		}
	} else if k, ok := plainRelative(l.Value); ok {
		// Most links of a tree without a base: a relative reference that
		// ToURI returns as it is and that is a URI, known from one pass.
		if x.opts.NoIRI {
			return l.Value, "", true, true
		}
		iri = l.Value
		if k&ucPct != 0 || k&ucDash != 0 && hasXN(l.Value) {
			if s, err := x.conv.ToIRI(l.Value); err == nil {
				iri = s
			}
		}
		return l.Value, iri, true, true
	} else {
		uri, err = x.conv.ToURI(l.Value)
	}
	if err != nil {
		l.Err = err
		return "", "", false, false
	}
	if x.opts.NoIRI {
		// Whether the href is a URI still, which Link.URI then need not
		// look at again for each link the cache gives.
		return uri, "", uriClean(uri) == len(uri), true
	}
	// One pass over the href tells whether ToIRI may change it and
	// whether it is a URI (for Link.URI, which need not look again).
	isURI, display := uriForms(uri)
	iri = uri
	if display {
		if s, err := x.conv.ToIRI(uri); err == nil {
			iri = s
		}
	}
	return uri, iri, isURI, true
}

// The cache of resolved links is direct-mapped: a link's slot is given by
// the hash of its value, and a new link takes the slot from the one there.
// Entries of an older generation (another base, another document) are
// empty. It starts small, for the many documents with few links, and is
// made large once it has missed more links than it has slots. Sizes are
// powers of two.
const (
	minCacheSize = 32
	maxCacheSize = 1024
)

var cacheSeed = maphash.MakeSeed()

// A cacheEntry is a slot of the cache.
type cacheEntry struct {
	gen     uint32
	baseGen uint32 // the baseGen it is valid in
	r       resolved
}

// rebase reports whether the entry e, valid for a base of the same
// directory as the current one, is valid for the current one, and then
// makes it so: whether its link is directoryOnly.
func (x *htmlExtractor) rebase(e *cacheEntry) bool {
	if !directoryOnly(e.r.raw) {
		return false
	}
	e.baseGen = x.baseGen
	return true
}

// sameDirectory reports whether a and b, base URLs, are those of two
// documents of one directory: the same but for the last segment of their
// path, their query and their fragment. A link that directoryOnly
// accepts resolves against a as against b. (Not for file URLs, whose
// first segment may be a drive letter that a path-absolute link keeps.)
func sameDirectory(a, b *weburl.URL) bool {
	if a == nil || b == nil || a.HasOpaquePath() || b.HasOpaquePath() || a.Scheme() == "file" {
		return false
	}
	da, db := directoryOf(a), directoryOf(b)
	return da != "" && da == db
}

// directoryOf returns the href of u up to the last "/" of its path, or
// "" when its path has none.
func directoryOf(u *weburl.URL) string {
	href, path := u.String(), u.Pathname()
	i := strings.LastIndexByte(path, '/')
	if i < 0 {
		return ""
	}
	// The href ends with the path, then "?" and the query, "#" and the
	// fragment, when there are.
	end := len(href)
	if f, ok := u.Fragment(); ok {
		end -= 1 + len(f)
	}
	if q, ok := u.Query(); ok {
		end -= 1 + len(q)
	}
	start := end - len(path)
	if start < 0 || href[start:end] != path {
		return ""
	}
	return href[:start+i+1]
}

// directoryOnly reports whether the link v resolves against a base URL
// the same whatever the base's last path segment, query and fragment:
// a path (relative or absolute, with its own query and fragment), a
// scheme-relative link, or a URL with a scheme and "//". Not so a link
// that is empty or a query or a fragment (after the spaces and controls
// the parser strips), nor one whose scheme, being the base's, may make
// it one ("http:?q"). The tabs and newlines that the parser removes
// wherever they are change nothing of this: those before the first
// character are stripped, and others only keep "//" from being seen.
func directoryOnly(v string) bool {
	i := 0
	for i < len(v) && v[i] <= ' ' {
		i++
	}
	if i == len(v) || v[i] == '?' || v[i] == '#' {
		return false
	}
	for ; i < len(v); i++ {
		switch v[i] {
		case '/', '?', '#':
			return true
		case ':':
			return strings.HasPrefix(v[i+1:], "//")
		}
	}
	return true
}

// resolved is a cached result of resolve; isURI reports that uri is a
// URI as it is (known only when the IRI is made).
type resolved struct {
	raw, uri, iri string
	isURI         bool
}

// str returns b as a string. A short one is copied into r.strs, a block
// of string data that grows by appending and whose written bytes are never
// written again: the strings of many links share one allocation.
func (r *resolution) str(b []byte) string {
	if len(b) == 0 || len(b) > maxPooledString {
		return string(b)
	}
	if cap(r.strs)-len(r.strs) < len(b) {
		size := stringBlock
		if r.strs == nil {
			size = firstStringBlock // a short document needs no more
		}
		r.strs = make([]byte, 0, size)
	}
	start := len(r.strs)
	r.strs = append(r.strs, b...)
	return unsafe.String(&r.strs[start], len(b))
}

// The blocks of str: a string longer than maxPooledString has its own
// allocation. (A string a caller keeps keeps its block.)
const (
	firstStringBlock = 1 << 10
	stringBlock      = 8 << 10
	maxPooledString  = 512
)

// linkAttrs holds the names of the attributes that package htmlattr has
// rules for, once each, in the table's order, but those of speculative
// links only (data-href, data-uri, onclick), which specAttrs adds: the
// tokenizer passes over the start tags that have none of them.
var linkAttrs, specAttrs = func() (link, spec []string) {
	seen := map[string]bool{}
	for _, e := range htmlattr.Rules() {
		if e.Role == htmlattr.RoleSpeculative {
			continue
		}
		if !seen[e.Attr] {
			seen[e.Attr] = true
			link = append(link, e.Attr)
		}
	}
	spec = slices.Clone(link)
	for _, e := range htmlattr.Rules() {
		if e.Role == htmlattr.RoleSpeculative && !seen[e.Attr] {
			seen[e.Attr] = true
			spec = append(spec, e.Attr)
		}
	}
	return link, spec
}()

// trimC0Space returns the span of s[start:end] less its leading and
// trailing C0 controls and spaces, which the URL parser strips (as
// htmlattr.TrimURL, on bytes and without a copy).
func trimC0Space(s []byte, start, end int) (int, int) {
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	return start, end
}

// equalFoldASCII reports whether b is s, which is lower case, with ASCII
// letters in any case.
func equalFoldASCII(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}
