package sitecheck

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/weburl"
)

// DefaultBaseURL is the URL a tree is taken to be served at when
// Options.BaseURL is empty: a name that is no one's (RFC 6761), so that
// every absolute link is external and "/x" is the root's x.
const DefaultBaseURL = "https://site.invalid/"

// Defaults of Options.
const (
	DefaultMaxAnchorBytes = 32 << 20
	DefaultMaxFileSize    = 64 << 20
)

// Options configure a Checker. The zero value checks a tree served at
// DefaultBaseURL, with index.html for a directory, GitHub's slugs.
type Options struct {
	// BaseURL is the URL the tree's root is served at ("https://ex.org/docs/").
	// A link resolving to the same origin (scheme, host and port) is
	// internal, and must reach a file of the tree; one to another
	// origin, or of another scheme (mailto:, data:), is external.
	// Default DefaultBaseURL.
	BaseURL string
	// Index are the names of the file a directory's URL serves, tried in
	// order ("index.html" when nil).
	Index []string
	// PrettyURLs serves x.html for the URL path x when there is no file
	// x, as servers configured for "pretty" (extensionless) URLs do.
	PrettyURLs bool
	// MarkdownPages takes the tree for the Markdown sources of a site
	// rendered to HTML: the URL path x.html, when there is no file
	// x.html, reaches x.md (and its anchors are the Markdown's).
	MarkdownPages bool
	// Slug is the dialect of the heading ids of Markdown documents.
	// Default SlugGitHub.
	Slug Slug
	// MaxAnchorBytes bounds the memory the anchors of target documents
	// are held in, each set read once and kept for the next link to the
	// same document: past the bound the sets least recently used are
	// dropped (and read again when needed). Default
	// DefaultMaxAnchorBytes.
	MaxAnchorBytes int64
	// MaxFileSize bounds the size of a target read for its anchors: the
	// fragments of links to a larger one are not checked (Unchecked).
	// Default DefaultMaxFileSize.
	MaxFileSize int64
	// Keep, when not nil, chooses the links checked: a link for which
	// it returns false is neither checked nor reported.
	Keep func(file string, l *extract.Link) bool
	// Extract configures the extractor of the documents checked; its
	// BaseURL is set for each file from BaseURL.
	Extract extract.Options
}

// A Status is what checking a link found.
type Status uint8

const (
	// OK is an internal link that reaches a file of the tree (and its
	// fragment an anchor of it).
	OK Status = iota
	// External is a link out of the site: another origin or scheme. It
	// is not checked.
	External
	// Unchecked is an internal link whose file exists, with a fragment
	// that cannot be checked: the target is neither HTML nor Markdown,
	// or is larger than Options.MaxFileSize.
	Unchecked
	// MissingFile is an internal link to no file of the tree.
	MissingFile
	// MissingAnchor is an internal link to a file of the tree without
	// the anchor its fragment names.
	MissingAnchor
	// OutsideTree is a link to the site's origin but outside the path the
	// tree is served at.
	OutsideTree
	// Invalid is a link the URL Standard's parser rejects.
	Invalid
)

var statusNames = [...]string{"ok", "external", "unchecked", "missing file", "missing anchor", "outside the tree", "invalid URL"}

// String returns the status as a reason: "missing file", "missing
// anchor", "outside the tree", "invalid URL"; "ok", "external",
// "unchecked".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", s)
}

// Broken reports whether s is a broken link's: MissingFile,
// MissingAnchor, OutsideTree or Invalid.
func (s Status) Broken() bool { return s >= MissingFile }

// A Result is one link checked.
type Result struct {
	// File is the document holding the link, a slash-separated path
	// below the tree's root.
	File string
	// Link is the link, with its value, href and place (Start, End,
	// Line, Column). It is valid only during the call it is given to.
	Link   *extract.Link
	Status Status
	// Target is the file an internal link reaches (slash-separated, below
	// the root), or for MissingFile the path it names; "" for the others.
	Target string
}

// A Checker checks the links of the documents of a tree of files, as the
// tree would be served. It is not safe for concurrent use.
type Checker struct {
	root  string
	opts  Options
	base  *weburl.URL
	bpath string // base's path, ending in "/"
	cache *anchorCache
	stat  map[string]fileKind // cleaned slash path -> what it is
	br    *bufio.Reader
}

