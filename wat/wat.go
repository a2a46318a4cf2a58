package wat

import (
	"strconv"
	"strings"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/warc"
)

// A Record is a page in the shape of a record of Common Crawl's WAT
// files (the JSON metadata that ia-web-commons writes for each WARC
// record), with the fields that readers of outlinks use, such as
// cc-pyspark's host-graph job: the page's URL at
// Envelope.WARC-Header-Metadata.WARC-Target-URI and its links at
// Envelope.Payload-Metadata.HTTP-Response-Metadata.HTML-Metadata.Links,
// each with a path ("A@/href", "IMG@/src") and a url as written.
type Record struct {
	Container Container `json:"Container"`
	Envelope  Envelope  `json:"Envelope"`
}

// Container says where the record is: the WARC file, whether it is
// gzipped, and the offset of the record (of its gzip member), a decimal
// string as in WAT files. GzipMetadata lays out the record's gzip member
// in a file of one member per record; it is nil (and the JSON has no
// Gzip-Metadata) for an uncompressed file, as in WAT files, and for a
// record that has no member of its own (a file gzipped as one stream, a
// record cut short).
type Container struct {
	Filename     string        `json:"Filename"`
	Compressed   bool          `json:"Compressed"`
	Offset       string        `json:"Offset"`
	GzipMetadata *GzipMetadata `json:"Gzip-Metadata,omitempty"`
}

// GzipMetadata is the layout of a record's gzip member
// (warc.GzipMember), in decimal strings as in WAT files: the lengths of
// its header (10 bytes and the optional fields), its deflate data and its
// trailer (8), which add up to the member's length
// (PageRecord.RecordLength), and the length and CRC-32 of its
// decompressed data. InflatedCRC is the CRC-32 read as a signed 32-bit
// number ("-231675272" for 0xf230ea78), as ia-web-commons writes it in
// Common Crawl's WAT files. InflatedLength is the data's length, where
// ia-web-commons writes the trailer's ISIZE, read as a signed 32-bit
// number too: the same for a member of less than 2 GiB of data.
type GzipMetadata struct {
	InflatedLength string `json:"Inflated-Length"`
	FooterLength   string `json:"Footer-Length"`
	InflatedCRC    string `json:"Inflated-CRC"`
	DeflateLength  string `json:"Deflate-Length"`
	HeaderLength   string `json:"Header-Length"`
}

// watGzipMetadata returns m in the form of a WAT's Gzip-Metadata.
func gzipMetadata(m warc.GzipMember) *GzipMetadata {
	return &GzipMetadata{
		InflatedLength: strconv.FormatInt(m.InflatedLength, 10),
		FooterLength:   strconv.FormatInt(m.FooterLength, 10),
		InflatedCRC:    strconv.FormatInt(int64(int32(m.CRC)), 10),
		DeflateLength:  strconv.FormatInt(m.DeflateLength, 10),
		HeaderLength:   strconv.FormatInt(m.HeaderLength, 10),
	}
}

// Envelope holds the record's WARC header and its payload's metadata.
type Envelope struct {
	Format             string          `json:"Format"` // "WARC"
	WARCHeaderMetadata HeaderMetadata  `json:"WARC-Header-Metadata"`
	PayloadMetadata    PayloadMetadata `json:"Payload-Metadata"`
}

// HeaderMetadata is the part of the WARC header that a PageRecord holds.
type HeaderMetadata struct {
	WARCType      string `json:"WARC-Type"` // "response", or "resource" (PageRecord.Status 0)
	WARCTargetURI string `json:"WARC-Target-URI"`
	WARCDate      string `json:"WARC-Date"`
	WARCRecordID  string `json:"WARC-Record-ID"`
}

// PayloadMetadata holds the metadata of the page.
type PayloadMetadata struct {
	HTTPResponseMetadata ResponseMetadata `json:"HTTP-Response-Metadata"`
}

// ResponseMetadata is the HTTP response: its status (absent for a
// resource record), the Location of a redirect, and the HTML's links.
type ResponseMetadata struct {
	ResponseMessage *ResponseMessage  `json:"Response-Message,omitempty"`
	Headers         map[string]string `json:"Headers,omitempty"`
	HTMLMetadata    HTMLMetadata      `json:"HTML-Metadata"`
}

// ResponseMessage is the HTTP status line; Status is a decimal string.
type ResponseMessage struct {
	Status  string `json:"Status"`
	Version string `json:"Version,omitempty"` // "HTTP/1.1", in WAT files only (FileRecord)
	Reason  string `json:"Reason,omitempty"`  // "OK", in WAT files only (FileRecord)
}

// HTMLMetadata holds the page's links.
type HTMLMetadata struct {
	Links []Link `json:"Links"`
}

// A Link is a link as a WAT file gives it: Path is the element and
// attribute, the element in upper case ("A@/href", "LINK@/href",
// "IMG@/srcset"), URL the link's value (Link.Value, unresolved), Text
// the anchor text and Rel the rel attribute.
type Link struct {
	Path string `json:"path"`
	URL  string `json:"url"`
	Text string `json:"text,omitempty"`
	Rel  string `json:"rel,omitempty"`
}

// FromPage returns p in the shape of a WAT record. Its Container has
// Compressed and Gzip-Metadata from p.Compressed and p.GzipMember (which a
// PageRecord read back from its JSON line does not have). The links of
// the HTML are in HTML-Metadata.Links in document order; a redirect's
// Location is the header Headers["Location"], as in a WAT. Two kinds of
// link have no place in a WAT and are left out: the links of Link and
// Refresh headers and the links found in plain text (Tag ""): relink
// warc's JSON lines give them.
func FromPage(p *crawl.PageRecord) Record {
	var w Record
	w.Container = Container{Filename: p.File, Compressed: p.Compressed, Offset: strconv.FormatInt(p.RecordOffset, 10)}
	if p.GzipMember != nil {
		w.Container.GzipMetadata = gzipMetadata(*p.GzipMember)
	}
	env := &w.Envelope
	env.Format = "WARC"
	env.WARCHeaderMetadata = HeaderMetadata{WARCType: "response", WARCTargetURI: p.URL, WARCDate: p.Date, WARCRecordID: p.RecordID}
	hrm := &env.PayloadMetadata.HTTPResponseMetadata
	if p.Status == 0 {
		env.WARCHeaderMetadata.WARCType = "resource"
	} else {
		hrm.ResponseMessage = &ResponseMessage{Status: strconv.Itoa(p.Status)}
	}
	hrm.HTMLMetadata.Links = []Link{}
	for _, l := range p.Links {
		switch {
		case l.Tag == "http" && l.Attr == "location":
			hrm.Headers = map[string]string{"Location": l.Value}
		case l.Tag == "http", l.Tag == "":
		case l.Role == "speculative": // data-href, data-uri, onclick: the URL alone
			hrm.HTMLMetadata.Links = append(hrm.HTMLMetadata.Links, Link{Path: strings.ToUpper(l.Tag) + "@/" + l.Attr, URL: l.Value})
		default:
			hrm.HTMLMetadata.Links = append(hrm.HTMLMetadata.Links,
				Link{Path: strings.ToUpper(l.Tag) + "@/" + l.Attr, URL: l.Value, Text: l.Text, Rel: l.Rel})
		}
	}
	return w
}
