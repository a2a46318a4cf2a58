package main

import (
	"bytes"
	"io"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Compressed output.
//
// -o FILE.gz and -o FILE.zst compress the output: each write that the
// command's lineWriter makes (whole lines) is compressed alone, as a gzip
// member or a Zstandard frame, and appended to the file in one write(2).
// A file of members is a gzip (or zstd) file that gzip -dc (zstd -dc)
// reads whole, and each member begins at a line, so that a reader can
// start at any member (a split of a large file, an index of member
// offsets); processes that share the file append whole members, which
// do not mix. relink warc ends a member at the end of a record once it
// holds 64 KiB of lines (memberSize), so that a member holds whole pages
// but for a page of more than a MiB of lines (maxLine).

// memberSize is how many bytes of lines relink warc gathers, at least,
// in a member of compressed output before it ends it at a record's end.
const memberSize = 64 << 10

// compression returns the kind of compression that the name of an output
// file asks for by its extension: "gzip" (.gz), "zstd" (.zst) or "".
func compression(name string) string {
	switch l := strings.ToLower(name); {
	case strings.HasSuffix(l, ".gz"):
		return "gzip"
	case strings.HasSuffix(l, ".zst"):
		return "zstd"
	}
	return ""
}

// A memberWriter compresses each Write as a member of its own, and
// writes the member to w in one Write.
type memberWriter struct {
	w    io.Writer
	kind string
	buf  bytes.Buffer
	gz   *gzip.Writer
	zs   *zstd.Encoder
	out  []byte
}

func newMemberWriter(w io.Writer, kind string) *memberWriter {
	m := &memberWriter{w: w, kind: kind}
	if kind == "gzip" {
		m.gz, _ = gzip.NewWriterLevel(&m.buf, gzip.DefaultCompression)
	} else {
		m.zs, _ = zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(true))
	}
	return m
}

func (m *memberWriter) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var member []byte
	if m.gz != nil {
		m.buf.Reset()
		m.gz.Reset(&m.buf)
		m.gz.Write(p)
		if err := m.gz.Close(); err != nil {
			return 0, err
		}
		member = m.buf.Bytes()
	} else {
		m.out = m.zs.EncodeAll(p, m.out[:0])
		member = m.out
	}
	if _, err := m.w.Write(member); err != nil {
		return 0, err
	}
	return len(p), nil
}
