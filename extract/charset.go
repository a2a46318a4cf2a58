package extract

import (
	"golang.org/x/text/encoding"

	"github.com/relink-go/relink/internal/charset"
)

// The charset of a document is decided by package internal/charset, the
// one place that decides and decodes charsets; the names below are its
// public face, their values the same as its own (TestCharsetConstants).

// Where a document's charset came from, as reported in Charset.Source.
const (
	SourceBOM       = "bom"       // a byte order mark
	SourceTransport = "transport" // the Content-Type header or a caller's hint (Options.Charset)
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

	// Guessed reports that the charset is only a guess: nothing declared
	// it (no byte order mark, Options.Charset, XML declaration, <meta>,
	// @charset rule or Options.DefaultCharset) and the document's first
	// bytes do not prove it. It is true for the statistical guess of a
	// legacy charset, for UTF-8 read from bytes that are UTF-8 but for a
	// few invalid sequences (see DetectCharset), and for the windows-1252
	// of an HTML document whose first bytes are all ASCII; false for
	// UTF-8 read from bytes that are valid UTF-8 with some non-ASCII, and
	// for the UTF-8 that plain text, style sheets and Markdown are by
	// default. Package rewrite writes nothing whose meaning depends on a
	// guessed charset.
	Guessed bool
}

// prescanLimit is how many bytes browsers look at for a <meta> charset
// whatever the tags that hold them, and how many DetectCharset needs to
// decide in most documents (those that declare their charset early).
const prescanLimit = 1024

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
//     UTF-8 with some non-ASCII; else UTF-8 with errors (Guessed) when
//     they are UTF-8 but for a few invalid sequences, no more than their
//     valid non-ASCII characters (a stray byte in a UTF-8 page, which
//     Chromium reads as UTF-8 from a local file); else, when some are
//     not ASCII, the legacy encoding that byte statistics make most
//     likely, as browsers guess (Guessed: Japanese, Chinese, Korean,
//     Cyrillic, Greek, Hebrew, Arabic, Thai, Turkish, Baltic and central
//     European encodings, or windows-1252; not the 7-bit ISO-2022-JP,
//     which Chromium does not guess either);
//   - else windows-1252 (source SourceDefault, Guessed), as browsers read
//     an unlabeled ASCII page in most locales.
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
	return Charset(charset.Detect(charset.HTML, head, hint, fallback))
}

// HeadLimit bounds the bytes of a document held while its charset is
// undecided: a <meta> charset that Chromium would honour after the first
// 1024 bytes (see DetectCharset) is looked for in at most this many. Past it the charset stays what the first bytes said (the UTF-8
// detection or the fallback), as though the document had no later meta;
// Chromium has no such limit.
const HeadLimit = 1 << 20
