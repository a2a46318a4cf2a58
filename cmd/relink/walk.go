package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/relink-go/relink/internal/ignore"
)

// Walking a tree (-r). The walk skips what ripgrep skips by default:
// hidden files and directories (a name starting with "."), and what the
// ignore files say to ignore: .ignore files, and inside a git repository
// .gitignore files and the repository's .git/info/exclude. It never
// enters a directory named .git. What the command line names is always
// processed; only the walk filters.

// maxIgnoreFile is the size of the largest ignore file read; a larger
// one is reported and not used, and so is one of more than
// ignore.MaxPatterns patterns.
const maxIgnoreFile = 1 << 20

// walkFlags are the flags of the walk of -r.
type walkFlags struct {
	hidden   bool
	noIgnore bool
	exclude  excludeFlag
}

// addWalkFlags registers --hidden, --no-ignore and --exclude-path.
func addWalkFlags(fs *flag.FlagSet) *walkFlags {
	w := &walkFlags{}
	fs.BoolVar(&w.hidden, "hidden", false, "with -r, also walk hidden files and directories (a name starting with \".\"; never .git)")
	fs.BoolVar(&w.noIgnore, "no-ignore", false, "with -r, walk what .gitignore, .ignore and .git/info/exclude would have skipped")
	fs.Var(&w.exclude, "exclude-path", "with -r, skip the paths below the directory walked that match `GLOB`, a .gitignore pattern\n(repeatable)")
	return w
}

// An excludeFlag is the repeatable --exclude-path GLOB.
type excludeFlag []string

func (e *excludeFlag) String() string { return strings.Join(*e, " ") }

func (e *excludeFlag) Set(v string) error {
	if strings.HasPrefix(v, "!") {
		return errors.New(`a pattern starting with "!" re-includes, and --exclude-path only excludes (write \! for a name starting with "!")`)
	}
	if _, err := ignore.Parse([]byte(v)); err != nil {
		var le *ignore.LineError
		if errors.As(err, &le) {
			return errors.New(le.Reason)
		}
		return err
	}
	if strings.TrimSpace(v) == "" || strings.HasPrefix(v, "#") {
		return errors.New("an empty pattern, or a comment, excludes nothing")
	}
	*e = append(*e, v)
	return nil
}

// A walker walks trees as the flags say.
type walker struct {
	flags   *walkFlags
	exclude *ignore.Patterns
	// warn reports a problem of an ignore file: an error (it is not
	// used) or, when warning is true, its line left out (line is 0 for
	// the whole file).
	warn func(path string, line int, err error, warning bool)
	// relink is the .relinkignore of the root of the walk, or nil.
	relink *ignore.Patterns
	// seen, when not nil, is given the hidden files that the walk
	// skips, and reports those it is to visit all the same.
	seen func(name string) bool
}

func newWalker(f *walkFlags, warn func(path string, line int, err error, warning bool)) *walker {
	w := &walker{flags: f, warn: warn}
	if len(f.exclude) > 0 {
		// Each value was checked by Set.
		w.exclude, _ = ignore.Parse([]byte(strings.Join(f.exclude, "\n")))
	}
	return w
}

// The kinds of ignore files, in their order of precedence.
const (
	kindIgnore    = iota // .ignore
	kindGitignore        // .gitignore
	kindExclude          // .git/info/exclude
	kinds
)

// An ignoreDir is a directory whose ignore files apply to the paths of
// the walk: the tree's directory, one of its parents, or one walked.
type ignoreDir struct {
	parent *ignoreDir
	pats   [kinds]*ignore.Patterns
	// A path of the walk, relative to the tree's directory, is prefix
	// followed by the path from its byte strip on, relative to this
	// directory.
	prefix string
	strip  int
	repo   bool // the top of a git repository: .gitignore above it does not apply below
	inRepo bool // in a git repository: its .gitignore applies
}

// rel returns path, relative to the tree's directory, relative to d.
func (d *ignoreDir) rel(path string) string { return d.prefix + path[d.strip:] }

// ignored reports whether the ignore files say to skip path (relative to
// the tree's directory, slash-separated), found in the directory d.
// .ignore files win over .gitignore, which wins over .git/info/exclude;
// of each kind, the file of the deepest directory that says something.
func ignored(d *ignoreDir, path string, isDir bool) bool {
	for k := range kinds {
		for x := d; x != nil; x = x.parent {
			if r := x.pats[k].Match(x.rel(path), isDir); r != ignore.None {
				return r == ignore.Ignore
			}
			if k != kindIgnore && x.repo {
				break // the patterns of git above a repository are not its
			}
		}
	}
	return false
}

