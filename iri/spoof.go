package iri

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/confusable"
	"golang.org/x/text/unicode/norm"
)

// The display policy for internationalized host names: which labels ToIRI
// shows in Unicode. It follows the policy of Chromium's omnibox
// (components/url_formatter/spoof_checks), which builds on UTS #39:
//
//   - per label (safeLabel): the characters must be Allowed identifier
//     characters (UTS #39 Identifier_Status) less a few look-alikes
//     (blockedChar), and characters a path would show (showRune: nothing
//     invisible, no look-alike of URI syntax but those of a non-Latin
//     script, which the rules below judge in context); the
//     label must be Highly Restrictive (UTS #39 section 5.2: one script,
//     or Latin with Han and kana, Han and Bopomofo, or Han and Hangul),
//     use one system of digits and no repeated combining mark; it must not
//     be a whole-script confusable, a Cyrillic, Greek, Armenian, ... word
//     made of letters that look Latin, unless the top-level domain is in
//     that script or a ccTLD where the script is at home; nor made only
//     of digits and digit look-alikes; nor hold one of the patterns that
//     mimic URL syntax or hide a character (Japanese "ノ" between Latin
//     letters, a dot above "i", ...);
//   - per host (in appendIRIHost): a host whose skeleton is that of a top
//     domain (confusable.Top) while not being it or one of its subdomains
//     is shown in ASCII as a whole ("ınstagram.com", "gооgle.com").
//
// A label that fails stays an A-label; the other labels of the host are
// still shown in Unicode. Where this policy is stricter than Chromium's,
// testdata/chromium-idn/known-differences.tsv says why.

// topDomains is the list of the skeleton check; tests replace it with
// Chromium's test list.
var topDomains = confusable.Top

// spoofRule names the rule a label breaks, for tests and for Check.
type spoofRule string

const (
	ruleNone           spoofRule = ""
	ruleChar           spoofRule = "character not allowed in identifiers"
	ruleHyphens        spoofRule = "hyphens in the third and fourth positions"
	ruleInvisible      spoofRule = "repeated combining mark"
	ruleMixedDigits    spoofRule = "digits of more than one system"
	ruleMixedScripts   spoofRule = "mixed scripts"
	ruleTLDChar        spoofRule = "character allowed only under another top-level domain"
	ruleWholeScript    spoofRule = "whole-script confusable with Latin"
	ruleDigitLookalike spoofRule = "made of digits and digit look-alikes"
	ruleLatinMix       spoofRule = "non-ASCII Latin letter mixed with another script"
	ruleDangerous      spoofRule = "dangerous pattern"
)

// safeLabel reports whether the Unicode label u, from a valid A-label, may
// be shown in Unicode in a host whose last label is tld (as written in
// the URI, in lower case) and tldU (its Unicode form).
func safeLabel(u, tld, tldU string) bool {
	return labelSpoofRule(u, tld, tldU) == ruleNone
}

