package warc

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
)

// An inflater decodes a DEFLATE stream (RFC 1951), the data of a gzip
// member, from a bufio.Reader: the fast path of gzipStream, which falls
// back to github.com/klauspost/compress/flate for a member it cannot
// read to its end (see gzipStream.inflate).
//
// It decodes as libdeflate does rather than as compress/flate does: a
// 64-bit bit buffer refilled eight bytes at a time from the bytes the
// bufio.Reader holds (Peek), tables of 2^10 entries for the literal and
// length codes (2^8 for the distances) whose entries hold a symbol's
// meaning (a literal, or a length's base and extra bits), not the
// symbol, and matches copied eight bytes at a time into one buffer that
// is the window and the output at once.
//
// Its contract with gzipStream: the data it returns is a prefix of what
// flate.NewReader returns for the same stream (it returns no data that
// it decoded from the last eight bytes of the input before those bytes
// are known to be the stream's: a truncated stream gives less, never
// more, which FuzzInflater checks); on a stream that flate reads to its
// end it returns the same data and io.EOF, with the bufio.Reader
// standing just after the stream's last byte, as flate leaves it. It
// takes a Huffman code that compress/flate takes, and only those.
type inflater struct {
	in       *bufio.Reader
	buf      []byte // what in holds, from the byte in.Peek begins with
	ip       int    // the next byte of buf to go into b
	b        uint64 // the bit buffer: its nb low bits are the next bits of the stream
	nb       uint
	overread uint  // the zero bytes b holds past the end of the input (at its top)
	eof      bool  // in has nothing more
	inErr    error // in's error at its end: io.EOF or an error of the input

	out []byte // the window and the output: out[:op] is the data so far (its last 32 KiB at least)
	op  int    // where the next byte of data goes
	rp  int    // the next byte Read returns
	rel int    // the end of the data Read may return (see the contract)

	state  int  // what comes next: a block header, the rest of a block, the end
	final  bool // the current block is the last
	stored int  // the bytes of a stored block still to copy
	err    error

	lit, dist   []uint32 // the tables of the current block's codes (codeTable)
	dlit, ddist []uint32 // the tables of the last dynamic codes, reused
	ct          []uint32 // the code length code's table
	lens        [maxLitSyms + maxDistSyms]uint8
}

// The states of an inflater.
const (
	stateHeader  = iota // a block header comes next
	stateStored         // in a stored block
	stateHuffman        // in a block of Huffman codes
	stateEnd            // the stream has ended, or failed
)

const (
	windowSize  = 32 << 10
	maxMatch    = 258
	outSize     = windowSize + 256<<10
	maxLitSyms  = 288
	maxDistSyms = 32
	litBits     = 10
	distBits    = 8
)

// A table entry (uint32): its low 5 bits are the bits the code takes,
// the next 3 its kind, the 5 after them its extra bits (or, for a
// subtable, the bits that index it), and the high 16 its value: a
// literal, the base of a length or a distance, or where a subtable
// starts. An entry of kind 0 is no code.
const (
	kindNone = iota
	kindLiteral
	kindLength // also the distances' kind
	kindEnd
	kindSub
)

func entry(n, kind, extra, value uint32) uint32 {
	return n | kind<<5 | extra<<8 | value<<16
}

// The bases and extra bits of the lengths (symbols 257 to 285) and of
// the distances (codes 0 to 29), RFC 1951 section 3.2.5.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// litEntry and distEntry give a symbol's table entry, for a code of n
// bits. The fixed code's symbols 286 and 287, and distance codes 30 and
// 31, are no codes: decoding one fails, as in compress/flate.
func litEntry(sym int, n uint32) uint32 {
	switch {
	case sym < 256:
		return entry(n, kindLiteral, 0, uint32(sym))
	case sym == 256:
		return entry(n, kindEnd, 0, 0)
	case sym < 286:
		return entry(n, kindLength, uint32(lengthExtra[sym-257]), uint32(lengthBase[sym-257]))
	}
	return entry(n, kindNone, 0, 0)
}

