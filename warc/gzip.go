package warc

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"strings"

	"github.com/klauspost/compress/flate"
)

// gzipStream decompresses a gzip file member by member, and notes where
// each member begins, in the file and in the decompressed data, so that a
// position in the data can be mapped back to the member that holds it
// (readAhead runs it, and keeps the list), and how each member that was
// read to its end is laid out: the lengths of its header and of its
// compressed data, and the CRC-32 that its trailer holds.
//
// It reads a member's header and trailer itself (RFC 1952), and inflates
// its data with an inflater of its own, Reset for each member, straight
// from a *bufio.Reader: it decodes as libdeflate does, in about 0.7 times
// the time of github.com/klauspost/compress/flate, Reset per member, the
// fastest way in Go before it (BenchmarkInflate; compress/gzip takes 1.37
// times klauspost's instructions). A member that the inflater cannot read
// to its end (cut short, corrupt) is read again from the start of its
// data by klauspost's flate (fallBack), so that such a member gives the
// data and the error it gave before. It
// checks what compress/gzip checks, the header's CRC-16 when it has one,
// and the CRC-32 and the length of the data that the trailer holds (the
// CRC-32 is computed once, as the data goes by); and, as RFC 1952 asks,
// that the header's reserved flags are zero. Like compress/gzip, it reads
// a member from an io.ByteReader without reading ahead, so that after a
// member the file's buffer stands exactly at the next one: its offset is
// what the counting reader has read less what is buffered. Its errors are
// compress/gzip's and compress/flate's (gzip.ErrHeader, gzip.ErrChecksum,
// flate.CorruptInputError, io.ErrUnexpectedEOF for a member cut short).
type gzipStream struct {
	memberStream
	inf  inflater      // the inflater
	fr   io.ReadCloser // flate's, a flate.Resetter, for the members inf fails on; nil until one
	slow bool          // the current member is read by fr

	header int64               // the length of the current member's header
	crc    uint32              // the CRC-32 of its data so far
	buf    [gzipHeaderLen]byte // for the fixed parts of headers and trailers, here not to be allocated
}

// newGzipStream returns the gzipStream of the members that in holds,
// whose bytes cnt counts.
func newGzipStream(in *bufio.Reader, cnt *countingReader) *gzipStream {
	return &gzipStream{memberStream: memberStream{in: in, cnt: cnt}}
}

// A member is where a gzip member begins: data is the offset of its
// first decompressed byte in the data, file the offset of its header;
// record says whether its data begins with a version line ("WARC/1"), as
// the member of a record does in a file of one member per record.
type member struct {
	data, file int64
	record     bool
}

// A memberEnd is where a gzip member that was read to its end ends, and
// how it is laid out: start is the offset of its header in the file,
// file the offset just after its trailer, data the offset in the data
// just after its last decompressed byte; header is the length of its
// header, inflated that of its decompressed data, and crc the CRC-32 of
// that data, as its trailer holds it. A member cut short or corrupt has
// none.
type memberEnd struct {
	start, file, data int64
	header, inflated  int64
	crc               uint32
}

// The lengths of the fixed parts of a gzip member (RFC 1952, section
// 2.3): the header without its optional fields, and the trailer, CRC32
// and ISIZE.
const (
	gzipHeaderLen  = 10
	gzipTrailerLen = 8
)

// The flags of a gzip header's FLG byte (RFC 1952, section 2.3.1); the
// three high bits are reserved and must be zero.
const (
	flagHCRC    = 1 << 1
	flagExtra   = 1 << 2
	flagName    = 1 << 3
	flagComment = 1 << 4
	flagsKnown  = 1<<5 - 1
)

// maxHeaderString bounds the file name and the comment of a gzip header,
// their terminating zero byte included, as compress/gzip does: a longer
// one is not a header (and reading for its end could take the members
// after it along).
const maxHeaderString = 512

// A memberError is a gzip member that could not be decompressed.
type memberError struct {
	offset int64 // of the member in the file
	dec    int64 // how far into its data the error came
	err    error
	zstd   bool // a zstd frame, not a gzip member
}

func (e *memberError) Error() string { return e.reason() }

func (e *memberError) reason() string {
	if e.zstd {
		switch {
		case errors.Is(e.err, io.ErrUnexpectedEOF):
			return "truncated: the file ends inside a zstd frame"
		case strings.HasPrefix(e.err.Error(), "corrupt zstd frame") || strings.HasPrefix(e.err.Error(), "not a zstd frame"):
			return e.err.Error()
		}
		return "corrupt zstd frame: " + e.err.Error()
	}
	switch {
	case errors.Is(e.err, io.ErrUnexpectedEOF):
		return "truncated: the file ends inside a gzip member"
	case errors.Is(e.err, gzip.ErrHeader):
		return "not a gzip member"
	}
	return "corrupt gzip member: " + e.err.Error()
}

