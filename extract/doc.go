// Package extract finds the links of a document as it streams through, and
// says exactly where each one is, so that it can be rewritten in place.
//
// A link is reported as a [Link]: where it is (the element and attribute
// that hold it, its byte span and line in the input), what it is for (its
// [htmlattr.Role]), the value as the document means it, and the URL a browser would
// request, resolved against the document's URL and its base element with
// the query in the document's charset: its href ([Link].Href), as the URL
// Standard writes it, and the same URL as an RFC 3986 URI ([Link.URI]),
// for the programs that take nothing else. Spans are what make rewriting safe:
// replacing every reported span, and nothing else, leaves the rest of the
// document byte-identical.
//
// # Extractors
//
// An [Extractor] reads one type of document ([Type]): [NewHTML] HTML,
// [NewText] plain text (mail, chat, logs; detection is package
// textlink's), [NewCSS] a style sheet, [NewMarkdown] a Markdown document,
// [NewMail] a mail message (.eml: its MIME parts decoded, each read as
// text or HTML);
// [New] returns the one for a type, and [TypeOf] tells a document's type
// from its name and first bytes. Each finds the document's charset as a
// browser would (see [charset.Detect] for HTML) and holds a bounded amount
// of memory whatever the size of the document, but Markdown and mail,
// which are read whole.
//
// An extractor calls a function for each link, in document order, and
// takes the document in one of three ways: as a transform.Transformer
// whose output is its input, byte for byte; from an io.Reader (ReadFrom),
// for the links alone; or through Feed, for a caller that writes the
// document itself. Feed and Settled, whose contract [Extractor] states,
// are the seam on which package rewrite builds. An oversize construct,
// longer than its bound, is reported apart, to Options.Oversize
// ([OversizeError]).
//
// Extractors, as every stream processor of relink (the rewriters of
// package rewrite, package linkify's Linkifier, package crawl's
// Extractor), take an [Options] struct by value when they are made; its
// zero value is the usual choice. The values that convert one URL to
// another (package iri's Converter) are immutable and configured by
// functional options instead, as x/net/idna's profiles are.
//
// # The pieces
//
// Which attributes hold URLs, and how (one URL, a list, a srcset, a
// refresh, CSS), is package htmlattr's table and parsers; the URLs of CSS
// are package cssurl's; the charset decision is package charset's, whose
// Charset every extractor reports.
//
// To change the links, see package rewrite; to turn plain text into HTML
// with its links made links, package linkify; for the pages of a web
// crawl, package crawl.
package extract