func distEntry(sym int, n uint32) uint32 {
	if sym < 30 {
		return entry(n, kindLength, uint32(distExtra[sym]), uint32(distBase[sym]))
	}
	return entry(n, kindNone, 0, 0)
}

// codeTable builds in t the table of the canonical Huffman code of the
// code lengths lens, with a primary table of 2^tbits entries and a
// subtable of 2^(max-tbits) for each prefix of the longer codes. It
// reports false for the codes compress/flate refuses: neither complete
// nor a single code of one bit. A code of no lengths at all is taken,
// and every entry of its table is no code.
func codeTable(t []uint32, lens []uint8, tbits uint, mk func(sym int, n uint32) uint32) ([]uint32, bool) {
	var count [16]int
	maxLen := 0
	for _, n := range lens {
		count[n]++
		maxLen = max(maxLen, int(n))
	}
	size := 1 << tbits
	t = append(t[:0], make([]uint32, size)...)
	if maxLen == 0 {
		return t, true
	}
	count[0] = 0
	var next [16]int
	code := 0
	for n := 1; n <= maxLen; n++ {
		code = (code + count[n-1]) << 1
		next[n] = code
	}
	if total := next[maxLen] + count[maxLen]; total != 1<<maxLen && !(total == 1 && maxLen == 1) {
		return t, false
	}
	subBits := uint(0)
	if maxLen > int(tbits) {
		subBits = uint(maxLen) - tbits
	}
	for sym, n := range lens {
		if n == 0 {
			continue
		}
		c := next[n]
		next[n]++
		r := int(bits.Reverse16(uint16(c)) >> (16 - n)) // the code as the stream holds it, its first bit lowest
		e := mk(sym, uint32(n))
		if uint(n) <= tbits {
			for i := r; i < size; i += 1 << n {
				t[i] = e
			}
			continue
		}
		p := r & (size - 1)
		if t[p]>>5&7 != kindSub {
			t[p] = entry(uint32(tbits), kindSub, uint32(subBits), uint32(len(t)))
			t = append(t, make([]uint32, 1<<subBits)...)
		}
		sub := t[t[p]>>16:]
		for i := r >> tbits; i < 1<<subBits; i += 1 << (uint(n) - tbits) {
			sub[i] = e
		}
	}
	return t, true
}

// The tables of the fixed code (RFC 1951 section 3.2.6).
var fixedLit, fixedDist = func() ([]uint32, []uint32) {
	var lens [maxLitSyms]uint8
	for i := range lens {
		switch {
		case i < 144:
			lens[i] = 8
		case i < 256:
			lens[i] = 9
		case i < 280:
			lens[i] = 7
		default:
			lens[i] = 8
		}
	}
	lit, _ := codeTable(nil, lens[:], litBits, litEntry)
	var dl [maxDistSyms]uint8
	for i := range dl {
		dl[i] = 5
	}
	dist, _ := codeTable(nil, dl[:], distBits, distEntry)
	return lit, dist
}()

// Reset readies f for a stream that r holds next.
func (f *inflater) Reset(r *bufio.Reader) {
	f.in, f.buf, f.ip = r, nil, 0
	f.b, f.nb, f.overread, f.eof, f.inErr = 0, 0, 0, false, nil
	f.op, f.rp, f.rel = 0, 0, 0
	f.state, f.final, f.stored, f.err = stateHeader, false, 0, nil
	if f.out == nil {
		f.out = make([]byte, outSize)
	}
}

// errCorrupt is the inflater's error for data that is not DEFLATE;
// gzipStream reports flate's instead (see gzipStream.inflate).
var errCorrupt = errors.New("corrupt DEFLATE data")

