package warc_test

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/relink-go/relink/warc"
)

// stdlibMember lays out the gzip member at the start of data as
// compress/gzip reads it, independently of the Reader: the header is what
// gzip.NewReader consumes, the member ends where the decompressor stops
// (it reads from an io.ByteReader without reading ahead), and the CRC is
// computed over the decompressed data and checked against the trailer's
// first four bytes.
func stdlibMember(data []byte) (warc.GzipMember, error) {
	r := bytes.NewReader(data)
	z, err := gzip.NewReader(r)
	if err != nil {
		return warc.GzipMember{}, err
	}
	header := int64(len(data) - r.Len())
	z.Multistream(false)
	inflated, err := io.ReadAll(z)
	if err != nil {
		return warc.GzipMember{}, err
	}
	end := int64(len(data) - r.Len())
	crc := crc32.ChecksumIEEE(inflated)
	if trailer := binary.LittleEndian.Uint32(data[end-8:]); trailer != crc {
		return warc.GzipMember{}, fmt.Errorf("trailer CRC %d, data's %d", trailer, crc)
	}
	return warc.GzipMember{HeaderLength: header, DeflateLength: end - header - 8, FooterLength: 8,
		InflatedLength: int64(len(inflated)), CRC: crc}, nil
}

// checkMember checks that rec's GzipMember is that of the member at its
// offset in data, as compress/gzip reads it, when want is true, and that
// there is none otherwise.
func checkMember(t *testing.T, data []byte, rec *warc.Record, want bool) {
	t.Helper()
	m, ok := rec.GzipMember()
	if ok != want {
		t.Fatalf("%s at %d+%d: GzipMember %v, want %v", rec.RecordID, rec.Offset, rec.DecompressedOffset, ok, want)
	}
	if !ok {
		if m != (warc.GzipMember{}) {
			t.Errorf("%s: GzipMember %+v with false", rec.RecordID, m)
		}
		return
	}
	sm, err := stdlibMember(data[rec.Offset:])
	if err != nil {
		t.Fatalf("%s: compress/gzip at %d: %v", rec.RecordID, rec.Offset, err)
	}
	if m != sm {
		t.Errorf("%s at %d: GzipMember %+v, compress/gzip %+v", rec.RecordID, rec.Offset, m, sm)
	}
	if l := rec.Length(); m.HeaderLength+m.DeflateLength+m.FooterLength != l {
		t.Errorf("%s: GzipMember %+v, Length %d", rec.RecordID, m, l)
	}
}

// eachRecord calls f with each record that r reads, up to io.EOF, and
// fails t on an error.
func eachRecord(t *testing.T, r *warc.Reader, f func(rec *warc.Record)) {
	t.Helper()
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		f(rec)
	}
}

// TestGzipMemberForms checks GzipMember on members in every form a writer
// may choose (compression levels, stored blocks, a name, a comment and an
// extra field in the header), of no record, one or two: a member of two
// records is neither's alone.
func TestGzipMemberForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	members := variedMembers(rng, 60)
	var file []byte
	var offs []int64
	for _, m := range members {
		offs = append(offs, int64(len(file)))
		file = append(file, m.data...)
	}
	alone := 0
	for _, rd := range readers {
		t.Run(rd.name, func(t *testing.T) {
			r := warc.NewReader(rd.wrap(bytes.NewReader(file)))
			defer r.Close()
			i := 0 // the member of the last record
			eachRecord(t, r, func(rec *warc.Record) {
				for offs[i] != rec.Offset {
					i++
				}
				one := len(members[i].records) == 1
				checkMember(t, file, rec, one)
				if one && rd.name == readers[0].name {
					alone++
				}
			})
		})
	}
	if alone < 10 {
		t.Errorf("%d records alone in their member: the forms test too little", alone)
	}
}

// headerMember returns a gzip member of s with the header fields given as
// FLG, then the optional fields as written, compress/gzip's compressed
// data and trailer after them; hcrc adds the header's CRC-16 (and sets
// FHCRC), bad makes it wrong.
func headerMember(s string, flags byte, fields []byte, hcrc, bad bool) []byte {
	whole := gzipWhole(s)
	h := append([]byte{}, whole[:10]...)
	h[3] = flags
	h = append(h, fields...)
	if hcrc {
		h[3] |= 1 << 1
		c := uint16(crc32.ChecksumIEEE(h))
		if bad {
			c++
		}
		h = binary.LittleEndian.AppendUint16(h, c)
	}
	return append(h, whole[10:]...)
}

