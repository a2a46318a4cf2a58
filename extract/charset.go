package extract

import (
	"bytes"
	"mime"
	"strings"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/chardet"

	"golang.org/x/text/encoding"

	"github.com/relink-go/relink/internal/webenc"
)

// Where a document's charset came from, as reported in Charset.Source.
const (
	SourceBOM       = "bom"       // a byte order mark
	SourceTransport = "transport" // the Content-Type header or a caller's hint (--charset)
	SourceMeta      = "meta"      // a <meta> element in the first 1024 bytes
	SourceDetected  = "detected"  // no declaration: guessed from the first DetectLimit bytes
	SourceDefault   = "default"   // no declaration: the fallback
)

// A Charset is a document's character encoding and how it was determined.
type Charset struct {
	Name     string            // the WHATWG name ("utf-8", "shift_jis", "windows-1252")
	Encoding encoding.Encoding // its decoder/encoder, byte for byte the Encoding Standard's
	Source   string            // one of the Source constants
}

// PrescanLimit is how many bytes the <meta> prescan looks at, as in
// browsers.
const PrescanLimit = 1024

// DetectLimit is how many of the first bytes of a document that declares
// no charset are looked at to guess it (see DetectCharset). An extractor
// holds that many bytes of such a document before it reports a link.
const DetectLimit = 8 << 10

// DetectCharset determines the character encoding of an HTML document from
// its first bytes (DetectLimit are enough; fewer when the document is
// shorter) the way the HTML standard's encoding sniffing algorithm does:
// a byte order mark; else the transport's charset, hint, which is a
// Content-Type header value ("text/html; charset=koi8-r") or a bare label
// ("koi8-r") and is ignored when empty or unknown; else the charset that a
// <meta charset> or <meta http-equiv=content-type content=...> declares in
// the first 1024 bytes (the prescan algorithm; UTF-16 declarations mean
// UTF-8 and x-user-defined means windows-1252, as the standard says);
// else the fallback, when it is a known label (UTF-8 instead when the
// first 1024 bytes are valid UTF-8 with some non-ASCII): a caller's way to
// say what an unlabeled document is (Options.DefaultCharset), and to turn
// guessing off.
//
// Else, with no fallback, the charset is guessed from the first
// DetectLimit bytes (Source is SourceDetected): UTF-8 when they are
// valid UTF-8 with some non-ASCII; else, when some are not ASCII, the
// legacy encoding that byte statistics make most likely, as browsers
// guess (Japanese, Chinese, Korean, Cyrillic, Greek, Hebrew, Arabic, Thai,
// Turkish, Baltic and central European encodings, or windows-1252;
// not the 7-bit ISO-2022-JP, which Chromium does not guess either);
// else windows-1252 (Source SourceDefault), as browsers read an
// unlabeled ASCII page in most locales. The guess is Chromium's on 98
// percent of the unlabeled legacy-charset pages of our measure (see
// bench/chromecharset). Chromium also guesses, but reads
// an unlabeled page that is valid UTF-8 as windows-1252 (it guesses UTF-8
// only for local files): DetectCharset reads it as UTF-8, as its author
// meant.
//
// A later <meta> beyond the first 1024 bytes, which makes browsers reload
// the page in another encoding, is not considered.
func DetectCharset(head []byte, hint, fallback string) Charset {
	return detectCharset(head, hint, fallback, true)
}

// detectCharset is DetectCharset, without the <meta> prescan and with
// UTF-8 for ASCII when html is false.
func detectCharset(head []byte, hint, fallback string, html bool) Charset {
	switch {
	case bytes.HasPrefix(head, []byte("\xEF\xBB\xBF")):
		return charset("utf-8", SourceBOM)
	case bytes.HasPrefix(head, []byte("\xFE\xFF")):
		return charset("utf-16be", SourceBOM)
	case bytes.HasPrefix(head, []byte("\xFF\xFE")):
		return charset("utf-16le", SourceBOM)
	}
	if name := hintCharset(hint); name != "" {
		return charset(name, SourceTransport)
	}
	if html {
		if name := prescan(head[:min(len(head), PrescanLimit)]); name != "" {
			return charset(name, SourceMeta)
		}
	}
	if name := lookupCharset(fallback); name != "" {
		if looksUTF8(head[:min(len(head), PrescanLimit)]) {
			return charset("utf-8", SourceDetected)
		}
		return charset(name, SourceDefault)
	}
	head = head[:min(len(head), DetectLimit)]
	if looksUTF8(head) {
		return charset("utf-8", SourceDetected)
	}
	if name := chardet.Guess(head, false); name != "" {
		return charset(name, SourceDetected)
	}
	if html {
		return charset("windows-1252", SourceDefault)
	}
	return charset("utf-8", SourceDefault)
}

// hintCharset returns the WHATWG name of the charset a Content-Type
// value or a bare label names, or "".
func hintCharset(hint string) string {
	if hint == "" {
		return ""
	}
	label := hint
	if strings.Contains(hint, "/") || strings.Contains(hint, ";") {
		label = ""
		if _, params, err := mime.ParseMediaType(hint); err == nil {
			label = params["charset"]
		}
	}
	return lookupCharset(label)
}

// guesses reports whether an extractor with these options may guess the
// charset of a document, and so holds its first DetectLimit bytes.
func guesses(opts *Options) bool {
	return hintCharset(opts.Charset) == "" && lookupCharset(opts.DefaultCharset) == ""
}

func charset(name, source string) Charset {
	e, _ := webenc.Lookup(name)
	return Charset{Name: name, Encoding: e, Source: source}
}

// lookupCharset returns the WHATWG name of the encoding label, or "".
func lookupCharset(label string) string {
	_, name := webenc.Lookup(label)
	return name
}

