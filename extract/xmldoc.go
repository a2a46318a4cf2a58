package extract

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/weburl"
)

// maxXMLSize is the size of the largest XML document an XML extractor
// reads when Options.MaxTagSize is not larger.
const maxXMLSize = 64 << 20

// maxXMLDepth bounds the nesting of elements an XML extractor follows;
// deeper elements are read, but their links not reported and their
// xml:base not applied.
const maxXMLDepth = 256

// An xmlExtractor is the Extractor of NewXML.
type xmlExtractor struct {
	opts Options
	fn   func(*Link) error
	wholeDoc
	cs charset.Charset
}

// NewXML returns the Extractor of the XML documents that sites
// publish beside their pages, sitemaps (urlset, sitemapindex), RSS and
// Atom feeds, configured by opts, that calls fn for each link (valid only
// until fn returns). It reads elements by their local name, whatever their
// namespace prefix, and reports:
//
//   - the text of a loc element (sitemap url and sitemapindex entries,
//     image:loc) and of video:content_loc, player_loc and thumbnail_loc;
//   - the href of an xhtml:link (a sitemap's alternate language
//     versions) and of an Atom link, and the src of an Atom content;
//   - the text of an RSS link, comments and docs element, of the url of
//     an RSS image, of an Atom uri (a person's), and of a guid unless its
//     isPermaLink is "false";
//   - the url of an RSS enclosure and of media:content and
//     media:thumbnail;
//   - an xml:base attribute, with Role RoleBase, which sets the base URL
//     of its element and of what it holds (XML Base), resolved against
//     the base above it.
//
// Link.Tag is the element's name as written ("loc", "xhtml:link"), Attr
// the attribute's ("href", "url") or "" for an element's text; Role is
// RoleResource for images, videos and enclosures, RoleHyperlink for the
// rest. Value is the value with its character references decoded, and
// Start and End span the value as written: the attribute value between
// its quotes, or the element's text without the white space around it,
// or the inside of the CDATA section that is its text. An element whose
// content holds other elements, or both text and CDATA, is not a link.
//
// The document is read whole, at most 64 MiB (or Options.MaxTagSize,
// when larger), as Markdown is: Settled is 0 until its end. Its charset
// is found as HTML's is (a byte order mark, Options.Charset, the XML
// declaration's encoding), UTF-8 by default; one that is not ASCII
// compatible (UTF-16) is an error.
func NewXML(opts Options, fn func(*Link) error) Extractor {
	x := &xmlExtractor{fn: fn}
	x.what, x.report = "XML document", x.reportLinks
	x.ResetOptions(opts)
	return x
}

// ResetOptions readies x for a new document, as Reset does, configured by
// opts as NewXML would configure it (see Extractor).
func (x *xmlExtractor) ResetOptions(opts Options) {
	x.opts, x.max = opts, max(maxXMLSize, opts.MaxTagSize)
	x.Reset()
}

// Reset makes x ready for a new document.
func (x *xmlExtractor) Reset() {
	x.reset()
	x.cs = charset.Charset{}
}

// Charset returns the document's charset, once it is read whole.
func (x *xmlExtractor) Charset() charset.Charset { return x.cs }

// An xmlElem is an element open while the document is read.
type xmlElem struct {
	name   string // as written
	local  string // without its prefix
	base   *weburl.URL
	link   bool // its text is a link
	role   htmlattr.Role
	mixed  bool     // it holds an element, or text and CDATA
	text   [2]int   // the span of its text (trimmed), or of its CDATA's inside
	nText  int      // text pieces that are not white space
	cdata  bool     // the text is a CDATA section
	parent *xmlElem // nil at the root
}

// xmlTextLink reports whether the text of the element local, in parent,
// is a link, with its role.
func xmlTextLink(local, parent string, attrs func(string) (string, bool)) (bool, htmlattr.Role) {
	switch local {
	case "loc":
		if parent == "image" {
			return true, htmlattr.RoleResource
		}
		return true, htmlattr.RoleHyperlink
	case "content_loc", "player_loc", "thumbnail_loc":
		return true, htmlattr.RoleResource
	case "link":
		if _, ok := attrs("href"); ok {
			return false, 0
		}
		return true, htmlattr.RoleHyperlink
	case "comments", "docs", "uri":
		return true, htmlattr.RoleHyperlink
	case "url":
		return parent == "image", htmlattr.RoleResource
	case "guid":
		v, _ := attrs("isPermaLink")
		return strings.TrimSpace(v) != "false", htmlattr.RoleHyperlink
	}
	return false, 0
}

// xmlAttrLink reports whether the attribute attr of the element local
// (with the prefix prefix) is a link, with its role.
func xmlAttrLink(prefix, local, attr string, attrs func(string) (string, bool)) (bool, htmlattr.Role) {
	switch {
	case attr == "xml:base":
		return true, htmlattr.RoleBase
	case local == "link" && attr == "href":
		if rel, _ := attrs("rel"); strings.TrimSpace(rel) == "enclosure" {
			return true, htmlattr.RoleResource
		}
		return true, htmlattr.RoleHyperlink
	case local == "content" && attr == "src" && prefix == "":
		return true, htmlattr.RoleHyperlink
	case local == "enclosure" && attr == "url",
		prefix == "media" && (local == "content" || local == "thumbnail") && attr == "url":
		return true, htmlattr.RoleResource
	}
	return false, 0
}

