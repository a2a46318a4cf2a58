package rewrite

import (
	"strconv"
	"unicode/utf8"

	"github.com/relink-go/relink/extract"
)

// context is where a new value is written, which decides its escaping.
type context uint8

const (
	inAttr  context = iota // an HTML attribute value
	inText                 // HTML text
	inCSS                  // the text of a style element (raw text: no references)
	inPlain                // a plain-text document
)

// encodeValue returns the bytes that write the reference v in place of
// l's span: escaped for the syntax around it and encoded in the
// document's charset.
func (r *rewriter) encodeValue(l *extract.Link, v string) []byte {
	ctx := inPlain
	switch {
	case l.Kind == extract.KindCSS && l.Attr == "":
		ctx = inCSS
	case l.Attr != "":
		ctx = inAttr
	case r.html:
		ctx = inText
	}
	if l.Kind == extract.KindCSS {
		v = string(extract.AppendCSSURL(nil, v, l.CSSQuote))
	}
	b := make([]byte, 0, len(v)+len(v)/8)
	for _, c := range v {
		if c < utf8.RuneSelf && !escapable[c] {
			b = append(b, byte(c))
			continue
		}
		if c >= utf8.RuneSelf && !r.encodable(c) {
			b = r.unencodable(b, c, ctx)
			continue
		}
		switch {
		case ctx == inAttr && c == '&', ctx == inText && c == '&':
			b = append(b, "&amp;"...)
		case ctx == inText && c == '<':
			b = append(b, "&lt;"...)
		case ctx == inAttr && c == '"' && l.Quote == '"':
			b = append(b, "&quot;"...)
		case ctx == inAttr && c == '\'' && l.Quote == '\'':
			b = append(b, "&#39;"...)
		case ctx == inAttr && l.Quote == 0 && (c == '>' || c == '"' || c == '\'' || c == '`' || c == '<' || c == '='):
			b = append(b, "&#"...)
			b = strconv.AppendInt(b, int64(c), 10)
			b = append(b, ';')
		default:
			b = utf8.AppendRune(b, c)
		}
	}
	return r.toCharset(b)
}

// escapable holds the ASCII characters that encodeValue may escape.
var escapable = [utf8.RuneSelf]bool{'&': true, '<': true, '>': true, '"': true, '\'': true, '`': true, '=': true}

// encodable reports whether the document's charset can write c.
func (r *rewriter) encodable(c rune) bool {
	switch r.charset {
	case "utf-8", "utf-16le", "utf-16be":
		return true
	}
	_, err := r.enc.String(string(c))
	return err == nil
}

// unencodable writes c, which the document's charset lacks, as the
// context allows: a numeric character reference in HTML, a CSS escape in a
// style element, UTF-8 percent-encoding in plain text (where a link's
// characters are the URL's).
func (r *rewriter) unencodable(b []byte, c rune, ctx context) []byte {
	switch ctx {
	case inAttr, inText:
		b = append(b, "&#"...)
		b = strconv.AppendInt(b, int64(c), 10)
		return append(b, ';')
	case inCSS:
		b = append(b, '\\')
		b = strconv.AppendInt(b, int64(c), 16)
		return append(b, ' ')
	}
	var buf [utf8.UTFMax]byte
	for _, o := range buf[:utf8.EncodeRune(buf[:], c)] {
		b = append(b, '%', "0123456789ABCDEF"[o>>4], "0123456789ABCDEF"[o&15])
	}
	return b
}

// toCharset encodes the UTF-8 text b in the document's charset; every
// character in it is encodable.
func (r *rewriter) toCharset(b []byte) []byte {
	if r.charset == "utf-8" {
		return b
	}
	ascii := true
	for _, c := range b {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii && r.charset != "utf-16le" && r.charset != "utf-16be" {
		return b
	}
	out, err := r.enc.Bytes(b)
	if err != nil {
		return b
	}
	return out
}