// labelSpoofRule returns the rule of the display policy that the label u
// breaks, or ruleNone.
func labelSpoofRule(u, tld, tldU string) spoofRule {
	var buf [64]rune
	rs := buf[:0]
	for _, r := range u {
		rs = append(rs, r)
	}
	if len(rs) == 0 {
		return ruleChar
	}
	// Characters: Allowed, and the ASCII of a host name.
	resolved := confusable.AnyScript
	ascii := true
	for _, r := range rs {
		if r < utf8.RuneSelf {
			switch {
			case 'a' <= r && r <= 'z':
				resolved &= confusable.Latn
			case '0' <= r && r <= '9' || r == '-':
			default:
				return ruleChar
			}
			continue
		}
		ascii = false
		s, ok := confusable.Allowed(r)
		if !ok || blockedChar(r) {
			return ruleChar
		}
		if show, _ := showRune(r, compHost); !show {
			return ruleChar // as in a path: invisible, hidden, syntax look-alike
		}
		resolved &= s
	}
	if ascii {
		return ruleNone
	}
	if len(rs) >= 4 && rs[2] == '-' && rs[3] == '-' {
		// Reserved for extensions such as "xn--" (RFC 5891 section
		// 4.2.3.1): UTS #46 with CheckHyphens refuses it.
		return ruleHyphens
	}
	if hasRepeatedMark(u) {
		return ruleInvisible
	}
	if mixedDigits(rs) {
		return ruleMixedDigits
	}
	single := resolved != 0
	if !single && !coveredBy(rs, confusable.Latn|confusable.Jpan) &&
		!coveredBy(rs, confusable.Latn|confusable.Hanb) &&
		!coveredBy(rs, confusable.Latn|confusable.Kore) {
		return ruleMixedScripts
	}
	// Letters at home under one top-level domain only.
	if len(rs) > 1 && tld != "is" && tld != "fo" && slices.ContainsFunc(rs, func(r rune) bool { return r == 'þ' || r == 'ð' }) {
		return ruleTLDChar
	}
	if len(rs) > 1 && tld != "az" && slices.Contains(rs, 'ə') {
		return ruleTLDChar
	}
	for i, r := range rs {
		if r == '·' && (tld != "cat" || i == 0 || i == len(rs)-1 || rs[i-1] != 'l' || rs[i+1] != 'l') {
			return ruleTLDChar
		}
	}
	if single && !slices.ContainsFunc(rs, func(r rune) bool {
		return 0x3078 <= r && r <= 0x307A || 0x30D8 <= r && r <= 0x30DA || 0x30FB <= r && r <= 0x30FE ||
			0x300 <= r && r <= 0x339
	}) {
		if wholeScriptConfusable(u, rs, tld, tldU) {
			return ruleWholeScript
		}
		if digitLookalike(rs) {
			return ruleDigitLookalike
		}
		return ruleNone
	}
	if digitLookalike(rs) {
		return ruleDigitLookalike
	}
	if !confusable.OnlyLGC(u) && slices.ContainsFunc(rs, func(r rune) bool {
		return r >= utf8.RuneSelf && unicode.Is(unicode.Latin, r)
	}) {
		return ruleLatinMix
	}
	if dangerousPattern(rs) {
		return ruleDangerous
	}
	return ruleNone
}

// blockedChar reports whether r is one of the Allowed characters that the
// policy refuses all the same: look-alikes of "-", quotes and
// apostrophes, characters not valid in IDNA 2008, and the rarely used
// Latin, Greek and Cyrillic extension blocks, whose letters are mostly
// look-alikes of common ones. The rest of Chromium's list is refused with
// the characters a path does not show (showRune): U+0338 COMBINING LONG
// SOLIDUS OVERLAY (hiddenChar), U+30A0 KATAKANA-HIRAGANA DOUBLE HYPHEN (a
// look-alike of "="), and the joiners U+200C and U+200D (invisible, and
// not Allowed).
func blockedChar(r rune) bool {
	switch r {
	case 0x058A, // ARMENIAN HYPHEN
		0x2010,         // HYPHEN
		0x2019,         // RIGHT SINGLE QUOTATION MARK
		0x2027,         // HYPHENATION POINT
		0x02BB, 0x02BC, // MODIFIER LETTER TURNED COMMA, APOSTROPHE
		0x02EC, // MODIFIER LETTER VOICING
		0x0138: // LATIN SMALL LETTER KRA
		return true
	}
	return 0x01CD <= r && r <= 0x01DC || // Latin Extended-B: Pinyin
		0x1C80 <= r && r <= 0x1C8F || // Cyrillic Extended-C
		0x1E00 <= r && r <= 0x1E9B || // Latin Extended Additional
		0x1F00 <= r && r <= 0x1FFF || // Greek Extended
		0xA640 <= r && r <= 0xA69F || // Cyrillic Extended-B
		0xA720 <= r && r <= 0xA7FF // Latin Extended-D
}

// hasRepeatedMark reports whether a nonspacing mark of u in NFD appears
// twice on the same base character ("á\u0301"): the second is invisible.
func hasRepeatedMark(u string) bool {
	var buf [8]rune
	marks := buf[:0]
	for i := 0; i < len(u); {
		p := norm.NFD.PropertiesString(u[i:])
		d := p.Decomposition()
		if d == nil {
			d = []byte(u[i : i+p.Size()])
		}
		i += p.Size()
		for len(d) > 0 {
			r, n := utf8.DecodeRune(d)
			d = d[n:]
			if !unicode.Is(unicode.Mn, r) {
				marks = marks[:0]
				continue
			}
			if slices.Contains(marks, r) {
				return true
			}
			marks = append(marks, r)
		}
	}
	return false
}

// mixedDigits reports whether rs holds decimal digits of more than one
// system ("1" and "१").
func mixedDigits(rs []rune) bool {
	zero := rune(-1)
	for _, r := range rs {
		if !unicode.Is(unicode.Nd, r) {
			continue
		}
		// Decimal digits come in runs of ten from zero.
		k := 0
		for unicode.Is(unicode.Nd, r-rune(k)-1) {
			k++
		}
		z := r - rune(k%10)
		if zero >= 0 && z != zero {
			return true
		}
		zero = z
	}
	return false
}

