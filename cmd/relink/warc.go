package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/warc"
)

var warcCommand = &command{
	name:    "warc",
	summary: "list the outlinks of the HTML pages in WARC files",
	usage:   "relink warc [flags] [FILE...]",
	help: `Warc reads web archives (WARC 1.0 and 1.1, and the 0.17 and 0.18 drafts;
uncompressed, or gzipped per record or as a whole) and prints the links of
every HTML page they hold, as JSON lines. Each FILE is a path, or "-" for
standard input; with --paths-from, the paths are read one per line from a
file ("-" for standard input) as well; with neither, the archive is read
from standard input.

The pages are the response and resource records whose content type is
HTML (text/html or application/xhtml+xml; a page without a content type
is sniffed). An HTTP body is read as the server sent it: chunked transfer
coding and gzip, deflate and br content codings are undone when the body
still has them, and left alone when the crawler already decoded it.
A page's links are those relink extract finds, resolved against the page's
URL (WARC-Target-URI) and its <base>, with the query in the page's charset:
from the HTTP Content-Type header ("transport"), a byte order mark ("bom"),
a <meta> ("meta"), a guess from its bytes ("detected") or windows-1252
("default"). The HTTP header's links come first, in the order written: the
Location of a redirect (3xx), each Link header link, and the URL of a
Refresh header; they have tag "http" and attr "location", "link" or
"refresh", and resolve against the page's URL alone.

Each line is one link: the page's fields, then the link's.

	page            the page's URL, WARC-Target-URI (without the <> of
	                WARC 1.0)
	record_id       WARC-Record-ID
	date            WARC-Date as written
	status          the HTTP status code (absent for a resource record)
	charset         the page's charset, a WHATWG encoding name
	charset_source  transport, bom, xml, meta, detected or default
	record_offset   the offset of the record (of its gzip member) in the
	                file, where an index such as CDX points
	file            the WARC file as given
	tag, attr, role, raw, uri, iri, offset, end, line, rel, text, lazy,
	error           as relink extract gives them; offset, end and line
	                are those of the link in the decoded body (0 for a
	                link from the HTTP header)

With --per-page, each line is one page instead: its fields, then "links",
the array of its links (without "file"), empty for a page without links.

The filters of relink extract (--scheme, --tag, --attr, --role, --rel,
--host, --same-site, --external; see relink extract -h) select the links
written, the page's URL being the document's own URL; a link of the HTTP
header has tag "http". With --per-page a page whose links are all left
out still has its line, with an empty array.

A record that cannot be read (a bad header, a corrupt gzip member, a
file cut short) is reported on standard error as "relink warc: FILE:
offset N: reason" and skipped, and the rest of the file is read; a file
that cannot be opened is reported and the others are read. The exit
status is then 1.

A compressed body can expand a thousandfold per coding, and codings
stack: a few hundred bytes of archive can hold gigabytes of page. A
page's payload (the HTTP body with its codings undone, or the block of a
resource record) is read up to --max-payload, 64 MiB unless set; the
links in what was read are written, and the page is reported as above
("the payload is larger than --max-payload 64MiB") and the next record
read.

The command is made to be the map step of a batch job: it reads paths on
standard input and writes JSON lines on standard output, its output
depends only on its input files (one after another, in the order given,
records in file order), and nothing is shared between files. Output is
written in whole lines (and on a pipe, in writes of at most 4096 bytes
when the lines allow), so that the lines of parallel runs sharing one
output do not mix. Memory stays bounded whatever the size of the files
and their records: the command sets a soft memory limit of 32 MiB
(GOMEMLIMIT sets another).

Examples (from the repository's root):

	$ relink warc testdata/warc/example.warc
	{"page":"http://example.org/","record_id":"<urn:uuid:00000000-0000-4000-8000-000000000001>","date":"2024-05-06T07:08:09Z","status":301,"charset":"","charset_source":"","record_offset":0,"file":"testdata/warc/example.warc","tag":"http","attr":"location","role":"hyperlink","raw":"/ru/","uri":"http://example.org/ru/","iri":"http://example.org/ru/","offset":0,"end":0,"line":0}
	{"page":"http://example.org/ru/","record_id":"<urn:uuid:00000000-0000-4000-8000-000000000002>","date":"2024-05-06T07:08:10Z","status":200,"charset":"windows-1251","charset_source":"meta","record_offset":312,"file":"testdata/warc/example.warc","tag":"a","attr":"href","role":"hyperlink","raw":"поиск?q=Юникод","uri":"http://example.org/ru/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%DE%ED%E8%EA%EE%E4","iri":"http://example.org/ru/поиск?q=%DE%ED%E8%EA%EE%E4","offset":53,"end":67,"line":3,"text":"Поиск"}

	$ relink warc crawl-00001.warc.gz > links.jsonl
	$ find crawl -name '*.warc.gz' | xargs -P 8 -n 16 relink warc > links.jsonl
	$ relink warc --per-page --paths-from paths.txt > pages.jsonl
`,
	run: runWARC,
}

