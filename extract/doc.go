// Package extract finds the links in HTML documents and in plain text, as a
// stream, and says exactly where each one is so that it can be rewritten in
// place.
//
// A link is reported with the byte span of its text in the input and the
// value a browser would resolve. Spans are what make rewriting safe:
// replacing every reported span, and nothing else, leaves the rest of the
// document byte-identical.
//
// # Extractors
//
// [NewHTML] returns the HTML extractor: a transform.Transformer whose
// output is its input, byte for byte, and which reports each [Link] of the
// document as it streams through — element and attribute, role, the value
// as the document means it, the URI a browser requests (resolved against
// the document's URL and its base element, with the query in the
// document's charset), the IRI to show, the byte span and line of the
// value, rel and anchor text. It determines the charset as browsers do
// ([DetectCharset]) and reads ISO-2022-JP and UTF-16 documents too.
// [NewText] is the same for plain text: mail, chat, logs. Both hold a
// bounded amount of memory whatever the size of the document. [NewCSS] is
// the same for a style sheet (a .css file), with its charset found as CSS
// Syntax says (byte order mark, transport, @charset). [NewMarkdown]
// finds the destinations of a Markdown document (UTF-8, held whole, since
// a reference definition may follow its use) and the links of its raw
// HTML, never in code spans or code blocks. For the
// links alone, [HTML.ReadFrom] and [Text.ReadFrom] read a document from an
// io.Reader without copying it anywhere.
//
// Plain-text detection is package textlink's: Unicode Technical Standard
// #58 and the rule of RFC 3987bis section 8.3 that a non-ASCII character
// does not end an IRI.
//
// # The pieces
//
// Which constructs of HTML carry URLs is a table: [Lookup] maps an element
// and attribute name to a [Rule] that says how the value holds its URLs
// (one URL, a space-separated list, a srcset, a meta refresh, CSS, …), what
// the link is for ([Role]) and how it resolves (a codebase, a base element,
// a lazy-loading script). The table covers the WHATWG HTML standard, SVG and
// MathML, the obsolete attributes that old pages still use, and the
// de-facto attributes of lazy-loading libraries; [Rules] lists it with the
// source of each entry.
//
// The attribute values with a syntax of their own have small parsers that
// report spans: [ParseSrcset] (the WHATWG "parse a srcset attribute"
// algorithm), [ParseSpaceList] and [ParseCommaList], [ParseRefresh] (the
// "shared declarative refresh steps") and [FindCSSURLs] (url(), @import and
// image-set() in CSS, following CSS Syntax Level 3 tokenization). The text
// of a style element arrives in chunks of any size, so [CSSScanner] does the
// same work as a stream with bounded memory.
//
// The parsers work on an attribute value as it is after its character
// references are decoded, and report spans into that value. Lookup and the
// parsers' Append forms (AppendSrcset, AppendSpaceList, AppendCommaList)
// do not allocate, nor does FindCSSURLs for CSS that holds no URL.
package extract
