package warc

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// A .warc.zst file (the IIPC's "Zstandard Compression for WARC Files
// 1.0") is a sequence of Zstandard frames (RFC 8878), a record in each,
// as a .warc.gz file is of gzip members; it may begin with a dictionary
// frame, a skippable frame of magic number 0x184D2A5D whose content is
// the dictionary that the frames were compressed with (itself
// Zstandard-compressed, or not), and hold other skippable frames, which a
// reader skips.
const (
	zstdMagic     = 0xFD2FB528
	zstdDictMagic = 0x184D2A5D
	zstdSkipMask  = 0xFFFFFFF0 // the skippable frames: 0x184D2A50 to 0x184D2A5F
	zstdSkipMagic = 0x184D2A50
	zstdDictFmt   = 0xEC30A437 // the magic number of a dictionary in the Zstandard format
)

// zstdMagicBytes is zstdMagic as a frame begins with it, little-endian.
var zstdMagicBytes = []byte{0x28, 0xb5, 0x2f, 0xfd}

// The bounds of a .warc.zst file's decompression: the window a frame may
// ask for (what the decompressor holds), and the dictionary, which is held
// whole. A frame that asks for more is a corrupt frame, reported and
// skipped; a larger dictionary fails the file.
const (
	MaxZstdWindow     = 32 << 20
	MaxZstdDictionary = 16 << 20
)

// zstdMaxBlock is the largest block a frame may hold (Block_Maximum_Size).
const zstdMaxBlock = 128 << 10

// isZstd reports whether a file that begins with b is a .warc.zst file:
// a Zstandard frame or a dictionary frame.
func isZstd(b []byte) bool {
	if len(b) < 4 {
		return false
	}
	m := binary.LittleEndian.Uint32(b)
	return m == zstdMagic || m == zstdDictMagic
}

// zstdStream decompresses a .warc.zst file frame by frame, and notes, as
// gzipStream does of members, where each frame begins and ends in the
// file and in the data (readAhead runs it). It finds the end of a frame
// itself, from its header and the headers of its blocks, and gives the
// decompressor the frame's bytes alone (frameReader), so that after a
// frame the file's buffer stands exactly at the next one.
type zstdStream struct {
	memberStream
	dec *zstd.Decoder
	fr  frameReader

	dict []byte // the dictionary, once read
}

// newZstdStream returns the zstdStream of the frames that in holds,
// whose bytes cnt counts, with the dictionary dict if it is known
// already (else the file's dictionary frame gives it).
func newZstdStream(in *bufio.Reader, cnt *countingReader, dict []byte) *zstdStream {
	return &zstdStream{memberStream: memberStream{in: in, cnt: cnt, zstd: true}, dict: dict}
}

func (g *zstdStream) Read(p []byte) (int, error) { return g.read(g, p) }

// begin reads the header of a zstd frame, or skips a skippable frame
// (see memberCodec), and readies the decompressor for its data.
func (g *zstdStream) begin() (bool, error) {
	b, err := g.in.Peek(4)
	if len(b) == 0 {
		return false, err
	}
	if len(b) < 4 {
		return false, g.fail(io.ErrUnexpectedEOF)
	}
	switch m := binary.LittleEndian.Uint32(b); {
	case m&zstdSkipMask == zstdSkipMagic:
		return false, g.skippable(m)
	case m != zstdMagic:
		return false, g.fail(errors.New("not a zstd frame"))
	}
	if err := g.fr.reset(g.in); err != nil {
		return false, g.fail(err)
	}
	if err := g.decoder(); err != nil {
		return false, err
	}
	if err := g.dec.Reset(&g.fr); err != nil {
		return false, g.fail(err)
	}
	return true, nil
}

// inflate reads the data of the current frame into p; at its end, it
// notes the frame's end and returns io.EOF.
func (g *zstdStream) inflate(p []byte) (int, error) {
	n, err := g.dec.Read(p)
	g.out += int64(n)
	if err == io.EOF && !g.fr.done() {
		err = io.ErrUnexpectedEOF
	}
	if err == io.EOF {
		g.inMember = false
		g.ends = append(g.ends, memberEnd{start: g.start, file: g.filePos(), data: g.out, inflated: g.out - g.startOut})
		return n, io.EOF
	}
	if err != nil {
		if g.fr.err != nil {
			err = g.fr.err
		}
		err = g.fail(err)
		if n > 0 {
			return n, nil
		}
		return n, err
	}
	return n, nil
}

// decoder makes the decompressor, with the dictionary if the file has one.
func (g *zstdStream) decoder() error {
	if g.dec != nil {
		return nil
	}
	opts := []zstd.DOption{zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxWindow(MaxZstdWindow)}
	if len(g.dict) >= 4 && binary.LittleEndian.Uint32(g.dict) == zstdDictFmt {
		opts = append(opts, zstd.WithDecoderDicts(g.dict))
	} else if len(g.dict) > 0 {
		opts = append(opts, zstd.WithDecoderDictRaw(0, g.dict))
	}
	d, err := zstd.NewReader(nil, opts...)
	if err != nil {
		return g.fail(fmt.Errorf("the dictionary frame: %w", err))
	}
	g.dec = d
	return nil
}

