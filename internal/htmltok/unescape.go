package htmltok

//go:generate go run gen.go

import (
	"bytes"
	"unicode/utf8"
)

type entity struct {
	name, val string
	legacy    bool
}

// UnescapeAttr appends to dst the value of an attribute as browsers see
// it, given its raw bytes (Attr.Val), and returns the extended slice. It
// decodes character references as the WHATWG tokenizer does in an
// attribute value, and as x/net/html's TagAttr does:
//
//   - named references from the full HTML list ("&amp;", "&NotEqualTilde;"),
//     and the legacy ones that may omit the ";" ("&amp", "&eacute") —
//     except that, in an attribute, a legacy reference without ";"
//     followed by "=" or an ASCII letter or digit is left as written, so
//     "?a=1&copy=2" keeps its "&copy";
//   - numeric references ("&#233;", "&#xE9"), with the WHATWG
//     replacements: 0x80 to 0x9F as windows-1252 for the code points it
//     defines, and U+FFFD for 0, surrogates and values above U+10FFFF.
//
// It also applies the input stream preprocessing that precedes
// tokenization: CR LF and lone CR become LF, and NUL becomes U+FFFD.
//
// Decoded characters are written in UTF-8 and all other bytes are copied
// as they are, so the result is UTF-8 when raw is. For a document in
// another ASCII-compatible charset, transcode the value to UTF-8 first
// (character references are ASCII, so they survive transcoding) and
// compose the offsets.
//
// If offs is not nil, UnescapeAttr appends to *offs, for each byte it
// appends to dst, the offset in raw of the first byte of what produced it
// (the "&" of a reference), so that a span of the decoded value maps back
// to raw bytes: decoded [i, j) comes from raw[offs[i]:offs[j]], with
// len(raw) for offs[len(decoded)].
//
// It allocates only when dst must grow; with no '&', CR or NUL in raw it
// appends raw unchanged.
func UnescapeAttr(dst, raw []byte, offs *[]int32) []byte {
	return unescape(dst, raw, offs, true)
}

// UnescapeText is UnescapeAttr for text (the data state and the RCDATA
// content of title and textarea): legacy references without ";" are
// decoded whatever follows them ("&copy2024" is "©2024"), and NUL is left
// as it is (browsers drop it from text in most places, and replace it in
// RCDATA). A Text token may end in the middle of a reference: join
// adjacent Text tokens first. The content of script, style and other
// raw-text elements is not unescaped by browsers.
func UnescapeText(dst, raw []byte, offs *[]int32) []byte {
	return unescape(dst, raw, offs, false)
}

func unescape(dst, raw []byte, offs *[]int32, attr bool) []byte {
	// Most values have nothing to decode: find that out with vectorized
	// searches.
	if bytes.IndexByte(raw, '&') < 0 && bytes.IndexByte(raw, '\r') < 0 && (!attr || bytes.IndexByte(raw, 0) < 0) {
		if offs != nil {
			return appendRun(dst, raw, offs, 0)
		}
		return append(dst, raw...)
	}
	t := &specialText
	if attr {
		t = &specialAttr
	}
	i := 0
	for {
		j := i
		for j < len(raw) && !t[raw[j]] {
			j++
		}
		if offs == nil {
			dst = append(dst, raw[i:j]...)
		} else {
			dst = appendRun(dst, raw[i:j], offs, i)
		}
		if j == len(raw) {
			return dst
		}
		i = j
		switch raw[i] {
		case 0:
			dst = appendOff(dst, offs, i, "\uFFFD")
			i++
		case '\r':
			dst = appendOff(dst, offs, i, "\n")
			i++
			if i < len(raw) && raw[i] == '\n' {
				i++
			}
		default: // '&'
			val, n := decodeRef(raw[i:], attr)
			if n == 0 {
				dst = appendOff(dst, offs, i, "&")
				i++
				continue
			}
			dst = appendOff(dst, offs, i, val)
			i += n
		}
	}
}

// The bytes unescape stops at: '&', CR, and in attributes NUL.
var specialText, specialAttr [256]bool

