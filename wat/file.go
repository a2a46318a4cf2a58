package wat

import (
	"bytes"
	"crypto/sha1"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"hash"
	"io"
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
// Common Crawl's WAT files are WARC files: for each record of a WARC
// file, a metadata record (Content-Type: application/json,
// WARC-Refers-To the record's WARC-Record-ID) whose block is the JSON of
// the record's metadata, each record gzipped alone. A Reader reads a
// page's record through a Tee, which keeps what the JSON needs of the
// block (its SHA-1, the HTTP header, the start of the HTML), and File
// makes the JSON of the page and writes the metadata record.

// MaxHead bounds the part of a page's HTML that a Tee keeps for the
// Head's Title and Metas: its first 1 MiB. A title or a meta after it is
// not in the WAT record (the links are: they come from the whole page).
const MaxHead = 1 << 20

// maxHTTPHeader bounds the HTTP header a Tee keeps.
const maxHTTPHeader = 64 << 10

// A Tee reads a record's block and keeps what a WAT record needs of it.
// Set rec.Block to NewTee(rec.Block) before the block is read (before
// crawl's Extractor reads the page), and call Finish once the page's
// links are found, before Record.Length.
type Tee struct {
	r      io.Reader
	h      hash.Hash
	n      int64
	head   []byte // the HTTP header and the start of the body, up to maxHTTPHeader+MaxHead
	keep   int
	buffer []byte
}

// NewTee returns a Tee that reads block.
func NewTee(block io.Reader) *Tee {
	return &Tee{r: block, h: sha1.New(), keep: maxHTTPHeader + MaxHead}
}

// Reset makes t read another block, reusing its memory.
func (t *Tee) Reset(block io.Reader) {
	t.r, t.n, t.head = block, 0, t.head[:0]
	t.h.Reset()
}

func (t *Tee) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.h.Write(p[:n])
	t.n += int64(n)
	if k := min(n, t.keep-len(t.head)); k > 0 {
		t.head = append(t.head, p[:k]...)
	}
	return n, err
}

// Finish reads the rest of the block, for its digest.
func (t *Tee) Finish() error {
	if t.buffer == nil {
		t.buffer = make([]byte, 32<<10)
	}
	_, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{t}, t.buffer)
	return err
}

// A Source is what a WAT record holds of a page's WARC record beside its
// links: the WARC record's header and what a Tee kept of its block.
type Source struct {
	Record *warc.Record
	Tee    *Tee
}

// httpHead parses the HTTP status line and header the Tee kept: the
// version, status and reason, the fields, the header's length; ok is
// false when the block does not begin with one.
func (t *Tee) httpHead() (msg *ResponseMessage, fields warc.Header, length int, ok bool) {
	b := t.head
	if !bytes.HasPrefix(b, []byte("HTTP/")) {
		return nil, nil, 0, false
	}
	end := len(b)
	if i := bytes.Index(b, []byte("\r\n\r\n")); i >= 0 {
		end = i + 4
	}
	if i := bytes.Index(b, []byte("\n\n")); i >= 0 && i+2 < end {
		end = i + 2
	}
	lines := strings.Split(strings.TrimRight(string(b[:end]), "\r\n"), "\n")
	parts := strings.SplitN(strings.TrimRight(lines[0], "\r"), " ", 3)
	msg = &ResponseMessage{Version: parts[0]}
	if len(parts) > 1 {
		msg.Status = parts[1]
	}
	if len(parts) > 2 {
		msg.Reason = parts[2]
	}
	for _, line := range lines[1:] {
		line = strings.TrimRight(line, "\r")
		if line != "" && (line[0] == ' ' || line[0] == '\t') && len(fields) > 0 {
			fields[len(fields)-1].Value += " " + strings.TrimSpace(line)
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(name) == "" {
			continue
		}
		fields = append(fields, warc.Field{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)})
	}
	return msg, fields, end, true
}

// Fields is a header as a JSON object, its fields in the order written;
// the values of a repeated field are joined by ", ", in the order
// written, so that the object has each name once.
type Fields warc.Header

func (f Fields) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	seen := map[string]int{}
	var names, values []string
	for _, x := range f {
		if i, ok := seen[x.Name]; ok {
			values[i] += ", " + x.Value
			continue
		}
		seen[x.Name] = len(names)
		names, values = append(names, x.Name), append(values, x.Value)
	}
	for i := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		appendJSONString(&b, names[i])
		b.WriteByte(':')
		appendJSONString(&b, values[i])
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
// ia-web-commons writes (the fields that do not depend on its parser).
type FileRecord struct {
	Container Container    `json:"Container"`
	Envelope  FileEnvelope `json:"Envelope"`
}