// looksUTF8 reports whether b, less a rune cut at its end, is valid UTF-8
// with at least one non-ASCII character.
func looksUTF8(b []byte) bool {
	for i := len(b) - 1; i >= 0 && i >= len(b)-3; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				b = b[:i]
			}
			break
		}
	}
	high := false
	for _, c := range b {
		if c >= utf8.RuneSelf {
			high = true
			break
		}
	}
	return high && utf8.Valid(b)
}

// prescan implements the HTML standard's "prescan a byte stream to
// determine its encoding" on b and returns the WHATWG name of the encoding
// found, or "".
func prescan(b []byte) string {
	for p := 0; p < len(b); p++ {
		rest := b[p:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			// The "-->" may share its dashes with "<!--".
			end := bytes.Index(b[p+2:], []byte("-->"))
			if end < 0 {
				return ""
			}
			p += 2 + end + 2
		case len(rest) >= 6 && asciiEqualFold(rest[:5], "<meta") && (isPrescanSpace(rest[5]) || rest[5] == '/'):
			p += 5
			var name string
			if name, p = prescanMeta(b, p); name != "" {
				return name
			}
		case len(rest) >= 2 && rest[0] == '<' && (isASCIILetter(rest[1]) || rest[1] == '/' && len(rest) >= 3 && isASCIILetter(rest[2])):
			for p < len(b) && !isPrescanSpace(b[p]) && b[p] != '>' {
				p++
			}
			for {
				var ok bool
				if _, _, p, ok = getAttribute(b, p); !ok {
					break
				}
			}
		case len(rest) >= 2 && rest[0] == '<' && (rest[1] == '!' || rest[1] == '/' || rest[1] == '?'):
			end := bytes.IndexByte(rest, '>')
			if end < 0 {
				return ""
			}
			p += end
		}
	}
	return ""
}

// prescanMeta reads the attributes of a <meta> element starting at p and
// returns the encoding it declares, if any, and the position reached.
func prescanMeta(b []byte, p int) (string, int) {
	seen := map[string]bool{}
	gotPragma, needPragma, charset := false, 0, "" // needPragma: 0 unknown, 1 true, 2 false
	for {
		name, value, np, ok := getAttribute(b, p)
		p = np
		if !ok {
			break
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		switch name {
		case "http-equiv":
			if value == "content-type" {
				gotPragma = true
			}
		case "content":
			if charset == "" {
				if cs := charsetFromContent(value); cs != "" {
					if n := lookupCharset(cs); n != "" {
						charset, needPragma = n, 1
					}
				}
			}
		case "charset":
			charset, needPragma = lookupCharset(value), 2
		}
	}
	if needPragma == 0 || needPragma == 1 && !gotPragma || charset == "" {
		return "", p
	}
	switch charset {
	case "utf-16be", "utf-16le":
		charset = "utf-8"
	case "x-user-defined":
		charset = "windows-1252"
	}
	return charset, p
}

// getAttribute implements the prescan's "get an attribute": it returns the
// lower-cased name and value and the new position, or ok false at ">" or
// the end of b.
func getAttribute(b []byte, p int) (name, value string, np int, ok bool) {
	for p < len(b) && (isPrescanSpace(b[p]) || b[p] == '/') {
		p++
	}
	if p >= len(b) || b[p] == '>' {
		return "", "", p, false
	}
	var nb, vb []byte
	for {
		if p >= len(b) {
			return "", "", p, false
		}
		c := b[p]
		switch {
		case c == '=' && len(nb) > 0:
			p++
			goto value
		case isPrescanSpace(c):
			for p < len(b) && isPrescanSpace(b[p]) {
				p++
			}
			if p >= len(b) || b[p] != '=' {
				return string(nb), "", p, true
			}
			p++
			goto value
		case c == '/' || c == '>':
			return string(nb), "", p, true
		}
		nb = append(nb, lowerASCII(c))
		p++
	}
value:
	for p < len(b) && isPrescanSpace(b[p]) {
		p++
	}
	if p >= len(b) {
		return "", "", p, false
	}
	switch c := b[p]; c {
	case '"', '\'':
		p++
		for {
			if p >= len(b) {
				return "", "", p, false
			}
			if b[p] == c {
				return string(nb), string(vb), p + 1, true
			}
			vb = append(vb, lowerASCII(b[p]))
			p++
		}
	case '>':
		return string(nb), "", p, true
	}
	for p < len(b) && !isPrescanSpace(b[p]) && b[p] != '>' {
		vb = append(vb, lowerASCII(b[p]))
		p++
	}
	if p >= len(b) {
		return "", "", p, false
	}
	return string(nb), string(vb), p, true
}

// charsetFromContent implements "the algorithm for extracting a character
// encoding from a meta element" on the value of a content attribute.
func charsetFromContent(s string) string {
	for p := 0; ; {
		i := indexFold(s[p:], "charset")
		if i < 0 {
			return ""
		}
		p += i + len("charset")
		for p < len(s) && isPrescanSpace(s[p]) {
			p++
		}
		if p >= len(s) || s[p] != '=' {
			continue
		}
		p++
		for p < len(s) && isPrescanSpace(s[p]) {
			p++
		}
		if p >= len(s) {
			return ""
		}
		if q := s[p]; q == '"' || q == '\'' {
			end := bytes.IndexByte([]byte(s[p+1:]), q)
			if end < 0 {
				return ""
			}
			return s[p+1 : p+1+end]
		}
		end := p
		for end < len(s) && !isPrescanSpace(s[end]) && s[end] != ';' {
			end++
		}
		return s[p:end]
	}
}

func isPrescanSpace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func isASCIILetter(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }

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
