package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/iri"
)

// The uri and iri commands share their flags, their input handling and
// their error reports; only the conversion differs.

const convertInputHelp = `
Each INPUT is an IRI or URI reference, absolute or relative. With no
INPUT, and for an INPUT "-", the command reads one input per line from
standard input (a trailing "\r" and a leading byte order mark are
removed) and writes each result as soon as it has read all the lines
available, so that it works in a pipeline and on lists of any length.
(The reference "-" itself is given on standard input.)

An input that cannot be converted is reported on standard error with the
reason (for standard input, after "-:LINE:COL:") and produces no output
line; the other inputs are still converted, and the exit status is 1.
A bad flag is a usage error: the exit status is 2.

Output is written in whole lines, on a pipe in writes of at most 4096
bytes, so that runs that share a pipe do not mix their lines (a line
longer than 4096 bytes can be cut there); -o FILE appends to FILE,
which any number of runs can share with every line whole.

With --format jsonl, for lists whose inputs may
hold any string (NUL, newlines),
each line of standard input is a JSON object {"input": "...", "base":
"..." or null, "charset": "..."} (base and charset optional, defaulting
to the flags), and each output line is a JSON object, in the same order:
{"input": ..., "uri": ...} (or "iri"), or {"input": ..., "error": ...}.
An INPUT argument is read as {"input": INPUT}. A line that is not such
an object gives {"line": N, "error": ...}. Errors are reported there,
not on standard error; the exit status is still 1.
` + flagsHelp + modesHelp

// flagsHelp ends the input help of uri, iri and check.
const flagsHelp = `
Flags are written --name (--mode; -mode is taken too) and may also
follow the inputs; "--" ends the flags, so that an input that starts
with "-" can follow it.
`

// modesHelp describes the modes of uri and iri.
const modesHelp = `
The modes, from the most forgiving:

	web     What a browser does with an href: a reference with a scheme
	        is parsed by the WHATWG URL Standard (the modern form of the
	        "Web Address processing" of draft-duerst-iri-bis section 7.2)
	        and the result is its href, the URL a browser requests: white
	        space trimmed, tabs and newlines removed, "\" read as "/" in
	        http, https, ws, wss, ftp and file URLs, scheme and host in
	        lower case, default port and dot segments removed. The href can
	        keep characters RFC 3986 does not allow (a lone "%", "|" or "{"
	        in a query, "#" in a fragment). A relative reference stays
	        relative, encoded as the URL Standard encodes it (its
	        preprocessing and percent-encode sets), so that it resolves
	        to what it did. With --base, resolution is the URL Standard's.
	leiri   Legacy extended IRIs (section 7.1): space, < > " { } | \ ^ ` + "`" + `,
	        controls and bidi formatting characters are accepted and
	        percent-encoded; a valid URI is left unchanged. Resolution
	        against --base is RFC 3986 section 5.2.
	strict  The IRI-reference grammar of RFC 3987; anything else fails.
`

var uriCommand = &command{
	name:    "uri",
	summary: "print the URI form of each input",
	usage:   "relink uri [flags] [INPUT...]",
	help: `Uri prints the URI form of each INPUT, one per line (RFC 3987 section
3.1): the characters a URI does not allow are percent-encoded as UTF-8,
an internationalized host name becomes its xn-- form (UTS #46 ToASCII),
and the query of an http or https reference (in web mode also ftp and
file), or of a relative one, is encoded in the document charset given by
--charset. Existing percent-encoding is kept as written. In strict and
leiri modes a valid URI is printed unchanged; in web mode the output is
the URL a browser requests (see the modes below).
` + convertInputHelp + `
Examples:

	$ relink uri 'https://例え.テスト/パス?クエリ=値#断片'
	https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9?%E3%82%AF%E3%82%A8%E3%83%AA=%E5%80%A4#%E6%96%AD%E7%89%87

	$ relink uri --base http://example.org/a/b ../Dürst
	http://example.org/D%C3%BCrst

	$ relink uri --charset windows-1251 'http://example.com/?q=Жå'
	http://example.com/?q=%C6%26%23229%3B

	$ relink uri --mode leiri 'HTTP://Example.COM:80/a/./b' 'r%C3%A9sum%C3%A9 2.html'
	HTTP://Example.COM:80/a/./b
	r%C3%A9sum%C3%A9%202.html

	$ relink uri < links.txt > uris.txt
`,
	run: func(cmd *command, args []string, e *env) int {
		return runConvert(cmd, args, e, false)
	},
}

