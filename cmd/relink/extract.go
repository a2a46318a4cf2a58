package main

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/weburl"
)

var extractCommand = &command{
	name:    "extract",
	summary: "list the links of HTML, CSS, Markdown and plain-text documents",
	usage:   "relink extract [flags] [FILE|DIR...]",
	help: `Extract finds every link of each FILE (standard input when there is none,
and for "-"; with -r, the current directory) and prints one line per link, in document order.

In HTML it finds every URL-bearing construct of the WHATWG HTML standard
and the legacy and de-facto ones crawlers handle: a and area href and ping,
link href, img, source and link srcset, src of script, iframe, frame,
embed, input, track, audio, video and source, video poster, object data
and codebase, applet, form action, button and input formaction, cite,
manifest, background, longdesc, lowsrc, profile, SVG and MathML href and
xlink:href, meta refresh and Open Graph images, base href (which sets the
base of what follows), CSS url() and @import in style attributes and
style elements, and the lazy-loading attributes (data-src, data-srcset,
data-original...). Links inside noscript are found: crawlers run without
scripts. --speculative (or --role speculative) also finds what Common
Crawl's WAT files take for links, role speculative: data-href and
data-uri of any element, and the URL of the onclick of a div or input
element when it is location='URL' (location.href, window.location...) or
window.open('URL', ...); rewrite never changes them. Each link is resolved
as a browser resolves it: against the document's base URL, with the query
in the document's charset (from a byte order mark, --charset, a <meta>, an
XML declaration, or detection).

In plain text it finds links as Unicode Technical Standard #58 says, with
the rule of RFC 3987bis section 8.3: a non-ASCII character does not end a
link. Email addresses are reported as mailto: URIs, links without a scheme
with http://. --strict takes for links only those written with a scheme,
and email addresses (as xurls does without -r): a domain written without
one, such as www.example.com but also README.md or Date.now, is not
reported. It is off by default here, where nothing is changed; rewrite
has it on.

In a style sheet (--type css, or a .css file) it finds url(), @import and
the strings of image-set(), as in the CSS of HTML; the style sheet's
charset comes from a byte order mark, --charset, an @charset rule, else
UTF-8, and queries are UTF-8 as browsers encode every URL of CSS.

In Markdown (--type markdown, or a .md file), read as CommonMark with
GitHub's tables and extended autolinks, it finds the destinations of
links (tag "markdown", attr "link"), images ("image", role resource),
reference definitions ("definition") and autolinks ("autolink"), never
in code spans or code blocks, and the links of raw HTML as in HTML; the
offsets are those of the destination as written. Markdown is UTF-8, read
whole (at most 64 MiB).

A mail message (--type mail, or a .eml file) is read as a mail reader
reads it: its MIME parts are walked (multipart, message/rfc822), each
decoded from quoted-printable or base64 and read in the charset its
Content-Type names, text/html parts as HTML and other text parts as
text. Header fields are not text: From, To, Message-ID, References and
the rest are never read for links; List-Unsubscribe and List-Subscribe
(role form), List-Help, List-Post, List-Owner, List-Archive and
Archived-At (role hyperlink) give their <URL>s with tag "mail" and the
field name as attr. The offsets of a link span it as the file writes
it, quoted-printable escapes and soft line breaks included. A message
is read whole (at most 64 MiB, 32 levels of nested parts, 10000 parts);
one that cannot be read (a header line that is not a field, a multipart
part without its boundary) is an error that gives its line and offset.

A sitemap, an RSS feed or an Atom feed (--type xml) is read as XML: the
text of loc (sitemap entries, image:loc, video:*_loc), the href of
xhtml:link and of Atom's link, the src of Atom's content, the text of
RSS's link, comments and docs, of an image's url, of Atom's uri and of
a guid unless isPermaLink="false", the url of enclosure, media:content
and media:thumbnail, each with its element as tag (prefix included) and
its attribute as attr (empty for an element's text); xml:base (role
base) sets the base URL of what its element holds. Character
references are decoded in the value; the offsets are those of the value
as written (inside a CDATA section, or the text without the white space
around it). An XML document is read whole (at most 64 MiB), in the
charset of its byte order mark or XML declaration, UTF-8 by default.

--type decides which a file is: "auto" (the default) goes by the file
name's extension (.html, .htm, .xhtml, .shtml, .php, .asp... are HTML;
.txt, .text, .log are text; .css is CSS; .md, .markdown, .mdown,
.mkd are Markdown; .eml is mail; .rss, .atom, sitemap*.xml, feed.xml,
rss.xml, atom.xml and index.xml are XML), then by the first bytes (HTML;
XML when the first element is urlset, sitemapindex, rss or feed; or
mail when they are a header with From, Date, Message-ID, MIME-Version,
Received, Return-Path or Delivered-To).
--base is the document's own URL: relative links are resolved against it
(and against a <base href>); without it they are given in URI form,
unresolved. For a directory, --base is the URL of the directory, and each
file's URL is --base plus the file's path below it.

` + walkHelp + `
` + formatsHelp() + `
The line formats (href, uri, iri) leave out a link the URL Standard
rejects, which has no URL: value, jsonl and tsv give it (with error, or an
empty href); such links are counted (see -v below).

` + filterHelp + `
--added OLD NEW writes only the links of NEW that OLD does not have, with
NEW's places, for a CI job to check only what a change added: OLD and
NEW are two files, or with -r two trees (two checkouts of a site). Two
links are the same when they have the same role (hyperlink, resource...)
and the same href, resolved against --base, or without it against the
place of their file in its tree (a relative link is new when its file
moved, and a link that moved within a file or between files is not),
fragment included; the element that holds it does not count. A link
without a URL is known by its value. OLD's links are held in memory
(they grow with its distinct links); the filters, --unique and --count
apply to NEW's.

--unique writes each link once, the first time the value its format
shows (the href for jsonl and tsv) is seen; --count writes each value
once, at the end, after the number of links that have it, separated by a
tab, by count descending then value (with --header, after the line
"count<TAB>href", or uri, iri or value). A link without a URL (invalid) is
known by its value to --unique, and --count leaves it out unless
the format is value. Both hold every distinct value in memory: it grows
with the number of distinct links, not with the input.

Output is written in whole lines, on a pipe in writes of at most 4096
bytes (PIPE_BUF, which the system writes at once), so that runs that
share a pipe (xargs -P, parallel) do not mix their lines; a line longer
than 4096 bytes can be cut by another run's there. -o FILE appends to
FILE instead, which any number of runs can share: every line stays whole.

A file that cannot be read is reported on standard error with its name and
the others continue; the exit status is then 1. Warnings and notes about a
place in a file start with FILE:LINE:COL:, as compilers write them, for
editors and CI annotators to jump to. A binary file (a NUL byte
in its first 1024 bytes, unless a UTF-16 byte order mark starts it) is
skipped with a warning, as rewrite skips it.

No link is lost without a word. An oversize construct, longer than its
limit, is passed over with one warning, which gives its line and offset:
a tag longer than 1 MiB, a CSS URL longer than 64 KiB (in a style sheet,
a style element or attribute), and a candidate for a link in text longer
than 8192 bytes, which link detection drops rather than cut. A
link the URL Standard's parser rejects is invalid: jsonl gives it with
its error, tsv with an empty href and uri, value with its value, and the
formats href, uri and iri, which have no URL to write for it, leave it
out. At the end, a summary line on standard error counts the files, the
links, the invalid ones (and those left out), the oversize text links
and the other oversize constructs, when the output lacks any of them. -q
reports errors only: no warnings, no summary. -v also reports each file
(its type, its number of links, its charset and how it was found, and
the same counts), each invalid link the format leaves out, with its
place, and always the summary.

Examples (from the repository's root):

	$ relink extract --format href --base https://example.org/ testdata/site/ja/shift_jis.html
	https://example.org/%E6%A4%9C%E7%B4%A2?q=%93%FA%96{%8C%EA&page=2
	https://ja.wikipedia.org/wiki/%E6%96%87%E5%AD%97%E3%82%B3%E3%83%BC%E3%83%89
	https://example.org/index.html?from=%95\%8E%A6
	https://example.org/%E7%94%BB%E5%83%8F/%E3%83%AD%E3%82%B4.png
	https://example.org/?q=%26%238364%3B

The same links as URIs: the "{" and "\" that the Shift_JIS query leaves
(the second bytes of 本 and 表) percent-encoded:

	$ relink extract --format uri --base https://example.org/ testdata/site/ja/shift_jis.html
	https://example.org/%E6%A4%9C%E7%B4%A2?q=%93%FA%96%7B%8C%EA&page=2
	https://ja.wikipedia.org/wiki/%E6%96%87%E5%AD%97%E3%82%B3%E3%83%BC%E3%83%89
	https://example.org/index.html?from=%95%5C%8E%A6
	https://example.org/%E7%94%BB%E5%83%8F/%E3%83%AD%E3%82%B4.png
	https://example.org/?q=%26%238364%3B

	$ relink extract --format tsv testdata/site/ru/koi8-r.html
	testdata/site/ru/koi8-r.html	5	98	a	href	%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%E0%CE%C9%CB%CF%C4	%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%E0%CE%C9%CB%CF%C4	поиск?q=Юникод
	testdata/site/ru/koi8-r.html	5	134	a	href	http://xn--e1afmkfd.xn--80akhbyknj4f/%D0%BF%D1%83%D1%82%D1%8C	http://xn--e1afmkfd.xn--80akhbyknj4f/%D0%BF%D1%83%D1%82%D1%8C	http://пример.испытание/путь
	testdata/site/ru/koi8-r.html	6	185	a	href	/wiki/%D0%9A%D0%B8%D1%80%D0%B8%D0%BB%D0%BB%D0%B8%D1%86%D0%B0#%D0%98%D1%81%D1%82%D0%BE%D1%80%D0%B8%D1%8F	/wiki/%D0%9A%D0%B8%D1%80%D0%B8%D0%BB%D0%BB%D0%B8%D1%86%D0%B0#%D0%98%D1%81%D1%82%D0%BE%D1%80%D0%B8%D1%8F	/wiki/Кириллица#История

	$ relink extract -r --base https://example.org/ --external --role hyperlink --format iri testdata/site/ja
	https://ja.wikipedia.org/wiki/文字コード

	$ relink extract -r --host wikipedia.org --count --format iri testdata/site
	2	https://ru.wikipedia.org/wiki/Юникод
	1	https://ar.wikipedia.org/wiki/يونيكود
	1	https://en.wikipedia.org/wiki/Bracket_(disambiguation)
	1	https://ja.wikipedia.org/wiki/文字コード

	$ relink extract -r --base https://example.org/ testdata/site > links.jsonl

The links a change adds to a site, checked online:

	relink extract --added -r --format uri old-site/ site/ | lychee -
`,
	run: runExtract,
}

