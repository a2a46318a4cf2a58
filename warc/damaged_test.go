package warc_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/relink-go/relink/warc"
)

// readDamaged returns what r reads: "@OFF URI ID BLOCK" for a record (its
// block read whole), "error @OFF+DEC: REASON" for a *SyntaxError.
func readDamaged(t *testing.T, r *warc.Reader) []string {
	t.Helper()
	return readDamagedN(t, r, 100)
}

// readDamagedN is readDamaged for up to max results.
func readDamagedN(t *testing.T, r *warc.Reader, max int) []string {
	t.Helper()
	var got []string
	for i := 0; i < max; i++ {
		rec, err := r.Next()
		if err == io.EOF {
			return got
		}
		var se *warc.SyntaxError
		if errors.As(err, &se) {
			got = append(got, fmt.Sprintf("error @%d+%d: %s", se.Offset, se.DecompressedOffset, se.Reason))
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rec.Block)
		got = append(got, fmt.Sprintf("@%d %s %s %q", rec.Offset, rec.TargetURI, rec.RecordID, b))
	}
	t.Fatalf("more than %d results", max)
	return nil
}

// numbered returns record n, a resource of http://n.example/.
func numbered(n int) string {
	return record(fmt.Sprintf("record %d", n), "WARC/1.1", "WARC-Type: resource",
		fmt.Sprintf("WARC-Target-URI: http://%d.example/", n), fmt.Sprintf("WARC-Record-ID: <urn:uuid:%d>", n))
}

