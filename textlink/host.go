package textlink

import (
	"bytes"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// Host names in plain text.
//
// A label character is an ASCII letter, digit, "-" or "_" (which DNS
// names have in practice, as in _dmarc.example.com or my_host.example.net,
// so that such a name is taken whole or not at all), or a non-ASCII
// character that IDNA2008 (RFC 5892) lets a label hold, in the form UTS #46
// accepts before mapping: letters of any case (so "Ω" and fullwidth
// letters, which ToASCII maps), combining marks (Mn, Mc) and decimal
// digits, plus the exceptions RFC 5892 section 2.6 makes PVALID or
// CONTEXTO (such as U+0F0B TIBETAN MARK INTERSYLLABIC TSHEG and U+30FB
// KATAKANA MIDDLE DOT) and the joiners ZWNJ and ZWJ (CONTEXTJ), and minus
// those it makes DISALLOWED (U+0640 ARABIC TATWEEL, U+07FA, U+302E,
// U+302F, U+3031..U+3035, U+303B). Symbols, punctuation and emoji are not
// label characters: "example.com😎" is the name example.com.
//
// Labels are separated by "." or by the characters UTS #46 maps to it:
// U+3002 IDEOGRAPHIC FULL STOP, U+FF0E FULLWIDTH FULL STOP and U+FF61
// HALFWIDTH IDEOGRAPHIC FULL STOP.

var labelASCII = func() (t [128]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
		t[c-'a'+'A'] = true
	}
	t['-'] = true
	t['_'] = true
	return t
}()

// labelRune reports whether r may be part of a host label.
func labelRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 0 && labelASCII[r]
	}
	return hostRune(r)
}

// hostRune is labelRune for non-ASCII r.
func hostRune(r rune) bool {
	switch r {
	case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x06FD, 0x06FE, 0x0F0B, 0x3007, 0x30FB, 0x200C, 0x200D:
		return true
	case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B:
		return false
	}
	return unicode.IsLetter(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd)
}

// isSep reports whether r separates host labels.
func isSep(r rune) bool {
	return r == '.' || r == 0x3002 || r == 0xFF0E || r == 0xFF61
}

// checkHost checks a run of label characters and separators: no label
// is empty (but the name may end with a separator, as a fully qualified
// name does); no label starts or ends with "-" or "_", starts with a
// combining mark (RFC 5891 section 4.2.3.2), or has more than 63
// characters; and an A-label ("xn--...") is ASCII. It returns the byte span
// of the last label, the number of labels, and whether the name is valid.
func checkHost(h []byte) (ls, le, labels int, valid bool) {
	start, runes, ascii := 0, 0, true
	label := func(end int) bool {
		if end == start || runes > 63 {
			return false
		}
		if c := h[start]; c == '-' || c == '_' {
			return false
		}
		if c := h[end-1]; c == '-' || c == '_' {
			return false
		}
		if h[start] >= utf8.RuneSelf {
			r, _ := utf8.DecodeRune(h[start:end])
			if unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) {
				return false
			}
		}
		if !ascii && end-start > 4 && hasSuffixFold(h[start:start+4], "xn--") {
			return false
		}
		ls, le = start, end
		labels++
		return true
	}
	for i := 0; i < len(h); {
		r, n := rune(h[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(h[i:])
			ascii = false
		}
		if isSep(r) {
			if !label(i) {
				return 0, 0, 0, false
			}
			start, runes, ascii = i+n, 0, true
			i += n
			continue
		}
		if r >= utf8.RuneSelf {
			ascii = false
		}
		runes++
		i += n
	}
	if start < len(h) && !label(len(h)) {
		return 0, 0, 0, false
	}
	return ls, le, labels, labels > 0
}

