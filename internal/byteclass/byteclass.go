// Package byteclass ORs together the classes a table gives the bytes of
// a string: the first pass of the URL scanners of iri, weburl and
// extract, which learn from it, in one pass over a string, which kinds
// of byte it holds (and so whether a slower reading is needed at all).
package byteclass

// Or returns the classes tab gives the bytes of s, ORed together. It
// reads eight bytes a step, with no test between them: its cost is that
// of s's length, whatever s holds.
func Or(tab *[256]uint8, s string) uint8 {
	var k uint8
	i := 0
	for ; len(s)-i >= 8; i += 8 {
		w := s[i : i+8]
		k |= tab[w[0]] | tab[w[1]] | tab[w[2]] | tab[w[3]] |
			tab[w[4]] | tab[w[5]] | tab[w[6]] | tab[w[7]]
	}
	for ; i < len(s); i++ {
		k |= tab[s[i]]
	}
	return k
}
