package extract

import (
	"github.com/relink-go/relink/weburl"

	"github.com/relink-go/relink/htmlattr"
)

// A Link is one URL found in a document.
type Link struct {
	// Tag is the element that holds the link, in lower case ("a", "img",
	// "style" for the CSS of a style element); "" for a link found in
	// plain text.
	Tag string
	// Attr is the attribute ("href", "srcset", "style" for CSS in a style
	// attribute, "content" for a meta refresh); "" for a link in the
	// text of an element or of a plain-text document.
	Attr string
	// Role is what the link is for (htmlattr.RoleHyperlink,
	// RoleResource, ...): package htmlattr's table says it; 0 for a link
	// found in text.
	Role htmlattr.Role
	// Lazy reports a lazy-loading attribute (data-src and its kin).
	Lazy bool
	// Rel is the rel attribute of a, area and link elements.
	Rel string
	// Text is the anchor text of an a element (its text, character
	// references decoded, white space collapsed, at most MaxAnchorText
	// bytes), the alt text of an area element, "" otherwise.
	Text string
	// Value is the link as the document means it: character references
	// decoded, CSS escapes decoded, in UTF-8 whatever the document's
	// charset; for a plain-text link, exactly the detected text.
	Value string
	// Href is the URL a browser would request, as its href: Value resolved
	// by the URL Standard's parser against the document's base URL, with
	// the query in the document's charset. Without a base URL a relative
	// reference is given as the URL Standard would write it, unresolved.
	// It is "" when the URL Standard's parser rejects the link; Err says
	// why. An href is ASCII but need not be a URI: the URL Standard
	// leaves in it characters that RFC 3986 does not allow ("{", "|",
	// "\" or "^" in a query, a "%" not followed by two hexadecimal
	// digits, a "#" in the fragment), which programs that want a URI
	// (curl, net/url) reject; URI gives the same URL as a URI.
	Href string
	// IRI is Href in the form to show a person (see
	// iri.Converter.ToIRI); "" with Options.NoIRI.
	IRI string
	// Err is why Href is empty, or nil.
	Err error
	// Start and End delimit the bytes of the link in the original input:
	// input[Start:End] is the value as written (character references
	// and the document's charset included). Replacing them, and only
	// them, rewrites the link. For UTF-16 input they are offsets in the
	// UTF-16 bytes.
	Start, End int64
	// Line is the 1-based line of Start, and Column its 1-based column
	// there, in bytes from the line's start: bytes of the input for UTF-8
	// input, and for HTML, CSS and Markdown in any charset but UTF-16;
	// bytes of the line decoded to UTF-8 (as an editor that reads the
	// charset holds it) for plain text in another charset and for
	// UTF-16. Column is 0 in the rare case it is not known (a link in a
	// tag longer than the 64 KiB the tokenizer holds at a time, on a line
	// that starts before the tag, with a line break of that tag after the
	// link); otherwise Line and Column do not depend on how the input is
	// cut into chunks. Both are 0 with Options.NoPosition.
	Line, Column int

	// What a rewriter needs to write a new value in place:

	// Kind is the syntax the link sits in (package htmlattr's): KindURL
	// for a whole attribute value, KindSrcset, KindSpaceList,
	// KindCommaList or KindRefresh for a piece of one, KindCSS for a url()
	// or @import in a style attribute or element; 0 for a link in text.
	Kind htmlattr.Kind
	// Quote is the quote of the attribute value holding the link: '"',
	// '\'' or 0 when unquoted (or for a link not in an attribute).
	Quote byte
	// CSSQuote is, for KindCSS, the quote of the CSS string holding the
	// URL, or 0 for an unquoted url(...).
	CSSQuote byte
	// Base is the URL the link was resolved against (the document's base
	// URL, a codebase), or nil.
	Base *weburl.URL

	// uriHref is an href known to be a URI as it is, which the HTML
	// extractor learns as it looks for the href's display form: URI
	// returns Href without looking at it again when it is that string.
	uriHref string
}
