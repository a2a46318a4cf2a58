package markdown

import (
	"bytes"
	"github.com/relink-go/relink/htmlattr"
	"sort"
	"strings"
)

// The block parser follows the two-phase strategy of the CommonMark spec's
// appendix: each line first continues the open container blocks it can,
// then may open new blocks, then is added to the innermost open block. The
// leaves with inline content (paragraphs and headings) are kept with the
// source offset of every content byte and are read for links once the
// whole document, and so every link reference definition, is known.

type blockType uint8

const (
	bDocument blockType = iota
	bQuote
	bList
	bItem
	bParagraph
	bHeading
	bFenced
	bIndented
	bHTML
	bThematic
	bTable
)

type block struct {
	typ    blockType
	parent *block
	last   *block // last child
	open   bool

	// list and list item
	ordered      bool
	marker       byte // bullet character or ordered delimiter
	markerOffset int
	padding      int

	// fenced code
	fenceChar   byte
	fenceLen    int
	fenceOffset int

	// HTML block
	htmlType int

	// table: the number of columns
	columns int
	// cell: a table cell, whose "\|" are "|"
	cell bool

	// lines of a paragraph, heading or HTML block
	lines []line
	// skip is how many bytes of a paragraph's content link reference
	// definitions took
	skip int
}

// A line is content of a leaf block: spaces virtual spaces (from a tab
// partly consumed by container indentation) then src[start:end], then a
// line ending at end (absent on the last line of a document without one)
// that runs to next.
type line struct {
	spaces     int
	start, end int
	next       int
}

type parser struct {
	src []byte
	gfm bool

	// the current line: src[lineStart:lineStart+len(ln)], next line at lineNext
	ln        []byte
	lineStart int
	lineNext  int

	offset, column       int
	nextNonspace         int
	nextNonspaceColumn   int
	indent               int
	indented, blank      bool
	partiallyConsumedTab bool
	allClosed            bool

	// the memo of findNextNonspace: the line, the offset it was asked
	// from, whether a tab was on the way
	nnLine, nnFrom int
	nnTab          bool
	// the memo of thematicBreak: the line, and for each of * - _ the
	// index of the last byte that is neither it nor a space or tab
	tbLine int
	tbBad  [3]int

	doc, tip, oldtip     *block
	lastMatchedContainer *block

	leaves   []*block // paragraphs and headings, in document order
	headings []Heading
	links    []Link
	html     []HTML
	defs     map[string]int // normalized label -> index in links

	scratch text // the arrays of the last leafText
}

func newParser(src []byte, gfm bool) *parser {
	doc := &block{typ: bDocument, open: true}
	return &parser{src: src, gfm: gfm, doc: doc, tip: doc, oldtip: doc, allClosed: true, defs: map[string]int{}}
}

// thematicBreak reports whether rest, the line from index i on, is a
// thematic break. The line is scanned once, however many containers ask.
func (p *parser) thematicBreak(i int) bool {
	c := p.ln[i]
	k := strings.IndexByte("*-_", c)
	if k < 0 {
		return false
	}
	if p.tbLine != p.lineStart+1 {
		p.tbLine = p.lineStart + 1
		for j, m := range []byte("*-_") {
			p.tbBad[j] = -1
			for x := len(p.ln) - 1; x >= 0; x-- {
				if b := p.ln[x]; b != m && b != ' ' && b != '\t' {
					p.tbBad[j] = x
					break
				}
			}
		}
	}
	if i <= p.tbBad[k] {
		return false
	}
	return bytes.Count(p.ln[i:], []byte{c}) >= 3
}

func (p *parser) parseBlocks() {
	src := p.src
	for i := 0; i < len(src); {
		j := i
		for j < len(src) && src[j] != '\n' && src[j] != '\r' {
			j++
		}
		next := j
		if next < len(src) {
			if src[next] == '\r' && next+1 < len(src) && src[next+1] == '\n' {
				next += 2
			} else {
				next++
			}
		}
		p.ln, p.lineStart, p.lineNext = src[i:j], i, next
		p.incorporateLine()
		i = next
	}
	for p.tip != nil {
		p.finalize(p.tip)
	}
}