// FileEnvelope is the Envelope of a WAT file's record.
type FileEnvelope struct {
	Format              string              `json:"Format"` // "WARC"
	WARCHeaderLength    string              `json:"WARC-Header-Length"`
	BlockDigest         string              `json:"Block-Digest"`
	ActualContentLength string              `json:"Actual-Content-Length"`
	WARCHeaderMetadata  Fields              `json:"WARC-Header-Metadata"`
	PayloadMetadata     FilePayloadMetadata `json:"Payload-Metadata"`
}

// FilePayloadMetadata is the metadata of the record's block.
type FilePayloadMetadata struct {
	ActualContentType    string                `json:"Actual-Content-Type"`
	HTTPResponseMetadata *FileResponseMetadata `json:"HTTP-Response-Metadata,omitempty"`
	HTMLMetadata         *FileHTMLMetadata     `json:"HTML-Metadata,omitempty"` // a resource record's
}

// FileResponseMetadata is the HTTP response: its status line, header and
// the HTML's metadata.
type FileResponseMetadata struct {
	ResponseMessage *ResponseMessage  `json:"Response-Message"`
	Headers         Fields            `json:"Headers"`
	HeadersLength   string            `json:"Headers-Length"`
	EntityLength    string            `json:"Entity-Length"`
	HTMLMetadata    *FileHTMLMetadata `json:"HTML-Metadata,omitempty"`
}

// FileHTMLMetadata is the HTML's metadata: its head (title, meta
// elements, link and script elements, base URL) and its other links.
type FileHTMLMetadata struct {
	Head  Head    `json:"Head"`
	Links []Entry `json:"Links"`
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
// and url, and the attributes that go with it (rel, text...), or a meta
// element's attributes, in the order ia-web-commons writes them.
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

// FromSource returns the WAT record of page p, read through src.
func FromSource(p *crawl.PageRecord, src Source) FileRecord {
	rec, t := src.Record, src.Tee
	var w FileRecord
	w.Container = Container{Filename: p.File, Compressed: p.Compressed, Offset: strconv.FormatInt(p.RecordOffset, 10)}
	if p.GzipMember != nil {
		w.Container.GzipMetadata = gzipMetadata(*p.GzipMember)
	}
	env := &w.Envelope
	env.Format = "WARC"
	env.WARCHeaderLength = strconv.FormatInt(rec.HeaderLength, 10)
	sum := t.h.Sum(nil)
	env.BlockDigest = "sha1:" + base32.StdEncoding.EncodeToString(sum)
	env.ActualContentLength = strconv.FormatInt(t.n, 10)
	env.WARCHeaderMetadata = Fields(rec.Header)
	env.PayloadMetadata.ActualContentType = rec.ContentType
	hm := &FileHTMLMetadata{Links: []Entry{}}
	hm.Head.Title, hm.Head.Metas = headOf(t, p.Charset)
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
			hm.Head.Base = l.Value
			continue
		case l.Tag == "link":
			if l.Rel != "" {
				e = append(e, warc.Field{Name: "rel", Value: l.Rel})
			}
			hm.Head.Link = append(hm.Head.Link, e)
			continue
		case l.Tag == "script" && l.Attr == "src":
			hm.Head.Scripts = append(hm.Head.Scripts, e)
			continue
		case l.Tag == "style" && l.Attr == "":
			e = Entry{{Name: "path", Value: "STYLE/#text"}, {Name: "href", Value: l.Value}}
		}
		if l.Rel != "" {
			e = append(e, warc.Field{Name: "rel", Value: l.Rel})
		}
		if l.Text != "" {
			e = append(e, warc.Field{Name: "text", Value: l.Text})
		}
		hm.Links = append(hm.Links, e)
	}
	if msg, fields, n, ok := t.httpHead(); ok {
		env.PayloadMetadata.HTTPResponseMetadata = &FileResponseMetadata{
			ResponseMessage: msg, Headers: Fields(fields), HeadersLength: strconv.Itoa(n),
			EntityLength: strconv.FormatInt(t.n-int64(n), 10), HTMLMetadata: hm,
		}
	} else {
		env.PayloadMetadata.HTMLMetadata = hm
	}
	return w
}

