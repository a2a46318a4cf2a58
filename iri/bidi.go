package iri

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"
)

// Direction is the base direction of the text an IRI is shown in.
type Direction uint8

// The directions of running text.
const (
	LeftToRight Direction = iota
	RightToLeft
)

// Bidi formatting characters used to display IRIs (3987bis section 4.1).
const (
	lre = "\u202A" // LEFT-TO-RIGHT EMBEDDING
	pdf = "\u202C" // POP DIRECTIONAL FORMATTING
	lri = "\u2066" // LEFT-TO-RIGHT ISOLATE
	pdi = "\u2069" // POP DIRECTIONAL ISOLATE
)

// NeedsEmbedding reports whether the IRI s, shown in running text of
// direction dir, must be embedded left-to-right to display correctly
// (3987bis section 4.1). It answers false only in the two cases the
// section names: in left-to-right text, an IRI without right-to-left
// characters; in right-to-left text, a relative reference made of strong
// right-to-left and weak characters that starts and ends with a strong
// right-to-left character. Both assume the IRI is set off by white space
// from the strong characters around it; when unsure, embed.
//
// In HTML the embedding is the attribute dir="ltr" on the element holding
// the IRI, or a <bdi dir="ltr"> element around it; in plain text use
// Isolate (or Embed for software that predates Unicode 6.3).
func NeedsEmbedding(s string, dir Direction) bool {
	if dir == LeftToRight {
		for _, r := range s {
			if r < 0x0590 {
				continue
			}
			switch c := bidiClass(r); c {
			case bidi.R, bidi.AL, bidi.AN:
				return true
			}
		}
		return false
	}
	var r Reference
	split(s, &r)
	if r.Scheme != "" {
		return true
	}
	first, last := true, bidi.ON
	for _, ch := range s {
		c := bidiClass(ch)
		switch c {
		case bidi.R, bidi.AL, bidi.EN, bidi.ES, bidi.ET, bidi.AN, bidi.CS, bidi.NSM, bidi.BN:
		default:
			return true // a left-to-right, neutral or formatting character
		}
		if first && c != bidi.R && c != bidi.AL {
			return true
		}
		first, last = false, c
	}
	return first || (last != bidi.R && last != bidi.AL)
}

// Embed returns s between LRE and PDF, the embedding 3987bis section 4.1
// prescribes for showing an IRI in text.
func Embed(s string) string { return lre + s + pdf }

// Isolate returns s between LRI and PDI, the directional isolate that
// current Unicode recommends over embeddings: like Embed, but the
// surrounding text does not affect the IRI nor the IRI its surroundings.
func Isolate(s string) string { return lri + s + pdi }

func bidiClass(r rune) bidi.Class {
	p, _ := bidi.LookupRune(r)
	return p.Class()
}

// A bidiViolation is a component of an IRI that breaks one of the rules of
// 3987bis section 4.2 (both are SHOULDs: such an IRI is valid but may not
// display in a way a reader can transcribe).
type bidiViolation struct {
	Offset    int    // byte offset of the component in the IRI
	Component string // the component's text
	Rule      int    // 1: mixes right-to-left and left-to-right characters; 2: does not start and end with a right-to-left character
}

func (v bidiViolation) String() string {
	if v.Rule == 1 {
		return "component " + strconv.Quote(v.Component) + " mixes right-to-left and left-to-right characters"
	}
	return "right-to-left component " + strconv.Quote(v.Component) + " does not start and end with a right-to-left character"
}

// checkBidi checks the components of the IRI reference s against the
// rules of 3987bis section 4.2. Components are the userinfo, each label of
// the host, each path segment, each name and value of the query (split at
// "&", ";" and "="), and the fragment, as written (percent-encoded
// characters count as what they are: "%" and digits, which the section's
// example 9 shows to be as harmful as raw digits).
func checkBidi(s string) []bidiViolation {
	var r Reference
	split(s, &r)
	user, host, _, path, query, frag := r.offsets()
	var out []bidiViolation
	check := func(off int, c string) {
		if c == "" {
			return
		}
		if v, ok := checkBidiComponent(c); !ok {
			out = append(out, bidiViolation{Offset: off, Component: c, Rule: v})
		}
	}
	each := func(off int, s string, seps string) {
		for s != "" {
			i := strings.IndexAny(s, seps)
			if i < 0 {
				check(off, s)
				return
			}
			check(off, s[:i])
			off += i + 1
			s = s[i+1:]
		}
	}
	if r.HasUserinfo {
		check(user, r.Userinfo)
	}
	if !strings.HasPrefix(r.Host, "[") {
		each(host, r.Host, ".")
	}
	each(path, r.Path, "/")
	each(query, r.Query, "&;=")
	check(frag, r.Fragment)
	return out
}

// checkBidiComponent returns the rule c breaks, or ok.
func checkBidiComponent(c string) (rule int, ok bool) {
	hasR, hasL := false, false
	for _, ch := range c {
		if ch < utf8.RuneSelf {
			if isAlpha(byte(ch)) {
				hasL = true
			}
			continue
		}
		switch bidiClass(ch) {
		case bidi.R, bidi.AL:
			hasR = true
		case bidi.L:
			hasL = true
		}
	}
	if !hasR {
		return 0, true
	}
	if hasL {
		return 1, false
	}
	f, _ := utf8.DecodeRuneInString(c)
	l, _ := utf8.DecodeLastRuneInString(c)
	if !strongRTL(f) || !strongRTL(l) {
		return 2, false
	}
	return 0, true
}

func strongRTL(r rune) bool {
	c := bidiClass(r)
	return c == bidi.R || c == bidi.AL
}
