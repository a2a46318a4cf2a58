package crawl

import (
	"bufio"
	"errors"
	"io"
	"strings"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/warc"
	"github.com/relink-go/relink/weburl"
)

// A Handler receives what an Extractor finds in a record: the page, then
// its links in order. An error a method returns stops the record, and
// Extract returns it.
type Handler interface {
	// Page is called once a record is known to be a page (an HTML page,
	// or a redirect), before its links.
	Page(p *Page) error
	// Link is called for each link of the page p: those of the HTTP
	// header first, then those of the HTML. The link is valid only until
	// Link returns.
	Link(p *Page, l *extract.Link) error
}

// Options configure an Extractor.
type Options struct {
	// Options says how the HTML of each page is read, as it says for
	// an extractor (TextLinks, StrictText, MaxTagSize, MaxAnchorText,
	// Immediate), but for what each record says: BaseURL is the record's
	// target URI, Charset its Content-Type's charset, DefaultCharset
	// (the charset of a page that declares none) is UTF-8 for XHTML,
	// XML's default; Unresolved is ignored, since the records need the
	// links' URLs. Oversize is called for each construct passed through
	// unexamined in the page last given to Handler.Page, or that Record
	// returns (a tag longer than MaxTagSize, 1 MiB by default; with
	// TextLinks, a candidate for a link in the text longer than
	// textlink.MaxLen): its links are not given. relink warc reports it
	// as a warning.
	extract.Options

	// MaxPayloadSize bounds the payload of a resource record, as the
	// warc.Reader's MaxPayloadSize bounds the body of a response: the
	// block reads up to MaxPayloadSize bytes, then fails with a
	// *warc.PayloadSizeError. 0 means warc.DefaultMaxPayloadSize; a
	// negative value means no bound.
	MaxPayloadSize int64
	// MaxRecordLinks bounds the links that Record holds for a page,
	// in bytes: each link counts as the length of its strings and
	// LinkOverhead. Past it, Record drops the page's further links and
	// counts them in PageRecord.DroppedLinks. 0 means
	// DefaultMaxRecordLinks; a negative value means no bound. Extract,
	// which streams the links, holds none.
	MaxRecordLinks int64
}

// An Extractor finds the pages and links of WARC records. Its zero value
// is not ready: use NewExtractor. An Extractor is not safe for concurrent
// use; it reuses its buffers from record to record.
type Extractor struct {
	opts   Options
	conv   *iri.Converter
	body   *bufio.Reader
	capped cappedBlock
	page   Page
	hlink  extract.Link
	h      Handler
	herr   error             // the error h.Link returned, which stops the page
	html   extract.Extractor // made for the first page, reset for each next one
}

// link gives h a link of the page's HTML, the extractor's function.
func (x *Extractor) link(l *extract.Link) error {
	x.herr = x.h.Link(&x.page, l)
	return x.herr
}

// NewExtractor returns an Extractor configured by opts. As the
// extractors of package extract, it takes its Options by value: they are
// fixed for its life.
func NewExtractor(opts Options) *Extractor {
	if opts.MaxPayloadSize == 0 {
		opts.MaxPayloadSize = warc.DefaultMaxPayloadSize
	}
	if opts.MaxRecordLinks == 0 {
		opts.MaxRecordLinks = DefaultMaxRecordLinks
	}
	return &Extractor{
		opts: opts,
		conv: iri.NewConverter(iri.WithMode(iri.Web)),
		body: bufio.NewReaderSize(nil, charsetPeek),
	}
}

// htmlTypes are the media types of pages.
var htmlTypes = map[string]bool{"text/html": true, "application/xhtml+xml": true, "application/vnd.wap.xhtml+xml": true}

