package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/relink-go/relink/warc"
)

// record returns a WARC record with the given header lines (CRLF added),
// a Content-Length for block, and block.
func record(block string, fields ...string) string {
	var b strings.Builder
	for _, f := range fields {
		b.WriteString(f + "\r\n")
	}
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s\r\n\r\n", len(block), block)
	return b.String()
}

// readerTests are WARC files, as pieces: in the gzipped forms of a test,
// each piece is a gzip member. The results give offsets as "@pN", the
// start of piece N, or "@pN+M", M bytes into it.
var readerTests = []struct {
	name   string
	pieces []string
	want   []string
}{
	{
		name: "two records",
		pieces: []string{
			record("hello", "WARC/1.1", "WARC-Type: resource", "WARC-Target-URI: http://example.org/", "WARC-Date: 2024-01-02T03:04:05Z", "WARC-Record-ID: <urn:uuid:1>"),
			record("", "WARC/1.0", "WARC-Type: warcinfo"),
		},
		want: []string{
			`@p0 1.1 resource uri="http://example.org/" date="2024-01-02T03:04:05Z" id="<urn:uuid:1>" block="hello"`,
			`@p1 1.0 warcinfo uri="" date="" id="" block=""`,
		},
	},
	{
		name:   "LF-only lines, names in any case",
		pieces: []string{"WARC/1.0\nwarc-type: response\nWARC-TARGET-URI: http://a/\ncontent-length: 3\n\nabc\n\n", "WARC/1.0\nWARC-Type: request\nContent-Length: 0\n\n\n\n"},
		want: []string{
			`@p0 1.0 response uri="http://a/" date="" id="" block="abc"`,
			`@p1 1.0 request uri="" date="" id="" block=""`,
		},
	},
	{
		name: "WARC/0.18 and 0.17, malformed date kept",
		pieces: []string{
			record("x", "WARC/0.18", "WARC-Type: response", "WARC-Date: 2008-10-294T05:21:46-0700"),
			record("y", "WARC/0.17", "WARC-Type: response", "WARC-Date: yesterday"),
		},
		want: []string{
			`@p0 0.18 response uri="" date="2008-10-294T05:21:46-0700" id="" block="x"`,
			`@p1 0.17 response uri="" date="yesterday" id="" block="y"`,
		},
	},
	{
		name:   "WARC 1.0 <uri>",
		pieces: []string{record("", "WARC/1.0", "WARC-Type: request", "WARC-Target-URI: <http://example.org/a b>")},
		want:   []string{`@p0 1.0 request uri="http://example.org/a b" date="" id="" block=""`},
	},
	{
		name:   "folded field",
		pieces: []string{record("", "WARC/1.0", "WARC-Type: metadata", "WARC-Target-URI: http://example.org/", "  long/path", "\tmore")},
		want:   []string{`@p0 1.0 metadata uri="http://example.org/ long/path more" date="" id="" block=""`},
	},
	{
		name: "no record terminator",
		pieces: []string{
			"WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: 2\r\n\r\nab",
			record("cd", "WARC/1.0", "WARC-Type: resource"),
		},
		want: []string{
			`@p0 1.0 resource uri="" date="" id="" block="ab"`,
			`@p1 1.0 resource uri="" date="" id="" block="cd"`,
		},
	},
	{
		name: "short terminator, Content-Length 2 bytes too long",
		pieces: []string{
			"WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: 2\r\n\r\nab\r\n",
			"WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: 4\r\n\r\ncd\r\n",
			record("ef", "WARC/1.0", "WARC-Type: resource"),
		},
		want: []string{
			`@p0 1.0 resource uri="" date="" id="" block="ab"`,
			`@p1 1.0 resource uri="" date="" id="" block="cd\r\n"`,
			`@p2 1.0 resource uri="" date="" id="" block="ef"`,
		},
	},
	{
		name: "WARC/ inside a block",
		pieces: []string{
			record("WARC/1.0\r\nWARC-Type: fake\r\n", "WARC/1.0", "WARC-Type: resource"),
		},
		want: []string{`@p0 1.0 resource uri="" date="" id="" block="WARC/1.0\r\nWARC-Type: fake\r\n"`},
	},
	{
		name: "bad Content-Length",
		pieces: []string{
			"WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: 12x\r\n\r\nsome bytes\r\n\r\n",
			record("ok", "WARC/1.0", "WARC-Type: resource"),
		},
		want: []string{
			`error @p0: bad Content-Length "12x"`,
			`@p1 1.0 resource uri="" date="" id="" block="ok"`,
		},
	},
	{
		name: "negative Content-Length",
		pieces: []string{
			"WARC/1.0\r\nContent-Length: -1\r\n\r\n",
			record("ok", "WARC/1.0", "WARC-Type: resource"),
		},
		want: []string{
			`error @p0: bad Content-Length "-1"`,
			`@p1 1.0 resource uri="" date="" id="" block="ok"`,
		},
	},
	{
		// Without a length, the reader skips to the next line that
		// starts with "WARC/" and a digit, even in the block.
		name: "no Content-Length",
		pieces: []string{
			"WARC/1.0\r\nWARC-Type: resource\r\n\r\nblock\r\nWARC/1.0 in the block's text\r\n\r\n",
			record("ok", "WARC/1.0", "WARC-Type: resource"),
		},
		want: []string{
			`error @p0: no Content-Length`,
			`error @p0+40: no Content-Length`,
			`@p1 1.0 resource uri="" date="" id="" block="ok"`,
		},
	},
	{
		name: "header line that is not a field",
		pieces: []string{
			"WARC/1.0\r\nWARC-Type: resource\r\nthis is not a field\r\nContent-Length: 1\r\n\r\nx\r\n\r\n",
			record("ok", "WARC/1.0", "WARC-Type: resource"),
		},
		want: []string{
			`error @p0: a header line that is not a field: "this is not a field"`,
			`@p1 1.0 resource uri="" date="" id="" block="ok"`,
		},
	},
	{
		name: "junk between records",
		pieces: []string{
			record("a", "WARC/1.0", "WARC-Type: resource"),
			"junk\r\nmore junk WARC/1.0\r\n",
			record("b", "WARC/1.0", "WARC-Type: resource"),
		},
		want: []string{
			`@p0 1.0 resource uri="" date="" id="" block="a"`,
			`error @p1: 26 bytes that are not a record, skipped`,
			`@p2 1.0 resource uri="" date="" id="" block="b"`,
		},
	},
	{
		name: "junk first and last",
		pieces: []string{
			"\xef\xbb\xbfGarbage\n",
			record("a", "WARC/1.0", "WARC-Type: resource"),
			"trailing",
		},
		want: []string{
			`error @p0: 11 bytes that are not a record, skipped`,
			`@p1 1.0 resource uri="" date="" id="" block="a"`,
			`error @p2: 8 bytes at the end that are not a record, skipped`,
		},
	},
	{
		name: "truncated block",
		pieces: []string{
			record("a", "WARC/1.0", "WARC-Type: resource"),
			"WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 10\r\n\r\nhello",
		},
		want: []string{
			`@p0 1.0 resource uri="" date="" id="" block="a"`,
			`@p1 1.0 response uri="" date="" id="" block="hello" (unexpected EOF)`,
			`error @p1: truncated: the file ends 5 bytes into a 10-byte block`,
		},
	},
	{
		name: "truncated header",
		pieces: []string{
			record("a", "WARC/1.0", "WARC-Type: resource"),
			"WARC/1.0\r\nWARC-Type: response\r\nContent-Len",
		},
		want: []string{
			`@p0 1.0 resource uri="" date="" id="" block="a"`,
			`error @p1: truncated: the file ends in the record's header`,
		},
	},
	{
		name:   "empty file",
		pieces: nil,
	},
	{
		name:   "blank lines only",
		pieces: []string{"\r\n\n\r\n"},
	},
	{
		name: "long header line",
		pieces: []string{
			"WARC/1.0\r\nWARC-Type: resource\r\nX-Long: " + strings.Repeat("x", 70000) + "\r\nContent-Length: 0\r\n\r\n\r\n\r\n",
			record("ok", "WARC/1.0", "WARC-Type: resource"),
		},
		want: []string{
			`error @p0: a header line longer than 65536 bytes`,
			`@p1 1.0 resource uri="" date="" id="" block="ok"`,
		},
	},
}

