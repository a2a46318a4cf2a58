// Package linkify turns plain text into HTML or Markdown in which each link
// of the text is a link: a mail body, a chat message or a log shown on a
// web page.
//
// The links are those package textlink finds (UTS #58, with the IRIs of
// RFC 3987: a non-ASCII character does not end a link). Each becomes a
// link whose href is its URI, the ASCII form a browser requests, and whose
// visible text is the readable IRI, with what is unsafe to show kept
// percent-encoded. The output is safe whatever the input: the text is
// escaped, a link of a scheme that runs code or reads files (javascript:,
// data:, file:) is never written, and a link that right-to-left text or a
// bidi control could reorder is isolated from it.
//
// String linkifies a string. New returns a Linkifier, a
// transform.Transformer that linkifies a stream of any length with
// bounded memory. Options choose the format (FormatHTML, FormatMarkdown)
// and the rel and target attributes of the HTML links (DefaultRel unless
// told otherwise). The input is UTF-8.
package linkify
