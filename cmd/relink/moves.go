package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/relink-go/relink/rewrite"
)

// The moves of rewrite beside --map: --map-file, --map-re, --md-to-html.

// treeBase is the URL a tree is given when a move needs the URLs of its
// files and no --base says them: a host that cannot exist (RFC 2606's
// .invalid), so that no link written absolute is taken for one of the
// tree. Relative links between the files resolve and are written back
// relative, and the host is never written.
const treeBase = "https://relink.invalid/"

// maxRegexpMoves is the number of --map-re a command takes: each is
// matched against every link.
const maxRegexpMoves = 100

// movesFlags are --map-file, --map-re and --md-to-html.
type movesFlags struct {
	files    []string
	re       regexpMovesFlag
	mdToHTML bool
}

func addMovesFlags(fs *flag.FlagSet, mf *movesFlags) {
	fs.Func("map-file", "read moves from `FILE`: lines OLD<TAB>NEW (as --map; OLD<TAB>NEW<TAB>exact moves OLD alone),\nor, for a file named _redirects, Netlify's and Cloudflare's rules (repeatable; paths need --base)", func(s string) error {
		mf.files = append(mf.files, s)
		return nil
	})
	fs.Var(&mf.re, "map-re", "move the links whose URL the regular expression RE matches: its first match is replaced by\nREPL ($1, ${name}), given as `RE=REPL` (\\= for an = in RE; repeatable, applied in order after --map)")
	fs.BoolVar(&mf.mdToHTML, "md-to-html", false, "move the links to .md files of the tree (--base, or the tree itself) to the .html pages made of them")
}

// A regexpMovesFlag is the repeatable --map-re RE=REPL.
type regexpMovesFlag struct {
	args  []string
	moves []*rewrite.RegexpMove
}

func (f *regexpMovesFlag) String() string { return strings.Join(f.args, " ") }

// Set reads RE=REPL: RE ends at the first "=" not escaped by a "\"
// (Go's regexp reads "\=" as "=").
func (f *regexpMovesFlag) Set(v string) error {
	if len(f.moves) == maxRegexpMoves {
		return fmt.Errorf("more than %d", maxRegexpMoves)
	}
	i := 0
	for ; i < len(v); i++ {
		if v[i] == '\\' {
			i++
			continue
		}
		if v[i] == '=' {
			break
		}
	}
	if i >= len(v) {
		return errors.New(`want RE=REPL (write \= for an "=" in RE)`)
	}
	m, err := rewrite.NewRegexpMove(v[:i], v[i+1:])
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "rewrite: "))
	}
	f.args = append(f.args, v)
	f.moves = append(f.moves, m)
	return nil
}

// any reports whether a move was asked for.
func (mf *movesFlags) any() bool {
	return len(mf.files) > 0 || len(mf.re.moves) > 0 || mf.mdToHTML
}

// mover returns the moves of --map (pm, with --map-file's added), --map-re
// and --md-to-html, in that order: the paths of the files are resolved
// against base (--base), and the tree of --md-to-html is at root; it
// reports each rule of a file that it skips as a warning with warn, and
// returns a message for the first error.
func (mf *movesFlags) mover(pm *rewrite.PrefixMap, base, root string, warn func(string)) (rewrite.Mover, error) {
	for _, name := range mf.files {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("--map-file: %v", err)
		}
		skipped, err := pm.ReadMoves(name, f, rewrite.MoveFormatOf(name), base)
		f.Close()
		for _, s := range skipped {
			warn(fmt.Sprintf("%s:%d: warning: %v, rule skipped", s.File, s.Line, s.Err))
		}
		if err != nil {
			return nil, errors.New(strings.TrimPrefix(err.Error(), "rewrite: "))
		}
	}
	moves := rewrite.Moves{pm}
	for _, m := range mf.re.moves {
		moves = append(moves, m)
	}
	if mf.mdToHTML {
		moves = append(moves, rewrite.MDToHTML{Root: root})
	}
	return moves, nil
}
