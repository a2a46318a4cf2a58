// Package charset decides the character encoding of a web document from
// its first bytes, as browsers do for HTML and CSS (and as relink does for
// plain text), and maps encoding labels to the Encoding Standard's
// encodings.
//
// Detect reads the first bytes of a document of a Kind (HTML, Text, CSS)
// at once; a Head holds them as they stream in, as many as the decision
// needs, and decides as Detect does. The answer is a Charset: the
// encoding's WHATWG name, its decoder and encoder (byte for byte the
// Encoding Standard's) and where it came from (one of the Source
// constants). Lookup maps a label ("latin1", "Shift_JIS") to its encoding
// and name.
//
// It is the one place where relink decides charsets: the extractors,
// rewriters and the crawler report and use this package's Charset.
package charset

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
	SourceBOM         = "bom"       // a byte order mark
	SourceTransport   = "transport" // the Content-Type header or a caller's hint
	SourceXML         = "xml"       // an XML declaration at the very start (HTML)
	SourceMeta        = "meta"      // a <meta> element: in the first 1024 bytes, or later in the head (HTML)
	SourceCharsetRule = "@charset"  // an @charset rule at the very start (CSS)
	SourceDetected    = "detected"  // no declaration: UTF-8, or guessed from the first DetectLimit bytes
	SourceDefault     = "default"   // no declaration: the fallback
)

// A Charset is a document's character encoding and how it was determined.
type Charset struct {
	Name     string            // the WHATWG name ("utf-8", "shift_jis", "windows-1252")
	Encoding encoding.Encoding // its decoder/encoder, byte for byte the Encoding Standard's
	Source   string            // one of the Source constants

	// Guessed reports that the charset is only a guess: nothing declared
	// it (no byte order mark, hint, XML declaration, <meta>, @charset
	// rule or caller's fallback) and the document's first bytes do not
	// prove it. It is true for package chardet's statistical guess of a
	// legacy charset, for UTF-8 read from bytes that are UTF-8 but for a
	// few invalid sequences (see Detect), and for the windows-1252 of an
	// HTML document whose first bytes are all ASCII; false for UTF-8 read
	// from bytes that are valid UTF-8 with some non-ASCII, and for the
	// UTF-8 that plain text and style sheets are by default (their
	// format's own rule, not a guess). What is written into a document
	// whose charset is guessed may be read in another charset.
	Guessed bool
}

// Named returns the Charset of the WHATWG encoding name, with source.
// The name must be one the Encoding Standard defines (as Lookup returns).
func Named(name, source string) Charset {
	e, _ := webenc.Lookup(name)
	return Charset{Name: name, Encoding: e, Source: source}
}

// Lookup returns the encoding of the label (case-insensitive, ASCII
// white space around it ignored) and its WHATWG name ("utf-8",
// "windows-1252", "shift_jis"), or nil and "" when the Encoding Standard
// does not know the label. The encoding is byte for byte the standard's,
// which golang.org/x/text's is not for every encoding.
func Lookup(label string) (e encoding.Encoding, name string) {
	return webenc.Lookup(label)
}

// labelName returns the WHATWG name of the label, or "".
func labelName(label string) string {
	_, name := webenc.Lookup(label)
	return name
}

// PrescanLimit is how many bytes browsers look at for a <meta> charset
// whatever the tags that hold them, and how many Detect needs to decide
// in most documents (those that declare their charset early, and every
// style sheet).
const PrescanLimit = 1024

// DetectLimit is how many of the first bytes of a document that declares
// no charset are looked at to guess it. A Head that may guess holds that
// many bytes of such a document (or, for HTML, the whole head when it is
// longer).
const DetectLimit = 8 << 10

// HeadLimit bounds the bytes of an HTML document held while its charset
// is undecided: a <meta> charset that Chromium would honour after the
// first PrescanLimit bytes is looked for in at most this many. Past it the
// charset stays what the first bytes said (the UTF-8 detection or the
// fallback), as though the document had no later meta; Chromium has no
// such limit.
const HeadLimit = 1 << 20

// A Kind is a kind of document, whose charset is decided its own way.
type Kind uint8

