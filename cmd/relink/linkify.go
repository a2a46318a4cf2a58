package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/linkify"
	"golang.org/x/text/transform"
)

var linkifyCommand = &command{
	name:    "linkify",
	summary: "turn plain text into HTML or Markdown with its links made links, or make the links of HTML's text links",
	usage:   "relink linkify [--charset LABEL] [--format html|markdown] [--layout br|pre|none] [--type auto|text|html|mail] [--rel REL] [--target TARGET] [--strict] [--max-text N] [--skip TAGS] [-q|-v] [FILE...]",
	help: `Linkify reads plain text (a mail body, a chat log) from each FILE, or from
standard input when there is none or for "-", and writes it to standard output as an
HTML fragment in UTF-8: every character escaped ("&", "<", ">", quotes),
and each link that relink extract finds in text made an a element,

	<a href="URI" rel="nofollow noopener">display IRI</a>

whose href is the link as a URI (punycode host, UTF-8 percent-encoding;
http:// before a link written without a scheme, mailto: before an email
address) and whose text is the link as written in its readable form
(percent-encoding decoded where safe to show, hosts in Unicode when safe).
A link whose text holds right-to-left characters, or that follows a bidi
formatting character (such as U+202E RIGHT-TO-LEFT OVERRIDE) in its line,
gets dir="ltr", so that it shows left to right whatever the text around
it (RFC 3987bis 4.1).
Only links of the schemes plain-text detection knows (http, https, ftp,
mailto, xmpp, irc, ircs, nntp, news, tel, sms, magnet) are made: never a
javascript:, vbscript: or data: link. The output holds no other markup
whatever the input, but the <br> or <pre> of --layout (see below). NUL and bytes that are not UTF-8 (after --charset
decoding) become U+FFFD.

--format markdown writes Markdown instead: each link [display](<URI>),
its text between U+2066 and U+2069 (an isolate) where HTML would have
dir="ltr", and
a backslash before the characters of the rest of the text that would make
a link, an image, HTML or a character reference ("\", "[", "]", "<", ">",
"!", "&"); emphasis and other Markdown in the text are left as written.

The lines of the text are kept in HTML, which would show them as one
paragraph: --layout br (the default) writes <br> before each line break
(LF, CRLF, CR), each space and tab starting a line as &nbsp; (a tab up to
the next multiple of 8 columns) and each space of a run within a line
after its first as &nbsp;; --layout pre wraps the text in
<pre style="white-space: pre-wrap"> instead, which keeps every space,
tab and line break in a monospace font; --layout none escapes the text
and nothing more, for a page that puts it in an element of its own.
Markdown keeps the line breaks as they are.

A mail message (a .eml file, or a FILE or standard input whose first
lines are a message's header, as relink extract decides; --type mail or
--type text decides instead) is read as a mail reader reads it: each of
its text/plain parts (the plain-text alternative of a
multipart/alternative, parts of forwarded messages too), decoded from
quoted-printable or base64 and read in the charset its Content-Type
names, is linkified and written, the parts separated by <hr> (by "* * *"
in Markdown). The header and the text/html parts are not written. A
message is read whole, at most 64 MiB; one that cannot be read as a
message is an error that gives its line and offset.

An HTML document (named .html, .htm or .xhtml, or whose first bytes are
HTML's, as relink extract decides; --type html decides instead) is
linkified in place: each link written as plain text in its text becomes
an a element as above, around the link's bytes as written ("&amp;" stays
"&amp;"; a link written with a punycode host or percent-encoded UTF-8
shows its display form), and every other byte is written unchanged, in
the document's charset (what is inserted too: a character the charset
lacks as a character reference). No link is made in attributes,
comments, script, style, textarea, title or other raw text, nor inside
a, noscript, or the elements of --skip, a comma-separated list of
element names (svg and math for foreign content), by default pre, code,
kbd, samp, tt and listing (code and its output), button, select, option,
optgroup and datalist (controls), template, svg and math; so linkifying
the output again changes nothing. --format and --layout do
not apply; the charset is found as relink extract finds it (--charset,
a <meta>, else a guess).

--strict makes links only of what is written with a scheme and of email
addresses: README.md, setup.py and www.example.com stay text.
--max-text N shortens the visible text of a longer link to N characters
(grapheme clusters) with "…" in its middle, never cutting a character,
a percent-escape or a host label; the href is the whole link, and a title
attribute shows it whole.

--rel sets the rel attribute (an empty --rel writes none), --target the
target attribute (none by default). --charset LABEL (a WHATWG encoding
label) decodes input in a legacy charset; a byte order mark wins over it,
and without it the input is UTF-8 (or UTF-16 with a byte order mark).
Links are found as the text streams through: memory stays bounded
whatever the size of the input. A file that cannot be read is reported on
standard error and the others continue; the exit status is then 1. A
binary file (a NUL byte in its first 1024 bytes, unless a UTF-16 byte
order mark starts it or --charset is UTF-16) is skipped with a warning,
as extract skips it.

A link that is found but has no URL (the URL Standard's parser rejects
it: an internationalized host that IDNA refuses, say) is left as text,
and so is an oversize candidate, longer than 8192 bytes, which link
detection drops rather than cut: neither is lost without a word. A
summary line on standard error counts them at the end when there are any
(and always with -v): files, links, invalid links left as text, oversize
text links.
-q reports errors only, without it; -v also reports each file, with what
was found in it.

Examples (from the repository's root):

	$ relink linkify --charset koi8-r testdata/mail/note-koi8-r.txt
	Привет! Статья: <a href="https://ru.wikipedia.org/wiki/%D0%AE%D0%BD%D0%B8%D0%BA%D0%BE%D0%B4" rel="nofollow noopener">https://ru.wikipedia.org/wiki/Юникод</a> (см. раздел &#34;История&#34;),<br>
	сайт <a href="http://xn--e1afmkfd.xn--p1ai/" rel="nofollow noopener">пример.рф</a>, почта <a href="mailto:info@%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84" rel="nofollow noopener">info@пример.рф</a>.<br>

	$ relink linkify --format markdown testdata/mail/note.txt
	Meeting notes: see [example.com/agenda?a=1\&b=2](<http://example.com/agenda?a=1&b=2>) and \<[https://例え.テスト/議事録](<https://xn--r8jz45g.xn--zckzah/%E8%AD%B0%E4%BA%8B%E9%8C%B2>)\>.
	Reply to [joe@example.org](<mailto:joe@example.org>); never click javascript:alert(1) or "\<script\>".
	مرحبا [⁦https://مثال.إختبار/مسار⁩](<https://xn--mgbh0fb.xn--kgbechtv/%D9%85%D8%B3%D8%A7%D8%B1>)

	$ relink linkify --rel ugc --target _blank testdata/mail/note.txt > note.html

	$ echo '<p>Docs: example.com/a?b=1&amp;c=2, <code>setup.py</code></p>' | relink linkify --type html
	<p>Docs: <a href="http://example.com/a?b=1&amp;c=2" rel="nofollow noopener">example.com/a?b=1&amp;c=2</a>, <code>setup.py</code></p>
`,
	run: runLinkify,
}

