package charset

import (
	"strings"

	"github.com/relink-go/relink/internal/htmltok"
)

// unconditional is how many bytes Chromium looks for a <meta> charset in
// whatever tags they hold (its kBytesToCheckUnconditionally).
const unconditional = 1024

// A metaScanner looks for a <meta> that declares a charset the way
// Chromium's HTMLMetaCharsetParser does, once nothing else decided the
// charset: it tokenizes the document as HTML, with the raw-text content
// of script, style, title and the like read as text, and reads each meta
// start tag; it stops at the first one that names a known encoding, or
// when the head is over and 1024 bytes have been read. The head is over
// at the first start tag other than html, head, script, noscript, style,
// link, meta, object, title and base, or an end tag other than those of
// the elements allowed in head (</head> included); text does not end it.
// Fed in pieces or in one piece, it decides at the same token.
type metaScanner struct {
	z      *htmltok.Tokenizer
	inHead bool   // no tag that ends the head was seen yet
	done   bool   // decided: name holds the charset, or "" for none
	name   string // the WHATWG name of the charset found
	fed    int64  // bytes given to scan
	vbuf   []byte
}

// reset readies s for a new document.
func (s *metaScanner) reset() {
	if s.z == nil {
		// Tags as long as the held bytes may be.
		s.z = htmltok.New(htmltok.MaxTagSize(HeadLimit))
	}
	s.z.Reset()
	s.z.SkipText(htmltok.NotRaw, true)
	for r := htmltok.Script; r <= htmltok.Plaintext; r++ {
		s.z.SkipText(r, true)
	}
	s.inHead, s.done, s.name, s.fed = true, false, "", 0
}

// scan reads the next bytes of the document, b, and reports whether the
// scan is done. atEOF reports that b ends the document; a scan also ends
// at HeadLimit bytes. b is read to its end whatever the result.
func (s *metaScanner) scan(b []byte, atEOF bool) bool {
	if s.done {
		return true
	}
	s.fed += int64(len(b))
	if s.fed >= HeadLimit {
		atEOF = true
	}
	for {
		tok, n, err := s.z.Next(b, atEOF)
		b = b[n:]
		if tok != nil && (tok.Type == htmltok.StartTag || tok.Type == htmltok.SelfClosingTag || tok.Type == htmltok.EndTag) {
			// The text passed over before the tag ended where it begins.
			if !s.inHead && tok.Offset >= unconditional || s.tag(tok) {
				s.done = true
				return true
			}
		}
		// Chromium checks after each token; the text passed over ends at
		// Passed, or later (and is followed by no tag before).
		if err != nil || !s.inHead && s.z.Passed() >= unconditional {
			s.done = true
			return true
		}
		if tok == nil && len(b) == 0 {
			if atEOF {
				// The tokenizer wants a call with nothing to end.
				continue
			}
			return false
		}
	}
}

// tag reads a tag and reports whether it is a meta naming a charset.
func (s *metaScanner) tag(tok *htmltok.Token) bool {
	name := string(tok.Name)
	if tok.Type != htmltok.EndTag && name == "meta" {
		if cs := s.meta(tok); cs != "" {
			s.name = cs
			return true
		}
	}
	switch name {
	case "script", "noscript", "style", "link", "meta", "object", "title", "base":
	case "html", "head":
		if tok.Type == htmltok.EndTag {
			s.inHead = false
		}
	default:
		s.inHead = false
	}
	return false
}

// meta returns the WHATWG name of the charset a meta start tag declares,
// or "", as Chromium reads it: the last charset attribute, else a
// content attribute's charset= when an http-equiv is Content-Type; every
// attribute counts, repeated ones too, and values are read with their
// character references decoded.
func (s *metaScanner) meta(tok *htmltok.Token) string {
	pragma, mode := false, 0 // mode: 0 none, 1 charset, 2 content
	var label string
	for i := range tok.Attrs {
		a := &tok.Attrs[i]
		switch string(a.Name) {
		case "http-equiv":
			if asciiEqualFold(s.value(a), "content-type") {
				pragma = true
			}
		case "charset":
			label, mode = string(s.value(a)), 1
		case "content":
			if mode != 1 {
				if cs := charsetFromContent(string(s.value(a))); cs != "" {
					label, mode = cs, 2
				}
			}
		}
	}
	if mode == 0 || mode == 2 && !pragma {
		return ""
	}
	return metaCharset(labelName(label))
}

// value returns the attribute's value with its character references
// decoded, valid until the next call.
func (s *metaScanner) value(a *htmltok.Attr) []byte {
	s.vbuf = htmltok.UnescapeAttr(s.vbuf[:0], a.Val, nil)
	return s.vbuf
}

// metaCharset maps the encoding a <meta> declares to the one used, as
// the HTML standard says: UTF-16 means UTF-8 and x-user-defined means
// windows-1252.
func metaCharset(name string) string {
	switch name {
	case "utf-16be", "utf-16le":
		return "utf-8"
	case "x-user-defined":
		return "windows-1252"
	}
	return name
}

// charsetFromContent returns the charset named in the value of a meta
// element's content attribute, or "", as Chromium reads it (the HTML
// standard's "algorithm for extracting a character encoding from a meta
// element", except that an unquoted value also ends at a quote and that
// any control character counts as a space).
func charsetFromContent(s string) string {
	for p := 0; ; {
		i := indexFold(s[p:], "charset")
		if i < 0 {
			return ""
		}
		p += i + len("charset")
		for p < len(s) && s[p] <= ' ' {
			p++
		}
		if p >= len(s) || s[p] != '=' {
			continue
		}
		p++
		for p < len(s) && s[p] <= ' ' {
			p++
		}
		if p >= len(s) {
			return ""
		}
		if q := s[p]; q == '"' || q == '\'' {
			end := strings.IndexByte(s[p+1:], q)
			if end < 0 {
				return ""
			}
			return s[p+1 : p+1+end]
		}
		end := p
		for end < len(s) && s[end] > ' ' && s[end] != ';' && s[end] != '"' && s[end] != '\'' {
			end++
		}
		return s[p:end]
	}
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func asciiEqualFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		if lowerASCII(b[i]) != s[i] {
			return false
		}
	}
	return true
}

// indexFold returns the index of the first ASCII case-insensitive match of
// the lower-case word in s, or -1.
func indexFold(s, word string) int {
	for i := 0; i+len(word) <= len(s); i++ {
		match := true
		for j := 0; j < len(word); j++ {
			if lowerASCII(s[i+j]) != word[j] {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}
