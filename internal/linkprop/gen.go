//go:build ignore

// Gen reads the UTS #58 property files LinkTerm.txt, LinkBracket.txt and
// LinkEmail.txt and writes tables.go, the lookup tables of package
// linkprop.
//
// Usage (from the package directory, as go generate runs it):
//
//	go run gen.go [-data ../../testdata/uts58] [-out tables.go]
//
// The tables are a two-stage lookup for code points below 0x40000 (planes 0
// to 3, where all but a handful of listed characters are) and a sorted
// range list for the rest. Each entry is one byte: the Link_Term value in
// the low three bits and Link_Email in bit 3. Link_Bracket, defined for
// the 64 closing brackets only, is a sorted list of pairs.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

var (
	dataDir = flag.String("data", "../../testdata/uts58", "directory holding the UTS #58 data files")
	outFile = flag.String("out", "tables.go", "file to write")
)

// Link_Term values, in the order of the Term constants of package linkprop.
var termValues = []string{"Hard", "Include", "Soft", "Close", "Open"}

const (
	maxRune    = 0x10FFFF
	stageLimit = 0x40000 // code points below are in the two-stage table
	blockShift = 7
	blockSize  = 1 << blockShift
	emailBit   = 1 << 3
)

// A line of a data file: a code point range and its fields after the first.
type line struct {
	lo, hi rune
	fields []string
	num    int
}

// dataFile holds what gen needs from one file.
type dataFile struct {
	name    string
	date    string // from the "# Date:" header
	missing string // the value of the "# @missing:" line, if any
	lines   []line
}

var (
	dateRE    = regexp.MustCompile(`^#\s*Date:\s*(.*?)\s*$`)
	missingRE = regexp.MustCompile(`^#\s*@missing:\s*0000\.\.10FFFF\s*;\s*(.*?)\s*$`)
	versionRE = regexp.MustCompile(`for version (\d+\.\d+\.\d+)`)
)

func readFile(name string) *dataFile {
	f, err := os.Open(filepath.Join(*dataDir, name))
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	df := &dataFile{name: name}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if m := dateRE.FindStringSubmatch(text); m != nil && df.date == "" {
			df.date = strings.TrimSuffix(m[1], " GMT")
		}
		if m := missingRE.FindStringSubmatch(text); m != nil {
			df.missing = m[1]
		}
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		fields := strings.Split(text, ";")
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		lo, hi, err := parseRange(fields[0])
		if err != nil {
			log.Fatalf("%s:%d: %v", name, n, err)
		}
		df.lines = append(df.lines, line{lo, hi, fields[1:], n})
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	if df.date == "" {
		log.Fatalf("%s: no Date header", name)
	}
	return df
}

