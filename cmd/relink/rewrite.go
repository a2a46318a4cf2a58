package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"github.com/relink-go/relink/weburl"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
	"golang.org/x/text/transform"
)

var rewriteCommand = &command{
	name:    "rewrite",
	summary: "rewrite the links of HTML, CSS, Markdown and plain-text files, in place or to standard output",
	usage:   "relink rewrite [flags] [FILE|DIR...]",
	help: `Rewrite copies each HTML or plain-text document with its links rewritten
and every other byte unchanged: same quotes, entities, line endings and
charset (a character the charset cannot hold is written as a numeric
character reference in HTML, percent-encoded in plain text). The
rewritten document requests the same URLs as the original; in plain text,
each new link is checked to be found again whole by link detection, and a
link that would not be is left as it is.

--to decides the form of each link: "keep" (the default) leaves each
link in its own form, so that only what --map and --resolve ask for
changes, and a link they change keeps its form (an IRI if it is written
with a non-ASCII character, else a URI): with neither, no file changes;
"uri" writes every link as an ASCII URI, what a browser sends (punycode
hosts, UTF-8 percent-encoding, the query in the document's charset);
"iri" makes every link readable (what is safe to show decoded).
--resolve decides what becomes of relative links: "keep" them as written
(the default), make every link "absolute" against the document's URL, or
make links "relative" to it where they share its scheme and host (what a
site move needs). "relative" leaves the links that other programs than
browsers read out of a page as they are written, absolute when they are:
the content of meta elements (og:image, og:url, twitter:image and the
other Open Graph and Twitter card names; not a refresh) and the href of
<link rel=canonical> and <link rel=alternate> (hreflang alternates,
feeds), which social networks, search engines and feed readers need
absolute. --base is the document's own URL; for a directory it is
the URL of the directory, and each file's URL is --base plus the file's
path below it. absolute and relative need --base (a usage error
otherwise, exit status 2), except with --type text: a <base href> in a
document is not enough, since most documents have none and their relative
links would be left as they are without a word.

--map OLD=NEW moves a site: each link whose URL is OLD or lies below it
(OLD followed by "/", "?" or "#": https://nodejs.org/api takes
https://nodejs.org/api/fs.html#x, not https://nodejs.org/apis) is made
to point to NEW instead, with what follows OLD kept
(https://docs.example/node/fs.html#x). OLD and NEW are absolute URLs
without a query or a fragment, compared as a browser writes them (lower
case host, punycode, percent-encoding); a final "/" on either changes
nothing. --map may be repeated, and the longest OLD that matches wins.
The URL matched is the link's, resolved against the document's URL
(--base): without --base only the links written absolute are matched,
since a relative link has no URL to match (it goes where its document
goes). The documents move too: a document whose own URL is below OLD is
taken to be at NEW, so that a relative link between documents that move
together is left as written, and one to what stays behind (the site's
home, "/", from documents that move to another host) is made absolute,
to reach what it reached. A link that changes is written in its own
form: a relative link stays relative (a path, "/path" or "//host/path",
as written) where it can reach its new target so from the document's
new place, and an absolute one stays absolute; --resolve absolute or
relative asks for another form. --to decides URI or IRI (by default the
link keeps its form), and the link is written in the document's syntax
and charset, its query as the document
encodes it; each new value is checked to reach its new URL, or the link
is left as written. In plain text a link written without a scheme stays
without one when its new URL is http (and --resolve is not absolute),
and an email address stays an address.

--map-file FILE reads moves from a file (repeatable). A file named
_redirects is read as Netlify's and Cloudflare Pages' _redirects: a rule
"/old/* /new/:splat" (status 301, 302, 303, 307 or 308, a "!" or not)
moves the prefix as --map does; a rule without splats, "/old.html
/new.html", moves that page alone (a final "/" aside), its query and
fragment kept. Every other rule is skipped with a warning that gives its
FILE:LINE and why: placeholders (/:year/:slug), a splat sent to one page
(/a/* /b), status 200 (a rewrite: the URL stays), 404 or 410, query
parameters and conditions (Country=...), and a rule that an earlier one
matches already (the server applies the first rule that matches). Any
other file holds lines OLD<TAB>NEW, moved as --map moves them, or
OLD<TAB>NEW<TAB>exact, OLD alone; "#" starts a comment line. Paths
(/docs/a.html) are resolved against --base, and need it. A move of a
page beside a move of a prefix: the longest match wins, and a page wins
over a prefix of the same length. A file is at most 64 MiB, its lines
64 KiB, and a million moves; past that, or on a line that cannot be read,
rewrite stops before reading any document, with the file and line.

--map-re RE=REPL moves by a regular expression (Go's syntax, at most
4096 bytes; repeatable, at most 100): in the URL of each link, absolute
as the URL Standard writes it (https://example.org/a%20b), the first
match of RE is replaced by REPL, where $1 and ${name} are its groups.
RE ends at the first "=" not written \=. --md-to-html moves the links to
Markdown files of the site, whose URL is below --base (or, without
--base, the tree itself: its relative links), from NAME.md to NAME.html,
as a site generator publishes them. The moves apply in order: --map and
--map-file, then each --map-re, then --md-to-html; each link that moves
is written in its own form and checked to reach its new URL, as for
--map.

A style sheet (.css) has its url(), @import and image-set() URLs
rewritten, written with the CSS escapes their place needs, as in the CSS
of HTML; its charset comes from a byte order mark, --charset, an @charset
rule, else UTF-8.

A Markdown document (.md, .markdown, .mdown, .mkd) has the destinations
of its links, images, reference definitions and autolinks rewritten,
written as Markdown needs them (between < and > when they hold a space),
and the links of its raw HTML as in HTML; code spans and code blocks, and
every other byte, are left as they are. Relative destinations such as
n-api.md are links here, resolved against --base. Markdown is UTF-8, read
whole (at most 64 MiB); a destination that cannot be written in its
place (a relative reference in an autolink) is kept.

Plain text holds absolute links only, found as extract finds them, with
queries in UTF-8 as an address bar sends them. By default (--strict) a
link in plain text is one written with a scheme (https://..., mailto:...)
or an email address, as xurls finds them without -r: a domain written
without a scheme is left alone, since README.md, fs.open, Date.now and
x.sh would be taken for one and damaged. --strict=false also takes such
domains (www.example.com, example.com/path); --resolve absolute then writes
the http:// of each, keep and relative leave it out. --base plays no part
in plain text. An email address stays an address, never a mailto: link: --to uri
writes its domain in punycode and keeps its local part, which has no ASCII
form; --to iri shows its domain readable. In a legacy charset, --to iri
leaves an http query percent-encoded as it is (its bytes may be meant in
that charset) and a host the charset cannot write in punycode.

With no FILE, or "-", rewrite reads standard input and writes standard
output ("-" cannot be given with other files); with -n or --diff, what
would change in it, labelled "-" or "<stdin>". With -r and no FILE, it
walks the current directory.
With one FILE and none of -w, -n and --diff, it writes the rewritten file
on standard output. Several files, or a directory (with -r), need one of:

	-w	write each changed file in place
	-n	list the files that would change, each with the number of its
		links that would change, separated by a tab; write nothing
	--diff	print a unified diff of the changes of each file (with -w,
		and write them). The diff is of the text decoded from the
		file's charset and shown in UTF-8: it is for reading, and
		patch(1) applies it only to UTF-8 files

Writing in place is atomic: the new file is written to a temporary file in
the same directory (named .NAME.relink-*; such names are never taken as
input), synced to disk, given the original's mode bits and renamed over
the original, so that an interrupted run leaves each file either as it was
or rewritten, never partly written. A file whose bytes would not change is
not written, and its modification time stays; running rewrite twice
changes nothing the second time. --backup SUFFIX keeps the original as
NAME+SUFFIX (a hard link made before the rename, or when the file system
has none, a rename; the original is always under one of the names). An
existing NAME+SUFFIX is never replaced: it may be the true original that
an earlier run kept, so such a file is not written and is reported as an
error (remove the backup, or choose another suffix). A read-only file
(mode 0444) is rewritten as any other, and keeps its mode: replacing a
file takes the right to write its directory, not the file, as with
sed -i. Where the temporary file cannot be created (a directory that is
read-only, or full), nothing is written and the error names the
directory. A rewritten file is a new file: its owner is the user who runs rewrite, its
ACLs and extended attributes are not copied, and if it had other hard
links, they keep the old contents.

Writing in place is also safe against what changes meanwhile. The files
of a tree (-r) are reached from the tree's directory, opened once when the
tree is walked, one directory at a time and never through a symbolic link:
each file's directory is held open while it is rewritten, and the file is
read, its temporary file created, and the rename done in that directory,
not through its path. A directory or file replaced by a symbolic link after
the walk is not followed, and the file is reported, so that nothing outside
the tree is written (a FILE named on the command line is reached by the
path given). Just before the rename, rewrite checks that each directory of
the path is still in its place and that the file is still the one it read:
the same file (device and inode on Unix), of the same size and
modification time. A file that another program replaced, wrote or removed
meanwhile is left as that program made it and reported as a conflict, an
error. A change made in the few system calls between that check and the
rename, or one that keeps the size within the file system's timestamp
resolution, cannot be seen. On SIGINT or SIGTERM, rewrite -w starts no
other file and renames no other into place, removes its temporary files,
stops reading the files in progress, prints the number of files written
and a partial summary (which counts every file finished, each file
written among them), and exits with status 130 or 143; a second signal
exits at once. (Directories are held by
handle where Go's os.Root does so: Unix and Windows.)

--type decides which files are HTML and which plain text, as for
extract: "auto" (the default) goes by the file name's extension (.html,
.htm, .xhtml, .shtml, .php... are HTML; .txt, .text, .log...
are text; .css is CSS; .md, .markdown, .mdown, .mkd are Markdown; .eml is
mail; .rss, .atom, sitemap*.xml, feed.xml, rss.xml, atom.xml and
index.xml are XML: sitemaps and feeds, whose links are rewritten as
relink extract finds them, escaped for XML, and nothing else) and takes
in a directory only the files with such an extension;
a FILE named on the command line with another extension is rewritten if
it looks like HTML (or is a sitemap or feed by its first element) and
skipped otherwise (a script or a data file is no
text to rewrite in place), and standard input is HTML if it looks like
HTML and text otherwise. "html",
"text", "css", "markdown" and "xml" take every file for one. Mail (a .eml
file, --type mail, or standard input that starts as a message's header)
is not rewritten: its parts are quoted-printable or base64 and may be
signed, and a link written anew would have to be encoded again exactly;
a mail message named on the command line is an error, one met in a
directory is skipped with a warning. --type text rewrites a message as
plain text, its encoded parts left as they are. Binary files (a NUL byte in the first 1024
bytes, unless a UTF-16 byte order mark starts them) are always skipped,
and so are symbolic links, with a warning: rewrite never follows a link
(see above). An oversize construct, a tag longer than 1 MiB (or a CSS
URL longer than 64 KiB, or a candidate for a link in text longer than
8192 bytes, which link detection drops rather than cut), is passed
through unexamined, its links left as written, with one warning, which
gives its line and offset.

The charset of each file is given with --charset, or found: for HTML
from a byte order mark, a <meta> or an XML declaration, as browsers
find it; for a style sheet from a byte order mark or an @charset rule,
else UTF-8; for plain text from a byte order mark; Markdown is UTF-8.
Else it comes from the first 8 KiB: valid UTF-8 with some non-ASCII is
UTF-8; plain text that is all ASCII is UTF-8, and HTML windows-1252;
UTF-8 with a few invalid bytes (no more than its valid non-ASCII
characters) is UTF-8 with errors, never a legacy charset; other bytes
are guessed to be in the legacy charset their statistics make most
likely, as browsers guess. All but valid UTF-8 and ASCII text is only a
guess, and a rewrite writes nothing whose meaning depends on a guess: a
link written with non-ASCII bytes, or in HTML one with a non-ASCII
query, is left as written; every other link is written in ASCII only
(with --to iri, a link whose IRI is not ASCII is left as written). Each
such file gets one warning, "charset guessed as NAME", with the number
of links so left, and the summary counts them. Give --charset (such as
--charset utf-8) to rewrite them.

The filters of relink extract choose the links rewritten: a link that a
filter leaves out, or that --exclude names, is left as written.

` + filterHelp + `
` + excludeHelp + `
` + walkHelp + `
Files are rewritten in parallel (-j), and what is printed comes in the
order of the files, whatever -j. A file that cannot be read or written is
reported on standard error with its name, the others continue, and the
exit status is 1. At the end a summary line on standard error gives the
files scanned, changed, the links rewritten, those left as written
because they could not be rewritten (and among them the invalid ones,
which the URL Standard's parser rejects), the oversize text links and
the other oversize constructs passed over (when there are any), the files
skipped, the errors (and among them the conflicts) and the time; on a
terminal a progress bar shows the files and bytes done while it runs.
-q reports errors only (no warnings, progress bar or summary); -v also
reports each file: its links, those rewritten, those left as written
and why, and the constructs passed over; and each invalid link, at
FILE:LINE:COL: (in the file as read), as compilers write a place.

Examples (from the repository's root). What would change if the sample
site moved to https://example.org/ and its links became absolute: its
relative links, each in its own form (plain text has none), and nothing
else:

	$ relink rewrite -n -r --resolve absolute --base https://example.org/ testdata/site
	testdata/site/index.html	23
	testdata/site/ja/shift_jis.html	4
	testdata/site/ru/koi8-r.html	2
	testdata/site/zh/gbk.html	2

The links of a KOI8-R page as readable IRIs: only the query changes (a
browser would encode it in KOI8-R, so it must stay percent-encoded), and
the file stays in KOI8-R; --diff shows it decoded:

	$ relink rewrite -n --to iri testdata/site/ru/koi8-r.html
	testdata/site/ru/koi8-r.html	1

	relink rewrite --diff --to iri testdata/site/ru/koi8-r.html
	diff testdata/site/ru/koi8-r.html.orig testdata/site/ru/koi8-r.html (koi8-r, shown in UTF-8)
	--- testdata/site/ru/koi8-r.html.orig
	+++ testdata/site/ru/koi8-r.html
	@@ -2,6 +2,6 @@
	 <meta charset="koi8-r">
	 <title>Страница на русском</title></head>
	 <body>
	-<p><a href="поиск?q=Юникод">Поиск</a>, <a href="http://пример.испытание/путь">пример</a>,
	+<p><a href="поиск?q=%E0%CE%C9%CB%CF%C4">Поиск</a>, <a href="http://пример.испытание/путь">пример</a>,
	 <a href="/wiki/Кириллица#История">Кириллица</a>.</p>
	 </body></html>

The links of the plain-text notes as URIs: each IRI becomes its URI, and
a domain written without a scheme is left alone (--strict):

	$ relink rewrite -n --to uri testdata/site/notes.txt
	testdata/site/notes.txt	3

	relink rewrite --diff --to uri testdata/site/notes.txt
	diff testdata/site/notes.txt.orig testdata/site/notes.txt
	--- testdata/site/notes.txt.orig
	+++ testdata/site/notes.txt
	@@ -2,9 +2,9 @@

	 The spec lives at https://www.rfc-editor.org/rfc/rfc3987.html and its
	 revision at http://tools.ietf.org/html/draft-duerst-iri-bis-07.
	-IRIs in running text: http://例え.テスト/パス?クエリ=値, https://ru.wikipedia.org/wiki/Юникод.
	+IRIs in running text: http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9?%E3%82%AF%E3%82%A8%E3%83%AA=%E5%80%A4, https://ru.wikipedia.org/wiki/%D0%AE%D0%BD%D0%B8%D0%BA%D0%BE%D0%B4.
	 and (in parentheses: https://en.wikipedia.org/wiki/Bracket_(disambiguation)) too.
	-Arabic: https://ar.wikipedia.org/wiki/يونيكود ok.
	+Arabic: https://ar.wikipedia.org/wiki/%D9%8A%D9%88%D9%86%D9%8A%D9%83%D9%88%D8%AF ok.
	 Without a scheme: www.example.com/path and bücher.de/regal.
	 Mail martin@example.org, or write to 日本@例え.テスト.
	 A long one, wrapped as RFC 3986 Appendix C allows:
	 <http://www.example.com/a/very/long/path/that/was/

The Node.js API docs (a sample in testdata/nodedocs) moved from
https://nodejs.org/api/ to https://docs.example/node/: the page's
canonical link moves, and its link to the site's home, "/", which stays
behind, is made absolute; the relative links between the pages do not
change:

	$ relink rewrite -n -r --base https://nodejs.org/api/ --map https://nodejs.org/api=https://docs.example/node testdata/nodedocs/api
	testdata/nodedocs/api/documentation.html	2

Rewrite a copy of the site in place, keeping the originals as NAME.orig:

	relink rewrite -r -w --backup .orig --resolve relative --base https://example.org/ site
`,
	run: runRewrite,
}

