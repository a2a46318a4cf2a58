package wat

import (
	"bytes"
	"crypto/sha1"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/text/transform"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/warc"
)

// WAT files.
//
// Common Crawl's WAT files are WARC files: a warcinfo record of their
// own, then for each record of a WARC file, whatever its type, a
// metadata record (Content-Type: application/json, WARC-Refers-To the
// record's WARC-Record-ID) whose block is the JSON of the record's
// metadata, each record gzipped alone. A Reader reads each record
// through a Tee, which keeps what the JSON needs of the block (its
// SHA-1, the SHA-1 of an HTTP message's entity, the HTTP header, the
// start of the HTML), FromSource makes the JSON, AppendRecord the
// metadata record, and AppendInfo the warcinfo record that begins the
// file.

// MaxHead bounds the part of a page's HTML that a Tee keeps for the
// Head's Title and Metas and for the attributes that go with a link
// (the type of a link or script element, the target of an a element...):
// its first 1 MiB. A title, a meta or those attributes after it are not
// in the WAT record (the links are: they come from the whole page).
// ia-web-commons reads the whole document it is given; Common Crawl's
// crawler truncates every payload at 1 MiB, so on Common Crawl's WARC
// files the two read the same bytes, and on others a page's memory stays
// bounded.
const MaxHead = 1 << 20

// maxHTTPHeader bounds the HTTP header a Tee keeps, and the fields of a
// warcinfo or metadata record it reads.
const maxHTTPHeader = 64 << 10

// A Tee reads a record's block and keeps what a WAT record needs of it.
// Set rec.Block to NewTee(rec.Block) before the block is read (before
// crawl's Extractor reads the page), and call Finish once done with it
// (once the page's links are found), before Record.Length.
type Tee struct {
	r      io.Reader
	h      hash.Hash
	n      int64
	head   []byte // the HTTP header and the start of the body, up to maxHTTPHeader+MaxHead
	keep   int
	buffer []byte

	// The entity of an HTTP message, after its header: hdrEnd is where
	// the header ends in the block (-1 not yet found, -2 not an HTTP
	// message or no end within maxHTTPHeader); scanned is how much of
	// head was searched for it; eh hashes the entity's first elimit
	// bytes (the header's Content-Length; -1 for all), en of them, of
	// etotal after the header.
	hdrEnd  int
	scanned int
	eh      hash.Hash
	en      int64
	elimit  int64
	etotal  int64
}

// NewTee returns a Tee that reads block.
func NewTee(block io.Reader) *Tee {
	t := &Tee{h: sha1.New(), eh: sha1.New(), keep: maxHTTPHeader + MaxHead}
	t.Reset(block)
	return t
}

// Reset makes t read another block, reusing its memory.
func (t *Tee) Reset(block io.Reader) {
	t.r, t.n, t.head = block, 0, t.head[:0]
	t.hdrEnd, t.scanned, t.en, t.elimit, t.etotal = -1, 0, 0, -1, 0
	t.h.Reset()
	t.eh.Reset()
}

func (t *Tee) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.h.Write(p[:n])
	base := t.n
	t.n += int64(n)
	if k := min(n, t.keep-len(t.head)); k > 0 {
		t.head = append(t.head, p[:k]...)
	}
	from := 0
	if t.hdrEnd == -1 {
		t.findHeader()
		if t.hdrEnd < 0 {
			return n, err
		}
		from = max(0, int(int64(t.hdrEnd)-base))
	}
	if t.hdrEnd >= 0 && from < n {
		e := p[from:n]
		t.etotal += int64(len(e))
		if t.elimit >= 0 {
			e = e[:min(int64(len(e)), t.elimit-t.en)]
		}
		t.eh.Write(e)
		t.en += int64(len(e))
	}
	return n, err
}

// fields returns the start of what t kept where the fields of the block
// are: an HTTP message's status or request line and header, or a
// warcinfo or metadata record's fields; at most maxHTTPHeader bytes.
func (t *Tee) fields() []byte { return t.head[:min(len(t.head), maxHTTPHeader)] }

