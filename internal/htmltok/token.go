package htmltok

import "strconv"

// A TokenType is the kind of a Token.
type TokenType uint8

const (
	// Text is character data: the text between markup, the content of a
	// raw-text or escapable raw-text element (see Token.RawText), and
	// bytes that look like markup but are not ("a < b", "<3"). Text may
	// be split anywhere, in particular at the end of the input given to
	// Next: consumers that interpret text join adjacent Text tokens.
	Text TokenType = iota + 1
	// StartTag is a tag like <a href="x">.
	StartTag
	// EndTag is a tag like </a>. Browsers ignore the attributes of an end
	// tag, so Attrs is empty.
	EndTag
	// SelfClosingTag is a start tag whose last character before ">" is a
	// "/" that is not part of an unquoted attribute value, like <br/>.
	// For HTML elements other than void ones browsers ignore the "/".
	SelfClosingTag
	// Comment is a comment <!--x-->, a bogus comment (<?x>, <!x>, </ x>,
	// and outside foreign content <![CDATA[x]]>), or the empty end tag
	// "</>" that browsers drop (reported as a comment, as x/net/html
	// does, so that its bytes have a token).
	Comment
	// Doctype is a document type declaration <!DOCTYPE x>.
	Doctype
	// CDATA is a CDATA section <![CDATA[x]]> in foreign content (inside
	// svg or math); Data is its text.
	CDATA
	// Oversize is a chunk of a tag, comment, doctype or CDATA section
	// longer than the tokenizer's MaxTagSize. Such a construct is passed
	// through unexamined as one or more Oversize tokens (split anywhere,
	// like text) so that memory stays bounded; the tokenizer still
	// follows its syntax to know where it ends, and after an oversized
	// <script ...> start tag reads script data as for any other.
	Oversize
	// EOFInTag holds the bytes of a start or end tag cut by the end of
	// the input, like "<a href=x" at EOF. Browsers drop such a tag (the
	// WHATWG "eof-in-tag" error) and x/net/html returns it as its final
	// ErrorToken. Name is set; Attrs is empty.
	EOFInTag
)

var typeNames = [...]string{
	Text:           "Text",
	StartTag:       "StartTag",
	EndTag:         "EndTag",
	SelfClosingTag: "SelfClosingTag",
	Comment:        "Comment",
	Doctype:        "Doctype",
	CDATA:          "CDATA",
	Oversize:       "Oversize",
	EOFInTag:       "EOFInTag",
}

// String returns the name of the constant, like "StartTag".
func (t TokenType) String() string {
	if int(t) < len(typeNames) && typeNames[t] != "" {
		return typeNames[t]
	}
	return "TokenType(" + strconv.Itoa(int(t)) + ")"
}

// RawText names the element whose content a Text token is, for the
// elements whose content is not markup. The zero value NotRaw is ordinary
// text (the data state), where character references are decoded and tags
// are recognized.
type RawText uint8

const (
	NotRaw    RawText = iota
	Script            // script data, with its escaped states (<!-- and <script> inside)
	Style             // raw text
	Textarea          // escapable raw text (RCDATA): character references are decoded
	Title             // escapable raw text (RCDATA)
	Xmp               // raw text
	Iframe            // raw text
	Noembed           // raw text
	Noframes          // raw text
	Plaintext         // raw text up to the end of the input: it never ends
)

var rawNames = [...]string{"", "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"}

// String returns the lower-case element name, or "" for NotRaw.
func (r RawText) String() string {
	if int(r) < len(rawNames) {
		return rawNames[r]
	}
	return "RawText(" + strconv.Itoa(int(r)) + ")"
}

// Escapable reports whether character references are decoded in the
// content (title and textarea, the RCDATA elements). For NotRaw it is
// also true.
func (r RawText) Escapable() bool {
	return r == NotRaw || r == Textarea || r == Title
}

// An Attr is one attribute of a start tag. Its slices point into the
// token's Raw or into the tokenizer's scratch space and are valid until
// the next call to Next.
type Attr struct {
	// Name is the attribute name, ASCII letters lower-cased (other bytes,
	// including NUL and non-ASCII, as in the input).
	// Raw[NameOff:NameOff+len(Name)] is the name as written.
	Name []byte
	// Val is the value as written in the input, without its quotes:
	// character references are not decoded (see UnescapeAttr) and the
	// bytes are in the document's charset.
	Val []byte
	// NameOff is the offset of the name within Token.Raw.
	NameOff int
	// ValOff is the offset of the value within Token.Raw, so that
	// Raw[ValOff:ValOff+len(Val)] is Val; for a quoted value it is just
	// after the opening quote. It is -1 when the attribute has no "="
	// (<input disabled>). For "a=" followed by ">" the value is empty and
	// ValOff is the offset of the ">".
	ValOff int
	// Quote is '"' or '\'' for a quoted value, 0 for an unquoted or
	// missing one.
	Quote byte
	// Dup reports that an earlier attribute of the same tag has the same
	// Name. Browsers keep only the first, and so should a link extractor;
	// a rewriter still finds the bytes here.
	Dup bool
}

// A Token is one token of the input. It and everything it points to are
// valid until the next call to Next (or Reset).
type Token struct {
	Type TokenType
	// Raw is the token's bytes as in the input. The Raw of the tokens
	// returned by Next, in order, partition the input: concatenated they
	// are the input, byte for byte, for every way of splitting it into
	// calls.
	Raw []byte
	// Offset is the offset of Raw[0] in the whole input stream.
	Offset int64
	// Name is the lower-cased tag name for StartTag, EndTag,
	// SelfClosingTag and EOFInTag. It is nil for the other types.
	Name []byte
	// Attrs are the attributes of a StartTag or SelfClosingTag, in input
	// order, duplicates included and marked.
	Attrs []Attr
	// Data is the content of the token as raw bytes: the whole of Raw for
	// Text, the part between the delimiters for Comment ("x" in
	// "<!--x-->", "?x" in "<?x>"), CDATA ("x" in "<![CDATA[x]]>") and
	// Doctype ("html" in "<!DOCTYPE html>"). It is nil for tags and
	// Oversize. Raw[DataOff:DataOff+len(Data)] is Data.
	Data    []byte
	DataOff int
	// RawText is, for a Text token, the element whose raw text or RCDATA
	// content it is, or NotRaw for ordinary text. It is NotRaw for the
	// other types.
	RawText RawText
	// Foreign reports that the token was read in foreign content: inside
	// an svg or math element and not inside one of their HTML integration
	// points (svg foreignObject, desc and title; math mi, mo, mn, ms,
	// mtext, and annotation-xml with an HTML encoding). There CDATA
	// sections are recognized and no element has raw-text content. An
	// <svg> start tag is not Foreign, its </svg> end tag is.
	Foreign bool
	// Cont reports, for an Oversize token, that it goes on with the
	// construct of the Oversize token before it: it is false for the
	// first token of each oversize construct, and for the other types.
	Cont bool
}

// Attr returns the first attribute named name (lower-case), the one
// browsers use, and whether there is one.
func (t *Token) Attr(name string) (Attr, bool) {
	for i := range t.Attrs {
		// By pointer: a copy of each attribute would cost more than the
		// test.
		if a := &t.Attrs[i]; !a.Dup && string(a.Name) == name {
			return *a, true
		}
	}
	return Attr{}, false
}

// IsTag reports whether the token is a StartTag, EndTag or SelfClosingTag.
func (t *Token) IsTag() bool {
	return t.Type == StartTag || t.Type == EndTag || t.Type == SelfClosingTag
}