// A rewriteRun is one run of relink rewrite.
type rewriteRun struct {
	cmd     *command
	e       *env
	opts    rewrite.Options
	filter  *filterFlags // --host, --role... once checked
	exclude excludeRE    // --exclude
	typ     extract.Type // 0 for --type auto
	write   bool
	dryRun  bool
	diff    bool
	backup  string
	jobs    []rewriteJob
	seen    map[string]bool // the absolute paths of the jobs, and of the trees with a final separator
	notes   []string        // warnings and errors of the walk, in order
	failed  bool
	skipped int
	errs    int

	walker    *walker    // the walk of -r
	roots     []*os.Root // the trees walked, open
	temps     tempFiles  // the temporary files of -w in flight
	conflicts int        // the files not written because another program changed them
	verb      verbosity  // -q, -v
}

// A rewriteJob is one file to rewrite.
type rewriteJob struct {
	path     string
	root     *os.Root // the tree the file was found in; nil for a file named on the command line
	rel      string   // the path of the file below root
	base     string   // the file's own URL
	index    int      // the job's index in rewriteRun.jobs
	explicit bool     // named on the command line
	size     int64
	note     string // a warning or error found while walking, printed before the file's result
}

// A rewriteResult is what became of a rewriteJob.
type rewriteResult struct {
	skip    string // why the file was skipped, if it was
	changed bool
	stats   rewrite.Stats
	diff    []byte
	err     error
	warns   string     // the warnings of oversize constructs
	drops   linkCounts // the constructs passed over
}

