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
)

var typeNames = [...]string{"", "html", "text", "css", "markdown", "mail"}

// String returns the type's name, which ParseType reads: "html", "text",
// "css", "markdown" or "mail".
func (t Type) String() string {
	if int(t) < len(typeNames) && t != 0 {
		return typeNames[t]
	}
	return fmt.Sprintf("Type(%d)", t)
}

// ParseType returns the Type named name, as String writes it: "html",
// "text", "css", "markdown" or "mail".
func ParseType(name string) (Type, error) {
	for t := TypeHTML; t <= TypeMail; t++ {
		if name == typeNames[t] {
			return t, nil
		}
	}
	return 0, fmt.Errorf("extract: unknown document type %q (want html, text, css, markdown or mail)", name)
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
}

// TypeByName returns the type that a file's name gives it by its
// extension, in any letter case, or 0 when the extension says nothing:
//
//   - TypeHTML: .html, .htm, .xhtml, .xht, .shtml, .php, .asp, .aspx,
//     .jsp, .cfm;
//   - TypeText: .txt, .text, .log, .mbox, .csv, .tsv (an mbox file is
//     many messages, read as the text it is);
//   - TypeCSS: .css;
//   - TypeMarkdown: .md, .markdown, .mdown, .mkd;
//   - TypeMail: .eml.
//
// It is the test of a tree walk that takes only the files whose type is
// known by name (as relink does with --type auto).
func TypeByName(name string) Type {
	return typeByExt[strings.ToLower(filepath.Ext(name))]
}

// TypeOf returns the type of a document from its name, as TypeByName
// gives it, and when the name says nothing (or is empty, for a stream),
// from head, the document's first bytes: TypeHTML when they begin, after
// white space and a UTF-8 byte order mark, as HTML does (a doctype,
// <html, <head, <body, a comment, <meta, <title, <a, <p>, <div, <table,
// <script, <link, in any letter case) or hold <html or <body; TypeMail
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
	if sniffMail(head) {
		return TypeMail
	}
	return sniffType(head)
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
// that calls fn for each link: NewHTML, NewText, NewCSS, NewMarkdown or
// NewMail. It panics if t is not one of the five types.
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
	}
	panic(fmt.Sprintf("extract: New of an unknown %v", t))
}
