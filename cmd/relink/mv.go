package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"github.com/relink-go/relink/sitecheck"
	"github.com/relink-go/relink/weburl"
)

var mvCommand = &command{
	name:    "mv",
	summary: "move a file or directory of a site's tree, and rewrite every link to it",
	usage:   "relink mv [flags] OLD NEW",
	help: `Mv moves the file or directory OLD of a site's tree to NEW, and rewrites
every link that reaches what moved, in the HTML, CSS, Markdown, XML
(sitemaps, feeds) and plain-text files of the tree, and the relative links of the documents
that moved that no longer reach what they reached: as rewrite --map does
for the move (see relink rewrite -h), each link in its own form, in its
document's syntax and charset, every other byte unchanged. It then prints
the redirect rules for the server, and checks that the move broke no link.

The tree is the current directory, or -C DIR (--directory); OLD and NEW
are paths in it, relative to it. The tree is the site's root: a link
"/a/b.html" reaches the file a/b.html of the tree. --base URL is the tree's URL on
the web: links written absolute (https://example.org/a/b.html) are then
moved too, and the redirect rules carry the base's path. When NEW is a
directory, OLD moves into it, as mv(1) does. Mv never replaces: a NEW
that exists is an error, and so are a NEW in OLD, a missing parent of
NEW (create it first), a symbolic link, and a path in .git.

The files are walked as rewrite -r walks a tree (hidden files, .git, the
ignore files, --exclude-path; symbolic links are not followed) and
rewritten in place as rewrite -w writes them: each atomically, a file
whose charset is only a guess keeping its non-ASCII links as written.
Then OLD is renamed to NEW, a single rename(2) (on Linux with
RENAME_NOREPLACE, so that nothing that appeared at NEW meanwhile is
replaced). A file that cannot be rewritten is reported, and OLD is moved
all the same (the check below reports the links it breaks); on SIGINT or
SIGTERM, rewriting stops as rewrite -w stops, and OLD is not moved, with
a message: the files already written link to NEW. -n lists the files
whose links would change, and --diff shows the changes; neither writes
nor moves anything.

The redirect rules go to standard output after the move (with -n and
--diff too, after what they print): with
--redirects _redirects (the default) as the _redirects file of Netlify
and Cloudflare Pages reads them ("/old/* /new/:splat 301" for a
directory, "/old.html /new.html 301" for a file); with --redirects tsv
as the lines OLD<TAB>NEW of rewrite --map-file, absolute URLs with
--base (a file's line ends in <TAB>exact); none prints nothing.

Last, mv checks the links that resolve inside the tree, before the move
and after it, as relink verify --pretty-urls checks them: each must reach
a file of the tree (a directory's index.html, or NAME.html for a link to
NAME without an extension, as servers of pretty URLs have it), and its
fragment an anchor of that file (an id, an <a name>, a Markdown heading
as GitHub makes its id). Each link that was not broken before and is
after is reported at FILE:LINE:COL as verify reports it, and the exit
status is 1; the links that were broken before are counted, and
reported as warnings with -v.

Examples (from the repository's root). What would change if the docs
of the sample site in testdata/mv moved into its archive directory: the
files whose links would change, each with their number, then the
redirect rule:

	$ relink mv -C testdata/mv/before -n --base https://example.org/ docs archive/
	testdata/mv/before/README.md	3
	testdata/mv/before/docs/api.md	1
	testdata/mv/before/docs/guide.html	4
	testdata/mv/before/docs/print.css	1
	testdata/mv/before/index.html	10
	testdata/mv/before/notes.txt	1
	testdata/mv/before/sitemap.xml	2
	testdata/mv/before/style.css	2
	/docs/* /archive/docs/:splat 301

Move the library reference of the Python docs, adding the rule to the
site's _redirects:

	relink mv -C python3.11/html library lib >>python3.11/html/_redirects
`,
	run: runMv,
}

// A mvRun is one run of relink mv.
type mvRun struct {
	e              *env
	root           string // the tree's directory
	site           string // the tree's URL: --base, or treeBase
	oldRel, newRel string // slash-separated, below root
	dir            bool   // OLD is a directory
	walk           *walkFlags
}

