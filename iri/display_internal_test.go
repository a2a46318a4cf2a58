package iri

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/confusable"
)

var updateDisplay = flag.Bool("update-display", false, "rewrite testdata/uts39-display/known-differences.tsv")

const displayDir = "../testdata/uts39-display/"

// chromeKeepsEncoded reports whether Chromium keeps the escaped non-ASCII
// character r encoded when it formats a URL for display: the code points
// ShouldUnescapeCodePoint in base/strings/escape.cc refuses (bidi
// controls, lock icons, spaces, default-ignorable and format characters).
// Chromium decodes every other valid UTF-8 sequence.
func chromeKeepsEncoded(r rune) bool {
	in := func(lo, hi rune) bool { return r >= lo && r <= hi }
	switch r {
	case 0x200E, 0x200F, 0x061C, // bidi marks
		0x1F50F, 0x1F510, 0x1F512, 0x1F513, // lock icons
		0x0085, 0x00A0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0x2800, // spaces
		0x00AD, 0x034F, 0x06DD, 0x070F, 0x08E2, 0x115F, 0x1160, 0x17B4, 0x17B5,
		0x3164, 0xFEFF, 0xFFA0, 0x110BD, 0x110CD:
		return true
	}
	return in(0x202A, 0x202E) || in(0x2066, 0x2069) || in(0x2000, 0x200A) ||
		in(0x0600, 0x0605) || in(0x180B, 0x180E) || in(0x200B, 0x200D) ||
		in(0x2060, 0x2065) || in(0x206A, 0x206F) || in(0xFFF0, 0xFFFB) ||
		in(0xFE00, 0xFE0F) || in(0x13430, 0x13438) || in(0x1BCA0, 0x1BCA3) ||
		in(0x1D173, 0x1D17A) || in(0xE0000, 0xE0FFF)
}

// stricterClass names why showRune keeps r encoded in a path where
// Chromium shows it.
func stricterClass(r rune) string {
	l, isLookalike := findLookalike(r)
	switch {
	case r < 0xA0:
		return "c1-control"
	case isIprivate(r):
		return "private-use"
	case !isUcschar(r):
		return "not-ucschar"
	case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf):
		return "unassigned"
	case invisible(r), unicode.Is(unicode.Z, r):
		return "invisible"
	case hiddenChar(r):
		return "hidden"
	case isLookalike && l.script == nil:
		return "lookalike"
	}
	return "other"
}

// countedClasses are the classes known-differences.tsv lists as a whole:
// large sets defined by a property, whose size changes with the Unicode
// version of the Go release. The others are listed code point by code
// point.
var countedClasses = map[string]bool{"c1-control": true, "private-use": true, "not-ucschar": true, "unassigned": true}

// TestDisplayKnownDifferences compares what ToIRI shows in a path with
// what Chromium shows, code point by code point: every character
// Chromium keeps encoded must stay encoded, and every character we keep
// encoded although Chromium shows it must be listed in
// testdata/uts39-display/known-differences.tsv (each code point, or a large
// property-defined class as a whole), with the reason of its class.
// Run with -update-display to rewrite the rows (the reasons are kept).
func TestDisplayKnownDifferences(t *testing.T) {
	counts := map[string]int{}
	var rows []string
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		show, _ := showRune(r, compPath)
		if chromeKeepsEncoded(r) {
			if show {
				t.Errorf("U+%04X: shown in a path; Chromium keeps it encoded", r)
			}
			continue
		}
		if show {
			continue
		}
		c := stricterClass(r)
		if c == "other" {
			t.Errorf("U+%04X: kept encoded for no known reason", r)
		}
		if countedClasses[c] {
			counts[c]++
			continue
		}
		vis := ""
		if c == "lookalike" || c == "hidden" && !unicode.Is(unicode.M, r) {
			vis = string(r)
		}
		rows = append(rows, fmt.Sprintf("U+%04X\t%s\t%s", r, c, vis))
	}
	for c := range counts {
		rows = append(rows, fmt.Sprintf("class\t%s\tall", c))
	}
	sort.Strings(rows)

	header, reasons, knownRows, _, err := readKnownDifferences(displayDir+"known-differences.tsv", 3)
	if err != nil && !(*updateDisplay && os.IsNotExist(err)) {
		t.Fatal(err)
	}
	var known []string
	for _, r := range knownRows {
		known = append(known, strings.Join(r, "\t"))
	}
	if *updateDisplay {
		writeDisplayDiffs(t, header, rows)
		return
	}
	have := map[string]bool{}
	for _, k := range known {
		have[k] = true
	}
	want := map[string]bool{}
	for _, r := range rows {
		want[r] = true
		if !have[r] {
			t.Errorf("not in known-differences.tsv: %s (go test ./iri -run DisplayKnownDifferences -update-display)", r)
		}
		if c := strings.Split(r, "\t")[1]; reasons[c] == "" {
			t.Errorf("known-differences.tsv: no \"# reason %s:\" line", c)
		}
	}
	for _, k := range known {
		if !want[k] {
			t.Errorf("known-differences.tsv lists %s, which is no longer a difference", k)
		}
	}
	t.Logf("%d code points kept encoded where Chromium shows them (%v), %d listed one by one", len(rows)-len(counts)+sum(counts), counts, len(rows)-len(counts))
}

