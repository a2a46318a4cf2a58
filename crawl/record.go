package crawl

import (
	_ "embed"
	"errors"
	"strconv"
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/warc"
	"github.com/relink-go/relink/weburl"
)

// A Page is the fields of a crawled page, as the JSON records give them.
type Page struct {
	// URL is the page's URL, WARC-Target-URI (without the <> of WARC 1.0).
	URL string `json:"page"`
	// RecordID is WARC-Record-ID as written.
	RecordID string `json:"record_id"`
	// Date is WARC-Date as written.
	Date string `json:"date"`
	// Status is the HTTP status code, 0 for a resource record.
	Status int `json:"status,omitempty"`
	// Charset is the charset the page is read in, a WHATWG encoding
	// name; "" for a redirect that is not HTML.
	Charset string `json:"charset"`
	// CharsetSource says where Charset comes from: "transport" (the
	// HTTP Content-Type), "bom", "meta", "detected" (UTF-8 detection)
	// or "default" (windows-1252, or UTF-8 for XHTML); "" when Charset is.
	CharsetSource string `json:"charset_source"`
	// RecordOffset is the offset of the record in its file (of its gzip
	// member, in a gzipped file), where an index such as CDX points.
	RecordOffset int64 `json:"record_offset"`
}

// A Link is the JSON form of a link of a page. The fields are those of
// extract.Link; Start, End and Line are those of the link in the
// page's decoded body, 0 for a link of the HTTP header (Tag "http").
type Link struct {
	Tag    string `json:"tag"`
	Attr   string `json:"attr"`
	Role   string `json:"role,omitempty"` // "hyperlink", "resource"... in lower case; "text" for a link in text
	Value  string `json:"value"`
	Href   string `json:"href"` // the URL Standard's href (extract.Link.Href)
	URI    string `json:"uri"`  // the same URL as an RFC 3986 URI (extract.Link.URI)
	IRI    string `json:"iri"`
	Start  int64  `json:"start"`
	End    int64  `json:"end"`
	Line   int    `json:"line"`
	Column int    `json:"column"` // the column of Start on its line, from 1 (extract.Link.Column)
	Rel    string `json:"rel,omitempty"`
	Text   string `json:"text,omitempty"`
	Lazy   bool   `json:"lazy,omitempty"`
	Error  string `json:"error,omitempty"` // why Href is empty
}

// NewLink returns the JSON form of l.
func NewLink(l *extract.Link) Link {
	uri, _ := l.URI() // "" when l.Err is set, which Error gives
	j := Link{Tag: l.Tag, Attr: l.Attr, Value: l.Value, Href: l.Href, URI: uri, IRI: l.IRI,
		Start: l.Start, End: l.End, Line: l.Line, Column: l.Column, Rel: l.Rel, Text: l.Text, Lazy: l.Lazy}
	if l.Role != 0 {
		j.Role = roleName(l.Role)
	} else if l.Tag == "" {
		j.Role = "text" // a link in text, as relink's --role names it
	}
	if l.Err != nil {
		j.Error = Reason(l.Err)
	}
	return j
}

// lowerRoles holds the names of the roles in lower case, made once: a
// JSON record is written for every link.
var lowerRoles = func() (t [htmlattr.RoleSpeculative + 1]string) {
	for r := htmlattr.RoleHyperlink; r <= htmlattr.RoleSpeculative; r++ {
		t[r] = strings.ToLower(r.String())
	}
	return t
}()

// roleName returns the name of r in lower case.
func roleName(r htmlattr.Role) string {
	if int(r) < len(lowerRoles) {
		return lowerRoles[r]
	}
	return strings.ToLower(r.String())
}

// A LinkRecord is one line of relink warc: a page's fields, the file, and
// one link's fields, in one flat JSON object.
type LinkRecord struct {
	Page
	File string `json:"file,omitempty"` // the WARC file as given
	Link
}