// isRepo reports whether the directory dir is the top of a git
// repository: it holds .git, a directory or a file (of a worktree or a
// submodule).
func isRepo(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

// load reads the ignore files of the directory dir into d.
func (w *walker) load(d *ignoreDir, dir string) {
	if w.flags.noIgnore {
		return
	}
	d.repo = isRepo(dir)
	d.inRepo = d.inRepo || d.repo
	d.pats[kindIgnore] = w.read(filepath.Join(dir, ".ignore"))
	if d.inRepo {
		d.pats[kindGitignore] = w.read(filepath.Join(dir, ".gitignore"))
	}
	if d.repo {
		if name := infoExclude(dir); name != "" {
			d.pats[kindExclude] = w.read(name)
		}
	}
}

// infoExclude returns the path of the info/exclude file of the
// repository whose top is dir: in its .git directory, or, when .git is a
// file (a worktree, a submodule), in the directory it names, or in that
// directory's common directory (a worktree's repository); "" if there
// is none to be found.
func infoExclude(dir string) string {
	git := filepath.Join(dir, ".git")
	info, err := os.Lstat(git)
	if err != nil {
		return ""
	}
	if !info.Mode().IsRegular() {
		return filepath.Join(git, "info", "exclude")
	}
	b, err := readSmall(git)
	if err != nil {
		return ""
	}
	gitdir, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return ""
	}
	gitdir = strings.TrimSpace(gitdir)
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(dir, gitdir)
	}
	if b, err := readSmall(filepath.Join(gitdir, "commondir")); err == nil {
		common := strings.TrimSpace(string(b))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitdir, common)
		}
		gitdir = common
	}
	return filepath.Join(gitdir, "info", "exclude")
}

// readSmall reads a file of git's that names a directory: at most 64 KiB.
func readSmall(name string) ([]byte, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if err := setBlocking(f); err != nil {
		return nil, err
	}
	return io.ReadAll(io.LimitReader(f, 64<<10))
}

// read reads the ignore file name; nil if there is none.
func (w *walker) read(name string) *ignore.Patterns {
	info, err := os.Lstat(name)
	if err != nil && !errors.Is(err, fs.ErrPermission) {
		return nil // none (ENOTDIR included: a .git that is a file)
	}
	if err == nil && !info.Mode().IsRegular() {
		// git reads no ignore file through a symbolic link, nor a FIFO.
		return nil
	}
	var b []byte
	if err == nil {
		b, err = readIgnoreFile(name)
	}
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.warn(name, 0, err, false)
		}
		return nil
	}
	p, err := ignore.Parse(b)
	if errors.Is(err, ignore.ErrTooManyPatterns) {
		w.warn(name, 0, fmt.Errorf("%w: not used", err), false)
		return nil
	}
	var errs []error
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		errs = joined.Unwrap()
	} else if err != nil {
		errs = []error{err}
	}
	for _, e := range errs {
		var le *ignore.LineError
		if errors.As(e, &le) {
			w.warn(name, le.Line, fmt.Errorf("%s: %q left out", le.Reason, le.Pattern), true)
		} else {
			w.warn(name, 0, e, true)
		}
	}
	return p
}

// readIgnoreFile reads the regular file name, at most maxIgnoreFile bytes.
func readIgnoreFile(name string) ([]byte, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil {
		return nil, err
	} else if !info.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	if err := setBlocking(f); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(f, maxIgnoreFile+1))
	if err == nil && len(b) > maxIgnoreFile {
		err = fmt.Errorf("larger than %d MiB, not used", maxIgnoreFile>>20)
	}
	return b, err
}

// walk calls visit for each entry below the directory root that the walk
// takes, but directories, in lexical order, with its path, its path
// relative to root, and the error of reading a directory (then d is nil).
// Symbolic links are given to visit, never followed.
func (w *walker) walk(root string, visit func(path, rel string, d fs.DirEntry, err error)) {
	var top *ignoreDir
	if !w.flags.noIgnore {
		top = w.parents(root)
	}
	d := &ignoreDir{parent: top}
	if top != nil {
		d.inRepo = top.inRepo
	}
	w.load(d, root)
	w.relink = nil
	if !w.flags.noIgnore {
		w.relink = w.read(filepath.Join(root, relinkIgnore))
	}
	w.dir(root, "", d, visit)
}

// relinkIgnore is the name of the ignore file of relink's own, read at
// the root of each walk.
const relinkIgnore = ".relinkignore"