type extractor struct {
	typ       extract.Type // 0 for --type auto
	base      string
	charset   string
	format    *linkFormat
	textLinks bool
	strict    bool
	spec      bool // --speculative, or --role speculative
	out       *lineWriter
	stderr    io.Writer
	failed    bool
	werr      error
	jfile     string            // the file of jstart
	jstart    []byte            // the start of the JSON object of a link of jfile
	jhead     []byte            // jstart, then the tag, attr and role of a link (jtag...)
	jtag      string            // the tag of jhead
	jattr     string            // its attr
	jrole     htmlattr.Role     // its role
	br        *bufio.Reader     // the read buffer of every document
	html      extract.Extractor // the extractor of every HTML document
	oversize  func(*extract.OversizeError)
	docName   string // the document being read, and its URL
	docBase   string
	filter    *filterFlags
	shape     *shaper
	verb      verbosity  // -q, -v
	counts    linkCounts // the run's
	doc1      linkCounts // the document's
	walker    *walker    // the walk of -r
	wf        walkedFile // the file of the walk being read

	// --added OLD NEW: the links of OLD, by addedKey, while OLD is read
	// (old set), then those of NEW not among them are written.
	added     map[string]bool
	readOld   bool
	stdinRead bool
	keyBase   string // the URL the current file's links resolve against for addedKey
}

