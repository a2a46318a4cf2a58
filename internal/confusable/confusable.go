// Package confusable answers the questions that a policy for showing
// internationalized host names asks of Unicode's security data (UTS #39,
// "Unicode Security Mechanisms"): whether a character is allowed in
// identifiers and which scripts it belongs to, what a string looks like
// (its skeleton, section 4), and whether a host name looks like one of a
// list of well-known domains.
//
// The tables are generated from confusables.txt, IdentifierStatus.txt and
// ScriptExtensions.txt of Unicode 15.1.0 (Version; gen.go) and from a
// list of top domains (gentop.go); see testdata/uts39 and
// testdata/chromium-idn. Package iri's table of the look-alikes of URI
// syntax is built from the same data, through this package
// (iri/gen_display.go).
package confusable

import (
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

//go:generate go run gen.go
//go:generate go run gentop.go

// Scripts is a set of scripts, one bit each (see the constants Latn ...
// Hani). Three more bits stand for the script sets that UTS #39 section
// 5.1 adds to Han, kana, Hangul and Bopomofo characters when it resolves
// the scripts of a string: Hanb (Han with Bopomofo), Jpan (Han with
// Hiragana and Katakana) and Kore (Han with Hangul).
type Scripts uint64

// The augmented script sets of UTS #39 section 5.1.
const (
	Hanb Scripts = 1 << (len(scriptCodes) + iota)
	Jpan
	Kore
)

// AnyScript is the script set of Common and Inherited characters.
const AnyScript = ^Scripts(0)

// Allowed reports whether r has Identifier_Status=Allowed, and returns
// its scripts: its Script_Extensions value limited to the scripts of the
// Allowed characters, augmented as UTS #39 section 5.1 says (a Han
// character is also Hanb, Jpan and Kore; a kana character Jpan; a Hangul
// one Kore; a Bopomofo one Hanb), or AnyScript for a Common or Inherited
// character without extensions.
func Allowed(r rune) (Scripts, bool) {
	i, ok := slices.BinarySearchFunc(allowedRanges[:], r, func(e struct {
		lo, hi  rune
		scripts Scripts
	}, r rune) int {
		switch {
		case e.hi < r:
			return -1
		case e.lo > r:
			return 1
		}
		return 0
	})
	if !ok {
		return 0, false
	}
	s := allowedRanges[i].scripts
	if s == AnyScript {
		return s, true
	}
	if s&Hani != 0 {
		s |= Hanb | Jpan | Kore
	}
	if s&(Hira|Kana) != 0 {
		s |= Jpan
	}
	if s&Hang != 0 {
		s |= Kore
	}
	if s&Bopo != 0 {
		s |= Hanb
	}
	return s, true
}

// String returns the ISO 15924 codes of the scripts of s, separated by
// "+", or "Zyyy" for AnyScript.
func (s Scripts) String() string {
	if s == AnyScript {
		return "Zyyy"
	}
	var b strings.Builder
	add := func(code string) {
		if b.Len() > 0 {
			b.WriteByte('+')
		}
		b.WriteString(code)
	}
	for i, code := range scriptCodes {
		if s&(1<<i) != 0 {
			add(code)
		}
	}
	for i, code := range [...]string{"Hanb", "Jpan", "Kore"} {
		if s&(Hanb<<i) != 0 {
			add(code)
		}
	}
	return b.String()
}

// Prototype returns the prototype that confusables.txt maps r to, and
// whether it maps r at all.
func Prototype(r rune) (string, bool) {
	i, ok := slices.BinarySearch(protoRunes[:], r)
	if !ok {
		return "", false
	}
	start := 0
	if i > 0 {
		start = int(protoEnds[i-1])
	}
	return protoData[start:protoEnds[i]], true
}

// Skeleton returns the skeleton of s (UTS #39 section 4): s in NFD with
// each character replaced by its prototype, in NFD again. Two strings
// with the same skeleton are confusable.
func Skeleton(s string) string {
	return string(appendSkeleton(nil, s))
}

func appendSkeleton(b []byte, s string) []byte {
	start := len(b)
	for _, r := range norm.NFD.String(s) {
		if p, ok := Prototype(r); ok {
			b = append(b, p...)
		} else {
			b = utf8.AppendRune(b, r)
		}
	}
	if norm.NFD.IsNormal(b[start:]) {
		return b
	}
	d := norm.NFD.Bytes(b[start:])
	return append(b[:start], d...)
}
