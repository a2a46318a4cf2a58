package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/sitecheck"
)

var verifyCommand = &command{
	name:    "verify",
	summary: "check offline that every internal link of a site's files reaches a file and an anchor",
	usage:   "relink verify [flags] [DIR]",
	help: `Verify checks, offline, the links of the tree of files DIR (the current
directory when there is none) as the tree will be served at --base: every
link that resolves inside the site must reach a file of the tree, and every
#fragment an anchor of that file. It reads HTML, CSS, Markdown and plain
text, as relink extract does (-r is implied: the whole tree is walked).

A link is internal when it is relative, or absolute with the origin
(scheme, host and port) of --base; it must then lie below the path of
--base (else it is "outside the tree") and name a file of the tree, as a
static server maps URLs to files: the URL of a directory serves its index
file (--index, index.html by default; several names are tried in order,
README.md,index.md for a tree of Markdown), and with --pretty-urls the
URL path x serves x.html when there is no file x; with --md-pages, for a
tree of the Markdown sources of a site, a link to x.html reaches x.md
when there is no file x.html. The query is ignored.
Without --base the tree is taken to be served at https://site.invalid/,
so that "/x" is the root's x and every absolute URL is external.

A fragment must name an anchor of its target: in HTML the id of an element
or the name of an a element (read in the document's charset), or the top
of the page ("#" and "#top"); in Markdown the id its renderer gives a
heading, in the dialect --slug names (github, the default; gitlab; mkdocs;
hugo; pandoc), repeated headings told apart as each renderer does ("-1",
"_1" for mkdocs), or the id of an explicit attribute list ("## Title
{#id}"), and the ids of its raw HTML. Fragments are compared with case,
as written and percent-decoded. The fragment of a link to another type of
file (an image, a text file) is not checked. The anchors of each target
are read once and kept for the next links to it, within 32 MiB (those
least recently used are dropped and read again); a target larger than
64 MiB is not read for anchors.

Each broken link is a line on standard output, as compilers write their
errors, FILE:LINE:COL: (FILE as walked, DIR included), the link as
written, then why: "missing file" (with the path it names below DIR), "missing anchor" (and the file searched),
"outside the tree", "invalid URL" (the URL Standard's parser rejects it).
--format jsonl writes one JSON object per link instead, with the fields of
relink extract --format jsonl (file, tag, attr, role, value, href, uri,
iri, start, end, line, column...) and status ("missing file", "missing
anchor", "outside the tree", "invalid URL"; "external" with --external)
and target. External links are never fetched: --external also lists them
(status "external"); to check them online, give them to a link checker:

	relink extract -r --external --format uri DIR | lychee -

A summary on standard error counts the files, the links checked, the
broken ones and the external ones (-q: none). A construct too long to
examine (a tag longer than 1 MiB...) is passed over with a warning that
gives its place, as relink extract does, and counted in the summary. The exit status is 1 when a
link is broken or a file cannot be read, 0 otherwise.

The filters of relink extract choose the links checked (the others are
neither checked nor counted), but for --same-site and --external: here
--external lists the links out of the site.

` + filterHelp[strings.Index(filterHelp, "\t--scheme"):strings.Index(filterHelp, "\t--same-site")] + `
` + excludeHelp + `
` + walkHelp + `
Examples (from the repository's root):

	$ relink verify sitecheck/testdata/site/sub
	sitecheck/testdata/site/sub/index.html:1:41: page: missing file page
	sitecheck/testdata/site/sub/index.html:1:65: ../../outside.html: missing file outside.html
	sitecheck/testdata/site/sub/page.html:2:10: ../doc.html#custom: missing file doc.html

The same tree served below a path, with pretty URLs:

	$ relink verify --pretty-urls --base https://example.org/docs/sub/ sitecheck/testdata/site/sub
	sitecheck/testdata/site/sub/index.html:1:10: ../index.html: outside the tree
	sitecheck/testdata/site/sub/index.html:1:65: ../../outside.html: outside the tree
	sitecheck/testdata/site/sub/page.html:2:10: ../doc.html#custom: outside the tree

A tree of Markdown rendered by MkDocs, checked in CI:

	relink verify --slug mkdocs --index index.md,README.md docs
`,
	run: runVerify,
}

