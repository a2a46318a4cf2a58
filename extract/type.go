package extract

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
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
)

var typeNames = [...]string{"", "html", "text", "css", "markdown"}

// String returns the type's name, which ParseType reads: "html", "text",
// "css" or "markdown".
func (t Type) String() string {
	if int(t) < len(typeNames) && t != 0 {
		return typeNames[t]
	}
	return fmt.Sprintf("Type(%d)", t)
}

// ParseType returns the Type named name, as String writes it: "html",
// "text", "css" or "markdown".
func ParseType(name string) (Type, error) {
	for t := TypeHTML; t <= TypeMarkdown; t++ {
		if name == typeNames[t] {
			return t, nil
		}
	}
	return 0, fmt.Errorf("extract: unknown document type %q (want html, text, css or markdown)", name)
}

// typeByExt maps the file name extensions that TypeByName knows, in
// lower case, to their types.
var typeByExt = map[string]Type{
	".html": TypeHTML, ".htm": TypeHTML, ".xhtml": TypeHTML, ".xht": TypeHTML, ".shtml": TypeHTML,
	".php": TypeHTML, ".asp": TypeHTML, ".aspx": TypeHTML, ".jsp": TypeHTML, ".cfm": TypeHTML,
	".txt": TypeText, ".text": TypeText, ".log": TypeText, ".eml": TypeText, ".mbox": TypeText,
	".csv": TypeText, ".tsv": TypeText,
	".css": TypeCSS,
	".md":  TypeMarkdown, ".markdown": TypeMarkdown, ".mdown": TypeMarkdown, ".mkd": TypeMarkdown,
}

// TypeByName returns the type that a file's name gives it by its
// extension, in any letter case, or 0 when the extension says nothing:
//
//   - TypeHTML: .html, .htm, .xhtml, .xht, .shtml, .php, .asp, .aspx,
//     .jsp, .cfm;
//   - TypeText: .txt, .text, .log, .eml, .mbox, .csv, .tsv;
//   - TypeCSS: .css;
//   - TypeMarkdown: .md, .markdown, .mdown, .mkd.
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
// <script, <link, in any letter case) or hold <html or <body, and
// TypeText otherwise. TypeOf reads at most the first 1024 bytes of head.
func TypeOf(name string, head []byte) Type {
	if t := TypeByName(name); t != 0 {
		return t
	}
	return sniffType(head[:min(len(head), prescanLimit)])
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
// that calls fn for each link: NewHTML, NewText, NewCSS or NewMarkdown.
// It panics if t is not one of the four types.
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
	}
	panic(fmt.Sprintf("extract: New of an unknown %v", t))
}
