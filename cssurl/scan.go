package cssurl

import (
	"strings"
	"unicode/utf8"
)

// A URL is a URL found in CSS by Find or a Scanner.
//
// [Start, End) is the span of the URL's text as written: inside the
// quotes of a string, and without the whitespace around an unquoted url(…)
// value, but with any CSS escapes as they are. Replacing the span with a
// new URL, escaped for the context Quote names (see Append), changes
// that URL and nothing else.
type URL struct {
	Start, End int64

	// Value is the URL with the CSS escapes decoded, as the CSS parser
	// gives it to the URL parser. It is empty when Oversize is set.
	Value string

	// Quote is the quote, double or single, when the URL was written as a
	// string (url("…"), @import "…", image-set("…" 1x)), and 0 for an
	// unquoted url(…).
	Quote byte

	// Import reports that the URL is the target of an @import rule: a
	// style sheet.
	Import bool

	// Oversize reports that the URL's text is longer than the scanner's
	// limit (MaxURLLen), so its value was not kept.
	Oversize bool
}

// maxURLLen is the longest URL text, in bytes, that a Scanner
// with a zero MaxURLLen keeps the value of.
const maxURLLen = 64 << 10

// Find calls fn for each URL in the complete CSS text css, in order:
// a style sheet, the value of a style attribute, or a single CSS value. It
// is a Scanner fed css in one Feed and closed; offsets are from the
// start of css.
func Find(css []byte, fn func(URL)) {
	if !mayHoldURL(css) {
		return
	}
	var s Scanner
	s.Feed(css, 0, fn)
	s.Close(fn)
}

// mayHoldURL reports whether css has a "(" or a quote, without which it
// holds no URL: each is the argument of a function token, whose name ends
// at a "(" as written (an escaped one is part of the name), or a string
// after @import. Most style attributes have neither ("text-align: left"),
// and Find need not tokenize them.
func mayHoldURL(css []byte) bool {
	for _, c := range css {
		if c == '(' || c == '"' || c == '\'' {
			return true
		}
	}
	return false
}

// A Scanner finds the URLs in CSS text that arrives in chunks, such as
// the text of a style element as an HTML tokenizer delivers it, with
// bounded memory.
//
// It tokenizes as CSS Syntax Module Level 3 does, so it finds URLs where a
// browser would and nowhere else:
//
//   - url(…) unquoted, with escapes (\29, \), \ ), whitespace inside the
//     parentheses, in any letter case (URL(…), u\72l(…)); a "bad URL" (a
//     quote, parenthesis, control character or unescaped whitespace
//     inside) is not a URL;
//   - url("…") and url('…'), the string being the URL;
//   - @import "…" and @import url(…), reported with Import set;
//   - the strings directly inside image-set(), -webkit-image-set(),
//     image() and src(), which CSS Images and CSS Values define as URLs
//     (not those of type() or format() inside them).
//
// Comments, strings elsewhere, and identifiers that merely end in "url"
// (my-url(…), #url(…), 5url(…)) hold no URL; neither does @namespace,
// whose url() is a namespace name. Empty URLs (url(), url("")) are not
// reported: CSS defines them as invalid images, not as links to the style
// sheet.
//
// The results, spans included, do not depend on how the text is split
// into chunks. Memory is bounded: the scanner keeps the decoded value of
// the URL in progress, up to MaxURLLen bytes of text, and a stack of
// nested blocks up to a fixed depth (deeper nesting is counted, not
// stored).
//
// The scanner works on bytes in UTF-8 or any ASCII-compatible encoding;
// escapes decode to UTF-8 and other bytes are copied as they are.
//
// The zero value is ready to use.
type Scanner struct {
	// MaxURLLen is the longest URL text whose value the scanner keeps; a
	// longer URL is reported with Oversize set and no value. Zero means
	// 64 KiB: data: URLs of inline images are the URLs that come near it.
	// A longer data: URL is not reported at all: a data: URL holds its
	// resource, it has no link to follow and nothing to rewrite.
	MaxURLLen int

	state cssState

	// The two bytes before the current token, for telling an identifier
	// from a hash (#x) or an at-keyword (@x), and for the CDO token <!--.
	prev, prev2 byte

	// The identifier in progress ("name run"): its first bytes, lower-cased,
	// as long as it could still be a name the scanner looks for.
	run      [24]byte
	runLen   int  // decoded length so far
	runRaw   int  // bytes consumed so far
	runDash  int  // leading literal "-" bytes, up to runRaw
	runOther bool // holds something no wanted name has (non-ASCII, too long)
	runPrev  byte // the byte before the identifier
	runCDO   bool // the identifier started right after "<!"

	// Escapes in progress.
	hexVal rune
	hexN   int

	// The URL in progress.
	quote     byte // the string's quote, in string states
	isURL     bool // the string is a URL
	imp       bool // the URL is @import's
	urlStart  int64
	urlEnd    int64
	buf       []byte
	head      []byte // the first urlHeadLen bytes of the URL, kept when it is oversize
	oversize  bool
	pendingIm bool // after @import, before its first token
	namespace bool // in the prelude of @namespace

	stack [64]cssFrame
	depth int // entries of stack in use
	deep  int // open blocks beyond the stack
}