// Read reads the stream's data into p. It returns io.EOF after the last
// byte of a good stream, and io.ErrUnexpectedEOF, errCorrupt or the
// input's error after what it could read of a bad one.
func (f *inflater) Read(p []byte) (int, error) {
	for {
		if f.rp < f.rel {
			n := copy(p, f.out[f.rp:f.rel])
			f.rp += n
			return n, nil
		}
		if f.err != nil {
			return 0, f.err
		}
		if f.op >= len(f.out)-maxMatch-8 {
			// Keep the window, and the data not yet returned.
			shift := min(f.rp, f.op-windowSize)
			copy(f.out, f.out[shift:f.op])
			f.op, f.rp, f.rel = f.op-shift, f.rp-shift, f.rel-shift
		}
		f.step()
	}
}

// fail ends the stream with err.
func (f *inflater) fail(err error) {
	f.err, f.state = err, stateEnd
	if f.buf != nil {
		f.in.Discard(f.ip)
		f.buf, f.ip = nil, 0
	}
}

// more refills the bit buffer when the input allows it less than eight
// bytes at a time: it asks in for more, and past the input's end fills b
// with zero bytes (overread counts them).
func (f *inflater) more() {
	if f.ip+16 > len(f.buf) && !f.eof {
		// The bytes b may hold stay in buf: giveBack takes them back.
		keep := min(f.ip, 8)
		f.in.Discard(f.ip - keep)
		f.ip = keep
		_, err := f.in.Peek(keep + 16)
		f.buf, _ = f.in.Peek(f.in.Buffered())
		if err != nil && err != bufio.ErrBufferFull && len(f.buf) < keep+16 {
			f.eof, f.inErr = true, err
		}
	}
	if f.ip+8 <= len(f.buf) {
		f.b |= binary.LittleEndian.Uint64(f.buf[f.ip:]) << f.nb
		f.ip += int(63-f.nb) >> 3
		f.nb |= 56
		return
	}
	for f.nb <= 56 && f.ip < len(f.buf) {
		f.b |= uint64(f.buf[f.ip]) << f.nb
		f.ip++
		f.nb += 8
	}
	for f.nb <= 56 {
		f.overread++
		f.nb += 8
	}
}

// short reports whether the bits taken from b went past the end of the
// input, into the zero bytes more put there; it then fails the stream.
func (f *inflater) short() bool {
	if f.nb >= 8*f.overread {
		return false
	}
	err := f.inErr
	if err == io.EOF || err == nil {
		err = io.ErrUnexpectedEOF
	}
	f.fail(err)
	return true
}

// need makes b hold n bits at least (n at most 56).
func (f *inflater) need(n uint) {
	if f.nb < n {
		f.more()
	}
}

// giveBack puts the whole bytes of b back into the input, after the
// bits taken from it are rounded up to a byte.
func (f *inflater) giveBack() {
	f.ip -= int(f.nb>>3 - f.overread)
	f.b, f.nb, f.overread = 0, 0, 0
}

// step decodes the next part of the stream: a block header, or the data
// of the current block until its end or until out is nearly full.
func (f *inflater) step() {
	switch f.state {
	case stateHeader:
		if f.final {
			f.giveBack()
			f.in.Discard(f.ip)
			f.buf, f.ip = nil, 0
			f.state, f.err = stateEnd, io.EOF
			f.rel = f.op
			return
		}
		f.need(3)
		if f.short() {
			return
		}
		f.final = f.b&1 == 1
		typ := f.b >> 1 & 3
		f.b >>= 3
		f.nb -= 3
		switch typ {
		case 0:
			f.storedHeader()
		case 1:
			f.lit, f.dist = fixedLit, fixedDist
			f.state = stateHuffman
		case 2:
			f.dynamicHeader()
		default:
			f.fail(errCorrupt)
		}
	case stateStored:
		f.copyStored()
	case stateHuffman:
		f.huffman()
	}
}

