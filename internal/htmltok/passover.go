package htmltok

import "encoding/binary"

// SkipStartTagsExcept tells whether Next passes over the start tags (and
// self-closing ones) that are not named in names and have no attribute
// named in attrs: when skip is set, only the others are returned, or
// given to the function of SkipStartTags when there is one, which may
// pass over them still. Names are compared ASCII case-insensitively;
// names and attrs are in lower case. The tokenizer's state is the same as
// if the tags had been returned.
//
// Unlike SkipStartTags, whose function sees a whole token, this test
// needs no token: with SkipText for ordinary text and SkipEndTags, Next
// runs from one '<' to the next over the tags it passes over without
// building them, looking only at the bytes that decide where a tag and
// its attribute names end. A link extractor that wants the tags with a
// link attribute passes over most of a page so.
func (z *Tokenizer) SkipStartTagsExcept(skip bool, names, attrs []string) {
	z.skipStart = skip
	z.setTags()
	if z.nameTab != nil && sameSlice(names, z.startNames) && sameSlice(attrs, z.startAttrs) {
		return // the tables are made: a caller sets them for each document
	}
	z.startNames, z.startAttrs = names, attrs
	z.nameTab, z.attrTab = new([256]uint64), new([256]uint64)
	for _, n := range names {
		shapeAdd(z.nameTab, n)
	}
	for _, a := range attrs {
		shapeAdd(z.attrTab, a)
	}
	z.passClass = z.attrTab['c']&shapeBit(5) == 0
}

// sameSlice reports whether a and b are the same slice of the same array.
func sameSlice(a, b []string) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// shapeAdd notes name in tab: tab[c] has bit n set when a name of length
// n (< 64) begins with c, in either case, and bit 0 for a longer one.
func shapeAdd(tab *[256]uint64, name string) {
	if name == "" {
		return
	}
	bit := shapeBit(len(name))
	tab[lower(name[0])] |= bit
	if c := name[0]; 'a' <= c && c <= 'z' {
		tab[c-'a'+'A'] |= bit
	}
}

func shapeBit(n int) uint64 {
	if n >= 64 {
		return 1
	}
	return 1 << n
}

// shapeMay reports whether tab may hold a name of s's first byte and
// length: false means it does not.
func shapeMay(tab *[256]uint64, s []byte) bool {
	return tab[s[0]]&shapeBit(len(s)) != 0
}

// exceptKeeps reports whether SkipStartTagsExcept keeps the start tag
// tok: its name, or one of its attributes', is one it names.
func (z *Tokenizer) exceptKeeps(tok *Token) bool {
	if shapeMay(z.nameTab, tok.Name) {
		for _, n := range z.startNames {
			if sameName(tok.Name, n) {
				return true
			}
		}
	}
	for i := range tok.Attrs {
		a := tok.Attrs[i].Name
		if len(a) == 0 || !shapeMay(z.attrTab, a) {
			continue
		}
		for _, n := range z.startAttrs {
			if sameName(a, n) {
				return true
			}
		}
	}
	return false
}

// passing reports whether Next may run passOver: start tags are passed
// over by their names, and the tokenizer is in the data state outside
// foreign content, where a tag that is not a raw text element, svg or
// math changes nothing.
func (z *Tokenizer) passing() bool {
	return z.skipStart && z.raw == NotRaw && z.ctx.n == 0 && z.ctx.lost == 0
}

