package linkparquet

import (
	"unicode/utf16"
	"unicode/utf8"
)

// decodeFast decodes the line b into j, as json.Decoder would, for the
// lines relink writes: one object of known keys, each once, without
// escapes; string values valid UTF-8 with the escapes of JSON;
// integers of digits alone; lazy true or false. It reports false for
// anything else (another form, an error), which the caller then gives
// to encoding/json, for its result or its error: decodeFast accepts a
// subset of what encoding/json accepts, decoded the same
// (FuzzDecodeFast checks it). Its strings share the memory of one
// string made of b.
func decodeFast(b []byte, j *jsonRecord) bool {
	s := string(b) // one allocation for the strings without escapes
	i := skipSpace(s, 0)
	if i == len(s) || s[i] != '{' {
		return false
	}
	i = skipSpace(s, i+1)
	var seen uint32
	if i < len(s) && s[i] == '}' {
		return skipSpace(s, i+1) == len(s)
	}
	for {
		if i == len(s) || s[i] != '"' {
			return false
		}
		k := i + 1
		for k < len(s) && s[k] != '"' && s[k] != '\\' && s[k] >= 0x20 {
			k++
		}
		if k == len(s) || s[k] != '"' {
			return false
		}
		key := s[i+1 : k]
		i = skipSpace(s, k+1)
		if i == len(s) || s[i] != ':' {
			return false
		}
		i = skipSpace(s, i+1)
		f := fieldIndex(key)
		if f < 0 || seen&(1<<f) != 0 {
			return false
		}
		seen |= 1 << f
		var ok bool
		switch jsonFields[f].kind {
		case kindString:
			var v string
			v, i, ok = fastString(s, i)
			*jsonFields[f].str(j) = v
		case kindInt:
			var v int64
			v, i, ok = fastInt(s, i)
			*jsonFields[f].int(j) = v
		case kindBool:
			switch {
			case len(s)-i >= 4 && s[i:i+4] == "true":
				j.Lazy, i, ok = new(bool), i+4, true
				*j.Lazy = true
			case len(s)-i >= 5 && s[i:i+5] == "false":
				j.Lazy, i, ok = new(bool), i+5, true
			}
		}
		if !ok {
			return false
		}
		i = skipSpace(s, i)
		if i == len(s) {
			return false
		}
		switch s[i] {
		case ',':
			i = skipSpace(s, i+1)
		case '}':
			return skipSpace(s, i+1) == len(s)
		default:
			return false
		}
	}
}

// skipSpace returns the index of the first byte of s from i that is not
// JSON white space.
func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t') {
		i++
	}
	return i
}

// fastString reads the JSON string at s[i], returning its value and the
// index past it; false for a string encoding/json reads otherwise (a
// control character, invalid UTF-8, a lone surrogate) or not at all.
func fastString(s string, i int) (string, int, bool) {
	if i == len(s) || s[i] != '"' {
		return "", i, false
	}
	start := i + 1
	k := start
	ascii := true
	for k < len(s) && s[k] != '"' && s[k] != '\\' && s[k] >= 0x20 {
		ascii = ascii && s[k] < utf8.RuneSelf
		k++
	}
	if k == len(s) || s[k] < 0x20 {
		return "", k, false
	}
	if s[k] == '"' {
		if !ascii && !utf8.ValidString(s[start:k]) {
			return "", k, false
		}
		return s[start:k], k + 1, true
	}
	// Escapes: decode into a new string.
	buf := make([]byte, 0, k-start+16)
	buf = append(buf, s[start:k]...)
	for {
		for k < len(s) && s[k] != '"' && s[k] != '\\' && s[k] >= 0x20 {
			ascii = ascii && s[k] < utf8.RuneSelf
			buf = append(buf, s[k])
			k++
		}
		if k == len(s) || s[k] < 0x20 {
			return "", k, false
		}
		if s[k] == '"' {
			break
		}
		if k+1 == len(s) {
			return "", k, false
		}
		switch c := s[k+1]; c {
		case '"', '\\', '/':
			buf = append(buf, c)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := hex4(s, k+2)
			if !ok {
				return "", k, false
			}
			k += 6
			if utf16.IsSurrogate(r) {
				r2, ok := hex4(s, k+2)
				if !ok || k+1 >= len(s) || s[k] != '\\' || s[k+1] != 'u' {
					return "", k, false
				}
				r = utf16.DecodeRune(r, r2)
				if r == utf8.RuneError {
					return "", k, false
				}
				k += 6
			}
			buf = utf8.AppendRune(buf, r)
			continue
		default:
			return "", k, false
		}
		k += 2
	}
	if !ascii && !utf8.Valid(buf) {
		return "", k, false
	}
	return string(buf), k + 1, true
}

// hex4 reads the four hexadecimal digits at s[i].
func hex4(s string, i int) (rune, bool) {
	if len(s)-i < 4 {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// fastInt reads a non-negative integer of digits alone (no sign,
// fraction, exponent or leading zero) at s[i] that fits in an int64.
func fastInt(s string, i int) (int64, int, bool) {
	k := i
	var v int64
	for k < len(s) && '0' <= s[k] && s[k] <= '9' {
		if v > (1<<63-1-9)/10 {
			return 0, k, false
		}
		v = v*10 + int64(s[k]-'0')
		k++
	}
	if k == i || s[i] == '0' && k > i+1 {
		return 0, k, false
	}
	if k < len(s) && (s[k] == '.' || s[k] == 'e' || s[k] == 'E') {
		return 0, k, false
	}
	return v, k, true
}

const (
	kindString = iota
	kindInt
	kindBool
)

// A field is a key of jsonRecord and how to reach its value.
type field struct {
	kind int
	str  func(*jsonRecord) *string
	int  func(*jsonRecord) *int64
}

// jsonFields are jsonRecord's keys, in the order of fieldIndex.
var jsonFields = [...]field{
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.Page }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.RecordID }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.Date }},
	{kind: kindInt, int: func(j *jsonRecord) *int64 { return &j.Status }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.Charset }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.CharsetSource }},
	{kind: kindInt, int: func(j *jsonRecord) *int64 { return &j.RecordOffset }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.File }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.Tag }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.Attr }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.Role }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.Value }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.Href }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.URI }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.IRI }},
	{kind: kindInt, int: func(j *jsonRecord) *int64 { return &j.Start }},
	{kind: kindInt, int: func(j *jsonRecord) *int64 { return &j.End }},
	{kind: kindInt, int: func(j *jsonRecord) *int64 { return &j.Line }},
	{kind: kindInt, int: func(j *jsonRecord) *int64 { return &j.Column }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.Rel }},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.Text }},
	{kind: kindBool},
	{kind: kindString, str: func(j *jsonRecord) *string { return &j.Error }},
}

// fieldIndex returns the index in jsonFields of the key k, -1 for another.
func fieldIndex(k string) int {
	switch k {
	case "page":
		return 0
	case "record_id":
		return 1
	case "date":
		return 2
	case "status":
		return 3
	case "charset":
		return 4
	case "charset_source":
		return 5
	case "record_offset":
		return 6
	case "file":
		return 7
	case "tag":
		return 8
	case "attr":
		return 9
	case "role":
		return 10
	case "value":
		return 11
	case "href":
		return 12
	case "uri":
		return 13
	case "iri":
		return 14
	case "start":
		return 15
	case "end":
		return 16
	case "line":
		return 17
	case "column":
		return 18
	case "rel":
		return 19
	case "text":
		return 20
	case "lazy":
		return 21
	case "error":
		return 22
	}
	return -1
}