type xmlAttr struct {
	name       string
	start, end int // the value, between its quotes
	quote      byte
}

// xmlDecode decodes the character references of raw (XML's five named
// ones and numeric ones; HTML's others too, as a feed reader forgives).
func xmlDecode(raw []byte) string {
	if bytes.IndexByte(raw, '&') < 0 {
		return string(raw)
	}
	return html.UnescapeString(string(raw))
}

func (x *xmlExtractor) reportLinks() error {
	src := x.buf
	x.cs = charset.Detect(charset.HTML, src[:min(len(src), charset.HeadLimit)], x.opts.Charset, "utf-8")
	if x.cs.Source != charset.SourceBOM && x.cs.Source != charset.SourceTransport && x.cs.Source != charset.SourceXML && x.cs.Source != charset.SourceMeta {
		x.cs = charset.Named("utf-8", charset.SourceDefault)
	}
	if strings.HasPrefix(x.cs.Name, "utf-16") {
		return fmt.Errorf("extract: XML document in %s: only ASCII-compatible charsets are read", x.cs.Name)
	}
	var dec func([]byte) []byte
	if x.cs.Name != "utf-8" && x.cs.Encoding != nil {
		d := x.cs.Encoding.NewDecoder()
		dec = func(b []byte) []byte {
			out, err := d.Bytes(b)
			if err != nil {
				return b
			}
			return out
		}
	}
	var base *weburl.URL
	if x.opts.BaseURL != "" {
		if u, err := weburl.Parse(x.opts.BaseURL, nil); err == nil {
			base = u
		}
	}
	var parser *weburl.Parser
	if !x.opts.Unresolved {
		parser = weburl.NewParser(nil)
	}
	conv := iri.NewConverter(iri.WithMode(iri.Web))
	lines := newLineIndex(src)
	emit := func(l *Link, raw []byte, b *weburl.URL) error {
		if dec != nil {
			raw = dec(raw)
		}
		l.Value = strings.TrimSpace(xmlDecode(raw))
		l.Base = b
		if !x.opts.NoPosition {
			l.Line, l.Column = lines.posAt(l.Start)
		}
		if !x.opts.Unresolved {
			var uri string
			var err error
			if b != nil {
				uri, err = parser.Resolve(l.Value, b)
			} else {
				uri, err = conv.ToURI(l.Value)
			}
			if err != nil {
				l.Err = err
			} else {
				l.Href, l.IRI = uri, displayIRI(conv, &x.opts, uri)
			}
		}
		return x.fn(l)
	}
	var top *xmlElem
	depth := 0
	var attrs []xmlAttr
	for i := 0; i < len(src); {
		if src[i] != '<' {
			j := bytes.IndexByte(src[i:], '<')
			if j < 0 {
				j = len(src) - i
			}
			if top != nil && top.link && !top.mixed {
				s, e := trimSpan(src, i, i+j)
				if s < e {
					if top.nText > 0 || top.cdata {
						top.mixed = true
					}
					top.text = [2]int{s, e}
					top.nText++
				}
			}
			i += j
			continue
		}
		rest := src[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			i = skipPast(src, i+4, "-->")
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			end := bytes.Index(src[i+9:], []byte("]]>"))
			if end < 0 {
				end = len(src) - i - 9
			}
			if top != nil && top.link && !top.mixed {
				if top.nText > 0 || top.cdata {
					top.mixed = true
				}
				s, e := trimSpan(src, i+9, i+9+end)
				top.text = [2]int{s, e}
				top.cdata = true
			}
			i = min(len(src), i+9+end+3)
		case bytes.HasPrefix(rest, []byte("<?")):
			i = skipPast(src, i+2, "?>")
		case bytes.HasPrefix(rest, []byte("<!")):
			i = skipDecl(src, i+2)
		case len(rest) > 1 && rest[1] == '/':
			j := bytes.IndexByte(rest, '>')
			if j < 0 {
				i = len(src)
				break
			}
			i += j + 1
			if top == nil {
				break
			}
			e := top
			top, depth = e.parent, depth-1
			if e.link && !e.mixed && (e.nText == 1 && !e.cdata || e.cdata && e.nText == 0) {
				l := &Link{Tag: e.name, Role: e.role, Start: int64(e.text[0]), End: int64(e.text[1])}
				if err := emit(l, src[e.text[0]:e.text[1]], e.base); err != nil {
					return err
				}
			}
		default:
			name, end, selfClosing, ok := scanXMLTag(src, i, &attrs)
			if !ok {
				i++ // a lone "<": text
				break
			}
			i = end
			if top != nil {
				top.mixed = true
			}
			if depth >= maxXMLDepth {
				if !selfClosing {
					depth++
					top = &xmlElem{name: name, parent: top, base: baseOf(top, base)}
				}
				continue
			}
			prefix, local, found := strings.Cut(name, ":")
			if !found {
				prefix, local = "", name
			}
			get := func(n string) (string, bool) {
				for _, a := range attrs {
					if a.name == n {
						return xmlDecode(src[a.start:a.end]), true
					}
				}
				return "", false
			}
			parentLocal := ""
			if top != nil {
				parentLocal = top.local
			}
			eb := baseOf(top, base)
			// xml:base first: the other attributes resolve against it.
			for _, a := range attrs {
				if a.name != "xml:base" {
					continue
				}
				l := &Link{Tag: name, Attr: a.name, Role: htmlattr.RoleBase, Kind: htmlattr.KindURL, Quote: a.quote, Start: int64(a.start), End: int64(a.end)}
				if err := emit(l, src[a.start:a.end], eb); err != nil {
					return err
				}
				if nb, err := weburl.Parse(strings.TrimSpace(xmlDecode(src[a.start:a.end])), eb); err == nil {
					eb = nb
				}
			}
			for _, a := range attrs {
				if a.name == "xml:base" {
					continue
				}
				if ok, role := xmlAttrLink(prefix, local, a.name, get); ok {
					l := &Link{Tag: name, Attr: a.name, Role: role, Kind: htmlattr.KindURL, Quote: a.quote, Start: int64(a.start), End: int64(a.end)}
					if local == "link" {
						l.Rel, _ = get("rel")
					}
					if err := emit(l, src[a.start:a.end], eb); err != nil {
						return err
					}
				}
			}
			if selfClosing {
				continue
			}
			link, role := xmlTextLink(local, parentLocal, get)
			top = &xmlElem{name: name, local: local, base: eb, link: link, role: role, parent: top}
			depth++
		}
	}
	return nil
}