// addedRoot is the URL a tree (or a file) compared by --added is taken to
// be at when --base is not given, so that relative links resolve by the
// place of their file in its tree.
const addedRoot = "https://site.invalid/"

// addedKey returns what --added compares of a link: its href, resolved
// against the place of its file in its tree (fragment included), and its
// role; a link without a URL is known by its value.
func (x *extractor) addedKey(l *extract.Link) string {
	role := crawl.NewLink(l).Role
	if l.Href == "" {
		return role + " value " + l.Value
	}
	href := l.Href
	if x.keyBase != "" {
		if b, err := weburl.Parse(x.keyBase, nil); err == nil {
			if u, err := weburl.Parse(l.Href, b); err == nil {
				href = u.String()
			}
		}
	}
	return role + " " + href
}

func runExtract(cmd *command, args []string, e *env) int {
	fs := newFlagSet(cmd, e)
	typ := choiceFlag(fs, "type", "auto", "`TYPE` of the documents: auto, html, text, css, markdown, mail or xml", typeNames)
	base := fs.String("base", "", "the documents' own `URL` (for a directory, the URL of the directory)")
	charset := choiceFlag(fs, "charset", "", "the documents' charset, a WHATWG encoding `LABEL`, as an HTTP header would give it\n(a byte order mark still wins)", charsetNames)
	recurse := fs.Bool("recursive", false, "recurse into directories (with no FILE, the current directory)")
	shortTwin(fs, "r", "recursive")
	walk := addWalkFlags(fs)
	textLinks := fs.Bool("text-links", false, "also find the links written as plain text in the text of HTML documents\n(not in pre, code, kbd, samp or tt: code, commands and their output)")
	strict := fs.Bool("strict", false, "in plain text, take for links only those written with a scheme, and email addresses,\nnot domains written without one (www.example.com, but also README.md)")
	spec := fs.Bool("speculative", false, "also find the speculative links of HTML, as Common Crawl's WAT files hold them (role speculative):\nthe data-href and data-uri of any element, the URL of a div's or input's onclick (location='URL', window.open('URL')")
	added := fs.Bool("added", false, "with two inputs OLD NEW (two files, or with -r two trees), write the links of NEW\nthat OLD does not have (the same href and role)")
	out := addLinkOutput(fs, e, "run")
	inputs, status := out.parse(cmd, fs, args, e)
	if status >= 0 {
		return status
	}
	docType, status := parseType(cmd, e, *typ)
	if status >= 0 {
		return status
	}
	if status := checkCharsetBase(cmd, e, *charset, *base); status >= 0 {
		return status
	}
	if status := e.openOutput(cmd, exitFail); status >= 0 {
		return status
	}
	x := &extractor{typ: docType, base: *base, charset: *charset, format: out.format, textLinks: *textLinks, strict: *strict,
		spec: *spec || out.filter.speculative(),
		out:  newLineWriter(e.stdout), stderr: e.stderr, verb: out.verb,
		filter: out.filter, shape: out.shape}
	x.walker = newWalker(walk, func(path string, line int, err error, warning bool) {
		if !warning {
			x.fail(path, err) // about the whole file: no line
		} else if x.verb != quiet {
			x.out.Flush()
			fmt.Fprintf(x.stderr, "relink extract: %s: warning: %v\n", position(path, line, 0), err)
		}
	})
	if *added {
		if len(inputs) != 2 || inputs[0] == "-" || inputs[1] == "-" {
			return usageError(cmd, e, "--added takes two inputs, OLD and NEW, files or (with -r) trees")
		}
		x.added, x.readOld = map[string]bool{}, true
		x.input(inputs[0], *recurse, e)
		x.readOld = false
		inputs = inputs[1:]
	}
	x.startShape()
	if len(inputs) == 0 && *recurse {
		inputs = []string{"."} // as grep -r and rg
	}
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	for _, in := range inputs {
		x.input(in, *recurse, e)
		if x.werr != nil {
			break
		}
	}
	x.endShape()
	if err := x.out.Flush(); err != nil && x.werr == nil {
		x.werr = err
	}
	if x.werr != nil {
		fmt.Fprintf(e.stderr, "relink extract: writing output: %v\n", x.werr)
		return exitFail
	}
	if x.verb == verbose || x.verb == normal && x.counts.dropped() {
		io.WriteString(e.stderr, x.counts.summary("extract", leftOut(x.format), ""))
	}
	if x.failed {
		return exitFail
	}
	return exitOK
}

