package warc

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	kgzip "github.com/klauspost/compress/gzip"
)

// inflateInput returns the gzipped WARC data that BenchmarkInflate reads:
// the file RELINK_BENCH_GZ names, or else the gzipped fixtures (files of
// one gzip member per record, as crawlers write them) one after another,
// repeated to about 64 MiB of decompressed data.
func inflateInput(tb testing.TB) []byte {
	if name := os.Getenv("RELINK_BENCH_GZ"); name != "" {
		data, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		return data
	}
	files, err := filepath.Glob(filepath.Join("..", "testdata", "warc", "*.warc.gz"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no gzipped fixtures: %v", err)
	}
	var one []byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		one = append(one, data...)
	}
	return bytes.Repeat(one, 40)
}

// memberStarts returns the offsets of the gzip members of data.
func memberStarts(tb testing.TB, data []byte) []int64 {
	cnt := &countingReader{r: bytes.NewReader(data)}
	g := newGzipStream(bufio.NewReaderSize(cnt, bufSize), cnt)
	if _, err := io.Copy(io.Discard, g); err != nil {
		tb.Fatal(err)
	}
	starts := make([]int64, len(g.ends))
	for i, e := range g.ends {
		starts[i] = e.start
	}
	return starts
}

// BenchmarkInflate measures the ways to decompress a file of one gzip
// member per record in Go, each reading the whole file into a buffer of
// chunkSize bytes as the read-ahead does; MB/s is of the compressed file.
// The forms: compress/gzip and github.com/klauspost/compress/gzip reading
// the members as one multistream; klauspost's gzip.Reader per member, new
// for each or Reset; gzipStream (the Reader's own member handling: its
// inflater straight on a bufio.Reader, Reset per member, the CRC-32
// computed as the data goes by) over input buffers of several
// sizes; and readAhead, gzipStream on a goroutine of its own, as the
// Reader runs it.
func BenchmarkInflate(b *testing.B) {
	data := inflateInput(b)
	members := sync.OnceValue(func() int { return len(memberStarts(b, data)) })
	buf := make([]byte, chunkSize)
	drain := func(b *testing.B, r io.Reader) {
		for {
			_, err := r.Read(buf)
			if err == io.EOF {
				return
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	run := func(name string, f func(b *testing.B)) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				f(b)
			}
		})
	}
	run("stdlib-multistream", func(b *testing.B) {
		z, err := gzip.NewReader(bufio.NewReaderSize(bytes.NewReader(data), bufSize))
		if err != nil {
			b.Fatal(err)
		}
		drain(b, z)
	})
	run("klauspost-multistream", func(b *testing.B) {
		z, err := kgzip.NewReader(bufio.NewReaderSize(bytes.NewReader(data), bufSize))
		if err != nil {
			b.Fatal(err)
		}
		drain(b, z)
	})
	member := func(reset bool) func(b *testing.B) {
		return func(b *testing.B) {
			in := bufio.NewReaderSize(bytes.NewReader(data), bufSize)
			var z *kgzip.Reader
			for range members() {
				var err error
				if z == nil || !reset {
					z, err = kgzip.NewReader(in)
				} else {
					err = z.Reset(in)
				}
				if err != nil {
					b.Fatal(err)
				}
				z.Multistream(false)
				drain(b, z)
			}
		}
	}
	run("klauspost-member-new", member(false))
	run("klauspost-member-reset", member(true))
	for _, size := range []int{4 << 10, 16 << 10, bufSize, 256 << 10} {
		run("stream-bufio-"+strconv.Itoa(size>>10)+"k", func(b *testing.B) {
			cnt := &countingReader{r: bytes.NewReader(data), keep: true}
			drain(b, newGzipStream(bufio.NewReaderSize(cnt, size), cnt))
		})
	}
	run("stream-no-history", func(b *testing.B) {
		cnt := &countingReader{r: bytes.NewReader(data)}
		drain(b, newGzipStream(bufio.NewReaderSize(cnt, bufSize), cnt))
	})
	run("readahead", func(b *testing.B) {
		cnt := &countingReader{r: bytes.NewReader(data), keep: true}
		a := newReadAhead(newGzipStream(bufio.NewReaderSize(cnt, bufSize), cnt))
		drain(b, a)
		a.close()
	})
}