// TestDamagedMembers reads files of one gzip member per record whose
// first member is damaged, and checks that the damage is reported at its
// offset and that every valid member after it is read, its record with
// its own fields: a member cut short at six places (in its header, after
// it, early in the deflate data, just before its end, before the
// trailer, in the trailer), whose decompressor takes the next member's
// first bytes for the rest of its data or its trailer; a member that ends
// inside a header line, with a colon or at a line end (the next record
// must not get the attacker's URL and record ID); and a record whose
// Content-Length covers the next member (the block is cut there, and the
// record in that member is read, not hidden in the block).
func TestDamagedMembers(t *testing.T) {
	for _, tt := range damagedCases() {
		t.Run(tt.name, func(t *testing.T) {
			got := readDamaged(t, warc.NewReader(bytes.NewReader(tt.data)))
			ok := len(got) == len(tt.want)
			for i := 0; ok && i < len(got); i++ {
				ok = strings.HasPrefix(got[i], tt.want[i])
			}
			if !ok {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

// A damagedCase is a file of TestDamagedMembers, and what the Reader
// reads of it, each result given by its beginning.
type damagedCase struct {
	name string
	data []byte
	want []string
}

// damagedCases returns the files of TestDamagedMembers (also seeds of
// FuzzReader).
func damagedCases() []damagedCase {
	type tcase = damagedCase
	m1, m2, m3 := gzipWhole(numbered(1)), gzipWhole(numbered(2)), gzipWhole(numbered(3))
	rec := func(off, n int) string {
		return fmt.Sprintf(`@%d http://%d.example/ <urn:uuid:%d> "record %d"`, off, n, n, n)
	}
	cat := func(b ...[]byte) []byte { return bytes.Join(b, nil) }
	n1 := len(m1)
	var tests []tcase
	for _, c := range []struct {
		name  string
		at    int
		first bool // the first record is read before the damage
		err   string
	}{
		{"cut in the header", 5, false, "error @0+0: corrupt gzip member"},
		{"cut after the header", 10, false, "error @0+0: corrupt gzip member"},
		{"cut early in the data", 14, false, "error @0+"},
		{"cut before the end of the data", n1 - 9, true, "error @0+"},
		{"cut before the trailer", n1 - 8, true, "error @0+"},
		{"cut in the trailer", n1 - 4, true, "error @0+"},
	} {
		want := []string{c.err, rec(c.at, 2), rec(c.at+len(m2), 3)}
		if c.first {
			want = append([]string{rec(0, 1)}, want...)
		}
		tests = append(tests, tcase{c.name, cat(m1[:c.at], m2, m3), want})
	}
	attacker := "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:attacker>\r\nWARC-Target-URI: http://attacker.example/x"
	a1, a2 := gzipWhole(attacker), gzipWhole(attacker+"\r\n")
	long := strings.Replace(numbered(1), "Content-Length: 8", fmt.Sprintf("Content-Length: %d", 8+4+len(numbered(2))), 1)
	l1 := gzipWhole(long)
	tests = append(tests,
		tcase{"a member that ends in a header line with a colon", cat(a1, m2),
			[]string{"error @0+0: truncated: a header that ends without a line feed", rec(len(a1), 2)}},
		tcase{"a member that ends after a header line", cat(a2, m2),
			[]string{"error @0+0: truncated: the record's gzip member ends inside its header, and the next member begins a record", rec(len(a2), 2)}},
		tcase{"a block that runs into the next member", cat(l1, m2, m3),
			[]string{`@0 http://1.example/ <urn:uuid:1> "record 1\r\n\r\n"`,
				fmt.Sprintf("error @0+0: truncated: the block runs into the gzip member at offset %d, which begins a record of its own, 12 bytes into a %d-byte block (Content-Length too large?)", len(l1), 12+len(numbered(2))),
				rec(len(l1), 2), rec(len(l1)+len(m2), 3)}},
	)
	return tests
}

// TestMaxFieldSize reads records whose WARC-Target-URI, WARC-Record-ID or
// WARC-Date is longer than MaxFieldSize, written on one line or folded
// over many: each is a *SyntaxError at its offset, its block is skipped
// (it holds a record's text, which must not be read as one), and the
// next record is read. A value of MaxFieldSize bytes is read.
func TestMaxFieldSize(t *testing.T) {
	long := "http://x.example/" + strings.Repeat("a", warc.MaxFieldSize)
	folded := "http://x.example/" + strings.Repeat(strings.Repeat("b", 60<<10)+"\r\n ", 17)
	for _, tt := range []struct {
		name, field string
		ok          bool
	}{
		{"a long Target-URI", "WARC-Target-URI: " + long, false},
		{"a Target-URI folded over 17 lines", "WARC-Target-URI: " + folded, false},
		{"a long Record-ID", "WARC-Record-ID: <urn:" + long + ">", false},
		{"a long Date", "WARC-Date: " + long, false},
		{"a Target-URI of MaxFieldSize bytes", "WARC-Target-URI: " + long[:warc.MaxFieldSize], true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			first := record(numbered(9), "WARC/1.1", "WARC-Type: resource", tt.field)
			for _, data := range [][]byte{[]byte(first + numbered(2)), append(gzipWhole(first), gzipWhole(numbered(2))...)} {
				got := readDamaged(t, warc.NewReader(bytes.NewReader(data)))
				want0 := "error @0+0: a WARC-"
				if tt.ok {
					want0 = "@0 "
				}
				if len(got) != 2 || !strings.HasPrefix(got[0], want0) || !strings.Contains(got[1], "http://2.example/") {
					t.Errorf("got %.300q, want %q... and record 2", got, want0)
				}
			}
		})
	}
}

// TestRewindBounded reads files of damaged members in a row: a thousand
// members cut in their trailer, each followed by a valid one (every valid
// one is read), and four thousand overlapping members made so that each
// inflates, as a stored block, through all those after it before it
// fails (going back to each would inflate them all again, a quadratic
// work): the Reader reads the valid member after them, and what it reads
// again is bounded by the file's size.
func TestRewindBounded(t *testing.T) {
	m1, m2 := gzipWhole(numbered(1)), gzipWhole(numbered(2))
	var pairs []byte
	for range 1000 {
		pairs = append(pairs, m1[:len(m1)-4]...)
		pairs = append(pairs, m2...)
	}
	const n, step = 4000, 15
	var chain []byte
	for i := range n {
		size := (n-i)*step - step                                    // to the end of the chain
		chain = append(chain, 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, // header
			0, byte(size), byte(size>>8), ^byte(size), ^byte(size>>8)) // a stored block, not the last
	}
	chain = append(chain, 7) // a block of the reserved type: an error
	chain = append(chain, m2...)
	for _, tt := range []struct {
		name    string
		data    []byte
		records int // of record 2
	}{
		{"cut in the trailer, a thousand times", pairs, 1000},
		{"overlapping stored blocks", chain, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := warc.NewReader(bytes.NewReader(tt.data))
			got := readDamagedN(t, r, 5000)
			<-warc.ReadAheadDone(r)
			n := 0
			for _, g := range got {
				if strings.Contains(g, "http://2.example/") {
					n++
				}
			}
			if n != tt.records {
				t.Errorf("%d records 2, want %d", n, tt.records)
			}
			if re := warc.Replayed(r); re > int64(len(tt.data)) {
				t.Errorf("read %d bytes again, more than the file's %d", re, len(tt.data))
			} else {
				t.Logf("%d results, %d bytes of %d read again", len(got), re, len(tt.data))
			}
		})
	}
}
