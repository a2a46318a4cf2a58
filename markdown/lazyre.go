package markdown

import (
	"regexp"
	"sync"
)

// A lazyRegexp is a regular expression compiled when it is first used,
// not when the package is initialized: every run of the relink command
// links this package, and most read no Markdown (compiling the
// package's expressions was most of the command's initialization).
type lazyRegexp struct {
	re func() *regexp.Regexp
}

// newLazyRegexp returns expr, to be compiled by regexp.MustCompile on its
// first use.
func newLazyRegexp(expr string) *lazyRegexp {
	return &lazyRegexp{re: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
}

func (r *lazyRegexp) Match(b []byte) bool              { return r.re().Match(b) }
func (r *lazyRegexp) MatchString(s string) bool        { return r.re().MatchString(s) }
func (r *lazyRegexp) FindIndex(b []byte) []int         { return r.re().FindIndex(b) }
func (r *lazyRegexp) FindSubmatchIndex(b []byte) []int { return r.re().FindSubmatchIndex(b) }
