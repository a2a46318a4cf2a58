package warc_test

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/dict"
	"github.com/klauspost/compress/zstd"
	"github.com/relink-go/relink/warc"
)

// uncompressedRecords returns the records of an uncompressed WARC file,
// each as the bytes of its range.
func uncompressedRecords(t *testing.T, name string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var recs [][]byte
	r := warc.NewReader(bytes.NewReader(data))
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return recs
		}
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, data[rec.Offset:rec.Offset+rec.Length()])
	}
}

// skippable returns a skippable frame of the magic number and content.
func skippable(magic uint32, content []byte) []byte {
	b := binary.LittleEndian.AppendUint32(nil, magic)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(content)))
	return append(b, content...)
}

// zstdWARC compresses each record as a frame of its own, with the
// encoder's options, after the frames before (a dictionary frame, a
// skippable frame); it returns the file and the offset of each record's
// frame.
func zstdWARC(t *testing.T, recs [][]byte, before []byte, opts ...zstd.EOption) ([]byte, []int64) {
	t.Helper()
	enc, err := zstd.NewWriter(nil, opts...)
	if err != nil {
		t.Fatal(err)
	}
	file := append([]byte(nil), before...)
	var offs []int64
	for i, r := range recs {
		offs = append(offs, int64(len(file)))
		file = enc.EncodeAll(r, file)
		if i == 0 {
			file = append(file, skippable(0x184D2A5E, []byte("an extension frame"))...)
		}
	}
	return file, offs
}

// TestZstd reads .warc.zst files, a frame per record, without a
// dictionary, with a dictionary in the Zstandard format (in the clear and
// compressed in the dictionary frame) and with a raw one: the records
// are those of the uncompressed file, each at the offset of its frame,
// and each range [Offset, Offset+Length) read alone is its frame. The
// zstd program, if installed, reads the file too.
func TestZstd(t *testing.T) {
	recs := uncompressedRecords(t, "../testdata/warc/ia-web-commons-link-extraction-test.warc")
	zd, err := dict.BuildZstdDict(recs, dict.Options{MaxDictSize: 4096, HashBytes: 6, ZstdDictID: 1234})
	if err != nil {
		t.Fatal(err)
	}
	enc, _ := zstd.NewWriter(nil)
	packed := enc.EncodeAll(zd, nil)
	raw := bytes.Join(recs[:2], nil)
	for _, c := range []struct {
		name   string
		before []byte
		opts   []zstd.EOption
	}{
		{"no dictionary", nil, nil},
		{"dictionary", skippable(0x184D2A5D, zd), []zstd.EOption{zstd.WithEncoderDict(zd)}},
		{"compressed dictionary", skippable(0x184D2A5D, packed), []zstd.EOption{zstd.WithEncoderDict(zd)}},
		{"raw dictionary", skippable(0x184D2A5D, raw), []zstd.EOption{zstd.WithEncoderDictRaw(0, raw)}},
		{"checksums", nil, []zstd.EOption{zstd.WithEncoderCRC(true), zstd.WithEncoderLevel(zstd.SpeedBestCompression)}},
	} {
		file, offs := zstdWARC(t, recs, c.before, c.opts...)
		r := warc.NewReader(bytes.NewReader(file))
		for i := 0; ; i++ {
			rec, err := r.Next()
			if err == io.EOF {
				if i != len(recs) {
					t.Errorf("%s: %d records, want %d", c.name, i, len(recs))
				}
				break
			}
			if err != nil {
				t.Fatalf("%s: record %d: %v", c.name, i, err)
			}
			var whole bytes.Buffer
			whole.WriteString("WARC/" + rec.Version)
			if !strings.HasPrefix(string(recs[i]), whole.String()) || rec.Offset != offs[i] || rec.DecompressedOffset != 0 || !rec.Compressed {
				t.Errorf("%s: record %d at %d+%d, want %d", c.name, i, rec.Offset, rec.DecompressedOffset, offs[i])
			}
			n := rec.Length()
			end := int64(len(file))
			if i+1 < len(offs) {
				end = offs[i+1]
			}
			if i == 0 {
				end -= int64(len(skippable(0, []byte("an extension frame"))))
			}
			if rec.Offset+n != end {
				t.Errorf("%s: record %d: length %d, want %d", c.name, i, n, end-rec.Offset)
			}
			if _, ok := rec.GzipMember(); ok {
				t.Errorf("%s: a zstd frame has a gzip member", c.name)
			}
			if len(c.before) == 0 {
				// A frame read alone, at its offset.
				a := warc.NewReader(bytes.NewReader(file[rec.Offset : rec.Offset+n]))
				a.BaseOffset = rec.Offset
				if x, err := a.Next(); err != nil || x.RecordID != rec.RecordID || x.Offset != rec.Offset {
					t.Errorf("%s: the range of record %d: %v", c.name, i, err)
				}
			}
		}
		if zstdCmd, err := exec.LookPath("zstd"); err == nil && c.opts == nil {
			cmd := exec.Command(zstdCmd, "-dc")
			cmd.Stdin = bytes.NewReader(file)
			out, err := cmd.Output()
			if err != nil || !bytes.Equal(out, bytes.Join(recs, nil)) {
				t.Errorf("%s: zstd -dc: %v", c.name, err)
			}
		}
	}
}

