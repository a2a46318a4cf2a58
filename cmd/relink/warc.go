package main

import (
	"bufio"
	"bytes"
	"context"
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
	"time"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/hostgraph"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/remote"
	"github.com/relink-go/relink/warc"
	"github.com/relink-go/relink/wat"
)

var warcCommand = &command{
	name:    "warc",
	summary: "list the outlinks of the HTML pages in WARC files",
	usage:   "relink warc [flags] [FILE...]",
	help: `Warc reads web archives (WARC 1.0 and 1.1, and the 0.17 and 0.18 drafts;
uncompressed, gzipped per record or as a whole, or compressed with
Zstandard as .warc.zst files are, a frame per record after an optional
dictionary frame; and WACZ files) and prints the links of
every HTML page they hold, as JSON lines. Each FILE is a path, or "-" for
standard input; with --paths-from, the paths are read one per line from a
file ("-" for standard input) as well; with neither, the archive is read
from standard input. A path that begins with https:// or http://, or an
S3 object written s3://bucket/key, is read from the network as it
arrives (not copied to disk); a failed connection, no response headers
within --header-timeout (30s unless set), or a 5xx (but 501 and 505),
408 or 429 status is retried three times, a second apart and then
longer, or after the wait a Retry-After header asks for, up to a minute
(a longer one fails the file); another status, a redirect loop or a
redirect to another scheme than http and https fails the file at once.
A transfer cut off, or that stalls for --idle-timeout (60s unless set),
is taken up where it stopped, with an HTTP Range request, only if the
server gave the file a strong ETag or a Last-Modified date and the rest
comes with the same one and the same length; otherwise the file fails,
and is never a splice of two versions. A signed request follows no
redirect to another origin (scheme, host and port), and an unsigned one
sends no credentials (Authorization, Cookie, X-Amz-*) to another, nor
any request a Referer.
A WACZ file (a name ending in .wacz: a ZIP file of WARC files under
archive/, with pages/ and indexes) is read as its WARC files, in the
order of its directory, each named WACZ#archive/NAME (file in the
lines); record_offset is the offset in that WARC file.
WACZ#archive/NAME reads that one alone. A remote WACZ file is read with
Range requests: its directory, then each WARC file stored in it. Its
ZIP directory is read whole, up to 64 MiB; a larger one fails the file.

A record can be read alone, by the offset and length of its byte range
as a CDX index or Common Crawl's columnar index gives them:
FILE#OFFSET,LENGTH (unless a local file has that name), or --range
OFFSET,LENGTH for each FILE; a remote file's range is read with an HTTP
Range request. The lines are those of the whole file: file is FILE as
given, without the range, and record_offset the record's offset in the
file (WACZ#archive/NAME#OFFSET,LENGTH, in a WARC file of a WACZ file
that stores it uncompressed, as WACZ files do). The range of a record of
a .warc.zst file is its frame; its dictionary, if the file has one, is
read first from the file's start, once for the lookups in the same file
that follow one another. A .warc.zst frame may ask for a window of up to
32 MiB, and a dictionary hold up to 16 MiB: a frame that asks for more is
a bad record; a larger dictionary is reported, and the frames that need
it are bad records (read by ranges, it fails the file). --records reads many such places, one a line, from a file ("-" for
standard input), in one process, over one connection per server: FILE
OFFSET LENGTH (separated by spaces or tabs), FILE,OFFSET,LENGTH (CSV, as
an index query writes it; a first line warc_filename,... is skipped),
FILE#OFFSET,LENGTH, or a CDXJ line (SURT TIMESTAMP {"filename": ...,
"offset": ..., "length": ...}); blank lines and lines that begin with #
are skipped. --prefix puts a prefix before the file names of --records
that are not URLs or absolute paths, as Common Crawl's index names its
files: --prefix https://data.commoncrawl.org/ or s3://commoncrawl/.

S3 is configured as the AWS tools are: AWS_ACCESS_KEY_ID,
AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN sign the requests (AWS
Signature Version 4; without them they are anonymous, which public
buckets accept), AWS_REGION (or AWS_DEFAULT_REGION; default us-east-1)
names the region, and AWS_ENDPOINT_URL_S3 (or AWS_ENDPOINT_URL) an
S3-compatible server. What the environment does not set comes from the
AWS shared files, as the AWS CLI reads them, for the profile AWS_PROFILE
names (or "default"): the credentials file (AWS_SHARED_CREDENTIALS_FILE,
or ~/.aws/credentials), then the config file (AWS_CONFIG_FILE, or
~/.aws/config) for the keys, the config file for region and
endpoint_url; with an empty environment (Spark's RDD.pipe), those of the
user's home directory. Static keys only: a profile whose credentials
come from SSO, credential_process or role_arn fails the file, as does
an AWS_PROFILE that neither file has. Common Crawl's bucket wants signed
requests; its files are also served anonymously at
https://data.commoncrawl.org/KEY.

The pages are the response and resource records whose content type is
HTML (text/html or application/xhtml+xml; a page without a content type
is sniffed). An HTTP body is read as the server sent it: chunked transfer
coding and gzip, deflate and br content codings are undone when the body
still has them, and left alone when the crawler already decoded it.
A page's links are those relink extract finds, resolved against the page's
URL (WARC-Target-URI) and its <base>, with the query in the page's charset:
from the HTTP Content-Type header ("transport"), a byte order mark ("bom"),
a <meta> ("meta"), UTF-8 detection ("detected") or windows-1252
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
	charset_source  transport, bom, meta, detected or default
	record_offset   the offset of the record (of its gzip member) in the
	                file, where an index such as CDX points
	file            the WARC file as given
	tag, attr, role, value, href, uri, iri, start, end, line, rel, text,
	lazy, error     as relink extract gives them (href the URL a browser
	                requests, uri the same as an RFC 3986 URI); start,
	                end and line are those of the link in the decoded body
	                (0 for a link from the HTTP header)

With --per-page, each line is one page instead: its fields, then "links",
the array of its links (without "file"), empty for a page without links,
then "record_length", the length of the record in the file from
record_offset, so that the byte range [record_offset,
record_offset+record_length) holds the record alone, as CDX's offset and
length: its whole gzip member, compressed, in a file of one member per
record; the record through its trailing line breaks in an uncompressed
file; 0 when no range holds it alone (a file gzipped as one stream, a
record cut short). The lines of links do not have it: they are written
as the page is read, and the length is known only at its end.

--format chooses the output, as for relink extract: jsonl (the lines
above, or with --per-page one line per page), tsv (page, line, start,
tag, attr, href, uri, value, separated by tabs; with --header, after a line
naming the columns), or one value per line: href, uri (the href as an
RFC 3986 URI, what curl takes), iri or value. A link the URL Standard's
parser rejects has no URL: the lines of href, uri and iri leave it out.
--per-page takes jsonl only.

--unique and --count work per page, so that memory stays bounded however
many pages a crawl has, and each page's output is a record of its own:
--unique writes each link of a page once, the first time its href (or
the value --format shows) is seen in the page; the same link on another
page is written again (sort -u makes a run's values unique). --count
writes, after each page, one line per distinct value of its links: the
page's URL, the number of its links that have the value, and the value,
separated by tabs, by count descending then value (with --header, after
a line "page<TAB>count<TAB>href", or uri, iri or value): a link graph with
weights. They hold at most 64 MiB of a page's distinct values (each
counted as its length and 64 bytes): past that, --unique writes a new
value without holding it (it may be written again), --count leaves its
links out of the counts, and the page is reported with the number of
such links (exit status 1). --text-links also finds the links written
as plain text in the text of the pages; with it, --strict takes only
those written with a scheme and email addresses, as relink extract
--strict does.

No link is lost without a word. An oversize construct (a tag longer than
1 MiB, a CSS URL longer than 64 KiB; with --text-links, a candidate for a
link in the text longer than 8192 bytes, which link detection drops
rather than cut) is reported as a warning with its record's offset and
its own. At the end, a summary line on standard error counts the files,
pages, links, the invalid ones (and those --format left out), the
oversize text links, the other oversize constructs and the errors, when
the output lacks any link. -q
reports errors only: no warnings, no summary (bad records are errors,
and are reported). -v also reports each file, with its pages and the
same counts, and always the summary.

The filters of relink extract (--scheme, --tag, --attr, --role, --rel,
--host, --same-site, --external; see relink extract -h) select the links
written, the page's URL being the document's own URL; a link of the HTTP
header has tag "http". With --per-page a page whose links are all left
out still has its line, with an empty array. They do not apply to --wat,
which writes every link of a page as WAT does.

With --wat, the output is a WAT file, as Common Crawl's are, for the
programs that read them (cc-pyspark, through warcio), each record a
gzip member of its own (a zstd frame with -o FILE.zst): for each input
file, a warcinfo record of the WAT file's own (WARC-Filename the name of
-o's file, or the input's name as ia-web-commons makes it, x.warc.gz
giving x.warc.wat.gz; WARC-Date that of the input's first record;
Software-Info, format, conformsTo), then for each record of the input,
of any type and in the input's order, a WARC metadata record
(WARC-Target-URI, a warcinfo's WARC-Filename; WARC-Date the record's,
where ia-web-commons writes the time it runs; WARC-Refers-To the
record's WARC-Record-ID; Content-Type application/json) whose JSON is
the record's Container (below) and Envelope, laid out as ia-web-commons
lays it out: Format, WARC-Header-Length, WARC-Header-Metadata (all the
record's fields) and Payload-Metadata: Actual-Content-Length,
Trailing-Slop-Length, Block-Digest (sha1: and the base32 SHA-1 of the
block), Actual-Content-Type, and by the record's type:
HTTP-Request-Metadata (a request: Request-Message with Method, Path and
Version), HTTP-Response-Metadata (a response or revisit:
Response-Message with Status, Version and Reason), each with Headers,
Headers-Length, Entity-Length, Entity-Digest and
Entity-Trailing-Slop-Length (the entity as long as the header's
Content-Length says, the rest after it), WARC-Info-Metadata (a
warcinfo's fields), WARC-Metadata-Metadata (a metadata record's fields
as Metadata-Records), and Headers-Corrupt or FIELDS_CORRUPT when
fields do not end in a blank line or a line is no field. A header
field written more than once (Set-Cookie, WARC-Concurrent-To) has the
array of its values. A page's HTTP-Response-Metadata (a resource page's
Payload-Metadata) has HTML-Metadata: Head (Title, Metas, Link,
Scripts, Base) and Links, where ia-web-commons puts them: link elements
in Head.Link ({"path": "LINK@/href", "url", "rel", "type"}), script
elements in Head.Scripts (with "type"), the base element's href in
Head.Base, the meta elements' name, rel, content, http-equiv and
property in Head.Metas, CSS in style elements as {"path":
"STYLE/#text", "href": ...}, every other link in Links as {"path":
"A@/href", "url": the value as written, and the attributes
ia-web-commons takes with it: an a element's target, alt, title, rel,
hreflang, type and text, an img's alt and title, a form's target and
method, an area's rel}, among them, in document order, the links of
role speculative that Common Crawl's WATs hold and relink's lines have
only with --speculative: the data-href and data-uri attributes of any
element ("DIV@/data-href"), and the URL an onclick attribute of a div
or input element sends the browser to (location='URL',
window.open('URL', ...); "INPUT@/onclick"). The title, the metas and
the attributes that go with links come from the first 1 MiB of a page
(wat.MaxHead: Common Crawl's payloads are cut at 1 MiB), its links
from all of it. A JSON metadata record (a WAT file read as input) has
its envelope only. --wat=jsonl has the speculative links too.

With --wat=jsonl, each line is one page in the shape of a record of
Common Crawl's WAT files (what --wat wrote before it wrote WAT files):
Container (Filename, Compressed, Offset, Gzip-Metadata),
Envelope.WARC-Header-Metadata (WARC-Type, WARC-Target-URI, WARC-Date,
WARC-Record-ID), and Envelope.Payload-Metadata.HTTP-Response-Metadata
with Response-Message (Status), Headers (Location, for a redirect) and
HTML-Metadata.Links, the links of the HTML as {"path": "A@/href", "url":
the value as written, "text", "rel"}. Compressed is true for a gzipped
file, false for an uncompressed one. Gzip-Metadata lays out the record's gzip member, in a file of one
member per record: Header-Length (10 bytes and the header's optional
fields), Deflate-Length (the compressed data) and Footer-Length (8),
which add up to the member's length, and Inflated-Length and
Inflated-CRC, the length and CRC-32 of its data, the CRC as a signed
32-bit number as WAT files write it; all decimal strings. An
uncompressed file has no Gzip-Metadata, as in WAT files, nor has a file
gzipped as one stream, whose records have no member of their own. Links
of Link and Refresh headers and links in plain text have no place there
and are left out. A page's links are held in memory until the page is
written, up to 16 MiB of them (each counted as its strings and 256
bytes, some fifty thousand links): the links past that are left out,
and the page is reported (exit status 1).

With --graph host, the output is instead the host graph of the pages
of all the files, made as Common Crawl makes its host graph (package
hostgraph says how, and relink-beam makes the same graph of a crawl):
one line per edge, "source<TAB>target<TAB>pages", the hosts' names
reversed ("www.example.com" is "com.example"), pages being the number of
pages of the source that link to the target, a page counting once
however many links it has there; hyperlinks, resources, frames and form
actions count, pings, references and the base element do not. With
--graph host-vertices, one line per host instead, "host<TAB>pages<TAB>
hosts": the pages crawled on it and the hosts that link to it. The
lines are sorted. The graph is held in memory until the end, up to 256
MiB (each edge and host counted as its names and 64 bytes, some two
million edges): past that, edges and hosts are left out and the run is
reported (exit status 1). --graph takes none of the flags that shape
the links' output (--format, the filters, --per-page, --wat, --unique,
--count, --header).

A record that cannot be read (a bad header, a corrupt gzip member, a
file cut short) is reported on standard error as "relink warc: FILE:
offset N: reason" and skipped, and the rest of the file is read; a file
that cannot be opened is reported and the others are read. Standard
input that is a list of paths rather than an archive is reported as
such ("read it with --paths-from -") and not read.

The exit status says what was lost, so that a batch job can let bad
records pass and still fail on lost data; a run that meets several
problems exits with the most serious:

	0  every input was read and every line written
	1  some records could not be read and were skipped (reported on
	   standard error); the rest was read and written
	5  some file is not a WARC file (no record could be read from it:
	   reported as "not a WARC file"), or ends cut short (its last
	   record is truncated, a download or a copy cut off); the rest
	   was read and written. More serious than 1, less than 3
	2  usage: a bad flag or argument; nothing was read
	3  some input could not be opened or read at all (a missing file,
	   an I/O error, a list of paths on standard input): its pages
	   are missing from the output
	4  writing the output failed: lines are lost, and the run stopped

A compressed body can expand a thousandfold per coding, and codings
stack: a few hundred bytes of archive can hold gigabytes of page. A
page's payload (the HTTP body with its codings undone, or the block of a
resource record) is read up to --max-payload, 64 MiB unless set; the
links in what was read are written, and the page is reported as above
("the payload is larger than --max-payload 64MiB") and the next record
read. Each link is a line that repeats the page's fields, so a page's
output can be larger than its payload: what is written for a record (its
lines of links, its --per-page or --wat line, its --count lines) is
bounded by --max-output, 64 MiB unless set (0 for no limit). The line
that would go past it is not written, nor are those after it (a
--per-page line is ended, a --wat line has its last links left out until
it fits), and the record is reported ("the output for the record reached
--max-output 64MiB"), exit status 1, and the next one read. A
WARC-Target-URI, WARC-Record-ID or WARC-Date longer than 8 KiB (no
crawler writes one) is a bad header: the record is reported and skipped.
A br content coding holds its window, up to 16 MiB, while the page is
read: a body with three br codings stacked takes up to 48 MiB more.

The command is made to be the map step of a batch job: it reads paths on
standard input and writes JSON lines on standard output, its output
depends only on its input files (one after another, in the order given,
records in file order), and nothing is shared between files. Output is
written in whole lines (and on a pipe, in writes of at most 4096 bytes
when the lines allow), so that the lines of parallel runs sharing one
output do not mix; but a line longer than 4096 bytes (a page of
--per-page, a long link) can be cut by another run's lines on a shared
pipe: give the runs -o FILE, one file or each its own, which keeps every
line whole. Memory stays bounded whatever the size of the files
and their records: the command sets a soft memory limit of 32 MiB
(GOMEMLIMIT sets another).

Examples (from the repository's root):

	$ relink warc testdata/warc/example.warc
	{"page":"http://example.org/","record_id":"<urn:uuid:00000000-0000-4000-8000-000000000001>","date":"2024-05-06T07:08:09Z","status":301,"charset":"","charset_source":"","record_offset":0,"file":"testdata/warc/example.warc","tag":"http","attr":"location","role":"hyperlink","value":"/ru/","href":"http://example.org/ru/","uri":"http://example.org/ru/","iri":"http://example.org/ru/","start":0,"end":0,"line":0,"column":0}
	{"page":"http://example.org/ru/","record_id":"<urn:uuid:00000000-0000-4000-8000-000000000002>","date":"2024-05-06T07:08:10Z","status":200,"charset":"windows-1251","charset_source":"meta","record_offset":312,"file":"testdata/warc/example.warc","tag":"a","attr":"href","role":"hyperlink","value":"поиск?q=Юникод","href":"http://example.org/ru/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%DE%ED%E8%EA%EE%E4","uri":"http://example.org/ru/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%DE%ED%E8%EA%EE%E4","iri":"http://example.org/ru/поиск?q=%DE%ED%E8%EA%EE%E4","start":53,"end":67,"line":3,"column":10,"text":"Поиск"}

The same as TSV, a line per link after the page's URL:

	$ relink warc --format tsv --header testdata/warc/example.warc
	page	line	start	tag	attr	href	uri	value
	http://example.org/	0	0	http	location	http://example.org/ru/	http://example.org/ru/	/ru/
	http://example.org/ru/	3	53	a	href	http://example.org/ru/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%DE%ED%E8%EA%EE%E4	http://example.org/ru/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%DE%ED%E8%EA%EE%E4	поиск?q=Юникод

The resources of each page, each with the number of times the page names it:

	$ relink warc --count --role resource testdata/warc/warcio-example-iana.org-chunked.warc
	http://www.iana.org/	1	http://www.iana.org/_css/2015.1/print.css
	http://www.iana.org/	1	http://www.iana.org/_css/2015.1/screen.css
	http://www.iana.org/	1	http://www.iana.org/_img/bookmark_icon.ico
	http://www.iana.org/	1	http://www.iana.org/_js/2013.1/iana.js
	http://www.iana.org/	1	http://www.iana.org/_js/2013.1/jquery.js

Of a crawl:

	$ relink warc crawl-00001.warc.gz > links.jsonl
	$ find crawl -name '*.warc.gz' | xargs -P 8 -n 16 relink warc > links.jsonl
	$ relink warc --per-page --paths-from paths.txt > pages.jsonl

Records found in Common Crawl's index, read by their byte ranges:

	$ relink warc --records cdx.txt --prefix https://data.commoncrawl.org/ > links.jsonl
`,
	run: runWARC,
}

