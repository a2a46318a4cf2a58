package rewrite

import (
	"strconv"
	"unicode/utf8"

	"github.com/relink-go/relink/cssurl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/internal/htmltok"
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
	return r.toCharset(r.escapeValue(l, v))
}

// escapeValue is encodeValue before the charset: its result is UTF-8.
func (r *rewriter) escapeValue(l *extract.Link, v string) []byte {
	ctx := inPlain
	switch {
	case l.Kind == htmlattr.KindCSS && l.Attr == "":
		ctx = inCSS
	case l.Attr != "":
		ctx = inAttr
	case r.html:
		ctx = inText
	}
	if l.Kind == htmlattr.KindCSS {
		v = string(cssurl.Append(nil, v, l.CSSQuote))
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
	return b
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

// encodeChange returns the bytes that write the reference v in place of
// l's span old, whose value is l.Value: as encodeValue does, except that
// where v begins or ends as l.Value does, the bytes of old that write that
// part are kept as they are, character references included ("&#x26;"
// stays "&#x26;"), so that only what changes is written anew. The kept
// bytes are used only when the result, read back, is v.
func (r *rewriter) encodeChange(l *extract.Link, v string, old []byte) []byte {
	attr := l.Attr != ""
	if l.Kind == htmlattr.KindCSS || !r.html || !asciiCompatible(r.charset, old) {
		return r.encodeValue(l, v)
	}
	unescape := htmltok.UnescapeText
	if attr {
		unescape = htmltok.UnescapeAttr
	}
	offs := make([]int32, 0, len(old)+1)
	dec := unescape(make([]byte, 0, len(old)), old, &offs)
	if string(dec) != l.Value {
		return r.encodeValue(l, v)
	}
	offs = append(offs, int32(len(old)))
	// A cut is kept only at the start of a character of dec that starts
	// the bytes of old writing it.
	cut := func(i int) bool {
		return i == 0 || i == len(dec) || offs[i] > offs[i-1] && utf8.RuneStart(dec[i])
	}
	p := 0
	for p < len(dec) && p < len(v) && dec[p] == v[p] {
		p++
	}
	for !cut(p) {
		p--
	}
	s := 0
	for s < len(dec)-p && s < len(v)-p && dec[len(dec)-1-s] == v[len(v)-1-s] {
		s++
	}
	for !cut(len(dec) - s) {
		s--
	}
	if p == 0 && s == 0 {
		return r.encodeValue(l, v)
	}
	head, mid, tail := old[:offs[p]], r.escapeValue(l, v[p:len(v)-s]), old[offs[len(dec)-s]:]
	b := make([]byte, 0, len(head)+len(mid)+len(tail))
	b = append(append(append(b, head...), mid...), tail...)
	// The kept bytes must read as before next to the new ones (a legacy
	// reference without ";", "&copy", reads otherwise before some
	// characters). In UTF-8 first, as unescape reads; then in the
	// charset, where head and tail are ASCII.
	if string(unescape(dec[:0], b, nil)) != v {
		return r.encodeValue(l, v)
	}
	if r.charset == "utf-8" {
		return b
	}
	mid = r.toCharset(mid)
	return append(append(append(b[:0:0], head...), mid...), tail...)
}

// asciiCompatible reports whether the bytes b of a document in charset
// read as UTF-8 do: the charset is UTF-8, or b is ASCII in a charset that
// is ASCII-compatible whatever came before.
func asciiCompatible(charset string, b []byte) bool {
	switch charset {
	case "utf-8":
		return utf8.Valid(b)
	case "utf-16le", "utf-16be", "iso-2022-jp", "replacement":
		return false
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