// readAll reads every record of r, reading each block when blocks is
// set, and describes them and the errors, with the offsets mapped by pos
// to offsets in the uncompressed file.
func readAll(t *testing.T, r *warc.Reader, blocks bool, pos func(off, dec int64) string) []string {
	t.Helper()
	var got []string
	for i := 0; ; i++ {
		if i > 1000 {
			t.Fatal("Next does not end")
		}
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		var se *warc.SyntaxError
		if errors.As(err, &se) {
			got = append(got, fmt.Sprintf("error @%s: %s", pos(se.Offset, se.DecompressedOffset), se.Reason))
			continue
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		s := fmt.Sprintf("@%s %s %s uri=%q date=%q id=%q", pos(rec.Offset, rec.DecompressedOffset),
			rec.Version, rec.Type, rec.TargetURI, rec.Date, rec.RecordID)
		if blocks {
			b, err := io.ReadAll(rec.Block)
			s += fmt.Sprintf(" block=%q", b)
			if err != nil {
				s += " (" + err.Error() + ")"
			}
		}
		got = append(got, s)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("Next after io.EOF: %v", err)
	}
	return got
}

// gzipMembers compresses each piece as a gzip member and returns the file
// and the offset of each member.
func gzipMembers(pieces []string) ([]byte, []int64) {
	var b bytes.Buffer
	var offs []int64
	for _, p := range pieces {
		offs = append(offs, int64(b.Len()))
		z := gzip.NewWriter(&b)
		z.Write([]byte(p))
		z.Close()
	}
	return b.Bytes(), offs
}

func gzipWhole(s string) []byte {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(s))
	z.Close()
	return b.Bytes()
}