const (
	// HTML is decided as Chromium decides it: the HTML standard's
	// encoding sniffing algorithm with a tokenizer in the place of its
	// prescan, and its "change the encoding" done for a <meta> in the
	// head. In order: a byte order mark; the hint; UTF-16 when the
	// document starts with "<?x" in UTF-16 (SourceXML); a <meta charset>
	// or <meta http-equiv=content-type>, in the first PrescanLimit bytes
	// whatever the tags and later as long as the head lasts (at most
	// HeadLimit bytes), UTF-16 meaning UTF-8 and x-user-defined
	// windows-1252; an XML declaration that starts the document; then
	// as an undeclared document (below), windows-1252 by default.
	HTML Kind = iota
	// Text is plain text: a byte order mark; the hint; then as an
	// undeclared document, UTF-8 by default (a <meta> or an XML
	// declaration means nothing in plain text, and a text in a legacy
	// charset almost always shows it early).
	Text
	// CSS is decided as CSS Syntax Module Level 3 section 3.2 says: a
	// byte order mark; the hint; an @charset "label"; rule at the very
	// start, in the first PrescanLimit bytes (UTF-16 meaning UTF-8,
	// SourceCharsetRule); the fallback (SourceDefault, without UTF-8
	// detection); UTF-8. Nothing is guessed.
	CSS
)

// Detect returns the charset of a document of kind k whose first bytes
// are head. hint is what the transport says: a Content-Type value
// ("text/html; charset=koi8-r") or a bare label, ignored when empty or
// unknown. fallback is a caller's label for an undeclared document, which
// turns guessing off; with no known fallback, the charset of an HTML or
// Text document that declares none is guessed.
//
// An undeclared document is read as UTF-8 (SourceDetected) when its first
// bytes are valid UTF-8 with some non-ASCII (the first PrescanLimit
// bytes when fallback is set, else DetectLimit); else as fallback
// (SourceDefault); else, with no fallback, as UTF-8 with errors
// (SourceDetected, Guessed) when its first DetectLimit bytes are UTF-8
// but for a few invalid sequences, no more than the non-ASCII
// characters they hold (a stray byte in a UTF-8 text: legacy text makes
// far fewer valid UTF-8 sequences than invalid ones, at most one for
// three in the pages of testdata/unlabeled); else as the legacy encoding
// that byte statistics make most likely when some of its first
// DetectLimit bytes are not ASCII (SourceDetected, Guessed: package
// chardet's guess, as browsers guess; never the 7-bit ISO-2022-JP); else
// as the kind's default (SourceDefault; Guessed for HTML).
//
// head should hold the bytes a Head would hold for the decision (for
// HTML, the first HeadLimit bytes, or those up to the end of its head and
// at least DetectLimit); else the answer is the one for a document that
// ends where head does.
func Detect(k Kind, head []byte, hint, fallback string) Charset {
	switch k {
	case Text:
		if c, ok := declared(head, hint); ok {
			return c
		}
		return undeclared(head, fallback, false)
	case CSS:
		return detectCSS(head, hint, fallback)
	}
	c, tentative := detectFirst(head, hint)
	if !tentative {
		return c
	}
	s := scanners.Get().(*metaScanner)
	defer scanners.Put(s)
	s.reset()
	s.scan(head[:min(len(head), HeadLimit)], true)
	return decideLate(c, s, head, fallback)
}

// Guesses reports whether the charset of an HTML or Text document may be
// guessed with this hint and fallback (see Detect): whether neither is a
// known label.
func Guesses(hint, fallback string) bool {
	return hintCharset(hint) == "" && labelName(fallback) == ""
}

var scanners = sync.Pool{New: func() any { return new(metaScanner) }}

// declared returns what a byte order mark at the start of head, then the
// transport's hint, say of the charset, and whether they say anything.
func declared(head []byte, hint string) (Charset, bool) {
	switch {
	case bytes.HasPrefix(head, []byte("\xEF\xBB\xBF")):
		return Named("utf-8", SourceBOM), true
	case bytes.HasPrefix(head, []byte("\xFE\xFF")):
		return Named("utf-16be", SourceBOM), true
	case bytes.HasPrefix(head, []byte("\xFF\xFE")):
		return Named("utf-16le", SourceBOM), true
	}
	if name := hintCharset(hint); name != "" {
		return Named(name, SourceTransport), true
	}
	return Charset{}, false
}

