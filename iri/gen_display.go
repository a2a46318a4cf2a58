//go:build ignore

// Gen_display reads the UTS #39 confusables.txt and writes
// display_tables.go: the characters that look like the URI syntax
// characters a reader relies on to see where a component ends, which
// ToIRI and TextForm keep percent-encoded.
//
// Usage (from the package directory, as go generate runs it):
//
//	go run gen_display.go [-data ../testdata/uts39-display] [-out display_tables.go]
//
// A character is a syntax look-alike when, by UTS #39 section 4, its
// skeleton (NFD, then the confusables.txt prototype of each character,
// then NFD again) or its NFKC form, which IDNA applies to hosts, is the
// skeleton of a target (one of the ASCII characters in targets below),
// or, for a character that is not a letter, decimal digit or mark (general
// categories L, Nd, M), its skeleton or NFKC form holds the skeleton of a
// target other than "&" and "=" ("⫽" is "//", "℅" is "c/o", "⒈" is
// "1.", "‰" holds the skeleton of "%"). Two characters are added: the
// ideographic full stops that UTS #46 maps to "." (U+3002, U+FF61; the
// third one it maps, U+FF0E, is NFKC "."). U+2026 HORIZONTAL ELLIPSIS ("...") is left out:
// it reads as an ellipsis, and titles use it everywhere.
//
// Each look-alike is written with the script its display depends on:
// a letter, decimal digit or mark of a script other than Latin, Common or
// Inherited (Katakana "ノ", Devanagari visarga "ः", Arabic-Indic zero
// "٠") is shown in a path, query or fragment when its neighbours are of
// its script (see lookalikeShown); every other look-alike is never shown.
// The ideographic full stops count as Han.
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
	"sort"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

var (
	dataDir = flag.String("data", "../testdata/uts39-display", "directory holding confusables.txt")
	outFile = flag.String("out", "display_tables.go", "file to write")
)

// targets are the ASCII characters that delimit or introduce the parts of
// a URI a reader must see: the path separators (and "\", which browsers
// read as "/"), the host's dots, the scheme, port and userinfo
// delimiters, the query and fragment delimiters, the query's "&" and "=",
// and "%" of an escape.
const targets = `/\.:@?#%&=`

// exactOnly are the targets that only a character of the same skeleton
// imitates: "≠" and "≐" hold "=" but do not read as it.
const exactOnly = "&="

// extra are characters added to what the data gives, with the script
// their display depends on.
var extra = map[rune]string{
	0x3002: "Han", // IDEOGRAPHIC FULL STOP: UTS #46 maps it to "."
	0xFF61: "Han", // HALFWIDTH IDEOGRAPHIC FULL STOP: likewise
}

// left out of the table, with the reason in the package comment.
var leftOut = map[rune]bool{0x2026: true}

var (
	versionRE = regexp.MustCompile(`^#\s*Version:\s*(\S+)`)
	dateRE    = regexp.MustCompile(`^#\s*Date:\s*(.*?)\s*$`)
)