func runRewrite(cmd *command, args []string, e *env) int {
	fs := newFlagSet(cmd, e)
	to := choiceFlag(fs, "to", "keep", "the `FORM` of the links: keep (each link's own; only --map and --resolve change links), uri or iri", formNames)
	resolve := choiceFlag(fs, "resolve", "keep", "`HOW` to write relative links: keep them, make them absolute, or make links relative where they can be", resolveNames)
	base := fs.String("base", "", "the documents' own `URL` (for a directory, the URL of the directory)")
	typ := choiceFlag(fs, "type", "auto", "`TYPE` of the documents: auto, html, text, css, markdown, mail or xml", typeNames)
	charset := choiceFlag(fs, "charset", "", "the documents' charset, a WHATWG encoding `LABEL`, as an HTTP header would give it\n(a byte order mark still wins)", charsetNames)
	recurse := fs.Bool("recursive", false, "recurse into directories (with no FILE, the current directory)")
	shortTwin(fs, "r", "recursive")
	walk := addWalkFlags(fs)
	write := fs.Bool("write", false, "write the changed files in place")
	shortTwin(fs, "w", "write")
	var dryRun bool
	fs.BoolVar(&dryRun, "dry-run", false, "list the files that would change, and write nothing")
	shortTwin(fs, "n", "dry-run")
	diff := fs.Bool("diff", false, "print a unified diff of the changes of each file")
	jobs := fs.Int("jobs", 0, "rewrite `N` files in parallel (0: as many as the machine has cores)")
	shortTwin(fs, "j", "jobs")
	backup := fs.String("backup", "", "with -w, keep each original file as its name followed by `SUFFIX`")
	var vf verbosityFlags
	vf.register(fs)
	textLinks := fs.Bool("text-links", false, "also rewrite the links written as plain text in the text of HTML documents, each in the form\nit is written in (an address stays an address), never in pre, code, kbd, samp or tt\n(plain-text documents have no other)")
	strict := fs.Bool("strict", true, "in plain text, take for links only those written with a scheme, and email addresses;\n--strict=false also takes domains written without one (www.example.com, but also README.md)")
	filter := addFilterFlags(fs)
	var exclude excludeRE
	fs.Var(&exclude, "exclude", "leave alone the links whose href matches `REGEX` (repeatable)")
	var moves moveFlag
	fs.Var(&moves, "map", "move the links to the URL prefix OLD, and the documents under it, to the prefix NEW, given as `OLD=NEW`\n(repeatable; the longest OLD wins; relative links are matched with --base only)")
	var mf movesFlags
	addMovesFlags(fs, &mf)
	inputs, status := parseArgs(cmd, fs, args, e)
	if status >= 0 {
		return status
	}
	if msg := filter.check(); msg != "" {
		return usageError(cmd, e, "%s", msg)
	}
	rw := &rewriteRun{cmd: cmd, e: e, write: *write, dryRun: dryRun, diff: *diff, backup: *backup, filter: filter, exclude: exclude}
	rw.walker = newWalker(walk, func(path string, line int, err error, warning bool) {
		if warning {
			rw.warn(position(path, line, 0), err.Error())
		} else {
			rw.fail(path, err)
		}
	})
	// The temporary files of an interrupted run are reported, hidden as
	// they are.
	rw.walker.seen = isRewriteTemp
	if rw.verb, status = vf.level(cmd, e); status >= 0 {
		return status
	}
	rw.opts.BaseURL = *base
	rw.opts.Charset = *charset
	rw.opts.TextLinks = *textLinks
	rw.opts.StrictText = *strict
	if status := checkCharsetBase(cmd, e, *charset, *base); status >= 0 {
		return status
	}
	if len(moves.args) > 0 || mf.any() {
		root := *base
		if root == "" && mf.mdToHTML {
			// The tree is a site of its own: its relative links
			// resolve, and move, between its files.
			root = treeBase
			rw.opts.BaseURL = treeBase
		}
		m, err := mf.mover(&moves.m, *base, root, func(w string) {
			if rw.verb != quiet {
				fmt.Fprintf(e.stderr, "relink rewrite: %s\n", w)
			}
		})
		if err != nil {
			fmt.Fprintf(e.stderr, "relink rewrite: %v\n", err)
			return exitUsage
		}
		rw.opts.Map = m.Map
	}
	switch *to {
	case "keep":
		rw.opts.To = rewrite.FormKeep
	case "uri":
		rw.opts.To = rewrite.FormURI
	case "iri":
		rw.opts.To = rewrite.FormIRI
	default:
		return usageError(cmd, e, "unknown --to %q (want keep, uri or iri)", *to)
	}
	switch *resolve {
	case "keep":
		rw.opts.Resolve = rewrite.ResolveKeep
	case "absolute":
		rw.opts.Resolve = rewrite.ResolveAbsolute
	case "relative":
		rw.opts.Resolve = rewrite.ResolveRelative
	default:
		return usageError(cmd, e, "unknown --resolve %q (want keep, absolute or relative)", *resolve)
	}
	if rw.typ, status = parseType(cmd, e, *typ); status >= 0 {
		return status
	}
	if rw.opts.Resolve != rewrite.ResolveKeep && *base == "" && rw.typ != extract.TypeText {
		// Relative links in HTML would have nothing to resolve against,
		// and would be left as they are without a word.
		return usageError(cmd, e, "--resolve %s needs --base URL, the documents' own URL (for a directory, the URL of the directory); only plain text (--type text) does without", *resolve)
	}
	if status := checkCharsetBase(cmd, e, *charset, *base); status >= 0 {
		return status
	}
	if *jobs < 0 {
		return usageError(cmd, e, "-j %d: want a positive number, or 0 for one per core", *jobs)
	}
	if *jobs == 0 {
		*jobs = runtime.NumCPU()
	}
	if *write && dryRun {
		return usageError(cmd, e, "-w and -n together: -n writes nothing")
	}
	if *backup != "" && !*write {
		return usageError(cmd, e, "--backup needs -w")
	}
	if *backup != "" && strings.ContainsRune(*backup, filepath.Separator) {
		return usageError(cmd, e, "--backup %s: a suffix, not a path", quote(*backup))
	}
	if len(inputs) == 0 && *recurse {
		inputs = []string{"."} // as grep -r and rg
	}
	if len(inputs) == 1 && inputs[0] == "-" {
		inputs = nil // standard input, named
	}
	if slices.Contains(inputs, "-") {
		return usageError(cmd, e, `"-" (standard input) is rewritten alone, to standard output`)
	}
	if len(inputs) == 0 {
		if *write {
			return usageError(cmd, e, "-w needs FILE arguments (standard input is rewritten to standard output)")
		}
		if dryRun || *diff {
			return rw.stdinCheck()
		}
		return rw.stdin()
	}
	toStdout := !*write && !dryRun && !*diff
	if toStdout && len(inputs) > 1 {
		return usageError(cmd, e, "several files need -w, -n or --diff (standard output takes one file)")
	}
	for _, in := range inputs {
		rw.input(in, *recurse)
	}
	if toStdout && len(rw.jobs) > 1 || toStdout && len(rw.jobs) == 1 && !rw.jobs[0].explicit {
		return usageError(cmd, e, "a directory needs -w, -n or --diff (standard output takes one file)")
	}
	if testHookWalked != nil {
		testHookWalked()
	}
	return rw.runJobs(*jobs, toStdout)
}

