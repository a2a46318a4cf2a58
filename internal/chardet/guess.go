package chardet

// Guess returns the WHATWG name of the legacy encoding that b, the first
// bytes of a document that declares none, is most likely in, or "" when
// b holds nothing to tell by: all its bytes are ASCII. atEOF reports
// that b is the whole document; when it is not, a character cut at the
// end of b is not held against an encoding.
//
// Guess does not consider UTF-8 (the caller checks it, and browsers do
// not guess it for pages on the Web), UTF-16, nor, as Chromium, the 7-bit
// ISO-2022-JP. It returns one of the single-byte encodings windows-1250
// to windows-1257, windows-874, koi8-r, koi8-u, ibm866, iso-8859-2 and
// iso-8859-5, or one of the multi-byte encodings shift_jis, euc-jp, gbk,
// big5 and euc-kr. Like Chromium, it does not answer iso-8859-7 or
// iso-8859-8, whose letters windows-1253 and windows-1255 read the same.
// Guess is deterministic, and its time is linear in len(b).
func Guess(b []byte, atEOF bool) string {
	high := firstHigh(b)
	if high < 0 {
		return ""
	}
	once.Do(setup)
	best, bestScore := "", 0
	consider := func(name string, score int) {
		if best == "" || score > bestScore || score == bestScore && priority[name] < priority[best] {
			best, bestScore = name, score
		}
	}
	for _, m := range multis {
		if score, ok := m.scoreOf(b, high, atEOF); ok {
			consider(m.name, score)
		}
	}
	for _, s := range singles {
		score := s.scoreOf(b, high)
		switch s.name {
		case "windows-1252":
			score += westernBonus
		}
		consider(s.name, score)
	}
	return best
}

// westernBonus favours windows-1252, the default of browsers, when the
// evidence for another encoding is thin (a word or two), in quarter bits.
const westernBonus = 4 * 4

func firstHigh(b []byte) int {
	for i, c := range b {
		if c >= 0x80 {
			return i
		}
	}
	return -1
}

// scoreOf returns the score of b, whose first non-ASCII byte is at
// high, in s: the sum of the scores of the pairs of classes of adjacent
// bytes of which one at least is not ASCII.
func (s *single) scoreOf(b []byte, high int) int {
	pairs := s.model.pairs
	n := s.n
	score := 0
	i := high
	for i < len(b) {
		// b[i] is not ASCII; start with the pair it makes with the byte
		// before it, then go on while the bytes are not ASCII, and end
		// with the pair of the last one and the ASCII byte after it.
		prev, prevUpper := uint8(0), false
		if i > 0 {
			prev, prevUpper = s.class[b[i-1]], s.upper[b[i-1]]
		}
		for ; i < len(b); i++ {
			c := b[i]
			cl, up := s.class[c], s.upper[c]
			if cl == bad {
				score += badScore
				prev, prevUpper = symbolClass, false
				if c < 0x80 {
					break
				}
				continue
			}
			if prev != bad {
				score += int(int8(pairs[int(prev)*n+int(cl)])) + int(s.adj[c])
				if up && !prevUpper && isLetterClass(prev) && isLetterClass(cl) && (prev >= firstLetter || cl >= firstLetter) {
					score += caseScore
				}
			}
			prev, prevUpper = cl, up
			if c < 0x80 {
				break
			}
		}
		i++
		for i < len(b) && b[i] < 0x80 {
			i++
		}
	}
	return score
}

// isLetterClass reports whether cl, which is not bad, is that of a letter.
func isLetterClass(cl uint8) bool {
	return cl >= 1 && cl <= 26 || cl == foreignClass || cl >= firstLetter
}

// scoreOf returns the score of b, whose first non-ASCII byte is at
// high, in m: the sum of the scores of its characters that are not
// ASCII. It returns ok false when b is not valid in m.
func (m *multi) scoreOf(b []byte, high int, atEOF bool) (score int, ok bool) {
	i := high
	for i < len(b) {
		c := b[i]
		if c < 0x80 {
			i++
			continue
		}
		var s int8
		var size int
		switch m.kind {
		case shiftJIS:
			s, size = m.shiftJIS(b[i:])
		case eucJP:
			s, size = m.eucJP(b[i:])
		case gbk:
			s, size = m.gbk(b[i:])
		case big5, eucKR:
			s, size = m.twoByte(b[i:])
		}
		if size == 0 {
			// Cut at the end: scored as a character the model has not
			// seen, not as nothing, which would favour m over the
			// single-byte encodings that score every byte.
			return score + int(m.single[0]), !atEOF
		}
		if s == invalid {
			return 0, false
		}
		score += int(s)
		i += size
	}
	return score, true
}

// pair returns the score of the two-byte character b[0] b[1] in the
// table of lead bytes from lo and trail bytes tlo to 0xFE (0xFC for
// shift_jis): size 0 when b is cut, and invalid when it is not a
// character.
func (m *multi) pair(b []byte, lo, tlo, thi int) (int8, int) {
	if len(b) < 2 {
		return 0, 0
	}
	t := int(b[1])
	if t < tlo || t > thi {
		return invalid, 1
	}
	return m.score[(int(b[0])-lo)*(thi-tlo+1)+t-tlo], 2
}

func (m *multi) shiftJIS(b []byte) (int8, int) {
	switch c := b[0]; {
	case c == 0x80:
		return invalid, 1 // U+0080: a control
	case c >= 0xA1 && c <= 0xDF:
		return m.single[c], 1
	case c >= 0x81 && c <= 0x9F || c >= 0xE0 && c <= 0xFC:
		return m.pair(b, 0x81, 0x40, 0xFC)
	}
	return invalid, 1
}

func (m *multi) eucJP(b []byte) (int8, int) {
	switch c := b[0]; {
	case c == 0x8E:
		if len(b) < 2 {
			return 0, 0
		}
		if b[1] < 0xA1 || b[1] > 0xDF {
			return invalid, 1
		}
		return m.single[b[1]], 2
	case c == 0x8F:
		// JIS X 0212, rare on the Web: valid, and scored as unseen.
		if len(b) < 3 {
			return 0, 0
		}
		if b[1] < 0xA1 || b[1] > 0xFE || b[2] < 0xA1 || b[2] > 0xFE {
			return invalid, 1
		}
		return m.single[0], 3
	case c >= 0xA1 && c <= 0xFE:
		return m.pair(b, 0xA1, 0xA1, 0xFE)
	}
	return invalid, 1
}

func (m *multi) gbk(b []byte) (int8, int) {
	c := b[0]
	if c == 0x80 {
		return m.single[0], 1 // €
	}
	if c == 0xFF {
		return invalid, 1
	}
	if len(b) >= 2 && b[1] >= 0x30 && b[1] <= 0x39 {
		// A four-byte gb18030 sequence: valid, rare in Chinese text.
		if len(b) < 4 {
			return 0, 0
		}
		if b[2] < 0x81 || b[2] > 0xFE || b[3] < 0x30 || b[3] > 0x39 {
			return invalid, 1
		}
		return m.single[0], 4
	}
	return m.pair(b, 0x81, 0x40, 0xFE)
}

func (m *multi) twoByte(b []byte) (int8, int) {
	c := b[0]
	if c == 0x80 || c == 0xFF {
		return invalid, 1
	}
	if m.kind == big5 {
		return m.pair(b, 0x81, 0x40, 0xFE)
	}
	return m.pair(b, 0x81, 0x41, 0xFE)
}
