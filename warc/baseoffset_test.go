package warc_test

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/relink-go/relink/warc"
)

// TestBaseOffset reads each record of a file again alone, from the byte
// range [Offset, Offset+Length) that a CDX index gives, with BaseOffset
// set to Offset: the record, its Offset and its Length are those of the
// whole file, in a gzipped file and in an uncompressed one.
func TestBaseOffset(t *testing.T) {
	for _, name := range []string{
		"../testdata/warc/example.warc",
		"../testdata/warc/warcio-example-iana.org-chunked.warc",
		"../testdata/warc/jwarc-cc.warc.gz",
		"../testdata/warc/resiliparse-warcfile.warc.gz",
	} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		type rec struct {
			id          string
			off, length int64
			block       []byte
		}
		var all []rec
		r := warc.NewReader(bytes.NewReader(data))
		for {
			x, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			b, _ := io.ReadAll(x.Block)
			all = append(all, rec{x.RecordID, x.Offset, x.Length(), b})
		}
		if len(all) < 1 {
			t.Fatalf("%s: %d records", name, len(all))
		}
		for _, want := range all {
			if want.length == 0 {
				t.Fatalf("%s: %s has no length", name, want.id)
			}
			r := warc.NewReader(bytes.NewReader(data[want.off : want.off+want.length]))
			r.BaseOffset = want.off
			x, err := r.Next()
			if err != nil {
				t.Fatalf("%s at %d: %v", name, want.off, err)
			}
			b, _ := io.ReadAll(x.Block)
			if x.RecordID != want.id || x.Offset != want.off || x.Length() != want.length || !bytes.Equal(b, want.block) {
				t.Errorf("%s: the range of %s at %d,%d reads %s at %d,%d (same block %v)", name, want.id, want.off, want.length,
					x.RecordID, x.Offset, x.Length(), bytes.Equal(b, want.block))
			}
			if _, err := r.Next(); err != io.EOF {
				t.Errorf("%s: the range of %s holds more: %v", name, want.id, err)
			}
		}
	}
}

// TestBaseOffsetError: an error in a range is reported at its offset in
// the whole file.
func TestBaseOffsetError(t *testing.T) {
	r := warc.NewReader(bytes.NewReader([]byte("WARC/1.1\r\nWARC-Type: response\r\n\r\n")))
	r.BaseOffset = 1000
	_, err := r.Next()
	se, ok := err.(*warc.SyntaxError)
	if !ok || se.Offset != 1000 {
		t.Fatalf("Next: %v, want a SyntaxError at offset 1000", err)
	}
}
