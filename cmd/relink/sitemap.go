package main

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/weburl"
)

// A moveFlag is the repeatable --map OLD=NEW of relink rewrite: the URL
// prefixes of a site move, each OLD to its NEW.
type moveFlag []move

// A move maps the URLs at or below old (at a path-segment boundary) to new.
type move struct{ old, new string }

func (m *moveFlag) String() string {
	var s []string
	for _, mv := range *m {
		s = append(s, mv.old+"="+mv.new)
	}
	return strings.Join(s, ",")
}

// Set reads OLD=NEW: two absolute URLs without a query or a fragment,
// written as the URL Standard writes them (lower-case host, punycode,
// percent-encoding), without a final "/".
func (m *moveFlag) Set(v string) error {
	old, new, ok := strings.Cut(v, "=")
	if !ok {
		return errors.New("want OLD=NEW, two URL prefixes")
	}
	o, err := movePrefix(old)
	if err != nil {
		return fmt.Errorf("OLD %s", err)
	}
	n, err := movePrefix(new)
	if err != nil {
		return fmt.Errorf("NEW %s", err)
	}
	for _, mv := range *m {
		if mv.old == o {
			return fmt.Errorf("%s is mapped twice", o)
		}
	}
	*m = append(*m, move{o, n})
	// The longest OLD is tried first: it wins.
	slices.SortStableFunc(*m, func(a, b move) int { return cmp.Compare(len(b.old), len(a.old)) })
	return nil
}

// movePrefix returns the URL prefix s as --map matches it: the URL
// Standard's href, less a final "/".
func movePrefix(s string) (string, error) {
	u, err := weburl.Parse(s, nil)
	if err != nil {
		return "", fmt.Errorf("%s: not an absolute URL: %s", quote(s), crawl.Reason(err))
	}
	if _, ok := u.Query(); ok {
		return "", fmt.Errorf("%s has a query: a prefix is a directory or a document", quote(s))
	}
	if _, ok := u.Fragment(); ok {
		return "", fmt.Errorf("%s has a fragment: a prefix is a directory or a document", quote(s))
	}
	return strings.TrimSuffix(u.String(), "/"), nil
}

// lookup is the rewrite.Options.Map of the moves: the URL href moved by
// the longest OLD that is href itself or is followed in it by "/", "?" or
// "#".
func (m moveFlag) lookup(_ *extract.Link, href string) (string, bool) {
	for _, mv := range m {
		rest, ok := strings.CutPrefix(href, mv.old)
		if ok && (rest == "" || strings.IndexByte("/?#", rest[0]) >= 0) {
			return mv.new + rest, true
		}
	}
	return "", false
}