// input extracts from in: standard input for "-", a file, or with
// recurse a tree.
func (x *extractor) input(in string, recurse bool, e *env) {
	var info os.FileInfo
	var err error
	if in != "-" {
		info, err = os.Stat(in)
	}
	switch {
	case in == "-" && x.stdinRead:
		x.fail(in, errors.New("standard input named twice"))
	case in == "-":
		x.stdinRead = true
		x.keyBase = cmp.Or(x.base, addedRoot)
		x.doc("-", x.base, e.stdin)
	case err != nil:
		x.fail(in, err)
	case info.IsDir() && !recurse:
		x.fail(in, errors.New("is a directory (use -r)"))
	case info.IsDir():
		x.tree(in)
	default:
		x.keyBase = cmp.Or(x.base, addedRoot)
		x.file(in, x.base, false)
	}
}

// tree extracts from the files below dir, in lexical order, skipping
// those --type auto does not take for documents. Symbolic links are not
// followed.
func (x *extractor) tree(dir string) {
	root := x.base
	x.walker.walk(dir, func(path, rel string, d fs.DirEntry, err error) {
		if err != nil {
			x.fail(path, err)
			return
		}
		if x.werr != nil || !d.Type().IsRegular() {
			return
		}
		if x.typ == 0 && extract.TypeByName(path) == 0 {
			return
		}
		base := ""
		if root != "" {
			base = weburl.FileURL(root, filepath.ToSlash(rel))
		}
		if x.added != nil {
			// Only --added compares hrefs resolved by the file's place.
			x.keyBase = base
			if root == "" {
				x.keyBase = weburl.FileURL(addedRoot, filepath.ToSlash(rel))
			}
		}
		if testHookExtractWalked != nil {
			testHookExtractWalked(path)
		}
		x.file(path, base, true)
	})
	x.wf.release()
}