// TestZstdDamaged: a corrupt frame, a frame cut short, junk between
// frames and a dictionary frame past its bound are reported where they
// are, and the records after them are read.
func TestZstdDamaged(t *testing.T) {
	recs := uncompressedRecords(t, "../testdata/warc/ia-web-commons-link-extraction-test.warc")
	file, offs := zstdWARC(t, recs, nil)
	read := func(b []byte) (ids []string, errs []string) {
		r := warc.NewReader(bytes.NewReader(b))
		for {
			rec, err := r.Next()
			if err == io.EOF {
				return
			}
			if se, ok := err.(*warc.SyntaxError); ok {
				errs = append(errs, se.Where()+": "+se.Reason)
				continue
			}
			if err != nil {
				errs = append(errs, err.Error())
				return
			}
			io.Copy(io.Discard, rec.Block)
			ids = append(ids, rec.RecordID)
		}
	}
	good, _ := read(file)
	at := func(n int64) string { return "offset " + strconv.FormatInt(n, 10) + ":" }

	corrupt := bytes.Clone(file)
	for i := offs[2] + 20; i < offs[2]+60; i++ {
		corrupt[i] ^= 0x55
	}
	ids, errs := read(corrupt)
	if len(errs) == 0 || !strings.HasPrefix(errs[0], at(offs[2])) || len(ids) < len(good)-2 || ids[len(ids)-1] != good[len(good)-1] {
		t.Errorf("corrupt frame: %d records, errors %q", len(ids), errs)
	}

	cut := append(bytes.Clone(file[:offs[3]-10]), file[offs[3]:]...)
	ids, errs = read(cut)
	if len(errs) != 1 || !strings.HasPrefix(errs[0], at(offs[2])) || len(ids) != len(good)-1 || ids[len(ids)-1] != good[len(good)-1] {
		t.Errorf("frame cut short: %d records, errors %q", len(ids), errs)
	}

	junk := append(append(bytes.Clone(file[:offs[1]]), "junk between frames"...), file[offs[1]:]...)
	ids, errs = read(junk)
	if len(errs) != 1 || !strings.Contains(errs[0], "not a zstd frame") || len(ids) != len(good) {
		t.Errorf("junk: %d records, errors %q", len(ids), errs)
	}

	end := file[:len(file)-5]
	ids, errs = read(end)
	if len(errs) != 1 || !strings.Contains(errs[0], "truncated: the file ends inside a zstd frame") || len(ids) != len(good)-1 {
		t.Errorf("file cut short: %d records, errors %q", len(ids), errs)
	}

	big := binary.LittleEndian.AppendUint32(nil, 0x184D2A5D)
	big = binary.LittleEndian.AppendUint32(big, warc.MaxZstdDictionary+1)
	_, errs = read(append(big, file...))
	if len(errs) == 0 || !strings.Contains(errs[0], "dictionary frame holds") {
		t.Errorf("dictionary over the bound: %q", errs)
	}
}

// TestZstdWindow: a frame that asks for a window larger than
// MaxZstdWindow is a bad record, reported, and the next frame is read.
func TestZstdWindow(t *testing.T) {
	recs := uncompressedRecords(t, "../testdata/warc/ia-web-commons-link-extraction-test.warc")
	enc, _ := zstd.NewWriter(nil, zstd.WithSingleSegment(false))
	file := enc.EncodeAll(recs[0], nil)
	// The frame's Window_Descriptor asks for 2^(10+16) bytes, 64 MiB: the
	// encoder chose a small window for a small record, and a larger one
	// decodes it as well.
	if file[4]&0x20 != 0 {
		t.Fatal("a single-segment frame has no Window_Descriptor")
	}
	file[5] = 16 << 3
	file = enc.EncodeAll(recs[1], file)
	r := warc.NewReader(bytes.NewReader(file))
	_, err := r.Next()
	se, ok := err.(*warc.SyntaxError)
	if !ok || se.Offset != 0 || !strings.Contains(se.Reason, "window size exceeded") {
		t.Fatalf("a frame with a 64 MiB window: %v", err)
	}
	rec, err := r.Next()
	if err != nil || !strings.HasPrefix(string(recs[1]), "WARC/"+rec.Version) || rec.Offset == 0 {
		t.Errorf("the next frame: %v", err)
	}
}
