package warc

import (
	"bufio"
	"bytes"
	"compress/flate"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	kflate "github.com/klauspost/compress/flate"
)

// checkInflater decodes stream, followed by tail, with an inflater and
// with klauspost's flate (what gzipStream falls back to), each from a
// bufio.Reader of size bufSize, and checks the inflater's contract: its
// data a prefix of flate's; on a stream flate reads to its end, the same
// data, io.EOF, and the bufio.Reader left at the same place, just after
// the stream; no end without error where flate fails.
func checkInflater(t *testing.T, stream, tail []byte, size int) {
	t.Helper()
	in := append(append([]byte(nil), stream...), tail...)
	kr := bufio.NewReaderSize(bytes.NewReader(in), size)
	fr := kflate.NewReader(kr)
	want, werr := io.ReadAll(fr)
	wantRest, _ := io.ReadAll(kr)

	mr := bufio.NewReaderSize(bytes.NewReader(in), size)
	var f inflater
	f.Reset(mr)
	var got []byte
	p := make([]byte, 1+rand.IntN(70000))
	var gerr error
	for {
		n, err := f.Read(p)
		got = append(got, p[:n]...)
		if err != nil {
			gerr = err
			break
		}
		if n == 0 {
			t.Fatal("Read returned 0, nil")
		}
	}
	if !bytes.HasPrefix(want, got) {
		t.Fatalf("size %d: the inflater's %d bytes are not a prefix of flate's %d (flate: %v, inflater: %v)", size, len(got), len(want), werr, gerr)
	}
	if werr == nil {
		if gerr != io.EOF || len(got) != len(want) {
			t.Fatalf("size %d: flate reads %d bytes to the end; the inflater %d, then %v", size, len(want), len(got), gerr)
		}
		if rest, _ := io.ReadAll(mr); !bytes.Equal(rest, wantRest) {
			t.Fatalf("size %d: after the stream, %d bytes are left, want %d", size, len(rest), len(wantRest))
		}
	} else if gerr == io.EOF {
		t.Fatalf("size %d: flate fails (%v) after %d bytes; the inflater reads %d to the end", size, werr, len(want), len(got))
	}
}

// inflaterInputs are data to compress: the fixtures' decompressed data,
// text, runs, random bytes.
func inflaterInputs(tb testing.TB) [][]byte {
	var ins [][]byte
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "warc", "*.warc*"))
	if len(files) == 0 {
		tb.Fatal("no fixtures in ../testdata/warc")
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		ins = append(ins, b)
	}
	r := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 100000)
	for i := range random {
		random[i] = byte(r.Uint32())
	}
	ins = append(ins, nil, []byte("a"), bytes.Repeat([]byte("a"), 100000), bytes.Repeat([]byte("abcdefg"), 50000), random,
		bytes.Repeat([]byte("<a href=\"https://example.org/\">x</a>\n"), 20000))
	return ins
}

// TestInflater checks the inflater against flate on streams of every
// kind of block (stored, fixed, dynamic codes; compression levels from
// none to best, and Huffman only), whole, cut short at many places, and
// with bytes flipped.
func TestInflater(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, data := range inflaterInputs(t) {
		for _, level := range []int{flate.NoCompression, flate.BestSpeed, 5, flate.BestCompression, flate.HuffmanOnly} {
			var buf bytes.Buffer
			w, _ := flate.NewWriter(&buf, level)
			w.Write(data)
			w.Close()
			stream := buf.Bytes()
			tail := []byte("\x01\x02\x03\x04\x05\x06\x07\x08 the next member")
			for _, size := range []int{64, 4096, bufSize} {
				checkInflater(t, stream, tail, size)
			}
			for range 40 {
				checkInflater(t, stream[:r.IntN(len(stream)+1)], nil, 64+r.IntN(5000))
				bad := append([]byte(nil), stream...)
				if len(bad) > 0 {
					bad[r.IntN(len(bad))] ^= byte(1 + r.IntN(255))
				}
				checkInflater(t, bad, tail, 64+r.IntN(5000))
			}
		}
	}
}

// FuzzInflater checks the inflater against flate on any input, taken
// as a DEFLATE stream, and on the compressed form of any input.
func FuzzInflater(f *testing.F) {
	for _, data := range inflaterInputs(f) {
		if len(data) > 4096 {
			data = data[:4096]
		}
		f.Add(data, false, uint16(16))
		var buf bytes.Buffer
		w, _ := flate.NewWriter(&buf, 6)
		w.Write(data)
		w.Close()
		f.Add(buf.Bytes(), false, uint16(100))
	}
	f.Fuzz(func(t *testing.T, data []byte, compress bool, size uint16) {
		if compress {
			var buf bytes.Buffer
			w, _ := flate.NewWriter(&buf, int(size%10))
			w.Write(data)
			w.Close()
			data = buf.Bytes()
		}
		checkInflater(t, data, []byte("tail"), 64+int(size))
	})
}