func sum(m map[string]int) (n int) {
	for _, v := range m {
		n += v
	}
	return n
}

func writeDisplayDiffs(t *testing.T, header, rows []string) {
	t.Helper()
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h + "\n")
	}
	for _, r := range rows {
		b.WriteString(r + "\n")
	}
	if err := os.WriteFile(displayDir+"known-differences.tsv", []byte(b.String()), 0o666); err != nil {
		t.Fatal(err)
	}
}

// TestSyntaxLookalikesData checks display_tables.go against the UTS #39
// data of internal/confusable: every character whose prototype is
// exactly one of the target characters is in the table, the table is
// sorted, and it is of the same version. A failure means the table is
// stale: go generate ./iri.
func TestSyntaxLookalikesData(t *testing.T) {
	for i := 1; i < len(syntaxLookalikes); i++ {
		if syntaxLookalikes[i-1].r >= syntaxLookalikes[i].r {
			t.Fatalf("syntaxLookalikes not sorted at U+%04X", syntaxLookalikes[i].r)
		}
	}
	if confusablesVersion != confusable.Version {
		t.Errorf("internal/confusable has the data of Unicode %s, syntaxLookalikes %s: go generate ./iri", confusable.Version, confusablesVersion)
	}
	n := 0
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		p, ok := confusable.Prototype(r)
		if !ok || len(p) != 1 || !strings.Contains(`/\.:@?#%&=`, p) {
			continue // a sequence, or not a target
		}
		if !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S) {
			continue // unassigned in this Go's Unicode
		}
		n++
		if _, ok := findLookalike(r); !ok {
			t.Errorf("U+%04X %q: confusables.txt maps it to %q, but it is not in syntaxLookalikes", r, r, p)
		}
	}
	if n < 50 {
		t.Errorf("only %d target mappings in confusables.txt", n)
	}
}

// TestHostLabelsShowWhatPathsShow checks that the display policy of host
// labels refuses the characters a path keeps encoded (invisible, hidden,
// look-alikes of URI syntax) even where UTS #39 allows them in
// identifiers, such as U+0338 COMBINING LONG SOLIDUS OVERLAY and U+30A0
// KATAKANA-HIRAGANA DOUBLE HYPHEN, and shows a non-Latin look-alike such
// as Katakana "ノ" when its label is Japanese.
func TestHostLabelsShowWhatPathsShow(t *testing.T) {
	n := 0
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		if _, ok := confusable.Allowed(r); !ok || blockedChar(r) {
			continue
		}
		if show, _ := showRune(r, compPath); show {
			continue
		}
		n++
		if rule := labelSpoofRule("a"+string(r), "com", "com"); rule != ruleChar {
			t.Errorf("U+%04X: kept encoded in a path, but the host policy says %q", r, rule)
		}
	}
	if n < 2 {
		t.Errorf("only %d Allowed characters that a path keeps encoded", n)
	}
	if rule := labelSpoofRule("ノート", "jp", "jp"); rule != ruleNone {
		t.Errorf(`labelSpoofRule("ノート") = %q; want none`, rule)
	}
}