// A form is a test's file in one form: plain, gzipped per piece or as a
// whole, with the function that gives a Record's offsets in piece
// notation.
type form struct {
	name string
	data []byte
	pos  func(off, dec int64) string
}

func forms(pieces []string) []form {
	plain := strings.Join(pieces, "")
	var starts []int64 // of the pieces in plain
	n := int64(0)
	for _, p := range pieces {
		starts = append(starts, n)
		n += int64(len(p))
	}
	// piece names an offset in plain.
	piece := func(off int64) string {
		i := len(starts) - 1
		for i > 0 && (starts[i] > off || starts[i] == starts[i-1] && starts[i] == off) {
			i--
		}
		if i < 0 || off < starts[i] {
			return fmt.Sprintf("?%d", off)
		}
		if off == starts[i] {
			return fmt.Sprintf("p%d", i)
		}
		return fmt.Sprintf("p%d+%d", i, off-starts[i])
	}
	members, offs := gzipMembers(pieces)
	return []form{
		{"plain", []byte(plain), func(off, dec int64) string {
			if dec != 0 {
				return fmt.Sprintf("?%d+%d", off, dec)
			}
			return piece(off)
		}},
		{"gzip per piece", members, func(off, dec int64) string {
			for i, o := range offs {
				if o == off {
					return piece(starts[i] + dec)
				}
			}
			return fmt.Sprintf("?%d+%d", off, dec)
		}},
		{"gzip whole", gzipWhole(plain), func(off, dec int64) string {
			if off != 0 {
				return fmt.Sprintf("?%d+%d", off, dec)
			}
			return piece(dec)
		}},
	}
}