// headOf finds the title and the meta elements of the HTML that t kept,
// read in the page's charset: the title in the head, or else the first
// one, its white space collapsed, at most 128 characters, as
// ia-web-commons takes it; each meta element's name, rel, content,
// http-equiv and property, and the html element's lang and xml:lang as
// metas named "HTML@/lang" and "HTML@/xml:lang". A body that still has a
// content coding (compressed) gives none of them.
func headOf(t *Tee, cs string) (string, []Entry) {
	_, fields, n, ok := t.httpHead()
	body := t.head
	if ok {
		body = body[min(n, len(body)):]
		for _, f := range fields {
			if strings.EqualFold(f.Name, "Content-Encoding") && !strings.EqualFold(f.Value, "identity") ||
				strings.EqualFold(f.Name, "Transfer-Encoding") && strings.Contains(strings.ToLower(f.Value), "chunked") {
				if len(body) > 0 && body[0] != '<' && body[0] != ' ' && body[0] != '\n' && body[0] != '\r' && body[0] != '\t' {
					return "", nil
				}
			}
		}
	}
	var r io.Reader = bytes.NewReader(body)
	if enc, name := charset.Lookup(cs); enc != nil && name != "utf-8" {
		r = transform.NewReader(r, enc.NewDecoder())
	}
	z := html.NewTokenizer(r)
	var (
		title, firstTitle string
		inTitle, inHead   bool
		seenTitle         bool
		metas             []Entry
	)
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		tok := z.Token()
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			switch tok.Data {
			case "head":
				inHead = true
			case "body":
				inHead = false
			case "title":
				inTitle = tt == html.StartTagToken
			case "html":
				for _, a := range tok.Attr {
					if a.Key == "lang" || a.Key == "xml:lang" {
						metas = append(metas, Entry{{Name: "name", Value: "HTML@/" + a.Key}, {Name: "content", Value: a.Val}})
					}
				}
			case "meta":
				var e Entry
				for _, k := range []string{"name", "rel", "content", "http-equiv", "property"} {
					for _, a := range tok.Attr {
						if a.Key == k {
							e = append(e, warc.Field{Name: k, Value: a.Val})
							break
						}
					}
				}
				if len(e) > 0 {
					metas = append(metas, e)
				}
			}
		case html.EndTagToken:
			switch tok.Data {
			case "head":
				inHead = false
			case "title":
				inTitle = false
			}
		case html.TextToken:
			if inTitle {
				s := collapse(tok.Data)
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
	return title, metas
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// AppendRecord appends to b the WAT file's metadata record for w, the WAT
// record of the WARC record rec: WARC-Type metadata, WARC-Target-URI and
// WARC-Date those of rec, WARC-Record-ID a name-based UUID (version 5)
// made from rec's WARC-Record-ID, file and offset (so that the output
// depends on the input alone), WARC-Refers-To rec's WARC-Record-ID,
// Content-Type application/json, and the JSON as the block.
func AppendRecord(b []byte, rec *warc.Record, w *FileRecord) ([]byte, error) {
	var buf bytes.Buffer
	e := json.NewEncoder(&buf)
	e.SetEscapeHTML(false)
	if err := e.Encode(w); err != nil {
		return b, err
	}
	js := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	id := sha1.Sum([]byte("wat:" + rec.RecordID + " " + w.Container.Filename + " " + w.Container.Offset))
	id[6] = id[6]&0x0f | 0x50 // version 5, name-based with SHA-1
	id[8] = id[8]&0x3f | 0x80
	b = append(b, "WARC/1.0\r\nWARC-Type: metadata\r\n"...)
	if rec.TargetURI != "" {
		b = append(b, "WARC-Target-URI: "+rec.TargetURI+"\r\n"...)
	}
	if rec.Date != "" {
		b = append(b, "WARC-Date: "+rec.Date+"\r\n"...)
	}
	b = fmt.Appendf(b, "WARC-Record-ID: <urn:uuid:%x-%x-%x-%x-%x>\r\n", id[0:4], id[4:6], id[6:8], id[8:10], id[10:16])
	if rec.RecordID != "" {
		b = append(b, "WARC-Refers-To: "+rec.RecordID+"\r\n"...)
	}
	b = append(b, "Content-Type: application/json\r\nContent-Length: "...)
	b = strconv.AppendInt(b, int64(len(js)), 10)
	b = append(b, "\r\n\r\n"...)
	b = append(b, js...)
	return append(b, "\r\n\r\n"...), nil
}
