package htmlattr

// TrimURL returns the span of the URL in an attribute value that holds
// one: the value less its leading and trailing C0 controls and spaces,
// which the URL parser strips (HTML calls such a value a "valid URL
// potentially surrounded by spaces"). The span is empty if the value is
// nothing but such characters; an empty URL is still a link, to the
// document itself.
func TrimURL(v string) (start, end int) {
	return trimC0Space(v, 0, len(v))
}

// ParseSpaceList returns the spans of the URLs in a value that is a list of
// URLs separated by ASCII whitespace, such as the ping attribute of a and
// area ("a set of space-separated tokens" of URLs), the profile attribute
// of head and the archive attribute of object. A URL that replaces one of
// the spans must not contain ASCII whitespace.
func ParseSpaceList(v string) []Span {
	return AppendSpaceList(nil, v)
}

// AppendSpaceList is ParseSpaceList that appends to dst.
func AppendSpaceList(dst []Span, v string) []Span {
	for i := 0; i < len(v); {
		for i < len(v) && isASCIIWhitespace(v[i]) {
			i++
		}
		start := i
		for i < len(v) && !isASCIIWhitespace(v[i]) {
			i++
		}
		if i > start {
			dst = append(dst, Span{start, i})
		}
	}
	return dst
}

// ParseCommaList returns the spans of the URLs in a value that is a list of
// URLs separated by commas, such as the archive attribute of the obsolete
// applet element (HTML 4.01 section 13.4, "a comma-separated list of
// URIs"). Each item is trimmed of ASCII whitespace; empty items are
// skipped. A URL that replaces one of the spans must not contain a comma
// nor start or end with ASCII whitespace.
func ParseCommaList(v string) []Span {
	return AppendCommaList(nil, v)
}

// AppendCommaList is ParseCommaList that appends to dst.
func AppendCommaList(dst []Span, v string) []Span {
	for i := 0; i <= len(v); {
		j := i
		for j < len(v) && v[j] != ',' {
			j++
		}
		start, end := i, j
		for start < end && isASCIIWhitespace(v[start]) {
			start++
		}
		for end > start && isASCIIWhitespace(v[end-1]) {
			end--
		}
		if end > start {
			dst = append(dst, Span{start, end})
		}
		i = j + 1
	}
	return dst
}