// findHeader looks for the end of an HTTP message's header in what t
// kept, from where it last looked.
func (t *Tee) findHeader() {
	b := t.fields()
	if e := headerEnd(b, max(0, t.scanned-2)); e >= 0 {
		t.hdrEnd = -2
		if isHTTPMessage(b) {
			t.hdrEnd, t.elimit = e, -1
			_, rest, _ := bytes.Cut(b[:e], []byte("\n")) // after the status or request line
			fields, _ := parseFields(rest)
			for _, f := range fields {
				if strings.EqualFold(f.Name, "Content-Length") {
					if v, err := strconv.ParseInt(f.Value, 10, 64); err == nil && v >= 0 {
						t.elimit = v
					}
				}
			}
		}
		return
	}
	t.scanned = len(b)
	if len(b) == maxHTTPHeader {
		t.hdrEnd = -2
	}
}

// headerEnd returns where the blank line that ends a header ends in b
// (CRLF CRLF, or lenient LF LF), looking from from on; -1 when b has
// none.
func headerEnd(b []byte, from int) int {
	for i := from; i < len(b); {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			return -1
		}
		i += j + 1
		if i < len(b) && b[i] == '\n' {
			return i + 1
		}
		if i+1 < len(b) && b[i] == '\r' && b[i+1] == '\n' {
			return i + 2
		}
	}
	return -1
}

// isHTTPMessage reports whether b begins as an HTTP message: a status
// line ("HTTP/1.1 200 OK") or a request line ("GET /x HTTP/1.1").
func isHTTPMessage(b []byte) bool {
	if bytes.HasPrefix(b, []byte("HTTP/")) {
		return true
	}
	line, _, _ := bytes.Cut(b, []byte("\n"))
	parts := strings.Fields(string(line))
	return len(parts) == 3 && strings.HasPrefix(parts[2], "HTTP/")
}

// Finish reads the rest of the block, for its digest.
func (t *Tee) Finish() error {
	if t.buffer == nil {
		t.buffer = make([]byte, 32<<10)
	}
	_, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{t}, t.buffer)
	return err
}

// A Source is a WARC record read through a Tee, and the file it is in.
type Source struct {
	Record *warc.Record
	Tee    *Tee
	// File is the WARC file's name, the Container's Filename; FromSource
	// takes the page's File when it is "".
	File string
}

// httpMessage parses the HTTP status or request line and header the Tee
// kept: the line's three parts, the fields, the header's length, whether
// it is corrupt (a line that is no field, or no blank line before the
// end of the block); ok is false when the block is no HTTP message.
func (t *Tee) httpMessage() (line [3]string, fields warc.Header, length int, corrupt, ok bool) {
	b := t.fields()
	if !isHTTPMessage(b) {
		return line, nil, 0, false, false
	}
	end := headerEnd(b, 0)
	if end < 0 {
		end, corrupt = len(b), true
	}
	first, rest, _ := bytes.Cut(b[:end], []byte("\n"))
	parts := strings.SplitN(strings.TrimRight(string(first), "\r"), " ", 3)
	copy(line[:], parts)
	fields, bad := parseFields(rest)
	return line, fields, end, corrupt || bad, true
}

// parseFields parses named fields ("Name: value" lines, a line that
// begins with white space continuing the one before), as far as the
// blank line that ends them; corrupt reports a line that is no field, a
// byte that is not ASCII, or no blank line, as ia-web-commons' header
// parser has it (which drops the bytes that are not ASCII: relink keeps
// them, as UTF-8, invalid bytes as U+FFFD).
func parseFields(b []byte) (fields warc.Header, corrupt bool) {
	// The blank line may be the first line: fields of none.
	end := headerEnd(b, 0)
	switch {
	case bytes.HasPrefix(b, []byte("\n")):
		b = b[:1]
	case bytes.HasPrefix(b, []byte("\r\n")):
		b = b[:2]
	case end < 0:
		corrupt = true
	default:
		b = b[:end]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			corrupt = true
			break
		}
	}
	for line := range strings.SplitSeq(strings.TrimRight(string(b), "\r\n"), "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" {
			continue
		}
		if (line[0] == ' ' || line[0] == '\t') && len(fields) > 0 {
			fields[len(fields)-1].Value += " " + strings.TrimSpace(line)
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(name) == "" {
			corrupt = true
			continue
		}
		fields = append(fields, warc.Field{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)})
	}
	return fields, corrupt
}