// readers wraps the input in readers that return it in pieces of other
// sizes: the results must not change.
var readers = []struct {
	name string
	wrap func(io.Reader) io.Reader
}{
	{"whole", func(r io.Reader) io.Reader { return r }},
	{"one byte", iotest.OneByteReader},
	{"half", iotest.HalfReader},
	{"data+err", iotest.DataErrReader},
	{"7 bytes", func(r io.Reader) io.Reader { return &sizedReader{r, 7} }},
	{"4097 bytes", func(r io.Reader) io.Reader { return &sizedReader{r, 4097} }},
}

type sizedReader struct {
	r io.Reader
	n int
}

func (s *sizedReader) Read(p []byte) (int, error) {
	if len(p) > s.n {
		p = p[:s.n]
	}
	return s.r.Read(p)
}

func TestReader(t *testing.T) {
	for _, tt := range readerTests {
		for _, f := range forms(tt.pieces) {
			for _, rd := range readers {
				for _, blocks := range []bool{true, false} {
					name := fmt.Sprintf("%s/%s/%s/blocks=%v", tt.name, f.name, rd.name, blocks)
					t.Run(name, func(t *testing.T) {
						got := readAll(t, warc.NewReader(rd.wrap(bytes.NewReader(f.data))), blocks, f.pos)
						want := tt.want
						if !blocks {
							want = nil
							for _, w := range tt.want {
								w, _, _ = strings.Cut(w, " block=")
								want = append(want, w)
							}
						}
						if strings.Join(got, "\n") != strings.Join(want, "\n") {
							t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
						}
					})
				}
			}
		}
	}
}

