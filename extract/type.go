package extract

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/relink-go/relink/charset"
)

// A Type is a type of document: it decides how the document's links are
// found, and which Extractor finds them.
type Type uint8

const (
	// TypeHTML is an HTML or XHTML document: NewHTML.
	TypeHTML Type = iota + 1
	// TypeText is plain text (mail, chat, logs): NewText.
	TypeText
	// TypeCSS is a style sheet: NewCSS.
	TypeCSS
	// TypeMarkdown is a Markdown document (CommonMark with GitHub's
	// tables and extended autolinks): NewMarkdown.
	TypeMarkdown
	// TypeMail is an Internet mail message with its MIME parts (a .eml
	// file): NewMail.
	TypeMail
	// TypeXML is a sitemap, an RSS feed or an Atom feed: NewXML.
	TypeXML
)

var typeNames = [...]string{"", "html", "text", "css", "markdown", "mail", "xml"}

// String returns the type's name, which ParseType reads: "html", "text",
// "css", "markdown", "mail" or "xml".
func (t Type) String() string {
	if int(t) < len(typeNames) && t != 0 {
		return typeNames[t]
	}
	return fmt.Sprintf("Type(%d)", t)
}

// ParseType returns the Type named name, as String writes it: "html",
// "text", "css", "markdown", "mail" or "xml".
func ParseType(name string) (Type, error) {
	for t := TypeHTML; t <= TypeXML; t++ {
		if name == typeNames[t] {
			return t, nil
		}
	}
	return 0, fmt.Errorf("extract: unknown document type %q (want html, text, css, markdown, mail or xml)", name)
}

// typeByExt maps the file name extensions that TypeByName knows, in
// lower case, to their types.
var typeByExt = map[string]Type{
	".html": TypeHTML, ".htm": TypeHTML, ".xhtml": TypeHTML, ".xht": TypeHTML, ".shtml": TypeHTML,
	".php": TypeHTML, ".asp": TypeHTML, ".aspx": TypeHTML, ".jsp": TypeHTML, ".cfm": TypeHTML,
	".txt": TypeText, ".text": TypeText, ".log": TypeText, ".mbox": TypeText,
	".csv": TypeText, ".tsv": TypeText,
	".css": TypeCSS,
	".md":  TypeMarkdown, ".markdown": TypeMarkdown, ".mdown": TypeMarkdown, ".mkd": TypeMarkdown,
	".eml": TypeMail,
	".rss": TypeXML, ".atom": TypeXML,
}

// xmlNames are the names, in lower case, of the .xml files that
// TypeByName takes for sitemaps and feeds.
var xmlNames = map[string]bool{"feed.xml": true, "rss.xml": true, "atom.xml": true, "index.xml": true}

// TypeByName returns the type that a file's name gives it by its
// extension, in any letter case, or 0 when the extension says nothing:
//
//   - TypeHTML: .html, .htm, .xhtml, .xht, .shtml, .php, .asp, .aspx,
//     .jsp, .cfm;
//   - TypeText: .txt, .text, .log, .mbox, .csv, .tsv (an mbox file is
//     many messages, read as the text it is);
//   - TypeCSS: .css;
//   - TypeMarkdown: .md, .markdown, .mdown, .mkd;
//   - TypeMail: .eml;
//   - TypeXML: .rss, .atom, and the .xml files named sitemap*.xml
//     (sitemap.xml, sitemap-index.xml, sitemap_1.xml), feed.xml, rss.xml,
//     atom.xml and index.xml (Hugo's feeds); another .xml file is
//     XML by its root element (see TypeOf).
//
// It is the test of a tree walk that takes only the files whose type is
// known by name (as relink does with --type auto).
func TypeByName(name string) Type {
	ext := strings.ToLower(filepath.Ext(name))
	if ext == ".xml" {
		base := strings.ToLower(filepath.Base(name))
		if strings.HasPrefix(base, "sitemap") || xmlNames[base] {
			return TypeXML
		}
		return 0
	}
	return typeByExt[ext]
}

// TypeOf returns the type of a document from its name, as TypeByName
// gives it, and when the name says nothing (or is empty, for a stream),
// from head, the document's first bytes: TypeHTML when they begin, after
// white space and a UTF-8 byte order mark, as HTML does (a doctype,
// <html, <head, <body, a comment, <meta, <title, <a, <p>, <div, <table,
// <script, <link, in any letter case) or hold <html or <body; TypeXML
// when their first element (after an XML declaration, comments,
// processing instructions and a doctype) is urlset, sitemapindex, rss or
// feed, with any namespace prefix; TypeMail
// when they are the header of a mail message (see below); and TypeText
// otherwise. TypeOf reads at most the first 1024 bytes of head.
//
// A head is taken for a mail message's when its lines, up to an empty
// line or the end of the 1024 bytes (but for a last line the limit
// cuts), are header fields ("Name: value" with a name of ASCII letters,
// digits and hyphens, or a continuation line that starts with a space or
// tab), at least two of them, and one is a field
// that every message, and rarely anything else, has near its top:
// From, Date, Message-ID, MIME-Version, Received, Return-Path or
// Delivered-To. A text that starts "Subject: ..." and goes on in prose
// stays text.
func TypeOf(name string, head []byte) Type {
	if t := TypeByName(name); t != 0 {
		return t
	}
	head = head[:min(len(head), charset.PrescanLimit)]
	if sniffXML(head) {
		return TypeXML
	}
	if sniffMail(head) {
		return TypeMail
	}
	return sniffType(head)
}