var iriCommand = &command{
	name:    "iri",
	summary: "print the display IRI of each input",
	usage:   "relink iri [flags] [INPUT...]",
	help: `Iri prints the IRI a person should see for each INPUT, one per line
(RFC 3987 section 3.2): percent-encoded UTF-8 is decoded where the
characters are safe to show, and an xn-- host label is shown in Unicode
when it passes IDNA, the bidi rule and a mixed-script check. Everything
else stays encoded: bytes that are not UTF-8, reserved characters, bidi
formatting characters, invisible and look-alike characters, and spoofable
host labels. The result maps back to the same URI with "relink uri".
With a legacy --charset, the query of a reference whose query is encoded
in it is left as written, since decoding it as UTF-8 would change it.

With --text, iri prints the form to write in running text instead: the
display IRI with the minimal escaping of Unicode Technical Standard #58,
so that a link detector finds all of it and nothing more. A closing
bracket without its opening one and a final punctuation mark are
percent-encoded, as are spaces and controls. With a legacy --charset the
query stays as written there too.
` + convertInputHelp + `
Examples:

	$ relink iri http://xn--99zt52a.example.org/%e2%80%ae
	http://納豆.example.org/%E2%80%AE

	$ relink iri 'http://www.example.org/D%C3%BCrst' 'http://www.example.org/D%FCrst'
	http://www.example.org/Dürst
	http://www.example.org/D%FCrst

	$ relink iri http://xn--pple-43d.com/
	http://xn--pple-43d.com/

	$ relink iri --text 'https://example.com/wiki/%CE%91_(%CE%B2))' 'https://example.com/end.'
	https://example.com/wiki/Α_(β)%29
	https://example.com/end%2E

	$ relink iri < uris.txt
`,
	run: func(cmd *command, args []string, e *env) int {
		return runConvert(cmd, args, e, true)
	},
}

// A converter converts inputs and writes the results for one run of the
// uri or iri command.
type converter struct {
	name    string // command name, for messages
	mode    iri.Mode
	conv    *iri.Converter
	base    *iri.Base // --base, or nil
	baseArg string    // --base as given
	convert func(*iri.Converter, string) (string, error)
	out     *lineWriter
	jsonl   *jsonl // --format jsonl, else nil
	check   bool   // relink check: print violations instead of converting
	stderr  io.Writer
	failed  bool  // some input could not be converted
	bom     int   // the length of the byte order mark before the first line of standard input
	werr    error // the first error writing the output
}