func parseRange(s string) (lo, hi rune, err error) {
	a, b, isRange := strings.Cut(s, "..")
	l, err := strconv.ParseUint(a, 16, 32)
	if err != nil {
		return 0, 0, fmt.Errorf("bad code point %q", a)
	}
	h := l
	if isRange {
		if h, err = strconv.ParseUint(b, 16, 32); err != nil {
			return 0, 0, fmt.Errorf("bad code point %q", b)
		}
	}
	if l > h || h > maxRune {
		return 0, 0, fmt.Errorf("bad range %q", s)
	}
	return rune(l), rune(h), nil
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	flag.Parse()

	readme, err := os.ReadFile(filepath.Join(*dataDir, "ReadMe.txt"))
	if err != nil {
		log.Fatal(err)
	}
	m := versionRE.FindSubmatch(readme)
	if m == nil {
		log.Fatal("ReadMe.txt: no version")
	}
	version := string(m[1])

	term := readFile("LinkTerm.txt")
	bracket := readFile("LinkBracket.txt")
	email := readFile("LinkEmail.txt")
	if term.missing != "Hard" {
		log.Fatalf("LinkTerm.txt: default is %q, want Hard", term.missing)
	}

	props := make([]uint8, maxRune+1)
	set := make([]bool, maxRune+1)
	for _, l := range term.lines {
		if len(l.fields) != 1 {
			log.Fatalf("LinkTerm.txt:%d: want 2 fields", l.num)
		}
		v := slices.Index(termValues, l.fields[0])
		if v < 0 {
			log.Fatalf("LinkTerm.txt:%d: unknown value %q", l.num, l.fields[0])
		}
		for r := l.lo; r <= l.hi; r++ {
			if set[r] {
				log.Fatalf("LinkTerm.txt:%d: U+%04X listed twice", l.num, r)
			}
			set[r] = true
			props[r] = uint8(v)
		}
	}
	for _, l := range email.lines {
		if len(l.fields) != 0 {
			log.Fatalf("LinkEmail.txt:%d: want 1 field", l.num)
		}
		for r := l.lo; r <= l.hi; r++ {
			if props[r]&emailBit != 0 {
				log.Fatalf("LinkEmail.txt:%d: U+%04X listed twice", l.num, r)
			}
			props[r] |= emailBit
		}
	}
	type pair struct{ close, open rune }
	var pairs []pair
	for _, l := range bracket.lines {
		if len(l.fields) != 1 || l.lo != l.hi {
			log.Fatalf("LinkBracket.txt:%d: want a code point and its bracket", l.num)
		}
		open, _, err := parseRange(l.fields[0])
		if err != nil {
			log.Fatalf("LinkBracket.txt:%d: %v", l.num, err)
		}
		if props[l.lo]&7 != 3 || props[open]&7 != 4 {
			log.Fatalf("LinkBracket.txt:%d: U+%04X is not Close or U+%04X is not Open", l.num, l.lo, open)
		}
		pairs = append(pairs, pair{l.lo, open})
	}
	slices.SortFunc(pairs, func(a, b pair) int { return int(a.close - b.close) })
	for i := 1; i < len(pairs); i++ {
		if pairs[i].close == pairs[i-1].close {
			log.Fatalf("LinkBracket.txt: U+%04X listed twice", pairs[i].close)
		}
	}

	// Stage two: distinct blocks, block 0 being the first (ASCII) one so
	// that lookups of ASCII can index it directly.
	var blocks [][]uint8
	blockIndex := map[string]int{}
	var index []int
	for lo := 0; lo < stageLimit; lo += blockSize {
		b := props[lo : lo+blockSize]
		k := string(b)
		i, ok := blockIndex[k]
		if !ok {
			i = len(blocks)
			blockIndex[k] = i
			blocks = append(blocks, b)
		}
		index = append(index, i)
	}
	if len(blocks) > 256 {
		log.Fatalf("%d blocks do not fit a uint8 index", len(blocks))
	}

	// Code points from stageLimit on: ranges of equal non-zero values.
	type rng struct {
		lo, hi rune
		v      uint8
	}
	var upper []rng
	for r := rune(stageLimit); r <= maxRune; r++ {
		v := props[r]
		if v == 0 {
			continue
		}
		if n := len(upper); n > 0 && upper[n-1].hi == r-1 && upper[n-1].v == v {
			upper[n-1].hi = r
		} else {
			upper = append(upper, rng{r, r, v})
		}
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by gen.go; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "// Source: UTS #58 data files version %s, %s (%s), %s (%s), %s (%s).\n\n",
		version, term.name, term.date, bracket.name, bracket.date, email.name, email.date)
	fmt.Fprintf(&b, "package linkprop\n\n")
	fmt.Fprintf(&b, "// UnicodeVersion is the version of the UTS #58 data the tables are generated from.\n")
	fmt.Fprintf(&b, "const UnicodeVersion = %q\n\n", version)
	fmt.Fprintf(&b, "const (\n\tstageLimit = %#x\n\tblockShift = %d\n)\n\n", stageLimit, blockShift)
	fmt.Fprintf(&b, "// propIndex maps r>>blockShift, for r < stageLimit, to a block of propBlocks.\n")
	fmt.Fprintf(&b, "var propIndex = [%d]uint8{", len(index))
	for i, v := range index {
		if i%16 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%d, ", v)
	}
	fmt.Fprintf(&b, "\n}\n\n")
	fmt.Fprintf(&b, "// propBlocks holds %d distinct blocks of %d entries: Link_Term in bits 0-2, Link_Email in bit 3.\n", len(blocks), blockSize)
	fmt.Fprintf(&b, "var propBlocks = [%d]uint8{", len(blocks)*blockSize)
	for i, blk := range blocks {
		fmt.Fprintf(&b, "\n// block %d", i)
		for j, v := range blk {
			if j%32 == 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "%d, ", v)
		}
	}
	fmt.Fprintf(&b, "\n}\n\n")
	fmt.Fprintf(&b, "// propUpper lists the code points from stageLimit on that are not Hard or have Link_Email.\n")
	fmt.Fprintf(&b, "var propUpper = [...]propRange{\n")
	for _, r := range upper {
		fmt.Fprintf(&b, "{%#x, %#x, %d},\n", r.lo, r.hi, r.v)
	}
	fmt.Fprintf(&b, "}\n\n")
	fmt.Fprintf(&b, "// brackets holds the Link_Bracket pairs, sorted by closing bracket.\n")
	fmt.Fprintf(&b, "var brackets = [...]bracketPair{\n")
	for _, p := range pairs {
		fmt.Fprintf(&b, "{%#04x, %#04x}, // %c %c\n", p.close, p.open, p.close, p.open)
	}
	fmt.Fprintf(&b, "}\n")

	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatalf("formatting output: %v", err)
	}
	if err := os.WriteFile(*outFile, src, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s: %d blocks of %d (%d bytes), %d upper ranges, %d bracket pairs",
		*outFile, len(blocks), blockSize, len(blocks)*blockSize+len(index), len(upper), len(pairs))
}