type warcRun struct {
	perPage    bool
	textLinks  bool
	maxPayload int64 // --max-payload: the bound on a page's payload, none when 0
	filter     *linkFilter
	stdin      io.Reader
	stderr     io.Writer
	out        *lineWriter
	failed     bool

	// Per page.
	file    string
	rec     *warc.Record
	prefix  []byte // the page's fields, JSON without the closing brace
	nlinks  int
	jbuf    bytes.Buffer
	enc     *json.Encoder
	body    *bufio.Reader
	conv    *iri.Converter
	hlink   extract.Link
	stdinIn bool // standard input was read as an archive
	capped  cappedBlock
}

// cappedBlock passes on the block of a resource record up to limit bytes,
// and then returns a *warc.PayloadSizeError if there is more.
type cappedBlock struct {
	r     io.Reader
	rec   *warc.Record
	n     int64
	limit int64
}

func (c *cappedBlock) Read(p []byte) (int, error) {
	left := c.limit - c.n
	if int64(len(p)) > left+1 {
		p = p[:left+1]
	}
	n, err := c.r.Read(p)
	if int64(n) > left {
		c.n = c.limit
		rec := c.rec
		return int(left), &warc.PayloadSizeError{Limit: c.limit, Offset: rec.Offset, DecompressedOffset: rec.DecompressedOffset, TargetURI: rec.TargetURI}
	}
	c.n += int64(n)
	return n, err
}

// byteSize is a flag's size in bytes: a number of bytes, or a number and
// a unit, KiB, MiB, GiB and TiB (or K, M, G and T) for powers of 1024,
// KB, MB, GB and TB for powers of 1000, B for bytes; in any case, with
// or without a space. It prints in the largest binary unit that divides
// it.
type byteSize int64

var sizeUnits = []struct {
	name string
	mult int64
}{
	{"tib", 1 << 40}, {"gib", 1 << 30}, {"mib", 1 << 20}, {"kib", 1 << 10},
	{"tb", 1e12}, {"gb", 1e9}, {"mb", 1e6}, {"kb", 1e3},
	{"t", 1 << 40}, {"g", 1 << 30}, {"m", 1 << 20}, {"k", 1 << 10},
	{"b", 1},
}