func runMv(cmd *command, args []string, e *env) int {
	fs := newFlagSet(cmd, e)
	dir := fs.String("directory", ".", "the tree's root `DIR`, the site's root (OLD and NEW are relative to it)")
	shortTwin(fs, "C", "directory")
	base := fs.String("base", "", "the tree's `URL` on the web, so that links written absolute move too")
	redirects := choiceFlag(fs, "redirects", "_redirects", "the `FORMAT` of the redirect rules printed: _redirects, tsv or none", []string{"_redirects", "tsv", "none"})
	walk := addWalkFlags(fs)
	var dryRun bool
	fs.BoolVar(&dryRun, "dry-run", false, "list the files whose links would change, and write and move nothing")
	shortTwin(fs, "n", "dry-run")
	diff := fs.Bool("diff", false, "print a unified diff of the changes of each file, and write and move nothing")
	jobs := fs.Int("jobs", 0, "rewrite `N` files in parallel (0: as many as the machine has cores)")
	shortTwin(fs, "j", "jobs")
	var vf verbosityFlags
	vf.register(fs)
	inputs, status := parseArgs(cmd, fs, args, e)
	if status >= 0 {
		return status
	}
	if len(inputs) != 2 {
		return usageError(cmd, e, "want OLD and NEW, two paths of the tree")
	}
	verb, status := vf.level(cmd, e)
	if status >= 0 {
		return status
	}
	if status := checkCharsetBase(cmd, e, "", *base); status >= 0 {
		return status
	}
	if *jobs < 0 {
		return usageError(cmd, e, "-j %d: want a positive number, or 0 for one per core", *jobs)
	}
	if *jobs == 0 {
		*jobs = runtime.NumCPU()
	}
	m := &mvRun{e: e, root: *dir, site: *base, walk: walk}
	if m.site == "" {
		m.site = treeBase
	}
	if err := m.paths(inputs[0], inputs[1]); err != nil {
		fmt.Fprintf(e.stderr, "relink mv: %v\n", err)
		return exitFail
	}
	oldURL, newURL := weburl.FileURL(m.site, m.oldRel), weburl.FileURL(m.site, m.newRel)
	var pm rewrite.PrefixMap
	var err error
	if m.dir {
		err = pm.Add(oldURL, newURL)
	} else {
		err = pm.AddExact(oldURL, newURL)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "relink mv: %v\n", strings.TrimPrefix(err.Error(), "rewrite: "))
		return exitFail
	}

	move := !dryRun && !*diff
	var before map[string]bool
	var brokenBefore int
	checkFailed := false
	if move {
		list, err := m.brokenLinks(true)
		if err != nil {
			fmt.Fprintf(e.stderr, "relink mv: checking the links before the move: %v\n", err)
			checkFailed = true
		}
		before, brokenBefore = map[string]bool{}, len(list)
		for _, b := range list {
			before[b.key] = true
			if verb == verbose {
				fmt.Fprintf(e.stderr, "relink mv: %s: warning: %s (before the move)\n", position(b.file, b.line, b.col), b.String())
			}
		}
	}

	rw := &rewriteRun{cmd: cmd, e: e, write: move, dryRun: dryRun, diff: *diff, filter: &filterFlags{}}
	rw.walker = newWalker(walk, func(path string, line int, err error, warning bool) {
		if warning {
			rw.warn(position(path, line, 0), err.Error())
		} else {
			rw.fail(path, err)
		}
	})
	rw.walker.seen = isRewriteTemp
	rw.verb = verb
	rw.opts.BaseURL = m.site
	rw.opts.Map = pm.Map
	rw.input(m.root, true)
	status = rw.runJobs(*jobs, false)
	if status != exitOK && status != exitFail {
		// Interrupted: the files written point to NEW already.
		if move {
			fmt.Fprintf(e.stderr, "relink mv: %s not moved: the files written above link to %s already; restore them (git checkout), or rename it by hand and check the tree\n", m.oldRel, m.newRel)
		}
		return status
	}
	if move {
		if err := renameNoReplace(filepath.Join(m.root, filepath.FromSlash(m.oldRel)), filepath.Join(m.root, filepath.FromSlash(m.newRel))); err != nil {
			fmt.Fprintf(e.stderr, "relink mv: %v (the links were rewritten: rename it by hand)\n", err)
			return exitFail
		}
	}
	if *redirects != "none" {
		io.WriteString(e.stdout, m.redirects(*redirects, oldURL, newURL))
	}
	if move {
		after, err := m.brokenLinks(false)
		if err != nil {
			fmt.Fprintf(e.stderr, "relink mv: checking the links after the move: %v\n", err)
			checkFailed = true
		}
		broke := 0
		for _, b := range after {
			if !before[b.key] {
				broke++
				fmt.Fprintf(e.stderr, "relink mv: %s: %s\n", position(b.file, b.line, b.col), b.String())
			}
		}
		if verb != quiet {
			fmt.Fprintf(e.stderr, "relink mv: %s moved to %s; links inside the tree: %d broken by the move, %d broken before it\n",
				m.oldRel, m.newRel, broke, brokenBefore)
		}
		if broke > 0 || checkFailed {
			return exitFail
		}
	}
	return status
}

