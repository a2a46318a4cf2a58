package webenc

// This file is a model of the Encoding Standard's legacy decoders and
// encoders, written step by step from the standard's algorithms over its
// index files (testdata/whatwg-encoding). It is slow and simple on purpose:
// the audit compares real encodings against it.

import (
	"compress/gzip"
	"encoding/json"
	"os"
	"sync"
	"testing"
)

const indexesFile = "../../testdata/whatwg-encoding/indexes.json.gz"

// indexes holds the Encoding Standard's indexes: code points by pointer,
// -1 where the index has none.
type indexes struct {
	byName map[string][]rune
	ranges [][2]int // index gb18030 ranges: pointer, code point

	pointer map[string]map[rune]int // index pointer (the first) by index name

	big5Once sync.Once
	big5Ptr  map[rune]int // index Big5 pointer
}

var (
	indexesOnce sync.Once
	indexesVal  *indexes
	indexesErr  error
)

func loadIndexes(t testing.TB) *indexes {
	t.Helper()
	indexesOnce.Do(func() { indexesVal, indexesErr = readIndexes(indexesFile) })
	if indexesErr != nil {
		t.Fatal(indexesErr)
	}
	return indexesVal
}

func readIndexes(name string) (*indexes, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	var raw map[string]json.RawMessage
	if err := json.NewDecoder(zr).Decode(&raw); err != nil {
		return nil, err
	}
	ix := &indexes{byName: map[string][]rune{}, pointer: map[string]map[rune]int{}}
	for name, msg := range raw {
		if name == "gb18030-ranges" {
			if err := json.Unmarshal(msg, &ix.ranges); err != nil {
				return nil, err
			}
			continue
		}
		var cps []*int
		if err := json.Unmarshal(msg, &cps); err != nil {
			return nil, err
		}
		idx := make([]rune, len(cps))
		ptr := map[rune]int{}
		for i, cp := range cps {
			idx[i] = -1
			if cp != nil {
				idx[i] = rune(*cp)
				if _, ok := ptr[rune(*cp)]; !ok {
					ptr[rune(*cp)] = i
				}
			}
		}
		ix.byName[name] = idx
		ix.pointer[name] = ptr
	}
	return ix, nil
}

// code returns the index code point for pointer p in index name, or -1.
func (ix *indexes) code(name string, p int) rune {
	idx := ix.byName[name]
	if p < 0 || p >= len(idx) {
		return -1
	}
	return idx[p]
}

// rangesCode is the index gb18030 ranges code point for p, or -1.
func (ix *indexes) rangesCode(p int) rune {
	if p > 39419 && p < 189000 || p > 1237575 {
		return -1
	}
	if p >= 189000 {
		// The last range, (189000, U+10000), reaches past the index.
		return rune(0x10000 + p - 189000)
	}
	if p == 7457 {
		return 0xE7C7
	}
	i := len(ix.ranges) - 1
	for ix.ranges[i][0] > p {
		i--
	}
	return rune(ix.ranges[i][1] + p - ix.ranges[i][0])
}

// rangesPointer is the index gb18030 ranges pointer for r.
func (ix *indexes) rangesPointer(r rune) int {
	if r == 0xE7C7 {
		return 7457
	}
	if r >= 0x10000 {
		return 189000 + int(r) - 0x10000
	}
	i := len(ix.ranges) - 1
	for rune(ix.ranges[i][1]) > r {
		i--
	}
	return ix.ranges[i][0] + int(r) - ix.ranges[i][1]
}

// big5Pointer is the index Big5 pointer for r, or -1.
func (ix *indexes) big5Pointer(r rune) int {
	ix.big5Once.Do(func() {
		idx := ix.byName["big5"]
		ix.big5Ptr = map[rune]int{}
		for p := (0xA1 - 0x81) * 157; p < len(idx); p++ {
			c := idx[p]
			if c < 0 {
				continue
			}
			switch c {
			case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
				ix.big5Ptr[c] = p // the last
				continue
			}
			if _, ok := ix.big5Ptr[c]; !ok {
				ix.big5Ptr[c] = p
			}
		}
	})
	if p, ok := ix.big5Ptr[r]; ok {
		return p
	}
	return -1
}

const eoq = -1 // end-of-queue