func (p *parser) peek(i int) int {
	if i < len(p.ln) {
		return int(p.ln[i])
	}
	return -1
}

func isSpaceOrTab(c int) bool { return c == ' ' || c == '\t' }

func (p *parser) findNextNonspace() {
	// Deeply nested containers ask again and again from offsets within
	// the same indentation: remember the last answer.
	if p.nnLine == p.lineStart+1 && p.offset >= p.nnFrom && p.offset <= p.nextNonspace && !p.nnTab {
		p.nextNonspaceColumn = p.column + p.nextNonspace - p.offset
		p.indent = p.nextNonspaceColumn - p.column
		p.indented = p.indent >= 4
		return
	}
	p.nnLine, p.nnFrom, p.nnTab = p.lineStart+1, p.offset, false
	i, cols := p.offset, p.column
	for i < len(p.ln) {
		c := p.ln[i]
		if c == ' ' {
			i++
			cols++
		} else if c == '\t' {
			i++
			cols += 4 - cols%4
			p.nnTab = true
		} else {
			break
		}
	}
	p.blank = i == len(p.ln)
	p.nextNonspace = i
	p.nextNonspaceColumn = cols
	p.indent = cols - p.column
	p.indented = p.indent >= 4
}

func (p *parser) advanceNextNonspace() {
	p.offset = p.nextNonspace
	p.column = p.nextNonspaceColumn
	p.partiallyConsumedTab = false
}

func (p *parser) advanceOffset(count int, columns bool) {
	for count > 0 && p.offset < len(p.ln) {
		if p.ln[p.offset] == '\t' {
			charsToTab := 4 - p.column%4
			if columns {
				p.partiallyConsumedTab = charsToTab > count
				adv := min(charsToTab, count)
				p.column += adv
				if !p.partiallyConsumedTab {
					p.offset++
				}
				count -= adv
			} else {
				p.partiallyConsumedTab = false
				p.column += charsToTab
				p.offset++
				count--
			}
		} else {
			p.partiallyConsumedTab = false
			p.offset++
			p.column++
			count--
		}
	}
}

func (p *parser) addLine() {
	l := line{start: p.lineStart + p.offset, end: p.lineStart + len(p.ln), next: p.lineNext}
	if p.partiallyConsumedTab {
		p.offset++
		l.start++
		l.spaces = 4 - p.column%4
	}
	p.tip.lines = append(p.tip.lines, l)
}

func canContain(parent, child blockType) bool {
	switch parent {
	case bDocument, bQuote, bItem:
		return child != bItem
	case bList:
		return child == bItem
	}
	return false
}

func acceptsLines(t blockType) bool {
	return t == bParagraph || t == bFenced || t == bIndented || t == bHTML || t == bTable
}

func (p *parser) addChild(t blockType) *block {
	for !canContain(p.tip.typ, t) {
		p.finalize(p.tip)
	}
	b := &block{typ: t, parent: p.tip, open: true}
	p.tip.last = b
	p.tip = b
	return b
}

func (p *parser) closeUnmatchedBlocks() {
	if !p.allClosed {
		for p.oldtip != p.lastMatchedContainer {
			parent := p.oldtip.parent
			p.finalize(p.oldtip)
			p.oldtip = parent
		}
		p.allClosed = true
	}
}