// linkifyFormats are the values of relink linkify --format ("md" is
// taken for markdown too).
var linkifyFormats = []string{"html", "markdown"}

// linkifyLayouts are the values of relink linkify --layout, in the order
// of linkify.Layout.
var linkifyLayouts = []string{"br", "pre", "none"}

// linkifyTypes are the values of relink linkify --type.
var linkifyTypes = []string{"auto", "text", "html", "mail"}

// maxLinkifyMail is the size of the largest mail message relink linkify
// reads (a message is read whole).
const maxLinkifyMail = 64 << 20

// linkifyKind returns the type of document relink linkify reads the
// input name as, whose first bytes br holds: TypeMail, TypeHTML or
// TypeText.
func linkifyKind(typ, name string, br *bufio.Reader) extract.Type {
	switch typ {
	case "mail":
		return extract.TypeMail
	case "text":
		return extract.TypeText
	case "html":
		return extract.TypeHTML
	}
	t := extract.TypeByName(name)
	if t == 0 {
		head, _ := br.Peek(1024)
		t = extract.TypeOf("", head)
	}
	if t != extract.TypeMail && t != extract.TypeHTML {
		t = extract.TypeText
	}
	return t
}

// skipList reads the value of --skip: element names separated by commas.
func skipList(s string) []string {
	list := []string{}
	for _, name := range strings.Split(s, ",") {
		if name = strings.ToLower(strings.TrimSpace(name)); name != "" {
			list = append(list, name)
		}
	}
	return list
}

// linkifyMessage linkifies the mail message that r holds into out.
func linkifyMessage(out io.Writer, r io.Reader, opts linkify.Options) (linkify.Stats, error) {
	msg, err := io.ReadAll(io.LimitReader(r, maxLinkifyMail+1))
	if err != nil {
		return linkify.Stats{}, err
	}
	if len(msg) > maxLinkifyMail {
		return linkify.Stats{}, fmt.Errorf("mail message longer than %d bytes (it is read whole)", maxLinkifyMail)
	}
	return linkify.Mail(out, msg, opts)
}