// refDecode decodes in with the standard's decoder for the encoding
// named name (replacement error mode).
func refDecode(ix *indexes, name string, in []byte) []rune {
	var out []rune
	emit := func(r ...rune) { out = append(out, r...) }
	const fffd = 0xFFFD
	// Each decoder reads the virtual byte eoq at position len(in); to
	// restore k bytes (counting the current one) it steps i back by k.
	at := func(i int) int {
		if i == len(in) {
			return eoq
		}
		return int(in[i])
	}
	switch name {
	case "gbk", "gb18030":
		var first, second, third int
		for i := 0; i <= len(in); i++ {
			b := at(i)
			switch {
			case b == eoq:
				if first|second|third != 0 {
					first, second, third = 0, 0, 0
					emit(fffd)
				}
			case third != 0:
				if b < 0x30 || b > 0x39 {
					i -= 3
					first, second, third = 0, 0, 0
					emit(fffd)
					continue
				}
				r := ix.rangesCode((first-0x81)*(10*126*10) + (second-0x30)*(10*126) + (third-0x81)*10 + b - 0x30)
				first, second, third = 0, 0, 0
				if r < 0 {
					emit(fffd)
				} else {
					emit(r)
				}
			case second != 0:
				if b >= 0x81 && b <= 0xFE {
					third = b
					continue
				}
				i -= 2
				first, second = 0, 0
				emit(fffd)
			case first != 0:
				if b >= 0x30 && b <= 0x39 {
					second = b
					continue
				}
				lead := first
				first = 0
				off := 0x41
				if b < 0x7F {
					off = 0x40
				}
				r := rune(-1)
				if b >= 0x40 && b <= 0x7E || b >= 0x80 && b <= 0xFE {
					r = ix.code("gb18030", (lead-0x81)*190+b-off)
				}
				if r >= 0 {
					emit(r)
					continue
				}
				if b < 0x80 {
					i--
				}
				emit(fffd)
			case b < 0x80:
				emit(rune(b))
			case b == 0x80:
				emit(0x20AC)
			case b <= 0xFE:
				first = b
			default:
				emit(fffd)
			}
		}
	case "big5":
		lead := 0
		for i := 0; i <= len(in); i++ {
			b := at(i)
			switch {
			case b == eoq:
				if lead != 0 {
					lead = 0
					emit(fffd)
				}
			case lead != 0:
				l := lead
				lead = 0
				off := 0x62
				if b < 0x7F {
					off = 0x40
				}
				p := -1
				if b >= 0x40 && b <= 0x7E || b >= 0xA1 && b <= 0xFE {
					p = (l-0x81)*157 + b - off
				}
				switch p {
				case 1133:
					emit(0xCA, 0x304)
					continue
				case 1135:
					emit(0xCA, 0x30C)
					continue
				case 1164:
					emit(0xEA, 0x304)
					continue
				case 1166:
					emit(0xEA, 0x30C)
					continue
				}
				r := ix.code("big5", p)
				if r >= 0 {
					emit(r)
					continue
				}
				if b < 0x80 {
					i--
				}
				emit(fffd)
			case b < 0x80:
				emit(rune(b))
			case b >= 0x81 && b <= 0xFE:
				lead = b
			default:
				emit(fffd)
			}
		}
	case "euc-jp":
		lead, jis0212 := 0, false
		for i := 0; i <= len(in); i++ {
			b := at(i)
			switch {
			case b == eoq:
				if lead != 0 {
					lead = 0
					emit(fffd)
				}
			case lead == 0x8E && b >= 0xA1 && b <= 0xDF:
				lead = 0
				emit(rune(0xFF61 - 0xA1 + b))
			case lead == 0x8F && b >= 0xA1 && b <= 0xFE:
				jis0212, lead = true, b
			case lead != 0:
				l := lead
				lead = 0
				r := rune(-1)
				if l >= 0xA1 && l <= 0xFE && b >= 0xA1 && b <= 0xFE {
					idx := "jis0208"
					if jis0212 {
						idx = "jis0212"
					}
					r = ix.code(idx, (l-0xA1)*94+b-0xA1)
				}
				jis0212 = false
				if r >= 0 {
					emit(r)
					continue
				}
				if b < 0x80 {
					i--
				}
				emit(fffd)
			case b < 0x80:
				emit(rune(b))
			case b == 0x8E || b == 0x8F || b >= 0xA1 && b <= 0xFE:
				lead = b
			default:
				emit(fffd)
			}
		}
	case "iso-2022-jp":
		const (
			ascii = iota
			roman
			katakana
			leadByte
			trailByte
			escStart
			escape
		)
		state, outState, lead, output := ascii, ascii, 0, false
		for i := 0; i <= len(in); i++ {
			b := at(i)
			switch state {
			case ascii, roman, katakana, leadByte:
				switch {
				case b == 0x1B:
					state = escStart
				case b == eoq:
				case state == ascii && b < 0x80 && b != 0x0E && b != 0x0F:
					output = false
					emit(rune(b))
				case state == roman && b < 0x80 && b != 0x0E && b != 0x0F:
					output = false
					switch b {
					case 0x5C:
						emit(0xA5)
					case 0x7E:
						emit(0x203E)
					default:
						emit(rune(b))
					}
				case state == katakana && b >= 0x21 && b <= 0x5F:
					output = false
					emit(rune(0xFF61 - 0x21 + b))
				case state == leadByte && b >= 0x21 && b <= 0x7E:
					output, lead, state = false, b, trailByte
				default:
					output = false
					emit(fffd)
				}
			case trailByte:
				switch {
				case b == 0x1B:
					state = escStart
					emit(fffd)
				case b >= 0x21 && b <= 0x7E:
					state = leadByte
					r := ix.code("jis0208", (lead-0x21)*94+b-0x21)
					if r < 0 {
						emit(fffd)
					} else {
						emit(r)
					}
				default:
					state = leadByte
					emit(fffd)
				}
			case escStart:
				if b == 0x24 || b == 0x28 {
					lead, state = b, escape
					continue
				}
				i--
				output, state = false, outState
				emit(fffd)
			case escape:
				l := lead
				lead = 0
				s := -1
				switch {
				case l == 0x28 && b == 0x42:
					s = ascii
				case l == 0x28 && b == 0x4A:
					s = roman
				case l == 0x28 && b == 0x49:
					s = katakana
				case l == 0x24 && (b == 0x40 || b == 0x42):
					s = leadByte
				}
				if s >= 0 {
					state, outState = s, s
					was := output
					output = true
					if was {
						emit(fffd)
					}
					continue
				}
				i -= 2
				output, state = false, outState
				emit(fffd)
			}
		}
	case "shift_jis":
		lead := 0
		for i := 0; i <= len(in); i++ {
			b := at(i)
			switch {
			case b == eoq:
				if lead != 0 {
					lead = 0
					emit(fffd)
				}
			case lead != 0:
				l := lead
				lead = 0
				off, loff := 0x41, 0xC1
				if b < 0x7F {
					off = 0x40
				}
				if l < 0xA0 {
					loff = 0x81
				}
				p := -1
				if b >= 0x40 && b <= 0x7E || b >= 0x80 && b <= 0xFC {
					p = (l-loff)*188 + b - off
				}
				if p >= 8836 && p <= 10715 {
					emit(rune(0xE000 - 8836 + p))
					continue
				}
				r := ix.code("jis0208", p)
				if r >= 0 {
					emit(r)
					continue
				}
				if b < 0x80 {
					i--
				}
				emit(fffd)
			case b <= 0x80:
				emit(rune(b))
			case b >= 0xA1 && b <= 0xDF:
				emit(rune(0xFF61 - 0xA1 + b))
			case b >= 0x81 && b <= 0x9F || b >= 0xE0 && b <= 0xFC:
				lead = b
			default:
				emit(fffd)
			}
		}
	case "euc-kr":
		lead := 0
		for i := 0; i <= len(in); i++ {
			b := at(i)
			switch {
			case b == eoq:
				if lead != 0 {
					lead = 0
					emit(fffd)
				}
			case lead != 0:
				l := lead
				lead = 0
				r := rune(-1)
				if b >= 0x41 && b <= 0xFE {
					r = ix.code("euc-kr", (l-0x81)*190+b-0x41)
				}
				if r >= 0 {
					emit(r)
					continue
				}
				if b < 0x80 {
					i--
				}
				emit(fffd)
			case b < 0x80:
				emit(rune(b))
			case b >= 0x81 && b <= 0xFE:
				lead = b
			default:
				emit(fffd)
			}
		}
	case "x-user-defined":
		for _, b := range in {
			if b < 0x80 {
				emit(rune(b))
			} else {
				emit(rune(0xF780 + int(b) - 0x80))
			}
		}
	case "utf-16le", "utf-16be":
		lead, high := -1, -1
		for i := 0; i <= len(in); i++ {
			b := at(i)
			if b == eoq {
				if lead >= 0 || high >= 0 {
					emit(fffd)
				}
				break
			}
			if lead < 0 {
				lead = b
				continue
			}
			cu := lead + b<<8
			if name == "utf-16be" {
				cu = lead<<8 + b
			}
			lead = -1
			if high >= 0 {
				h := high
				high = -1
				if cu >= 0xDC00 && cu <= 0xDFFF {
					emit(rune(0x10000 + (h-0xD800)<<10 + cu - 0xDC00))
					continue
				}
				// Restore the two bytes of cu.
				i -= 2
				emit(fffd)
				continue
			}
			switch {
			case cu >= 0xD800 && cu <= 0xDBFF:
				high = cu
			case cu >= 0xDC00 && cu <= 0xDFFF:
				emit(fffd)
			default:
				emit(rune(cu))
			}
		}
	case "replacement":
		if len(in) > 0 {
			emit(fffd)
		}
	case "utf-8":
		cp, need, seen, lower, upper := 0, 0, 0, 0x80, 0xBF
		for i := 0; i <= len(in); i++ {
			b := at(i)
			switch {
			case b == eoq:
				if need != 0 {
					emit(fffd)
				}
			case need == 0:
				switch {
				case b < 0x80:
					emit(rune(b))
				case b >= 0xC2 && b <= 0xDF:
					need, cp = 1, b&0x1F
				case b >= 0xE0 && b <= 0xEF:
					if b == 0xE0 {
						lower = 0xA0
					}
					if b == 0xED {
						upper = 0x9F
					}
					need, cp = 2, b&0xF
				case b >= 0xF0 && b <= 0xF4:
					if b == 0xF0 {
						lower = 0x90
					}
					if b == 0xF4 {
						upper = 0x8F
					}
					need, cp = 3, b&7
				default:
					emit(fffd)
				}
			case b < lower || b > upper:
				cp, need, seen, lower, upper = 0, 0, 0, 0x80, 0xBF
				i--
				emit(fffd)
			default:
				lower, upper = 0x80, 0xBF
				cp = cp<<6 | b&0x3F
				if seen++; seen == need {
					emit(rune(cp))
					cp, need, seen = 0, 0, 0
				}
			}
		}
	default: // single-byte
		idx := ix.byName[indexName(name)]
		for _, b := range in {
			switch {
			case b < 0x80:
				emit(rune(b))
			case idx[b-0x80] >= 0:
				emit(idx[b-0x80])
			default:
				emit(fffd)
			}
		}
	}
	return out
}

