package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/klauspost/compress/dict"
	"github.com/klauspost/compress/zstd"
	"github.com/relink-go/relink/warc"
)

// TestWARCZstd reads a .warc.zst file, a frame per record after a
// dictionary frame: its lines are those of the uncompressed file but
// for file and record_offset (the frame's offset), and each page read
// alone by its range (the dictionary fetched from the file's start) gives
// the lines of the whole file.
func TestWARCZstd(t *testing.T) {
	src := filepath.Join("..", "..", "testdata", "warc", "ia-web-commons-link-extraction-test.warc")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var recs [][]byte
	r := warc.NewReader(bytes.NewReader(data))
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, data[rec.Offset:rec.Offset+rec.Length()])
	}
	zd, err := dict.BuildZstdDict(recs, dict.Options{MaxDictSize: 4096, HashBytes: 6, ZstdDictID: 77})
	if err != nil {
		t.Fatal(err)
	}
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderDict(zd))
	file := binary.LittleEndian.AppendUint32(nil, 0x184D2A5D)
	file = binary.LittleEndian.AppendUint32(file, uint32(len(zd)))
	file = append(file, zd...)
	for _, rec := range recs {
		file = enc.EncodeAll(rec, file)
	}
	zst := filepath.Join(t.TempDir(), "x.warc.zst")
	if err := os.WriteFile(zst, file, 0o644); err != nil {
		t.Fatal(err)
	}
	offset := regexp.MustCompile(`"record_offset":\d+,"file":"[^"]*"`)
	norm := func(s string) string { return offset.ReplaceAllString(s, "") }
	whole := runString([]string{"warc", zst}, "")
	plain := runString([]string{"warc", src}, "")
	if whole.code != 0 || norm(whole.stdout) != norm(plain.stdout) || whole.stdout == "" {
		t.Fatalf("x.warc.zst: exit status %d, %s; the same links as the uncompressed file: %v", whole.code, whole.stderr, norm(whole.stdout) == norm(plain.stdout))
	}
	var all strings.Builder
	for _, p := range pagePlaces(t, zst) {
		got := runString([]string{"warc", fmt.Sprintf("%s#%d,%d", zst, p[0], p[1])}, "")
		if got.code != 0 {
			t.Fatalf("%d,%d: exit status %d, %s", p[0], p[1], got.code, got.stderr)
		}
		all.WriteString(got.stdout)
	}
	if all.String() != whole.stdout {
		t.Errorf("the pages of x.warc.zst read by their ranges differ from the file read whole")
	}
}
