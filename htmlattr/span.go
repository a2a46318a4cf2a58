package htmlattr

// A Span is the half-open byte range [Start, End) of a text given to a
// parser: text[Start:End]. It is relink's one span type: the URLs of an
// attribute value here (ParseSpaceList, ParseCommaList, a srcset
// Candidate's URL and descriptors), the constructs of a Markdown document
// in package markdown.
type Span struct {
	Start, End int
}