// baseOf returns the base URL inside e: its own, or base at the root.
func baseOf(e *xmlElem, base *weburl.URL) *weburl.URL {
	if e == nil {
		return base
	}
	return e.base
}

// trimSpan returns [s, e) without the XML white space at its ends.
func trimSpan(b []byte, s, e int) (int, int) {
	for s < e && isXMLSpace(b[s]) {
		s++
	}
	for e > s && isXMLSpace(b[e-1]) {
		e--
	}
	return s, e
}

func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipPast returns the index after the first end at or after i, or the
// end of b.
func skipPast(b []byte, i int, end string) int {
	j := bytes.Index(b[i:], []byte(end))
	if j < 0 {
		return len(b)
	}
	return i + j + len(end)
}

// skipDecl returns the index after a declaration (<!DOCTYPE ...>) whose
// body starts at i, with its internal subset in [...].
func skipDecl(b []byte, i int) int {
	depth := 0
	var quote byte
	for ; i < len(b); i++ {
		c := b[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[':
			depth++
		case c == ']':
			depth--
		case c == '>' && depth <= 0:
			return i + 1
		}
	}
	return len(b)
}

// scanXMLTag reads the start tag at b[i] ("<"): its name, the index after
// it, whether it is self-closing, its attributes into *attrs; false when
// no tag starts there.
func scanXMLTag(b []byte, i int, attrs *[]xmlAttr) (name string, end int, selfClosing, ok bool) {
	*attrs = (*attrs)[:0]
	j := i + 1
	for j < len(b) && isXMLNameByte(b[j]) {
		j++
	}
	if j == i+1 {
		return "", 0, false, false
	}
	name = string(b[i+1 : j])
	for {
		for j < len(b) && isXMLSpace(b[j]) {
			j++
		}
		if j >= len(b) {
			return name, len(b), true, true
		}
		switch b[j] {
		case '>':
			return name, j + 1, false, true
		case '/':
			if j+1 < len(b) && b[j+1] == '>' {
				return name, j + 2, true, true
			}
			j++
			continue
		}
		k := j
		for k < len(b) && isXMLNameByte(b[k]) {
			k++
		}
		if k == j {
			j++ // not a name: pass it
			continue
		}
		an := string(b[j:k])
		for k < len(b) && isXMLSpace(b[k]) {
			k++
		}
		if k >= len(b) || b[k] != '=' {
			j = k
			continue
		}
		k++
		for k < len(b) && isXMLSpace(b[k]) {
			k++
		}
		if k >= len(b) || b[k] != '"' && b[k] != '\'' {
			j = k
			continue
		}
		q := b[k]
		e := bytes.IndexByte(b[k+1:], q)
		if e < 0 {
			return name, len(b), true, true
		}
		*attrs = append(*attrs, xmlAttr{name: an, start: k + 1, end: k + 1 + e, quote: q})
		j = k + 1 + e + 1
	}
}

func isXMLNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == ':' || c == '_' || c == '-' || c == '.' || c >= 0x80
}
