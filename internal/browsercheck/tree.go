package browsercheck

import (
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// A Report is what CheckTree found.
type Report struct {
	Pages       int // pages opened
	Local       int // requests for files of the tree that were served, the pages' own included
	Subresource int // of them, requests other than the pages' own documents
	Failed      int // requests for files of the tree that failed
	Left        int // requests for anything outside the tree (another scheme, another folder)
	// LeftCaptured counts the requests of Left that isCaptured says
	// the tree should have served: each is a link not made local.
	LeftCaptured int
	// ByType counts the requests of Local by their type (Document,
	// Stylesheet, Image, Script, Font...).
	ByType map[string]int
	// LeftURLs lists the first 20 distinct URLs of Left, for a look.
	LeftURLs []string
	Problems []string // a line for each request of Failed and LeftCaptured, and each page that did not load
}

// CheckTree opens each HTML page under root (files whose names end in
// .html, .htm or .xhtml, at most max of them in path order when max > 0)
// from file:// and sorts the requests each one makes: served from the
// tree, failed, or gone out of it. isCaptured, when not nil, says of a
// URL that left the tree whether the tree was meant to serve it.
func (b *Browser) CheckTree(root string, max int, isCaptured func(string) bool) (*Report, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	rootURL := (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs) + "/"}).String()
	var pages []string
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".html", ".htm", ".xhtml":
			if d.Type().IsRegular() {
				pages = append(pages, p)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if max > 0 && len(pages) > max {
		pages = pages[:max]
	}
	rep := &Report{ByType: map[string]int{}}
	for _, p := range pages {
		u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String()
		page, err := b.Load(u, 15*time.Second, 300*time.Millisecond)
		if err != nil {
			return rep, err
		}
		rep.Pages++
		rel, _ := filepath.Rel(abs, p)
		if !page.Loaded {
			rep.Problems = append(rep.Problems, fmt.Sprintf("%s: the load event did not come", rel))
		}
		if page.Lost {
			rep.Problems = append(rep.Problems, fmt.Sprintf("%s: events were lost", rel))
		}
		for i, r := range page.Requests {
			switch {
			case strings.HasPrefix(r.URL, "data:") || strings.HasPrefix(r.URL, "blob:") || r.URL == "about:blank":
				// in the page itself
			case strings.HasPrefix(r.URL, rootURL):
				if r.Failed {
					rep.Failed++
					rep.Problems = append(rep.Problems, fmt.Sprintf("%s: %s %s failed: %s", rel, r.Type, r.URL, r.Error))
				} else {
					rep.Local++
					rep.ByType[r.Type]++
					if i > 0 || r.Type != "Document" {
						rep.Subresource++
					}
				}
			default:
				rep.Left++
				if len(rep.LeftURLs) < 20 && !slices.Contains(rep.LeftURLs, r.URL) {
					rep.LeftURLs = append(rep.LeftURLs, r.URL)
				}
				if isCaptured != nil && isCaptured(r.URL) {
					rep.LeftCaptured++
					rep.Problems = append(rep.Problems, fmt.Sprintf("%s: %s %s left the folder, though it was captured", rel, r.Type, r.URL))
				}
			}
		}
	}
	return rep, nil
}
