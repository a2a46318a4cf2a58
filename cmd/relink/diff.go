package main

import (
	"fmt"
	"strings"
)

// diffContext is the number of unchanged lines a hunk shows around its
// changes.
const diffContext = 3

// maxDiffEdits bounds the work of diffLines: beyond as many edits, the
// differing middle of the texts is shown as removed and added whole.
const maxDiffEdits = 4000

// fileDiff returns the unified diff of the text of the file path from old
// to new, or nothing if they are equal. charset is the file's, from which
// the texts were decoded; it is named in the header unless it is UTF-8.
func fileDiff(path, charset, old, new string) []byte {
	return labeledDiff(path+".orig", path, charset, old, new)
}

// labeledDiff is fileDiff with the names of the old and the new text.
func labeledDiff(oldName, newName, charset, old, new string) []byte {
	if old == new {
		return nil
	}
	var b strings.Builder
	if charset != "" && charset != "utf-8" {
		fmt.Fprintf(&b, "diff %s %s (%s, shown in UTF-8)\n", oldName, newName, charset)
	} else {
		fmt.Fprintf(&b, "diff %s %s\n", oldName, newName)
	}
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", oldName, newName)
	unifiedDiff(&b, splitLines(old), splitLines(new))
	return []byte(b.String())
}

// splitLines splits s after each "\n"; the last line may lack one.
func splitLines(s string) []string {
	var lines []string
	for l := range strings.Lines(s) {
		lines = append(lines, l)
	}
	return lines
}

// A diffOp is one line of an edit script: kind ' ' keeps line a[i] (which
// is b[j]), '-' deletes a[i], '+' inserts b[j]. i and j are the positions
// in a and b before the op.
type diffOp struct {
	kind byte
	i, j int
}

// diffLines returns an edit script from a to b, shortest but for its
// middle when the texts differ in more than maxDiffEdits lines (Myers, "An
// O(ND) difference algorithm and its variations", 1986).
func diffLines(a, b []string) []diffOp {
	var ops []diffOp
	// The common prefix and suffix, which Myers would find anyway, cost
	// nothing this way.
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		ops = append(ops, diffOp{' ', p, p})
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	mid := myers(ma, mb)
	if mid == nil && (len(ma) > 0 || len(mb) > 0) {
		for i := range ma {
			mid = append(mid, diffOp{'-', i, 0})
		}
		for j := range mb {
			mid = append(mid, diffOp{'+', len(ma), j})
		}
	}
	for _, op := range mid {
		ops = append(ops, diffOp{op.kind, op.i + p, op.j + p})
	}
	for k := range s {
		ops = append(ops, diffOp{' ', len(a) - s + k, len(b) - s + k})
	}
	return ops
}

// myers returns the shortest edit script from a to b, or nil when it has
// more than maxDiffEdits edits.
func myers(a, b []string) []diffOp {
	n, m := len(a), len(b)
	if n == 0 && m == 0 {
		return nil
	}
	limit := min(n+m, maxDiffEdits)
	off := limit + 1
	v := make([]int, 2*limit+3)
	var trace [][]int // trace[d]: v[-d..d] before step d
	for d := 0; d <= limit; d++ {
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if d == 0 {
				x = 0
			} else if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, n, m)
			}
		}
	}
	return nil
}

// backtrack walks the trace of myers back from (n, m) and returns the
// edit script in order.
func backtrack(trace [][]int, n, m int) []diffOp {
	var rev []diffOp
	x, y := n, m
	for d := len(trace) - 1; d > 0; d-- {
		tv := trace[d]
		at := func(k int) int { return tv[k+d] }
		k := x - y
		var pk int
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py {
			x--
			y--
			rev = append(rev, diffOp{' ', x, y})
		}
		if x == px {
			y--
			rev = append(rev, diffOp{'+', x, y})
		} else {
			x--
			rev = append(rev, diffOp{'-', x, y})
		}
	}
	for x > 0 && y > 0 {
		x--
		y--
		rev = append(rev, diffOp{' ', x, y})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// unifiedDiff writes the hunks of the diff from a to b to w.
func unifiedDiff(w *strings.Builder, a, b []string) {
	ops := diffLines(a, b)
	for start := 0; start < len(ops); {
		// Find the next change, and the end of its hunk: the first run of
		// more than 2*diffContext kept lines after it.
		c := start
		for c < len(ops) && ops[c].kind == ' ' {
			c++
		}
		if c == len(ops) {
			return
		}
		lo := max(c-diffContext, start)
		hi := c
		for kept := 0; hi < len(ops); hi++ {
			if ops[hi].kind != ' ' {
				kept = 0
				continue
			}
			kept++
			if kept > 2*diffContext {
				hi -= kept - diffContext - 1
				break
			}
		}
		if hi == len(ops) {
			// Trailing kept lines: show at most diffContext.
			kept := 0
			for k := hi - 1; k >= 0 && ops[k].kind == ' '; k-- {
				kept++
			}
			if kept > diffContext {
				hi -= kept - diffContext
			}
		}
		var na, nb int
		for _, op := range ops[lo:hi] {
			if op.kind != '+' {
				na++
			}
			if op.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(w, "@@ -%s +%s @@\n", hunkRange(ops[lo].i, na), hunkRange(ops[lo].j, nb))
		for _, op := range ops[lo:hi] {
			l := ""
			if op.kind == '+' {
				l = b[op.j]
			} else {
				l = a[op.i]
			}
			w.WriteByte(op.kind)
			w.WriteString(l)
			if !strings.HasSuffix(l, "\n") {
				w.WriteString("\n\\ No newline at end of file\n")
			}
		}
		start = hi
	}
}

// hunkRange formats the range of a hunk that starts at the 0-based line
// i and has n lines, as diff -u does.
func hunkRange(i, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", i)
	case 1:
		return fmt.Sprintf("%d", i+1)
	}
	return fmt.Sprintf("%d,%d", i+1, n)
}
