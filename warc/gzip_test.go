package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/relink-go/relink/warc"
)

// gzipMember is one member of a test file, and the records it holds.
type gzipMember struct {
	data    []byte   // the member, compressed
	records []string // their blocks
	starts  []int64  // where each record begins in the member's data
}

// variedMembers returns n gzip members written by compress/gzip in every
// form a writer may choose: every compression level, Huffman only and
// stored blocks, header fields (name, comment, extra), no record (an
// empty member), one record or two, blocks of a few bytes up to larger
// than the Reader's buffers, text and random bytes.
func variedMembers(rng *rand.Rand, n int) []gzipMember {
	levels := []int{gzip.HuffmanOnly, gzip.NoCompression, gzip.BestSpeed, 2, 3, 4, 5, gzip.DefaultCompression, 7, 8, gzip.BestCompression}
	sizes := []int{0, 1, 17, 1000, 70 << 10, 300 << 10}
	block := func(i int) string {
		size := sizes[rng.IntN(len(sizes))]
		var b strings.Builder
		for b.Len() < size {
			if rng.IntN(4) == 0 {
				for range 64 {
					b.WriteByte(byte(rng.Uint32()))
				}
			} else {
				fmt.Fprintf(&b, `<p>member %d, <a href="/page/%d">link %d</a></p>`+"\n", i, rng.IntN(1000), b.Len())
			}
		}
		return b.String()[:size]
	}
	members := make([]gzipMember, n)
	for i := range members {
		m := &members[i]
		var plain strings.Builder
		for range rng.IntN(3) {
			m.starts = append(m.starts, int64(plain.Len()))
			blk := block(i)
			m.records = append(m.records, blk)
			plain.WriteString(record(blk, "WARC/1.1", "WARC-Type: resource"))
		}
		var buf bytes.Buffer
		z, err := gzip.NewWriterLevel(&buf, levels[rng.IntN(len(levels))])
		if err != nil {
			panic(err)
		}
		if rng.IntN(3) == 0 {
			z.Name = fmt.Sprintf("member-%d.warc", i)
			z.Comment = "a comment"
			z.Extra = []byte{'r', 'l', 2, 0, 1, 2}
		}
		z.Write([]byte(plain.String()))
		z.Close()
		m.data = buf.Bytes()
	}
	return members
}

// TestGzipMemberOffsets checks that the Reader finds every record at the
// exact offset of its member, whatever the form of the members before it:
// the decompressor must read a member without reading ahead of it.
func TestGzipMemberOffsets(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	members := variedMembers(rng, 60)
	var file []byte
	var want []string
	for _, m := range members {
		for j, blk := range m.records {
			want = append(want, fmt.Sprintf("@%d+%d %d bytes %08x", len(file), m.starts[j], len(blk), hash32(blk)))
		}
		file = append(file, m.data...)
	}
	for _, rd := range readers {
		t.Run(rd.name, func(t *testing.T) {
			r := warc.NewReader(rd.wrap(bytes.NewReader(file)))
			var got []string
			for {
				rec, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				b, err := io.ReadAll(rec.Block)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprintf("@%d+%d %d bytes %08x", rec.Offset, rec.DecompressedOffset, len(b), hash32(string(b))))
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
			}
		})
	}
}

// TestGzipCorruptAgainstStdlib corrupts the middle one of three members
// at random and checks that the Reader takes it for good exactly when
// compress/gzip does (both check the CRC-32 and the length of each
// member), and that the member before it is read all the same.
func TestGzipCorruptAgainstStdlib(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	r1 := record("one", "WARC/1.0", "WARC-Type: resource")
	r3 := record("three", "WARC/1.0", "WARC-Type: resource")
	page := strings.Repeat(`<p><a href="/x">some text</a></p>`, 200)
	m1, m3 := gzipWhole(r1), gzipWhole(r3)
	var good, bad int // compress/gzip's verdicts
	for i := range 300 {
		r2 := record(page[:rng.IntN(len(page))], "WARC/1.0", "WARC-Type: resource")
		m2 := gzipWhole(r2)
		for range 1 + rng.IntN(3) {
			m2[rng.IntN(len(m2))] ^= byte(1 + rng.IntN(255))
		}
		// compress/gzip's verdict on the member alone.
		z, err := gzip.NewReader(bytes.NewReader(m2))
		stdlibOK := err == nil
		if stdlibOK {
			z.Multistream(false)
			got, err := io.ReadAll(z)
			stdlibOK = err == nil && string(got) == r2
		}

		file := bytes.Join([][]byte{m1, m2, m3}, nil)
		r := warc.NewReader(bytes.NewReader(file))
		var got []string
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			var se *warc.SyntaxError
			if errors.As(err, &se) {
				got = append(got, fmt.Sprintf("error @%d+%d", se.Offset, se.DecompressedOffset))
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(rec.Block)
			got = append(got, fmt.Sprintf("@%d %.5s", rec.Offset, b))
		}
		if len(got) == 0 || got[0] != "@0 one" {
			t.Fatalf("case %d: got %q, want the first member's record first", i, got)
		}
		// The Reader took the member for good when it read its record
		// and reported no error at its offset.
		readOK := false
		for _, g := range got {
			if strings.HasPrefix(g, fmt.Sprintf("error @%d+", len(m1))) {
				readOK = false
				break
			}
			readOK = readOK || strings.HasPrefix(g, fmt.Sprintf("@%d ", len(m1)))
		}
		if stdlibOK {
			good++
		} else {
			bad++
		}
		if readOK != stdlibOK {
			t.Errorf("case %d: Reader took the corrupt member for good: %v, compress/gzip: %v (got %q)", i, readOK, stdlibOK, got)
		}
		// A corrupt member may take the next along (the decompressor
		// can read into it before it finds the corruption); a good one
		// may not.
		if last := fmt.Sprintf("@%d three", len(m1)+len(m2)); stdlibOK && got[len(got)-1] != last {
			t.Errorf("case %d: got %q, want %q last", i, got, last)
		}
	}
	t.Logf("%d members that compress/gzip takes for good, %d it does not", good, bad)
	if good == 0 || bad == 0 {
		t.Error("the cases do not test both verdicts")
	}
}

// hash32 returns the 32-bit FNV-1a hash of s.
func hash32(s string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(s))
	return h.Sum32()
}