func (g *gzipStream) Read(p []byte) (int, error) { return g.read(g, p) }

// begin reads the header of a gzip member (see memberCodec) and readies
// the inflater for its data.
func (g *gzipStream) begin() (bool, error) {
	if b, err := g.in.Peek(len(gzipMagic)); !bytes.Equal(b, gzipMagic) {
		if len(b) == 0 {
			return false, err // the end of the file, or an error of the input
		}
		if g.cnt.err != nil {
			return false, g.cnt.err
		}
		// Not a member: resync looks for one from here.
		return false, g.fail(gzip.ErrHeader)
	}
	if err := g.readHeader(); err != nil {
		return false, g.fail(err)
	}
	g.inf.Reset(g.in)
	g.slow = false
	g.crc = 0
	return true, nil
}

// fallBack reads the current member again from the start of its data
// with flate's decompressor, past the done bytes of it that the inflater
// returned, after the inflater failed on it: so a member that is cut
// short or corrupt gives the data and the error that flate gives (the
// inflater stops before a member's last bytes when they are cut short,
// and its errors do not say where). It reports false when the member's
// data is no longer at hand (the countingReader keeps the last histSize
// bytes read): the inflater's error stands.
func (g *gzipStream) fallBack(done int64) bool {
	if !rewindTo(g.cnt, g.in, g.start+g.header) {
		return false
	}
	if g.fr == nil {
		g.fr = flate.NewReader(g.in)
	} else {
		g.fr.(flate.Resetter).Reset(g.in, nil)
	}
	g.slow = true
	if _, err := io.CopyN(io.Discard, g.fr, done); err != nil {
		// flate fails before the data the inflater returned: not
		// what FuzzInflater lets the inflater do; flate's error stands.
		g.fr = errReader{err}
	}
	return true
}

// errReader is an io.ReadCloser that fails with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
func (e errReader) Close() error             { return nil }

// inflate reads the data of the current member into p. At the member's
// end it checks the trailer and returns io.EOF (with what it read) when
// the member is good; it returns the error of a member that is not (or,
// with what it read, nil: the next call returns the error).
func (g *gzipStream) inflate(p []byte) (int, error) {
	var (
		n   int
		err error
	)
	if g.slow {
		n, err = g.fr.Read(p)
	} else {
		n, err = g.inf.Read(p)
		if err != nil && err != io.EOF && g.cnt.err == nil && g.fallBack(g.out-g.startOut) {
			n, err = g.fr.Read(p)
		}
		if err == errCorrupt {
			// The member's start is gone: where the inflater stopped.
			err = flate.CorruptInputError(g.filePos() - g.start - g.header)
		}
	}
	g.crc = crc32.Update(g.crc, crc32.IEEETable, p[:n])
	g.out += int64(n)
	if err == io.EOF {
		err = g.readTrailer()
	}
	if err == io.EOF {
		g.inMember = false
		g.ends = append(g.ends, memberEnd{start: g.start, file: g.filePos(), data: g.out,
			header: g.header, inflated: g.out - g.startOut, crc: g.crc})
		return n, io.EOF
	}
	if err != nil {
		err = g.fail(err)
		if n > 0 && g.broken != nil {
			return n, nil
		}
		return n, err
	}
	return n, nil
}

// readHeader reads the header of a gzip member (RFC 1952, section 2.3.1),
// whose first bytes are gzipMagic, and notes its length in g.header. It
// checks the header in the order compress/gzip does, so that a header
// that is not one is found out where compress/gzip finds it out, and
// then that its reserved flags are zero.
func (g *gzipStream) readHeader() error {
	buf := g.buf[:]
	if _, err := io.ReadFull(g.in, buf); err != nil {
		return err
	}
	flags := buf[3]
	g.header = gzipHeaderLen
	// The CRC-16 of a header that has one is the low half of the CRC-32
	// of the bytes before it.
	sum := crc32.ChecksumIEEE(buf)
	var err error
	if flags&flagExtra != 0 {
		if _, err = io.ReadFull(g.in, buf[:2]); err != nil {
			return err
		}
		sum = crc32.Update(sum, crc32.IEEETable, buf[:2])
		g.header += 2
		if sum, err = g.skipField(int(binary.LittleEndian.Uint16(buf[:2])), sum); err != nil {
			return err
		}
	}
	if flags&flagName != 0 {
		if sum, err = g.skipField(-1, sum); err != nil {
			return err
		}
	}
	if flags&flagComment != 0 {
		if sum, err = g.skipField(-1, sum); err != nil {
			return err
		}
	}
	if flags&flagHCRC != 0 {
		if _, err = io.ReadFull(g.in, buf[:2]); err != nil {
			return err
		}
		g.header += 2
		if binary.LittleEndian.Uint16(buf[:2]) != uint16(sum) {
			return gzip.ErrHeader
		}
	}
	if flags&^flagsKnown != 0 {
		return gzip.ErrHeader
	}
	return nil
}