// A PageRecord is one line of relink warc --per-page: a page's fields,
// the file, and its links (an empty array for a page without links).
type PageRecord struct {
	Page
	File  string `json:"file,omitempty"`
	Links []Link `json:"links"`
	// RecordLength is the length of the record in its file, from
	// RecordOffset (warc.Record.Length): the whole gzip member, compressed,
	// in a file of one member per record, as CDX's length field gives it;
	// the record through the line breaks that end it in an uncompressed
	// file. It is 0 when no byte range holds the record alone: a record
	// that shares its gzip member (a file gzipped as one stream), or that
	// is cut short. It comes last: it is known once the record has been
	// read to its end, after the links. A LinkRecord, written as the
	// links are found, does not have it.
	RecordLength int64 `json:"record_length"`
	// Compressed reports whether the file is gzipped
	// (warc.Record.Compressed), and GzipMember is the layout of the
	// record's own gzip member (warc.Record.GzipMember, which Record
	// reads with RecordLength), nil when it has none: an uncompressed
	// file, a file gzipped as one stream, a record cut short. wat.FromPage gives
	// them in its Container; they are not written in the JSON line,
	// where record_length gives the member's length, and so are lost
	// when a line is read back.
	Compressed bool             `json:"-"`
	GzipMember *warc.GzipMember `json:"-"`
	// DroppedLinks counts the links of the page that Record left out,
	// the last ones, past Options.MaxRecordLinks; it is not written in
	// the JSON line.
	DroppedLinks int `json:"-"`
}

// DefaultMaxRecordLinks is the bound on the links that Record holds for
// a page when Options.MaxRecordLinks is 0: 16 MiB, some fifty thousand
// links of usual length, a few times what the largest pages have.
const DefaultMaxRecordLinks = 16 << 20

// LinkOverhead is what a link that Record holds counts for, beside the
// length of its strings, against Options.MaxRecordLinks: about the
// memory of a Link and of its share of the slice.
const LinkOverhead = 256

// Schema is the JSON Schema (draft 2020-12) of LinkRecord and PageRecord,
// the file record.schema.json.
//
//go:embed record.schema.json
var Schema []byte

// Record returns the page of rec with its links, as Extract finds them,
// or nil when rec is not a page. For a page, it reads the record to its
// end, to give its RecordLength. It holds the links of the page up to
// Options.MaxRecordLinks, and counts those it drops in DroppedLinks:
// Extract, which streams, is for pages of unbounded size. The error is Extract's; with a
// *warc.PayloadSizeError or a *warc.DecodeError, the record holds the
// links read before it.
func (x *Extractor) Record(rec *warc.Record, file string) (*PageRecord, error) {
	c := collector{max: x.opts.MaxRecordLinks}
	ok, err := x.Extract(rec, &c)
	if !ok {
		return nil, err
	}
	c.rec.File = file
	c.rec.RecordLength = rec.Length()
	c.rec.Compressed = rec.Compressed
	if m, ok := rec.GzipMember(); ok {
		c.rec.GzipMember = &m
	}
	if c.rec.Links == nil {
		c.rec.Links = []Link{}
	}
	return &c.rec, err
}

// A collector holds the links of a page, up to max bytes of them
// (counted as Options.MaxRecordLinks says), none when max < 0.
type collector struct {
	rec  PageRecord
	max  int64
	held int64
}

func (c *collector) Page(p *Page) error { c.rec.Page = *p; return nil }

func (c *collector) Link(_ *Page, l *extract.Link) error {
	if c.rec.DroppedLinks > 0 {
		c.rec.DroppedLinks++
		return nil
	}
	j := NewLink(l)
	size := int64(LinkOverhead + len(j.Tag) + len(j.Attr) + len(j.Role) + len(j.Value) + len(j.Href) + len(j.URI) + len(j.IRI) +
		len(j.Rel) + len(j.Text) + len(j.Error))
	if c.max >= 0 && c.held+size > c.max {
		c.rec.DroppedLinks++
		return nil
	}
	c.held += size
	c.rec.Links = append(c.rec.Links, j)
	return nil
}

// Reason returns the message of a link's error without what the link
// already says: the quoted input and the "iri:" prefix.
func Reason(err error) string {
	var ie *iri.Error
	var ue *weburl.Error
	switch {
	case errors.As(err, &ie):
		if ie.Offset >= 0 {
			return "at offset " + strconv.Itoa(ie.Offset) + ": " + ie.Err.Error()
		}
		return ie.Err.Error()
	case errors.As(err, &ue):
		return ue.Err.Error()
	}
	return err.Error()
}