func main() {
	flag.Parse()
	name := filepath.Join(*dataDir, "confusables.txt")
	f, err := os.Open(name)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	proto := map[rune]string{}
	var version, date string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimPrefix(sc.Text(), "\uFEFF")
		if m := versionRE.FindStringSubmatch(line); m != nil {
			version = m[1]
		}
		if m := dateRE.FindStringSubmatch(line); m != nil {
			date = m[1]
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, ";")
		if len(fields) < 3 {
			log.Fatalf("%s:%d: want 3 fields, have %d", name, n, len(fields))
		}
		src, err := parseSeq(fields[0])
		if err != nil || len([]rune(src)) != 1 {
			log.Fatalf("%s:%d: bad source %q", name, n, fields[0])
		}
		dst, err := parseSeq(fields[1])
		if err != nil {
			log.Fatalf("%s:%d: %v", name, n, err)
		}
		proto[[]rune(src)[0]] = dst
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	if version == "" || date == "" {
		log.Fatalf("%s: no Version or Date header", name)
	}

	skeleton := func(s string) string {
		var b strings.Builder
		for _, r := range norm.NFD.String(s) {
			if p, ok := proto[r]; ok {
				b.WriteString(p)
			} else {
				b.WriteRune(r)
			}
		}
		return norm.NFD.String(b.String())
	}
	targetSkel := map[string]byte{}
	for i := 0; i < len(targets); i++ {
		targetSkel[skeleton(targets[i:i+1])] = targets[i]
	}

	type entry struct {
		r      rune
		target string // what it looks like
		script string // "" when never shown
	}
	var entries []entry
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if leftOut[r] || !assigned(r) || !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S) {
			continue // other categories are never shown anyway
		}
		s := string(r)
		var looks string
		for k, form := range []string{skeleton(s), norm.NFKC.String(s), skeleton(norm.NFKC.String(s))} {
			if c, ok := targetSkel[form]; ok {
				looks = string(c)
				break
			}
			// The skeleton of the NFKC form only counts whole: "½" is
			// NFKC "1⁄2", whose skeleton "l/2" holds a "/" that the
			// single glyph does not show.
			if k < 2 && !unicode.In(r, unicode.L, unicode.M, unicode.Nd) && looks == "" {
				for t, c := range targetSkel {
					if strings.IndexByte(exactOnly, c) < 0 && strings.Contains(form, t) {
						looks = form
						break
					}
				}
			}
		}
		if sc, ok := extra[r]; ok {
			entries = append(entries, entry{r, ".", sc})
			continue
		}
		if looks == "" {
			continue
		}
		e := entry{r: r, target: looks}
		if unicode.In(r, unicode.L, unicode.M, unicode.Nd) {
			if sc := scriptOf(r); sc != "Latin" && sc != "Common" && sc != "Inherited" {
				e.script = sc
			}
		}
		entries = append(entries, e)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].r < entries[j].r })

	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by gen_display.go; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "// Source: UTS #39 confusables.txt version %s (%s), with NFKC and the\n", version, date)
	fmt.Fprintf(&b, "// scripts of Unicode %s.\n\n", unicode.Version)
	fmt.Fprintf(&b, "package iri\n\nimport \"unicode\"\n\n")
	fmt.Fprintf(&b, "// confusablesVersion is the version of the UTS #39 data syntaxLookalikes is\n// generated from.\nconst confusablesVersion = %q\n\n", version)
	fmt.Fprintf(&b, "// syntaxLookalikes lists, in code point order, the characters that look\n")
	fmt.Fprintf(&b, "// like URI syntax, with the script a neighbour must have for the character\n")
	fmt.Fprintf(&b, "// to be shown (nil: never shown). See gen_display.go.\n")
	fmt.Fprintf(&b, "var syntaxLookalikes = [...]lookalike{\n")
	for _, e := range entries {
		sc := "nil"
		if e.script != "" {
			sc = "unicode." + e.script
		}
		fmt.Fprintf(&b, "\t{0x%04X, %s}, // %s looks like %s\n", e.r, sc, quote(e.r), strconv.Quote(e.target))
	}
	fmt.Fprintf(&b, "}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*outFile, src, 0o666); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d look-alikes", *outFile, len(entries))
}

// parseSeq parses a space-separated sequence of hexadecimal code points.
func parseSeq(s string) (string, error) {
	var b strings.Builder
	for _, f := range strings.Fields(s) {
		v, err := strconv.ParseUint(f, 16, 32)
		if err != nil {
			return "", err
		}
		b.WriteRune(rune(v))
	}
	return b.String(), nil
}

func assigned(r rune) bool {
	return !unicode.Is(unicode.Cs, r) && unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf, unicode.Co)
}

// scriptOf returns the name of the script of r in package unicode.
func scriptOf(r rune) string {
	names := make([]string, 0, len(unicode.Scripts))
	for name := range unicode.Scripts {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	return "Unknown"
}

// quote shows r in a comment: itself when it is visible on its own, else
// nothing more than its code point.
func quote(r rune) string {
	if unicode.In(r, unicode.M) {
		return fmt.Sprintf("U+%04X", r)
	}
	return fmt.Sprintf("%q", r)
}