// continues reports whether the open block b continues on this line: 0 it
// does, 1 it does not, 2 the line is used up (a closing code fence).
func (p *parser) continues(b *block) int {
	switch b.typ {
	case bDocument, bList:
		return 0
	case bQuote:
		if !p.indented && p.peek(p.nextNonspace) == '>' {
			p.advanceNextNonspace()
			p.advanceOffset(1, false)
			if isSpaceOrTab(p.peek(p.offset)) {
				p.advanceOffset(1, true)
			}
			return 0
		}
		return 1
	case bItem:
		if p.blank {
			if b.last == nil {
				return 1 // an item can begin with at most one blank line
			}
			p.advanceNextNonspace()
			return 0
		}
		if p.indent >= b.markerOffset+b.padding {
			p.advanceOffset(b.markerOffset+b.padding, true)
			return 0
		}
		return 1
	case bParagraph:
		if p.blank {
			return 1
		}
		return 0
	case bFenced:
		if !p.indented && p.peek(p.nextNonspace) == int(b.fenceChar) {
			n := 0
			i := p.nextNonspace
			for i < len(p.ln) && p.ln[i] == b.fenceChar {
				i++
				n++
			}
			if n >= b.fenceLen && isBlankBytes(p.ln[i:]) {
				p.finalize(b)
				return 2
			}
		}
		for i := b.fenceOffset; i > 0 && isSpaceOrTab(p.peek(p.offset)); i-- {
			p.advanceOffset(1, true)
		}
		return 0
	case bIndented:
		if p.indent >= 4 {
			p.advanceOffset(4, true)
			return 0
		}
		if p.blank {
			p.advanceNextNonspace()
			return 0
		}
		return 1
	case bHTML:
		if p.blank && (b.htmlType == 6 || b.htmlType == 7) {
			return 1
		}
		return 0
	case bTable:
		if p.blank {
			return 1
		}
		return 0
	}
	return 1 // headings and thematic breaks hold one line
}