// refEncode encodes the single code point r with a new encoder for the
// encoding named name, flushed at the end (end-of-queue), and reports
// whether the encoder returns an error instead.
func refEncode(ix *indexes, name string, r rune) ([]byte, bool) {
	if r < 0x80 && name != "iso-2022-jp" && name != "utf-16le" && name != "utf-16be" {
		return []byte{byte(r)}, true
	}
	switch name {
	case "gbk", "gb18030":
		if r == 0xE5E5 {
			return nil, false
		}
		if name == "gbk" && r == 0x20AC {
			return []byte{0x80}, true
		}
		if b, ok := refGB18030Side[r]; ok {
			return []byte{byte(b >> 8), byte(b)}, true
		}
		if p, ok := ix.pointer["gb18030"][r]; ok {
			trail := p % 190
			off := 0x41
			if trail < 0x3F {
				off = 0x40
			}
			return []byte{byte(p/190 + 0x81), byte(trail + off)}, true
		}
		if name == "gbk" {
			return nil, false
		}
		p := ix.rangesPointer(r)
		b1 := p / (10 * 126 * 10)
		p %= 10 * 126 * 10
		b2 := p / (10 * 126)
		p %= 10 * 126
		return []byte{byte(b1 + 0x81), byte(b2 + 0x30), byte(p/10 + 0x81), byte(p%10 + 0x30)}, true
	case "big5":
		p := ix.big5Pointer(r)
		if p < 0 {
			return nil, false
		}
		trail := p % 157
		off := 0x62
		if trail < 0x3F {
			off = 0x40
		}
		return []byte{byte(p/157 + 0x81), byte(trail + off)}, true
	case "euc-jp":
		switch {
		case r == 0xA5:
			return []byte{0x5C}, true
		case r == 0x203E:
			return []byte{0x7E}, true
		case r >= 0xFF61 && r <= 0xFF9F:
			return []byte{0x8E, byte(r - 0xFF61 + 0xA1)}, true
		case r == 0x2212:
			r = 0xFF0D
		}
		p, ok := ix.pointer["jis0208"][r]
		if !ok {
			return nil, false
		}
		return []byte{byte(p/94 + 0xA1), byte(p%94 + 0xA1)}, true
	case "iso-2022-jp":
		switch {
		case r == 0x0E || r == 0x0F || r == 0x1B:
			return nil, false
		case r < 0x80:
			return []byte{byte(r)}, true
		case r == 0xA5:
			return []byte("\x1b(J\x5c\x1b(B"), true
		case r == 0x203E:
			return []byte("\x1b(J\x7e\x1b(B"), true
		case r == 0x2212:
			r = 0xFF0D
		case r >= 0xFF61 && r <= 0xFF9F:
			r = ix.code("iso-2022-jp-katakana", int(r-0xFF61))
		}
		p, ok := ix.pointer["jis0208"][r]
		if !ok {
			return nil, false
		}
		return []byte{0x1B, '$', 'B', byte(p/94 + 0x21), byte(p%94 + 0x21), 0x1B, '(', 'B'}, true
	case "shift_jis":
		switch {
		case r == 0x80:
			return []byte{0x80}, true
		case r == 0xA5:
			return []byte{0x5C}, true
		case r == 0x203E:
			return []byte{0x7E}, true
		case r >= 0xFF61 && r <= 0xFF9F:
			return []byte{byte(r - 0xFF61 + 0xA1)}, true
		case r == 0x2212:
			r = 0xFF0D
		}
		p := sjisPointers(ix)[r]
		if p == 0 {
			return nil, false
		}
		p--
		lead, trail := p/188, p%188
		loff, off := 0xC1, 0x41
		if lead < 0x1F {
			loff = 0x81
		}
		if trail < 0x3F {
			off = 0x40
		}
		return []byte{byte(lead + loff), byte(trail + off)}, true
	case "euc-kr":
		p, ok := ix.pointer["euc-kr"][r]
		if !ok {
			return nil, false
		}
		return []byte{byte(p/190 + 0x81), byte(p%190 + 0x41)}, true
	case "x-user-defined":
		if r >= 0xF780 && r <= 0xF7FF {
			return []byte{byte(r - 0xF780 + 0x80)}, true
		}
		return nil, false
	case "utf-8", "utf-16le", "utf-16be", "replacement":
		// Their encoder is UTF-8's (the standard has no UTF-16 encoder
		// for documents); not modelled here.
		return nil, false
	}
	p, ok := ix.pointer[indexName(name)][r]
	if !ok {
		return nil, false
	}
	return []byte{byte(p + 0x80)}, true
}