func runConvert(cmd *command, args []string, e *env, toIRI bool) int {
	fs := newFlagSet(cmd, e)
	base := fs.String("base", "", "resolve each input against the absolute `IRI` first")
	label := choiceFlag(fs, "charset", "utf-8", "document charset, a WHATWG encoding `LABEL` (utf-8, windows-1252, shift_jis, ...);\nthe query of http and https references is encoded in it", charsetNames)
	modeName := choiceFlag(fs, "mode", "web", "`MODE` of parsing: strict, leiri or web", modeNames)
	format := choiceFlag(fs, "format", "text", "`FORMAT` of the input and output: text (a reference per line) or jsonl (JSON objects\n{\"input\", \"base\", \"charset\"}, one per line, in; {\"input\", \"uri\"} (or \"iri\") or {\"input\", \"error\"} out)", ioFormats)
	var text *bool
	if toIRI {
		text = fs.Bool("text", false, "print the UTS #58 minimally escaped form for running text")
	}
	e.outputFlag(fs)
	inputs, status := parseArgs(cmd, fs, args, e)
	if status >= 0 {
		return status
	}
	jsonl, status := ioFormat(cmd, e, *format)
	if status >= 0 {
		return status
	}

	mode, err := iri.ParseMode(*modeName)
	if err != nil {
		return usageError(cmd, e, "unknown --mode %q (want strict, leiri or web)", *modeName)
	}
	enc, _ := charset.Lookup(*label)
	if enc == nil {
		return usageError(cmd, e, "unknown --charset %q (want a WHATWG encoding label such as utf-8, windows-1252 or shift_jis)", *label)
	}
	c := newConverter(cmd, e, mode, iri.NewConverter(iri.WithMode(mode), iri.WithCharset(enc)))
	if *base != "" {
		if status := c.setBase(cmd, e, *base); status >= 0 {
			return status
		}
	}
	if status := e.openOutput(cmd, exitFail); status >= 0 {
		return status
	}
	c.out = newLineWriter(e.stdout)
	switch {
	case !toIRI:
		c.convert = (*iri.Converter).ToURI
	case *text:
		c.convert = func(conv *iri.Converter, s string) (string, error) {
			s, err := conv.ToIRI(s)
			if err != nil {
				return "", err
			}
			return conv.TextForm(s)
		}
	default:
		c.convert = (*iri.Converter).ToIRI
	}
	if jsonl {
		key := "uri"
		if toIRI {
			key = "iri"
		}
		c.jsonl = newJSONL(key, *label)
	}
	return c.runInputs(inputs, e)
}

// ioFormats are the values of --format of relink uri, iri and check,
// which choose the input's format with the output's.
var ioFormats = []string{"text", "jsonl"}

// ioFormat checks --format of relink uri, iri or check and reports
// whether it is jsonl, and -1; or a usage error's exit status.
func ioFormat(cmd *command, e *env, format string) (jsonl bool, status int) {
	if !slices.Contains(ioFormats, format) {
		return false, usageError(cmd, e, "unknown --format %q (want %s)", format, orList(ioFormats))
	}
	return format == "jsonl", -1
}

func newConverter(cmd *command, e *env, mode iri.Mode, conv *iri.Converter) *converter {
	return &converter{
		name:   cmd.name,
		mode:   mode,
		conv:   conv,
		stderr: e.stderr,
		out:    newLineWriter(e.stdout),
	}
}

// runInputs handles the inputs given as arguments, or else the lines of
// standard input, and returns the exit status.
func (c *converter) runInputs(inputs []string, e *env) int {
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	stdinRead := false
	for _, in := range inputs {
		switch {
		case in == "-" && stdinRead:
			c.failed = true
			c.flush()
			fmt.Fprintf(e.stderr, "relink %s: -: standard input named twice\n", c.name)
		case in == "-":
			stdinRead = true
			c.lines(e.stdin)
		case c.jsonl != nil:
			c.jsonArg(in)
		default:
			c.do(in, 0)
		}
	}
	c.flush()
	if c.werr != nil {
		fmt.Fprintf(e.stderr, "relink %s: writing output: %v\n", c.name, c.werr)
		return exitFail
	}
	if c.failed {
		return exitFail
	}
	return exitOK
}

// setBase parses the --base value, which must be an absolute IRI that the
// mode accepts. It returns -1 on success and the exit status of a usage
// error otherwise.
func (c *converter) setBase(cmd *command, e *env, base string) int {
	ref, err := c.conv.Parse(base)
	if err == nil && !ref.IsAbs() {
		return usageError(cmd, e, "--base %s is not an absolute IRI (it has no scheme)", quote(base))
	}
	if err == nil {
		c.base, err = c.conv.ParseBase(base)
		c.baseArg = base
	}
	if err != nil {
		return usageError(cmd, e, "invalid --base %s: %s", quote(base), crawl.Reason(err))
	}
	return -1
}

