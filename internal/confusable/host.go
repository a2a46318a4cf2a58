package confusable

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// extraPrototypes are look-alikes that confusables.txt does not map (or
// maps to a non-ASCII letter) but that read as the ASCII letters or digits
// given, in common fonts. The list is Chromium's (its skeleton generator's
// supplementary mapping, components/url_formatter/spoof_checks), where
// each entry comes from a reported spoof.
var extraPrototypes = map[rune]string{}

func init() {
	for _, e := range [...]struct{ chars, proto string }{
		{"æӕ", "ae"}, {"ϼҏ", "p"}, {"ħнћңҥӈӊԋԧԩ", "h"},
		{"ĸκкқҝҟҡӄԟ", "k"}, {"ŋпԥกח", "n"}, {"ŧтҭԏ七丅丆丁", "t"},
		{"ƅьҍв", "b"}, {"ωшщพฟພຟ", "w"}, {"мӎ", "m"}, {"єҽҿၔ", "e"},
		{"ґ", "r"}, {"ғӻ", "f"}, {"ҫင", "c"}, {"ұ丫", "y"}, {"χҳӽӿ乂", "x"},
		{"ԃძ", "d"}, {"ԍဌ", "g"}, {"ടรຣຮ", "s"}, {"၂", "j"},
		{"०০੦૦ଠ୦೦", "o"}, {"৭੧૧", "q"}, {"บບ", "u"}, {"θ", "0"},
		{"२২੨૨೩೭շ", "2"}, {"зҙӡउওਤ੩૩౩ဒვპੜკ", "3"}, {"੫丩ㄐ", "4"},
		{"ճ", "6"}, {"৪੪୫", "8"}, {"૭୨౨", "9"}, {"—一―⸺⸻", "-"},
		{"စ", "o"}, // Chromium's test of crbug.com/1207187
	} {
		for _, r := range e.chars {
			extraPrototypes[r] = e.proto
		}
	}
}

// alternatives are characters that look like more than one thing: each
// host skeleton is computed with every choice (the first, the character
// itself, goes through confusables.txt).
var alternatives = map[rune][]string{
	'þ': {"þ", "b", "p"},
	'œ': {"œ", "ce", "oe"},
	'ӏ': {"ӏ", "l"},
	'ß': {"ß", "b", "ss"},
	'ł': {"l", "t"},
}

// Limits on the skeletons of one host: hosts longer than maxAltLen runes
// or with more than maxAltChars characters that have alternatives get
// only their first skeleton.
const (
	maxAltLen    = 32
	maxAltChars  = 5
	maxSkeletons = 128
)

// HostSkeletons returns the skeletons of the host name h (in Unicode,
// lower case, with or without a final dot), as used to compare it with
// well-known domains: for a host written only in Latin, Greek, Cyrillic,
// digits, ".", "-", "_" and the combining marks U+0300..U+0339, the
// diacritics are removed first ("é" is "e", and "ø", "đ" are "o", "d");
// the characters of extraPrototypes count as the letters they look like;
// and a character with several look-alikes gives one skeleton per choice
// (at most maxSkeletons; hosts longer than maxAltLen runes or with more
// than maxAltChars such characters get only the skeleton of their first
// choices).
func HostSkeletons(h string) []string {
	h = strings.TrimSuffix(h, ".")
	if h == "" {
		return nil
	}
	stripMarks := lgcOnly(h)
	expand := utf8.RuneCountInString(h) <= maxAltLen
	type alt struct {
		at      int // offset in base
		choices []string
	}
	var alts []alt
	base := make([]byte, 0, len(h)+8)
	for i := 0; i < len(h); {
		p := norm.NFD.PropertiesString(h[i:])
		d := p.Decomposition()
		if d == nil {
			d = []byte(h[i : i+p.Size()])
		}
		i += p.Size()
		for len(d) > 0 {
			r, n := utf8.DecodeRune(d)
			d = d[n:]
			if stripMarks {
				switch {
				case unicode.Is(unicode.Mn, r):
					continue
				case r == 'ø':
					r = 'o'
				case r == 'đ':
					r = 'd'
				}
			}
			if c, ok := altSkeletons[r]; ok {
				if expand {
					alts = append(alts, alt{len(base), c})
				} else {
					base = append(base, c[0]...)
				}
				continue
			}
			if p, ok := extraPrototypes[r]; ok {
				base = appendSkeleton(base, p)
				continue
			}
			base = appendRuneSkeleton(base, r)
		}
	}
	if len(alts) > maxAltChars {
		// Too many to be a convincing spoof: the first choices only.
		for k := len(alts) - 1; k >= 0; k-- {
			base = slices.Insert(base, alts[k].at, []byte(alts[k].choices[0])...)
		}
		alts = nil
	}
	var out []string
	choice := make([]int, len(alts))
	var b []byte
	for {
		b = b[:0]
		prev := 0
		for k, a := range alts {
			b = append(b, base[prev:a.at]...)
			b = append(b, a.choices[choice[k]]...)
			prev = a.at
		}
		b = append(b, base[prev:]...)
		if !norm.NFD.IsNormal(b) {
			b = norm.NFD.Bytes(b)
		}
		if s := string(b); !slices.Contains(out, s) {
			out = append(out, s)
		}
		if len(out) == maxSkeletons {
			return out
		}
		// The next combination of choices.
		k := len(alts) - 1
		for ; k >= 0; k-- {
			if choice[k]++; choice[k] < len(alts[k].choices) {
				break
			}
			choice[k] = 0
		}
		if k < 0 {
			return out
		}
	}
}

