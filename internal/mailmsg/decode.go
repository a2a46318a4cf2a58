package mailmsg

// A view is bytes of the message, or bytes decoded from them, with the
// map back to the message.
type view struct {
	b      []byte
	parent *view // nil for the message itself
	off    int   // b starts at parent.b[off], or is decoded from parent.b[off:]
	dec    *decoding
}

// sub returns the view of v.b[i:j].
func (v *view) sub(i, j int) *view { return &view{b: v.b[i:j], parent: v, off: i} }

// span returns the offsets in the message of v.b[i:j].
func (v *view) span(i, j int) (start, end int64) {
	if v.dec != nil {
		i, j = v.dec.span(i, j)
	}
	if v.parent == nil {
		return int64(i), int64(j)
	}
	return v.parent.span(v.off+i, v.off+j)
}

// A piece is a decoded byte and the source bytes [start, end) it comes
// from.
type piece struct {
	start, end int
	c          byte
}

// A stepFunc decodes the next bytes of src from index k on: it writes
// the bytes they give (at most 3) to out and returns the index after
// what it read, more than k when k < len(src), and how many it wrote.
type stepFunc func(src []byte, k int, out *[3]piece) (next, n int)

// A decoding is a transfer encoding decoded: its source bytes, and a
// cursor that maps decoded offsets back to them.
type decoding struct {
	src  []byte
	step stepFunc
	n    int // decoded length
	k, d int // the cursor: decoding from src[k] gives the decoded byte d
}

// decodeView returns the view of the bytes that step decodes from v.
func decodeView(v *view, step stepFunc) *view {
	var out []byte
	var buf [3]piece
	for k := 0; k < len(v.b); {
		var n int
		k, n = step(v.b, k, &buf)
		for _, p := range buf[:n] {
			out = append(out, p.c)
		}
	}
	return &view{b: out, parent: v, dec: &decoding{src: v.b, step: step, n: len(out)}}
}

// span returns the source bytes that the decoded bytes [i, j) come from.
func (d *decoding) span(i, j int) (start, end int) {
	start = d.at(i, true)
	if j <= i {
		return start, start
	}
	return start, d.at(j-1, false)
}

// at returns the start (or the end) of the source bytes of decoded byte
// i; for i at the end, the end of the source.
func (d *decoding) at(i int, start bool) int {
	if i >= d.n {
		return len(d.src)
	}
	if i < d.d {
		d.k, d.d = 0, 0
	}
	var buf [3]piece
	for d.k < len(d.src) {
		next, n := d.step(d.src, d.k, &buf)
		if i < d.d+n {
			p := buf[i-d.d]
			if start {
				return p.start
			}
			return p.end
		}
		d.k, d.d = next, d.d+n
	}
	return len(d.src)
}

// qpStep decodes quoted-printable (RFC 2045 section 6.7): "=" and two
// hexadecimal digits (of either case) is a byte, "=" at the end of a
// line (white space may follow it) a soft line break, which gives
// nothing; any other byte, an "=" that starts neither included, is
// itself.
func qpStep(src []byte, k int, out *[3]piece) (int, int) {
	c := src[k]
	if c == '=' {
		j := k + 1
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		switch {
		case j == len(src):
			return j, 0
		case src[j] == '\n':
			return j + 1, 0
		case src[j] == '\r' && j+1 < len(src) && src[j+1] == '\n':
			return j + 2, 0
		}
		if k+2 < len(src) {
			if h, l := unhex(src[k+1]), unhex(src[k+2]); h >= 0 && l >= 0 {
				out[0] = piece{k, k + 3, byte(h<<4 | l)}
				return k + 3, 1
			}
		}
	}
	out[0] = piece{k, k + 1, c}
	return k + 1, 1
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	}
	return -1
}

// b64Step decodes base64 (RFC 2045 section 6.8) four characters at a
// time: characters outside the alphabet (line breaks, and anything else)
// are skipped, "=" ends a group, and a group of fewer than four
// characters gives the bytes its bits fill. Decoded byte j of a group
// comes from characters j and j+1.
func b64Step(src []byte, k int, out *[3]piece) (int, int) {
	var pos [4]int
	var val [4]int
	n := 0
	j := k
	for j < len(src) && n < 4 {
		c := src[j]
		j++
		if c == '=' {
			break
		}
		if v := b64Value(c); v >= 0 {
			pos[n], val[n] = j-1, v
			n++
		}
	}
	bits := val[0]<<18 | val[1]<<12 | val[2]<<6 | val[3]
	m := n * 6 / 8
	for i := 0; i < m; i++ {
		out[i] = piece{pos[i], pos[i+1] + 1, byte(bits >> (16 - 8*i))}
	}
	return j, m
}

func b64Value(c byte) int {
	switch {
	case 'A' <= c && c <= 'Z':
		return int(c - 'A')
	case 'a' <= c && c <= 'z':
		return int(c-'a') + 26
	case '0' <= c && c <= '9':
		return int(c-'0') + 52
	case c == '+':
		return 62
	case c == '/':
		return 63
	}
	return -1
}
