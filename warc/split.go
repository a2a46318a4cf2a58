package warc

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
)

// ErrNoMember is returned by NextRecordMember when no gzip member that
// begins a record starts in the range searched.
var ErrNoMember = errors.New("warc: no gzip member of a record in the range")

// NextRecordMember returns the offset of the first gzip member that
// begins at or after off, before end, in the file r of size bytes, and
// whose data begins with a WARC version line ("WARC/" and a digit): in a
// file of one gzip member per record, where a record begins. It is how a
// file of one member per record is cut into byte ranges that readers
// take in parallel, each reading the records whose members begin in its
// range: a range's reader starts at the offset NextRecordMember gives
// for the range's start, and stops at the first record whose Offset is
// past its end.
//
// A candidate is bytes 1f 8b 08 whose header reads as a gzip header, and
// whose first inflated bytes are a version line; the bytes of a deflate
// stream may hold the three bytes by chance, but then not the rest. A
// file gzipped as one stream, or uncompressed, has no member in a range
// that does not begin at 0: NextRecordMember returns ErrNoMember, as it
// does for a range past the last member. It reads up to 64 KiB at a time
// from r, and inflates a few hundred bytes of each candidate.
func NextRecordMember(r io.ReaderAt, off, end, size int64) (int64, error) {
	end = min(end, size)
	const window = 64 << 10
	buf := make([]byte, window+len(gzipMagic)-1)
	for pos := off; pos < end; pos += window {
		n, err := r.ReadAt(buf[:min(int64(len(buf)), size-pos)], pos)
		if err != nil && err != io.EOF {
			return 0, err
		}
		b := buf[:n]
		for i := 0; ; {
			j := bytes.Index(b[i:], gzipMagic)
			if j < 0 {
				break
			}
			at := pos + int64(i+j)
			if at >= end {
				return 0, ErrNoMember
			}
			if at < pos+window && beginsRecord(r, at, size) {
				return at, nil
			}
			i += j + 1
		}
	}
	return 0, ErrNoMember
}

// beginsRecord reports whether a gzip member begins at off in r whose
// data begins with a version line.
func beginsRecord(r io.ReaderAt, off, size int64) bool {
	z, err := gzip.NewReader(io.NewSectionReader(r, off, size-off))
	if err != nil {
		return false
	}
	var v [len("WARC/1")]byte
	if _, err := io.ReadFull(z, v[:]); err != nil {
		return false
	}
	return isVersionLine(v[:])
}