func (s *byteSize) Set(v string) error {
	num, mult := strings.ToLower(strings.TrimSpace(v)), int64(1)
	for _, u := range sizeUnits {
		if n, ok := strings.CutSuffix(num, u.name); ok {
			num, mult = strings.TrimSpace(n), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64/mult {
		return errors.New("not a size: want bytes, or a number and a unit such as 64MiB")
	}
	*s = byteSize(n * mult)
	return nil
}

func (s byteSize) String() string {
	for _, u := range []struct {
		name string
		mult int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if s != 0 && int64(s)%u.mult == 0 {
			return strconv.FormatInt(int64(s)/u.mult, 10) + u.name
		}
	}
	return strconv.FormatInt(int64(s), 10)
}

func runWARC(cmd *command, args []string, e *env) int {
	fs := newFlagSet(cmd, e)
	perPage := fs.Bool("per-page", false, "write one line per page, with its links in an array")
	pathsFrom := fs.String("paths-from", "", "also read the paths of the archives, one per line, from `FILE` (- for standard input)")
	textLinks := fs.Bool("text-links", false, "also find the links written as plain text in the text of the pages")
	maxPayload := byteSize(warc.DefaultMaxPayloadSize)
	fs.Var(&maxPayload, "max-payload", "read at most `SIZE` of a page's payload, its HTTP codings undone: bytes, or with a suffix (64MiB, 1GiB, 500KB); 0 for no limit")
	filter := addFilterFlags(fs)
	inputs, status := parseArgs(cmd, fs, args, e)
	if status >= 0 {
		return status
	}
	if msg := filter.check(); msg != "" {
		return usageError(cmd, e, "%s", msg)
	}
	if *pathsFrom == "-" {
		for _, in := range inputs {
			if in == "-" {
				return usageError(cmd, e, "standard input cannot be both an archive and --paths-from")
			}
		}
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		// What the command holds is small (buffers, one tag, one
		// page's anchor text: a few MiB), but the garbage of a million
		// links can outgrow the collector on a busy machine: a soft
		// limit keeps the process small beside others.
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(memoryLimit))
	}
	w := &warcRun{perPage: *perPage, textLinks: *textLinks, maxPayload: int64(maxPayload), filter: filter, stdin: e.stdin, stderr: e.stderr,
		out: newLineWriter(e.stdout), conv: iri.NewConverter(iri.WithMode(iri.Web))}
	w.enc = json.NewEncoder(&w.jbuf)
	w.enc.SetEscapeHTML(false)
	w.body = bufio.NewReaderSize(nil, charsetPeek)

	if len(inputs) == 0 && *pathsFrom == "" {
		inputs = []string{"-"}
	}
	for _, in := range inputs {
		if w.out.err != nil {
			break
		}
		w.archive(in)
	}
	if *pathsFrom != "" && w.out.err == nil {
		w.pathsFrom(*pathsFrom)
	}
	w.out.Flush()
	if w.out.err != nil {
		fmt.Fprintf(e.stderr, "relink warc: writing output: %v\n", w.out.err)
		return exitFail
	}
	if w.failed {
		return exitFail
	}
	return exitOK
}

// pathsFrom reads the archives whose paths name lists, one per line.
func (w *warcRun) pathsFrom(name string) {
	var r io.Reader = w.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			w.fail(name, err)
			return
		}
		defer f.Close()
		r = f
	}
	s := bufio.NewScanner(r)
	s.Buffer(nil, 1<<20)
	for s.Scan() && w.out.err == nil {
		if p := strings.TrimRight(s.Text(), "\r"); strings.TrimSpace(p) != "" {
			w.archive(p)
		}
	}
	if err := s.Err(); err != nil {
		w.fail(name, err)
	}
}

// archive prints the links of the pages of one WARC file.
func (w *warcRun) archive(name string) {
	var in io.Reader = w.stdin
	if name == "-" {
		if w.stdinIn {
			w.fail(name, errors.New("standard input was read already"))
			return
		}
		w.stdinIn = true
	} else {
		f, err := os.Open(name)
		if err != nil {
			w.fail(name, err)
			return
		}
		defer f.Close()
		in = f
	}
	w.file = name
	r := warc.NewReader(in)
	r.MaxPayloadSize = w.maxPayload
	// A gzipped file is decompressed ahead in a goroutine: Close ends it
	// when the output fails before the end of the file, and before the
	// file is closed.
	defer r.Close()
	for w.out.err == nil {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		var se *warc.SyntaxError
		if errors.As(err, &se) {
			w.fail(name, errors.New(se.Where()+": "+se.Reason))
			continue
		}
		if err != nil {
			w.fail(name, err)
			break
		}
		switch strings.ToLower(rec.Type) {
		case "response", "resource":
			w.record(rec)
		}
	}
}

// memoryLimit is the soft memory limit of relink warc (see
// runtime/debug.SetMemoryLimit), unless GOMEMLIMIT sets one.
const memoryLimit = 32 << 20

// htmlTypes are the media types of the pages read.
var htmlTypes = map[string]bool{"text/html": true, "application/xhtml+xml": true, "application/vnd.wap.xhtml+xml": true}

// record prints the links of a response or resource record, if it is a
// page.
// charsetPeek is how many bytes of a page relink warc peeks at to report
// the charset the extractor decides: as many as the extractor may hold
// while it decides, for a late <meta> (HeadLimit) or for a guess
// (DetectLimit).
const charsetPeek = max(extract.HeadLimit, extract.DetectLimit)