// coveredBy reports whether every character of rs is in one of the
// scripts of set, or is Common or Inherited.
func coveredBy(rs []rune, set confusable.Scripts) bool {
	for _, r := range rs {
		if s, _ := confusable.Allowed(r); r >= utf8.RuneSelf && s&set == 0 {
			return false
		}
	}
	return true
}

// inScripts reports whether r has one of the scripts of set as its script
// or script extension (a Common or Inherited character without extensions
// has none).
func inScripts(r rune, set confusable.Scripts) bool {
	if r < utf8.RuneSelf {
		return set&confusable.Latn != 0 && ('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
	}
	s, _ := confusable.Allowed(r)
	return s != confusable.AnyScript && s&set != 0
}

// A wholeScript lists the letters of a script that look like Latin
// letters, and the top-level domains under which a label made only of
// them is shown all the same (besides those written in the script). The
// letters are Chromium's (idn_spoof_checker.cc, its Linux set for Thai);
// wholeScriptConfusable adds those that confusables.txt maps to ASCII.
type wholeScript struct {
	script  confusable.Scripts
	letters string
	tlds    []string
}

var wholeScripts = [...]wholeScript{
	{confusable.Armn, "ագզէլհյոսւօՙ", []string{"am"}},
	{confusable.Cyrl, "аысԁеԍһіюкјӏорԗԛѕԝхуъьҽпгѵѡ", []string{"bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"}},
	{confusable.Ethi, "ሀሠሰስበነተከዐዕዘጠፐꬅ", []string{"er", "et"}},
	{confusable.Geor, "იოყძხჽჿ", []string{"ge"}},
	{confusable.Grek, "αικνρυωηοτ", []string{"gr"}},
	{confusable.Hebr, "דוחיןסװײ׳ﬦ", []string{"il"}},
	{confusable.Beng, "০৭", nil},
	{confusable.Deva, "ऽ०ॱ", nil},
	{confusable.Gujr, "ડટ૦૧", nil},
	{confusable.Guru, "੦੧", nil},
	{confusable.Knda, "ಽ೦೧", nil},
	{confusable.Mlym, "ടഠധനറ൦", nil},
	{confusable.Orya, "ଠ୦୮", nil},
	{confusable.Taml, "டப௦", nil},
	{confusable.Telu, "౦౧", nil},
	{confusable.Mymr, "ခဂငထပဝ၀၂ၔၜ\u1090\u1091\u1095\u1096\u1097", []string{"mm"}},
	{confusable.Thai, "ทนบพรหเแ๐ดลปฟม", []string{"th"}},
}

// wholeScriptWords are common Cyrillic words made of Latin look-alikes
// that spell no Latin word (Chromium's list).
var wholeScriptWords = []string{"секс", "как", "коса", "курс", "парк", "такий", "укроп", "сахарок", "покраска"}

// wholeScriptConfusable reports whether the single-script label u (rs)
// is made, in its script, only of letters that look Latin, under a
// top-level domain that is neither in that script nor at home with it.
func wholeScriptConfusable(u string, rs []rune, tld, tldU string) bool {
	if slices.Contains(wholeScriptWords, u) {
		return false
	}
	// The label is in one script: the first letter beyond ASCII tells
	// which.
	var script confusable.Scripts
	for _, r := range rs {
		if s, _ := confusable.Allowed(r); r >= utf8.RuneSelf && s != confusable.AnyScript {
			script = s &^ (confusable.Hanb | confusable.Jpan | confusable.Kore)
			break
		}
	}
	for i := range wholeScripts {
		w := &wholeScripts[i]
		if w.script&script == 0 {
			continue
		}
		some, all := false, true
		for _, r := range rs {
			if r < utf8.RuneSelf || !scriptIs(r, w.script) {
				continue
			}
			some = true
			if !strings.ContainsRune(w.letters, r) && !confusable.LatinLookalike(r) {
				all = false
				break
			}
		}
		if !some || !all {
			continue
		}
		if slices.Contains(w.tlds, tld) || strings.ContainsFunc(tldU, func(r rune) bool { return scriptIs(r, w.script) }) {
			return false
		}
		return true
	}
	return false
}

// scriptIs reports whether the Script value of r is script (its
// extensions aside).
func scriptIs(r rune, script confusable.Scripts) bool {
	s, ok := confusable.Allowed(r)
	return ok && s != confusable.AnyScript && s&^(confusable.Hanb|confusable.Jpan|confusable.Kore) == script
}

// digitLookalikes look like ASCII digits (Chromium's list).
const digitLookalikes = "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨"

// digitLookalike reports whether rs is made only of ASCII digits and
// digit look-alikes, with at least one look-alike.
func digitLookalike(rs []rune) bool {
	found := false
	for _, r := range rs {
		switch {
		case '0' <= r && r <= '9':
		case strings.ContainsRune(digitLookalikes, r):
			found = true
		default:
			return false
		}
	}
	return found
}

// Characters that dangerousPattern refuses in some contexts.
const (
	// slashLike look like "/" next to non-Japanese characters: ノ ン ソ ゾ
	// and the ideographs 丶 乀 乁 丿.
	slashLike = "\u30ce\u30f3\u30bd\u30be\u4e36\u4e40\u4e41\u4e3f"
	// cjkLatinLike are Han and Bopomofo characters that look like Latin
	// letters or punctuation (一 ㄧ 丨 乛 七 丅 十 〇 ㄒ ㄚ ㄟ ㄨ ㄩ ㄈ ㆺ ㆳ 工 ㆲ 讠 丁).
	cjkLatinLike = "\u4e00\u3127\u4e28\u4e5b\u4e03\u4e05\u5341\u3007\u3112\u311a\u311f\u3128\u3129\u3108\u31ba\u31b3\u5de5\u31b2\u8ba0\u4e01"
)

// dangerousPattern reports whether the label rs holds a sequence that
// mimics URL syntax or another character in context: a slash look-alike
// between non-Japanese characters; an iteration mark not after Katakana;
// a prolonged sound mark not after kana; a Katakana middle dot next to
// ASCII; a Han look-alike of Latin next to a non-CJK character; a
// Hiragana へべぺ among Katakana or a Katakana ヘベペ among Hiragana; a
// combining mark after a character that is not Latin, Greek or Cyrillic,
// or after a dotless i; a combining voiced sound mark; a dot above after
// "i", "j" or "l".
func dangerousPattern(rs []rune) bool {
	const (
		japanese = confusable.Kana | confusable.Hira | confusable.Hani
		cjk      = japanese | confusable.Bopo
		lgc      = confusable.Latn | confusable.Grek | confusable.Cyrl
	)
	n := len(rs)
	for i, r := range rs {
		var prev, next rune = -1, -1
		if i > 0 {
			prev = rs[i-1]
		}
		if i+1 < n {
			next = rs[i+1]
		}
		switch {
		case strings.ContainsRune(slashLike, r):
			if prev >= 0 && next >= 0 && !inScripts(prev, japanese) && !inScripts(next, japanese) {
				return true
			}
		case r == 0x30FD || r == 0x30FE:
			if prev < 0 || !inScripts(prev, confusable.Kana) {
				return true
			}
		case r == 0x30FC:
			if prev < 0 || !inScripts(prev, confusable.Kana|confusable.Hira) {
				return true
			}
		case r == 0x30FB:
			if 'a' <= prev && prev <= 'z' || 'a' <= next && next <= 'z' {
				return true
			}
		case strings.ContainsRune(cjkLatinLike, r):
			if prev >= 0 && !inScripts(prev, cjk) || next >= 0 && !inScripts(next, cjk) {
				return true
			}
		case 0x300 <= r && r <= 0x339:
			if prev >= 0 && (!inScripts(prev, lgc) || prev == 'ı') {
				return true
			}
			if r == 0x307 && (prev == 'i' || prev == 'j' || prev == 'l') {
				return true
			}
		case r == 0x3099 || r == 0x309A:
			return true
		}
	}
	return n >= 3 && (amongOthers(rs, 0x3078, 0x307A, confusable.Kana) || amongOthers(rs, 0x30D8, 0x30DA, confusable.Hira))
}

// amongOthers reports whether rs, of three characters or more, is made of
// characters of script set save one, inside, in lo..hi.
func amongOthers(rs []rune, lo, hi rune, set confusable.Scripts) bool {
	in := -1
	for i, r := range rs {
		if lo <= r && r <= hi {
			if in >= 0 || i == 0 || i == len(rs)-1 {
				return false
			}
			in = i
			continue
		}
		if !inScripts(r, set) {
			return false
		}
	}
	return in > 0
}