// stdin rewrites standard input to standard output.
func (rw *rewriteRun) stdin() int {
	br := bufio.NewReaderSize(rw.e.stdin, 64<<10)
	typ := rw.typ
	if typ == 0 {
		head, _ := br.Peek(1024)
		typ = extract.TypeOf("", head)
	}
	var res rewriteResult
	t := rewrite.New(typ, rw.warnOversize(rw.opts, "-", &res))
	wk := &rewriteWorker{br: br}
	err := wk.transform(rw.e.stdout, t)
	res.stats = t.Stats()
	if rw.verb != quiet {
		res.warns += guessWarning(rw.prefix(), "-", t)
	}
	io.WriteString(rw.e.stderr, res.warns)
	if err == nil && rw.verb == verbose {
		io.WriteString(rw.e.stderr, rewriteNote(rw.prefix(), "-", &res))
	}
	if err != nil {
		fmt.Fprintf(rw.e.stderr, "%s-: %v\n", rw.prefix(), err)
		return exitFail
	}
	return exitOK
}

// stdinCheck prints what rewriting standard input would change: with
// --diff, its diff, labelled "<stdin>" (the input) and "<stdin>
// rewritten"; with -n alone, "-", a tab and the number of links that
// would change. Standard input is read whole, as a file is for --diff.
func (rw *rewriteRun) stdinCheck() int {
	old, err := io.ReadAll(rw.e.stdin)
	if err != nil {
		fmt.Fprintf(rw.e.stderr, "%sreading standard input: %v\n", rw.prefix(), err)
		return exitFail
	}
	typ := rw.typ
	if typ == 0 {
		typ = extract.TypeOf("", old[:min(len(old), 1024)])
	}
	var res rewriteResult
	t := rewrite.New(typ, rw.warnOversize(rw.opts, "-", &res))
	new, _, err := transform.Bytes(t, old)
	io.WriteString(rw.e.stderr, res.warns)
	if err != nil {
		fmt.Fprintf(rw.e.stderr, "%s-: %v\n", rw.prefix(), err)
		return exitFail
	}
	res.stats = t.Stats()
	if rw.verb == verbose {
		io.WriteString(rw.e.stderr, rewriteNote(rw.prefix(), "-", &res))
	}
	var out []byte
	switch {
	case res.stats.Rewritten == 0:
	case rw.diff:
		out = labeledDiff("<stdin>", "<stdin> rewritten", t.Charset().Name, decodeFor(t, old), decodeFor(t, new))
	default:
		out = fmt.Appendf(nil, "-\t%d\n", res.stats.Rewritten)
	}
	if _, err := rw.e.stdout.Write(out); err != nil {
		fmt.Fprintf(rw.e.stderr, "%swriting output: %v\n", rw.prefix(), err)
		return exitFail
	}
	return exitOK
}

