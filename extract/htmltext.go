package extract

import (
	"bytes"
	"slices"

	"github.com/relink-go/relink/internal/htmltok"
	"github.com/relink-go/relink/internal/transcode"
	"github.com/relink-go/relink/textlink"
)

// textRun is the text that the HTML extractor searches for links written
// as plain text (Options.TextLinks): the ordinary text since the last tag,
// as written, searched (decoded, its character references too) when a
// tag, an a element or the end of the document ends it, or when it
// reaches maxTextRun bytes.
//
// trun is empty when no text is held; else trunStart is the offset in the
// input of its first byte and trunLine the line there, and Settled is at
// most trunStart.
type textRun struct {
	trun      []byte // text since the last tag, for Options.TextLinks
	trunStart int64  // its offset in the input
	trunLine  int
	trunCol   int // the column of trunStart

	// code counts the open elements whose text is code (codeElement, or
	// those of Options.TextSkip): no text link is looked for while it is
	// not 0, nor while inA (Options.TextSkip names "a" and an a element is
	// open), nor in foreign content when skipForeign.
	code        int
	runText     []byte  // the text of the last run, decoded
	toffs       []int32 // the offset in the run of each of its bytes
	inA         bool
	aMarkers    int    // the elements opened in the a element that end at a marker
	tables      []byte // with TextSkip, the tables open ('t') and their cells open ('c')
	open        []int  // the open elements of each name that codeTag counts; code is their sum
	skipForeign bool
}

// reset readies t for a new document.
func (t *textRun) reset() {
	t.trun = t.trun[:0]
	t.code = 0
	t.inA, t.aMarkers = false, 0
	t.tables = t.tables[:0]
	clear(t.open)
}

// skipsText reports whether the text token tok is out of the text that
// Options.TextLinks searches: inside an element of codeElement or
// Options.TextSkip.
func (t *textRun) skipsText(tok *htmltok.Token) bool {
	return t.code > 0 || t.inA || tok.Foreign && t.skipForeign || len(t.tables) > 0 && t.tables[len(t.tables)-1] == 't'
}

// codeElement reports the elements whose text is code, commands or their
// output, in which Options.TextLinks finds no link: pre, code, kbd, samp
// and tt (and listing, an old pre). The text of script, style, textarea,
// xmp and the other raw-text elements is not ordinary text and is never
// searched.
func codeElement(name []byte) bool {
	switch string(name) {
	case "pre", "code", "kbd", "samp", "tt", "listing":
		return true
	}
	return false
}

// codeTag counts the start and end tags of the code elements, or of
// those of skip when it is not nil.
func (t *textRun) codeTag(tok *htmltok.Token, skip []string) {
	if skip != nil && !tok.Foreign {
		t.tableTag(tok)
	}
	if skip != nil && slices.Contains(skip, "a") {
		switch string(tok.Name) {
		case "a":
			// A second <a> ends the first: no count, open or not. An
			// a element of SVG is a link too. But an </a> in a table
			// cell (or another element that puts a marker in the list
			// of active formatting elements) inside the a element
			// does not end it: the parser ignores it.
			switch {
			case tok.Type != htmltok.EndTag:
				t.inA = true
			case t.aMarkers == 0:
				t.inA = false
			}
			return
		case "td", "th", "caption", "object", "applet", "marquee", "template":
			if t.inA {
				if tok.Type == htmltok.StartTag {
					t.aMarkers++
				} else if tok.Type == htmltok.EndTag && t.aMarkers > 0 {
					t.aMarkers--
				}
			}
		case "table":
			if tok.Type == htmltok.EndTag {
				t.aMarkers = 0 // its cells end with it
			}
		}
	}
	if tok.Foreign && (skip == nil || string(tok.Name) != "svg" && string(tok.Name) != "math") {
		// The end tag of svg and math is foreign: counted, as their
		// start tag is, to skip the whole of them, HTML integration
		// points too.
		return
	}
	if skip == nil {
		if !codeElement(tok.Name) {
			return
		}
		skip = codeElements
	}
	// Each element is counted apart: an end tag closes no other.
	i := slices.Index(skip, string(tok.Name))
	if i < 0 {
		return
	}
	if len(t.open) < len(skip) {
		t.open = append(t.open, make([]int, len(skip)-len(t.open))...)
	}
	typ := tok.Type
	if typ == htmltok.SelfClosingTag && !voidElement(tok.Name) && string(tok.Name) != "svg" && string(tok.Name) != "math" {
		// "/>" means nothing on an HTML element that is not void:
		// <code/> opens a code element.
		typ = htmltok.StartTag
	}
	switch typ {
	case htmltok.StartTag:
		t.open[i]++
		t.code++
	case htmltok.EndTag:
		if t.open[i] > 0 {
			t.open[i]--
			t.code--
		}
	}
}

// codeElements are the elements of codeElement, for codeTag's counts.
var codeElements = []string{"pre", "code", "kbd", "samp", "tt", "listing"}

