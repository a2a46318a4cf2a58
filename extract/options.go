package extract

// Options configure an extractor. An extractor takes them by value when it
// is made and keeps them for its life; the zero value is the usual choice:
// the charset found as a browser finds it (or guessed), links resolved
// without a base URL, each reported once its context is known. A field
// that does not apply to a type of document is ignored by its extractor.
type Options struct {
	// BaseURL is the document's own URL, against which its links (and
	// its <base href>) resolve. Without one, relative links are reported
	// in URI form, unresolved. A link in plain text (Text) is absolute by
	// what it means and ignores it.
	BaseURL string
	// Charset is what the transport says of the document's encoding: a
	// Content-Type header value ("text/html; charset=koi8-r") or a bare
	// label; a label the Encoding Standard does not know is ignored. A
	// byte order mark overrides it; it overrides what the document
	// declares (<meta>, @charset). Markdown is UTF-8 and ignores it.
	Charset string
	// DefaultCharset is the encoding of a document that declares none and
	// is not valid UTF-8. When empty, the encoding of such an HTML or text
	// document is guessed from its first charset.DetectLimit bytes (see
	// charset.Detect); set it ("windows-1252", as browsers read an
	// unlabeled page in most locales) to turn guessing off. For a style
	// sheet it is the referring document's charset, which CSS falls back
	// to (before UTF-8), and nothing is guessed.
	DefaultCharset string
	// MaxTagSize bounds the bytes of one HTML tag (or comment) that are
	// held in memory: a longer one is passed through unexamined and
	// reported to Oversize. Default 1 MiB. A Markdown document may be as
	// long as MaxTagSize when that is more than 64 MiB.
	MaxTagSize int
	// Oversize, when not nil, is called once for each construct passed
	// through unexamined (see OversizeError), as it is met: an HTML tag
	// or comment longer than MaxTagSize (in HTML, and in the raw HTML of
	// Markdown), a URL of CSS longer than 64 KiB (in a style sheet, a
	// style element or attribute; not a data: URL), a candidate
	// for a link in plain text longer than textlink.MaxLen (in text, and
	// in HTML with TextLinks). The links it may hold are not reported.
	Oversize func(*OversizeError)
	// MaxAnchorText bounds Link.Text, in bytes. Default 256.
	MaxAnchorText int
	// NoAnchorText leaves Link.Text empty: the text of a elements (and
	// the alt of area elements) is not collected, which a caller that
	// prints no text saves. The links reported, and their order, are
	// those reported without it.
	NoAnchorText bool
	// NoPosition leaves Link.Line and Link.Column 0: where each link
	// starts is not counted in lines, which a caller that prints no
	// position saves. The links reported, and their order, are those
	// reported without it; an OversizeError still gives its line and
	// column.
	NoPosition bool
	// NoIRI leaves Link.IRI empty: the form of each href to show a
	// person (iri.Converter.ToIRI) is not made, which a caller that
	// prints no IRI saves. The links reported, and their other fields,
	// are those reported without it.
	NoIRI bool
	// TextLinks also reports the links written as plain text in the text
	// of an HTML document: not in the text of pre, code, kbd, samp and tt
	// elements (commands, code and output, where "user@example.org" or
	// "user.email" is what to type, not a link), nor in script, style,
	// textarea and the like.
	TextLinks bool
	// TextSkip, when not nil, names the elements in whose text TextLinks
	// looks for no link, in place of pre, code, kbd, samp, tt and
	// listing: lower-case HTML element names, and "svg" and "math" for
	// foreign content (the text inside an svg or math element, that of
	// their HTML integration points, foreignObject and mtext, too). An "a" element counts from
	// its start tag to the next </a> (a second <a> ends the first, as
	// the parser's adoption agency ends it). With TextSkip, the text of a
	// table outside its cells, which the parser moves before the table,
	// is not searched either. The text of script, style,
	// textarea, title and the other raw-text elements is never searched.
	// A linkifier, which must not make a link inside a link, names "a"
	// here with Immediate set; without Immediate, the text of an a
	// element is its anchor text and is never searched.
	TextSkip []string
	// StrictText takes for a link in plain text (Text, and TextLinks)
	// only what is written with a scheme ("https://...", "mailto:...")
	// and email addresses: a domain name written without a scheme
	// ("www.example.com", but also "README.md", "Date.now", "x.sh") is
	// not reported. As xurls's Strict: what a program that changes text
	// wants, where a file name or a method call taken for a link would
	// be damaged.
	StrictText bool
	// Unresolved leaves Link.Href and Link.IRI empty in HTML, CSS and
	// Markdown: the extractor finds the links, their values and spans,
	// and does not resolve them (the most expensive part of extraction).
	// For callers that resolve only some links, or resolve them their own
	// way.
	Unresolved bool
	// Immediate reports each link of HTML as soon as it is found, in
	// document order, instead of reporting an a element's href with its
	// text when the element ends: Link.Text is then empty. A rewriter,
	// which must know a link before it writes the bytes after it, wants
	// this.
	Immediate bool
	// Speculative also reports the links of HTML whose role is
	// htmlattr.RoleSpeculative: the data-href and data-uri attributes of
	// any element, and the URL of the onclick attribute of a div or input
	// element in the two forms htmlattr.ParseOnclick reads, as Common
	// Crawl's WAT files hold them. Their values are often no URL, so by
	// default they are not reported; a rewriter must not rewrite them.
	Speculative bool
}
