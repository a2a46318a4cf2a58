package extract

import "slices"

// A lineIndex gives the line of an offset in a stream from the offsets of
// its newlines, which Text and CSS record as the stream goes through them
// and Markdown for its whole document. The newlines before the first
// offset still to be asked of can be forgotten: their count is kept.
type lineIndex struct {
	nl      []int64 // offsets of the newlines of the recent stream, in order
	nlBase  int     // newlines before those
	nlStart int64   // the offset after the last of those, where its line starts
}

// newLineIndex returns the lineIndex of the whole document b.
func newLineIndex(b []byte) lineIndex {
	var li lineIndex
	li.countLines(b, 0)
	return li
}

// lineAt returns the 1-based line of offset o of the stream.
func (li *lineIndex) lineAt(o int64) int {
	before, _ := slices.BinarySearch(li.nl, o) // the newlines before o
	return li.nlBase + before + 1
}

// posAt returns the 1-based line of offset o of the stream and its
// 1-based column there, in bytes of the stream.
func (li *lineIndex) posAt(o int64) (line, col int) {
	before, _ := slices.BinarySearch(li.nl, o) // the newlines before o
	start := li.nlStart
	if before > 0 {
		start = li.nl[before-1] + 1
	}
	return li.nlBase + before + 1, int(o-start) + 1
}

// countLines records the newlines of b, the stream from offset at on.
func (li *lineIndex) countLines(b []byte, at int64) {
	for i, c := range b {
		if c == '\n' {
			li.nl = append(li.nl, at+int64(i))
		}
	}
}

// forgetLines forgets the newlines before offset o of the stream, where no
// line is asked of any more, keeping their count.
func (li *lineIndex) forgetLines(o int64) {
	k, _ := slices.BinarySearch(li.nl, o) // the newlines before o
	if k > 0 {
		li.nlBase += k
		li.nlStart = li.nl[k-1] + 1
		li.nl = li.nl[:copy(li.nl, li.nl[k:])]
	}
}