type fileKind uint8

const (
	noFile fileKind = iota
	regular
	directory
)

// New returns a Checker of the tree whose root is the directory root.
func New(root string, opts Options) (*Checker, error) {
	if opts.BaseURL == "" {
		opts.BaseURL = DefaultBaseURL
	}
	if !strings.HasSuffix(opts.BaseURL, "/") {
		opts.BaseURL += "/"
	}
	base, err := weburl.Parse(opts.BaseURL, nil)
	if err != nil {
		return nil, fmt.Errorf("sitecheck: invalid base URL %q: %w", opts.BaseURL, err)
	}
	if _, ok := base.Query(); ok {
		return nil, fmt.Errorf("sitecheck: base URL %q has a query", opts.BaseURL)
	}
	if opts.Index == nil {
		opts.Index = []string{"index.html"}
	}
	if opts.Slug == 0 {
		opts.Slug = SlugGitHub
	}
	if opts.MaxAnchorBytes <= 0 {
		opts.MaxAnchorBytes = DefaultMaxAnchorBytes
	}
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = DefaultMaxFileSize
	}
	info, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("sitecheck: %s is not a directory", root)
	}
	return &Checker{root: root, opts: opts, base: base, bpath: base.Pathname(),
		cache: newAnchorCache(opts.MaxAnchorBytes), stat: map[string]fileKind{}}, nil
}