// detectFirst is the first steps of Detect for HTML, before the <meta>:
// what the first bytes say (PrescanLimit are enough), and whether a
// <meta> may change it. It returns the zero Charset, tentative, when they
// say nothing: decideLate then decides.
func detectFirst(head []byte, hint string) (c Charset, tentative bool) {
	if c, ok := declared(head, hint); ok {
		return c, false
	}
	if len(head) > PrescanLimit {
		head = head[:PrescanLimit]
	}
	if len(head) >= 8 {
		switch {
		case bytes.HasPrefix(head, []byte("<\x00?\x00x\x00")):
			return Named("utf-16le", SourceXML), false
		case bytes.HasPrefix(head, []byte("\x00<\x00?\x00x")):
			return Named("utf-16be", SourceXML), false
		case bytes.HasPrefix(head, []byte("<?xml")):
			if name := xmlEncoding(head); name != "" {
				return Named(name, SourceXML), true
			}
		}
	}
	return Charset{}, true
}

// decideLate returns the charset of an HTML document whose first bytes,
// head, said c (tentatively) once s has scanned it: the steps of Detect
// from the <meta> on.
func decideLate(c Charset, s *metaScanner, head []byte, fallback string) Charset {
	if s.name != "" {
		return Named(s.name, SourceMeta)
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
	if name := labelName(fallback); name != "" {
		if looksUTF8(head[:min(len(head), PrescanLimit)]) {
			return Named("utf-8", SourceDetected)
		}
		return Named(name, SourceDefault)
	}
	head = head[:min(len(head), DetectLimit)]
	if looksUTF8(head) {
		return Named("utf-8", SourceDetected)
	}
	var c Charset
	if mostlyUTF8(head) {
		c = Named("utf-8", SourceDetected)
	} else if name := chardet.Guess(head, false); name != "" {
		c = Named(name, SourceDetected)
	} else if html {
		c = Named("windows-1252", SourceDefault)
	} else {
		return Named("utf-8", SourceDefault)
	}
	c.Guessed = true
	return c
}

// detectCSS is Detect for a style sheet.
func detectCSS(head []byte, hint, fallback string) Charset {
	if c, ok := declared(head, hint); ok {
		return c
	}
	if label, ok := charsetRule(head); ok {
		if name := labelName(label); name != "" {
			if name == "utf-16le" || name == "utf-16be" {
				name = "utf-8"
			}
			return Named(name, SourceCharsetRule)
		}
	}
	if name := labelName(fallback); name != "" {
		return Named(name, SourceDefault)
	}
	return Named("utf-8", SourceDefault)
}

// charsetRule returns the label of the @charset rule that head starts
// with: exactly `@charset "`, then the label, then `";`, all within the
// first PrescanLimit bytes.
func charsetRule(head []byte) (string, bool) {
	const open = `@charset "`
	if len(head) > PrescanLimit {
		head = head[:PrescanLimit]
	}
	if !bytes.HasPrefix(head, []byte(open)) {
		return "", false
	}
	rest := head[len(open):]
	i := bytes.IndexByte(rest, '"')
	if i < 0 || i+1 >= len(rest) || rest[i+1] != ';' {
		return "", false
	}
	return string(rest[:i]), true
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
	name := labelName(label)
	switch name {
	case "utf-16be", "utf-16le":
		name = "utf-8"
	}
	return name
}

// xmlSpace is what Chromium skips around the "=" of an XML declaration's
// encoding: the bytes up to and including the space.
const xmlSpace = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "

// looksUTF8 reports whether b, less a rune cut at its end, is valid UTF-8
// with at least one non-ASCII character.
func looksUTF8(b []byte) bool {
	b = trimCutRune(b)
	high := false
	for _, c := range b {
		if c >= utf8.RuneSelf {
			high = true
			break
		}
	}
	return high && utf8.Valid(b)
}

// trimCutRune returns b less a UTF-8 sequence cut at its end.
func trimCutRune(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-3; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				b = b[:i]
			}
			break
		}
	}
	return b
}

// mostlyUTF8 reports whether b, less a rune cut at its end, is UTF-8 with
// errors: it has invalid sequences (as utf8.DecodeRune counts them, one a
// byte), but no more than the valid non-ASCII characters it holds.
func mostlyUTF8(b []byte) bool {
	b = trimCutRune(b)
	valid, invalid := 0, 0
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			invalid++
		} else {
			valid++
		}
		i += n
	}
	return invalid > 0 && invalid <= valid
}