// warnOversize returns opts with an Oversize function that counts the
// constructs of the file path passed over in res.drops and adds their
// warnings to res.warns (unless -q), and with -v an Invalid function that
// adds a note for each invalid link, with its place. Without -v no
// link's line and column is printed, and none is counted (NoPosition:
// an oversize warning has its place all the same).
func (rw *rewriteRun) warnOversize(opts rewrite.Options, path string, res *rewriteResult) rewrite.Options {
	opts.NoPosition = rw.verb != verbose
	opts.Oversize = func(e *extract.OversizeError) {
		res.drops.addOversize(e)
		if rw.verb != quiet {
			res.warns += oversizeWarning(rw.cmd.name, path, e)
		}
	}
	if rw.verb == verbose {
		opts.Invalid = func(l *extract.Link) {
			res.warns += invalidNote(rw.cmd.name, path, l, "left as written")
		}
	}
	return opts
}

// input adds the files of the command-line argument in to the jobs.
func (rw *rewriteRun) input(in string, recurse bool) {
	info, err := os.Lstat(in)
	switch {
	case err != nil:
		rw.fail(in, err)
	case info.Mode()&fs.ModeSymlink != 0:
		rw.warn(in, "symbolic link, skipped (rewrite the file it points to)")
	case info.IsDir() && !recurse:
		rw.fail(in, errors.New("is a directory (use -r)"))
	case info.IsDir():
		rw.tree(in)
	case !info.Mode().IsRegular():
		rw.warn(in, "not a regular file, skipped")
	default:
		rw.add(rewriteJob{path: in, base: rw.opts.BaseURL, explicit: true, size: info.Size()})
	}
}

// tree adds the files below dir, in lexical order.
func (rw *rewriteRun) tree(dir string) {
	if key, err := filepath.Abs(dir); err == nil {
		if rw.seen[key+string(filepath.Separator)] {
			return // given twice
		}
		if rw.seen == nil {
			rw.seen = map[string]bool{}
		}
		rw.seen[key+string(filepath.Separator)] = true
	}
	// The tree's directory is opened first: each file is reached from
	// it, one directory at a time, never through a symbolic link.
	tr, err := os.OpenRoot(dir)
	if err != nil {
		rw.fail(dir, err)
		return
	}
	rw.roots = append(rw.roots, tr)
	root := rw.opts.BaseURL
	rw.walker.walk(dir, func(path, rel string, d fs.DirEntry, err error) {
		if err != nil {
			rw.fail(path, err)
			return
		}
		name := d.Name()
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			rw.warn(path, "symbolic link, skipped (rewrite never follows a link out of the tree)")
			return
		case !d.Type().IsRegular():
			rw.warn(path, "not a regular file, skipped")
			return
		case isRewriteTemp(name):
			rw.warn(path, "temporary file of an interrupted rewrite, skipped (remove it)")
			return
		case rw.backup != "" && strings.HasSuffix(name, rw.backup):
			return // a backup
		case rw.typ == 0 && extract.TypeByName(name) == 0:
			rw.skipped++
			return
		}
		var size int64
		if info, err := d.Info(); err == nil {
			size = info.Size()
		}
		base := ""
		if root != "" {
			base = weburl.FileURL(root, filepath.ToSlash(rel))
		}
		rw.add(rewriteJob{path: path, root: tr, rel: rel, base: base, size: size})
	})
}

// add adds j to the jobs unless its file is there already (named twice,
// or in two trees given): two jobs must never write the same file.
func (rw *rewriteRun) add(j rewriteJob) {
	key, err := filepath.Abs(j.path)
	if err != nil {
		key = filepath.Clean(j.path)
	}
	if rw.seen[key] {
		return
	}
	if rw.seen == nil {
		rw.seen = map[string]bool{}
	}
	rw.seen[key] = true
	j.note = rw.takeNotes()
	j.index = len(rw.jobs)
	rw.jobs = append(rw.jobs, j)
}