// verifier is the state of a run of relink verify.
type verifier struct {
	check    *sitecheck.Checker
	format   string
	external bool
	verb     verbosity
	out      *lineWriter
	stderr   io.Writer
	jbuf     []byte
	werr     error
	failed   bool
	files    int
	links    int
	broken   int
	outside  int    // external links
	oversize int    // constructs passed over
	path     string // the file being checked, as walked
}

func runVerify(cmd *command, args []string, e *env) int {
	fset := newFlagSet(cmd, e)
	base := fset.String("base", "", "the `URL` the tree is served at (default https://site.invalid/)")
	var index listFlag
	fset.Var(&index, "index", "the `NAMES` of the file a directory's URL serves, tried in order (default index.html;\nrepeatable, comma-separated)")
	pretty := fset.Bool("pretty-urls", false, "serve x.html for the URL path x when there is no file x")
	mdPages := fset.Bool("md-pages", false, "the tree is the Markdown source of a site: a link to x.html reaches x.md when there is no x.html")
	slug := choiceFlag(fset, "slug", "github", "the `DIALECT` of the ids of Markdown headings: github, gitlab, mkdocs, hugo or pandoc",
		[]string{"github", "gitlab", "mkdocs", "hugo", "pandoc"})
	format := choiceFlag(fset, "format", "text", "output `FORMAT`: text (FILE:LINE:COL: link: why) or jsonl", []string{"text", "jsonl"})
	external := fset.Bool("external", false, "also list the external links (never fetched)")
	filter := addLinkFilterFlags(fset)
	var exclude excludeRE
	fset.Var(&exclude, "exclude", "leave alone the links whose href matches `REGEX` (repeatable)")
	fset.Bool("recursive", true, "walk DIR (always: verify reads the whole tree)")
	shortTwin(fset, "r", "recursive")
	walk := addWalkFlags(fset)
	var vf verbosityFlags
	vf.register(fset)
	inputs, verb, status := vf.parse(cmd, fset, args, e)
	if status >= 0 {
		return status
	}
	if len(inputs) > 1 {
		return usageError(cmd, e, "one DIR at most, the root of the tree")
	}
	dir := "."
	if len(inputs) == 1 {
		dir = inputs[0]
	}
	if status := checkCharsetBase(cmd, e, "", *base); status >= 0 {
		return status
	}
	dialect, err := sitecheck.ParseSlug(*slug)
	if err != nil {
		return usageError(cmd, e, "unknown --slug %q (want github, gitlab, mkdocs, hugo or pandoc)", *slug)
	}
	if msg := filter.check(); msg != "" {
		return usageError(cmd, e, "%s", msg)
	}
	opts := sitecheck.Options{BaseURL: *base, PrettyURLs: *pretty, MarkdownPages: *mdPages, Slug: dialect}
	if filter.on || len(exclude) > 0 {
		opts.Keep = func(_ string, l *extract.Link) bool {
			return (!filter.on || filter.Match(l, "")) && !exclude.match(l)
		}
	}
	if len(index) > 0 {
		opts.Index = index
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		if err == nil {
			err = errors.New("not a directory")
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		fmt.Fprintf(e.stderr, "relink verify: %s: %v\n", position(dir, 0, 0), err)
		return exitFail
	}
	var v *verifier
	// A construct too long to examine is no link lost without a word.
	opts.Extract.Oversize = func(e *extract.OversizeError) {
		v.oversize++
		if v.verb != quiet {
			v.out.Flush()
			io.WriteString(v.stderr, oversizeWarning("verify", v.path, e))
		}
	}
	c, err := sitecheck.New(dir, opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "relink verify: %v\n", strings.TrimPrefix(err.Error(), "sitecheck: "))
		return exitFail
	}
	v = &verifier{check: c, format: *format, external: *external, verb: verb, out: newLineWriter(e.stdout), stderr: e.stderr}
	w := newWalker(walk, func(path string, line int, err error, warning bool) {
		if !warning {
			v.fail(path, err)
		} else if v.verb != quiet {
			v.out.Flush()
			fmt.Fprintf(v.stderr, "relink verify: %s: warning: %v\n", position(path, line, 0), err)
		}
	})
	w.walk(dir, func(path, rel string, d fs.DirEntry, err error) {
		if err != nil {
			v.fail(path, err)
			return
		}
		if v.werr != nil || !d.Type().IsRegular() || extract.TypeByName(path) == 0 {
			return
		}
		v.files++
		rel = filepath.ToSlash(rel)
		v.path = path
		if err := c.CheckFile(rel, v.report); err != nil && v.werr == nil {
			// The Checker's errors name the file below the root.
			v.fail(path, errors.New(strings.TrimPrefix(err.Error(), rel+": ")))
		}
	})
	if err := v.out.Flush(); err != nil && v.werr == nil {
		v.werr = err
	}
	if v.werr != nil {
		fmt.Fprintf(e.stderr, "relink verify: writing output: %v\n", v.werr)
		return exitFail
	}
	if v.verb != quiet {
		over := ""
		if v.oversize > 0 {
			over = ", " + plural(v.oversize, "oversize construct") + " not read"
		}
		fmt.Fprintf(e.stderr, "relink verify: %s, %s checked, %d broken, %d external%s\n", plural(v.files, "file"), plural(v.links, "link"), v.broken, v.outside, over)
	}
	if v.failed || v.broken > 0 {
		return exitFail
	}
	return exitOK
}