// A cssFrame is an open block: what closes it and whether strings
// directly in it are URLs.
type cssFrame struct {
	closer     byte
	urlStrings bool
	imp        bool
}

type cssState uint8

const (
	cssData        cssState = iota // between tokens
	cssSlash                       // after "/": a comment or a delimiter
	cssComment                     // in /* */
	cssCommentStar                 // in a comment, after "*"
	cssName                        // in an identifier
	cssNameEsc                     // in an identifier, after "\"
	cssNameHex                     // in an identifier, in a hex escape
	cssNameHexCR                   // in an identifier, after a hex escape and CR
	cssURLStart                    // after "url(", in whitespace
	cssURL                         // in an unquoted url(
	cssURLEsc                      // in an unquoted url(, after "\"
	cssURLHex                      // in an unquoted url(, in a hex escape
	cssURLHexCR                    // in an unquoted url(, after a hex escape and CR
	cssURLSpace                    // in an unquoted url(, in whitespace after the URL
	cssBadURL                      // in the remnants of a bad url(
	cssBadURLEsc                   // in the remnants of a bad url(, after "\"
	cssString                      // in a string
	cssStringEsc                   // in a string, after "\"
	cssStringEscCR                 // in a string, after "\" and CR
	cssStringHex                   // in a string, in a hex escape
	cssStringHexCR                 // in a string, after a hex escape and CR
)

// Byte classes.
const (
	cssClassName  = 1 << iota // continues an identifier: letter, digit, -, _, non-ASCII, NUL
	cssClassSpace             // whitespace: space, tab, LF, CR, FF
	cssClassHex               // hex digit
	cssClassBad               // not allowed in an unquoted url(: quotes, (, controls
	cssClassPlain             // whitespace, or a delimiter that opens or closes nothing
)

// plainPrev is what a byte of class plain leaves as the byte before the
// next token.
func plainPrev(c byte) byte {
	if cssClass[c]&cssClassSpace != 0 {
		return ' '
	}
	return c
}

var cssClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '-', c == '_', c >= 0x80, c == 0:
			t[c] |= cssClassName
		case '0' <= c && c <= '9':
			t[c] |= cssClassName | cssClassHex
		}
		if 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' {
			t[c] |= cssClassHex
		}
		switch {
		case c == ' ', c == '\t', c == '\n', c == '\r', c == '\f':
			t[c] |= cssClassSpace
		case c == '"', c == '\'', c == '(', c < 0x20 && c != 0, c == 0x7f:
			t[c] |= cssClassBad
		}
		if t[c]&cssClassName == 0 && !strings.ContainsRune(`"'/\()[]{};`, rune(c)) {
			t[c] |= cssClassPlain
		}
	}
	return t
}()

func isCSSNewline(c byte) bool { return c == '\n' || c == '\r' || c == '\f' }