// storedHeader reads the length of a stored block (after the bits up to
// the next byte boundary) and its check.
func (f *inflater) storedHeader() {
	f.b >>= f.nb & 7
	f.nb -= f.nb & 7
	f.giveBack()
	f.need(32)
	if f.short() {
		return
	}
	n, nn := uint16(f.b), uint16(f.b>>16)
	if n != ^nn {
		f.fail(errCorrupt)
		return
	}
	f.b >>= 32
	f.nb -= 32
	f.giveBack()
	f.stored, f.state = int(n), stateStored
}

// copyStored copies the bytes of a stored block, as many as out has
// room for.
func (f *inflater) copyStored() {
	for f.stored > 0 && f.op < len(f.out)-maxMatch-8 {
		if f.ip == len(f.buf) {
			f.more() // reads more, or finds the end
			f.giveBack()
			if f.ip == len(f.buf) {
				f.fail(f.inErr)
				if f.err == io.EOF || f.err == nil {
					f.err = io.ErrUnexpectedEOF
				}
				return
			}
		}
		n := copy(f.out[f.op:len(f.out)-maxMatch-8], f.buf[f.ip:min(len(f.buf), f.ip+f.stored)])
		f.op += n
		f.ip += n
		f.stored -= n
		f.rel = f.op
	}
	if f.stored == 0 {
		f.state = stateHeader
	}
}

// codeOrder is the order of the code length code's lengths.
var codeOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// dynamicHeader reads the codes of a block of dynamic Huffman codes, and
// refuses what compress/flate refuses.
func (f *inflater) dynamicHeader() {
	f.need(14)
	if f.short() {
		return
	}
	nlit := int(f.b&0x1f) + 257
	ndist := int(f.b>>5&0x1f) + 1
	nclen := int(f.b>>10&0xf) + 4
	f.b >>= 14
	f.nb -= 14
	if nlit > 286 || ndist > 30 {
		f.fail(errCorrupt)
		return
	}
	var clens [19]uint8
	for i := range nclen {
		f.need(3)
		clens[codeOrder[i]] = uint8(f.b & 7)
		f.b >>= 3
		f.nb -= 3
	}
	if f.short() {
		return
	}
	var ok bool
	f.ct, ok = codeTable(f.ct, clens[:], 7, func(sym int, n uint32) uint32 {
		return entry(n, kindLiteral, 0, uint32(sym))
	})
	if !ok {
		f.fail(errCorrupt)
		return
	}
	lens := f.lens[:nlit+ndist]
	for i := 0; i < len(lens); {
		f.need(7 + 7)
		e := f.ct[f.b&0x7f]
		if e>>5&7 == kindNone {
			if !f.short() {
				f.fail(errCorrupt)
			}
			return
		}
		f.b >>= e & 0x1f
		f.nb -= uint(e & 0x1f)
		sym := e >> 16
		if sym < 16 {
			if f.short() {
				return
			}
			lens[i] = uint8(sym)
			i++
			continue
		}
		var rep int
		var v uint8
		switch sym {
		case 16:
			rep = 3 + int(f.b&3)
			f.b >>= 2
			f.nb -= 2
			if i == 0 {
				if !f.short() {
					f.fail(errCorrupt)
				}
				return
			}
			v = lens[i-1]
		case 17:
			rep = 3 + int(f.b&7)
			f.b >>= 3
			f.nb -= 3
		default:
			rep = 11 + int(f.b&0x7f)
			f.b >>= 7
			f.nb -= 7
		}
		if f.short() {
			return
		}
		if i+rep > len(lens) {
			f.fail(errCorrupt)
			return
		}
		for j := range rep {
			lens[i+j] = v
		}
		i += rep
	}
	var ok1, ok2 bool
	f.dlit, ok1 = codeTable(f.dlit, lens[:nlit], litBits, litEntry)
	f.ddist, ok2 = codeTable(f.ddist, lens[nlit:], distBits, distEntry)
	f.lit, f.dist = f.dlit, f.ddist
	if !ok1 || !ok2 {
		f.fail(errCorrupt)
		return
	}
	f.state = stateHuffman
}