// report is the function of the Checker: it counts r and writes it when
// it is broken, or external with --external.
func (v *verifier) report(r *sitecheck.Result) error {
	switch {
	case r.Status == sitecheck.External:
		v.outside++
		if !v.external {
			return nil
		}
	case r.Status.Broken():
		v.links++
		v.broken++
	default:
		v.links++
		return nil
	}
	if v.format == "jsonl" {
		j := crawl.NewLink(r.Link)
		v.jbuf = appendJSONLink(v.jbuf[:0], v.path, &j)
		v.jbuf = v.jbuf[:len(v.jbuf)-2] // "}\n"
		v.jbuf = append(v.jbuf, `,"status":`...)
		v.jbuf = appendJSONString(v.jbuf, r.Status.String())
		if r.Target != "" {
			v.jbuf = append(v.jbuf, `,"target":`...)
			v.jbuf = appendJSONString(v.jbuf, r.Target)
		}
		v.jbuf = append(v.jbuf, '}', '\n')
		_, v.werr = v.out.Write(v.jbuf)
		return v.werr
	}
	var b strings.Builder
	b.WriteString(position(v.path, r.Link.Line, r.Link.Column))
	b.WriteString(": ")
	b.WriteString(escapeText(r.Link.Value))
	b.WriteString(": ")
	b.WriteString(r.Status.String())
	switch r.Status {
	case sitecheck.MissingFile:
		b.WriteString(" " + escapeText(r.Target))
	case sitecheck.MissingAnchor:
		b.WriteString(" in " + escapeText(r.Target))
	case sitecheck.Invalid:
		if r.Link.Err != nil {
			b.WriteString(": " + escapeText(crawl.Reason(r.Link.Err)))
		}
	case sitecheck.External:
		b.WriteString(" " + escapeText(r.Link.Href))
	}
	b.WriteByte('\n')
	_, v.werr = v.out.WriteString(b.String())
	return v.werr
}

func (v *verifier) fail(name string, err error) {
	v.failed = true
	v.out.Flush()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	fmt.Fprintf(v.stderr, "relink verify: %s: %v\n", position(name, 0, 0), err)
}