// refGB18030Side is the gb18030 encoder's table for the Private Use code
// points that GB18030-2022 moved.
var refGB18030Side = map[rune]uint16{
	0xE78D: 0xA6D9, 0xE78E: 0xA6DA, 0xE78F: 0xA6DB, 0xE790: 0xA6DC, 0xE791: 0xA6DD,
	0xE792: 0xA6DE, 0xE793: 0xA6DF, 0xE794: 0xA6EC, 0xE795: 0xA6ED, 0xE796: 0xA6F3,
	0xE81E: 0xFE59, 0xE826: 0xFE61, 0xE82B: 0xFE66, 0xE82C: 0xFE67, 0xE832: 0xFE6D,
	0xE843: 0xFE7E, 0xE854: 0xFE90, 0xE864: 0xFEA0,
}

var (
	sjisOnce sync.Once
	sjisPtr  map[rune]int // index Shift_JIS pointer + 1
)

func sjisPointers(ix *indexes) map[rune]int {
	sjisOnce.Do(func() {
		sjisPtr = map[rune]int{}
		for p, c := range ix.byName["jis0208"] {
			if c >= 0 && (p < 8272 || p > 8835) {
				if _, ok := sjisPtr[c]; !ok {
					sjisPtr[c] = p + 1
				}
			}
		}
	})
	return sjisPtr
}