// testHookExtractWalked, when not nil, is called with the path of each
// file the walk of extract -r found, before it is opened.
var testHookExtractWalked func(path string)

// file extracts from the file path; walked tells a file found by the
// walk of -r from one named on the command line (which may be a pipe).
func (x *extractor) file(path, base string, walked bool) {
	if walked {
		x.walkedFile(path, base)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		x.fail(path, err)
		return
	}
	defer f.Close()
	x.doc(path, base, f)
}

// walkedFile extracts from the file path, found by the walk of -r. It is
// opened without blocking: a FIFO or a device put in its place since the
// walk is reported, not waited on.
func (x *extractor) walkedFile(path, base string) {
	f := &x.wf
	if err := f.open(path); err == errNotRegular {
		x.counts.skipped++
		if x.verb != quiet {
			x.out.Flush()
			fmt.Fprintf(x.stderr, "relink extract: %s: warning: not a regular file, skipped\n", position(path, 0, 0))
		}
		return
	} else if err != nil {
		x.fail(path, err)
		return
	}
	defer f.Close()
	x.doc(path, base, f)
}

// readBufSize is the size of extract's read buffer, and of its reads: a
// large file takes a quarter of the reads of 64 KiB (1.5% of the time of
// a 64 MB file).
const readBufSize = 256 << 10

