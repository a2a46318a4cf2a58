package iri

import (
	"unicode"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/pct"
)

//go:generate go run gen_display.go

// This file decides which characters of the userinfo, path, query and
// fragment a display IRI (ToIRI, TextForm) shows, and which stay
// percent-encoded because a reader could be misled by them. It follows the
// characters Chromium keeps escaped when it formats a URL for display
// (base/strings/escape.cc, ShouldUnescapeCodePoint) and RFC 3987 section
// 3.2 and 4.1 / 3987bis section 7.3, and adds the characters UTS #39 and
// UTS #46 make look like URI syntax. Where that is stricter than Chromium,
// testdata/uts39-display/known-differences.tsv says so.

// A lookalike is a character that looks like URI syntax (see
// gen_display.go). When script is not nil the character is a letter,
// digit or mark of that script, shown in a path, query or fragment when
// its neighbours belong with it (lookalikeShown); otherwise it is never
// shown.
type lookalike struct {
	r      rune
	script *unicode.RangeTable
}

// findLookalike returns the entry of r in syntaxLookalikes.
func findLookalike(r rune) (lookalike, bool) {
	lo, hi := 0, len(syntaxLookalikes)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if syntaxLookalikes[m].r < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(syntaxLookalikes) && syntaxLookalikes[lo].r == r {
		return syntaxLookalikes[lo], true
	}
	return lookalike{}, false
}

// hiddenChar reports whether r is one of the characters that are neither
// format characters nor white space but show as nothing or as a space,
// look like the browser's own security indicator (Chromium's lock icons),
// draw a slash over their neighbour, or look like '"'.
func hiddenChar(r rune) bool {
	switch r {
	case 0x0337, 0x0338, // COMBINING SHORT / LONG SOLIDUS OVERLAY
		0x20E5, 0x20EB, // COMBINING REVERSE SOLIDUS OVERLAY, COMBINING LONG DOUBLE SOLIDUS OVERLAY
		0x05F4,                             // HEBREW PUNCTUATION GERSHAYIM, a '"'
		0x2800,                             // BRAILLE PATTERN BLANK
		0x1D159,                            // MUSICAL SYMBOL NULL NOTEHEAD, blank
		0x1F50F, 0x1F510, 0x1F512, 0x1F513: // lock icons
		return true
	}
	return false
}

// invisible reports whether r shows as nothing or as a space, or
// reorders what surrounds it: the bidi formatting characters (RFC 3987
// section 4.1), white space, format characters (general category Cf,
// which holds ZWJ and ZWNJ: Chromium keeps them encoded too),
// default-ignorable code points and variation selectors.
func invisible(r rune) bool {
	return isBidiFormat(r) ||
		unicode.Is(unicode.White_Space, r) || unicode.Is(unicode.Cf, r) ||
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) ||
		unicode.Is(unicode.Variation_Selector, r)
}

// showRune reports whether the non-ASCII character r may be shown
// unencoded in component comp of a display IRI. When it may, but only
// next to characters of a script (a look-alike such as Katakana "ノ"),
// script is that script: in a path, query or fragment the caller asks
// lookalikeShown; in a host label the display policy judges it with the
// rest of the label (safeLabel: "ノ" between Latin letters is a
// dangerous pattern, as in Chromium).
//
// A character is not shown when it is not allowed in an IRI there (RFC
// 3987 ucschar, and iprivate only in the query), or is one of:
//
//   - the invisible characters (invisible);
//   - anything but a letter, mark, number, punctuation or symbol:
//     controls, separators, unassigned and (outside the query) private use
//     code points;
//   - the blank, lock and slash-overlay characters of hiddenChar;
//   - a look-alike of URI syntax (syntaxLookalikes), except a letter,
//     digit or mark of a script other than Latin, outside the userinfo.
func showRune(r rune, comp component) (show bool, script *unicode.RangeTable) {
	if !isUcschar(r) && !(comp == compQuery && isIprivate(r)) {
		return false, nil
	}
	if r < 0x3400 || r > 0x9FFF {
		// Outside the Han blocks, where nothing below applies.
		if invisible(r) || hiddenChar(r) {
			return false, nil
		}
		if !isIprivate(r) && !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S) {
			return false, nil
		}
	}
	if l, ok := findLookalike(r); ok {
		if l.script == nil || comp == compUserinfo {
			return false, nil
		}
		return true, l.script
	}
	return true, nil
}

// maxLookalikeRun is the longest run of look-alikes that lookalikeShown
// shows: a longer one stays encoded as a whole, which keeps the work per
// character bounded.
const maxLookalikeRun = 32