type warcRun struct {
	perPage     bool
	wat         watMode   // --wat
	watOut      io.Writer // --wat: where the WAT records go, each in a Write (a gzip member or zstd frame)
	tee         *wat.Tee
	watBuf      []byte
	watInfo     watInfo     // --wat: the warcinfo record at the head of each file's records
	format      *linkFormat // --format
	textLinks   bool
	maxPayload  int64 // --max-payload: the bound on a page's payload, none when 0
	maxOutput   int64 // --max-output: the bound on a record's output, none when 0
	filter      *filterFlags
	shape       *shaper   // --unique, --count: per page
	verb        verbosity // -q, -v
	counts      linkCounts
	file1       linkCounts // the current file's
	pages       int        // the run's pages
	filePages   int        // the current file's
	stdin       io.Reader
	stderr      io.Writer
	out         *lineWriter
	failed      bool // some record or input failed
	inputFailed bool // some input could not be opened or read
	badFile     bool // some file is not a WARC file, or is cut short

	x      *crawl.Extractor
	remote remote.Opener // opens the remote files

	graph  *hostgraph.Graph // --graph: the host graph, or nil
	gpage  hostgraph.Page   // the current page's edges
	gwhich string           // --graph: host or host-vertices

	// Per page.
	file    string
	rec     *warc.Record
	prefix  []byte // the page's fields and file, JSON without the closing brace
	pageTab []byte // the page's URL and a tab, which begin its lines of --format tsv and --count
	nlinks  int
	jbuf    bytes.Buffer
	lbuf    []byte // the JSON of a link, reused
	jhead   []byte // the start of the JSON of the page's last link, through its tag, attr and role
	jtag    string // the tag, attr and role of jhead
	jattr   string
	jrole   htmlattr.Role
	enc     *json.Encoder
	stdinIn bool // standard input was read as an archive

	rangeOff, rangeLen int64 // --range: the byte range of each FILE, none when rangeLen is 0

	members bool // the output is compressed, in members that end at records

	// The dictionary of the last .warc.zst file read by ranges.
	zdictFile string
	zdict     []byte

	// The record's output, within --max-output.
	recStart int64 // w.out.n when the record began
	cut      bool  // a line of the record went past --max-output, and was not written
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
	var wat watMode
	fs.Var(&wat, "wat", "write a WAT file, a warcinfo record and a WARC metadata record for each record, each gzipped alone, as Common Crawl's WAT files are;\n--wat=jsonl writes one JSON line per page in the shape of their JSON instead")
	textLinks := fs.Bool("text-links", false, "also find the links written as plain text in the text of the pages")
	strict := fs.Bool("strict", false, "with --text-links, take for links in the text only those written with a scheme, and email addresses,\nnot domains written without one (www.example.com, but also index.php)")
	spec := fs.Bool("speculative", false, "also find the speculative links of the pages, as Common Crawl's WAT files hold them (role speculative):\nthe data-href and data-uri of any element, the URL of a div's or input's onclick; --wat finds them always")
	headerTimeout := fs.Duration("header-timeout", remote.DefaultHeaderTimeout, "wait at most `DURATION` for the response headers of a remote file before trying again; 0 for no limit")
	idleTimeout := fs.Duration("idle-timeout", remote.DefaultIdleTimeout, "wait at most `DURATION` for the next bytes of a remote file before taking the transfer up again; 0 for no limit")
	byteRange := fs.String("range", "", "read the byte range `OFFSET,LENGTH` of each FILE, where a CDX index places a record (FILE#OFFSET,LENGTH does the same for one FILE)")
	recordsFrom := fs.String("records", "", "also read the records placed in `FILE` (- for standard input), one a line: FILE OFFSET LENGTH, FILE,OFFSET,LENGTH,\nFILE#OFFSET,LENGTH or a CDXJ line (SURT TIMESTAMP {\"filename\":...,\"offset\":...,\"length\":...})")
	prefix := fs.String("prefix", "", "with --records, put `PREFIX` before each file name that is not a URL or an absolute path (https://data.commoncrawl.org/)")
	maxPayload := byteSize(warc.DefaultMaxPayloadSize)
	fs.Var(&maxPayload, "max-payload", "read at most `SIZE` of a page's payload, its HTTP codings undone: bytes, or with a suffix (64MiB, 1GiB, 500KB); 0 for no limit")
	graph := choiceFlag(fs, "graph", "", "write, instead of links, the host `GRAPH` of the pages in Common Crawl's conventions:\nhost (its edges) or host-vertices (its hosts)", []string{"host", "host-vertices"})
	maxOutput := byteSize(defaultMaxOutput)
	fs.Var(&maxOutput, "max-output", "write at most `SIZE` for a record (its lines of links, its --per-page or --wat line): bytes, or with a suffix; 0 for no limit")
	out := addLinkOutput(fs, e, "page")
	inputs, status := out.parse(cmd, fs, args, e)
	if status >= 0 {
		return status
	}
	format, filter, shape := out.format, out.filter, out.shape
	switch {
	case wat != "" && filter.on:
		return usageError(cmd, e, "the link filters do not apply to --wat")
	case wat != "" && (!format.isJSON() || shape.unique || shape.count || shape.header):
		return usageError(cmd, e, "--wat writes WAT records: --format, --unique, --count and --header do not apply")
	case wat != "" && *perPage:
		return usageError(cmd, e, "--wat and --per-page exclude each other (--wat writes one line per page)")
	case *perPage && !format.isJSON():
		return usageError(cmd, e, "--per-page writes JSON lines: it takes --format %s, not %s", orList(linkFormatNames((*linkFormat).isJSON)), format.name)
	case *perPage && shape.count:
		return usageError(cmd, e, "--per-page and --count exclude each other (--count writes TSV lines of counts)")
	case *strict && !*textLinks:
		return usageError(cmd, e, "--strict applies to the links in the text of the pages: it needs --text-links")
	case *graph != "" && *graph != "host" && *graph != "host-vertices":
		return usageError(cmd, e, "--graph takes host or host-vertices, not %q", *graph)
	case *graph != "" && (wat != "" || *perPage || filter.on || shape.unique || shape.count || shape.header || format.name != "jsonl"):
		return usageError(cmd, e, "--graph writes the host graph: --format, the filters, --per-page, --wat, --unique, --count and --header do not apply")
	}
	if *headerTimeout < 0 || *idleTimeout < 0 {
		return usageError(cmd, e, "--header-timeout and --idle-timeout take a duration of 0 or more")
	}
	var rangeOff, rangeLen int64
	if *byteRange != "" {
		var ok bool
		if rangeOff, rangeLen, ok = parseByteRange(*byteRange); !ok {
			return usageError(cmd, e, "--range takes OFFSET,LENGTH, decimal, with a length of 1 or more: not %q", *byteRange)
		}
	}
	if *prefix != "" && *recordsFrom == "" {
		return usageError(cmd, e, "--prefix applies to the file names of --records: it needs --records")
	}
	if *pathsFrom == "-" && *recordsFrom == "-" {
		return usageError(cmd, e, "standard input cannot be both --paths-from and --records")
	}
	if *pathsFrom == "-" || *recordsFrom == "-" {
		for _, in := range inputs {
			if in == "-" {
				return usageError(cmd, e, "standard input cannot be both an archive and --paths-from or --records")
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
	if status := e.openOutput(cmd, exitOutputLost); status >= 0 {
		return status
	}
	w := &warcRun{perPage: *perPage, format: format, textLinks: *textLinks, maxPayload: int64(maxPayload), maxOutput: int64(maxOutput), filter: filter, shape: shape,
		verb: out.verb, stdin: e.stdin, stderr: e.stderr, out: newLineWriter(e.stdout), rangeOff: rangeOff, rangeLen: rangeLen}
	_, w.members = e.stdout.(*memberWriter)
	w.remote = remote.Opener{Attempts: urlAttempts, Backoff: urlBackoff, HeaderTimeout: noLimit(*headerTimeout), IdleTimeout: noLimit(*idleTimeout)}
	shape.maxHeld = maxDistinct
	// Only the JSON lines (and the WAT records) print an a element's text.
	// --wat holds the speculative links, as Common Crawl's WAT files do.
	xopts := crawl.Options{Options: extract.Options{TextLinks: w.textLinks, StrictText: *strict, Oversize: w.oversize,
		Speculative:  *spec || filter.speculative() || wat != "",
		NoAnchorText: !format.isJSON() && wat == ""}, MaxPayloadSize: w.maxPayload}
	if xopts.MaxPayloadSize == 0 {
		xopts.MaxPayloadSize = -1 // --max-payload 0: no limit
	}
	w.x = crawl.NewExtractor(xopts)
	w.wat = wat
	if wat == watFile {
		w.watOut = e.stdout
		if !w.members {
			w.watOut = newMemberWriter(e.stdout, "gzip")
		}
		w.watInfo = newWATInfo(e.outPath)
	}
	if *graph != "" {
		w.graph, w.gwhich = &hostgraph.Graph{}, *graph
	}
	w.enc = json.NewEncoder(jsonWriter{&w.jbuf})
	w.enc.SetEscapeHTML(false)

	if len(inputs) == 0 && *pathsFrom == "" && *recordsFrom == "" {
		inputs = []string{"-"}
	}
	if shape.header {
		if shape.count {
			w.out.Write([]byte("page\t" + shape.countHeader()))
		} else {
			w.out.Write([]byte(format.headerLine("page")))
		}
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
	if *recordsFrom != "" && w.out.err == nil {
		w.records(*recordsFrom, *prefix)
	}
	if w.graph != nil && w.out.err == nil {
		w.writeGraph()
	}
	w.out.Flush()
	if w.out.err == nil && (w.verb == verbose || w.verb == normal && w.counts.dropped()) {
		io.WriteString(e.stderr, w.counts.summary("warc", leftOut(w.format), ", "+plural(w.pages, "page")))
	}
	switch {
	case w.out.err != nil:
		fmt.Fprintf(e.stderr, "relink warc: writing output: %v\n", w.out.err)
		return exitOutputLost
	case w.inputFailed:
		return exitInputFailed
	case w.badFile:
		return exitBadFile
	case w.failed:
		return exitBadRecords
	}
	return exitOK
}

// The exit statuses of relink warc, from the least to the most serious:
// a run that meets several problems exits with the most serious. A batch
// job may take exitBadRecords as success; it must not take the others.
const (
	exitBadRecords  = exitFail // some records could not be read and were skipped
	exitBadFile     = 5        // some file is not a WARC file, or ends cut short (more serious than 1, less than 3)
	exitInputFailed = 3        // some input could not be opened or read at all
	exitOutputLost  = 4        // writing the output failed: lines are lost
)

// pathsFrom reads the archives whose paths name lists, one per line.
func (w *warcRun) pathsFrom(name string) {
	err := w.eachLine(name, 1<<20, func(_ int, line string) {
		if p := strings.TrimRight(line, "\r"); strings.TrimSpace(p) != "" {
			w.archive(p)
		}
	})
	if err != nil {
		w.failInput(name, err)
	}
}

// archive prints the links of the pages of one WARC file, or of the byte
// range FILE#OFFSET,LENGTH, or with --range of that range of the file.
func (w *warcRun) archive(name string) {
	in := splitRange(name)
	if w.rangeLen > 0 && name != "-" {
		in = warcInput{name: name, offset: w.rangeOff, length: w.rangeLen}
	}
	w.archiveInput(in)
}

// archiveInput prints the links of the pages of a WARC file, or of a byte
// range of one.
func (w *warcRun) archiveInput(input warcInput) {
	name := input.name
	var in io.Reader = w.stdin
	if name == "-" {
		if w.stdinIn {
			w.failInput(name, errors.New("standard input was read already"))
			return
		}
		w.stdinIn = true
		b := bufio.NewReaderSize(w.stdin, 64<<10)
		if head, _ := b.Peek(4096); looksLikePaths(head) {
			w.failInput(name, errors.New("standard input is a list of paths, not a WARC file: read it with --paths-from -"))
			return
		}
		in = b
	} else if wacz, entry, ok := splitWACZ(name); ok {
		w.wacz(wacz, entry, input)
		return
	} else if input.length > 0 {
		if err := w.zstdDictionary(name); err != nil {
			w.failInput(name, err)
			return
		}
		f, err := w.remote.OpenRange(context.Background(), name, input.offset, input.length)
		if err != nil {
			w.failInput(name, err)
			return
		}
		defer f.Close()
		in = f
	} else {
		f, err := w.remote.Open(context.Background(), name)
		if err != nil {
			w.failInput(name, err)
			return
		}
		defer f.Close()
		in = f
	}
	w.read(name, in, input.offset)
}

// read prints the links of the pages of the WARC file name, read from in,
// whose first byte is at offset base in the file.
func (w *warcRun) read(name string, in io.Reader, base int64) {
	w.file = name
	w.file1, w.filePages = linkCounts{}, 0
	defer w.endFile(name)
	r := warc.NewReader(in)
	r.MaxPayloadSize = w.maxPayload
	r.BaseOffset = base
	if base > 0 && w.zdictFile == name {
		r.ZstdDictionary = w.zdict
	}
	// A gzipped file is decompressed ahead in a goroutine: Close ends it
	// when the output fails before the end of the file, and before the
	// file is closed.
	defer r.Close()
	records, errs, cut := 0, 0, false // cut: the last thing read was a record cut short
	for w.out.err == nil {
		rec, err := r.Next()
		if err == io.EOF {
			switch {
			case records == 0 && errs > 0:
				w.badFile = true
				w.fail(name, errors.New("not a WARC file: no record could be read"))
			case cut:
				w.badFile = true
			}
			break
		}
		var se *warc.SyntaxError
		if errors.As(err, &se) {
			errs++
			cut = errors.Is(se.Err, io.ErrUnexpectedEOF)
			w.fail(name, errors.New(se.Where()+": "+se.Reason))
			continue
		}
		if err != nil {
			w.failInput(name, err)
			break
		}
		records++
		cut = false
		w.record(rec)
	}
}

// endFile counts the file name in the run, and with -v reports what it
// held.
func (w *warcRun) endFile(name string) {
	c := w.file1
	c.files = 1
	w.counts.add(c)
	w.pages += w.filePages
	if w.verb == verbose && w.out.err == nil {
		w.out.Flush()
		fmt.Fprintf(w.stderr, "relink warc: %s: %s, %s, %s%s\n", name, plural(w.filePages, "page"), plural(c.links, "link"),
			c.invalidNote(leftOut(w.format)), c.dropNote())
	}
}

// memoryLimit is the soft memory limit of relink warc (see
// runtime/debug.SetMemoryLimit), unless GOMEMLIMIT sets one.
const memoryLimit = 32 << 20

// defaultMaxOutput is the default of --max-output, the bound on what
// relink warc writes for one record: a record's payload is bounded
// (--max-payload), but each of its links is a line that repeats the
// page's fields, and 64 MiB of "<a href=a>" are six million of them.
const defaultMaxOutput = 64 << 20

// maxDistinct bounds the distinct values of a page that --unique and
// --count hold (shaper.maxHeld), each counted as its length and 64 bytes.
var maxDistinct int64 = 64 << 20

// errOutputCut stops the links of a record whose output reached
// --max-output.
var errOutputCut = errors.New("the output for the record reached --max-output")

// fits reports whether a line of n bytes may be written for the current
// record, within --max-output; when it may not, the record is cut: no
// other line of it is written.
func (w *warcRun) fits(n int) bool {
	if !w.cut && w.maxOutput > 0 && w.out.n-w.recStart+int64(n) > w.maxOutput {
		w.cut = true
	}
	return !w.cut
}

// record prints the links of a response or resource record, if it is a
// page.
func (w *warcRun) record(rec *warc.Record) {
	w.rec = rec
	w.recStart, w.cut = w.out.n, false
	var (
		isPage bool
		err    error
	)
	if w.wat == watFile {
		isPage, err = w.watRecord(rec)
	} else if w.wat == watJSONL {
		var p *crawl.PageRecord
		p, err = w.x.Record(rec, w.file)
		if isPage = p != nil; isPage {
			w.writeWAT(p)
		}
	} else {
		isPage, err = w.x.Extract(rec, w)
	}
	var (
		de *warc.DecodeError
		pe *warc.PayloadSizeError
	)
	over := w.shape.over // endPage forgets it
	if isPage && w.wat == "" {
		w.endPage()
	}
	if w.cut && w.out.err == nil {
		w.fail(w.file, fmt.Errorf("offset %s: the output for the record reached --max-output %v: its lines past it are left out",
			recordWhere(w.rec), byteSize(w.maxOutput)))
	}
	if over > 0 && w.out.err == nil {
		what := "written without being compared (they may repeat)"
		if w.shape.count {
			what = "left out of the counts"
		}
		w.fail(w.file, fmt.Errorf("offset %s: the page has more distinct values than --unique and --count hold (%v): %s of its links were %s",
			recordWhere(w.rec), byteSize(maxDistinct), strconv.Itoa(over), what))
	}
	switch {
	case w.out.err != nil:
	case errors.Is(err, errOutputCut):
	case errors.As(err, &pe):
		w.fail(w.file, fmt.Errorf("offset %s: the payload is larger than --max-payload %v: the links past its first %[2]v are left out",
			recordWhere(w.rec), byteSize(pe.Limit)))
	case err != nil && (errors.As(err, &de) || !isPage):
		w.recordFail(err)
	}
	if isPage {
		w.filePages++
	}
	if w.members && len(w.out.buf) >= memberSize {
		w.out.Flush() // a member of compressed output ends at a record
	}
}

// writeWAT writes the WAT line of a page, within --max-output: when the
// line is longer, the last of its links are left out until it fits.
func (w *warcRun) writeWAT(p *crawl.PageRecord) {
	w.countLinks(p.Links)
	w.file1.links += p.DroppedLinks
	if p.DroppedLinks > 0 {
		w.fail(w.file, fmt.Errorf("offset %s: the page has more links than --wat holds (%v): its last %d links are left out",
			recordWhere(w.rec), byteSize(crawl.DefaultMaxRecordLinks), p.DroppedLinks))
	}
	full := len(p.Links)
	for {
		w.jbuf.Reset()
		w.enc.Encode(wat.FromPage(p))
		if w.maxOutput <= 0 || int64(w.jbuf.Len()) <= w.maxOutput || len(p.Links) == 0 {
			break
		}
		p.Links = p.Links[:len(p.Links)/2]
	}
	if w.fits(w.jbuf.Len()) {
		w.out.Write(w.jbuf.Bytes())
	}
	if len(p.Links) < full {
		w.cut = true
	}
}

// countLinks counts the links of a page that --wat writes.
func (w *warcRun) countLinks(links []crawl.Link) {
	for _, l := range links {
		w.file1.links++
		if l.Error != "" {
			w.file1.invalid++
		}
	}
}

// recordFail reports an error in the current record.
func (w *warcRun) recordFail(err error) {
	w.fail(w.file, fmt.Errorf("offset %s: %s", recordWhere(w.rec), strings.TrimPrefix(crawl.Reason(err), "warc: ")))
}

func recordWhere(rec *warc.Record) string {
	if rec.DecompressedOffset != 0 {
		return fmt.Sprintf("%d+%d", rec.Offset, rec.DecompressedOffset)
	}
	return strconv.FormatInt(rec.Offset, 10)
}

// Page encodes the page's fields, which begin each of its lines
// (crawl.Handler).
func (w *warcRun) Page(p *crawl.Page) error {
	if w.graph != nil {
		w.gpage.Reset(p.URL)
		return nil
	}
	w.shape.reset()
	w.pageTab = append(append(w.pageTab[:0], tsvField(p.URL)...), '\t')
	if !w.format.isJSON() || w.shape.count {
		return nil
	}
	w.jbuf.Reset()
	w.enc.Encode(p)
	b := bytes.TrimRight(w.jbuf.Bytes(), "\n")
	w.prefix = append(w.prefix[:0], b[:len(b)-1]...) // without the "}"
	w.nlinks = 0
	w.jhead = w.jhead[:0]
	if w.perPage {
		w.out.Write(w.prefix)
		w.jbuf.Reset()
		w.enc.Encode(w.file)
		fmt.Fprintf(w.out, `,"file":%s,"links":[`, bytes.TrimRight(w.jbuf.Bytes(), "\n"))
	} else {
		w.jbuf.Reset()
		w.enc.Encode(w.file)
		w.prefix = append(w.prefix, `,"file":`...)
		w.prefix = append(w.prefix, bytes.TrimRight(w.jbuf.Bytes(), "\n")...)
	}
	return w.out.err
}

// writeGraph writes the host graph, and reports the edges and hosts
// left out for its bound.
func (w *warcRun) writeGraph() {
	write := w.graph.WriteEdges
	if w.gwhich == "host-vertices" {
		write = w.graph.WriteVertices
	}
	write(w.out)
	if w.graph.Dropped > 0 && w.out.err == nil {
		w.out.Flush()
		fmt.Fprintf(w.stderr, "relink warc: the host graph reached its bound (%v): %d edges and hosts were left out\n",
			byteSize(hostgraph.DefaultMaxSize), w.graph.Dropped)
		w.failed = true
	}
}

// endPage ends a page's line in --per-page mode, with the record's
// length, known now that the record has been read to its end; with
// --count, it writes the page's counts; with --graph, it adds the page
// to the graph.
func (w *warcRun) endPage() {
	if w.graph != nil {
		w.graph.Add(&w.gpage)
		return
	}
	if w.perPage {
		fmt.Fprintf(w.out, `],"record_length":%d}`+"\n", w.rec.Length())
	}
	if w.shape.count {
		w.shape.writeCounts(w.writeStrings, string(w.pageTab))
	}
}

// writeStrings writes s to the output, a line's pieces, if the line fits
// in the record's --max-output.
func (w *warcRun) writeStrings(s ...string) {
	n := 0
	for _, p := range s {
		n += len(p)
	}
	if !w.fits(n) {
		return
	}
	for _, p := range s {
		io.WriteString(w.out, p)
	}
}

// oversize counts a construct of the current page passed through
// unexamined (crawl.Options.Oversize) and warns of it, unless -q.
func (w *warcRun) oversize(e *extract.OversizeError) {
	w.file1.addOversize(e)
	if w.verb != quiet {
		w.out.Flush()
		fmt.Fprintf(w.stderr, "relink warc: %s: offset %s: warning: %s\n", w.file, recordWhere(w.rec), oversizeMessage("warc", e))
	}
}

// Link writes one link of the current page (crawl.Handler).
func (w *warcRun) Link(p *crawl.Page, l *extract.Link) error {
	if w.cut {
		return errOutputCut
	}
	w.file1.links++
	if l.Err != nil {
		w.file1.invalid++
	}
	if w.graph != nil {
		w.gpage.Add(l)
		return nil
	}
	if !w.filter.Match(l, w.rec.TargetURI) {
		return nil
	}
	if keep, lost := w.shape.keep(l); !keep {
		if lost {
			w.file1.lost++
		}
		return w.out.err
	}
	if !w.format.isJSON() {
		line, ok := w.format.write(w.lbuf[:0], p.URL, l)
		w.lbuf = line
		if !ok {
			w.file1.lost++
		} else if w.fits(len(line)) {
			w.out.Write(line)
		}
		return w.linkErr()
	}
	if len(w.jhead) == 0 || l.Tag != w.jtag || l.Attr != w.jattr || l.Role != w.jrole {
		// The start of the link's object, tag, attr and role escaped:
		// once for a run of links of the page that share them.
		w.jtag, w.jattr, w.jrole = l.Tag, l.Attr, l.Role
		if w.perPage {
			w.jhead = append(w.jhead[:0], '{')
		} else {
			// The page's fields, then the link's, in one object.
			w.jhead = append(append(w.jhead[:0], w.prefix...), ',')
		}
		w.jhead = appendJSONExtractHead(w.jhead, l)
	}
	if w.perPage {
		w.lbuf = appendJSONExtractRest(append(w.lbuf[:0], w.jhead...), l)
		b := w.lbuf
		if !w.fits(len(b) + perPageEnd) { // a comma, b without its line feed, and room for the end of the line
			return errOutputCut
		}
		if w.nlinks > 0 {
			w.out.Write([]byte{','})
		}
		w.out.Write(b[:len(b)-1])
	} else {
		// The line whole, made in the output's buffer.
		b := w.out.tail()
		k := len(b)
		b = appendJSONExtractRest(append(b, w.jhead...), l)
		if !w.fits(len(b) - k) {
			return errOutputCut
		}
		w.out.appended(b)
	}
	w.nlinks++
	return w.out.err
}

// linkErr returns what Link returns once a link's line is written or
// left out: the error of the output, or errOutputCut when the line did
// not fit in --max-output.
func (w *warcRun) linkErr() error {
	if w.out.err == nil && w.cut {
		return errOutputCut
	}
	return w.out.err
}

// perPageEnd is room enough for the end of a --per-page line,
// `],"record_length":N}` and its line feed: what the links of the line
// leave of --max-output.
const perPageEnd = 48

// urlAttempts is how many requests the remote.Opener of relink warc makes
// for a remote file, and urlBackoff the wait before the second attempt,
// doubled for each next one.
var (
	urlAttempts = 4
	urlBackoff  = time.Second
)

// noLimit maps a flag's duration, 0 for no limit, to a remote.Opener
// bound, where 0 is the default and a negative value no limit.
func noLimit(d time.Duration) time.Duration {
	if d == 0 {
		return -1
	}
	return d
}

// looksLikePaths reports whether the first bytes of an input are a list
// of paths of WARC files rather than a WARC file: a first line that is a
// name ending in .warc, .arc, .warc.gz or .arc.gz (and the like).
func looksLikePaths(head []byte) bool {
	line, _, ok := bytes.Cut(head, []byte("\n"))
	if !ok && len(head) == 4096 {
		return false
	}
	line = bytes.TrimSpace(line)
	if len(line) == 0 || bytes.HasPrefix(line, []byte("WARC/")) {
		return false
	}
	for _, c := range line {
		if c < ' ' || c == 0x7f {
			return false
		}
	}
	name := strings.ToLower(string(line))
	for _, ext := range []string{".gz", ".zst", ".bz2", ".xz"} {
		name = strings.TrimSuffix(name, ext)
	}
	return strings.HasSuffix(name, ".warc") || strings.HasSuffix(name, ".arc")
}

// failInput reports an input that could not be opened or read.
func (w *warcRun) failInput(name string, err error) {
	w.inputFailed = true
	w.fail(name, err)
}

// fail reports a bad record, or (from failInput) a bad input.
func (w *warcRun) fail(name string, err error) {
	w.failed = true
	w.counts.errs++
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	fmt.Fprintf(w.stderr, "relink warc: %s: %v\n", position(name, 0, 0), err)
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
	n     int64 // bytes written to it
	buf   []byte
	nl    int // the index of the last line feed in buf, or -1
	limit int
	err   error
}

const maxLine = 1 << 20

func newLineWriter(w io.Writer) *lineWriter {
	limit := 64 << 10
	if _, ok := w.(*memberWriter); ok {
		limit = maxLine // members end at records (memberSize)
	}
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
	l.n += int64(len(p))
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
