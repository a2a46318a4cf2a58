// Package chardet guesses the character encoding of a document that does
// not declare it, from byte statistics, as browsers do for unlabeled
// pages.
//
// Each candidate encoding gets a score from the bytes: a single-byte
// encoding from the pairs of characters that the bytes that are not ASCII
// make with their neighbours, scored by a model of the letter pairs of its
// languages; a multi-byte (CJK) encoding from the frequency of each
// character in a model of its language, and it is ruled out by a sequence
// it cannot decode. The best score wins. The models are trained by gen.go.
package chardet

//go:generate go run gen.go

import (
	"math"
	"sync"
	"unicode"

	"golang.org/x/text/encoding"

	"github.com/relink-go/relink/internal/webenc"
)

// A sbModel is a trained single-byte model (see gen.go for the classes).
type sbModel struct {
	name     string
	charsets []string
	alphabet string // the letters of classes firstLetter on
	pairs    string // n×n int8 scores in quarter bits, n = firstLetter + letters
}

// A cjkTable is a trained CJK model's table for one charset (see gen.go):
// a score for each code, indexed by (lead-ranges[0]) × (ranges[3] -
// ranges[2] + 1) + trail-ranges[2].
type cjkTable struct {
	model     string
	charset   string
	ranges    [4]int // lead and trail bytes: first and last
	unseen    int8   // the score of a character the model has not seen
	halfwidth string // the scores of the half-width katakana 0xA1 to 0xDF
	invalid   string // big-endian uint16 pairs: codes [from, to) that are not characters
	seen      string // big-endian uint16: the indexes of the characters seen
	scores    string // their int8 scores
}

const (
	symbolClass  = 27
	foreignClass = 28
	firstLetter  = 29

	// badScore is the score of a byte that a single-byte encoding decodes
	// as a C1 control or leaves undefined: the text is very unlikely in it.
	badScore = -4 * 24
	// caseScore is added for a lower-case letter followed by an
	// upper-case one, rare in text and common in a wrong guess.
	caseScore = -4 * 6
)

// A single is a single-byte candidate: its model's classes of the bytes
// 0x80 to 0xFF as the charset decodes them.
type single struct {
	name  string
	model *sbModel
	n     int        // classes
	class [256]uint8 // 255: bad
	upper [256]bool
	// adj is -log2 of the number of bytes in the class of each byte, in
	// quarter bits: the model gives the probability of a class, shared
	// by its bytes.
	adj [256]int16
}

const bad = 255

// symbolBytes is the number of bytes taken to share the probability of
// the symbol and foreign-letter classes in every single-byte encoding.
const symbolBytes = 32

// A multi is a multi-byte candidate: the score of each character by its
// pointer (as the Encoding Standard numbers them), bad when unassigned.
type multi struct {
	name   string
	kind   int
	score  []int8
	single [256]int8 // for shift_jis: half-width katakana; for euc-jp 0x8E
}

const (
	shiftJIS = iota
	eucJP
	gbk
	big5
	eucKR
)

const invalid = -128

var (
	once     sync.Once
	singles  []*single
	multis   []*multi
	priority = map[string]int{} // order of preference on equal scores
)

func setup() {
	order := 0
	for i := range singleByteModels {
		m := &singleByteModels[i]
		for _, cs := range m.charsets {
			singles = append(singles, newSingle(cs, m))
			priority[cs] = order
			order++
		}
	}
	for i := range cjkTables {
		t := &cjkTables[i]
		multis = append(multis, newMulti(t))
		priority[t.charset] = order
		order++
	}
}

func newSingle(name string, m *sbModel) *single {
	s := &single{name: name, model: m}
	letters := []rune(m.alphabet)
	s.n = firstLetter + len(letters)
	class := map[rune]uint8{}
	for i, r := range letters {
		class[r] = uint8(firstLetter + i)
	}
	// The bytes are classed as the Encoding Standard decodes them, as
	// browsers read the page once it is guessed.
	e, _ := webenc.Lookup(name)
	cm, _ := e.(interface{ DecodeByte(byte) rune })
	for b := 0; b < 256; b++ {
		var r rune
		if b < 0x80 {
			r = rune(b)
		} else if cm != nil {
			r = cm.DecodeByte(byte(b))
		} else {
			r = decodeOne(e, []byte{byte(b)})
		}
		s.upper[b] = unicode.IsUpper(r)
		switch {
		case r == unicode.ReplacementChar || r >= 0x80 && r < 0xA0:
			s.class[b] = bad
		case r < 0x80 && ('a' <= r|0x20 && r|0x20 <= 'z'):
			s.class[b] = uint8(1 + (r | 0x20) - 'a')
		case r < 0x80:
			s.class[b] = 0
		case !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r):
			s.class[b] = symbolClass
		default:
			if c, ok := class[unicode.ToLower(r)]; ok {
				s.class[b] = c
			} else {
				s.class[b] = foreignClass
			}
		}
	}
	var size [256]int
	for b := 0; b < 256; b++ {
		size[s.class[b]]++
	}
	for b := 0; b < 256; b++ {
		n := size[s.class[b]]
		if c := s.class[b]; c == symbolClass || c == foreignClass || c == bad {
			// Not counted: an encoding that has more letters than
			// another has fewer symbols, which must not favour it.
			n = symbolBytes
		}
		s.adj[b] = int16(math.Round(-4 * math.Log2(float64(n))))
	}
	return s
}

// decodeOne decodes b, one character, in e; it returns U+FFFD when b is
// not one valid character.
func decodeOne(e encoding.Encoding, b []byte) rune {
	var dst [16]byte
	n, _, err := e.NewDecoder().Transform(dst[:], b, true)
	if err != nil || n == 0 {
		return unicode.ReplacementChar
	}
	rs := []rune(string(dst[:n]))
	if len(rs) != 1 {
		return unicode.ReplacementChar
	}
	return rs[0]
}

func newMulti(t *cjkTable) *multi {
	m := &multi{name: t.charset}
	switch t.charset {
	case "shift_jis":
		m.kind = shiftJIS
	case "euc-jp":
		m.kind = eucJP
	case "gbk":
		m.kind = gbk
	case "big5":
		m.kind = big5
	case "euc-kr":
		m.kind = eucKR
	}
	m.single[0] = t.unseen // the score of a character scored as unseen
	for i := 0; i < len(t.halfwidth); i++ {
		m.single[0xA1+i] = int8(t.halfwidth[i])
	}
	rg := t.ranges
	m.score = make([]int8, (rg[1]-rg[0]+1)*(rg[3]-rg[2]+1))
	for i := range m.score {
		m.score[i] = t.unseen
	}
	for i := 0; i+4 <= len(t.invalid); i += 4 {
		from, to := be16(t.invalid[i:]), be16(t.invalid[i+2:])
		for j := from; j < to; j++ {
			m.score[j] = invalid
		}
	}
	for i := 0; i < len(t.scores); i++ {
		m.score[be16(t.seen[2*i:])] = int8(t.scores[i])
	}
	return m
}

func be16(s string) int { return int(s[0])<<8 | int(s[1]) }
