package textlink

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// The UTS #58 link detection conformance file marks each link of a line
// with ⸠ and ⸡. Its header says: strip the marks, run detection, put the
// marks back around each detected link, and compare with the line. Empty
// lines and lines that start with "#" are ignored.
const (
	uts58Open  = "⸠"
	uts58Close = "⸡"
)

type uts58Line struct {
	num    int
	marked string // the line as the file has it
	text   string // the line without the marks
	links  [][2]int
}

// parseMarked returns the text of a line marked as the UTS #58 test file
// marks links, and the spans of its links.
func parseMarked(s string) (string, [][2]int) {
	var b strings.Builder
	var spans [][2]int
	open := 0
	for len(s) > 0 {
		switch {
		case strings.HasPrefix(s, uts58Open):
			open = b.Len()
			s = s[len(uts58Open):]
		case strings.HasPrefix(s, uts58Close):
			spans = append(spans, [2]int{open, b.Len()})
			s = s[len(uts58Close):]
		default:
			b.WriteByte(s[0])
			s = s[1:]
		}
	}
	return b.String(), spans
}

func readUTS58Detection(t testing.TB) []uts58Line {
	t.Helper()
	f, err := os.Open("../testdata/uts58/LinkDetectionTest.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []uts58Line
	sc := bufio.NewScanner(f)
	num := 0
	for sc.Scan() {
		num++
		s := sc.Text()
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		l := uts58Line{num: num, marked: s}
		l.text, l.links = parseMarked(s)
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// markLinks returns text with each link's span marked as the UTS #58
// test file marks it.
func markLinks(text string, links []Match) string {
	var b strings.Builder
	last := 0
	for _, l := range links {
		b.WriteString(text[last:l.Start])
		b.WriteString(uts58Open)
		b.WriteString(text[l.Start:l.End])
		b.WriteString(uts58Close)
		last = int(l.End)
	}
	b.WriteString(text[last:])
	return b.String()
}

// readKnownDifferences reads a tab-separated known-differences file: each
// line that is not empty or a "#" comment holds a case, what we answer, a
// category and a reason.
func readKnownDifferences(t testing.TB, name string) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string][]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 || f[2] == "" || f[3] == "" {
			t.Fatalf("%s:%d: want 4 tab-separated fields (case, ours, category, reason), got %q", name, i+1, line)
		}
		if _, dup := known[f[0]]; dup {
			t.Fatalf("%s:%d: case listed twice: %q", name, i+1, f[0])
		}
		known[f[0]] = f[1:]
	}
	return known
}

func TestUTS58LinkDetection(t *testing.T) {
	lines := readUTS58Detection(t)
	known := readKnownDifferences(t, "../testdata/uts58/known-differences-detection.tsv")
	want, agree, extra := 0, 0, 0
	seen := map[string]bool{}
	for _, l := range lines {
		got := Find([]byte(l.text))
		want += len(l.links)
		gotSpans := map[[2]int]bool{}
		for _, g := range got {
			gotSpans[[2]int{int(g.Start), int(g.End)}] = true
		}
		for _, w := range l.links {
			if gotSpans[w] {
				agree++
				delete(gotSpans, w)
			}
		}
		extra += len(gotSpans)
		marked := markLinks(l.text, got)
		if marked == l.marked {
			continue
		}
		k, ok := known[l.marked]
		seen[l.marked] = true
		switch {
		case !ok:
			t.Errorf("line %d:\n got %s\nwant %s", l.num, marked, l.marked)
		case k[0] != marked:
			t.Errorf("line %d (a known difference) now:\n got %s\nlisted %s", l.num, marked, k[0])
		}
	}
	for k := range known {
		if !seen[k] {
			t.Errorf("known difference no longer differs; remove it from the list: %s", k)
		}
	}
	t.Logf("UTS #58 LinkDetectionTest.txt: %d/%d links detected exactly, %d extra links, %d lines, %d known differences", agree, want, extra, len(lines), len(known))
	if want != 323 {
		t.Errorf("the file has %d links, want 323", want)
	}
}