// passOver returns the length of the tags, and of the text between them
// if SkipText passes over ordinary text, at the start of src that Next
// may pass over (see passing), up to the end of the last whole tag: each
// tag it passes over is a start tag that SkipStartTagsExcept passes over
// and that is not a raw text element, svg or math, or an end tag that
// SkipEndTags passes over. It stops at text that is returned, at the
// first '<' of any other construct, or of one that needs more input than
// src holds or than MaxTagSize allows, and, when atEOF is set, before a
// tag that would end the input, which Next returns.
func (z *Tokenizer) passOver(src []byte, atEOF bool) int {
	text := z.skip&(1<<NotRaw) != 0
	class := z.passClass
	done := 0
	for p := 0; p+1 < len(src); {
		if src[p] != '<' {
			if !text {
				break
			}
			// The next '<': most are a few bytes away, found in one word
			// without a call.
			k := 0
			if p+8 <= len(src) {
				k = index8(src[p:], '<')
			}
			if k == 8 || k == 0 {
				// Not in the word (k == 0: src[p] is not '<'), or no word.
				j := indexByte(src[p+k:], '<')
				if j < 0 {
					break
				}
				k += j
			}
			if p += k; p+1 >= len(src) {
				break
			}
		}
		n := 0
		// The first eight bytes at p in one word, when src holds them:
		// most end tags, and the name of most start tags and the byte
		// after it, are there, read with no load that waits for another.
		var w uint64
		if p+8 <= len(src) {
			w = binary.LittleEndian.Uint64(src[p:])
		}
		switch c := src[p+1]; {
		case c == '/':
			if !z.skipEnd {
				return z.stopAt(p, done)
			}
			// The common case, a short lower-case name and '>', by one
			// word; the others by passEndTag.
			if p+8 <= len(src) {
				if k := lowerRunWord(w >> 16); k > 0 && byte(w>>(16+8*k)) == '>' {
					if z.keepEnd(src[p+2 : p+2+k]) {
						return z.stopAt(p, done)
					}
					n = 3 + k
					break
				}
			}
			if p+11 <= len(src) {
				if k := lowerRun(src[p+2:]); k > 0 && src[p+2+k] == '>' {
					if z.keepEnd(src[p+2 : p+2+k]) {
						return z.stopAt(p, done)
					}
					n = 3 + k
					break
				}
			}
			n = z.passEndTag(src[p:min(len(src), p+z.maxTag)])
		case isAlpha(c):
			// A start tag passed over: its name is one of no tag kept,
			// in lower case, and no raw text element, svg or math; its
			// attributes, if any, have no name of attrTab's.
			b := src[p:min(len(src), p+z.maxTag)]
			// Most names are a few lower-case letters, which one word
			// tells without a loop; the others by scanName.
			i := 0
			if p+8 <= len(src) {
				if k := lowerRunWord(w >> 8); nameClass[byte(w>>(8+8*k))]&ncTagDelim != 0 {
					i = 1 + k
				}
			}
			if i == 0 && len(b) >= 10 {
				if k := lowerRun(b[1:]); nameClass[b[1+k]]&ncTagDelim != 0 {
					i = 1 + k
				}
			}
			if i == 0 {
				var up uint8
				i, up = scanName(b, 1, ncTagDelim)
				if i >= len(b) || up&ncUpper != 0 {
					return z.stopAt(p, done)
				}
			}
			if name := b[1:i]; shapeMay(z.nameTab, name) || mayMatter(name) {
				return z.stopAt(p, done)
			}
			switch {
			case b[i] == '>':
				n = i + 1
			case class && b[i] == ' ' && i+25 <= len(b) && binary.LittleEndian.Uint64(b[i+1:])&(1<<56-1) == classEqQuote:
				// The commonest tag with attributes, one class: without a
				// call when the value is short.
				v := i + 8
				k := index8(b[v:], '"')
				if k == 8 {
					if k += index8(b[v+8:], '"'); k == 16 {
						if k = indexByte(b[v+16:], '"'); k >= 0 {
							k += 16
						}
					}
				}
				if k >= 0 && v+k+1 < len(b) && b[v+k+1] == '>' {
					n = v + k + 2
					break
				}
				fallthrough
			default:
				n = passAttrs(b, i, z.attrTab)
			}
		case c == '!' || c == '?' || !text:
			return z.stopAt(p, done)
		default:
			p++ // "<" as text
			continue
		}
		if n == 0 || atEOF && p+n == len(src) {
			return z.stopAt(p, done)
		}
		p += n
		done = p
	}
	return done
}

// stopAt notes for next that passOver, returning done, stopped at the
// markup at p (text between them, if SkipText passes over ordinary text:
// see Tokenizer.lt).
func (z *Tokenizer) stopAt(p, done int) int {
	z.lt = p - done
	return done
}

// passEndTag returns the length of the end tag at the start of b ("</")
// if it is whole in b and one that passOver passes over, else 0.
func (z *Tokenizer) passEndTag(b []byte) int {
	if len(b) < 3 || !isAlpha(b[2]) {
		return 0
	}
	i, up := scanName(b, 2, ncTagDelim)
	if i >= len(b) || up&ncUpper != 0 || z.keepEnd(b[2:i]) {
		return 0
	}
	if b[i] == '>' {
		return i + 1
	}
	return passAttrs(b, i, &noNames)
}

var noNames [256]uint64

// classEqQuote is `class="` as the seven low bytes of a little-endian word.
const classEqQuote = 'c' | 'l'<<8 | 'a'<<16 | 's'<<24 | 's'<<32 | '='<<40 | '"'<<48

// passAttrs returns the end of the tag whose attributes begin at b[i],
// following them as scanTag does, or 0 if scanTag would not read the tag
// whole, or if an attribute's name may be one of tab's.
func passAttrs(b []byte, i int, tab *[256]uint64) int {
	for {
		switch c := b[i]; {
		case c == '>':
			return i + 1
		case isSpace[c]:
			for i++; i < len(b) && isSpace[b[i]]; i++ {
			}
			if i >= len(b) {
				return 0
			}
			continue
		case c == '/':
			if i+1 < len(b) && b[i+1] == '>' {
				return i + 2
			}
			return 0
		}
		// An attribute name (its first byte may be '='), and the start of
		// its value. Most are class and a quoted value, which one word
		// tells, when class is not a name of tab's.
		if i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:])&(1<<56-1) == classEqQuote && tab['c']&shapeBit(5) == 0 {
			i += 6
		} else {
			s := i
			i, _ = scanName(b, i, ncAttrDelim)
			if tab[b[s]]&shapeBit(i-s) != 0 {
				return 0
			}
			for ; i < len(b) && isSpace[b[i]]; i++ {
			}
			if i >= len(b) {
				return 0
			}
			if b[i] != '=' {
				continue
			}
			for i++; i < len(b) && isSpace[b[i]]; i++ {
			}
			if i >= len(b) {
				return 0
			}
		}
		switch q := b[i]; q {
		case '"', '\'':
			// Most values are short: a word finds their end.
			k := 8
			if i+9 <= len(b) {
				k = index8(b[i+1:], q)
			}
			if k == 8 {
				if k = indexByte(b[i+1:], q); k < 0 {
					return 0
				}
			}
			i += k + 2
		case '>':
		default:
			for ; i < len(b) && !unquotedDelim[b[i]]; i++ {
			}
		}
		if i >= len(b) {
			return 0
		}
	}
}

// sameName reports whether b and s are the same name: string(b) == s
// without a call to compare the bytes, which costs more than the few
// bytes of a tag or attribute name.
func sameName(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range len(s) {
		if b[i] != s[i] {
			return false
		}
	}
	return true
}

// sameBytes is sameName for two byte slices.
func sameBytes(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