func (w *warcRun) record(rec *warc.Record) {
	w.rec = rec
	var (
		resp    *warc.Response
		body    io.Reader
		media   string
		charset string
		status  int
	)
	if strings.EqualFold(rec.Type, "response") {
		var err error
		resp, err = rec.HTTPResponse()
		if err == warc.ErrNotHTTP {
			return // dns:, ftp: and the like
		}
		if err != nil {
			w.recordFail(err)
			return
		}
		status = resp.StatusCode
		media, charset = resp.ContentType()
		body = resp.Body
	} else {
		media, charset = rec.Header.ContentType()
		// A resource's payload is its block, which a gzip member can
		// inflate a thousandfold: it is bounded as an HTTP payload is.
		body = rec.Block
		if w.maxPayload > 0 {
			w.capped = cappedBlock{r: rec.Block, rec: rec, limit: w.maxPayload}
			body = &w.capped
		}
	}
	if media == "" {
		media, _ = warc.Header{{Name: "Content-Type", Value: rec.Header.Get("WARC-Identified-Payload-Type")}}.ContentType()
	}
	w.body.Reset(body)
	var head []byte
	isHTML := htmlTypes[media]
	if isHTML || media == "" {
		// The bytes the extractor decides the charset from.
		head, _ = w.body.Peek(extract.DetectLimit)
		isHTML = isHTML || sniffType(head[:min(len(head), extract.PrescanLimit)]) == "html"
	}
	redirect := resp != nil && status >= 300 && status < 400 && resp.Header.Get("Location") != ""
	if !isHTML && !redirect {
		return
	}

	var cs extract.Charset
	fallback := ""
	if strings.HasSuffix(media, "xhtml+xml") {
		fallback = "utf-8" // XML's default
	}
	if isHTML {
		// What the extractor will decide from the same bytes.
		head, _ = w.body.Peek(charsetPeek)
		cs = extract.DetectCharset(head, charset, fallback)
	}
	w.startPage(rec, status, cs)
	if resp != nil {
		w.headerLinks(resp, isHTML)
	}
	if isHTML && w.out.err == nil {
		x := extract.NewHTML(extract.Options{BaseURL: rec.TargetURI, Charset: charset, DefaultCharset: fallback, TextLinks: w.textLinks}, w.bodyLink)
		_, err := x.ReadFrom(w.body)
		// The extractor fails only when the link function does (an
		// error of the output), and Next reports a record cut short
		// and an error of the input: what is left is the body's codings.
		var (
			de *warc.DecodeError
			pe *warc.PayloadSizeError
		)
		switch {
		case w.out.err != nil:
		case errors.As(err, &pe):
			w.fail(w.file, fmt.Errorf("offset %s: the payload is larger than --max-payload %v: the links past its first %[2]v are left out",
				recordWhere(w.rec), byteSize(pe.Limit)))
		case errors.As(err, &de):
			w.recordFail(err)
		}
	}
	w.endPage()
}

// recordFail reports an error in the current record.
func (w *warcRun) recordFail(err error) {
	w.fail(w.file, fmt.Errorf("offset %s: %s", recordWhere(w.rec), strings.TrimPrefix(reason(err), "warc: ")))
}

func recordWhere(rec *warc.Record) string {
	if rec.DecompressedOffset != 0 {
		return fmt.Sprintf("%d+%d", rec.Offset, rec.DecompressedOffset)
	}
	return strconv.FormatInt(rec.Offset, 10)
}

// warcPage is the JSON form of a page's fields.
type warcPage struct {
	Page          string `json:"page"`
	RecordID      string `json:"record_id"`
	Date          string `json:"date"`
	Status        int    `json:"status,omitempty"`
	Charset       string `json:"charset"`
	CharsetSource string `json:"charset_source"`
	RecordOffset  int64  `json:"record_offset"`
}

