// Package rewrite rewrites the links of a document as it streams through,
// and copies every other byte unchanged.
//
// # What a link becomes
//
// The links are those package extract finds. Each is written anew in the
// form Options asks for — a URI (ASCII: punycode hosts, UTF-8
// percent-encoding, the query in the document's charset) or a display IRI
// — and made absolute, relative to the document's base, or kept as
// written. The new value is written in the document's own syntax: HTML
// character references where an attribute needs them, CSS escapes in
// url(), Markdown's angle brackets and backslashes, the attribute's quotes
// kept, and the document's charset, with numeric character references
// (3987bis section 6.3) for characters it cannot hold in HTML and
// percent-encoding elsewhere.
//
// A link already in the form asked for is left byte for byte: to URI, a
// valid URI ("http://www.redhat.com" keeps its lack of a final "/",
// "&#x26;" stays as written); to IRI, a reference that is its own display
// form. A link that must change changes only there: the rest keeps its
// bytes, character references included, and the URL Standard's
// normalization (a final "/", dot segments, case) is applied only to a
// reference that has no valid form of its own.
//
// The rewriting keeps what a browser requests: a rewritten document,
// opened by a browser, requests the same URLs as the original, up to the
// case of percent-encoding hex digits and percent-encoded unreserved
// characters (RFC 3986 section 6.2.2). A link the URL Standard's parser
// rejects is left as it is.
//
// # Rewriters
//
// A [Rewriter] rewrites one type of document (an extract.Type): [NewHTML]
// HTML, [NewText] plain text (mail, notes, logs; each new value checked to
// be found again as the same link), [NewCSS] style sheets, [NewMarkdown]
// the destinations of a Markdown document and the links of its raw HTML,
// nothing in code spans or code blocks; [New] returns the one for a type.
// A Rewriter is a transform.Transformer: use it with x/text's adapters
// (transform.String, transform.Bytes, transform.NewReader,
// transform.NewWriter), which reset it, so that one rewriter serves
// document after document. Its Stats say how many links it found,
// rewrote and had to keep.
//
// A rewriter drives an extractor of package extract through the seam
// that extract.Extractor names (Feed and Settled): it holds the bytes
// that are not yet settled, the construct being read, and writes the rest
// with its new links, so that its memory is bounded as the extractor's
// is. An oversize construct (see extract.OversizeError) is passed through
// unchanged and reported to Options.Oversize.
//
// Rewriters, as every stream processor of relink, take an [Options]
// struct by value when they are made; its zero value changes no link:
// To (FormKeep, FormURI, FormIRI), Resolve and Map each ask for a change,
// and with FormKeep a link that Resolve or Map change keeps its form.
//
// # Guessed charsets
//
// A document whose charset nothing declares and whose bytes do not prove
// it (charset.Charset.Guessed: a legacy charset guessed from statistics,
// UTF-8 with a few invalid bytes, HTML's windows-1252 for an ASCII page)
// may be read in another charset than the rewriter's. The rewriter then
// writes nothing whose meaning depends on the guess: a link written with
// non-ASCII bytes, or in HTML with a non-ASCII query, is left as written,
// and a new value is written only when it is ASCII; Stats.Guessed counts
// the links left so.
//
// The other direction for plain text, turning text into HTML or Markdown
// with its links made links, is package linkify.
package rewrite