func hexValue(c byte) rune {
	switch {
	case c <= '9':
		return rune(c - '0')
	case c >= 'a':
		return rune(c-'a') + 10
	}
	return rune(c-'A') + 10
}

// escapedRune is the code point of a hex escape, as CSS Syntax's "consume
// an escaped code point" returns it.
func escapedRune(v rune) rune {
	if v == 0 || v > utf8.MaxRune || (0xd800 <= v && v <= 0xdfff) {
		return utf8.RuneError
	}
	return v
}

// Reset makes s ready for a new stream, keeping MaxURLLen and the memory
// it has.
func (s *Scanner) Reset() {
	*s = Scanner{MaxURLLen: s.MaxURLLen, buf: s.buf[:0]}
}

// Pending returns the offset at which the URL the scanner is in the
// middle of starts, and true, if it is in the middle of one: a rewriter
// that streams must hold the bytes from there on until the URL is
// reported, and may pass on everything before. It returns false when no
// URL can be reported that starts before the end of what was written.
func (s *Scanner) Pending() (start int64, ok bool) {
	switch s.state {
	case cssURL, cssURLEsc, cssURLHex, cssURLHexCR, cssURLSpace:
		return s.urlStart, true
	case cssString, cssStringEsc, cssStringEscCR, cssStringHex, cssStringHexCR:
		return s.urlStart, s.isURL
	}
	return 0, false
}

func (s *Scanner) maxLen() int64 {
	if s.MaxURLLen > 0 {
		return int64(s.MaxURLLen)
	}
	return maxURLLen
}

// Feed scans the next chunk of the text, whose first byte is at stream
// offset offset, and calls fn for each URL that ends in it. Chunks must be
// fed in order; offset is normally the previous chunk's offset plus its
// length, and only serves to make the reported spans absolute. A URL that
// is still open at the end of the chunk is reported by a later Feed or by
// Close.
func (s *Scanner) Feed(chunk []byte, offset int64, fn func(URL)) {
	// The states come in groups, each scanned by a method of its own that
	// returns where it stopped: at the end of the chunk, or where the state
	// leaves its group. The groups that escapes, comments and bad URLs
	// enter are apart from those of the common tokens.
	for i := 0; i < len(chunk); {
		switch s.state {
		case cssData, cssSlash, cssName:
			i = s.scanToken(chunk, i, offset)
		case cssComment, cssCommentStar:
			i = s.scanComment(chunk, i)
		case cssNameEsc, cssNameHex, cssNameHexCR:
			i = s.scanNameEscape(chunk, i)
		case cssURLStart, cssURL, cssURLSpace:
			i = s.scanURL(chunk, i, offset, fn)
		case cssURLEsc, cssURLHex, cssURLHexCR:
			i = s.scanURLEscape(chunk, i, offset)
		case cssBadURL, cssBadURLEsc:
			i = s.scanBadURL(chunk, i)
		case cssString:
			i = s.scanString(chunk, i, offset, fn)
		case cssStringEsc, cssStringEscCR, cssStringHex, cssStringHexCR:
			i = s.scanStringEscape(chunk, i, offset)
		}
	}
}

