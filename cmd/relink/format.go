package main

import (
	"flag"
	"strconv"
	"strings"

	"github.com/relink-go/relink/extract"
)

// A linkFormat is an output format of relink extract and relink warc
// (--format). Every use of a format goes through its row of
// linkFormats: to add one, add a row (and its help, which -h, the manual
// page and doc.go take from it).
type linkFormat struct {
	name string // the value of --format
	help string // what it writes, for the help's list of formats

	// value returns what the format shows of l, which --unique and
	// --count compare, and false when it has nothing to show (a link
	// without a URL has a value only).
	value func(l *extract.Link) (string, bool)
	// column names value in the header of --count; name if "".
	column string
	// position is true for a format that writes where a link is, its
	// line (jsonl, tsv): the others have no line counted.
	position bool
	// iri is true for a format that writes the IRI of a link (jsonl,
	// iri): the others have none made.
	iri bool
	// record is true for a format that writes each link whole
	// (jsonl, tsv): it writes a link without a URL too, which --unique
	// knows by its value and --count leaves out.
	record bool
	// header is the line of --header after the name of the first
	// column (the file, or relink warc's page), from the separator that
	// follows it (headerLine); "" for a format without one. --count,
	// which writes its own columns, does not take such a format.
	header string
	// write appends the line of l to dst and returns it; first is the
	// file (relink extract) or the page's URL (relink warc). It reports
	// false when it appended nothing, as l has no value in the format.
	// It is nil for jsonl, whose objects each command writes in its own
	// way.
	write func(dst []byte, first string, l *extract.Link) ([]byte, bool)
}

// linkFormats are the formats of relink extract and relink warc, in the
// order help gives them; the first is the default.
var linkFormats = []*linkFormat{
	{name: "jsonl", column: "href", value: hrefValue, record: true, position: true, iri: true, help: `one JSON object per link: file, tag, attr (empty for a link in
text), role ("text" for a link in text), value (the value as the
document means it: entities decoded; for a text link, the
detected text), href, uri, iri, start and end (the byte span
of the value in the file), line and column (where the value
starts, from 1; the column in bytes of the line), and where
they apply rel, text (anchor text), lazy, error`},
	{name: "href", value: hrefValue, help: `the hrefs, one per line: the URL a browser requests, as the
URL Standard writes it (ASCII, the query in the document's
charset). An href may keep characters RFC 3986 does not allow
({, |, \ or ^ in a query, a lone %, a # in the fragment), which
curl and RFC 3986 parsers reject`},
	{name: "uri", value: uriValue, write: writeURI, help: `the URIs, one per line: each href with every character RFC 3986
does not allow where it stands percent-encoded ({ as %7B, a lone
% as %25), the same resource as a URI that curl takes and
relink check --mode strict passes; the href itself when it is a
URI, as almost every one is`},
	{name: "iri", iri: true, value: func(l *extract.Link) (string, bool) { return l.IRI, l.Err == nil }, help: `the IRIs, the hrefs in the form to show a person (non-ASCII
characters and internationalized domain names in Unicode, where
that is safe), one per line`},
	{name: "value", value: func(l *extract.Link) (string, bool) { return l.Value, true }, help: `the values as the document writes them (entities decoded, in
UTF-8, line breaks and tabs as spaces), one per line, also for a
link whose URL is invalid`},
	{name: "tsv", column: "href", value: hrefValue, record: true, position: true, header: tsvHeader, write: writeTSV,
		help: `file, line, start, tag, attr, href, uri, value, separated by
tabs; with --header, after a line naming the columns`},
}

func init() {
	for _, f := range linkFormats {
		if f.column == "" {
			f.column = f.name
		}
		if f.write == nil && !f.record {
			f.write = valueLine(f.value)
		}
	}
}

func hrefValue(l *extract.Link) (string, bool) { return l.Href, l.Err == nil }

func uriValue(l *extract.Link) (string, bool) { uri, err := l.URI(); return uri, err == nil }

// writeURI is the writer of --format uri: valueLine's, without the
// escapes of tsvField, which a URI never needs (it is printable ASCII).
func writeURI(dst []byte, _ string, l *extract.Link) ([]byte, bool) {
	uri, ok := uriValue(l)
	if ok {
		dst = append(append(dst, uri...), '\n')
	}
	return dst, ok
}

