package warc

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	"github.com/klauspost/compress/gzip"
)

// gzipStream decompresses a gzip file member by member, and notes where
// each member begins, in the file and in the decompressed data, so that a
// position in the data can be mapped back to the member that holds it
// (readAhead runs it, and keeps the list).
//
// The decompressor is github.com/klauspost/compress/gzip, a drop-in for
// compress/gzip with a faster inflater (it decodes straight from a
// *bufio.Reader). Like compress/gzip, it reads a member from an
// io.ByteReader without reading ahead, so that after a member the file's
// buffer stands exactly at the next one: its offset is what the counting
// reader has read less what is buffered. Its errors are compress/gzip's
// and compress/flate's (gzip.ErrHeader, gzip.ErrChecksum,
// flate.CorruptInputError).
type gzipStream struct {
	in  *bufio.Reader
	cnt *countingReader
	zr  *gzip.Reader

	inMember bool
	start    int64        // offset in the file of the current member
	startOut int64        // offset in the data of its first byte
	out      int64        // bytes of data produced so far
	members  []member     // begun since readAhead took the list
	ends     []memberEnd  // ended since readAhead took the list
	broken   *memberError // the current member's error, until resync
}

// A member is where a gzip member begins: data is the offset of its
// first decompressed byte in the data, file the offset of its header.
type member struct{ data, file int64 }

// A memberEnd is where a gzip member that was read to its end ends:
// start is the offset of its header in the file, file the offset just
// after its trailer, data the offset in the data just after its last
// decompressed byte. A member cut short or corrupt has none.
type memberEnd struct{ start, file, data int64 }

// A memberError is a gzip member that could not be decompressed.
type memberError struct {
	offset int64 // of the member in the file
	dec    int64 // how far into its data the error came
	err    error
}

func (e *memberError) Error() string { return e.reason() }

func (e *memberError) reason() string {
	switch {
	case errors.Is(e.err, io.ErrUnexpectedEOF):
		return "truncated: the file ends inside a gzip member"
	case errors.Is(e.err, gzip.ErrHeader):
		return "not a gzip member"
	}
	return "corrupt gzip member: " + e.err.Error()
}

// filePos returns the offset in the file of the next byte of in.
func (g *gzipStream) filePos() int64 { return g.cnt.n - int64(g.in.Buffered()) }

func (g *gzipStream) Read(p []byte) (int, error) {
	for {
		if g.broken != nil {
			return 0, g.broken
		}
		if g.cnt.err != nil {
			return 0, g.cnt.err
		}
		if !g.inMember {
			g.start = g.filePos()
			if b, err := g.in.Peek(len(gzipMagic)); !bytes.Equal(b, gzipMagic) {
				if len(b) == 0 {
					return 0, err // the end of the file, or an error of the input
				}
				if g.cnt.err != nil {
					return 0, g.cnt.err
				}
				// Not a member: resync looks for one from here.
				g.broken = &memberError{g.start, 0, gzip.ErrHeader}
				return 0, g.broken
			}
			var err error
			if g.zr == nil {
				g.zr, err = gzip.NewReader(g.in)
			} else {
				err = g.zr.Reset(g.in)
			}
			if err != nil {
				if g.cnt.err != nil {
					return 0, g.cnt.err
				}
				if err == io.EOF {
					err = io.ErrUnexpectedEOF
				}
				g.broken = &memberError{g.start, 0, err}
				return 0, g.broken
			}
			g.zr.Multistream(false)
			g.inMember = true
			g.startOut = g.out
			g.members = append(g.members, member{data: g.out, file: g.start})
		}
		n, err := g.zr.Read(p)
		g.out += int64(n)
		if err == io.EOF {
			g.inMember = false
			g.ends = append(g.ends, memberEnd{start: g.start, file: g.filePos(), data: g.out})
			if n > 0 {
				return n, nil
			}
			continue
		}
		if err != nil {
			if g.cnt.err != nil {
				return n, g.cnt.err
			}
			g.broken = &memberError{g.start, g.out - g.startOut, err}
			if n > 0 {
				return n, nil
			}
			return 0, g.broken
		}
		return n, nil
	}
}

// gzipMagic begins every gzip member (ID1, ID2, CM=deflate).
var gzipMagic = []byte{0x1f, 0x8b, 8}

// resync skips from a broken member to the next thing that looks like a
// member's header. It looks from where the decompressor stopped: a corrupt
// member is usually found out before its end (a stored block whose length
// is corrupt may take the members after it along).
func (g *gzipStream) resync() {
	g.broken = nil
	g.inMember = false
	for {
		buf, err := g.in.Peek(g.in.Size())
		if i := bytes.Index(buf, gzipMagic); i >= 0 {
			g.in.Discard(i)
			return
		}
		if err != nil {
			// The end of the input, or an error that Read reports.
			g.in.Discard(len(buf))
			return
		}
		g.in.Discard(len(buf) - len(gzipMagic) + 1)
	}
}