// Extract reads rec and, when it is a page, gives the page and its links
// to h; it reports whether rec is a page.
//
// The pages are the response and resource records whose content type is
// HTML (text/html or application/xhtml+xml; a payload without a content
// type, and without WARC-Identified-Payload-Type, is sniffed), and the
// redirects (a 3xx response with a Location header), whatever their
// type. A response whose block is not HTTP (dns:, ftp:) is not a page,
// nor is any other type of record. A page's links are resolved against
// its URL (WARC-Target-URI) and its <base>, with the query in the page's
// charset, which Page.Charset and Page.CharsetSource give.
//
// Extract returns an error of h unchanged. An error of the record is a
// *warc.PayloadSizeError (the payload was read up to its limit: the
// links of that part were given), a *warc.DecodeError (a content coding
// is corrupt), or an error of rec.HTTPResponse (the HTTP header cannot
// be read: h is given nothing). A record cut short is not reported here:
// the Reader's next call to Next reports it.
func (x *Extractor) Extract(rec *warc.Record, h Handler) (bool, error) {
	switch strings.ToLower(rec.Type) {
	case "response", "resource":
	default:
		return false, nil
	}
	var (
		resp  *warc.Response
		body  io.Reader
		media string
		hint  string
	)
	if strings.EqualFold(rec.Type, "response") {
		var err error
		resp, err = rec.HTTPResponse()
		if err == warc.ErrNotHTTP {
			return false, nil // dns:, ftp: and the like
		}
		if err != nil {
			return false, err
		}
		media, hint = resp.ContentType()
		body = resp.Body
	} else {
		media, hint = rec.Header.ContentType()
		// A resource's payload is its block, which a gzip member can
		// inflate a thousandfold: it is bounded as an HTTP payload is.
		body = rec.Block
		if x.opts.MaxPayloadSize > 0 {
			x.capped = cappedBlock{r: rec.Block, rec: rec, limit: x.opts.MaxPayloadSize}
			body = &x.capped
		}
	}
	if media == "" {
		media, _ = warc.Header{{Name: "Content-Type", Value: rec.Header.Get("WARC-Identified-Payload-Type")}}.ContentType()
	}
	x.body.Reset(body)
	var head []byte
	isHTML := htmlTypes[media]
	if isHTML || media == "" {
		head, _ = x.body.Peek(charset.DetectLimit)
		isHTML = isHTML || extract.TypeOf("", head) == extract.TypeHTML
	}
	status := 0
	if resp != nil {
		status = resp.StatusCode
	}
	redirect := resp != nil && status >= 300 && status < 400 && resp.Header.Get("Location") != ""
	if !isHTML && !redirect {
		return false, nil
	}

	var cs charset.Charset
	fallback := x.opts.DefaultCharset
	if strings.HasSuffix(media, "xhtml+xml") {
		fallback = "utf-8" // XML's default
	}
	if isHTML {
		// What the extractor will decide from the same bytes.
		head, _ = x.body.Peek(charsetPeek)
		cs = charset.Detect(charset.HTML, head, hint, fallback)
	}
	p := &x.page
	*p = Page{URL: rec.TargetURI, RecordID: rec.RecordID, Date: rec.Date, Status: status,
		Charset: cs.Name, CharsetSource: cs.Source, RecordOffset: rec.Offset}
	if err := h.Page(p); err != nil {
		return true, err
	}
	if resp != nil {
		if err := x.headerLinks(h, resp, isHTML); err != nil {
			return true, err
		}
	}
	if !isHTML {
		return true, nil
	}
	x.h, x.herr = h, nil
	defer func() { x.h, x.herr = nil, nil }()
	opts := x.opts.Options
	opts.BaseURL, opts.Charset, opts.DefaultCharset, opts.Unresolved = rec.TargetURI, hint, fallback, false
	// One extractor reads every page, keeping the memory it grows.
	if x.html == nil {
		x.html = extract.NewHTML(opts, x.link)
	} else {
		x.html.ResetOptions(opts)
	}
	_, err := x.html.ReadFrom(x.body)
	herr := x.herr
	// The HTML extractor fails only when the link function does, and
	// Next reports a record cut short and an error of the input: what is
	// left is the body's codings and its size.
	var (
		de *warc.DecodeError
		pe *warc.PayloadSizeError
	)
	switch {
	case herr != nil:
		return true, herr
	case errors.As(err, &pe), errors.As(err, &de):
		return true, err
	}
	return true, nil
}

// headerLinks gives h the links of the HTTP header: a redirect's
// Location, Link header links, a Refresh header's URL.
func (x *Extractor) headerLinks(h Handler, resp *warc.Response, isHTML bool) error {
	base, err := weburl.Parse(x.page.URL, nil)
	if err != nil {
		base = nil
	}
	redirect := resp.StatusCode >= 300 && resp.StatusCode < 400
	for _, f := range resp.Header {
		switch {
		case redirect && strings.EqualFold(f.Name, "Location"):
			err = x.headerLink(h, base, "location", f.Value, htmlattr.RoleHyperlink, "")
		case strings.EqualFold(f.Name, "Link"):
			parseLinkHeader(f.Value, func(ref, rel string) {
				if err == nil {
					err = x.headerLink(h, base, "link", ref, htmlattr.LinkRole([]byte(rel)), rel)
				}
			})
		case isHTML && strings.EqualFold(f.Name, "Refresh"):
			if _, s, e, ok := htmlattr.ParseRefresh(f.Value); ok && s < e {
				err = x.headerLink(h, base, "refresh", f.Value[s:e], htmlattr.RoleHyperlink, "")
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// headerLink gives h a link of the HTTP header, resolved against the
// page's URL as a browser does (the header is taken as UTF-8).
func (x *Extractor) headerLink(h Handler, base *weburl.URL, attr, raw string, role htmlattr.Role, rel string) error {
	l := &x.hlink
	*l = extract.Link{Tag: "http", Attr: attr, Role: role, Rel: rel, Value: raw}
	var err error
	if base != nil {
		l.Href, err = weburl.NewParser(nil).Resolve(raw, base)
	} else {
		l.Href, err = x.conv.ToURI(raw)
	}
	if err != nil {
		l.Href, l.Err = "", err
	} else if l.IRI, err = x.conv.ToIRI(l.Href); err != nil {
		l.IRI = l.Href
	}
	return h.Link(&x.page, l)
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

// charsetPeek is how many bytes of a page the extractor may hold before it
// decides the charset (a late <meta> in a long head, or the bytes a guess
// is made from): Extract peeks as many, so that the charset it reports is
// the one the links were read in.
const charsetPeek = max(charset.HeadLimit, charset.DetectLimit)