// startPage encodes the page's fields, which begin each of its lines.
func (w *warcRun) startPage(rec *warc.Record, status int, cs extract.Charset) {
	p := warcPage{Page: rec.TargetURI, RecordID: rec.RecordID, Date: rec.Date, Status: status,
		Charset: cs.Name, CharsetSource: cs.Source, RecordOffset: rec.Offset}
	w.jbuf.Reset()
	w.enc.Encode(&p)
	b := bytes.TrimRight(w.jbuf.Bytes(), "\n")
	w.prefix = append(w.prefix[:0], b[:len(b)-1]...) // without the "}"
	w.nlinks = 0
	if w.perPage {
		w.out.Write(w.prefix)
		w.jbuf.Reset()
		w.enc.Encode(w.file)
		fmt.Fprintf(w.out, `,"file":%s,"links":[`, bytes.TrimRight(w.jbuf.Bytes(), "\n"))
	}
}

// endPage ends a page's line in --per-page mode.
func (w *warcRun) endPage() {
	if w.perPage {
		w.out.Write([]byte("]}\n"))
	}
}

// bodyLink is the extractor's link function.
func (w *warcRun) bodyLink(l *extract.Link) error {
	var oe *extract.OversizeError
	if errors.As(l.Err, &oe) {
		fmt.Fprintf(w.stderr, "relink warc: %s: offset %s: warning: %v\n", w.file, recordWhere(w.rec), l.Err)
		return nil
	}
	w.link(l)
	return w.out.err
}

// link writes one link of the current page.
func (w *warcRun) link(l *extract.Link) {
	if !w.filter.match(l, w.rec.TargetURI) {
		return
	}
	file := w.file
	if w.perPage {
		file = ""
	}
	j := newJSONLink(file, l)
	w.jbuf.Reset()
	w.enc.Encode(&j)
	b := w.jbuf.Bytes()
	if w.perPage {
		if w.nlinks > 0 {
			w.out.Write([]byte{','})
		}
		w.out.Write(bytes.TrimRight(b, "\n"))
	} else {
		w.out.Write(w.prefix)
		w.out.Write([]byte{','})
		w.out.Write(b[1:]) // without the "{", with the line feed
	}
	w.nlinks++
}

// headerLinks writes the links of the HTTP header: a redirect's
// Location, Link header links, a Refresh header's URL.
func (w *warcRun) headerLinks(resp *warc.Response, isHTML bool) {
	base, err := w.conv.ParseURL(w.rec.TargetURI, nil)
	if err != nil {
		base = nil
	}
	redirect := resp.StatusCode >= 300 && resp.StatusCode < 400
	for _, f := range resp.Header {
		switch {
		case redirect && strings.EqualFold(f.Name, "Location"):
			w.headerLink(base, "location", f.Value, extract.Hyperlink, "")
		case strings.EqualFold(f.Name, "Link"):
			parseLinkHeader(f.Value, func(ref, rel string) {
				w.headerLink(base, "link", ref, extract.LinkRole([]byte(rel)), rel)
			})
		case isHTML && strings.EqualFold(f.Name, "Refresh"):
			if _, s, e, ok := extract.ParseRefresh(f.Value); ok && s < e {
				w.headerLink(base, "refresh", f.Value[s:e], extract.Hyperlink, "")
			}
		}
	}
}

// headerLink writes a link of the HTTP header, resolved against the
// page's URL as a browser does (the header is taken as UTF-8).
func (w *warcRun) headerLink(base *iri.URL, attr, raw string, role extract.Role, rel string) {
	l := &w.hlink
	*l = extract.Link{Tag: "http", Attr: attr, Role: role, Rel: rel, Raw: raw}
	var err error
	if base != nil {
		l.URI, err = w.conv.ResolveURL(base, raw)
	} else {
		l.URI, err = w.conv.ToURI(raw)
	}
	if err != nil {
		l.URI, l.Err = "", err
	} else if l.IRI, err = w.conv.ToIRI(l.URI); err != nil {
		l.IRI = l.URI
	}
	w.link(l)
}

