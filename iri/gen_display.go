//go:build ignore

// Gen_display writes display_tables.go: the characters that look like the
// URI syntax characters a reader relies on to see where a component ends,
// which ToIRI and TextForm keep percent-encoded. It reads the UTS #39 data
// through package internal/confusable (confusables.txt of
// testdata/uts39, generated into internal/confusable/tables.go), so that
// one parser and one version of the data serve the host and the path.
//
// Usage (from the package directory, as go generate runs it, after
// go generate ./internal/confusable):
//
//	go run gen_display.go [-out display_tables.go]
//
// A character is a syntax look-alike when, by UTS #39 section 4, its
// skeleton (confusable.Skeleton) or its NFKC form, which IDNA applies to
// hosts, is the skeleton of a target (one of the ASCII characters in
// targets below), or, for a character that is not a letter, decimal digit
// or mark (general categories L, Nd, M), its skeleton or NFKC form holds
// the skeleton of a target other than "&" and "=" ("⫽" is "//", "℅" is
// "c/o", "⒈" is "1.", "‰" holds the skeleton of "%"). The characters of
// extra are added: the ideographic full stops that UTS #46 maps to "."
// (U+3002, U+FF61; the third one it maps, U+FF0E, is NFKC "."), and
// U+2CC7 COPTIC SMALL LETTER OLD COPTIC ESH, which confusables.txt maps
// to "/" from Unicode 16.0 on (its capital U+2CC6 already in 15.1).
// U+2026 HORIZONTAL ELLIPSIS ("...") is left out: it reads as an
// ellipsis, and titles use it everywhere.
//
// The data misses some: confusables.txt has no entry for U+2E4A DOTTED
// SOLIDUS, which reads as "/", and maps U+06D4 ARABIC FULL STOP to "-",
// the dash of its Nastaliq (Urdu) glyph, where Naskh fonts draw a dot.
// These, and the few other symbols and punctuation whose Unicode names
// say they are a solidus or a full stop drawn as one, are in extra. The
// symbols are never shown; U+06D4 is Arabic, shown among Arabic letters,
// as Chromium shows it in a path: an Arabic sentence in a path ends with
// it, and there it reads as the full stop it is, not as the "." of a
// host.
//
// Each look-alike is written with the script its display depends on:
// a letter, decimal digit or mark of a script other than Latin, Common or
// Inherited (Katakana "ノ", Devanagari visarga "ः", Arabic-Indic zero
// "٠") is shown in a path, query or fragment when its neighbours are of
// its script (see lookalikeShown); every other look-alike is never shown.
// The ideographic full stops count as Han.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/relink-go/relink/internal/confusable"
	"golang.org/x/text/unicode/norm"
)

var outFile = flag.String("out", "display_tables.go", "file to write")

// targets are the ASCII characters that delimit or introduce the parts of
// a URI a reader must see: the path separators (and "\", which browsers
// read as "/"), the host's dots, the scheme, port and userinfo
// delimiters, the query and fragment delimiters, the query's "&" and "=",
// and "%" of an escape.
const targets = `/\.:@?#%&=`

// exactOnly are the targets that only a character of the same skeleton
// imitates: "≠" and "≐" hold "=" but do not read as it.
const exactOnly = "&="

// extra are characters added to what the data gives, with what they look
// like and the script their display depends on ("" for never shown).
var extra = map[rune]struct{ target, script string }{
	0x3002: {".", "Han"},    // IDEOGRAPHIC FULL STOP: UTS #46 maps it to "."
	0xFF61: {".", "Han"},    // HALFWIDTH IDEOGRAPHIC FULL STOP: likewise
	0x2CC7: {"/", "Coptic"}, // COPTIC SMALL LETTER OLD COPTIC ESH: "/" in confusables.txt from 16.0 on

	// Characters that confusables.txt leaves out or maps to something
	// else, found by their names (a solidus or full stop drawn as one,
	// among the symbols and punctuation whose names say they are a
	// variant of a target; relink issue 19).
	0x2E4A:  {"/", ""},       // DOTTED SOLIDUS: no entry in confusables.txt
	0x1F67C: {"/", ""},       // VERY HEAVY SOLIDUS: likewise
	0x1F67D: {"\\", ""},      // VERY HEAVY REVERSE SOLIDUS: likewise
	0x233F:  {"/", ""},       // APL FUNCTIONAL SYMBOL SLASH BAR: a "/" struck through
	0x2340:  {"\\", ""},      // APL FUNCTIONAL SYMBOL BACKSLASH BAR: a backslash struck through
	0x29F7:  {"\\", ""},      // REVERSE SOLIDUS WITH HORIZONTAL STROKE: likewise
	0x06D4:  {".", "Arabic"}, // ARABIC FULL STOP: confusables.txt maps it to "-" (its Urdu glyph); Naskh fonts draw a dot
	0xFE12:  {".", "Han"},    // PRESENTATION FORM FOR VERTICAL IDEOGRAPHIC FULL STOP: a "。"
}

// left out of the table, with the reason in the package comment.
var leftOut = map[rune]bool{0x2026: true}

func main() {
	flag.Parse()
	skeleton := confusable.Skeleton
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
		if e, ok := extra[r]; ok {
			if looks != "" {
				log.Fatalf("U+%04X is in extra and in the data: remove it from extra", r)
			}
			entries = append(entries, entry{r, e.target, e.script})
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
	fmt.Fprintf(&b, "// Source: UTS #39 confusables.txt version %s (internal/confusable), with\n", confusable.Version)
	fmt.Fprintf(&b, "// NFKC and the scripts of Unicode %s.\n\n", unicode.Version)
	fmt.Fprintf(&b, "package iri\n\nimport \"unicode\"\n\n")
	fmt.Fprintf(&b, "// confusablesVersion is the version of the UTS #39 data syntaxLookalikes is\n// generated from.\nconst confusablesVersion = %q\n\n", confusable.Version)
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