func runLinkify(cmd *command, args []string, e *env) int {
	fs := newFlagSet(cmd, e)
	label := choiceFlag(fs, "charset", "", "decode the input from this WHATWG encoding `LABEL` (a byte order mark still wins)", charsetNames)
	format := choiceFlag(fs, "format", "html", "output `FORMAT`: html or markdown", linkifyFormats)
	typ := choiceFlag(fs, "type", "auto", "`TYPE` of the input: auto (mail if it is named .eml or starts as a message's header, html if named .html or starting as HTML), text, html or mail", linkifyTypes)
	layout := choiceFlag(fs, "layout", "br", "how HTML keeps the lines, `LAYOUT`: br (<br> and &nbsp;), pre (a pre element) or none", linkifyLayouts)
	rel := fs.String("rel", linkify.DefaultRel, "the rel attribute of the links, `REL`; empty for none")
	target := fs.String("target", "", "the target attribute of the links, `TARGET` (such as _blank); empty for none")
	strict := fs.Bool("strict", false, "make links only of what is written with a scheme, and of email addresses,\nnot of domains written without one (www.example.com, but also README.md)")
	maxText := fs.Int("max-text", 0, "shorten the visible text of a link to `N` characters, \"…\" in its middle (0: never)")
	skip := fs.String("skip", strings.Join(linkify.DefaultSkip, ","), "in HTML, the elements whose text is not linkified, `TAGS` separated by commas")
	var vf verbosityFlags
	vf.register(fs)
	inputs, verb, status := vf.parse(cmd, fs, args, e)
	if status >= 0 {
		return status
	}
	opts := linkify.Options{Rel: *rel, NoRel: strings.TrimSpace(*rel) == "", Target: *target, Strict: *strict, MaxText: *maxText, Skip: skipList(*skip)}
	if *maxText < 0 {
		return usageError(cmd, e, "--max-text %d: want a number of characters, 0 for no limit", *maxText)
	}
	switch *format {
	case "html":
		opts.Format = linkify.FormatHTML
	case "markdown", "md":
		opts.Format = linkify.FormatMarkdown
	default:
		return usageError(cmd, e, "unknown --format %q (want html or markdown)", *format)
	}
	opts.Layout = linkify.Layout(slices.Index(linkifyLayouts, *layout))
	if opts.Layout > linkify.LayoutNone {
		return usageError(cmd, e, "unknown --layout %q (want br, pre or none)", *layout)
	}
	if !slices.Contains(linkifyTypes, *typ) {
		return usageError(cmd, e, "unknown --type %q (want auto, text, html or mail)", *typ)
	}
	if *label != "" {
		if enc, _ := charset.Lookup(*label); enc == nil {
			return usageError(cmd, e, "unknown --charset %q (want a WHATWG encoding label such as utf-8 or shift_jis)", *label)
		}
	}
	// The Linkifier decides the charset: --charset, unless a byte order
	// mark says otherwise; without --charset, UTF-8, never guessed.
	opts.Charset, opts.DefaultCharset = *label, "utf-8"
	_, csName := charset.Lookup(*label)
	utf16 := strings.HasPrefix(csName, "utf-16")
	t := linkify.New(opts)
	hopts := opts
	hopts.DefaultCharset = "" // HTML: as extract finds it, guessed at worst
	h := linkify.NewHTML(hopts)
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	code := exitOK
	var counts linkCounts
	linkifyFile := func(name string, r io.Reader) bool {
		// A binary file is skipped, as extract and rewrite skip it;
		// but for --charset utf-16le or utf-16be, whose text is half NUL
		// bytes.
		br := bufio.NewReaderSize(r, 64<<10)
		if head, _ := br.Peek(1024); !utf16 && isBinary(head) {
			counts.skipped++
			if verb != quiet {
				out.Flush()
				fmt.Fprintf(e.stderr, "relink linkify: %s: warning: binary, skipped\n", position(name, 0, 0))
			}
			return true
		}
		t.Reset()
		var err error
		var s linkify.Stats
		switch linkifyKind(*typ, name, br) {
		case extract.TypeMail:
			s, err = linkifyMessage(out, br, opts)
		case extract.TypeHTML:
			h.Reset()
			_, err = io.Copy(out, transform.NewReader(br, h))
			s = h.Stats()
		default:
			_, err = io.Copy(out, transform.NewReader(br, t))
			s = t.Stats()
		}
		if err != nil {
			if werr := out.Flush(); werr != nil {
				fmt.Fprintf(e.stderr, "relink linkify: writing output: %v\n", werr)
				return false
			}
			fmt.Fprintf(e.stderr, "relink linkify: %s: %v\n", position(name, 0, 0), err)
			counts.errs++
			code = exitFail
			return true
		}
		c := linkCounts{files: 1, links: s.Links + s.Invalid, invalid: s.Invalid, lost: s.Invalid, oversizeText: s.Oversize}
		counts.add(c)
		if verb == verbose {
			out.Flush()
			fmt.Fprintf(e.stderr, "relink linkify: %s: %s, %s%s\n", name, plural(c.links, "link"), c.invalidNote("left as text"), c.dropNote())
		}
		return true
	}
	if len(inputs) == 0 {
		linkifyFile("-", e.stdin)
	}
	for _, name := range inputs {
		if name == "-" {
			if !linkifyFile("-", e.stdin) {
				return exitFail
			}
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(e.stderr, "relink linkify: %s: %v\n", position(name, 0, 0), pathErr(err))
			counts.errs++
			code = exitFail
			continue
		}
		ok := linkifyFile(name, f)
		f.Close()
		if !ok {
			return exitFail
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "relink linkify: writing output: %v\n", err)
		return exitFail
	}
	if verb == verbose || verb == normal && counts.dropped() {
		io.WriteString(e.stderr, counts.summary("linkify", "left as text", ""))
	}
	return code
}
