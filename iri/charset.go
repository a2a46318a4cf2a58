package iri

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/unicode/norm"

	"github.com/relink-go/relink/internal/webenc"
)

// FromCharset converts an IRI written in the charset e (the bytes of an
// href in a windows-1252 page, say) to a Go string. When e is not a
// Unicode encoding, the result is normalized to NFC, as 3987bis section
// 3.1 asks of IRIs transcoded from a legacy charset. Text that is already
// Unicode (UTF-8, UTF-16, or e == nil, meaning UTF-8) is never normalized
// (section 5.3.2.2): FromCharset then only decodes it.
//
// An encoding with a name in the WHATWG Encoding Standard decodes as the
// standard's does (see WithCharset).
//
// Note that browsers do not normalize: to find the URL a browser requests
// for a link in a legacy page, decode without FromCharset and use a
// Converter WithCharset(e), which also encodes the query back in e.
func FromCharset(b []byte, e encoding.Encoding) (string, error) {
	if e == nil {
		return string(b), nil
	}
	s, err := webenc.Exact(e).NewDecoder().Bytes(b)
	if err != nil {
		return "", err
	}
	if isUnicodeEncoding(e) {
		return string(s), nil
	}
	return norm.NFC.String(string(s)), nil
}

func isUnicodeEncoding(e encoding.Encoding) bool {
	name, err := webenc.Name(e)
	if err != nil {
		return false
	}
	switch name {
	case "utf-8", "utf-16be", "utf-16le":
		return true
	}
	return false
}