// xmlRoots are the root elements, by local name, of the XML documents
// that TypeOf takes for TypeXML.
var xmlRoots = map[string]bool{"urlset": true, "sitemapindex": true, "rss": true, "feed": true}

// sniffXML reports whether head begins an XML document whose root is one
// of xmlRoots.
func sniffXML(head []byte) bool {
	h := bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	for {
		h = bytes.TrimLeft(h, " \t\r\n")
		switch {
		case bytes.HasPrefix(h, []byte("<?")):
			h = h[skipPast(h, 2, "?>"):]
		case bytes.HasPrefix(h, []byte("<!--")):
			h = h[skipPast(h, 4, "-->"):]
		case bytes.HasPrefix(h, []byte("<!")):
			h = h[skipDecl(h, 2):]
		case bytes.HasPrefix(h, []byte("<")):
			j := 1
			for j < len(h) && isXMLNameByte(h[j]) {
				j++
			}
			if j == len(h) || j == 1 {
				return false
			}
			name := string(h[1:j])
			if _, local, ok := strings.Cut(name, ":"); ok {
				name = local
			}
			return xmlRoots[name]
		default:
			return false
		}
	}
}

// mailStarts are the field names, in lower case, one of which makes
// sniffMail take a header for a mail message's.
var mailStarts = map[string]bool{"from": true, "date": true, "message-id": true, "mime-version": true,
	"received": true, "return-path": true, "delivered-to": true}

// sniffMail reports whether head, the first bytes of a document, is the
// header of a mail message, as TypeOf says.
func sniffMail(head []byte) bool {
	fields, known := 0, false
	for len(head) > 0 {
		i := bytes.IndexByte(head, '\n')
		if i < 0 {
			// The last line: cut by the limit, or the whole document.
			if len(head) < charset.PrescanLimit {
				break
			}
			return fields >= 2 && known
		}
		line := bytes.TrimSuffix(head[:i], []byte("\r"))
		head = head[i+1:]
		if len(line) == 0 {
			break
		}
		if line[0] == ' ' || line[0] == '\t' {
			if fields == 0 {
				return false
			}
			continue
		}
		c := 0
		for c < len(line) && (isASCIIAlpha(line[c]) || '0' <= line[c] && line[c] <= '9' || line[c] == '-') {
			c++
		}
		if c == 0 || c == len(line) || line[c] != ':' {
			return false
		}
		fields++
		known = known || mailStarts[strings.ToLower(string(line[:c]))]
	}
	return fields >= 2 && known
}

// htmlStarts are the beginnings, in lower case, that make sniffType take
// a document for HTML.
var htmlStarts = []string{"<!doctype html", "<html", "<head", "<body", "<!--", "<meta", "<title", "<a ", "<p>", "<div", "<table", "<script", "<link"}

// sniffType decides between HTML and text from a document's first bytes.
func sniffType(head []byte) Type {
	h := bytes.ToLower(bytes.TrimLeft(head, " \t\r\n\xef\xbb\xbf"))
	for _, p := range htmlStarts {
		if bytes.HasPrefix(h, []byte(p)) {
			return TypeHTML
		}
	}
	if bytes.Contains(h, []byte("<html")) || bytes.Contains(h, []byte("<body")) {
		return TypeHTML
	}
	return TypeText
}

// New returns the extractor of documents of type t, configured by opts,
// that calls fn for each link: NewHTML, NewText, NewCSS, NewMarkdown,
// NewMail or NewXML. It panics if t is not one of the six types.
func New(t Type, opts Options, fn func(*Link) error) Extractor {
	switch t {
	case TypeHTML:
		return NewHTML(opts, fn)
	case TypeText:
		return NewText(opts, fn)
	case TypeCSS:
		return NewCSS(opts, fn)
	case TypeMarkdown:
		return NewMarkdown(opts, fn)
	case TypeMail:
		return NewMail(opts, fn)
	case TypeXML:
		return NewXML(opts, fn)
	}
	panic(fmt.Sprintf("extract: New of an unknown %v", t))
}
