package rewrite

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/weburl"
)

// The links of a site that moves (Options.Map).

// moved decides the new value of l when Options.Map moves its target or
// its document: moved is false when neither moves l, and it is left to
// the other rules; else v and ok are as decide returns them, with ok
// false for a link that cannot be written so as to reach its new target
// (it is then counted as kept by the caller).
func (r *rewriter) moved(l *extract.Link) (v string, ok, moved bool) {
	if !r.resolve(l) {
		return "", false, false // invalid: counted as such by decide
	}
	target, err := weburl.Parse(l.Href, nil)
	if err != nil {
		return "", false, false // a relative link without a base: no URL to map
	}
	newHref, mapped := r.opts.Map(l, l.Href)
	if mapped {
		u, err := weburl.Parse(newHref, nil)
		if err != nil {
			return "", false, true
		}
		mapped = u.String() != target.String()
		target = u
	}
	// A link in the text of HTML (Options.TextLinks) is absolute by
	// what it means, wherever its document is: only its target moves it.
	text := l.Tag == "" && l.Kind == 0
	base, baseMoved := r.movedBase(l.Base)
	if !mapped && (!baseMoved || text) {
		return "", false, false
	}
	if r.opts.Resolve == ResolveKeep && !text && r.reaches(base, l.Value, target) && !climbs(base, l.Value) {
		// The reference as written still reaches the target from the
		// document's new place ("fs.html" in a directory that moves
		// whole): the other rules decide its form.
		return "", false, false
	}
	ref := r.movedRef(l, base, target)
	v, ok = r.movedForm(base, ref, target)
	if !ok {
		return "", false, true
	}
	return v, v != l.Value, true
}

// climbs reports whether the path of the relative reference ref climbs
// above the root of base's path with its ".." segments: "../index.html"
// from /guide.html still requests /index.html, since the URL Standard
// stops at the root, but only by that rule (and not from a file opened
// from disk), so a document that moves to the root has it written anew.
func climbs(base *weburl.URL, ref string) bool {
	if base == nil || refKind(ref) != 3 {
		return false
	}
	if i := strings.IndexAny(ref, "?#"); i >= 0 {
		ref = ref[:i]
	}
	level := strings.Count(base.Pathname(), "/") - 1
	segs := strings.Split(strings.ReplaceAll(ref, "\\", "/"), "/")
	for i, s := range segs {
		switch {
		case s == "..":
			level--
			if level < 0 {
				return true
			}
		case s == "." || s == "" || i == len(segs)-1:
		default:
			level++
		}
	}
	return false
}

// movedBase returns the URL b becomes when the document moves (b itself
// when Options.Map leaves it), and whether it moves: Map is asked once
// for each base.
func (r *rewriter) movedBase(b *weburl.URL) (*weburl.URL, bool) {
	if b == nil {
		return nil, false
	}
	if b == r.mapFrom {
		return r.mapTo, r.mapTo != b
	}
	r.mapFrom, r.mapTo = b, b
	if s, ok := r.opts.Map(nil, b.String()); ok {
		if u, err := weburl.Parse(s, nil); err == nil && u.String() != b.String() {
			r.mapTo = u
		}
	}
	return r.mapTo, r.mapTo != b
}

// reaches reports whether the reference ref, resolved against base (or
// alone, without one) as the document's charset has it, requests target.
func (r *rewriter) reaches(base *weburl.URL, ref string, target *weburl.URL) bool {
	var got string
	var err error
	if base != nil {
		got, err = r.web.Resolve(ref, base)
	} else {
		got, err = r.conv.ToURI(ref)
	}
	return err == nil && equivalent(got, target.String())
}

// movedRef returns the reference to target to write in l's place in a
// document whose base is base: absolute or as relative as Options.Resolve
// asks, and with ResolveKeep of the kind l is written in, where it can
// be.
func (r *rewriter) movedRef(l *extract.Link, base, target *weburl.URL) string {
	abs := target.String()
	if base == nil || l.Tag == "" && l.Kind == 0 {
		return abs // no base, or a link in text
	}
	switch r.opts.Resolve {
	case ResolveAbsolute:
		return abs
	case ResolveRelative:
		if !staysAbsolute(l) {
			return weburl.Relative(base, target)
		}
	}
	kind := refKind(l.Value)
	if kind == 0 {
		return abs
	}
	rel := weburl.Relative(base, target)
	if kind == 1 && refKind(rel) == 0 && target.Scheme() == base.Scheme() {
		return abs[len(target.Scheme())+1:] // //host/path to another host
	}
	if refKind(rel) <= kind {
		if kind == 3 && strings.HasPrefix(l.Value, "./") && keepsDot(rel) {
			return "./" + rel // "./a.html" stays "./b.html"
		}
		return rel // as relative as written, or less where it cannot be so
	}
	if kind == 1 {
		return abs[len(target.Scheme())+1:] // //host/path: the same scheme
	}
	return target.Pathname() + target.Search() + target.Hash() // /path: the same origin
}

// keepsDot reports whether "./" can be put before the relative
// reference rel with no change of meaning, and without doubling a dot
// segment: rel is a path that starts with neither "." nor "/".
func keepsDot(rel string) bool {
	return rel != "" && rel[0] != '.' && rel[0] != '/' && rel[0] != '?' && rel[0] != '#'
}

// movedForm returns ref, a reference to target from base, in the form To
// asks for: its component-wise conversion, else the URL Standard's form,
// else the target's absolute URL in that form; each checked to reach
// target from base.
func (r *rewriter) movedForm(base *weburl.URL, ref string, target *weburl.URL) (string, bool) {
	for _, c := range [...]func() (string, error){
		func() (string, error) { return r.convert(r.leiri, ref) },
		func() (string, error) { return r.convert(r.conv, ref) },
		func() (string, error) { return r.convert(r.conv, target.String()) },
	} {
		if s, err := c(); err == nil && !r.charsetQuery(s) && r.reaches(base, s, target) {
			return s, true
		}
	}
	if r.reaches(base, target.String(), target) {
		return target.String(), true
	}
	return "", false
}

