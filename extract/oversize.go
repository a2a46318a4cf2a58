package extract

import (
	"fmt"

	"github.com/relink-go/relink/internal/htmltok"
)

// An OversizeError reports an oversize construct, longer than the bound
// on what is examined (Limit): an HTML
// tag or comment (or doctype) longer than Options.MaxTagSize, a URL of
// CSS (in a style sheet, a style element or a style attribute) longer than
// 64 KiB, which is not a data: URL, or a candidate for a link in plain text
// longer than textlink.MaxLen. The extractor passes its bytes through
// unexamined, so the links it may hold are not reported.
//
// Extractors report it out of band, to Options.Oversize, once per
// construct, in document order; never to the link function, and never as
// an error that stops the document.
type OversizeError struct {
	Construct Construct // what the bytes passed over are
	Offset    int64     // where the construct starts in the input (in UTF-16 bytes for UTF-16 input)
	Line      int       // the 1-based line of Offset
	Column    int       // the 1-based column of Offset on its line, as Link.Column counts it
	Limit     int       // the bound it is longer than, in bytes: Options.MaxTagSize, 64 KiB, textlink.MaxLen
}

// Error returns "extract: oversize CONSTRUCT at offset N (limit M bytes)",
// the message of every Construct.
func (e *OversizeError) Error() string {
	return fmt.Sprintf("extract: oversize %s at offset %d (limit %d bytes)", e.Construct, e.Offset, e.Limit)
}

// A Construct is the kind of syntax an OversizeError passed over.
type Construct uint8

const (
	// ConstructTag is an HTML start or end tag, with its attributes.
	ConstructTag Construct = iota + 1
	// ConstructComment is an HTML comment, or other markup that is not a
	// tag: a doctype, a CDATA section, what HTML reads as a comment
	// (<?...>, <!...>).
	ConstructComment
	// ConstructCSSURL is a URL of a style sheet: the text of a url(),
	// of an @import string or of a string of image-set().
	ConstructCSSURL
	// ConstructTextLink is what plain-text detection was reading as a
	// link (in a Text document, or in the text of HTML with
	// Options.TextLinks) when it grew longer than textlink.MaxLen: it is
	// dropped, not cut (see textlink.MaxLen). Offset is where detection
	// found it: its scheme's ":", or a "." of its host name.
	ConstructTextLink
)

var constructNames = [...]string{"", "tag", "comment", "CSS URL", "text link"}

// String returns the construct's name in lower case, as a message uses it:
// "tag", "comment", "CSS URL", "text link".
func (c Construct) String() string {
	if int(c) < len(constructNames) && c != 0 {
		return constructNames[c]
	}
	return fmt.Sprintf("Construct(%d)", c)
}

// constructOf returns what the first Oversize token of a construct, tok,
// begins.
func constructOf(tok *htmltok.Token) Construct {
	b := tok.Raw
	switch {
	case len(b) >= 2 && (b[1] == '!' || b[1] == '?'):
		return ConstructComment
	case len(b) >= 3 && b[1] == '/' && !isASCIIAlpha(b[2]):
		return ConstructComment
	}
	return ConstructTag
}

func isASCIIAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
