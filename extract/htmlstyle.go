package extract

import (
	"errors"

	"github.com/relink-go/relink/cssurl"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/internal/htmltok"
	"github.com/relink-go/relink/internal/transcode"
)

// styleState is the HTML extractor's reading of CSS: the text of a style
// element, which comes in text tokens of any size and goes through a
// cssurl.Scanner, and the quote of the URL that eachURL last found in a style
// attribute (read whole by cssurl.Find).
//
// inStyle is set from a style start tag (not in foreign content) to its
// end tag or the end of the document; css then holds the scanner's state.
// A URL the scanner is still in when a text token ends is reported by a
// later token or by the end of the element, when the token is gone:
// cssPend keeps where it began, in the scanner's stream and in the input,
// and cssTail its bytes from there (as long as such a URL can be). cssTok
// is the token the scanner reads, only while it does.
type styleState struct {
	inStyle  bool
	css      cssurl.Scanner
	cssTok   *htmltok.Token // the text token the CSS scanner reads, while it does
	cssPend  cssMark        // where the URL the scanner is in began
	cssTail  []byte         // and its bytes so far
	cssQuote byte           // the CSSURL.Quote of the URL eachURL reports
}

// reset readies s for a new document.
func (s *styleState) reset() {
	s.cssTok, s.cssPend, s.cssTail = nil, cssMark{stream: -1}, s.cssTail[:0]
	s.inStyle = false
	s.css.Reset()
}

// openStyle begins the text of a style element.
func (s *styleState) openStyle() {
	s.inStyle = true
	s.css.Reset()
}

// styleText scans the text of a style element for CSS URLs. The scanner
// reads the bytes the tokenizer reads (CSS syntax is ASCII); each URL is
// then decoded from the document's charset.
func (x *htmlExtractor) styleText(tok *htmltok.Token) error {
	var err error
	x.cssTok = tok
	x.css.Feed(tok.Raw, tok.Offset, func(u cssurl.URL) {
		if err == nil {
			err = x.cssURL(u)
		}
	})
	// A URL still open is reported by a later token or by the end of the
	// element, when this token is gone: keep where it starts in the input,
	// and its bytes so far (an oversize URL need not be kept).
	end := tok.Offset + int64(len(tok.Raw))
	if p, ok := x.css.Pending(); ok && p >= tok.Offset && p <= end {
		i := int(p - tok.Offset)
		x.cssPend = cssMark{stream: p, orig: x.orig(tok, i)}
		x.cssPend.line, x.cssPend.col = x.posAt(tok, i)
		x.cssTail = append(x.cssTail[:0], tok.Raw[i:]...)
	} else if ok && int64(len(x.cssTail)) <= cssMaxLen(&x.css) {
		x.cssTail = append(x.cssTail, tok.Raw...)
	}
	x.cssTok = nil
	return err
}

// cssOrig returns the input offset of the stream offset p, which lies in
// the URL the CSS scanner was in after the last text token it read.
func (x *htmlExtractor) cssOrig(p int64) (int64, bool) {
	n := p - x.cssPend.stream
	if n < 0 || n > int64(len(x.cssTail)) {
		return 0, false
	}
	if x.u16 != nil {
		return x.cssPend.orig + 2*transcode.UTF16Units(x.cssTail[:n]), true
	}
	return x.cssPend.orig + n, true
}

// A cssMark is a position of the style element's text: its offset in the
// tokenizer's stream, in the input, and its line.
type cssMark struct {
	stream, orig int64
	line, col    int
}

// errNoSpan is the error of a URL of a style element whose place in the
// input is not known (which cssURL should never meet).
var errNoSpan = errors.New("the place of this CSS URL in the input is not known")

// cssURL reports a URL of a style element, found while reading the text
// token x.cssTok, or after it (then x.cssTok is nil) at the end of the
// element. An oversize URL goes to Options.Oversize, at its start, as
// CSS.found reports one (the scanner does not report a data: URL that
// long).
func (x *htmlExtractor) cssURL(u cssurl.URL) error {
	tok := x.cssTok
	in := func(p int64) bool { return tok != nil && p >= tok.Offset && p <= tok.Offset+int64(len(tok.Raw)) }
	var start int64
	var line, col int
	var ok bool
	switch {
	case in(u.Start):
		i := int(u.Start - tok.Offset)
		start, ok = x.orig(tok, i), true
		if !x.opts.NoPosition || u.Oversize {
			line, col = x.posAt(tok, i)
		}
	case u.Start == x.cssPend.stream:
		start, line, col, ok = x.cssPend.orig, x.cssPend.line, x.cssPend.col, true
	}
	if u.Oversize {
		if x.opts.Oversize != nil {
			if !ok {
				start = u.Start // not known (which should not happen): the stream's offset
			}
			x.opts.Oversize(&OversizeError{Construct: ConstructCSSURL, Offset: start, Line: line, Column: col, Limit: int(cssMaxLen(&x.css))})
		}
		return nil
	}
	v := []byte(u.Value)
	if x.jis != nil {
		v = transcode.Unmask(nil, v)
	}
	if x.needsDecoding(v) {
		v = transcode.DecodeWithOffsets(nil, x.decoder(), v, nil)
	}
	l := &Link{Tag: "style", Value: x.str(v), Role: htmlattr.RoleResource, Kind: htmlattr.KindCSS, CSSQuote: u.Quote, Base: x.base,
		Start: start, Line: line, Column: col}
	if ok && in(u.End) {
		l.End = x.orig(tok, int(u.End-tok.Offset))
	} else if ok {
		l.End, ok = x.cssOrig(u.End)
	}
	if !ok {
		l.Err = errNoSpan
	}
	if l.Err == nil {
		x.resolve(l, x.base)
	}
	return x.emit(l)
}

// closeStyle ends the text of a style element, reporting what the
// scanner still holds.
func (x *htmlExtractor) closeStyle() error {
	x.inStyle = false
	var err error
	x.css.Close(func(u cssurl.URL) {
		if err == nil {
			err = x.cssURL(u)
		}
	})
	x.cssTok = nil
	return err
}

// cssURLLen is the longest URL text whose value a cssurl.Scanner with a
// zero MaxURLLen keeps (and cssurl.Find): 64 KiB.
const cssURLLen = 64 << 10

// cssMaxLen returns the longest URL text whose value s keeps: its
// MaxURLLen, or the 64 KiB that a zero MaxURLLen means.
func cssMaxLen(s *cssurl.Scanner) int64 {
	if s.MaxURLLen > 0 {
		return int64(s.MaxURLLen)
	}
	return cssURLLen
}