// scanToken scans from chunk[i], whose stream offset is offset+i, between
// tokens and in identifiers, one of which may name a function the scanner
// looks inside (url, image-set...) or an at-rule (@import, @namespace). It returns where it stopped: at the end of the chunk, or
// where the state leaves the group.
func (s *Scanner) scanToken(chunk []byte, i int, offset int64) int {
	n := len(chunk)
	for i < n {
		c := chunk[i]
		switch s.state {
		case cssData:
			// Whitespace and most delimiters only matter as the bytes
			// before an identifier, and as tokens that end @import's
			// prelude: skip runs of them.
			j := i
			delims := false
			for j < n {
				cl := cssClass[chunk[j]]
				if cl&cssClassPlain == 0 {
					break
				}
				delims = delims || cl&cssClassSpace == 0
				j++
			}
			if j > i {
				if delims {
					s.pendingIm = false
				}
				s.prev2, s.prev = s.prev, plainPrev(chunk[j-1])
				if j-i > 1 {
					s.prev2 = plainPrev(chunk[j-2])
				}
				i = j
				break
			}
			switch cl := cssClass[c]; {
			case cl&cssClassName != 0, c == '\\':
				s.startRun()
				s.state = cssName
			case c == '"' || c == '\'':
				s.startString(c, offset+int64(i)+1)
				i++
			case c == '/':
				s.state = cssSlash
				i++
			default:
				s.delim(c)
				i++
			}

		case cssSlash:
			if c == '*' {
				s.state = cssComment
				i++
				break
			}
			s.state = cssData
			s.delim('/')

		case cssName:
			j := i
			if !s.runOther {
				// Add the bytes to the identifier: its leading dashes, and
				// its first bytes lower-cased while it could still be a
				// name the scanner looks for.
				k, raw, dash := s.runLen, s.runRaw, s.runDash
				for j < n {
					c = chunk[j]
					if cssClass[c]&cssClassName == 0 {
						break
					}
					if c >= 0x80 || c == 0 || k == len(s.run) {
						s.runOther = true
						break
					}
					if c == '-' && dash == raw {
						dash++
					}
					raw++
					// Lower-case letters; digits and "-" are unchanged, and
					// "_" becomes DEL, which no wanted name has either.
					s.run[k] = c | 0x20
					k++
					j++
				}
				s.runLen, s.runRaw, s.runDash = k, raw, dash
			}
			for j < n && cssClass[chunk[j]]&cssClassName != 0 {
				j++ // the identifier cannot be one the scanner looks for
			}
			i = j
			if j == n {
				break
			}
			if c = chunk[j]; c == '\\' {
				s.state = cssNameEsc
				s.runRaw++
				i++
				break
			}
			if s.endRun(c == '(') {
				i++ // the "(" of a function the scanner looks inside
			}

		default:
			return i // a state of another group
		}
	}
	return i
}

// scanComment scans from chunk[i] in a comment. It returns where it stopped: at the end of the chunk, or
// where the state leaves the group.
func (s *Scanner) scanComment(chunk []byte, i int) int {
	n := len(chunk)
	for i < n {
		c := chunk[i]
		switch s.state {
		case cssComment:
			j := i
			for j < n && chunk[j] != '*' {
				j++
			}
			if j < n {
				s.state = cssCommentStar
				j++
			}
			i = j

		case cssCommentStar:
			switch c {
			case '/':
				s.state = cssData
				s.prev2, s.prev = s.prev, ' '
			case '*':
			default:
				s.state = cssComment
			}
			i++

		default:
			return i // a state of another group
		}
	}
	return i
}

// scanNameEscape scans from chunk[i] in an escape in an identifier. It returns where it stopped: at the end of the chunk, or
// where the state leaves the group.
func (s *Scanner) scanNameEscape(chunk []byte, i int) int {
	n := len(chunk)
	for i < n {
		c := chunk[i]
		switch s.state {
		case cssNameEsc:
			switch {
			case isCSSNewline(c):
				// Not an escape: the identifier ended before the "\",
				// which is a delimiter.
				s.endRun(false)
				s.delim('\\')
			case cssClass[c]&cssClassHex != 0:
				s.hexVal, s.hexN = hexValue(c), 1
				s.state = cssNameHex
				i++
			default:
				s.runRune(rune(c), c >= 0x80)
				s.state = cssName
				i++
			}

		case cssNameHex:
			if cssClass[c]&cssClassHex != 0 && s.hexN < 6 {
				s.hexVal = s.hexVal<<4 | hexValue(c)
				s.hexN++
				s.runRaw++
				i++
				break
			}
			s.runRune(escapedRune(s.hexVal), false)
			s.state = cssName
			if cssClass[c]&cssClassSpace != 0 {
				s.runRaw++
				if c == '\r' {
					s.state = cssNameHexCR
				}
				i++
			}

		case cssNameHexCR:
			s.state = cssName
			if c == '\n' {
				s.runRaw++
				i++
			}

		default:
			return i // a state of another group
		}
	}
	return i
}