// skippable reads a skippable frame: the dictionary frame, at the start
// of the file, or another, which is skipped.
func (g *zstdStream) skippable(magic uint32) error {
	if magic == zstdDictMagic && g.dec == nil {
		dict, err := readZstdDictionary(g.in)
		if err != nil {
			return g.fail(err)
		}
		g.dict = dict
		return nil
	}
	var h [8]byte
	if _, err := io.ReadFull(g.in, h[:]); err != nil {
		return g.fail(err)
	}
	size := int64(binary.LittleEndian.Uint32(h[4:]))
	if n, err := g.in.Discard(int(size)); int64(n) < size {
		return g.fail(err)
	}
	return nil
}

// ReadZstdDictionary reads the dictionary frame at the start of a
// .warc.zst file and returns the dictionary, decompressed if it was
// compressed; it returns nil and no error for a file that does not begin
// with one. A caller that reads a record of such a file alone, by its
// range, reads the dictionary first (the range [0, 8+size) of the file,
// size being the little-endian number in its bytes 4 to 8) and gives it
// to the Reader (Reader.ZstdDictionary). A dictionary larger than
// MaxZstdDictionary, compressed or not, is an error.
func ReadZstdDictionary(r io.Reader) ([]byte, error) {
	br := bufio.NewReader(r)
	b, _ := br.Peek(4)
	if len(b) < 4 || binary.LittleEndian.Uint32(b) != zstdDictMagic {
		return nil, nil
	}
	return readZstdDictionary(br)
}

func readZstdDictionary(in *bufio.Reader) ([]byte, error) {
	var h [8]byte
	if _, err := io.ReadFull(in, h[:]); err != nil {
		return nil, err
	}
	size := int64(binary.LittleEndian.Uint32(h[4:]))
	if size > MaxZstdDictionary {
		return nil, fmt.Errorf("the dictionary frame holds %d bytes, more than the %d read at most", size, MaxZstdDictionary)
	}
	dict := make([]byte, size)
	if _, err := io.ReadFull(in, dict); err != nil {
		return nil, err
	}
	if len(dict) >= 4 && binary.LittleEndian.Uint32(dict) == zstdMagic {
		d, err := zstd.NewReader(bytes.NewReader(dict), zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(MaxZstdWindow))
		if err != nil {
			return nil, err
		}
		dict, err = io.ReadAll(io.LimitReader(d, MaxZstdDictionary+1))
		d.Close()
		if err != nil {
			return nil, fmt.Errorf("the dictionary frame: %w", err)
		}
		if len(dict) > MaxZstdDictionary {
			return nil, fmt.Errorf("the dictionary is larger than the %d bytes read at most", MaxZstdDictionary)
		}
	}
	return dict, nil
}

// resync goes on after a broken frame, at the next frame's magic number:
// the first after the broken frame's start, which may be in the bytes
// that its blocks' headers took for its own (a frame cut short runs into
// the next), when they are still at hand (rewind).
func (g *zstdStream) resync() { g.memberStream.resync(zstdMagicBytes) }

// A frameReader passes on the bytes of one Zstandard frame (RFC 8878,
// section 3.1.1) and then io.EOF: it reads the frame's header and the
// header of each block to know where the frame ends.
type frameReader struct {
	in       *bufio.Reader
	left     int64 // bytes of the current part to pass on
	state    int   // what comes after them
	checksum bool
	err      error
}

const (
	frameBlock    = iota // a block header
	frameChecksum        // the checksum
	frameEnd
)

func (f *frameReader) reset(in *bufio.Reader) error {
	*f = frameReader{in: in}
	b, err := in.Peek(5)
	if len(b) < 5 {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	fhd := b[4]
	if fhd&0x08 != 0 {
		return errors.New("corrupt zstd frame: a reserved bit is set")
	}
	single := fhd&0x20 != 0
	n := int64(5)
	if !single {
		n++ // Window_Descriptor
	}
	n += []int64{0, 1, 2, 4}[fhd&3] // Dictionary_ID
	switch fcs := fhd >> 6; {
	case fcs == 0 && single:
		n++
	case fcs > 0:
		n += []int64{0, 2, 4, 8}[fcs]
	}
	f.left, f.state, f.checksum = n, frameBlock, fhd&0x04 != 0
	return nil
}

func (f *frameReader) done() bool { return f.state == frameEnd && f.left == 0 }

func (f *frameReader) Read(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	for f.left == 0 {
		switch f.state {
		case frameEnd:
			return 0, io.EOF
		case frameChecksum:
			f.left, f.state = 4, frameEnd
		case frameBlock:
			b, err := f.in.Peek(3)
			if len(b) < 3 {
				if err == io.EOF || err == nil {
					err = io.ErrUnexpectedEOF
				}
				f.err = err
				return 0, err
			}
			h := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
			size := int64(h >> 3)
			switch (h >> 1) & 3 {
			case 1: // RLE: one byte
				size = 1
			case 3:
				f.err = errors.New("corrupt zstd frame: a block of the reserved type")
				return 0, f.err
			}
			if size > zstdMaxBlock {
				f.err = errors.New("corrupt zstd frame: a block larger than 128 KiB")
				return 0, f.err
			}
			f.left = 3 + size
			if h&1 != 0 {
				f.state = frameEnd
				if f.checksum {
					f.state = frameChecksum
				}
			}
		}
	}
	if int64(len(p)) > f.left {
		p = p[:f.left]
	}
	n, err := f.in.Read(p)
	f.left -= int64(n)
	if err == io.EOF {
		err = nil
		if n == 0 {
			err = io.ErrUnexpectedEOF
			f.err = err
		}
	}
	return n, err
}