// valueLine returns the writer of a format of one value per line.
func valueLine(value func(*extract.Link) (string, bool)) func([]byte, string, *extract.Link) ([]byte, bool) {
	return func(dst []byte, _ string, l *extract.Link) ([]byte, bool) {
		v, ok := value(l)
		if ok {
			dst = append(append(dst, tsvField(v)...), '\n')
		}
		return dst, ok
	}
}

// tsvHeader names the columns of --format tsv after the first, which
// writeTSV writes.
const tsvHeader = "\tline\tstart\ttag\tattr\thref\turi\tvalue\n"

// headerLine returns the line of --header of f, whose first column is
// first ("file" or "page").
func (f *linkFormat) headerLine(first string) string { return first + f.header }

// writeTSV appends the line of --format tsv for the link l of first (the
// file, or relink warc's page): first, line, start, tag, attr, href,
// uri and value, separated by tabs.
func writeTSV(dst []byte, first string, l *extract.Link) ([]byte, bool) {
	uri, _ := l.URI() // "" for a link without a URL
	dst = append(append(dst, tsvField(first)...), '\t')
	dst = append(strconv.AppendInt(dst, int64(l.Line), 10), '\t')
	dst = append(strconv.AppendInt(dst, l.Start, 10), '\t')
	dst = append(append(dst, l.Tag...), '\t')
	dst = append(append(dst, l.Attr...), '\t')
	dst = append(append(dst, l.Href...), '\t')
	dst = append(append(dst, uri...), '\t')
	dst = append(append(dst, tsvField(l.Value)...), '\n')
	return dst, true
}

// isJSON reports whether f is jsonl, the format each command writes its
// own objects in.
func (f *linkFormat) isJSON() bool { return f.write == nil }

// linkFormatNames returns the names of the formats for which keep
// reports true.
func linkFormatNames(keep func(*linkFormat) bool) []string {
	var names []string
	for _, f := range linkFormats {
		if keep(f) {
			names = append(names, f.name)
		}
	}
	return names
}

func allFormats(*linkFormat) bool { return true }

// linkOutput holds the output flags of relink extract and relink warc:
// --format, the link filters, --unique, --count and --header,
// --quiet and --verbose, --output.
type linkOutput struct {
	formatName *string
	filter     *filterFlags
	shape      *shaper
	vf         verbosityFlags

	// Once parse has run:
	format *linkFormat
	verb   verbosity
}

// addLinkOutput defines the output flags on fs; scope is what --unique
// and --count work over: "run" (relink extract) or "page" (relink warc).
func addLinkOutput(fs *flag.FlagSet, e *env, scope string) *linkOutput {
	names := linkFormatNames(allFormats)
	o := &linkOutput{}
	o.formatName = choiceFlag(fs, "format", names[0], "output `FORMAT`: "+strings.Join(names, ", "), names)
	o.filter = addFilterFlags(fs)
	o.shape = addShapeFlags(fs, scope)
	o.vf.register(fs)
	e.outputFlag(fs)
	return o
}

// parse parses the flags of cmd from args, as parseArgs does, and checks
// the output flags: it returns the positional arguments and -1, or the
// exit status of -h or of a usage error.
func (o *linkOutput) parse(cmd *command, fs *flag.FlagSet, args []string, e *env) ([]string, int) {
	inputs, verb, status := o.vf.parse(cmd, fs, args, e)
	if status >= 0 {
		return nil, status
	}
	o.verb = verb
	for _, f := range linkFormats {
		if f.name == *o.formatName {
			o.format = f
		}
	}
	if o.format == nil {
		return nil, usageError(cmd, e, "unknown --format %q (want %s)", *o.formatName, orList(linkFormatNames(allFormats)))
	}
	if msg := o.filter.check(); msg != "" {
		return nil, usageError(cmd, e, "%s", msg)
	}
	if msg := o.shape.check(o.format); msg != "" {
		return nil, usageError(cmd, e, "%s", msg)
	}
	return inputs, -1
}

// formatsHelp is the list of formats in the help of relink extract.
func formatsHelp() string {
	var b strings.Builder
	b.WriteString("Formats (--format):\n\n")
	for _, f := range linkFormats {
		b.WriteString("\t" + f.name + "\t" + strings.ReplaceAll(f.help, "\n", "\n\t\t") + "\n")
	}
	return b.String()
}