// isRewriteTemp reports whether name is that of a temporary file of
// writeAtomic: ".NAME.relink-DIGITS".
func isRewriteTemp(name string) bool {
	i := strings.LastIndex(name, ".relink-")
	if !strings.HasPrefix(name, ".") || i <= 0 || i+len(".relink-") == len(name) {
		return false
	}
	for _, c := range name[i+len(".relink-"):] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func (rw *rewriteRun) warn(path, msg string) {
	if rw.verb == quiet {
		return
	}
	rw.notes = append(rw.notes, fmt.Sprintf("%s%s: warning: %s\n", rw.prefix(), path, msg))
}

func (rw *rewriteRun) fail(path string, err error) {
	rw.failed = true
	rw.errs++
	rw.notes = append(rw.notes, fmt.Sprintf("%s%s: %v\n", rw.prefix(), path, pathErr(err)))
}

// takeNotes returns the notes so far, to be printed before the next job's
// result, and clears them.
func (rw *rewriteRun) takeNotes() string {
	s := strings.Join(rw.notes, "")
	rw.notes = rw.notes[:0]
	return s
}

// pathErr returns the error of a *fs.PathError, whose path the message
// gives already.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// runJobs rewrites the files of the jobs, n at a time, and prints what
// there is to print in the order of the jobs. With -w, SIGINT and SIGTERM
// stop the run: no file is started or renamed into place after, the
// temporary files in flight are removed, a partial summary is printed and
// the status is that of the signal (128 plus its number); a second signal
// exits at once.
func (rw *rewriteRun) runJobs(n int, toStdout bool) int {
	start := time.Now()
	defer func() {
		for _, r := range rw.roots {
			r.Close()
		}
	}()
	var signals chan os.Signal
	if rw.write {
		signals = make(chan os.Signal, 2)
		signal.Notify(signals, stopSignals...)
		defer signal.Stop(signals)
	}
	out := bufio.NewWriterSize(rw.e.stdout, 64<<10)
	rep := &jobReport{rw: rw, out: out, toStdout: toStdout,
		prog: newProgress(rw.e.stderr, rw.jobs, !toStdout && rw.verb != quiet)}
	pool := rw.startJobs(n, toStdout, out)
	sig := pool.collect(signals, rep.take)
	var interrupted string
	exit := exitOK
	if sig != nil {
		interrupted, exit = rw.interrupt(sig, signals, pool, rep)
	} else {
		pool.wg.Wait()
	}
	if err := out.Flush(); rep.werr == nil {
		rep.werr = err
	}
	rep.prog.finish(sig == nil)
	rep.prog.print(rw.takeNotes())
	if rep.werr != nil {
		fmt.Fprintf(rw.e.stderr, "%swriting output: %v\n", rw.prefix(), rep.werr)
		rw.failed = true
	}
	io.WriteString(rw.e.stderr, interrupted)
	if rw.verb != quiet {
		io.WriteString(rw.e.stderr, rep.summary(time.Since(start)))
	}
	if exit != exitOK {
		return exit
	}
	if rw.failed {
		return exitFail
	}
	return exitOK
}

// A jobPool runs the jobs of a rewriteRun on its workers and hands their
// results over in the order of the jobs.
type jobPool struct {
	results []rewriteResult
	ready   []chan struct{} // closed when the result of its job is in
	next    chan int        // the jobs to start, by index
	stop    chan struct{}   // closed by a signal: start no more files
	// window holds a token for each job started and not yet taken: the
	// workers run at most its capacity of files ahead of the printing.
	window chan struct{}
	wg     sync.WaitGroup
	taken  int // the jobs whose results have been taken, in order
}

// startJobs starts n workers on the jobs (fewer when there are fewer
// jobs); each file is written to out with toStdout.
func (rw *rewriteRun) startJobs(n int, toStdout bool, out *bufio.Writer) *jobPool {
	p := &jobPool{
		results: make([]rewriteResult, len(rw.jobs)),
		ready:   make([]chan struct{}, len(rw.jobs)),
		stop:    make(chan struct{}),
	}
	for i := range p.ready {
		p.ready[i] = make(chan struct{})
	}
	// The diffs waiting to be printed stay few. Without diffs a result
	// is a few counts, and a wide window keeps a worker busy while
	// another one reads a large file.
	ahead := 4 * n
	if !rw.diff {
		ahead = 1024
	}
	p.window = make(chan struct{}, ahead)
	// The jobs to start wait in next, as many as the window lets feed
	// send: a worker takes the next one without waiting for feed to be
	// run, and feed does not wait for a worker.
	p.next = make(chan int, ahead)
	var w *bufio.Writer
	if toStdout {
		w = out
	}
	for range min(n, max(len(rw.jobs), 1)) {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			// Each worker reads its files through one buffer, and
			// rewrites its HTML files with one rewriter.
			wk := &rewriteWorker{br: bufio.NewReaderSize(nil, 64<<10)}
			defer func() { wk.dir.close() }()
			for i, ok := p.job(); ok; i, ok = p.job() {
				p.results[i] = rw.file(&rw.jobs[i], wk, w)
				close(p.ready[i])
			}
		}()
	}
	go p.feed()
	return p
}

// job returns the index of the next job for a worker to start, and
// true; or false when there is none, or when stop is closed: after a
// signal no job is started, even one that feed has handed over.
func (p *jobPool) job() (int, bool) {
	i, ok := <-p.next
	if !ok {
		return 0, false
	}
	select {
	case <-p.stop:
		return 0, false
	default:
		return i, true
	}
}

// feed hands the jobs to the workers, in order, as the window lets it,
// until they are all started or stop is closed.
func (p *jobPool) feed() {
	defer close(p.next)
	for i := range p.ready {
		select {
		case p.window <- struct{}{}:
		case <-p.stop:
			return
		}
		select {
		case p.next <- i:
		case <-p.stop:
			return
		}
	}
}

// collect gives take the result of each job in order, as it comes in,
// until all are taken or a signal comes, which it returns (nil when all
// are taken).
func (p *jobPool) collect(signals <-chan os.Signal, take func(int, *rewriteResult)) os.Signal {
	for ; p.taken < len(p.ready); p.taken++ {
		select {
		case <-p.ready[p.taken]:
		case sig := <-signals:
			return sig
		}
		p.take(p.taken, take)
		<-p.window
	}
	return nil
}

// take gives take the result of job i, then forgets it.
func (p *jobPool) take(i int, take func(int, *rewriteResult)) {
	take(i, &p.results[i])
	p.results[i] = rewriteResult{}
}

// drain stops the pool: no job is started after; it waits for the
// workers and gives take the results of the jobs not taken that are in.
func (p *jobPool) drain(take func(int, *rewriteResult)) {
	p.wg.Wait()
	for ; p.taken < len(p.ready); p.taken++ {
		select {
		case <-p.ready[p.taken]:
			p.take(p.taken, take)
		default:
		}
	}
}

// interrupt stops the run for the signal sig: it closes the pool, removes
// the temporary files in flight, counts the files renamed into place
// before the signal, and returns the line that says so and the exit
// status of the signal. A further signal on signals exits at once.
func (rw *rewriteRun) interrupt(sig os.Signal, signals <-chan os.Signal, p *jobPool, rep *jobReport) (string, int) {
	name, status := signalStatus(sig)
	close(p.stop)
	written, errs := rw.temps.stop()
	go func() {
		// A second signal: exit at once; no temporary file is left but
		// those the removals above failed to remove.
		<-signals
		os.Exit(status)
	}()
	if testHookInterrupted != nil {
		testHookInterrupted()
	}
	rep.prog.clear()
	// The workers stop soon: no file is started, no temporary file
	// created or renamed, and a file being read fails at its next read
	// (interruptible). Each file renamed into place before the signal is
	// counted in the summary once its worker is done, which it may not
	// be yet: waiting for them all keeps the summary's counts those of
	// the files written.
	p.drain(rep.take)
	for _, err := range errs {
		fmt.Fprintf(rw.e.stderr, "%sremoving a temporary file: %v\n", rw.prefix(), err)
	}
	left := "no temporary file left"
	if len(errs) > 0 {
		left = plural(len(errs), "temporary file") + " left"
	}
	return fmt.Sprintf("%sinterrupted by %s: %s written, the other %d left as they were, %s\n",
		rw.prefix(), name, plural(written, "file"), len(rw.jobs)-written, left), status
}

// A jobReport prints the result of each job, in order, and counts them
// for the summary.
type jobReport struct {
	rw       *rewriteRun
	prog     *progress
	out      *bufio.Writer // the list of -n, the diffs of --diff
	toStdout bool          // each file is written to standard output

	scanned, changed, links int
	kept                    rewrite.Stats // the links left as written, and of them the invalid ones
	drops                   linkCounts    // the constructs passed over
	werr                    error         // the first error writing out
}