// TestGzipMemberHeaders checks members whose headers have every optional
// field, and a CRC-16 (which compress/gzip's writer does not write), and
// headers that are not good: the Reader takes a header for good exactly
// when compress/gzip does, and gives its length, but for a header whose
// reserved flags are not zero, which RFC 1952 (section 2.3.1.2) says a
// decompressor must reject, and compress/gzip reads.
func TestGzipMemberHeaders(t *testing.T) {
	rec := record("<p>x</p>", "WARC/1.0", "WARC-Type: resource", "WARC-Record-ID: <urn:h>")
	extra := []byte{6, 0, 'r', 'l', 2, 0, 1, 2}
	name := func(n int) []byte { return append(bytes.Repeat([]byte{'n'}, n), 0) }
	for _, tt := range []struct {
		name   string
		member []byte
		bad    bool // though compress/gzip reads it
	}{
		{"none", headerMember(rec, 0, nil, false, false), false},
		{"extra", headerMember(rec, 1<<2, extra, false, false), false},
		{"empty extra", headerMember(rec, 1<<2, []byte{0, 0}, false, false), false},
		{"name", headerMember(rec, 1<<3, name(20), false, false), false},
		{"comment", headerMember(rec, 1<<4, name(20), false, false), false},
		{"all", headerMember(rec, 1<<2|1<<3|1<<4, append(append(extra, name(3)...), name(5)...), false, false), false},
		{"hcrc", headerMember(rec, 0, nil, true, false), false},
		{"all hcrc", headerMember(rec, 1<<2|1<<3|1<<4, append(append(extra, name(3)...), name(5)...), true, false), false},
		{"longest name", headerMember(rec, 1<<3, name(511), false, false), false},
		{"big extra", headerMember(rec, 1<<2, append([]byte{0xff, 0xff}, bytes.Repeat([]byte{'x'}, 0xffff)...), false, false), false},
		{"bad hcrc", headerMember(rec, 0, nil, true, true), false},
		{"name too long", headerMember(rec, 1<<3, name(512), false, false), false},
		{"reserved flag", headerMember(rec, 1<<5, nil, false, false), true},
		{"reserved flag 8", headerMember(rec, 1<<7|1<<3, name(2), false, false), true},
		{"text flag", headerMember(rec, 1, nil, false, false), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, stdErr := stdlibMember(tt.member)
			if tt.bad {
				if stdErr != nil {
					t.Fatalf("compress/gzip: %v, want the member read", stdErr)
				}
				stdErr = gzip.ErrHeader
			}
			next := gzipWhole(record("after", "WARC/1.0", "WARC-Type: resource", "WARC-Record-ID: <urn:after>"))
			file := append(append([]byte{}, tt.member...), next...)
			r := warc.NewReader(bytes.NewReader(file))
			defer r.Close()
			var got []string
			for {
				rec, err := r.Next()
				if err == io.EOF {
					break
				}
				var se *warc.SyntaxError
				if errors.As(err, &se) {
					if stdErr == nil {
						t.Errorf("%v; compress/gzip reads the member", err)
					} else if !errors.Is(se.Err, gzip.ErrHeader) || !errors.Is(stdErr, gzip.ErrHeader) {
						t.Errorf("%v (%v); compress/gzip: %v", err, se.Err, stdErr)
					}
					got = append(got, "error")
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, rec.RecordID)
				checkMember(t, file, rec, true)
			}
			want := "<urn:h> <urn:after>"
			if stdErr != nil {
				want = "error <urn:after>"
			}
			if strings.Join(got, " ") != want {
				t.Errorf("got %q, want %s (compress/gzip: %v)", got, want, stdErr)
			}
		})
	}
}

// TestGzipMemberNone checks that a record has no GzipMember when it has
// no member of its own: in an uncompressed file (Compressed false), in a
// file gzipped as one stream, and in a member shared with another record
// (Compressed true).
func TestGzipMemberNone(t *testing.T) {
	a := record("ab", "WARC/1.0", "WARC-Type: resource", "WARC-Record-ID: <urn:a>")
	b := record("c", "WARC/1.0", "WARC-Type: resource", "WARC-Record-ID: <urn:b>")
	c := record("", "WARC/1.0", "WARC-Type: resource", "WARC-Record-ID: <urn:c>")
	mixed, _ := gzipMembers([]string{a + b, c, a})
	for _, tt := range []struct {
		name       string
		data       []byte
		compressed bool
		alone      string // the records that have a member of their own
	}{
		{"plain", []byte(a + b + c), false, ""},
		{"one stream", gzipWhole(a + b + c), true, ""},
		{"mixed", mixed, true, "<urn:c> <urn:a>"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var alone []string
			eachRecord(t, warc.NewReader(bytes.NewReader(tt.data)), func(rec *warc.Record) {
				if rec.Compressed != tt.compressed {
					t.Errorf("%s: Compressed %v, want %v", rec.RecordID, rec.Compressed, tt.compressed)
				}
				_, ok := rec.GzipMember()
				if ok {
					alone = append(alone, rec.RecordID)
				}
				checkMember(t, tt.data, rec, ok)
			})
			if got := strings.Join(alone, " "); got != tt.alone {
				t.Errorf("records alone in a member: %q, want %q", got, tt.alone)
			}
		})
	}
}

// TestGzipMemberAfterNext checks that after Next, GzipMember returns what
// an earlier call of it or of Length found, and false when there was none.
func TestGzipMemberAfterNext(t *testing.T) {
	var pieces []string
	for i := range 4 {
		pieces = append(pieces, record(strings.Repeat("x", i), "WARC/1.0", "WARC-Type: resource", fmt.Sprintf("WARC-Record-ID: <urn:%d>", i)))
	}
	data, _ := gzipMembers(pieces)
	var recs []*warc.Record
	eachRecord(t, warc.NewReader(bytes.NewReader(data)), func(rec *warc.Record) {
		switch len(recs) {
		case 1:
			rec.Length()
		case 2:
			rec.GzipMember()
		}
		recs = append(recs, rec)
	})
	for i, rec := range recs {
		_, ok := rec.GzipMember()
		if want := i == 1 || i == 2; ok != want {
			t.Errorf("record %d: GzipMember after Next %v, want %v", i, ok, want)
		}
		if ok {
			checkMember(t, data, rec, true)
		}
	}
}