// scanURL scans from chunk[i], whose stream offset is offset+i, inside an
// unquoted url(, and reports the URL to fn when it ends. It returns where it stopped: at the end of the chunk, or
// where the state leaves the group.
func (s *Scanner) scanURL(chunk []byte, i int, offset int64, fn func(URL)) int {
	n := len(chunk)
	for i < n {
		c := chunk[i]
		switch s.state {
		case cssURLStart:
			switch {
			case cssClass[c]&cssClassSpace != 0:
				i++
			case c == '"' || c == '\'':
				// url( "…" ): a function whose string is the URL.
				s.push(cssFrame{closer: ')', urlStrings: true, imp: s.imp})
				s.startString(c, offset+int64(i)+1)
				i++
			default:
				s.urlStart, s.urlEnd = offset+int64(i), offset+int64(i)
				s.buf, s.head, s.oversize = s.buf[:0], s.head[:0], false
				s.state = cssURL
			}

		case cssURL:
			j := i
			for j < n {
				c = chunk[j]
				if c == ')' || c == '\\' || cssClass[c]&(cssClassSpace|cssClassBad) != 0 {
					break
				}
				j++
			}
			s.appendURL(chunk[i:j], offset+int64(j))
			i = j
			if j == n {
				break
			}
			switch cl := cssClass[c]; {
			case c == ')':
				s.reportURL(0, fn)
				s.state = cssData
				s.prev2, s.prev = s.prev, ')'
			case c == '\\':
				s.state = cssURLEsc
			case cl&cssClassSpace != 0:
				s.state = cssURLSpace
			default:
				s.state = cssBadURL
			}
			i++

		case cssURLSpace:
			switch {
			case cssClass[c]&cssClassSpace != 0:
				i++
			case c == ')':
				s.reportURL(0, fn)
				s.state = cssData
				s.prev2, s.prev = s.prev, ')'
				i++
			default:
				s.state = cssBadURL // reconsume: it may be a "\"
			}

		default:
			return i // a state of another group
		}
	}
	return i
}

// scanURLEscape scans from chunk[i], whose stream offset is offset+i, in
// an escape in an unquoted url(. It returns where it stopped: at the end of the chunk, or
// where the state leaves the group.
func (s *Scanner) scanURLEscape(chunk []byte, i int, offset int64) int {
	n := len(chunk)
	for i < n {
		c := chunk[i]
		switch s.state {
		case cssURLEsc:
			switch {
			case isCSSNewline(c):
				s.state = cssBadURL // not an escape: a bad URL
			case cssClass[c]&cssClassHex != 0:
				s.hexVal, s.hexN = hexValue(c), 1
				s.state = cssURLHex
				s.urlEnd = offset + int64(i) + 1
				i++
			default:
				s.appendURL(chunk[i:i+1], offset+int64(i)+1)
				s.state = cssURL
				i++
			}

		case cssURLHex:
			if cssClass[c]&cssClassHex != 0 && s.hexN < 6 {
				s.hexVal = s.hexVal<<4 | hexValue(c)
				s.hexN++
				s.urlEnd = offset + int64(i) + 1
				i++
				break
			}
			s.appendRune(escapedRune(s.hexVal))
			s.state = cssURL
			if cssClass[c]&cssClassSpace != 0 {
				s.urlEnd = offset + int64(i) + 1
				if c == '\r' {
					s.state = cssURLHexCR
				}
				i++
			}

		case cssURLHexCR:
			s.state = cssURL
			if c == '\n' {
				s.urlEnd = offset + int64(i) + 1
				i++
			}

		default:
			return i // a state of another group
		}
	}
	return i
}

