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
// # Using it
//
// [String] linkifies a string. [New] returns a [Linkifier], a
// transform.Transformer that linkifies a stream of any length with
// bounded memory: use it with x/text's adapters (transform.NewReader,
// transform.NewWriter, transform.Bytes) or in a transform.Chain.
//
// The text may be in any charset, decided as package extract decides the
// charset of plain text: a byte order mark, Options.Charset (what the
// transport says), UTF-8 when the first bytes are valid UTF-8,
// Options.DefaultCharset, and else a guess from the first bytes. The
// output is always UTF-8.
//
// # Options
//
// As every stream processor of relink (the extractors of package
// extract, the rewriters of package rewrite), a Linkifier takes an
// [Options] struct by value when it is made, and its zero value is the
// usual choice: HTML links with rel="nofollow noopener" ([DefaultRel]),
// the charset found as above, the lines and indentation of the text
// kept with <br> and &nbsp; ([LayoutBR]). Options choose the format
// ([FormatHTML], [FormatMarkdown]), the layout of HTML ([Layout]: <br>,
// a pre element, or none), the rel and target attributes of the HTML
// links, and the charset.
//
// # HTML
//
// [NewHTML] returns an [HTML] linkifier, a transform.Transformer that
// makes the links written in the text of an HTML document links and
// leaves every other byte as written, in the document's charset: never
// in attributes, comments, raw text, a elements or the elements of
// Options.Skip ([DefaultSkip]: code, controls, template, foreign
// content). [HTMLString] linkifies a string. Its output linkified again
// is the same.
//
// Options.Strict takes only links written with a scheme and email
// addresses; Options.MaxText shortens the visible text of long links;
// Options.Edit sees each [Link] before it is written, and may change or
// drop it.
//
// [Mail] linkifies the text of a mail message (.eml): its text/plain
// parts, decoded from quoted-printable or base64, each in its charset.
//
// The other direction, rewriting the links a document already has, is
// package rewrite; finding them, package extract.
package linkify