// hostNumberOK applies the rule of the URL Standard's host parser to a
// name whose last label (ending at le) is a number (decimal, 0x hex, or
// octal with a leading 0): the whole name must then be an IPv4 address in
// one of the forms that parser accepts (1.2.3.4, 1.2.772, 0x7f.1,
// 2130706433). So http://12-7.0.0.1/ is not a link, and http://999 is.
func hostNumberOK(h []byte, le int) bool {
	h = h[:le]
	last := h
	if i := bytes.LastIndexByte(h, '.'); i >= 0 {
		last = h[i+1:]
	}
	if _, ok := ipv4Part(last); !ok {
		return true // not a number: a name
	}
	parts := bytes.Split(h, []byte("."))
	if len(parts) > 4 {
		return false
	}
	for i, p := range parts {
		v, ok := ipv4Part(p)
		if !ok {
			return false
		}
		if i < len(parts)-1 && v > 255 || i == len(parts)-1 && v >= 1<<(8*(5-len(parts))) {
			return false
		}
	}
	return true
}

// ipv4Part parses one part of an IPv4 address as the URL Standard
// does; it fails on anything that is not a number or does not fit in 32
// bits.
func ipv4Part(p []byte) (uint64, bool) {
	base := uint64(10)
	switch {
	case len(p) >= 2 && p[0] == '0' && p[1]|0x20 == 'x':
		base, p = 16, p[2:]
	case len(p) >= 2 && p[0] == '0':
		base, p = 8, p[1:]
	}
	if len(p) == 0 {
		return 0, base == 16 // "0x" alone is 0
	}
	var v uint64
	for _, c := range p {
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case base == 16 && 'a' <= c|0x20 && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		v = v*base + d
		if v > 1<<32 {
			return 0, false
		}
	}
	return v, true
}

// isTLD reports whether label is a top-level domain in the ICANN section of
// the Public Suffix List, in any case, as an A-label ("xn--...") or as a
// U-label ("香港", "ＣＯＭ").
func isTLD(label []byte) bool {
	for _, c := range label {
		if c >= utf8.RuneSelf {
			return isUnicodeTLD(label)
		}
	}
	return isASCIITLD(label)
}

func isASCIITLD(label []byte) bool {
	if len(label) < 2 || len(label) > 63 {
		return false
	}
	// "x." + label: a wildcard TLD such as *.ck is only a public suffix
	// with a label before it.
	var buf [66]byte
	buf[0], buf[1] = 'x', '.'
	xn := len(label) > 4 && hasSuffixFold(label[:4], "xn--")
	for i, c := range label {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if !('a' <= c && c <= 'z') && !(xn && ('0' <= c && c <= '9' || c == '-')) {
			return false
		}
		buf[2+i] = c
	}
	key := buf[2 : 2+len(label)]
	tlds.RLock()
	v, ok := tlds.m[string(key)]
	tlds.RUnlock()
	if ok {
		return v
	}
	_, icann := publicsuffix.PublicSuffix(string(buf[:2+len(label)]))
	tlds.Lock()
	if len(tlds.m) < tldCacheMax {
		tlds.m[string(key)] = icann
	}
	tlds.Unlock()
	return icann
}

// tlds caches the answers of the Public Suffix List, whose lookup
// allocates; the candidates of real text repeat (com, org, and the words
// after a missing space), so a small cache answers nearly all of them.
var tlds = struct {
	sync.RWMutex
	m map[string]bool
}{m: map[string]bool{}}

const tldCacheMax = 1 << 12

// maxTLDRunes bounds the U-labels isUnicodeTLD converts; the longest IDN
// TLD has 17 characters (vermögensberatung).
const maxTLDRunes = 24

func isUnicodeTLD(label []byte) bool {
	if utf8.RuneCount(label) > maxTLDRunes {
		return false
	}
	tlds.RLock()
	v, ok := tlds.m[string(label)]
	tlds.RUnlock()
	if ok {
		return v
	}
	a, err := idna.Lookup.ToASCII(string(label))
	v = err == nil && a != "" && isASCIITLD([]byte(a))
	tlds.Lock()
	if len(tlds.m) < tldCacheMax {
		tlds.m[string(label)] = v
	}
	tlds.Unlock()
	return v
}