// scanBadURL scans from chunk[i] in the remnants of a bad url(, up to
// its ")". It returns where it stopped: at the end of the chunk, or
// where the state leaves the group.
func (s *Scanner) scanBadURL(chunk []byte, i int) int {
	n := len(chunk)
	for i < n {
		switch s.state {
		case cssBadURL:
			j := i
			for j < n && chunk[j] != ')' && chunk[j] != '\\' {
				j++
			}
			i = j
			if j == n {
				break
			}
			if chunk[j] == ')' {
				s.state = cssData
				s.prev2, s.prev = s.prev, ')'
			} else {
				s.state = cssBadURLEsc
			}
			i++

		case cssBadURLEsc:
			s.state = cssBadURL
			i++

		default:
			return i // a state of another group
		}
	}
	return i
}

// scanString scans from chunk[i], whose stream offset is offset+i, in a
// string, and reports it to fn when it ends if it is a URL. It returns where it stopped: at the end of the chunk, or
// where the state leaves the group.
func (s *Scanner) scanString(chunk []byte, i int, offset int64, fn func(URL)) int {
	n := len(chunk)
	for i < n {
		c := chunk[i]
		switch s.state {
		case cssString:
			j := i
			q := s.quote
			for j < n {
				c = chunk[j]
				if c == q || c == '\\' || c == '\n' || c == '\r' || c == '\f' {
					break
				}
				j++
			}
			if s.isURL {
				s.appendURL(chunk[i:j], offset+int64(j))
			}
			i = j
			if j == n {
				break
			}
			switch c {
			case q:
				if s.isURL {
					s.reportURL(q, fn)
				}
				s.state = cssData
				s.prev2, s.prev = s.prev, q
				i++
			case '\\':
				s.state = cssStringEsc
				i++
			default:
				// A newline ends the string as a bad string, which is no
				// URL; the newline is whitespace after it. A function with
				// a bad string in it is invalid: the strings after it in
				// url("…) or image-set() are no URLs either.
				s.state = cssData
				s.prev2, s.prev = s.prev, q
				if s.isURL && s.deep == 0 && s.depth > 0 {
					s.stack[s.depth-1].urlStrings = false
				}
			}

		default:
			return i // a state of another group
		}
	}
	return i
}

// scanStringEscape scans from chunk[i], whose stream offset is offset+i,
// in an escape in a string. It returns where it stopped: at the end of the chunk, or
// where the state leaves the group.
func (s *Scanner) scanStringEscape(chunk []byte, i int, offset int64) int {
	n := len(chunk)
	for i < n {
		c := chunk[i]
		switch s.state {
		case cssStringEsc:
			switch {
			case c == '\n' || c == '\f':
				s.state = cssString // an escaped newline is nothing
				s.urlEnd = offset + int64(i) + 1
			case c == '\r':
				s.state = cssStringEscCR
				s.urlEnd = offset + int64(i) + 1
			case cssClass[c]&cssClassHex != 0:
				s.hexVal, s.hexN = hexValue(c), 1
				s.state = cssStringHex
				s.urlEnd = offset + int64(i) + 1
			default:
				if s.isURL {
					s.appendURL(chunk[i:i+1], offset+int64(i)+1)
				}
				s.state = cssString
			}
			i++

		case cssStringEscCR:
			s.state = cssString
			if c == '\n' {
				s.urlEnd = offset + int64(i) + 1
				i++
			}

		case cssStringHex:
			if cssClass[c]&cssClassHex != 0 && s.hexN < 6 {
				s.hexVal = s.hexVal<<4 | hexValue(c)
				s.hexN++
				s.urlEnd = offset + int64(i) + 1
				i++
				break
			}
			if s.isURL {
				s.appendRune(escapedRune(s.hexVal))
			}
			s.state = cssString
			if cssClass[c]&cssClassSpace != 0 {
				s.urlEnd = offset + int64(i) + 1
				if c == '\r' {
					s.state = cssStringHexCR
				}
				i++
			}

		case cssStringHexCR:
			s.state = cssString
			if c == '\n' {
				s.urlEnd = offset + int64(i) + 1
				i++
			}

		default:
			return i // a state of another group
		}
	}
	return i
}

