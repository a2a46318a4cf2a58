package iri

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// hostProfile maps an internationalized host to ASCII: UTS #46 mapping,
// nontransitional, with the bidi and joiner rules. As 3987bis section 3.4
// asks, STD3 ASCII rules are off (hosts such as "a_b.example" are in use),
// and so is CheckHyphens, as in the URL Standard ("r4---sn-abc.example").
var hostProfile = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.BidiRule(),
)

// hostToASCII converts the Unicode host h of an IRI to its ASCII form with
// idnaToASCII, and requires the result to be a valid reg-name.
func hostToASCII(h string) (string, error) {
	a, err := idnaToASCII(h)
	if err != nil {
		return "", err
	}
	for i := 0; i < len(a); i++ {
		c := a[i]
		if c >= utf8.RuneSelf || asciiClass[c]&(clsUnreserved|clsSubDelim) == 0 {
			return "", errors.New("host maps to a character not allowed in a URI: " + strconvQuoteByte(c))
		}
	}
	return a, nil
}

// idnaToASCII runs UTS #46 ToASCII (hostProfile) on domain and rejects
// what x/net/idna lets through (golang/go#81116, #58303, and "xn--" alone
// mapping to nothing): an empty result, a label that starts with "xn--"
// but holds non-ASCII characters, and an "xn--" label of the result that
// does not decode and re-encode to itself.
func idnaToASCII(domain string) (string, error) {
	for label := range strings.FieldsFuncSeq(domain, isLabelSeparator) {
		if hasACEPrefix(label) && !isASCII(label) {
			return "", errors.New("non-ASCII characters in punycode label " + strconv.Quote(label))
		}
		if len(label) == 4 && hasACEPrefix(label) {
			// x/net/idna maps it to nothing without an error.
			return "", errors.New(`empty punycode label "` + label + `"`)
		}
	}
	a, err := hostProfile.ToASCII(domain)
	if err != nil {
		return "", err
	}
	if a == "" {
		return "", errors.New("empty host")
	}
	for label := range strings.SplitSeq(a, ".") {
		if !hasACEPrefix(label) {
			continue
		}
		if _, ok := decodeACE(label); !ok {
			return "", errors.New("invalid punycode label " + label)
		}
	}
	return a, nil
}

// isLabelSeparator reports whether r separates labels for UTS #46 (the
// full stop and the characters that map to it).
func isLabelSeparator(r rune) bool {
	return r == '.' || r == 0x3002 || r == 0xFF0E || r == 0xFF61
}

func strconvQuoteByte(c byte) string {
	if c >= ' ' && c < 0x7f {
		return `"` + string(rune(c)) + `"`
	}
	return "byte 0x" + string(upperHex[c>>4]) + string(upperHex[c&15])
}

func hasACEPrefix(label string) bool {
	return len(label) >= 4 && strings.EqualFold(label[:4], "xn--")
}

// decodeACE decodes an "xn--" label to Unicode and reports whether the
// label is a valid A-label: it decodes, the result is not pure ASCII, and
// mapping the result back gives the label (ignoring case).
func decodeACE(label string) (string, bool) {
	u, err := hostProfile.ToUnicode(label)
	if err != nil || u == "" {
		return "", false
	}
	ascii := true
	for i := 0; i < len(u); i++ {
		if u[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return "", false
	}
	back, err := hostProfile.ToASCII(u)
	if err != nil || !strings.EqualFold(back, label) {
		return "", false
	}
	return u, true
}

// displayLabel returns the Unicode form of the A-label label when it is
// safe to show (RFC 3987 section 3.2 step 6, with the care browsers take):
// it is a valid A-label, holds only letters, marks and digits beyond ASCII,
// and passes safeScripts. Otherwise it returns label
// unchanged. The Bidi Rule of RFC 5893 concerns the whole domain: the
// caller checks that the displayed host maps back to its A-labels.
func displayLabel(label string) string {
	u, ok := decodeACE(label)
	if !ok || !safeScripts(u) {
		return label
	}
	for _, r := range u {
		// Letters, marks and digits only: IDNA2008 disallows symbols and
		// punctuation (emoji, "☃") that UTS #46 lets through, and browsers
		// show such labels in ASCII.
		if r >= utf8.RuneSelf && (!displayable(r, compHost) || !unicode.In(r, unicode.L, unicode.M, unicode.N)) {
			return label
		}
	}
	return u
}

// commonScripts are checked first when finding a character's script.
var commonScripts = []*unicode.RangeTable{
	unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Han,
	unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Arabic,
	unicode.Hebrew, unicode.Thai, unicode.Devanagari, unicode.Bopomofo,
	unicode.Armenian, unicode.Georgian, unicode.Cherokee,
}

func scriptOf(r rune) *unicode.RangeTable {
	for _, t := range commonScripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	if unicode.Is(unicode.Common, r) || unicode.Is(unicode.Inherited, r) {
		return nil
	}
	for _, t := range unicode.Scripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	return nil
}

// cyrillicLatinLookalikes are Cyrillic letters with a Latin twin; a label
// written only with them ("аррӏе") would read as a Latin word.
const cyrillicLatinLookalikes = "асеорхуіјѕһԁӏԛԝѵүҫҽӧӕ"

// safeScripts implements a restriction level close to UTS #39
// "Moderately Restrictive", as browsers use to decide whether to show a
// host label in Unicode: one script, or Latin with Han and the Japanese
// kana, Latin with Han and Bopomofo, Latin with Han and Hangul, or Latin
// with one other script that is not Cyrillic, Greek or Cherokee (the
// scripts with Latin look-alikes). A Cyrillic label made only of letters
// that look Latin is refused too (whole-script confusable).
func safeScripts(label string) bool {
	var scripts []*unicode.RangeTable
	for _, r := range label {
		t := scriptOf(r)
		if t == nil {
			continue
		}
		seen := false
		for _, s := range scripts {
			if s == t {
				seen = true
				break
			}
		}
		if !seen {
			scripts = append(scripts, t)
		}
	}
	has := func(t *unicode.RangeTable) bool {
		for _, s := range scripts {
			if s == t {
				return true
			}
		}
		return false
	}
	subsetOf := func(allowed ...*unicode.RangeTable) bool {
	next:
		for _, s := range scripts {
			for _, a := range allowed {
				if s == a {
					continue next
				}
			}
			return false
		}
		return true
	}
	switch {
	case len(scripts) <= 1:
		if has(unicode.Cyrillic) {
			for _, r := range label {
				if unicode.IsLetter(r) && !strings.ContainsRune(cyrillicLatinLookalikes, unicode.ToLower(r)) {
					return true
				}
			}
			return false
		}
		return true
	case subsetOf(unicode.Latin, unicode.Han, unicode.Hiragana, unicode.Katakana),
		subsetOf(unicode.Latin, unicode.Han, unicode.Bopomofo),
		subsetOf(unicode.Latin, unicode.Han, unicode.Hangul):
		return true
	case len(scripts) == 2 && has(unicode.Latin):
		return !has(unicode.Cyrillic) && !has(unicode.Greek) && !has(unicode.Cherokee)
	}
	return false
}