// appendRuneSkeleton appends the skeleton of r, which has no canonical
// decomposition: its prototype, or r.
func appendRuneSkeleton(b []byte, r rune) []byte {
	if p, ok := Prototype(r); ok {
		return append(b, p...)
	}
	return utf8.AppendRune(b, r)
}

// altSkeletons are the skeletons of the choices of alternatives.
var altSkeletons = map[rune][]string{}

func init() {
	for r, choices := range alternatives {
		for _, c := range choices {
			altSkeletons[r] = append(altSkeletons[r], Skeleton(c))
		}
	}
}

// lgcOnly reports whether h is written only with Latin, Greek and
// Cyrillic letters, ASCII digits, ".", "-", "_" and the combining marks
// U+0300..U+0339.
func lgcOnly(h string) bool {
	for _, r := range h {
		switch {
		case r >= '0' && r <= '9', r == '.', r == '-', r == '_',
			r >= 0x300 && r <= 0x339:
		case unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic):
		default:
			return false
		}
	}
	return true
}

// A TopDomains is a list of well-known domains, by skeleton.
type TopDomains struct {
	skeletons []string // sorted
	names     []string // names[i] has skeletons[i]
}

// Top is the list of top domains of testdata/chromium-idn: Chromium's
// (domains.list) and relink's additions to it (domains-relink.list).
var Top = &TopDomains{skeletons: topSkeletons[:], names: topNames[:]}

// NewTopDomains returns the list of the domains names (in Unicode, lower
// case), by their skeletons.
func NewTopDomains(names []string) *TopDomains {
	type entry struct{ skel, name string }
	var es []entry
	for _, n := range names {
		for _, s := range HostSkeletons(n) {
			es = append(es, entry{s, n})
		}
	}
	slices.SortStableFunc(es, func(a, b entry) int { return strings.Compare(a.skel, b.skel) })
	t := &TopDomains{}
	for i, e := range es {
		if i > 0 && es[i-1].skel == e.skel {
			continue
		}
		t.skeletons = append(t.skeletons, e.skel)
		t.names = append(t.names, e.name)
	}
	return t
}

// maxLabels is the most labels a top domain has.
const maxLabels = 4

// Similar returns the top domain that the host h (in Unicode, lower case)
// looks like: one whose skeleton is that of h or of a suffix of h of two
// labels or more. It returns "" when there is none, and when h is that
// domain or a subdomain of it.
func (t *TopDomains) Similar(h string) string {
	h = strings.TrimSuffix(h, ".")
	for _, skel := range HostSkeletons(h) {
		// The suffixes of two to maxLabels labels, longest first.
		var starts [maxLabels + 1]int
		n := 0
		for i := len(skel); i >= 0 && n < len(starts); i-- {
			if i == 0 || skel[i-1] == '.' {
				starts[n] = i
				n++
			}
		}
		for k := min(n, maxLabels) - 1; k >= 1; k-- {
			s := skel[starts[k]:]
			i, ok := slices.BinarySearch(t.skeletons, s)
			if !ok {
				continue
			}
			d := t.names[i]
			if h == d || strings.HasSuffix(h, "."+d) {
				return ""
			}
			return d
		}
	}
	return ""
}

// Entries returns the skeletons of the list, sorted, and the domain of
// each.
func (t *TopDomains) Entries() (skeletons, names []string) {
	return slices.Clone(t.skeletons), slices.Clone(t.names)
}

// ParseDomainList returns the domains of a list in the format of
// Chromium's domains.list: one domain a line, in lower case, "#" starting
// a comment line, and a line ###END_TOP_BUCKET### that is skipped.
func ParseDomainList(data []byte) ([]string, error) {
	var names []string
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if line != strings.ToLower(line) || strings.ContainsAny(line, " \t/:@") || !strings.Contains(line, ".") {
			return nil, fmt.Errorf("line %d: %q is not a lower-case domain name", i+1, line)
		}
		names = append(names, line)
	}
	return names, nil
}

// OnlyLGC reports whether s is written only with Latin, Greek and
// Cyrillic letters, ASCII digits, ".", "-", "_" and the combining marks
// U+0300..U+0339: the strings whose diacritics HostSkeletons removes.
func OnlyLGC(s string) bool { return lgcOnly(s) }

// LatinLookalike reports whether r is not ASCII and confusables.txt maps
// it to ASCII letters and digits only ("а" to "a", "ы" is not mapped so).
func LatinLookalike(r rune) bool {
	if r < utf8.RuneSelf {
		return false
	}
	p, ok := Prototype(r)
	if !ok || p == "" {
		return false
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}