// paths checks OLD and NEW, given as the command line has them, and sets
// the run's paths.
func (m *mvRun) paths(old, new string) error {
	var err error
	if m.oldRel, err = treeRel(m.root, old); err != nil {
		return err
	}
	if m.newRel, err = treeRel(m.root, new); err != nil {
		return err
	}
	oldPath := filepath.Join(m.root, filepath.FromSlash(m.oldRel))
	info, err := os.Lstat(oldPath)
	switch {
	case err != nil:
		return err
	case info.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%s: a symbolic link: move the file it points to", old)
	case !info.IsDir() && !info.Mode().IsRegular():
		return fmt.Errorf("%s: not a regular file or a directory", old)
	}
	m.dir = info.IsDir()
	if ni, err := os.Stat(filepath.Join(m.root, filepath.FromSlash(m.newRel))); err == nil && ni.IsDir() {
		m.newRel = path.Join(m.newRel, path.Base(m.oldRel)) // into the directory, as mv(1)
	}
	newPath := filepath.Join(m.root, filepath.FromSlash(m.newRel))
	if _, err := os.Lstat(newPath); err == nil {
		return fmt.Errorf("%s exists: mv never replaces a file", newPath)
	}
	if m.newRel == m.oldRel || strings.HasPrefix(m.newRel, m.oldRel+"/") {
		return fmt.Errorf("%s: cannot move %s into itself", newPath, oldPath)
	}
	if pi, err := os.Stat(filepath.Dir(newPath)); err != nil || !pi.IsDir() {
		return fmt.Errorf("%s: no such directory (create it first)", filepath.Dir(newPath))
	}
	return nil
}

// treeRel returns p, a path relative to the tree root (or absolute, in
// it), as a slash-separated path below root.
func treeRel(root, p string) (string, error) {
	if filepath.IsAbs(p) {
		r, err := filepath.Abs(root)
		if err != nil {
			return "", err
		}
		if p, err = filepath.Rel(r, p); err != nil {
			return "", err
		}
	}
	rel := filepath.ToSlash(filepath.Clean(p))
	if rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
		return "", fmt.Errorf("%s: not a path below the tree %s", p, root)
	}
	for _, s := range strings.Split(rel, "/") {
		if s == ".git" {
			return "", fmt.Errorf("%s: in .git, which mv never changes", p)
		}
	}
	return rel, nil
}

// redirects returns the redirect rules of the move in format.
func (m *mvRun) redirects(format, oldURL, newURL string) string {
	if format == "tsv" {
		o, n := oldURL, newURL
		if m.site == treeBase {
			o, n = sitePath(o), sitePath(n)
		}
		if m.dir {
			return o + "\t" + n + "\n"
		}
		return o + "\t" + n + "\texact\n"
	}
	o, n := sitePath(oldURL), sitePath(newURL)
	if m.dir {
		return fmt.Sprintf("%s/* %s/:splat 301\n", o, n)
	}
	return fmt.Sprintf("%s %s 301\n", o, n)
}

// sitePath returns the path of the URL s.
func sitePath(s string) string {
	u, err := weburl.Parse(s, nil)
	if err != nil {
		return s
	}
	return u.Pathname()
}

// A brokenLink is a link that resolves inside the tree and reaches no
// file of it, or no anchor of it.
type brokenLink struct {
	key           string // its file's path after the move and its index there
	file          string
	line, col     int
	value, target string
	why           sitecheck.Status
}

// String says what is wrong with b as relink verify says it: the link as
// written, the reason, and the file named.
func (b *brokenLink) String() string {
	s := escapeText(b.value) + ": " + b.why.String()
	switch b.why {
	case sitecheck.MissingFile:
		s += " " + escapeText(b.target)
	case sitecheck.MissingAnchor:
		s += " in " + escapeText(b.target)
	}
	return s
}

// brokenLinks checks the links of the tree's documents as relink verify
// does (package sitecheck: each link that resolves inside the tree must
// reach a file of it, a directory's index.html or NAME.html for NAME,
// and its fragment an anchor there) and returns the broken ones, each
// with a key that names the same link before and after the move: its
// document's place after the move and its index in the document (a move
// changes no number of links). before says the tree is as it is before
// the move.
func (m *mvRun) brokenLinks(before bool) ([]brokenLink, error) {
	c, err := sitecheck.New(m.root, sitecheck.Options{BaseURL: m.site, PrettyURLs: true})
	if err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "sitecheck: "))
	}
	var out []brokenLink
	var errs []error
	w := newWalker(m.walk, func(string, int, error, bool) {})
	w.seen = isRewriteTemp
	w.walk(m.root, func(p, rel string, d fs.DirEntry, err error) {
		if err != nil || !d.Type().IsRegular() || extract.TypeByName(d.Name()) == 0 {
			return
		}
		rel = filepath.ToSlash(rel)
		after := rel
		if before && (rel == m.oldRel || strings.HasPrefix(rel, m.oldRel+"/")) {
			after = m.newRel + rel[len(m.oldRel):]
		}
		i := 0
		err = c.CheckFile(rel, func(r *sitecheck.Result) error {
			i++
			if r.Status.Broken() {
				out = append(out, brokenLink{key: fmt.Sprintf("%s\x00%d", after, i), file: p,
					line: r.Link.Line, col: r.Link.Column, value: r.Link.Value, why: r.Status, target: r.Target})
			}
			return nil
		})
		if err != nil {
			errs = append(errs, err)
		}
	})
	return out, errors.Join(errs...)
}

// renameChecked renames old to new after checking that new does not
// exist.
func renameChecked(old, new string) error {
	if _, err := os.Lstat(new); err == nil {
		return &os.LinkError{Op: "rename", Old: old, New: new, Err: fs.ErrExist}
	}
	return os.Rename(old, new)
}