// parents returns the ignore files of the parents of root, that apply
// to its tree: .ignore files up to the file system's root, .gitignore
// files up to the top of the repository that holds root.
func (w *walker) parents(root string) *ignoreDir {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil
	}
	// The parents, nearest first, and whether each is in a repository.
	var dirs []string
	below := []string{} // root's path below each parent
	for dir, rel := abs, ""; ; {
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		rel = filepath.Base(dir) + "/" + rel
		dir = parent
		dirs = append(dirs, dir)
		below = append(below, rel)
	}
	inRepo := make([]bool, len(dirs))
	if !isRepo(abs) {
		for i, dir := range dirs {
			if isRepo(dir) {
				for j := 0; j <= i; j++ {
					inRepo[j] = true
				}
				break
			}
		}
	}
	var top *ignoreDir
	for i := len(dirs) - 1; i >= 0; i-- {
		d := &ignoreDir{parent: top, prefix: below[i], inRepo: inRepo[i]}
		w.load(d, dirs[i])
		if d.pats != [kinds]*ignore.Patterns{} || d.inRepo {
			top = d
		}
	}
	return top
}

// dir walks the directory path, rel below the tree's root ("" for the
// root), whose ignore files are in d.
func (w *walker) dir(path, rel string, d *ignoreDir, visit func(path, rel string, d fs.DirEntry, err error)) {
	entries, err := os.ReadDir(path)
	if err != nil {
		visit(path, rel, nil, err)
	}
	clean := path
	if rel == "" {
		clean = filepath.Clean(path) // the root as given; the rest are clean
	}
	for _, e := range entries {
		name := e.Name()
		erel := name
		if rel != "" {
			erel = rel + "/" + name
		}
		epath := joinName(clean, name)
		isDir := e.IsDir()
		if name == ".git" {
			continue // a repository's own files, or the file that points to them
		}
		if !w.flags.hidden && strings.HasPrefix(name, ".") && (isDir || w.seen == nil || !w.seen(name)) {
			continue
		}
		if w.exclude.Match(erel, isDir) == ignore.Ignore {
			continue
		}
		if !w.flags.noIgnore && w.relink.Match(erel, isDir) == ignore.Ignore {
			continue
		}
		if !w.flags.noIgnore && ignored(d, erel, isDir) {
			continue
		}
		if !isDir {
			visit(epath, filepath.FromSlash(erel), e, nil)
			continue
		}
		sub := &ignoreDir{parent: d, strip: len(erel) + 1, inRepo: d.inRepo}
		w.load(sub, epath)
		if sub.pats == [kinds]*ignore.Patterns{} && !sub.repo {
			sub = d // nothing of its own
		}
		w.dir(epath, erel, sub, visit)
	}
}

// joinName returns filepath.Join(dir, name) for a clean dir and the name
// of one of its entries, without cleaning again what is clean (Clean was
// a part of the cost of each file of a walk).
func joinName(dir, name string) string {
	switch {
	case os.PathSeparator != '/' || dir == "" || name == "." || name == "..":
		return filepath.Join(dir, name)
	case dir == ".":
		return name
	case dir[len(dir)-1] == '/':
		return dir + name // the root directory
	}
	return dir + "/" + name
}

// walkHelp is the help of the walk of -r, for the commands that take it.
const walkHelp = `With -r, a DIR is walked as ripgrep walks it (with no FILE or DIR, the
current directory is). Hidden files and directories (a name starting
with ".") are skipped, unless --hidden, and a .git directory is never
entered, whatever the flags: a repository's own files are no documents,
and writing them corrupts it. What ignore files say to ignore is
skipped, unless --no-ignore: .ignore files, and inside a git repository
(a directory holding .git, or below one) .gitignore files and the
repository's .git/info/exclude; a .gitignore outside a repository is
not read, as in ripgrep, and neither is git's global excludes file
(core.excludesFile). Their syntax is gitignore(5)'s: "*.log" a name at
any depth, "/drafts" or "docs/old" a path from the file's directory,
"build/" directories only, "**" any number of directories, "!keep.html"
to take again what a line above ignores, "#" a comment. Each file
applies to the paths of its directory; a deeper file wins over one
above it, a later line over an earlier one, and .ignore over .gitignore
over info/exclude. The ignore files of the directories above DIR apply
too (.gitignore up to the top of its repository). A file or directory
that is ignored is not walked into or counted. --exclude-path GLOB
(repeatable) skips, even with --no-ignore, the paths that match GLOB, a
pattern of the same syntax matched against the path relative to the DIR
walked: "*.min.html" at any depth, "vendor/" a directory of that name
anywhere, "/old" or "docs/old/**" from DIR. A FILE or DIR named on the
command line is always processed, whatever its name and the ignore
files: only the walk skips. A file .relinkignore at the root of the DIR
walked, of the same syntax, lists the paths below DIR that relink never
walks, for the project's runs to stay one command (generated pages,
vendored docs); it is read unless --no-ignore, and only there. A path is
skipped when --exclude-path, .relinkignore or an ignore file says so,
in that order: a "!" line re-includes only what the lines above it in
its own file exclude, never what an earlier source does. An ignore file
larger than 1 MiB, or of
more than 10000 patterns, is an error and is not used; a line of one
that is no pattern (an unclosed "[") is left out with a warning naming
the file and line (FILE:LINE).
`