// TestReaderGzip checks what is particular to gzipped files: the offsets
// of members, and members that are corrupt, cut short, empty or not gzip.
func TestReaderGzip(t *testing.T) {
	r1 := record("one", "WARC/1.0", "WARC-Type: resource")
	r2 := record("two", "WARC/1.0", "WARC-Type: resource")
	r3 := record("three", "WARC/1.0", "WARC-Type: resource")
	good, offs := gzipMembers([]string{r1, r2, r3})
	member := func(i int) []byte {
		end := int64(len(good))
		if i+1 < len(offs) {
			end = offs[i+1]
		}
		return good[offs[i]:end]
	}
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	corrupt := bytes.Clone(member(1))
	for i := 12; i < len(corrupt)-8; i++ {
		corrupt[i] ^= 0x55
	}
	badCRC := bytes.Clone(member(1))
	badCRC[len(badCRC)-8] ^= 1
	empty := gzipWhole("")

	tests := []struct {
		name string
		data []byte
		want []string // offsets as "@member offset+decompressed offset"
	}{
		{"three members", good, []string{
			fmt.Sprintf("@%d+0 one", offs[0]), fmt.Sprintf("@%d+0 two", offs[1]), fmt.Sprintf("@%d+0 three", offs[2])}},
		{"truncated last member", good[:len(good)-20], []string{
			"@0+0 one", fmt.Sprintf("@%d+0 two", offs[1]),
			fmt.Sprintf("@%d+0  (unexpected EOF)", offs[2]),
			fmt.Sprintf("error @%d+0: truncated: the file ends inside a gzip member", offs[2]),
		}},
		{"corrupt member in the middle", cat(member(0), corrupt, member(2)), []string{
			"@0+0 one",
			fmt.Sprintf("error @%d+", offs[1]),
			fmt.Sprintf("@%d+0 three", offs[2]),
		}},
		{"bad checksum", cat(member(0), badCRC, member(2)), []string{
			"@0+0 one",
			fmt.Sprintf("@%d+0 two", offs[1]),
			fmt.Sprintf("error @%d+%d: corrupt gzip member: gzip: invalid checksum", offs[1], len(r2)),
			fmt.Sprintf("@%d+0 three", offs[2]),
		}},
		{"garbage between members", cat(member(0), []byte("garbage!"), member(1)), []string{
			"@0+0 one",
			fmt.Sprintf("error @%d+0: not a gzip member", offs[1]),
			fmt.Sprintf("@%d+0 two", offs[1]+8),
		}},
		{"empty members", cat(empty, member(0), empty, empty, member(1)), []string{
			fmt.Sprintf("@%d+0 one", len(empty)),
			fmt.Sprintf("@%d+0 two", 3*len(empty)+int(offs[1])),
		}},
		{"trailing garbage", cat(member(0), []byte("\x00\x00")), []string{
			"@0+0 one",
			fmt.Sprintf("error @%d+0: not a gzip member", offs[1]),
		}},
		// A member that ends without a line feed joins its last line to
		// the next member's version line: the record begins with its
		// member all the same.
		{"a member that ends inside a header line", cat(gzipWhole("WARC/1.0\r\nWARC-Type: resource\r\nX-Cut"), member(1), member(2)), []string{
			"error @0+0: truncated: a header that ends without a line feed",
			fmt.Sprintf("@%d+0 two", len(gzipWhole("WARC/1.0\r\nWARC-Type: resource\r\nX-Cut"))),
			fmt.Sprintf("@%d+0 three", len(gzipWhole("WARC/1.0\r\nWARC-Type: resource\r\nX-Cut"))+int(offs[2]-offs[1])),
		}},
		{"a member of junk without a line feed", cat(member(0), gzipWhole("junk junk"), member(1)), []string{
			"@0+0 one",
			fmt.Sprintf("error @%d+0: 9 bytes that are not a record, skipped", offs[1]),
			fmt.Sprintf("@%d+0 two", int(offs[1])+len(gzipWhole("junk junk"))),
		}},
		{"two records in one member", cat(gzipWhole(r1+r2), member(2)), []string{
			"@0+0 one", fmt.Sprintf("@0+%d two", len(r1)), fmt.Sprintf("@%d+0 three", len(gzipWhole(r1+r2))),
		}},
	}
	for _, tt := range tests {
		for _, rd := range readers {
			t.Run(tt.name+"/"+rd.name, func(t *testing.T) {
				r := warc.NewReader(rd.wrap(bytes.NewReader(tt.data)))
				var got []string
				for i := 0; i < 100; i++ {
					rec, err := r.Next()
					if err == io.EOF {
						break
					}
					var se *warc.SyntaxError
					if errors.As(err, &se) {
						got = append(got, fmt.Sprintf("error @%d+%d: %s", se.Offset, se.DecompressedOffset, se.Reason))
						continue
					}
					if err != nil {
						t.Fatal(err)
					}
					b, err := io.ReadAll(rec.Block)
					s := fmt.Sprintf("@%d+%d %s", rec.Offset, rec.DecompressedOffset, b)
					if err != nil {
						s += " (" + err.Error() + ")"
					}
					got = append(got, s)
				}
				if len(got) != len(tt.want) {
					t.Fatalf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
				}
				for i := range got {
					if !strings.HasPrefix(got[i], tt.want[i]) {
						t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
						break
					}
				}
			})
		}
	}
}

// TestReaderInputError checks that an error of the input is returned,
// for good.
func TestReaderInputError(t *testing.T) {
	boom := errors.New("boom")
	data := record("hello", "WARC/1.0", "WARC-Type: resource")
	for _, f := range forms([]string{data}) {
		t.Run(f.name, func(t *testing.T) {
			in := io.MultiReader(bytes.NewReader(f.data[:len(f.data)-3]), iotest.ErrReader(boom))
			r := warc.NewReader(in)
			for i := 0; i < 10; i++ {
				rec, err := r.Next()
				if err == nil {
					io.ReadAll(rec.Block)
					continue
				}
				if !errors.Is(err, boom) {
					t.Fatalf("Next: %v, want boom", err)
				}
				if _, err := r.Next(); !errors.Is(err, boom) {
					t.Fatalf("Next after the error: %v, want boom", err)
				}
				return
			}
			t.Fatal("no error")
		})
	}
}