// Check checks every document of the tree, in lexical order: the files
// whose type extract.TypeByName knows, but for hidden ones (a name
// starting with ".") and what is below a hidden directory. It calls fn
// for each link; an error fn returns stops the walk and is returned.
// A file that cannot be read is an error returned at the end, after the
// other files are checked.
func (c *Checker) Check(fn func(*Result) error) error {
	var errs []error
	err := filepath.WalkDir(c.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		if p != c.root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || extract.TypeByName(d.Name()) == 0 {
			return nil
		}
		rel, _ := filepath.Rel(c.root, p)
		err = c.CheckFile(filepath.ToSlash(rel), fn)
		var fe *fnError
		if errors.As(err, &fe) {
			return fe.err
		}
		if err != nil {
			errs = append(errs, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return errors.Join(errs...)
}

// fnError wraps an error of the link function, to tell it from one of
// the document.
type fnError struct{ err error }

func (e *fnError) Error() string { return e.err.Error() }
func (e *fnError) Unwrap() error { return e.err }

// CheckFile checks the links of the document at rel, a slash-separated
// path below the root, of the type extract.TypeOf gives it, calling fn
// for each.
func (c *Checker) CheckFile(rel string, fn func(*Result) error) error {
	f, err := os.Open(filepath.Join(c.root, filepath.FromSlash(rel)))
	if err != nil {
		return err
	}
	defer f.Close()
	return c.CheckDoc(rel, 0, f, fn)
}

// CheckDoc checks the links of the document r, at rel below the root,
// of type typ (0 for the type extract.TypeOf gives it), calling fn for
// each.
func (c *Checker) CheckDoc(rel string, typ extract.Type, r io.Reader, fn func(*Result) error) error {
	if c.br == nil {
		c.br = bufio.NewReaderSize(r, 64<<10)
	} else {
		c.br.Reset(r)
	}
	defer c.br.Reset(nil)
	if typ == 0 {
		head, _ := c.br.Peek(1024)
		typ = extract.TypeOf(rel, head)
	}
	opts := c.opts.Extract
	opts.BaseURL = weburl.FileURL(c.opts.BaseURL, rel)
	res := Result{File: rel}
	x := extract.New(typ, opts, func(l *extract.Link) error {
		if c.opts.Keep != nil && !c.opts.Keep(rel, l) {
			return nil
		}
		res.Link = l
		res.Status, res.Target = c.Link(l)
		if err := fn(&res); err != nil {
			return &fnError{err}
		}
		return nil
	})
	_, err := x.ReadFrom(c.br)
	var fe *fnError
	if err != nil && !errors.As(err, &fe) {
		err = fmt.Errorf("%s: %w", rel, err)
	}
	return err
}

// Link checks one link, found in a document of the tree and resolved
// against its URL: it returns its status, and the file it reaches (or
// names, for MissingFile).
func (c *Checker) Link(l *extract.Link) (Status, string) {
	if l.Err != nil || l.Href == "" {
		return Invalid, ""
	}
	u, err := weburl.Parse(l.Href, nil)
	if err != nil {
		return Invalid, ""
	}
	if u.Scheme() != c.base.Scheme() || u.Host() != c.base.Host() || !u.HasHost() {
		return External, ""
	}
	p := u.Pathname()
	if !strings.HasPrefix(p, c.bpath) {
		if p+"/" == c.bpath {
			p += "/"
		} else {
			return OutsideTree, ""
		}
	}
	rel, ok := decodePath(p[len(c.bpath):])
	if !ok {
		return MissingFile, p[len(c.bpath):]
	}
	target, ok := c.resolve(rel)
	if !ok {
		return MissingFile, rel
	}
	frag, ok := u.Fragment()
	if !ok || frag == "" {
		return OK, target
	}
	t := extract.TypeByName(target)
	if t != extract.TypeHTML && t != extract.TypeMarkdown {
		return Unchecked, target
	}
	set, ok := c.anchors(target, t)
	if !ok {
		return Unchecked, target
	}
	if !set.has(frag, t == extract.TypeHTML) {
		return MissingAnchor, target
	}
	return OK, target
}

// decodePath percent-decodes the path p below the base, segment by
// segment; false when a segment decodes to one that cannot name a file
// ("/" or NUL in it, "." or "..").
func decodePath(p string) (string, bool) {
	if !strings.Contains(p, "%") {
		return p, true
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		d, _ := percentDecode(s)
		if strings.ContainsAny(d, "/\x00") || d == "." || d == ".." {
			return "", false
		}
		segs[i] = d
	}
	return strings.Join(segs, "/"), true
}

// resolve returns the file of the tree the path rel (decoded, below the
// root) is served from: the file itself, the index of a directory (rel
// ending in "/", or naming a directory), or with PrettyURLs rel.html.
func (c *Checker) resolve(rel string) (string, bool) {
	if rel == "" || strings.HasSuffix(rel, "/") || c.kind(strings.TrimSuffix(rel, "/")) == directory {
		dir := strings.TrimSuffix(rel, "/")
		for _, ix := range c.opts.Index {
			if f := path.Join(dir, ix); c.kind(f) == regular {
				return f, true
			}
		}
		return rel, false
	}
	switch c.kind(rel) {
	case regular:
		return rel, true
	case noFile:
		if c.opts.PrettyURLs && c.kind(rel+".html") == regular {
			return rel + ".html", true
		}
		if md, ok := strings.CutSuffix(rel, ".html"); ok && c.opts.MarkdownPages && c.kind(md+".md") == regular {
			return md + ".md", true
		}
	}
	return rel, false
}

// kind returns what the slash path rel below the root is, once per path.
func (c *Checker) kind(rel string) fileKind {
	if k, ok := c.stat[rel]; ok {
		return k
	}
	k := noFile
	if info, err := os.Stat(filepath.Join(c.root, filepath.FromSlash(rel))); err == nil {
		switch {
		case info.Mode().IsRegular():
			k = regular
		case info.IsDir():
			k = directory
		}
	}
	c.stat[rel] = k
	return k
}

// anchors returns the anchors of the document target, of type t, from
// the cache or read; false when it cannot be read or is too large.
func (c *Checker) anchors(target string, t extract.Type) (anchorSet, bool) {
	if set, ok := c.cache.get(target); ok {
		return set, true
	}
	f, err := os.Open(filepath.Join(c.root, filepath.FromSlash(target)))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, c.opts.MaxFileSize+1))
	if err != nil || int64(len(src)) > c.opts.MaxFileSize {
		return nil, false
	}
	set := anchorSet{}
	if t == extract.TypeHTML {
		htmlAnchors(src, set)
	} else {
		markdownAnchors(src, c.opts.Slug, set)
	}
	c.cache.put(target, set)
	return set, true
}