// huffman decodes the symbols of a block of Huffman codes until its end,
// or until out has no room for another match.
func (f *inflater) huffman() {
	out, op, rel := f.out, f.op, f.rel
	lit, dist := f.lit, f.dist
	b, nb := f.b, f.nb
	buf, ip := f.buf, f.ip
	limit := len(out) - maxMatch - 8
	for op < limit {
		// Refill: 56 bits at least, enough for a length and a distance
		// with their extra bits. Eight bytes of input past the bit
		// buffer make the data decoded so far data that flate decodes
		// too: it is released (rel) then.
		if ip+16 <= len(buf) {
			b |= binary.LittleEndian.Uint64(buf[ip:]) << nb
			ip += int(63-nb) >> 3
			nb |= 56
		} else if nb < 56 {
			f.b, f.nb, f.ip = b, nb, ip
			f.more()
			b, nb, buf, ip = f.b, f.nb, f.buf, f.ip
		}
		safe := ip+8 <= len(buf)
		e := lit[b&(1<<litBits-1)]
		if e>>5&7 == kindSub {
			e = lit[e>>16+uint32(b>>litBits)&(1<<(e>>8&0x1f)-1)]
		}
		n := e & 0x1f
		b >>= n
		nb -= uint(n)
		switch e >> 5 & 7 {
		case kindLiteral:
			if !safe {
				if nb < 8*f.overread {
					break
				}
				out[op] = byte(e >> 16)
				op++
				continue
			}
			out[op] = byte(e >> 16)
			op++
			// 41 bits at least are left: enough for another code, which
			// is most often a literal too.
			e = lit[b&(1<<litBits-1)]
			if e>>5&7 == kindLiteral {
				b >>= e & 0x1f
				nb -= uint(e & 0x1f)
				out[op] = byte(e >> 16)
				op++
			}
			rel = op
			continue
		case kindLength:
			x := e >> 8 & 0x1f
			length := int(e>>16) + int(b&(1<<x-1))
			b >>= x
			nb -= uint(x)
			d := dist[b&(1<<distBits-1)]
			if d>>5&7 == kindSub {
				d = dist[d>>16+uint32(b>>distBits)&(1<<(d>>8&0x1f)-1)]
			}
			if d>>5&7 != kindLength {
				if safe || nb >= 8*f.overread {
					f.b, f.nb, f.ip = b, nb, ip
					f.op, f.rel = op, rel
					f.fail(errCorrupt)
					return
				}
				break
			}
			n := d & 0x1f
			b >>= n
			nb -= uint(n)
			x = d >> 8 & 0x1f
			distance := int(d>>16) + int(b&(1<<x-1))
			b >>= x
			nb -= uint(x)
			if !safe && nb < 8*f.overread {
				break
			}
			if distance > op {
				f.b, f.nb, f.ip = b, nb, ip
				f.op, f.rel = op, rel
				f.fail(errCorrupt)
				return
			}
			src := op - distance
			if distance >= 8 {
				for i := 0; i < length; i += 8 {
					binary.LittleEndian.PutUint64(out[op+i:], binary.LittleEndian.Uint64(out[src+i:]))
				}
			} else {
				for i := range length {
					out[op+i] = out[src+i]
				}
			}
			op += length
			if safe {
				rel = op
			}
			continue
		case kindEnd:
			if !safe && nb < 8*f.overread {
				break
			}
			f.b, f.nb, f.ip = b, nb, ip
			f.op, f.rel = op, rel
			f.state = stateHeader
			return
		default:
			if !safe && nb < 8*f.overread {
				break
			}
			f.b, f.nb, f.ip = b, nb, ip
			f.op, f.rel = op, rel
			f.fail(errCorrupt)
			return
		}
		// The code went past the end of the input.
		f.b, f.nb, f.ip = b, nb, ip
		f.op, f.rel = op, rel
		f.short()
		return
	}
	f.b, f.nb, f.ip = b, nb, ip
	f.op, f.rel = op, rel
}
