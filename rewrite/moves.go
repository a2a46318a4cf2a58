package rewrite

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/relink-go/relink/extract"
)

// Moves that are rules rather than lists: a regular expression on the
// href, and Markdown sources published as HTML; and a chain of moves.

// A Mover moves URLs: its Map method is an Options.Map. PrefixMap,
// RegexpMove, MDToHTML and Moves are Movers.
type Mover interface {
	Map(l *extract.Link, href string) (newHref string, ok bool)
}

var (
	_ Mover = (*PrefixMap)(nil)
	_ Mover = (*RegexpMove)(nil)
	_ Mover = MDToHTML{}
	_ Mover = Moves(nil)
)

// Moves applies its Movers in order, each to the href the ones before it
// gave: a URL moved by a PrefixMap can then be moved again by a
// RegexpMove. Its Map reports true when any of them moved the href.
type Moves []Mover

// Map returns href moved by each Mover in turn, and whether any moved it.
func (ms Moves) Map(l *extract.Link, href string) (string, bool) {
	moved := false
	for _, m := range ms {
		if n, ok := m.Map(l, href); ok {
			href, moved = n, true
		}
	}
	return href, moved
}

// MaxRegexpMove is the length of the longest expression NewRegexpMove
// takes, in bytes. Go's regexp package matches in time linear in the
// input whatever the expression; the bound keeps the compiled program,
// which is matched against every link, small.
const MaxRegexpMove = 4096

// A RegexpMove moves the URLs that a regular expression matches: the
// first match in the href is replaced by a template, as
// regexp.Regexp.Expand expands it ($1, ${name}; $$ for a "$").
type RegexpMove struct {
	re   *regexp.Regexp
	repl string
}

// NewRegexpMove returns the move that replaces the first match of expr
// (Go's regexp syntax, RE2) in an href with repl. expr is at most
// MaxRegexpMove bytes long. The href matched is the link's absolute URL
// as the URL Standard writes it (lower-case scheme and host, punycode,
// percent-encoded path): write the expression for that form, anchored
// (^https://old\.example/) where the match must start at the URL's
// start.
func NewRegexpMove(expr, repl string) (*RegexpMove, error) {
	if len(expr) > MaxRegexpMove {
		return nil, fmt.Errorf("rewrite: regular expression of %d bytes, longer than %d", len(expr), MaxRegexpMove)
	}
	if expr == "" {
		return nil, errors.New("rewrite: empty regular expression: it would match every URL")
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("rewrite: %v", err)
	}
	return &RegexpMove{re: re, repl: repl}, nil
}

// Map returns href with the first match of the expression replaced, and
// true; or "" and false when the expression does not match href, or the
// replacement gives href itself.
func (m *RegexpMove) Map(_ *extract.Link, href string) (string, bool) {
	loc := m.re.FindStringSubmatchIndex(href)
	if loc == nil {
		return "", false
	}
	b := make([]byte, 0, len(href)+len(m.repl))
	b = append(b, href[:loc[0]]...)
	b = m.re.ExpandString(b, m.repl, href, loc)
	b = append(b, href[loc[1]:]...)
	if string(b) == href {
		return "", false
	}
	return string(b), true
}

// String returns the expression and its replacement as RE=REPL.
func (m *RegexpMove) String() string { return m.re.String() + "=" + m.repl }

// MDToHTML moves the Markdown documents of a site to the HTML pages
// made of them: a URL at or below Root whose path ends in ".md" (ASCII
// case-insensitive) ends in ".html" instead, its query and fragment
// kept. Root is the site's URL, absolute, as the URL Standard writes it;
// a URL outside it (a link to a .md file of another site, such as a
// repository's README.md) does not move. Only the extension changes: a
// generator that also makes README.md or index.md its directory's
// index.html, or writes directory URLs (mkdocs' use_directory_urls),
// needs a RegexpMove or a PrefixMap for that.
type MDToHTML struct {
	Root string
}

// Map returns href with ".md" made ".html", and true, when href is at or
// below Root and its path ends in ".md".
func (m MDToHTML) Map(_ *extract.Link, href string) (string, bool) {
	root := strings.TrimSuffix(m.Root, "/")
	rest, ok := strings.CutPrefix(href, root)
	if root == "" || !ok || rest != "" && strings.IndexByte("/?#", rest[0]) < 0 {
		return "", false
	}
	end := strings.IndexAny(href, "?#")
	if end < 0 {
		end = len(href)
	}
	path := href[:end]
	if end-len(root) < len("/x.md") || !strings.EqualFold(path[len(path)-3:], ".md") || path[len(path)-4] == '/' {
		return "", false
	}
	return path[:len(path)-3] + ".html" + href[end:], true
}