// tableTag follows the tables open and their cells, for skipsText: the
// text of a table outside its cells is moved by the parser before the
// table ("foster parenting", white space apart from the rest), and an a
// element made there would change where its white space goes.
func (t *textRun) tableTag(tok *htmltok.Token) {
	top := byte(0)
	if n := len(t.tables); n > 0 {
		top = t.tables[n-1]
	}
	end := tok.Type == htmltok.EndTag
	switch string(tok.Name) {
	case "table":
		if !end {
			if top == 't' {
				return // a table in a table's text: the parser ends the first
			}
			t.tables = append(t.tables, 't')
			return
		}
		for len(t.tables) > 0 {
			last := t.tables[len(t.tables)-1]
			t.tables = t.tables[:len(t.tables)-1]
			if last == 't' {
				break
			}
		}
	case "td", "th", "caption":
		switch {
		case !end && top == 't':
			t.tables = append(t.tables, 'c')
		case !end && top == 'c' && string(tok.Name) != "caption":
			// The next cell ends this one.
		case end && top == 'c':
			t.tables = t.tables[:len(t.tables)-1]
		}
	case "tr", "tbody", "thead", "tfoot":
		if top == 'c' {
			t.tables = t.tables[:len(t.tables)-1] // ends the cell
		}
	}
}

// voidElement reports the HTML elements that have no end tag.
func voidElement(name []byte) bool {
	switch string(name) {
	case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr":
		return true
	}
	return false
}

// maxTextRun bounds the text held for Options.TextLinks: a longer run of
// text between two tags is searched in pieces, each cut after the last
// white space of its last maxTextCut bytes (a link holds none, but for
// one wrapped in <...>), and only when there is none anywhere there, so
// that a link may then be cut in two.
const (
	maxTextRun = 64 << 10
	maxTextCut = 8 << 10
)

// addText adds a text token to the run searched for plain-text links.
func (x *htmlExtractor) addText(tok *htmltok.Token) error {
	if len(x.trun) == 0 {
		x.trunStart = x.orig(tok, 0)
		x.trunLine, x.trunCol = x.posAt(tok, 0)
	}
	x.trun = append(x.trun, tok.Raw...)
	if len(x.trun) < maxTextRun {
		return nil
	}
	full := x.trun
	cut := bytes.LastIndexAny(full[len(full)-maxTextCut:], " \t\n\r\f") + 1
	if cut == 0 {
		return x.flushText()
	}
	cut += len(full) - maxTextCut
	// Search the run up to the white space; the rest starts the next.
	x.trun = full[:cut]
	start, line, col := x.trunStart, x.trunLine, x.trunCol
	if err := x.flushText(); err != nil {
		return err
	}
	head := full[:cut]
	if x.u16 != nil {
		start += 2 * transcode.UTF16Units(head)
	} else {
		start += int64(cut)
	}
	line += bytes.Count(head, newline)
	if j := bytes.LastIndexByte(head, '\n'); j >= 0 {
		col = cut - j
	} else if col != 0 {
		col += cut
	}
	x.trunStart, x.trunLine, x.trunCol = start, line, col
	x.trun = full[:copy(full, full[cut:])]
	return nil
}

// flushText reports the plain-text links of the text run.
func (x *htmlExtractor) flushText() error {
	raw := x.trun
	x.trun = x.trun[:0]
	if x.jis != nil {
		raw = transcode.Unmask(nil, raw)
	}
	u8 := raw
	var offs2 []int32
	transcoded := x.needsDecoding(raw)
	if transcoded {
		u8 = transcode.DecodeWithOffsets(nil, x.decoder(), raw, &offs2)
	}
	// The text and its offsets are reused from run to run: the links
	// reported copy what they keep.
	x.toffs = x.toffs[:0]
	text := htmltok.UnescapeText(x.runText[:0], u8, &x.toffs)
	x.runText = text
	offs1 := x.toffs
	// rawAt maps an offset of text to one of raw.
	rawAt := func(i int) int {
		o := len(u8)
		if i < len(offs1) {
			o = int(offs1[i])
		}
		if !transcoded {
			return o
		}
		if o < len(offs2) {
			return int(offs2[o])
		}
		return len(raw)
	}
	origAt := func(i int) int64 {
		k := rawAt(i)
		if x.u16 != nil {
			return x.trunStart + 2*transcode.UTF16Units(raw[:k])
		}
		return x.trunStart + int64(k)
	}
	// posAt returns the line and column of an offset of text.
	posAt := func(i int) (line, col int) {
		k := rawAt(i)
		line = x.trunLine + bytes.Count(raw[:k], newline)
		if j := bytes.LastIndexByte(raw[:k], '\n'); j >= 0 {
			return line, k - j
		}
		if x.trunCol == 0 {
			return line, 0
		}
		return line, x.trunCol + k
	}
	var dropped func(int64)
	if x.opts.Oversize != nil {
		dropped = func(o int64) {
			i := int(o)
			e := &OversizeError{Construct: ConstructTextLink, Offset: origAt(i), Limit: textlink.MaxLen}
			e.Line, e.Column = posAt(i)
			x.opts.Oversize(e)
		}
	}
	for _, m := range textlink.FindOversize(text, dropped) {
		if x.opts.StrictText && !m.Strict() {
			continue
		}
		i, j := int(m.Start), int(m.End)
		l := &Link{Value: string(m.Raw), Start: origAt(i), End: origAt(j), Base: x.base}
		if !x.opts.NoPosition {
			l.Line, l.Column = posAt(i)
		}
		uri, e := m.Href()
		if e != nil {
			l.Err = e
		} else {
			l.Href = uri
			if !x.opts.NoIRI {
				l.IRI = uri
				if s, e := x.conv.ToIRI(uri); e == nil {
					l.IRI = s
				}
			}
		}
		if err := x.emit(l); err != nil {
			return err
		}
	}
	return nil
}