// Close ends the text: it reports a URL left open at the end (CSS closes
// an unterminated url( or string at the end of the input) and makes s
// ready for a new stream, as Reset does.
func (s *Scanner) Close(fn func(URL)) {
	switch s.state {
	case cssURLEsc:
		// "\" at the end is an escape of nothing: U+FFFD.
		s.urlEnd++
		s.appendRune(utf8.RuneError)
		s.reportURL(0, fn)
	case cssURLHex:
		s.appendRune(escapedRune(s.hexVal))
		s.reportURL(0, fn)
	case cssURL, cssURLHexCR, cssURLSpace:
		s.reportURL(0, fn)
	case cssString, cssStringEscCR, cssStringHexCR:
		if s.isURL {
			s.reportURL(s.quote, fn)
		}
	case cssStringEsc:
		if s.isURL {
			s.urlEnd++ // a "\" at the end of a string is nothing
			s.reportURL(s.quote, fn)
		}
	case cssStringHex:
		if s.isURL {
			s.appendRune(escapedRune(s.hexVal))
			s.reportURL(s.quote, fn)
		}
	}
	s.Reset()
}

// delim handles a byte that is a token of its own: a delimiter, a bracket
// or a separator.
func (s *Scanner) delim(c byte) {
	s.pendingIm = false
	switch c {
	case '(':
		s.push(cssFrame{closer: ')'})
	case '[':
		s.push(cssFrame{closer: ']'})
	case '{':
		s.push(cssFrame{closer: '}'})
		s.namespace = false
	case ')', ']', '}':
		if s.deep > 0 {
			s.deep--
		} else if s.depth > 0 && s.stack[s.depth-1].closer == c {
			s.depth--
		}
		if c == '}' {
			s.namespace = false
		}
	case ';':
		s.namespace = false
	}
	s.prev2, s.prev = s.prev, c
}

func (s *Scanner) push(f cssFrame) {
	if s.depth < len(s.stack) && s.deep == 0 {
		s.stack[s.depth] = f
		s.depth++
	} else {
		s.deep++
	}
}

// startString starts a string token whose text starts at start, and
// decides whether it is a URL: after @import, or directly inside url(),
// image-set() and their kin.
func (s *Scanner) startString(q byte, start int64) {
	s.state = cssString
	s.quote = q
	s.isURL, s.imp = s.pendingIm, s.pendingIm
	if s.deep == 0 && s.depth > 0 {
		if f := s.stack[s.depth-1]; f.urlStrings {
			s.isURL, s.imp = true, s.imp || f.imp
		}
	}
	s.pendingIm = false
	if s.namespace {
		s.isURL = false
	}
	s.urlStart, s.urlEnd = start, start
	s.buf, s.head, s.oversize = s.buf[:0], s.head[:0], false
}

func (s *Scanner) startRun() {
	s.runLen, s.runRaw, s.runDash, s.runOther = 0, 0, 0, false
	s.runPrev = s.prev
	s.runCDO = s.prev2 == '<' && s.prev == '!'
}

// runRune adds a code point to the identifier's decoded value; other marks
// one that no wanted name has.
func (s *Scanner) runRune(r rune, other bool) {
	if other || r >= 0x80 || s.runLen == len(s.run) {
		s.runOther = true
		return
	}
	c := byte(r)
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	s.run[s.runLen] = c
	s.runLen++
}

// endRun ends the identifier in progress; paren reports that a "(" follows
// it. It returns true if it took the "(" as the start of a function whose
// URLs the scanner looks for.
func (s *Scanner) endRun(paren bool) bool {
	s.state = cssData
	imp := s.pendingIm
	s.pendingIm = false
	s.prev2, s.prev = s.prev, 'a'
	if s.runOther {
		return false
	}
	name := s.run[:s.runLen]
	if s.runCDO && s.runDash >= 2 {
		name = name[2:] // <!-- is a token of its own
	}
	switch s.runPrev {
	case '#':
		return false // a hash token
	case '@':
		switch string(name) {
		case "import":
			s.pendingIm = true
		case "namespace":
			s.namespace = true
		}
		return false
	}
	if !paren {
		return false
	}
	switch string(name) {
	case "url":
		s.state = cssURLStart
		s.imp = imp
		return true
	case "image-set", "-webkit-image-set", "image", "src":
		s.push(cssFrame{closer: ')', urlStrings: true})
		s.prev2, s.prev = s.prev, '('
		return true
	}
	return false
}