// take prints the notes, warnings, errors and output of job i, whose
// result is r, and counts it.
func (rep *jobReport) take(i int, r *rewriteResult) {
	rw := rep.rw
	j := &rw.jobs[i]
	rep.prog.step(i, j.size)
	rep.prog.print(j.note)
	rep.prog.print(r.warns)
	switch {
	case errors.Is(r.err, errInterrupted):
	case r.err != nil:
		rw.errs++
		rw.failed = true
		if r.err == errConflict {
			rw.conflicts++
		}
		rep.prog.print(fmt.Sprintf("%s%s: %v\n", rep.rw.prefix(), j.path, pathErr(r.err)))
	case r.skip != "":
		rw.skipped++
		if rw.verb != quiet {
			rep.prog.print(fmt.Sprintf("%s%s: warning: %s\n", rep.rw.prefix(), j.path, r.skip))
		}
	case rw.verb == verbose:
		rep.prog.print(rewriteNote(rep.rw.prefix(), j.path, r))
	}
	if r.skip == "" && r.err == nil {
		rep.scanned++
		rep.kept.Kept += r.stats.Kept
		rep.kept.Invalid += r.stats.Invalid
		rep.kept.Guessed += r.stats.Guessed
		rep.kept.Placeholders += r.stats.Placeholders
		rep.drops.add(r.drops)
	}
	if r.changed && r.err == nil {
		rep.changed++
		rep.links += r.stats.Rewritten
		if rep.werr == nil && !rep.toStdout {
			if rw.dryRun && !rw.diff {
				_, rep.werr = fmt.Fprintf(rep.out, "%s\t%d\n", tsvField(j.path), r.stats.Rewritten)
			}
			if rw.diff {
				_, rep.werr = rep.out.Write(r.diff)
			}
		}
	}
}

// summary returns the summary line of the run, which took elapsed.
func (rep *jobReport) summary(elapsed time.Duration) string {
	rw := rep.rw
	verb := "changed"
	if rw.dryRun || !rw.write && !rep.toStdout {
		verb = "to change"
	}
	errs := plural(rw.errs, "error")
	if rw.conflicts > 0 {
		errs += fmt.Sprintf(" (%s)", plural(rw.conflicts, "conflict"))
	}
	left := ""
	if rep.kept.Kept > 0 {
		left = fmt.Sprintf(", %d left as written (%s)", rep.kept.Kept, keptNote(rep.kept))
	}
	return fmt.Sprintf("%s%s scanned, %d %s, %s rewritten%s%s, %d skipped, %s, %v\n",
		rep.rw.prefix(), plural(rep.scanned, "file"), rep.changed, verb, plural(rep.links, "link"), left, rep.drops.dropNote(), rw.skipped, errs,
		elapsed.Round(time.Millisecond))
}

// progress is the progress bar of relink rewrite on a terminal, and the
// messages printed around it; with no terminal, or when not shown, only
// the messages.
type progress struct {
	stderr io.Writer
	bar    *progressbar.ProgressBar // nil when not shown
	files  int
}

// newProgress returns the progress of the jobs on stderr, with a bar
// when show is true and stderr is a terminal.
func newProgress(stderr io.Writer, jobs []rewriteJob, show bool) *progress {
	p := &progress{stderr: stderr, files: len(jobs)}
	f, ok := terminalFile(stderr)
	if !show || !ok || !term.IsTerminal(int(f.Fd())) {
		return p
	}
	var total int64
	for _, j := range jobs {
		total += j.size
	}
	p.bar = progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(f),
		progressbar.OptionShowBytes(true),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetDescription(fmt.Sprintf("0/%d files", len(jobs))))
	return p
}

// print writes s on stderr, the bar cleared first.
func (p *progress) print(s string) {
	if s == "" {
		return
	}
	p.clear()
	io.WriteString(p.stderr, s)
}

// step moves the bar past job i, of size bytes. Only the goroutine that
// prints uses the bar: its Clear is not synchronized with its rendering.
func (p *progress) step(i int, size int64) {
	if p.bar != nil {
		p.bar.Describe(fmt.Sprintf("%d/%d files", i+1, p.files))
		p.bar.Add64(size)
	}
}

func (p *progress) clear() {
	if p.bar != nil {
		p.bar.Clear()
	}
}

// finish ends the bar, full when the run is complete, and clears it.
func (p *progress) finish(complete bool) {
	if p.bar == nil {
		return
	}
	if complete {
		p.bar.Finish()
	}
	p.bar.Clear()
}

// plural returns n and the noun, in the plural unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// A rewriteWorker is what a worker of relink rewrite keeps from one file
// to the next: its read buffer, its HTML rewriter with the extractor,
// tokenizer and buffers it has grown, readied for each file with
// ResetOptions, its output buffer, and the directory of its last file of
// a tree, open (see openFileDir). Making them anew for each file of a
// tree was most of the run's garbage.
type rewriteWorker struct {
	br   *bufio.Reader
	html *rewrite.HTML
	dst  []byte   // what Transform writes, until it is written out
	dir  *fileDir // the directory of the last file of a tree, open
}

// Sizes of a rewriteWorker's output buffer: what a rewriter writes is
// written out once flushAt bytes of it are in (one write for each 64 KiB
// of input, or more), or at the end; the buffer holds what one Transform
// call writes after that.
const (
	rewriteFlushAt = 64 << 10
	rewriteDstSize = 2 * rewriteFlushAt
)

var errTransformCount = errors.New("transform: inconsistent byte count returned")

// transform writes to w (nowhere when w is nil) what t makes of the rest
// of what wk.br reads, t reset first: t's Transform reads the bytes in
// wk.br's buffer where they are, and its output is written out
// rewriteFlushAt bytes or more at a time. transform.NewReader, which it
// replaces, copies both through buffers of 4 KiB of its own, made anew
// for each file, and has them written 4 KiB at a time. As with
// transform.NewReader, a Transform that wants more input than the buffer
// holds (ErrShortSrc) or more room than an empty output buffer has
// (ErrShortDst) without taking any of it fails with that error.
func (wk *rewriteWorker) transform(w io.Writer, t transform.Transformer) error {
	t.Reset()
	if wk.dst == nil {
		wk.dst = make([]byte, rewriteDstSize)
	}
	br, dst, n := wk.br, wk.dst, 0
	flush := func() error {
		if n == 0 || w == nil {
			n = 0
			return nil
		}
		_, err := w.Write(dst[:n])
		n = 0
		return err
	}
	for {
		// All that is left, up to the buffer's size: an error other
		// than io.EOF comes with fewer bytes.
		src, rerr := br.Peek(br.Size())
		if rerr != nil && rerr != io.EOF {
			return rerr
		}
		atEOF := rerr == io.EOF
		nd, ns, err := t.Transform(dst[n:], src, atEOF)
		n += nd
		br.Discard(ns)
		switch {
		case err == nil:
			if ns != len(src) {
				return errTransformCount
			}
			if atEOF {
				return flush()
			}
		case err == transform.ErrShortDst && (nd > 0 || ns > 0 || n > 0):
			if err := flush(); err != nil {
				return err
			}
			continue
		case err == transform.ErrShortSrc && !atEOF && (ns > 0 || len(src) < br.Size()):
			continue // Peek reads more, after what is left
		default:
			return err
		}
		if n >= rewriteFlushAt {
			if err := flush(); err != nil {
				return err
			}
		}
	}
}