func init() {
	specialText['&'], specialText['\r'] = true, true
	specialAttr = specialText
	specialAttr[0] = true
}

func appendRun(dst, s []byte, offs *[]int32, at int) []byte {
	if offs != nil {
		for j := range s {
			*offs = append(*offs, int32(at+j))
		}
	}
	return append(dst, s...)
}

func appendOff(dst []byte, offs *[]int32, at int, s string) []byte {
	if offs != nil {
		for range len(s) {
			*offs = append(*offs, int32(at))
		}
	}
	return append(dst, s...)
}

// decodeRef decodes the character reference at the start of s (s[0] is
// '&') and returns its value and length, or n == 0 when s does not start
// with one that is decoded.
func decodeRef(s []byte, attr bool) (val string, n int) {
	if len(s) < 2 {
		return "", 0
	}
	if s[1] == '#' {
		return decodeNumeric(s)
	}
	i := 1
	for i < len(s) && isAlnum(s[i]) {
		i++
	}
	run := s[1:i]
	if len(run) == 0 {
		return "", 0
	}
	if i < len(s) && s[i] == ';' {
		if e := lookupEntity(run); e != nil {
			return e.val, i + 1
		}
	}
	// The longest legacy name that is a prefix of run.
	for l := min(len(run), 6); l >= 2; l-- {
		e := lookupEntity(run[:l])
		if e == nil || !e.legacy {
			continue
		}
		if attr && 1+l < len(s) {
			if c := s[1+l]; c == '=' || isAlnum(c) {
				return "", 0
			}
		}
		return e.val, 1 + l
	}
	return "", 0
}

func lookupEntity(name []byte) *entity {
	// The references most used in attribute values and text first.
	i := -1
	switch string(name) {
	case "amp":
		i = ampIndex
	case "lt":
		i = ltIndex
	case "gt":
		i = gtIndex
	case "quot":
		i = quotIndex
	case "nbsp":
		i = nbspIndex
	default:
		i = searchEntity(name)
	}
	if i < 0 {
		return nil
	}
	return &entities[i]
}

var ampIndex, ltIndex, gtIndex, quotIndex, nbspIndex = searchEntity([]byte("amp")), searchEntity([]byte("lt")),
	searchEntity([]byte("gt")), searchEntity([]byte("quot")), searchEntity([]byte("nbsp"))

// searchEntity returns the index of name in entities, or -1.
func searchEntity(name []byte) int {
	lo, hi := 0, len(entities)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if entities[m].name < string(name) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(entities) && entities[lo].name == string(name) {
		return lo
	}
	return -1
}

func decodeNumeric(s []byte) (string, int) {
	i := 2
	hex := false
	if i < len(s) && (s[i] == 'x' || s[i] == 'X') {
		hex = true
		i++
	}
	start := i
	x := rune(0)
	for ; i < len(s); i++ {
		c := s[i]
		var d rune
		switch {
		case '0' <= c && c <= '9':
			d = rune(c - '0')
		case hex && 'a' <= c && c <= 'f':
			d = rune(c-'a') + 10
		case hex && 'A' <= c && c <= 'F':
			d = rune(c-'A') + 10
		default:
			goto done
		}
		if x <= utf8.MaxRune {
			if hex {
				x = x*16 + d
			} else {
				x = x*10 + d
			}
		}
	}
done:
	if i == start {
		return "", 0
	}
	if i < len(s) && s[i] == ';' {
		i++
	}
	switch {
	case x == 0, x > utf8.MaxRune, 0xD800 <= x && x <= 0xDFFF:
		x = utf8.RuneError
	case 0x80 <= x && x <= 0x9F:
		if r := c1[x-0x80]; r != 0 {
			x = r
		}
	}
	var b [utf8.UTFMax]byte
	return string(b[:utf8.EncodeRune(b[:], x)]), i
}

// c1 is the WHATWG numeric character reference replacement table: the
// windows-1252 characters for 0x80 to 0x9F, 0 where there is none.
var c1 = [32]rune{
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