// lookalikeShown reports whether the look-alike of script sc at s[i:j],
// in component comp (raw or as escapes), may be shown. It may unless a
// neighbour does not belong with it (belongs). A neighbour that is itself
// a look-alike of a script that belongs is shown exactly when the
// characters around it are, so lookalikeShown looks past it, and decides
// a run of look-alikes as a whole ("0%DB%B0%DB%B0" keeps both U+06F0
// encoded, where deciding the second by its neighbour alone would show
// "0%DB%B0۰", a dot look-alike after an ASCII digit).
func lookalikeShown(sc *unicode.RangeTable, comp component, s string, i, j int) bool {
	run := 1
	for k := i; ; {
		n, escaped, start := charBefore(s, k)
		ok, more := belongs(sc, comp, n, escaped, true)
		if !ok {
			return false
		}
		if !more {
			break
		}
		if run++; run > maxLookalikeRun {
			return false
		}
		k = start
	}
	for k := j; ; {
		n, escaped, end := charAt(s, k)
		ok, more := belongs(sc, comp, n, escaped, false)
		if !ok {
			return false
		}
		if !more {
			break
		}
		if run++; run > maxLookalikeRun {
			return false
		}
		k = end
	}
	return true
}

// belongs reports whether n, next to a look-alike of script sc in
// component comp (-1 at either end of the component; escaped tells
// whether n was written as escapes; before whether it comes first), lets
// the look-alike be shown: it does unless it is a letter or digit that
// does not belong with it, or it comes first and is shown as escapes,
// whose last hex digit is an ASCII letter or digit to a reader (n shown
// as escapes after the look-alike starts with "%"). ASCII letters and
// digits never belong; other characters of the scripts Common and
// Inherited ("ー", marks) always do, and Han, Hiragana and Katakana
// belong together, as Japanese writes them. more reports that n belongs
// but is itself a look-alike, shown only when its own other neighbour
// lets it be.
func belongs(sc *unicode.RangeTable, comp component, n rune, escaped, before bool) (ok, more bool) {
	switch {
	case n < 0:
		return true, false
	case n < utf8.RuneSelf:
		if escaped && (asciiClass[n]&clsUnreserved == 0 || n == '.') ||
			!escaped && !allowedASCII(byte(n), comp) && n != '%' && n != '#' {
			return !before, false // shown as an escape
		}
		return asciiClass[n]&clsUnreserved == 0 || n == '-' || n == '.' || n == '_' || n == '~', false
	}
	show, nsc := showRune(n, comp)
	if !show {
		return !before, false // shown as escapes
	}
	switch {
	case !unicode.In(n, unicode.L, unicode.N):
		ok = true
	case unicode.Is(sc, n):
		ok = true
	case (sc == unicode.Han || sc == unicode.Katakana || sc == unicode.Hiragana) &&
		unicode.In(n, unicode.Han, unicode.Hiragana, unicode.Katakana):
		ok = true
	default:
		ok = unicode.In(n, unicode.Common, unicode.Inherited)
	}
	return ok, ok && nsc != nil
}

// charBefore returns the character that ends s[:i], decoding a run of
// escapes, whether it was escaped, and where it starts in s: the
// character a reader sees before s[i:] once s is shown. It returns -1
// when i is 0, and a "%" when the escapes are not UTF-8.
func charBefore(s string, i int) (r rune, escaped bool, start int) {
	if i == 0 {
		return -1, false, 0
	}
	if i < 3 || !pct.IsEncoded(s, i-3) {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		return r, false, i - size
	}
	var oct [utf8.UTFMax]byte
	n := 0
	for j := i - 3; n < len(oct) && j >= 0 && pct.IsEncoded(s, j); j -= 3 {
		n++
	}
	for k := 0; k < n; k++ {
		j := i - 3*(n-k)
		oct[k] = pct.Unhex(s[j+1])<<4 | pct.Unhex(s[j+2])
	}
	r, size := utf8.DecodeLastRune(oct[:n])
	if r == utf8.RuneError && size <= 1 {
		return '%', true, i - 3
	}
	return r, true, i - 3*size
}

// charAt returns the character that starts s[i:], decoding escapes,
// whether it was escaped, and where it ends in s; -1 at the end of s, and
// a "%" when the escapes are not UTF-8.
func charAt(s string, i int) (r rune, escaped bool, end int) {
	if i >= len(s) {
		return -1, false, i
	}
	if !pct.IsEncoded(s, i) {
		r, size := utf8.DecodeRuneInString(s[i:])
		return r, false, i + size
	}
	var oct [utf8.UTFMax]byte
	n := 0
	for j := i; n < len(oct) && pct.IsEncoded(s, j); j += 3 {
		oct[n] = pct.Unhex(s[j+1])<<4 | pct.Unhex(s[j+2])
		n++
	}
	r, size := utf8.DecodeRune(oct[:n])
	if r == utf8.RuneError && size <= 1 {
		return '%', true, i + 3
	}
	return r, true, i + 3*size
}

// showAt reports whether the non-ASCII character r, written at s[i:j] in
// component comp (raw or as escapes), may be shown unencoded.
func showAt(r rune, comp component, s string, i, j int) bool {
	show, sc := showRune(r, comp)
	if !show || sc == nil {
		return show
	}
	return lookalikeShown(sc, comp, s, i, j)
}