// Fields is a header as a JSON object, its fields in the order written,
// as ia-web-commons lays them out: a field repeated with the same name
// (Set-Cookie, WARC-Concurrent-To) is one key whose value is the array
// of its values, in the order written.
type Fields warc.Header

func (f Fields) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	// A field's later values go with its first; a small header is
	// searched, a large one indexed.
	var index map[string][]int
	if len(f) > 16 {
		index = make(map[string][]int, len(f))
		for i, x := range f {
			index[x.Name] = append(index[x.Name], i)
		}
	}
	same := func(i int) []int {
		if index != nil {
			return index[f[i].Name]
		}
		var s []int
		for j := i; j < len(f); j++ {
			if f[j].Name == f[i].Name {
				s = append(s, j)
			}
		}
		return s
	}
	first := true
	for i, x := range f {
		if index != nil && index[x.Name][0] != i || index == nil && slices.ContainsFunc(f[:i], func(y warc.Field) bool { return y.Name == x.Name }) {
			continue // written with the first
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		appendJSONString(&b, x.Name)
		b.WriteByte(':')
		if s := same(i); len(s) == 1 {
			appendJSONString(&b, x.Value)
		} else {
			b.WriteByte('[')
			for k, j := range s {
				if k > 0 {
					b.WriteByte(',')
				}
				appendJSONString(&b, f[j].Value)
			}
			b.WriteByte(']')
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// appendJSONString writes s as a JSON string, without the escapes of
// <, > and & that json.Marshal adds, as WAT files have them.
func appendJSONString(b *bytes.Buffer, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c == '\t':
				b.WriteString(`\t`)
			case c < ' ':
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&15])
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\ufffd`) // as encoding/json writes invalid UTF-8
		case r == '\u2028' || r == '\u2029':
			b.WriteString(`\u202`)
			b.WriteByte(hex[r&15])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteByte('"')
}

// A FileRecord is the JSON of a record of a WAT file, in the layout
// ia-web-commons writes (the fields that do not depend on its parser),
// its keys in the order it puts them.
type FileRecord struct {
	Container Container    `json:"Container"`
	Envelope  FileEnvelope `json:"Envelope"`
}

// FileEnvelope is the Envelope of a WAT file's record: the WARC record's
// header, and what its block holds.
type FileEnvelope struct {
	PayloadMetadata    FilePayloadMetadata `json:"Payload-Metadata"`
	Format             string              `json:"Format"` // "WARC/1.0"
	WARCHeaderLength   string              `json:"WARC-Header-Length"`
	WARCHeaderMetadata Fields              `json:"WARC-Header-Metadata"`
}

// FilePayloadMetadata is the metadata of the record's block: its type
// and what ia-web-commons reads in it, by the record's type (the HTTP
// request of a request record, the HTTP response of a response or
// revisit record, the fields of a warcinfo or metadata record), its
// length, the bytes after it up to the next record (when known) and its
// SHA-1.
type FilePayloadMetadata struct {
	ActualContentType    string                `json:"Actual-Content-Type,omitempty"`
	HTTPRequestMetadata  *FileRequestMetadata  `json:"HTTP-Request-Metadata,omitempty"`
	HTTPResponseMetadata *FileResponseMetadata `json:"HTTP-Response-Metadata,omitempty"`
	HTMLMetadata         *FileHTMLMetadata     `json:"HTML-Metadata,omitempty"` // a resource record's (relink's; ia-web-commons has none)
	HeadersCorrupt       bool                  `json:"Headers-Corrupt,omitempty"`
	WARCInfoMetadata     Fields                `json:"WARC-Info-Metadata,omitempty"` // a warcinfo record's, without the fields of none
	WARCMetadataMetadata *MetadataFields       `json:"WARC-Metadata-Metadata,omitempty"`
	ActualContentLength  string                `json:"Actual-Content-Length"`
	TrailingSlopLength   string                `json:"Trailing-Slop-Length,omitempty"`
	BlockDigest          string                `json:"Block-Digest"`
}

// MetadataFields are the fields of a metadata record's block
// (application/warc-fields), as a list of names and values.
type MetadataFields struct {
	Corrupt bool            `json:"FIELDS_CORRUPT,omitempty"`
	Records []MetadataField `json:"Metadata-Records"`
}

// A MetadataField is a field of a metadata record.
type MetadataField struct {
	Name  string `json:"Name"`
	Value string `json:"Value"`
}

// FileResponseMetadata is the HTTP response: its status line, header,
// the HTML's metadata (of a page), and its entity: its length (at most
// the header's Content-Length), SHA-1, and the bytes of the block after
// it.
type FileResponseMetadata struct {
	ResponseMessage          *ResponseMessage  `json:"Response-Message"`
	HeadersLength            string            `json:"Headers-Length"`
	HeadersCorrupt           bool              `json:"Headers-Corrupt,omitempty"`
	Headers                  Fields            `json:"Headers"`
	HTMLMetadata             *FileHTMLMetadata `json:"HTML-Metadata,omitempty"`
	EntityLength             string            `json:"Entity-Length"`
	EntityDigest             string            `json:"Entity-Digest"`
	EntityTrailingSlopLength string            `json:"Entity-Trailing-Slop-Length"`
}

// FileRequestMetadata is the HTTP request of a request record, in the
// layout of FileResponseMetadata.
type FileRequestMetadata struct {
	RequestMessage           *RequestMessage `json:"Request-Message"`
	HeadersLength            string          `json:"Headers-Length"`
	HeadersCorrupt           bool            `json:"Headers-Corrupt,omitempty"`
	Headers                  Fields          `json:"Headers"`
	EntityLength             string          `json:"Entity-Length"`
	EntityDigest             string          `json:"Entity-Digest"`
	EntityTrailingSlopLength string          `json:"Entity-Trailing-Slop-Length"`
}

// RequestMessage is the HTTP request line.
type RequestMessage struct {
	Method  string `json:"Method"`
	Path    string `json:"Path"`
	Version string `json:"Version"`
}

// FileHTMLMetadata is the HTML's metadata: its head (title, meta
// elements, link and script elements, base URL) and its other links,
// each left out when it has none, as ia-web-commons does.
type FileHTMLMetadata struct {
	Head  *Head   `json:"Head,omitempty"`
	Links []Entry `json:"Links,omitempty"`
}

// Head is the HTML-Metadata.Head of a WAT record. As ia-web-commons does,
// it holds every link and script element and every meta element of the
// page, in the head or not, and the href of its base element.
type Head struct {
	Title   string  `json:"Title,omitempty"`
	Metas   []Entry `json:"Metas,omitempty"`
	Link    []Entry `json:"Link,omitempty"`
	Scripts []Entry `json:"Scripts,omitempty"`
	Base    string  `json:"Base,omitempty"`
}

// An Entry is an object of a WAT record's lists: a link's path ("A@/href")
// and url, and the attributes that go with it (rel, type, text...), or a
// meta element's attributes, in the order ia-web-commons writes them.
type Entry Fields

func (e Entry) MarshalJSON() ([]byte, error) { return Fields(e).MarshalJSON() }

// Placement: which links of relink's go where in a WAT record, as
// ia-web-commons places them. Link elements go to Head.Link, script
// elements to Head.Scripts, the base element to Head.Base; meta elements
// are in Head.Metas with their attributes (their links are not in Links);
// CSS in a style element gives "STYLE/#text" entries with "href" rather
// than "url"; the links of the HTTP header (Location, Link, Refresh) are
// in Headers, and links in plain text have no place; every other link is
// in Links, with its path TAG@/attr.
//
// The attributes that go with a link, after path and url, in
// ia-web-commons' order: those of its element's, by element and link
// attribute.
var entryAttrs = map[string]struct {
	attr  string   // the link's attribute
	extra []string // the element's attributes that go with it
}{
	"a":      {"href", []string{"target", "alt", "title", "rel", "hreflang", "type"}},
	"area":   {"href", []string{"rel"}},
	"link":   {"href", []string{"rel", "type"}},
	"script": {"src", []string{"type"}},
	"img":    {"src", []string{"alt", "title"}},
	"form":   {"action", []string{"target", "method"}},
}

// FromSource returns the WAT record of the WARC record src holds, read
// through src.Tee to its end; p is the page when the record is one (its
// links go to HTML-Metadata), nil when it is not.
func FromSource(p *crawl.PageRecord, src Source) FileRecord {
	rec, t := src.Record, src.Tee
	var w FileRecord
	file := src.File
	if file == "" && p != nil {
		file = p.File
	}
	w.Container = Container{Filename: file, Compressed: rec.Compressed, Offset: strconv.FormatInt(rec.Offset, 10)}
	m, member := rec.GzipMember()
	if member {
		w.Container.GzipMetadata = gzipMetadata(m)
	}
	env := &w.Envelope
	env.Format = "WARC/1.0"
	env.WARCHeaderLength = strconv.FormatInt(rec.HeaderLength, 10)
	env.WARCHeaderMetadata = Fields(rec.Header)
	pm := &env.PayloadMetadata
	pm.ActualContentLength = strconv.FormatInt(t.n, 10)
	pm.BlockDigest = "sha1:" + base32.StdEncoding.EncodeToString(t.h.Sum(nil))
	switch {
	case member:
		pm.TrailingSlopLength = strconv.FormatInt(m.InflatedLength-rec.HeaderLength-t.n, 10)
	case !rec.Compressed && rec.Length() > 0:
		pm.TrailingSlopLength = strconv.FormatInt(rec.Length()-rec.HeaderLength-t.n, 10)
	}
	switch strings.ToLower(rec.Type) {
	case "warcinfo":
		pm.ActualContentType = "application/warc-fields"
		fields, corrupt := parseFields(t.fields())
		pm.WARCInfoMetadata, pm.HeadersCorrupt = Fields(fields), corrupt
	case "metadata":
		if mt, _, _ := strings.Cut(rec.ContentType, ";"); strings.EqualFold(strings.TrimSpace(mt), "application/json") {
			break // ia-web-commons gives the JSON itself; relink, the envelope
		}
		pm.ActualContentType = "application/metadata-fields"
		fields, corrupt := parseFields(t.fields())
		md := &MetadataFields{Corrupt: corrupt, Records: []MetadataField{}}
		for _, f := range fields {
			md.Records = append(md.Records, MetadataField{Name: f.Name, Value: f.Value})
		}
		pm.WARCMetadataMetadata = md
	case "request":
		line, fields, n, corrupt, ok := t.httpMessage()
		if !ok || strings.HasPrefix(line[0], "HTTP/") {
			break
		}
		pm.ActualContentType = "application/http; msgtype=request"
		hm := &FileRequestMetadata{RequestMessage: &RequestMessage{Method: line[0], Path: line[1], Version: line[2]},
			HeadersLength: strconv.Itoa(n), HeadersCorrupt: corrupt, Headers: Fields(fields)}
		hm.EntityLength, hm.EntityDigest, hm.EntityTrailingSlopLength = t.entity()
		pm.HTTPRequestMetadata = hm
	case "response", "revisit":
		line, fields, n, corrupt, ok := t.httpMessage()
		if !ok || !strings.HasPrefix(line[0], "HTTP/") {
			break
		}
		pm.ActualContentType = "application/http; msgtype=response"
		hm := &FileResponseMetadata{ResponseMessage: &ResponseMessage{Version: line[0], Status: line[1], Reason: line[2]},
			HeadersLength: strconv.Itoa(n), HeadersCorrupt: corrupt, Headers: Fields(fields)}
		if hm.Headers == nil {
			hm.Headers = Fields{}
		}
		if p != nil {
			hm.HTMLMetadata = htmlMetadata(p, t, n, fields)
		}
		hm.EntityLength, hm.EntityDigest, hm.EntityTrailingSlopLength = t.entity()
		pm.HTTPResponseMetadata = hm
	}
	if p != nil && pm.HTTPResponseMetadata == nil {
		pm.HTMLMetadata = htmlMetadata(p, t, 0, nil) // a resource record
	}
	return w
}

// entity returns the length, SHA-1 and trailing bytes of the entity of
// the HTTP message the Tee read, as decimal strings and "sha1:BASE32".
func (t *Tee) entity() (length, digest, slop string) {
	if t.hdrEnd < 0 {
		t.eh.Reset() // no header's end: no entity
	}
	return strconv.FormatInt(t.en, 10), "sha1:" + base32.StdEncoding.EncodeToString(t.eh.Sum(nil)), strconv.FormatInt(t.etotal-t.en, 10)
}

// htmlMetadata returns the HTML-Metadata of page p, whose HTML begins at
// offset body of what t kept, after the HTTP header whose fields are hdr.
func htmlMetadata(p *crawl.PageRecord, t *Tee, body int, hdr warc.Header) *FileHTMLMetadata {
	hm := &FileHTMLMetadata{}
	var head Head
	var elems map[string][]element
	head.Title, head.Metas, elems = headOf(t, body, hdr, p.Charset)
	next := map[string]int{} // the next element of elems[tag] to match
	for _, l := range p.Links {
		path := strings.ToUpper(l.Tag) + "@/" + l.Attr
		e := Entry{{Name: "path", Value: path}, {Name: "url", Value: l.Value}}
		switch {
		case l.Role == "speculative":
			// data-href, data-uri, an onclick's URL: in Links, whatever
			// the element, with no other attribute.
			hm.Links = append(hm.Links, e)
			continue
		case l.Tag == "http", l.Tag == "", l.Tag == "meta":
			continue
		case l.Tag == "base":
			head.Base = l.Value
			continue
		case l.Tag == "style" && l.Attr == "":
			hm.Links = append(hm.Links, Entry{{Name: "path", Value: "STYLE/#text"}, {Name: "href", Value: l.Value}})
			continue
		}
		if ea, ok := entryAttrs[l.Tag]; ok && ea.attr == l.Attr {
			if attrs, ok := match(elems[l.Tag], next, l.Tag, l.Value); ok {
				e = append(e, attrs...)
			} else if l.Rel != "" && slices.Contains(ea.extra, "rel") {
				e = append(e, warc.Field{Name: "rel", Value: l.Rel})
			}
		}
		switch {
		case l.Tag == "link":
			head.Link = append(head.Link, e)
			continue
		case l.Tag == "script" && l.Attr == "src":
			head.Scripts = append(head.Scripts, e)
			continue
		}
		if l.Tag == "a" && l.Text != "" {
			e = append(e, warc.Field{Name: "text", Value: l.Text})
		}
		hm.Links = append(hm.Links, e)
	}
	if head.Title != "" || head.Metas != nil || head.Link != nil || head.Scripts != nil || head.Base != "" {
		hm.Head = &head
	}
	return hm
}

// An element is an element of the HTML that a WAT entry may take
// attributes of: the value of its link attribute, and those attributes,
// in the order of entryAttrs.
type element struct {
	value string
	attrs []warc.Field
}

// matchWindow is how many elements of a tag match looks past one the
// extractor gave no link of.
const matchWindow = 8

// match returns the attributes of the element of tag whose link has the
// value value: the first of the next matchWindow elements of list whose
// link attribute has that value (white space at either end aside),
// which the next call looks past.
func match(list []element, next map[string]int, tag, value string) ([]warc.Field, bool) {
	value = strings.TrimSpace(value)
	i := next[tag]
	for j := i; j < len(list) && j < i+matchWindow; j++ {
		if strings.TrimSpace(list[j].value) == value {
			next[tag] = j + 1
			return list[j].attrs, true
		}
	}
	return nil, false
}

// maxElements bounds the elements headOf keeps.
const maxElements = 1 << 16

// headOf reads the HTML that t kept, from offset body, in the page's
// charset: the title in the head, or else the first one, its white space
// collapsed, at most 128 characters, as ia-web-commons takes it; each
// meta element's name, rel, content, http-equiv and property (but a
// meta of one of them), and the html element's lang and xml:lang as
// metas named "HTML@/lang" and "HTML@/xml:lang"; the elements whose
// attributes go with their links (entryAttrs). A body that still has a
// content coding (compressed: hdr, the HTTP header's fields, says so)
// gives none of them.
func headOf(t *Tee, body int, hdr warc.Header, cs string) (string, []Entry, map[string][]element) {
	b := t.head[min(body, len(t.head)):]
	b = b[:min(len(b), MaxHead)]
	if body > 0 {
		for _, f := range hdr {
			if strings.EqualFold(f.Name, "Content-Encoding") && !strings.EqualFold(f.Value, "identity") ||
				strings.EqualFold(f.Name, "Transfer-Encoding") && strings.Contains(strings.ToLower(f.Value), "chunked") {
				if len(b) > 0 && b[0] != '<' && b[0] != ' ' && b[0] != '\n' && b[0] != '\r' && b[0] != '\t' {
					return "", nil, nil
				}
			}
		}
	}
	var r io.Reader = bytes.NewReader(b)
	if enc, name := charset.Lookup(cs); enc != nil && name != "utf-8" {
		r = transform.NewReader(r, enc.NewDecoder())
	}
	z := html.NewTokenizer(r)
	var (
		title, firstTitle string
		inTitle, inHead   bool
		seenTitle         bool
		metas             []Entry
		elems             map[string][]element
		kept              int
		attrs             []html.Attribute
	)
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			b, more := z.TagName()
			var name string
			switch string(b) { // the elements read, without allocating for the others
			case "a", "area", "link", "script", "img", "form", "head", "body", "title", "html", "meta":
				name = string(b)
			default:
				continue
			}
			attrs = attrs[:0]
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				attrs = append(attrs, html.Attribute{Key: string(k), Val: string(v)})
			}
			if ea, ok := entryAttrs[name]; ok && kept < maxElements {
				if v, ok := attr(attrs, ea.attr); ok {
					el := element{value: v}
					for _, k := range ea.extra {
						if v, ok := attr(attrs, k); ok {
							el.attrs = append(el.attrs, warc.Field{Name: k, Value: v})
						}
					}
					if elems == nil {
						elems = map[string][]element{}
					}
					elems[name] = append(elems[name], el)
					kept++
				}
			}
			switch name {
			case "head":
				inHead = true
			case "body":
				inHead = false
			case "title":
				inTitle = tt == html.StartTagToken
			case "html":
				for _, a := range attrs {
					if a.Key == "lang" || a.Key == "xml:lang" {
						metas = append(metas, Entry{{Name: "name", Value: "HTML@/" + a.Key}, {Name: "content", Value: a.Val}})
					}
				}
			case "meta":
				var e Entry
				for _, k := range []string{"name", "rel", "content", "http-equiv", "property"} {
					if v, ok := attr(attrs, k); ok {
						e = append(e, warc.Field{Name: k, Value: v})
					}
				}
				if len(e) > 1 { // one attribute alone is dropped, as ia-web-commons does
					metas = append(metas, e)
				}
			}
		case html.EndTagToken:
			b, _ := z.TagName()
			switch string(b) {
			case "head":
				inHead = false
			case "title":
				inTitle = false
			}
		case html.TextToken:
			if inTitle {
				s := collapse(string(z.Text()))
				if inHead && title == "" {
					title = s
				}
				if !seenTitle {
					firstTitle, seenTitle = s, true
				}
				inTitle = false
			}
		}
	}
	if title == "" {
		title = firstTitle
	}
	if r := []rune(title); len(r) > 128 {
		title = string(r[:128])
	}
	return title, metas, elems
}

// attr returns the value of the first attribute named key.
func attr(attrs []html.Attribute, key string) (string, bool) {
	for _, a := range attrs {
		if a.Key == key && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// AppendRecord appends to b the WAT file's metadata record for w, the WAT
// record of the WARC record rec: WARC-Type metadata, WARC-Target-URI that
// of rec (for a warcinfo record, its WARC-Filename), WARC-Date rec's
// (ia-web-commons writes the time it runs: relink's output depends on its
// input alone), WARC-Record-ID a name-based UUID (version 5) made from
// rec's WARC-Record-ID, file and offset, WARC-Refers-To rec's
// WARC-Record-ID, Content-Type application/json, and the JSON as the
// block.
func AppendRecord(b []byte, rec *warc.Record, w *FileRecord) ([]byte, error) {
	var buf bytes.Buffer
	e := json.NewEncoder(&buf)
	e.SetEscapeHTML(false)
	if err := e.Encode(w); err != nil {
		return b, err
	}
	js := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	b = append(b, "WARC/1.0\r\nWARC-Type: metadata\r\n"...)
	target := rec.TargetURI
	if strings.EqualFold(rec.Type, "warcinfo") {
		target = rec.Header.Get("WARC-Filename")
	}
	if target = oneLine(target); target != "" {
		b = append(b, "WARC-Target-URI: "+target+"\r\n"...)
	}
	if d := oneLine(rec.Date); d != "" {
		b = append(b, "WARC-Date: "+d+"\r\n"...)
	}
	b = appendRecordID(b, "wat:"+rec.RecordID+" "+w.Container.Filename+" "+w.Container.Offset)
	if id := oneLine(rec.RecordID); id != "" {
		b = append(b, "WARC-Refers-To: "+id+"\r\n"...)
	}
	b = append(b, "Content-Type: application/json\r\nContent-Length: "...)
	b = strconv.AppendInt(b, int64(len(js)), 10)
	b = append(b, "\r\n\r\n"...)
	b = append(b, js...)
	return append(b, "\r\n\r\n"...), nil
}

// oneLine returns s without the line breaks that would end a header
// field early.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\r' || r == '\n' }), " ")
}

// appendRecordID appends a WARC-Record-ID field: a name-based UUID
// (version 5, SHA-1) of name.
func appendRecordID(b []byte, name string) []byte {
	id := sha1.Sum([]byte(name))
	id[6] = id[6]&0x0f | 0x50 // version 5, name-based with SHA-1
	id[8] = id[8]&0x3f | 0x80
	return fmt.Appendf(b, "WARC-Record-ID: <urn:uuid:%x-%x-%x-%x-%x>\r\n", id[0:4], id[4:6], id[6:8], id[8:10], id[10:16])
}

// Info is what the warcinfo record at the head of a WAT file says.
type Info struct {
	// Filename is the WAT file's name (FileName), its WARC-Filename;
	// "" for none.
	Filename string
	// Date is its WARC-Date: relink writes the WARC-Date of the first
	// record of the input, where ia-web-commons writes the time it runs.
	Date string
	// Software is the program that wrote the file, its Software-Info
	// ("relink v1.2.3").
	Software string
	// Input names the input, for the record's WARC-Record-ID.
	Input string
}

// AppendInfo appends to b the warcinfo record that begins a WAT file,
// as ia-web-commons writes it: WARC-Type warcinfo, WARC-Date,
// WARC-Filename, a WARC-Record-ID (a name-based UUID made from the
// fields and the input's name), Content-Type application/warc-fields,
// and the fields Software-Info, format and conformsTo.
// ia-web-commons also writes Extracted-Date, the time it ran, and the ip
// and hostname of the machine: relink does not, so that its output
// depends on its input alone and tells nothing of where it ran.
func AppendInfo(b []byte, info Info) []byte {
	var block []byte
	if s := oneLine(info.Software); s != "" {
		block = append(block, "Software-Info: "+s+"\r\n"...)
	}
	block = append(block, "format: WARC File Format 1.0\r\n"+
		"conformsTo: http://bibnum.bnf.fr/WARC/WARC_ISO_28500_version1_latestdraft.pdf\r\n"...)
	b = append(b, "WARC/1.0\r\nWARC-Type: warcinfo\r\n"...)
	if d := oneLine(info.Date); d != "" {
		b = append(b, "WARC-Date: "+d+"\r\n"...)
	}
	if f := oneLine(info.Filename); f != "" {
		b = append(b, "WARC-Filename: "+f+"\r\n"...)
	}
	b = appendRecordID(b, "watinfo:"+info.Filename+" "+info.Date+" "+info.Input)
	b = append(b, "Content-Type: application/warc-fields\r\nContent-Length: "...)
	b = strconv.AppendInt(b, int64(len(block)), 10)
	b = append(b, "\r\n\r\n"...)
	b = append(b, block...)
	return append(b, "\r\n\r\n"...)
}

// FileName returns the name of the WAT file of the WARC file name, as
// ia-web-commons makes it: the name without its directory, and
// "x.warc", "x.warc.gz" (and "x.warc.zst") become "x.warc.wat" and ext,
// the WAT file's compression (".gz" or ".zst"); "x.arc" likewise; other
// names are kept.
func FileName(name, ext string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	base := strings.TrimSuffix(strings.TrimSuffix(name, ".gz"), ".zst")
	if strings.HasSuffix(base, ".warc") || strings.HasSuffix(base, ".arc") {
		return base + ".wat" + ext
	}
	return name
}