// doc extracts the links of one document.
func (x *extractor) doc(name, base string, r io.Reader) {
	// One read buffer, one HTML extractor and its tokenizer serve every
	// document of the run: allocating them anew for each file of a tree
	// was most of the run's garbage.
	if x.br == nil {
		x.br = bufio.NewReaderSize(r, readBufSize)
	} else {
		x.br.Reset(r)
	}
	br := x.br
	defer br.Reset(nil) // keep no reference to the file
	head, _ := br.Peek(1024)
	if isBinary(head) {
		x.counts.skipped++
		if x.verb != quiet {
			x.out.Flush()
			fmt.Fprintf(x.stderr, "relink extract: %s: warning: binary, skipped\n", name)
		}
		return
	}
	typ := x.typ
	if typ == 0 {
		typ = extract.TypeOf(name, head)
	}
	x.docName, x.docBase = name, base
	if x.oversize == nil {
		x.oversize = x.oversized
	}
	// Only the JSON lines print an a element's text; lines are counted
	// for the formats that print them and for -v's notes, IRIs made for
	// those that print them.
	opts := extract.Options{BaseURL: base, Charset: x.charset, TextLinks: x.textLinks, StrictText: x.strict, Speculative: x.spec, Oversize: x.oversize,
		NoAnchorText: !x.format.isJSON(), NoPosition: !x.format.position && x.verb != verbose, NoIRI: !x.format.iri}
	x.doc1 = linkCounts{files: 1}
	var t extract.Extractor
	if typ == extract.TypeHTML {
		if x.html == nil {
			x.html = extract.NewHTML(opts, x.report)
		} else {
			x.html.ResetOptions(opts)
		}
		t = x.html
	} else {
		t = extract.New(typ, opts, x.report)
	}
	_, err := t.ReadFrom(br)
	c := x.doc1
	if err != nil && x.werr == nil {
		c.files = 0
		x.counts.add(c)
		x.fail(name, err)
		return
	}
	x.counts.add(c)
	if x.verb == verbose {
		x.out.Flush()
		cs := t.Charset()
		fmt.Fprintf(x.stderr, "relink extract: %s: %s, %s, %s (%s), %s%s\n", name, typ, plural(c.links, "link"), cs.Name, cs.Source,
			c.invalidNote(leftOut(x.format)), c.dropNote())
	}
}

// report is the link function of the extractors of doc: it counts and
// writes the link l of the current document.
func (x *extractor) report(l *extract.Link) error {
	if x.added != nil {
		k := x.addedKey(l)
		if x.readOld {
			x.added[k] = true
			return nil
		}
		if x.added[k] {
			return nil
		}
	}
	x.doc1.links++
	if l.Err != nil {
		x.doc1.invalid++
	}
	x.emit(x.docName, x.docBase, l)
	return x.werr
}

// oversized is the Oversize function of the extractors of doc.
func (x *extractor) oversized(e *extract.OversizeError) {
	x.doc1.addOversize(e)
	if x.verb != quiet {
		x.out.Flush()
		io.WriteString(x.stderr, oversizeWarning("extract", x.docName, e))
	}
}

// jsonLink is the JSON form of a link for relink extract: the file, then
// the fields of relink warc's links (crawl.Link).
type jsonLink struct {
	File string `json:"file,omitempty"`
	crawl.Link
}

