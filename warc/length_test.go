package warc_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/warc"
)

// TestLengthRange checks, for each WARC fixture, that the bytes
// [Offset, Offset+Length) of the file hold exactly the record, read
// alone, and that the ranges of consecutive records tile the file; and
// that in a gzipped fixture (one member per record) the range is the
// record's member, as GzipMember lays it out and compress/gzip reads it.
func TestLengthRange(t *testing.T) {
	files, _ := filepath.Glob("../testdata/warc/*.warc*")
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			r := warc.NewReader(bytes.NewReader(data))
			defer r.Close()
			next := int64(-1)
			n := 0
			for {
				rec, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("record %d: %v", n, err)
				}
				n++
				if n%2 == 0 {
					io.Copy(io.Discard, rec.Block) // half read, half skipped by Length
				}
				l := rec.Length()
				if l <= 0 {
					t.Fatalf("%s at offset %d: Length %d", rec.RecordID, rec.Offset, l)
				}
				if l2 := rec.Length(); l2 != l {
					t.Errorf("%s: second Length %d, first %d", rec.RecordID, l2, l)
				}
				if rec.Compressed != strings.HasSuffix(f, ".gz") {
					t.Errorf("%s: Compressed %v", rec.RecordID, rec.Compressed)
				}
				checkMember(t, data, rec, rec.Compressed)
				if next >= 0 && rec.Offset != next {
					t.Errorf("%s: at offset %d, the range before ends at %d", rec.RecordID, rec.Offset, next)
				}
				next = rec.Offset + l
				one := warc.NewReader(bytes.NewReader(data[rec.Offset:next]))
				got, err := one.Next()
				if err != nil {
					t.Fatalf("%s: reading [%d, %d) alone: %v", rec.RecordID, rec.Offset, next, err)
				}
				if got.RecordID != rec.RecordID {
					t.Errorf("[%d, %d) alone holds %s, want %s", rec.Offset, next, got.RecordID, rec.RecordID)
				}
				if gl := got.Length(); gl != l {
					t.Errorf("%s alone: Length %d, want %d", rec.RecordID, gl, l)
				}
				if _, err := one.Next(); err != io.EOF {
					t.Errorf("[%d, %d) alone holds more than %s: %v", rec.Offset, next, rec.RecordID, err)
				}
			}
			if next != int64(len(data)) {
				t.Errorf("the last range ends at %d, the file at %d", next, len(data))
			}
		})
	}
}

// TestLengthShared checks that a record that shares its gzip member with
// others has no length, and that the records after it have theirs.
func TestLengthShared(t *testing.T) {
	a := record("ab", "WARC/1.0", "WARC-Type: resource", "WARC-Record-ID: <urn:a>")
	b := record("c", "WARC/1.0", "WARC-Type: resource", "WARC-Record-ID: <urn:b>")
	plain := a + b
	r := warc.NewReader(strings.NewReader(plain))
	var lens []int64
	for {
		rec, err := r.Next()
		if err != nil {
			break
		}
		lens = append(lens, rec.Length())
	}
	if len(lens) != 2 || lens[0]+lens[1] != int64(len(plain)) {
		t.Fatalf("plain lengths %v, file %d", lens, len(plain))
	}
	r = warc.NewReader(bytes.NewReader(gzipWhole(plain)))
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if l := rec.Length(); l != 0 {
			t.Errorf("%s in a shared member: Length %d, want 0", rec.RecordID, l)
		}
	}
}

func TestLengthMixed(t *testing.T) {
	a := record("ab", "WARC/1.0", "WARC-Type: resource", "WARC-Record-ID: <urn:a>")
	b := record("c", "WARC/1.0", "WARC-Type: resource", "WARC-Record-ID: <urn:b>")
	c := record("", "WARC/1.0", "WARC-Type: resource", "WARC-Record-ID: <urn:c>")
	data, offs := gzipMembers([]string{a + b, c, a})
	r := warc.NewReader(bytes.NewReader(data))
	want := []int64{0, 0, offs[2] - offs[1], int64(len(data)) - offs[2]}
	var got []int64
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, rec.Length())
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("lengths %v, want %v", got, want)
	}
}
