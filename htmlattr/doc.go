// Package htmlattr says which HTML, SVG and MathML attributes hold URLs
// and how, and parses the attribute values that hold more than one.
//
// Lookup answers for one tag and attribute with a Rule: the Kind of value
// (one URL, a space- or comma-separated list, a srcset, a refresh, CSS,
// a whole HTML document), the Role of its links (hyperlink, resource,
// ping...), Flags and the Cond under which the attribute counts. Rules
// lists the whole table, with the specification behind each entry;
// MetaContent and LinkRole answer for the meta and link elements, whose
// role depends on other attributes. ParseSrcset, ParseSpaceList,
// ParseCommaList, TrimURL and ParseRefresh give the spans of the URLs in
// a value of each Kind, as the WHATWG HTML standard parses it; the CSS
// of a style attribute is package cssurl's.
//
// Nothing here decodes character references or resolves URLs: the
// values are attribute values as an HTML tokenizer gives them, and the
// spans are byte offsets into them.
package htmlattr