func isBlankBytes(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

func (p *parser) incorporateLine() {
	p.offset, p.column = 0, 0
	p.blank, p.partiallyConsumedTab = false, false
	p.oldtip = p.tip

	container := p.doc
	for {
		last := container.last
		if last == nil || !last.open {
			break
		}
		p.findNextNonspace()
		switch p.continues(last) {
		case 0:
			container = last
			continue
		case 2:
			return
		}
		break
	}
	p.allClosed = container == p.oldtip
	p.lastMatchedContainer = container

	matchedLeaf := container.typ != bParagraph && container.typ != bTable && acceptsLines(container.typ)
	for !matchedLeaf {
		p.findNextNonspace()
		if !p.indented && !maybeSpecial(p.peek(p.nextNonspace)) {
			p.advanceNextNonspace()
			break
		}
		r := p.blockStart(container)
		if r == 0 {
			p.advanceNextNonspace()
			break
		}
		container = p.tip
		if r == 2 {
			matchedLeaf = true
		}
	}

	if !p.allClosed && !p.blank && p.tip.typ == bParagraph {
		p.addLine() // lazy continuation line
		return
	}
	p.closeUnmatchedBlocks()
	switch {
	case acceptsLines(container.typ):
		p.addLine()
		if container.typ == bHTML && container.htmlType >= 1 && container.htmlType <= 5 &&
			htmlBlockEnd(container.htmlType, p.ln[min(p.offset, len(p.ln)):]) {
			p.finalize(container)
		}
	case p.offset < len(p.ln) && !p.blank:
		p.addChild(bParagraph)
		p.advanceNextNonspace()
		p.addLine()
	}
}

func maybeSpecial(c int) bool {
	switch c {
	case '#', '`', '~', '*', '+', '_', '=', '<', '>', '-', '|', ':':
		return true
	}
	return c >= '0' && c <= '9'
}

var (
	reATX          = newLazyRegexp(`^#{1,6}(?:[ \t]+|$)`)
	reFence        = newLazyRegexp("^(?:`{3,}[^`]*$|~{3,})")
	reSetext       = newLazyRegexp(`^(?:=+|-+)[ \t]*$`)
	reHTMLStart1   = newLazyRegexp(`(?i)^<(?:script|pre|textarea|style)(?:[ \t>]|$)`)
	reHTMLStart6   = newLazyRegexp(`(?i)^</?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:[ \t]|/?>|$)`)
	reHTMLStart7   = newLazyRegexp(`(?i)^(?:` + openTag + `|` + closeTag + `)[ \t]*$`)
	reHTMLEnd1     = newLazyRegexp(`(?i)</(?:script|pre|textarea|style)>`)
	reClosingHash1 = newLazyRegexp(`^[ \t]*#+[ \t]*$`)
	reClosingHash2 = newLazyRegexp(`[ \t]+#+[ \t]*$`)
	reOrdered      = newLazyRegexp(`^([0-9]{1,9})([.)])`)
)

func htmlBlockStart(s []byte, container *block, lazy bool) int {
	switch {
	case reHTMLStart1.Match(s):
		return 1
	case bytes.HasPrefix(s, []byte("<!--")):
		return 2
	case bytes.HasPrefix(s, []byte("<?")):
		return 3
	case len(s) > 2 && s[1] == '!' && isLetter(s[2]):
		return 4
	case bytes.HasPrefix(s, []byte("<![CDATA[")):
		return 5
	case reHTMLStart6.Match(s):
		return 6
	case container.typ != bParagraph && !lazy && reHTMLStart7.Match(s):
		return 7
	}
	return 0
}

func htmlBlockEnd(t int, s []byte) bool {
	switch t {
	case 1:
		return reHTMLEnd1.Match(s)
	case 2:
		return bytes.Contains(s, []byte("-->"))
	case 3:
		return bytes.Contains(s, []byte("?>"))
	case 4:
		return bytes.IndexByte(s, '>') >= 0
	case 5:
		return bytes.Contains(s, []byte("]]>"))
	}
	return false
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// blockStart tries to open new blocks at the line's next non-space: 0 none,
// 1 a container, 2 a leaf.
func (p *parser) blockStart(container *block) int {
	rest := p.ln[p.nextNonspace:]
	if !p.indented {
		switch c := p.peek(p.nextNonspace); c {
		case '>':
			p.advanceNextNonspace()
			p.advanceOffset(1, false)
			if isSpaceOrTab(p.peek(p.offset)) {
				p.advanceOffset(1, true)
			}
			p.closeUnmatchedBlocks()
			p.addChild(bQuote)
			return 1
		case '#':
			if m := reATX.FindIndex(rest); m != nil {
				p.advanceNextNonspace()
				p.advanceOffset(m[1], false)
				p.closeUnmatchedBlocks()
				h := p.addChild(bHeading)
				content := p.ln[p.offset:]
				start := p.offset
				// strip the closing sequence, then spaces at both ends
				if reClosingHash1.Match(content) {
					content = content[:0]
				} else if m := reClosingHash2.FindIndex(content); m != nil {
					content = content[:m[0]]
				}
				for len(content) > 0 && isSpaceOrTab(int(content[0])) {
					content = content[1:]
					start++
				}
				for len(content) > 0 && isSpaceOrTab(int(content[len(content)-1])) {
					content = content[:len(content)-1]
				}
				s := p.lineStart + start
				h.lines = []line{{start: s, end: s + len(content), next: s + len(content)}}
				p.advanceOffset(len(p.ln)-p.offset, false)
				return 2
			}
		case '`', '~':
			if m := reFence.FindIndex(rest); m != nil {
				n := 0
				for n < len(rest) && int(rest[n]) == c {
					n++
				}
				p.closeUnmatchedBlocks()
				b := p.addChild(bFenced)
				b.fenceChar, b.fenceLen, b.fenceOffset = byte(c), n, p.indent
				p.advanceNextNonspace()
				p.advanceOffset(n, false)
				return 2
			}
		case '<':
			lazy := !p.allClosed && !p.blank && p.tip.typ == bParagraph
			if t := htmlBlockStart(rest, container, lazy); t != 0 {
				p.closeUnmatchedBlocks()
				b := p.addChild(bHTML)
				b.htmlType = t
				return 2 // the indentation is part of the HTML: offset stays
			}
		}
		if container.typ == bParagraph && (rest[0] == '=' || rest[0] == '-') && reSetext.Match(rest) {
			p.closeUnmatchedBlocks()
			if p.resolveDefinitions(container) {
				container.typ = bHeading
				p.advanceOffset(len(p.ln)-p.offset, false)
				return 2
			}
		}
		if p.thematicBreak(p.nextNonspace) {
			p.closeUnmatchedBlocks()
			p.addChild(bThematic)
			p.advanceOffset(len(p.ln)-p.offset, false)
			return 2
		}
	}
	if !p.indented || container.typ == bList {
		if p.listItemStart(container) {
			return 1
		}
	}
	if p.indented && p.tip.typ != bParagraph && !p.blank {
		p.advanceOffset(4, true)
		p.closeUnmatchedBlocks()
		p.addChild(bIndented)
		return 2
	}
	if p.gfm && !p.indented && container.typ == bParagraph && p.tableStart(container) {
		return 2
	}
	return 0
}

// tableStart opens a GFM table when the line is a delimiter row and the
// last line of paragraph para a header row with as many cells.
func (p *parser) tableStart(para *block) bool {
	row := p.ln[p.nextNonspace:]
	n := delimiterRow(row)
	if n == 0 || len(para.lines) == 0 {
		return false
	}
	p.closeUnmatchedBlocks()
	if !p.resolveDefinitions(para) {
		return false
	}
	last := para.lines[len(para.lines)-1]
	// the header must not hold a part of a definition
	t := p.leafText(para)
	if t.pos[para.skip] > last.start {
		return false
	}
	header := p.src[last.start:last.end]
	if len(cells(header)) != n {
		return false
	}
	para.lines = para.lines[:len(para.lines)-1]
	p.finalize(para) // what is left is a paragraph, or nothing
	tb := p.addChild(bTable)
	tb.columns = n
	tb.lines = []line{last}
	p.advanceOffset(len(p.ln)-p.offset, false)
	return true
}

// delimiterRow returns the number of cells of a GFM table delimiter row,
// or 0 if row is not one.
func delimiterRow(row []byte) int {
	i, n := 0, 0
	if i < len(row) && row[i] == '|' {
		i++
	}
	for {
		for i < len(row) && isTableSpace(row[i]) {
			i++
		}
		if i < len(row) && row[i] == ':' {
			i++
		}
		d := i
		for i < len(row) && row[i] == '-' {
			i++
		}
		if i == d {
			return 0
		}
		if i < len(row) && row[i] == ':' {
			i++
		}
		for i < len(row) && isTableSpace(row[i]) {
			i++
		}
		n++
		if i == len(row) {
			return n
		}
		if row[i] != '|' {
			return 0
		}
		i++
		k := i
		for k < len(row) && isTableSpace(row[k]) {
			k++
		}
		if k == len(row) {
			return n // a trailing pipe
		}
	}
}

func isTableSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// cells splits a table row at its unescaped pipes: the spans of the cells,
// trimmed, relative to row.
func cells(row []byte) []htmlattr.Span {
	i := 0
	for i < len(row) && isTableSpace(row[i]) {
		i++
	}
	if i < len(row) && row[i] == '|' {
		i++
	}
	var out []htmlattr.Span
	for i < len(row) {
		start := i
		for i < len(row) && row[i] != '|' {
			if row[i] == '\\' && i+1 < len(row) && isASCIIPunct(row[i+1]) {
				i++
			}
			i++
		}
		i = min(i, len(row))
		end := i
		pipe := i < len(row)
		if !pipe && start < end && isBlankBytes(row[start:end]) && len(out) > 0 {
			break // spaces after the trailing pipe
		}
		for start < end && isSpace(row[start]) {
			start++
		}
		for end > start && isSpace(row[end-1]) {
			end--
		}
		out = append(out, htmlattr.Span{Start: start, End: end})
		if pipe {
			i++
		}
	}
	return out
}

func (p *parser) listItemStart(container *block) bool {
	if p.indent >= 4 {
		return false
	}
	rest := p.ln[p.nextNonspace:]
	var ordered bool
	var marker byte
	var n int
	switch {
	case len(rest) > 0 && (rest[0] == '*' || rest[0] == '+' || rest[0] == '-'):
		marker, n = rest[0], 1
	default:
		m := reOrdered.FindSubmatchIndex(rest)
		if m == nil {
			return false
		}
		if container.typ == bParagraph && !(m[3]-m[2] >= 1 && string(bytes.TrimLeft(rest[m[2]:m[3]], "0")) == "1") {
			return false
		}
		ordered, marker, n = true, rest[m[4]], m[1]
	}
	if c := p.peek(p.nextNonspace + n); c != -1 && !isSpaceOrTab(c) {
		return false
	}
	if container.typ == bParagraph && isBlankBytes(p.ln[p.nextNonspace+n:]) {
		return false
	}
	markerOffset := p.indent
	p.advanceNextNonspace()
	p.advanceOffset(n, true)
	startCol, startOffset := p.column, p.offset
	for {
		p.advanceOffset(1, true)
		if !(p.column-startCol < 5 && isSpaceOrTab(p.peek(p.offset))) {
			break
		}
	}
	blankItem := p.peek(p.offset) == -1
	spaces := p.column - startCol
	padding := n + spaces
	if spaces >= 5 || spaces < 1 || blankItem {
		padding = n + 1
		p.column, p.offset = startCol, startOffset
		p.partiallyConsumedTab = false
		if isSpaceOrTab(p.peek(p.offset)) {
			p.advanceOffset(1, true)
		}
	}
	p.closeUnmatchedBlocks()
	if p.tip.typ != bList || p.tip.ordered != ordered || p.tip.marker != marker {
		l := p.addChild(bList)
		l.ordered, l.marker = ordered, marker
	}
	it := p.addChild(bItem)
	it.markerOffset, it.padding = markerOffset, padding
	return true
}

func (p *parser) finalize(b *block) {
	b.open = false
	p.tip = b.parent
	switch b.typ {
	case bParagraph:
		if p.resolveDefinitions(b) {
			p.leaves = append(p.leaves, b)
		}
	case bHeading:
		p.leaves = append(p.leaves, b)
	case bTable:
		for _, l := range b.lines {
			row := p.src[l.start:l.end]
			for k, c := range cells(row) {
				if k == b.columns {
					break // cells past the header's are dropped
				}
				cell := &block{typ: bHeading, cell: true}
				cell.lines = []line{{start: l.start + c.Start, end: l.start + c.End, next: l.start + c.End}}
				p.leaves = append(p.leaves, cell)
			}
		}
	case bHTML:
		h := HTML{Block: true}
		for i, l := range b.lines {
			end := l.end
			if i < len(b.lines)-1 {
				end = l.next
			}
			if n := len(h.Segments); n > 0 && h.Segments[n-1].End == l.start {
				h.Segments[n-1].End = end
			} else if l.start < end {
				h.Segments = append(h.Segments, htmlattr.Span{Start: l.start, End: end})
			}
		}
		// trailing line endings are not HTML: drop empty last lines
		for n := len(h.Segments); n > 0; n = len(h.Segments) {
			s := &h.Segments[n-1]
			for s.End > s.Start && (p.src[s.End-1] == '\n' || p.src[s.End-1] == '\r') {
				s.End--
			}
			if s.End > s.Start {
				break
			}
			h.Segments = h.Segments[:n-1]
		}
		if len(h.Segments) > 0 {
			p.html = append(p.html, h)
		}
	}
}

// text is the inline content of a leaf: the bytes, and for each the input
// offset it comes from (a virtual space maps to its tab), plus one more
// entry, the offset just past the content.
type text struct {
	b    []byte
	pos  []int
	cell bool // the text of a GFM table cell
}

func (p *parser) leafText(b *block) text {
	n := 1
	for _, l := range b.lines {
		n += l.spaces + l.end - l.start + 1
	}
	// the text lives until the next call: reuse its arrays
	if cap(p.scratch.b) < n {
		p.scratch = text{b: make([]byte, 0, n), pos: make([]int, 0, n)}
	}
	t := text{b: p.scratch.b[:0], pos: p.scratch.pos[:0], cell: b.cell}
	for i, l := range b.lines {
		for range l.spaces {
			t.b = append(t.b, ' ')
			t.pos = append(t.pos, l.start-1)
		}
		for o := l.start; o < l.end; o++ {
			if b.cell && p.src[o] == '\\' && o+1 < l.end && p.src[o+1] == '|' {
				continue
			}
			t.b = append(t.b, p.src[o])
			t.pos = append(t.pos, o)
		}
		if i < len(b.lines)-1 {
			t.b = append(t.b, '\n')
			t.pos = append(t.pos, l.end)
		}
	}
	end := 0
	if n := len(b.lines); n > 0 {
		end = b.lines[n-1].end
	}
	t.pos = append(t.pos, end)
	return t
}

// span maps the content range [i, j) to the input.
func (t *text) span(i, j int) htmlattr.Span {
	if i >= j {
		return htmlattr.Span{Start: t.pos[i], End: t.pos[i]}
	}
	return htmlattr.Span{Start: t.pos[i], End: t.pos[j-1] + 1}
}

// resolveDefinitions takes the link reference definitions off the start
// of paragraph b and reports whether content is left.
func (p *parser) resolveDefinitions(b *block) bool {
	if b.skip == 0 {
		// a definition begins with '[' after at most three spaces
		if len(b.lines) == 0 {
			return false
		}
		l := b.lines[0]
		i := l.start
		for i < l.end && (p.src[i] == ' ' || p.src[i] == '\t') {
			i++
		}
		if i == l.end || p.src[i] != '[' {
			return true
		}
	}
	t := p.leafText(b)
	// A table's header row taken off the paragraph can leave skip past
	// the end, with the newline that ended the last definition.
	pos := min(b.skip, len(t.b))
	for {
		n := p.definition(&t, pos)
		if n == 0 {
			break
		}
		pos = n
	}
	b.skip = pos
	return !isBlankText(t.b[pos:])
}

func isBlankText(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' {
			return false
		}
	}
	return true
}