// lines converts each line of r. It flushes the output whenever the next
// read may block, so that results appear as soon as their input is read,
// and otherwise writes in large blocks. Memory is bounded by the buffer
// sizes and the longest line.
func (c *converter) lines(r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte // reused for lines longer than br's buffer
	for n := 1; c.werr == nil; n++ {
		if !lineBuffered(br) {
			c.flush()
		}
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = br.ReadSlice('\n')
				long = append(long, line...)
			}
			line = long
		}
		if err != nil && err != io.EOF {
			c.flush()
			fmt.Fprintf(c.stderr, "relink %s: -: reading standard input: %v\n", c.name, err)
			c.failed = true
			return
		}
		if len(line) == 0 && err == io.EOF {
			return
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if n == 1 && bytes.HasPrefix(line, []byte("\uFEFF")) {
			line = line[3:]
			c.bom = 3
		}
		if c.jsonl != nil {
			c.jsonLine(line, n)
		} else {
			c.do(string(line), n)
		}
		if cap(long) > 1<<20 {
			long = nil // do not keep a huge buffer for one huge line
		}
		if err == io.EOF {
			return
		}
	}
}

// lineBuffered reports whether br holds a whole line, so that reading it
// does not block.
func lineBuffered(br *bufio.Reader) bool {
	b, _ := br.Peek(br.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}

// do converts the input in and writes the result, or reports the error.
// lineno is the line of standard input in came from, or 0 for an
// argument.
func (c *converter) do(in string, lineno int) {
	if c.check {
		c.doCheck(in)
		return
	}
	s, err := c.resolve(in)
	resolved := err == nil && s != in
	var out string
	if err == nil {
		out, err = c.convert(c.conv, s)
	}
	if err != nil {
		c.report(in, s, resolved, lineno, err)
		return
	}
	if c.werr != nil {
		return
	}
	if _, err := c.out.WriteString(out); err != nil {
		c.werr = err
		return
	}
	if err := c.out.WriteByte('\n'); err != nil {
		c.werr = err
	}
}

// resolve resolves in against the base, if there is one.
func (c *converter) resolve(in string) (string, error) {
	if c.base != nil {
		return c.base.Resolve(in)
	}
	return in, nil
}

// report writes the error err for input in on standard error. For a
// line of standard input it gives the line, and the column (in bytes,
// from 1) when the error is about in as written, in the form of every
// message of relink: "relink uri: -:3:12: "in": reason"; for an argument,
// the offset in it: "relink uri: "in": at offset 11: reason". When in was
// resolved to s, or the error's offset is about a preprocessed form of
// in, it shows that form, and the offset in it.
func (c *converter) report(in, s string, resolved bool, lineno int, err error) {
	c.failed = true
	c.flush() // keep stdout and stderr in order on a terminal
	as := ""
	var ie *iri.Error
	isIRI := errors.As(err, &ie)
	switch {
	case resolved:
		as = " (resolved to " + quote(s) + ")"
	case isIRI && ie.Offset >= 0 && ie.Input != in:
		as = " (read as " + quote(ie.Input) + ")"
	}
	msg := crawl.Reason(err)
	where := ""
	if lineno > 0 {
		col := 0
		if isIRI && ie.Offset >= 0 && as == "" {
			col = ie.Offset + 1
			if lineno == 1 {
				col += c.bom
			}
			msg = ie.Err.Error()
		}
		where = position("-", lineno, col) + ": "
	}
	fmt.Fprintf(c.stderr, "relink %s: %s%s%s: %s\n", c.name, where, quote(in), as, msg)
}

func (c *converter) flush() {
	if c.werr == nil {
		c.werr = c.out.Flush()
	}
}

// maxQuoted is the length beyond which quote shortens its argument.
const maxQuoted = 512

// quote returns s as a Go string literal, shortened to about maxQuoted
// bytes with "..." after the closing quote, so that an error about a huge
// line stays readable.
func quote(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	n := maxQuoted
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return strconv.Quote(s[:n]) + "..."
}