// parseLinkHeader calls fn with the URI reference and the rel parameter
// of each link of a Link header value (RFC 8288, section 3):
// `<https://example.org/a>; rel="next", </b>; rel=prev`.
func parseLinkHeader(v string, fn func(ref, rel string)) {
	for {
		lt := strings.IndexByte(v, '<')
		if lt < 0 {
			return
		}
		gt := strings.IndexByte(v[lt:], '>')
		if gt < 0 {
			return
		}
		ref := strings.TrimSpace(v[lt+1 : lt+gt])
		v = v[lt+gt+1:]
		// The parameters, up to a comma outside a quoted string.
		var rel string
		relSeen := false
		for {
			v = strings.TrimLeft(v, " \t")
			if v == "" || v[0] != ';' {
				break
			}
			v = strings.TrimLeft(v[1:], " \t")
			n := 0
			for n < len(v) && v[n] != '=' && v[n] != ';' && v[n] != ',' && v[n] != ' ' && v[n] != '\t' {
				n++
			}
			name := v[:n]
			v = strings.TrimLeft(v[n:], " \t")
			var value string
			if v != "" && v[0] == '=' {
				v = strings.TrimLeft(v[1:], " \t")
				if v != "" && v[0] == '"' {
					value, v = unquote(v)
				} else {
					n := 0
					for n < len(v) && v[n] != ';' && v[n] != ',' {
						n++
					}
					value, v = strings.TrimSpace(v[:n]), v[n:]
				}
			}
			if strings.EqualFold(name, "rel") && !relSeen {
				rel, relSeen = value, true
			}
		}
		fn(ref, rel)
		// Skip to the next link-value.
		for v != "" && v[0] != ',' {
			if v[0] == '"' {
				_, v = unquote(v)
				continue
			}
			v = v[1:]
		}
	}
}

// unquote returns the quoted string at the start of s, its escapes
// undone, and the rest of s.
func unquote(s string) (string, string) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
			}
			b.WriteByte(s[i])
		case '"':
			return b.String(), s[i+1:]
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), ""
}

func (w *warcRun) fail(name string, err error) {
	w.failed = true
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	fmt.Fprintf(w.stderr, "relink warc: %s: %v\n", name, err)
}

// lineWriter buffers output and writes it in whole lines, so that the
// lines of processes that share an output file do not mix: on Linux a
// write to a regular file is not interleaved with another's, and a write
// of at most PIPE_BUF (4096) bytes to a pipe is atomic. Each write holds
// as many whole lines as fit in limit bytes (4096 for a pipe or socket,
// 64 KiB otherwise); a longer line goes out in one write of its own, or,
// beyond maxLine, in pieces.
type lineWriter struct {
	w     io.Writer
	buf   []byte
	nl    int // the index of the last line feed in buf, or -1
	limit int
	err   error
}

const maxLine = 1 << 20

func newLineWriter(w io.Writer) *lineWriter {
	limit := 64 << 10
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&(fs.ModeNamedPipe|fs.ModeSocket) != 0 {
			limit = 4096
		}
	}
	return &lineWriter{w: w, limit: limit, nl: -1, buf: make([]byte, 0, 2*limit)}
}

func (l *lineWriter) Write(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	if i := bytes.LastIndexByte(p, '\n'); i >= 0 {
		l.nl = len(l.buf) + i
	}
	l.buf = append(l.buf, p...)
	if len(l.buf) >= l.limit && (l.nl >= 0 || len(l.buf) >= maxLine) {
		l.flush(false)
	}
	return len(p), l.err
}

// flush writes the whole lines of the buffer, limit bytes at most a
// write when the lines allow; with all, or when the buffer holds a piece
// of a line longer than maxLine, it writes everything.
func (l *lineWriter) flush(all bool) {
	b := l.buf
	lines := l.nl + 1 // b[:lines] is whole lines
	if all || len(b) >= maxLine && lines == 0 {
		lines = len(b)
	}
	for lines > 0 && l.err == nil {
		n := lines
		if n > l.limit {
			if i := bytes.LastIndexByte(b[:l.limit], '\n'); i >= 0 {
				n = i + 1 // the lines that fit
			} else if i := bytes.IndexByte(b[:lines], '\n'); i >= 0 {
				n = i + 1 // a long line alone
			}
		}
		_, l.err = l.w.Write(b[:n])
		b, lines = b[n:], lines-n
	}
	l.buf = l.buf[:copy(l.buf, b)]
	l.nl = bytes.LastIndexByte(l.buf, '\n')
}

// Flush writes what the buffer holds.
func (l *lineWriter) Flush() error {
	l.flush(true)
	return l.err
}
