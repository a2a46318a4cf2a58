// Package cssurl finds the URLs in CSS text where a browser would, with
// the spans of their text as written, and writes a URL back in CSS.
//
// Find scans complete CSS text (a style sheet, a style attribute, one
// value); a Scanner scans text that arrives in chunks, with bounded
// memory, and gives the same URLs and spans however the text is split.
// Each URL found has its decoded Value, the span of its text in the
// input, its Quote and whether an @import names it. Append escapes a new
// URL for the place of an old one, so that replacing the old span with
// it changes that URL and nothing else.
package cssurl