func (s *Scanner) appendURL(b []byte, end int64) {
	if len(b) == 0 {
		return
	}
	s.urlEnd = end
	if len(s.head) < urlHeadLen {
		s.head = append(s.head, b[:min(len(b), urlHeadLen-len(s.head))]...)
	}
	if s.oversize {
		return
	}
	if end-s.urlStart > s.maxLen() {
		s.oversize, s.buf = true, s.buf[:0]
		return
	}
	for _, c := range b {
		if c == 0 {
			s.buf = utf8.AppendRune(s.buf, utf8.RuneError)
		} else {
			s.buf = append(s.buf, c)
		}
	}
}

func (s *Scanner) appendRune(r rune) {
	if len(s.head) < urlHeadLen {
		s.head = utf8.AppendRune(s.head, r)
	}
	if s.oversize {
		return
	}
	if s.urlEnd-s.urlStart > s.maxLen() {
		s.oversize, s.buf = true, s.buf[:0]
		return
	}
	s.buf = utf8.AppendRune(s.buf, r)
}

func (s *Scanner) reportURL(quote byte, fn func(URL)) {
	if s.urlEnd-s.urlStart > s.maxLen() {
		s.oversize, s.buf = true, s.buf[:0]
	}
	if (len(s.buf) == 0 && !s.oversize) || s.namespace || s.oversize && isDataURL(s.head) {
		// url() and url("") are no links, the url() of @namespace is a
		// namespace name, and an oversize data: URL (an inline
		// image) has nothing to follow or rewrite.
		s.buf, s.oversize, s.imp = s.buf[:0], false, false
		return
	}
	fn(URL{
		Start:    s.urlStart,
		End:      s.urlEnd,
		Value:    string(s.buf),
		Quote:    quote,
		Import:   s.imp,
		Oversize: s.oversize,
	})
	s.buf, s.oversize, s.imp = s.buf[:0], false, false
}

// Append appends to dst the text that writes url in CSS in the
// context quote names, as a URL's Quote gives it: inside url( and ) for
// 0, inside a string quoted with quote for a double or a single quote.
// Replacing a URL's span with it changes the URL to url and nothing
// else.
//
// In the unquoted form, whitespace, quotes, parentheses, backslashes and
// control characters are escaped; in a string, the quote, backslashes and
// newlines are. A NUL, which CSS cannot hold, is written as U+FFFD, which
// is what CSS reads a NUL as. An empty url cannot be written unquoted
// (url() is no URL).
func Append(dst []byte, url string, quote byte) []byte {
	for i := 0; i < len(url); i++ {
		c := url[i]
		switch {
		case c == 0:
			dst = utf8.AppendRune(dst, utf8.RuneError)
		case c == '\\', quote == 0 && (c == '"' || c == '\'' || c == '(' || c == ')' || c == ' '), c == quote && quote != 0:
			dst = append(dst, '\\', c)
		case quote == 0 && (cssClass[c]&(cssClassSpace|cssClassBad) != 0), isCSSNewline(c):
			const hex = "0123456789abcdef"
			if c >= 0x10 {
				dst = append(dst, '\\', hex[c>>4], hex[c&15], ' ')
			} else {
				dst = append(dst, '\\', hex[c], ' ')
			}
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// urlHeadLen is how many of the first bytes of a URL a Scanner keeps
// even when the URL is oversize, to tell a data: URL: the scheme, and
// spaces before it.
const urlHeadLen = 16

// isDataURL reports whether head, the first bytes of a URL, begins with
// the scheme data: (in any case, after the C0 controls and spaces that
// the URL parser strips).
func isDataURL(head []byte) bool {
	i := 0
	for i < len(head) && head[i] <= ' ' {
		i++
	}
	return len(head)-i >= len("data:") && strings.EqualFold(string(head[i:i+len("data:")]), "data:")
}