// skipField passes the next n bytes of a gzip header, or with n < 0 a
// string, the bytes up to a zero byte, that one included; it adds them
// to g.header and to the CRC-32 sum, and returns the sum.
func (g *gzipStream) skipField(n int, sum uint32) (uint32, error) {
	for seen := 0; n != seen; {
		b, err := g.in.Peek(1)
		if len(b) == 0 {
			return sum, err
		}
		b, _ = g.in.Peek(g.in.Buffered())
		end := false
		if n >= 0 {
			b = b[:min(len(b), n-seen)]
			end = seen+len(b) == n
		} else {
			b = b[:min(len(b), maxHeaderString-seen)]
			if i := bytes.IndexByte(b, 0); i >= 0 {
				b, end = b[:i+1], true
			}
		}
		sum = crc32.Update(sum, crc32.IEEETable, b)
		g.in.Discard(len(b))
		g.header += int64(len(b))
		seen += len(b)
		switch {
		case end:
			return sum, nil
		case n < 0 && seen == maxHeaderString:
			return sum, gzip.ErrHeader
		}
	}
	return sum, nil
}

// readTrailer reads the trailer of the member whose data has been read,
// and checks it against the data: it returns io.EOF when it holds the
// data's CRC-32 and length (modulo 2^32), gzip.ErrChecksum when it does
// not, io.ErrUnexpectedEOF when the file ends in it, or the error of the
// input.
func (g *gzipStream) readTrailer() error {
	t := g.buf[:gzipTrailerLen]
	if _, err := io.ReadFull(g.in, t); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF // io.EOF says the member is good
		}
		return err
	}
	if binary.LittleEndian.Uint32(t[:4]) != g.crc || binary.LittleEndian.Uint32(t[4:]) != uint32(g.out-g.startOut) {
		return gzip.ErrChecksum
	}
	return io.EOF
}

// gzipMagic begins every gzip member (ID1, ID2, CM=deflate).
var gzipMagic = []byte{0x1f, 0x8b, 8}

// resync skips from a broken member to the next thing that looks like a
// member's header. It looks first in the broken member's own bytes, from
// just after the beginning of its header: a member cut short is followed
// by the next one, which the decompressor took for the rest of the broken
// member's data or for its trailer (rewind). Else it looks from where the
// decompressor stopped: a corrupt member is usually found out before its
// end (a stored block whose length is corrupt may take the members after
// it along).
func (g *gzipStream) resync() { g.memberStream.resync(gzipMagic) }

// rewind goes back to the first magic number (of a gzip member, or of a
// zstd frame) at or after offset from in the bytes of in already read, if
// the countingReader still has them (the last histSize bytes), so that
// the file is read again from there. What the whole file reads again is
// bounded by what it reads once: a file of members that each run into
// the next cannot make the work quadratic. It reports whether it went
// back.
func rewind(c *countingReader, in *bufio.Reader, from int64, magic []byte) bool {
	pos := c.n - int64(in.Buffered())
	histStart := c.n - int64(len(c.hist))
	from = max(from, histStart)
	if from >= pos || c.err != nil {
		return false
	}
	i := bytes.Index(c.hist[from-histStart:], magic)
	if i < 0 {
		return false
	}
	q := from + int64(i)
	if q >= pos {
		return false // ahead: the forward search finds it
	}
	// The bytes from q to pos are inflated again; those after pos, which
	// g.in buffers, are only read again.
	if c.replayed+(pos-q) > c.read {
		return false
	}
	c.replayed += pos - q
	return rewindTo(c, in, q)
}

// rewindTo goes back to offset q of the file, at or before the next byte
// of in, if the countingReader still has the bytes from there, so that
// the file is read again from q. It reports whether it went back.
//
// gzipStream.fallBack goes back so for each member the inflater fails
// on, once: the work that adds is bounded by the members' lengths, and
// is not counted in what rewind may read again.
func rewindTo(c *countingReader, in *bufio.Reader, q int64) bool {
	pos := c.n - int64(in.Buffered())
	histStart := c.n - int64(len(c.hist))
	if q < histStart || q > pos || c.err != nil {
		return false
	}
	again := c.hist[q-histStart:]
	c.replay = append(append(make([]byte, 0, len(again)+len(c.replay)), again...), c.replay...)
	c.hist = c.hist[:q-histStart]
	c.n = q
	in.Discard(in.Buffered())
	return true
}