func (x *extractor) link(file string, l *extract.Link) {
	if x.werr != nil {
		return
	}
	if x.format.isJSON() {
		if file != x.jfile || x.jstart == nil {
			// The start of the object, the file's name escaped: once
			// for the links of a file.
			x.jfile, x.jstart = file, appendJSONLinkStart(x.jstart[:0], file)
			x.jhead = x.jhead[:0]
		}
		if len(x.jhead) == 0 || l.Tag != x.jtag || l.Attr != x.jattr || l.Role != x.jrole {
			// The tag, attr and role escaped: once for a run of links
			// that share them.
			x.jtag, x.jattr, x.jrole = l.Tag, l.Attr, l.Role
			x.jhead = appendJSONExtractHead(append(x.jhead[:0], x.jstart...), l)
		}
		// The line is made in the output's buffer, not copied there.
		if err := x.out.appended(appendJSONExtractRest(append(x.out.tail(), x.jhead...), l)); err != nil {
			x.werr = err
		}
		return
	}
	// The line is made in the output's buffer, as a JSON line is; a link
	// the format leaves out leaves what it appended uncounted there.
	line, ok := x.format.write(x.out.tail(), file, l)
	if ok {
		if err := x.out.appended(line); err != nil {
			x.werr = err
		}
	} else {
		x.doc1.lost++
		if x.verb == verbose {
			x.out.Flush()
			io.WriteString(x.stderr, invalidNote("extract", file, l, leftOut(x.format)))
		}
	}
}

// tail returns the buffer of w, to append whole lines to and give to
// appended, in place of Write.
func (w *lineWriter) tail() []byte { return w.buf }

// appended takes b, the buffer tail returned with whole lines appended,
// as Write takes the lines; it returns Write's error.
func (w *lineWriter) appended(b []byte) error {
	if w.err != nil {
		return w.err
	}
	w.n += int64(len(b) - len(w.buf))
	w.buf, w.nl = b, len(b)-1
	if len(b) >= w.limit {
		w.flush(false)
	}
	return w.err
}

func (x *extractor) write(s ...string) {
	for _, p := range s {
		if _, err := x.out.WriteString(p); err != nil {
			x.werr = err
			return
		}
	}
}

func (x *extractor) fail(name string, err error) {
	x.failed = true
	x.counts.errs++
	x.out.Flush()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	fmt.Fprintf(x.stderr, "relink extract: %s: %v\n", position(name, 0, 0), err)
}

// parseType returns the document type that --type names, 0 for auto,
// and -1; or a usage error's exit status for a --type other than auto,
// html, text, css, markdown and mail.
func parseType(cmd *command, e *env, name string) (extract.Type, int) {
	if name == "auto" {
		return 0, -1
	}
	t, err := extract.ParseType(name)
	if err != nil {
		return 0, usageError(cmd, e, "unknown --type %q (want auto, html, text, css, markdown, mail or xml)", name)
	}
	return t, -1
}

// checkCharsetBase reports a usage error for a --charset that is not a
// WHATWG encoding label or a --base that the URL Standard rejects (empty
// values are not checked), and returns its exit status, or -1.
func checkCharsetBase(cmd *command, e *env, label, base string) int {
	if label != "" {
		if enc, _ := charset.Lookup(label); enc == nil {
			return usageError(cmd, e, "unknown --charset %q (want a WHATWG encoding label such as utf-8 or shift_jis)", label)
		}
	}
	if base != "" {
		if _, err := weburl.Parse(base, nil); err != nil {
			return usageError(cmd, e, "invalid --base %s: %s", quote(base), crawl.Reason(err))
		}
	}
	return -1
}

// orList returns the values as a message lists choices: "a, b or c".
func orList(values []string) string {
	if len(values) < 2 {
		return strings.Join(values, "")
	}
	return strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
}
