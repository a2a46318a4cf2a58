package extract

import (
	"bytes"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/relink-go/relink/internal/chardet"
	"github.com/relink-go/relink/internal/webenc"
)

// Where a document's charset came from, as reported in Charset.Source.
const (
	SourceBOM       = "bom"       // a byte order mark
	SourceTransport = "transport" // the Content-Type header or a caller's hint (--charset)
	SourceXML       = "xml"       // an XML declaration at the very start: <?xml ... encoding="..."?>
	SourceMeta      = "meta"      // a <meta> element: in the first 1024 bytes, or later in the head
	SourceDetected  = "detected"  // no declaration: UTF-8, or guessed from the first DetectLimit bytes
	SourceDefault   = "default"   // no declaration: the fallback
)

// A Charset is a document's character encoding and how it was determined.
type Charset struct {
	Name     string            // the WHATWG name ("utf-8", "shift_jis", "windows-1252")
	Encoding encoding.Encoding // its decoder/encoder, byte for byte the Encoding Standard's
	Source   string            // one of the Source constants
}

// PrescanLimit is how many bytes browsers look at for a <meta> charset
// whatever the tags that hold them, and how many DetectCharset needs to
// decide in most documents (those that declare their charset early).
const PrescanLimit = 1024

// DetectLimit is how many of the first bytes of a document that declares
// no charset are looked at to guess it (see DetectCharset). An extractor
// that may guess holds that many bytes of such a document, or the whole
// head when it is longer, before it reports a link.
const DetectLimit = 8 << 10

// DetectCharset determines the character encoding of an HTML document from
// its first bytes the way Chromium does, which is the HTML standard's
// encoding sniffing algorithm with a tokenizer in the place of its prescan
// and its "change the encoding" done for a <meta> in the head:
//
//   - a byte order mark;
//   - else the transport's charset, hint, which is a Content-Type header
//     value ("text/html; charset=koi8-r") or a bare label ("koi8-r") and is
//     ignored when empty or unknown;
//   - else UTF-16LE or UTF-16BE when the document starts with "<?x" in
//     UTF-16 (source SourceXML);
//   - else the charset that a <meta charset> or <meta http-equiv=content-type
//     content=...> declares, found as Chromium finds it (see below): UTF-16
//     declarations mean UTF-8 and x-user-defined means windows-1252, as the
//     standard says;
//   - else the encoding named by an XML declaration that starts the
//     document, <?xml version="1.0" encoding="koi8-r"?> (the first
//     "encoding" before the first ">" in the first 1024 bytes, its value
//     quoted and without spaces; UTF-16 means UTF-8; nothing may come
//     before "<?xml"), source SourceXML;
//   - else, when fallback is a known label (a caller's way to say what an
//     unlabeled document is, and to turn guessing off), UTF-8 when the
//     first 1024 bytes are valid UTF-8 with some non-ASCII (source
//     SourceDetected), else fallback (source SourceDefault);
//   - else, with no fallback, the charset is guessed from the first
//     DetectLimit bytes (source SourceDetected): UTF-8 when they are valid
//     UTF-8 with some non-ASCII; else, when some are not ASCII, the legacy
//     encoding that byte statistics make most likely, as browsers guess
//     (Japanese, Chinese, Korean, Cyrillic, Greek, Hebrew, Arabic, Thai,
//     Turkish, Baltic and central European encodings, or windows-1252; not
//     the 7-bit ISO-2022-JP, which Chromium does not guess either);
//   - else windows-1252 (source SourceDefault), as browsers read an
//     unlabeled ASCII page in most locales.
//
// The guess is Chromium's on 98 percent of the unlabeled legacy-charset
// pages of our measure (see bench/chromecharset). Chromium also guesses,
// but reads an unlabeled page that is valid UTF-8 as windows-1252 (it
// guesses UTF-8 only for local files): DetectCharset reads it as UTF-8, as
// its author meant.
//
// Chromium finds a <meta> by reading the document with an HTML tokenizer,
// so that one in a script, a title or a comment does not count, up to the
// first that names a known encoding: in the first 1024 bytes whatever the
// tags, and after them as long as the head lasts, which it does up to a tag
// other than those allowed there (html, head, title, base, link, meta,
// style, script, noscript, object; text does not end it). DetectCharset
// looks in the first HeadLimit bytes of head only: head should hold them,
// or the bytes up to the end of the head and at least DetectLimit (the
// HTML extractor holds as many while it decides), else the answer is the
// one for a document that ends where head does.
func DetectCharset(head []byte, hint, fallback string) Charset {
	c, tentative := detectFirst(head, hint, fallback)
	if !tentative {
		return c
	}
	s := scanners.Get().(*metaScanner)
	defer scanners.Put(s)
	s.reset()
	s.scan(head[:min(len(head), HeadLimit)], true)
	return decideLate(c, s, head, fallback)
}