func (p *parser) finish() *Document {
	for _, b := range p.leaves {
		t := p.leafText(b)
		t.b, t.pos = t.b[b.skip:], t.pos[b.skip:]
		if b.typ == bHeading && !b.cell {
			p.headings = append(p.headings, p.heading(t))
		}
		p.inlines(&t)
	}
	sort.SliceStable(p.links, func(i, j int) bool { return p.links[i].At.Start < p.links[j].At.Start })
	// Def indices were set before sorting: remap them.
	idx := make(map[int]int, len(p.links))
	for i := range p.links {
		if p.links[i].Kind == Definition {
			idx[p.links[i].Def] = i
		}
	}
	for i := range p.links {
		l := &p.links[i]
		if l.Kind == Definition {
			l.Def = -1
		} else if l.Def >= 0 {
			l.Def = idx[l.Def]
		}
	}
	sort.SliceStable(p.html, func(i, j int) bool {
		return p.html[i].Segments[0].Start < p.html[j].Segments[0].Start
	})
	return &Document{Links: p.links, HTML: p.html, Headings: p.headings}
}

// heading returns the Heading whose content is t, its leading and
// trailing spaces and tabs left out.
func (p *parser) heading(t text) Heading {
	i, j := 0, len(t.b)
	for i < j && (t.b[i] == ' ' || t.b[i] == '\t' || t.b[i] == '\n') {
		i++
	}
	for j > i && (t.b[j-1] == ' ' || t.b[j-1] == '\t' || t.b[j-1] == '\n') {
		j--
	}
	if i == j {
		return Heading{}
	}
	return Heading{Text: string(t.b[i:j]), At: htmlattr.Span{Start: t.pos[i], End: t.pos[j-1] + 1}}
}