// A PrefixMap moves the URLs of a site: each URL that is one of its old
// prefixes, or lies below it (followed by "/", "?" or "#"), moves to the
// prefix's new one, the longest old prefix winning; and each URL whose
// path is one of its old pages (AddExact) moves to that page's new URL.
// An exact page is as long as its path: it wins over every prefix that
// matches the same URL, since none is longer, and so at equal length
// exact beats prefix. Its Map method is an Options.Map. The zero
// PrefixMap moves nothing.
//
// Map looks up each prefix of the URL that ends at a "/" of its path, or
// at its path's end, in a hash table: its cost is in the length of the
// URL, not in the number of moves.
type PrefixMap struct {
	prefix map[string]string // old prefix, without a final "/", to its new one
	exact  map[string]string // old page, without a final "/", to its new URL
}

// Add moves the URLs at or below old to new. Both are absolute URLs
// without a query or a fragment; each is compared as the URL Standard
// writes it (lower-case host, punycode, percent-encoding), without a
// final "/". It is an error to add an old prefix twice.
func (m *PrefixMap) Add(old, new string) error {
	o, err := movePrefix("old", old)
	if err != nil {
		return err
	}
	n, err := movePrefix("new", new)
	if err != nil {
		return err
	}
	if _, ok := m.prefix[o]; ok {
		return fmt.Errorf("rewrite: old prefix %s is mapped twice", o)
	}
	if m.prefix == nil {
		m.prefix = map[string]string{}
	}
	m.prefix[o] = n
	return nil
}

// AddExact moves the page old, and only it, to new: a URL whose path is
// old's (a final "/" aside) moves to new, its query and fragment kept,
// but for a fragment of new's own, which replaces the URL's as an HTTP
// redirect's Location does. old is an absolute URL without a query or a
// fragment, compared as Add compares it; new is an absolute URL without
// a query, written as the URL Standard writes it, its final "/" kept. It is an error to add an old page twice; the same URL may be an
// old prefix too (the page then goes where AddExact says, the URLs below
// it where Add says).
func (m *PrefixMap) AddExact(old, new string) error {
	o, err := movePrefix("old", old)
	if err != nil {
		return err
	}
	n, err := movePage(new)
	if err != nil {
		return err
	}
	if _, ok := m.exact[o]; ok {
		return fmt.Errorf("rewrite: old page %s is mapped twice", o)
	}
	if m.exact == nil {
		m.exact = map[string]string{}
	}
	m.exact[o] = n
	return nil
}

// movePage returns the URL s, the new URL of a page, as Map writes it:
// the URL Standard's href, a final "/" kept (as a redirect's Location
// is, so is the new URL).
func movePage(s string) (string, error) {
	u, err := weburl.Parse(s, nil)
	if err != nil {
		cause := err
		if c := errors.Unwrap(err); c != nil {
			cause = c
		}
		return "", fmt.Errorf("rewrite: new page %s: not an absolute URL: %v", strconv.Quote(s), cause)
	}
	if _, ok := u.Query(); ok {
		return "", fmt.Errorf("rewrite: new page %s has a query: the query of each link is kept", strconv.Quote(s))
	}
	return u.String(), nil
}

// movePrefix returns the URL prefix s as Map matches it: the URL
// Standard's href, less a final "/"; which names it in errors.
func movePrefix(which, s string) (string, error) {
	u, err := weburl.Parse(s, nil)
	if err != nil {
		cause := err
		if c := errors.Unwrap(err); c != nil {
			cause = c // the reason, without the input this message quotes
		}
		return "", fmt.Errorf("rewrite: %s prefix %s: not an absolute URL: %v", which, strconv.Quote(s), cause)
	}
	if _, ok := u.Query(); ok {
		return "", fmt.Errorf("rewrite: %s prefix %s has a query: a prefix is a directory or a document", which, strconv.Quote(s))
	}
	if _, ok := u.Fragment(); ok {
		return "", fmt.Errorf("rewrite: %s prefix %s has a fragment: a prefix is a directory or a document", which, strconv.Quote(s))
	}
	return strings.TrimSuffix(u.String(), "/"), nil
}

// Map returns href moved by the longest old prefix that is href itself
// or is followed in it by "/", "?" or "#", or by the old page that is
// href's path (a final "/" aside), and true; or "" and false when none
// matches. It has the signature of Options.Map; the link is not used.
func (m *PrefixMap) Map(_ *extract.Link, href string) (string, bool) {
	if len(m.prefix) == 0 && len(m.exact) == 0 {
		return "", false
	}
	end := strings.IndexAny(href, "?#")
	if end < 0 {
		end = len(href)
	}
	if n, ok := m.exact[strings.TrimSuffix(href[:end], "/")]; ok {
		rest := href[end:]
		if i := strings.IndexByte(n, '#'); i >= 0 {
			// The new page's fragment replaces the link's.
			if j := strings.IndexByte(rest, '#'); j >= 0 {
				rest = rest[:j]
			}
			return n[:i] + rest + n[i:], true
		}
		return n + rest, true
	}
	if len(m.prefix) == 0 {
		return "", false
	}
	for i := end; i >= 0; i = strings.LastIndexByte(href[:i], '/') {
		if n, ok := m.prefix[href[:i]]; ok {
			return n + href[i:], true
		}
	}
	return "", false
}