// guesses reports whether an extractor with these options may guess the
// charset of a document, and so holds its first DetectLimit bytes when
// nothing declares it.
func guesses(opts *Options) bool {
	return hintCharset(opts.Charset) == "" && lookupCharset(opts.DefaultCharset) == ""
}

var scanners = sync.Pool{New: func() any { return new(metaScanner) }}

// detectFirst is the first steps of DetectCharset, before the <meta>:
// what the first bytes say (PrescanLimit are enough), and whether a
// <meta> may change it. It returns the zero Charset, tentative, when they
// say nothing: decideLate then decides.
func detectFirst(head []byte, hint, fallback string) (c Charset, tentative bool) {
	switch {
	case bytes.HasPrefix(head, []byte("\xEF\xBB\xBF")):
		return charset("utf-8", SourceBOM), false
	case bytes.HasPrefix(head, []byte("\xFE\xFF")):
		return charset("utf-16be", SourceBOM), false
	case bytes.HasPrefix(head, []byte("\xFF\xFE")):
		return charset("utf-16le", SourceBOM), false
	}
	if name := hintCharset(hint); name != "" {
		return charset(name, SourceTransport), false
	}
	if len(head) > PrescanLimit {
		head = head[:PrescanLimit]
	}
	if len(head) >= 8 {
		switch {
		case bytes.HasPrefix(head, []byte("<\x00?\x00x\x00")):
			return charset("utf-16le", SourceXML), false
		case bytes.HasPrefix(head, []byte("\x00<\x00?\x00x")):
			return charset("utf-16be", SourceXML), false
		case bytes.HasPrefix(head, []byte("<?xml")):
			if name := xmlEncoding(head); name != "" {
				return charset(name, SourceXML), true
			}
		}
	}
	return Charset{}, true
}

// decideLate returns the charset of a document whose first bytes, head,
// said c (tentatively) once s has scanned it: the steps of DetectCharset
// from the <meta> on.
func decideLate(c Charset, s *metaScanner, head []byte, fallback string) Charset {
	if s.name != "" {
		return charset(s.name, SourceMeta)
	}
	if c.Name != "" {
		return c
	}
	return undeclared(head, fallback, true)
}

// undeclared returns the charset of a document that declares none, whose
// first bytes are head: UTF-8 detection, then fallback, or, without one, a
// guess from the first DetectLimit bytes; else windows-1252 for HTML and
// UTF-8 for plain text (html false).
func undeclared(head []byte, fallback string, html bool) Charset {
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
	_, name := webenc.LookupHint(hint)
	return name
}

// xmlEncoding returns the WHATWG name of the encoding that the XML
// declaration at the start of b names, or "", as Chromium reads it: the
// first "encoding" before the first ">" (in the first 1024 bytes), then "=" and a quoted value, with
// control characters and spaces allowed around the "="; UTF-16 means
// UTF-8.
func xmlEncoding(b []byte) string {
	end := bytes.IndexByte(b, '>')
	if end < 0 {
		return ""
	}
	b = b[:end]
	i := bytes.Index(b, []byte("encoding"))
	if i < 0 {
		return ""
	}
	b = b[i+len("encoding"):]
	b = bytes.TrimLeft(b, xmlSpace)
	if len(b) == 0 || b[0] != '=' {
		return ""
	}
	b = bytes.TrimLeft(b[1:], xmlSpace)
	if len(b) == 0 || b[0] != '"' && b[0] != '\'' {
		return ""
	}
	q := bytes.IndexByte(b[1:], b[0])
	if q < 0 {
		return ""
	}
	label := string(b[1 : 1+q])
	if strings.TrimSpace(label) != label {
		return "" // Chromium's lookup takes no spaces here
	}
	name := lookupCharset(label)
	switch name {
	case "utf-16be", "utf-16le":
		name = "utf-8"
	}
	return name
}

// xmlSpace is what Chromium skips around the "=" of an XML declaration's
// encoding: the bytes up to and including the space.
const xmlSpace = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "

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