// rewriter returns the rewriter of a document of type typ, configured by
// opts: the worker's own for HTML, a new one for the other types.
func (wk *rewriteWorker) rewriter(typ extract.Type, opts rewrite.Options) rewrite.Rewriter {
	if typ != extract.TypeHTML {
		return rewrite.New(typ, opts)
	}
	if wk.html == nil {
		wk.html = rewrite.NewHTML(opts)
	} else {
		wk.html.ResetOptions(opts)
	}
	return wk.html
}

// file rewrites the file of j with the worker wk: to stdout when it is
// not nil, else as the flags say.
func (rw *rewriteRun) file(j *rewriteJob, wk *rewriteWorker, stdout *bufio.Writer) (res rewriteResult) {
	br := wk.br
	d, name, err := openFileDir(j, wk.dir)
	wk.dir = d
	if err != nil {
		return rewriteResult{err: err}
	}
	if d.own {
		wk.dir = nil
		defer d.close()
	}
	f, err := openRewrite(d.dir(), name)
	if err != nil {
		return rewriteResult{err: err}
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return rewriteResult{err: err}
	}
	if !info.Mode().IsRegular() {
		return rewriteResult{skip: "not a regular file, skipped"}
	}
	if err := setBlocking(f); err != nil {
		return rewriteResult{err: err}
	}
	var src io.Reader = f
	if rw.write {
		src = interruptible{f, &rw.temps}
	}
	// A symbolic link put in the file's place since the walk is not
	// followed (os.Root follows one that stays in the directory).
	if now, err := d.dir().Lstat(name); err != nil || !os.SameFile(now, info) {
		if err == nil && now.Mode()&fs.ModeSymlink != 0 {
			return rewriteResult{skip: "symbolic link, skipped (rewrite never follows a link out of the tree)"}
		}
		return rewriteResult{err: errConflict}
	}
	br.Reset(src)
	defer br.Reset(nil)
	head, err := br.Peek(1024)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return rewriteResult{err: err}
	}
	if isBinary(head) {
		return rewriteResult{skip: "binary, skipped"}
	}
	typ := rw.typ
	if typ == 0 {
		// By name, then by content; but a file written in place is taken
		// for text only by its name: a script or a data file that does
		// not look like HTML is no text to rewrite.
		if typ = extract.TypeByName(j.path); typ == 0 {
			if typ = extract.TypeOf("", head); typ != extract.TypeHTML && typ != extract.TypeXML {
				return rewriteResult{skip: "neither HTML nor a text file by its name, skipped (use --type text to rewrite it)"}
			}
		}
	}
	if typ == extract.TypeMail {
		if j.explicit {
			return rewriteResult{err: rewrite.ErrMail}
		}
		return rewriteResult{skip: "mail message, skipped (rewrite does not rewrite mail; --type text rewrites it as plain text)"}
	}
	opts := rw.opts
	opts.BaseURL = j.base
	if rw.filter.on || len(rw.exclude) > 0 {
		lf, doc := rw.filter.newFilter(), j.base
		opts.Keep = func(l *extract.Link) bool {
			return (!rw.filter.on || lf.Match(l, doc)) && !rw.exclude.match(l)
		}
	}
	t := wk.rewriter(typ, rw.warnOversize(opts, j.path, &res))
	if stdout != nil {
		err := wk.transform(stdout, t)
		if err == nil {
			err = stdout.Flush()
		}
		res.stats = t.Stats()
		res.changed = res.stats.Rewritten > 0
		res.err = err
		if rw.verb != quiet {
			res.warns += guessWarning(rw.prefix(), j.path, t)
		}
		return res
	}

	// A first pass finds whether anything changes: a link whose bytes
	// change is the only change a rewriter makes.
	if err := wk.transform(nil, t); err != nil {
		return rewriteResult{err: err}
	}
	res.stats = t.Stats()
	if rw.verb != quiet {
		res.warns += guessWarning(rw.prefix(), j.path, t)
	}
	if res.stats.Rewritten == 0 {
		return res
	}
	res.changed = true
	if !rw.diff && !rw.write {
		return res
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return rewriteResult{err: err}
	}
	// The second pass: t itself once more for HTML (res.stats holds what
	// the first found).
	t2 := wk.rewriter(typ, opts)
	check := func() error {
		if t2.Stats() != res.stats {
			return errConflict
		}
		return nil
	}
	if rw.diff {
		old, err := io.ReadAll(src)
		f.Close()
		if err != nil {
			return rewriteResult{err: err}
		}
		new, _, err := transform.Bytes(t2, old)
		if err == nil {
			err = check()
		}
		if err != nil {
			return rewriteResult{err: err}
		}
		res.diff = fileDiff(j.path, t.Charset().Name, decodeFor(t, old), decodeFor(t, new))
		if rw.write {
			res.err = rw.writeAtomic(d, name, j, info, func(w io.Writer) error {
				_, err := w.Write(new)
				return err
			})
		}
		return res
	}
	res.err = rw.writeAtomic(d, name, j, info, func(w io.Writer) error {
		br.Reset(src)
		if err := wk.transform(w, t2); err != nil {
			return err
		}
		f.Close() // before the rename: Windows cannot rename over an open file
		return check()
	})
	return res
}

// prefix returns what each message of the run starts with: "relink
// rewrite: ", or the name of the command that runs the rewrite ("relink
// mv: ").
func (rw *rewriteRun) prefix() string { return "relink " + rw.cmd.name + ": " }

// guessWarning returns the warning, after prefix, for the links of the document that t
// has rewritten, at path, that were left as written because its charset
// is only a guess, or "" when there are none.
func guessWarning(prefix, path string, t rewrite.Rewriter) string {
	st, cs := t.Stats(), t.Charset()
	if st.Guessed == 0 || !cs.Guessed {
		return ""
	}
	return fmt.Sprintf("%s%s: warning: charset guessed as %s (nothing declares it): %s left as written, "+
		"since what they would become depends on the guess (only ASCII is written); give --charset to rewrite them\n",
		prefix, path, cs.Name, plural(st.Guessed, "link"))
}

// isBinary reports whether the first bytes of a file, head, are those of
// a binary file: a NUL byte without a UTF-16 byte order mark.
func isBinary(head []byte) bool {
	if bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}) {
		return false
	}
	return bytes.IndexByte(head, 0) >= 0
}

// decodeFor returns b decoded to UTF-8 from the charset t found.
func decodeFor(t rewrite.Rewriter, b []byte) string {
	cs := t.Charset()
	if cs.Encoding == nil || cs.Name == "utf-8" {
		return string(b)
	}
	s, _, err := transform.Bytes(cs.Encoding.NewDecoder(), b)
	if err != nil {
		return string(b)
	}
	return string(s)
}
