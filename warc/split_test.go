package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/relink-go/relink/warc"
)

// memberFile returns a file of one gzip member per record, n records,
// and the offsets of the members. Each record's block holds the bytes
// 1f 8b 08 and a version line, so that the scan meets the magic in the
// deflate data too.
func memberFile(t testing.TB, n int) ([]byte, []int64) {
	var buf bytes.Buffer
	var offs []int64
	for i := range n {
		offs = append(offs, int64(buf.Len()))
		block := fmt.Sprintf("\x1f\x8b\x08WARC/1.0 not a record %d %s", i, bytes.Repeat([]byte{'x', byte(i)}, 300*i))
		z, _ := gzip.NewWriterLevel(&buf, gzip.NoCompression+i%2)
		fmt.Fprintf(z, "WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", len(block), block)
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes(), offs
}

func TestNextRecordMember(t *testing.T) {
	data, offs := memberFile(t, 40)
	r := bytes.NewReader(data)
	size := int64(len(data))
	// From every offset, the next member is found, and none before it.
	next := 0
	for off := int64(0); off < size; off++ {
		for next < len(offs) && offs[next] < off {
			next++
		}
		got, err := warc.NextRecordMember(r, off, size, size)
		if next == len(offs) {
			if !errors.Is(err, warc.ErrNoMember) {
				t.Fatalf("from %d: %d, %v; want ErrNoMember", off, got, err)
			}
			continue
		}
		if err != nil || got != offs[next] {
			t.Fatalf("from %d: %d, %v; want %d", off, got, err, offs[next])
		}
		// A range that ends before the member has none.
		if _, err := warc.NextRecordMember(r, off, offs[next], size); !errors.Is(err, warc.ErrNoMember) {
			t.Fatalf("[%d, %d): %v, want ErrNoMember", off, offs[next], err)
		}
	}
	// Reading from each member with a Reader gives the records from there.
	for i, off := range offs {
		x := warc.NewReader(io.NewSectionReader(r, off, size-off))
		n := 0
		for {
			rec, err := x.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.Offset+off != offs[i+n] {
				t.Fatalf("record %d from member %d at %d, want %d", n, i, rec.Offset+off, offs[i+n])
			}
			n++
		}
		if n != len(offs)-i {
			t.Fatalf("%d records from member %d, want %d", n, i, len(offs)-i)
		}
	}
}

// TestNextRecordMemberOneStream: a file gzipped as one stream has no
// member but the first, nor has an uncompressed file.
func TestNextRecordMemberOneStream(t *testing.T) {
	var plain bytes.Buffer
	for i := range 50 {
		fmt.Fprintf(&plain, "WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: 3\r\n\r\n%03d\r\n\r\n", i)
	}
	var gz bytes.Buffer
	z := gzip.NewWriter(&gz)
	z.Write(plain.Bytes())
	z.Close()
	for _, data := range [][]byte{gz.Bytes(), plain.Bytes()} {
		size := int64(len(data))
		if _, err := warc.NextRecordMember(bytes.NewReader(data), 1, size, size); !errors.Is(err, warc.ErrNoMember) {
			t.Errorf("%v, want ErrNoMember", err)
		}
	}
	if off, err := warc.NextRecordMember(bytes.NewReader(gz.Bytes()), 0, 1, int64(gz.Len())); off != 0 || err != nil {
		t.Errorf("at 0: %d, %v", off, err)
	}
}

func FuzzNextRecordMember(f *testing.F) {
	data, _ := memberFile(f, 3)
	f.Add(data, int64(5))
	f.Fuzz(func(t *testing.T, data []byte, off int64) {
		size := int64(len(data))
		if off < 0 || off > size {
			return
		}
		got, err := warc.NextRecordMember(bytes.NewReader(data), off, size, size)
		if err != nil {
			return
		}
		if got < off || got >= size {
			t.Fatalf("%d outside [%d, %d)", got, off, size)
		}
		x := warc.NewReader(bytes.NewReader(data[got:]))
		// What begins there is read as a record, or a record that
		// cannot be read, but not as junk before one.
		rec, err := x.Next()
		var se *warc.SyntaxError
		switch {
		case err == nil && rec.Offset != 0, errors.As(err, &se) && se.Offset != 0:
			t.Fatalf("the member found at %d does not begin a record: %v", got, err)
		}
	})
}
