package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/relink-go/relink/warc"
)

// bigWARC returns a WARC file of n records of 64 KiB blocks, uncompressed
// and gzipped a member per record: more than the read-ahead holds.
func bigWARC(n int) (plain, gzipped []byte) {
	block := strings.Repeat(`<p><a href="/x">a link</a> and some text</p>`+"\n", 64<<10/46)
	var pieces []string
	for range n {
		pieces = append(pieces, record(block, "WARC/1.1", "WARC-Type: resource"))
	}
	gzipped, _ = gzipMembers(pieces)
	return []byte(strings.Join(pieces, "")), gzipped
}

// stopped reports whether done is closed within d.
func stopped(done <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
	}
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// TestReaderClose checks that Close stops the read-ahead before it
// returns, and that the Reader and the last Block return errors after
// it, the same for either form of file.
func TestReaderClose(t *testing.T) {
	plain, gzipped := bigWARC(64)
	for _, f := range []struct {
		name string
		data []byte
	}{{"plain", plain}, {"gzip", gzipped}} {
		t.Run(f.name, func(t *testing.T) {
			in := &countReader{r: bytes.NewReader(f.data)}
			r := warc.NewReader(in)
			rec, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			done := warc.ReadAheadDone(r)
			if (done != nil) != (f.name == "gzip") {
				t.Fatalf("read-ahead: %v", done != nil)
			}
			if err := r.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			if done != nil && !stopped(done, 0) {
				t.Error("the read-ahead goes on after Close")
			}
			reads := in.reads
			if _, err := rec.Block.Read(make([]byte, 10)); err == nil {
				t.Error("Block read after Close")
			}
			for range 2 {
				if _, err := r.Next(); err == nil || err == io.EOF {
					t.Errorf("Next after Close: %v, want an error", err)
				}
			}
			if err := r.Close(); err != nil {
				t.Errorf("second Close: %v", err)
			}
			if in.reads != reads {
				t.Errorf("%d reads of the input after Close", in.reads-reads)
			}
		})
	}
}

type countReader struct {
	r     io.Reader
	reads int
}

func (c *countReader) Read(p []byte) (int, error) {
	c.reads++
	return c.r.Read(p)
}

// TestReadAheadEnds checks that the read-ahead ends by itself at the end
// of the input and at an error of it, and when a Reader is dropped.
func TestReadAheadEnds(t *testing.T) {
	_, gzipped := bigWARC(64)
	t.Run("end", func(t *testing.T) {
		r := warc.NewReader(bytes.NewReader(gzipped))
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			n++
		}
		if n != 64 {
			t.Errorf("%d records, want 64", n)
		}
		if !stopped(warc.ReadAheadDone(r), 10*time.Second) {
			t.Error("the read-ahead goes on after the end of the input")
		}
	})
	t.Run("error", func(t *testing.T) {
		boom := errors.New("boom")
		r := warc.NewReader(io.MultiReader(bytes.NewReader(gzipped[:len(gzipped)/2]), iotest.ErrReader(boom)))
		var err error
		for err == nil {
			_, err = r.Next()
		}
		if !errors.Is(err, boom) {
			t.Errorf("Next: %v, want boom", err)
		}
		if !stopped(warc.ReadAheadDone(r), 10*time.Second) {
			t.Error("the read-ahead goes on after an error of the input")
		}
	})
	t.Run("dropped", func(t *testing.T) {
		r := warc.NewReader(bytes.NewReader(gzipped))
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
		done := warc.ReadAheadDone(r)
		r = nil
		deadline := time.Now().Add(10 * time.Second)
		for !stopped(done, 10*time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the read-ahead of a dropped Reader goes on")
			}
			runtime.GC()
		}
	})
}

// TestReadAheadGzipped checks a gzipped file against its uncompressed
// form record by record, with blocks read in full, in part and not at
// all: the read-ahead passes on all the data, in order.
func TestReadAheadGzipped(t *testing.T) {
	plain, gzipped := bigWARC(64)
	z, err := gzip.NewReader(bytes.NewReader(gzipped))
	if err != nil {
		t.Fatal(err)
	}
	if b, err := io.ReadAll(z); err != nil || !bytes.Equal(b, plain) {
		t.Fatalf("the gzipped form does not hold the plain one: %v", err)
	}
	rp, rz := warc.NewReader(bytes.NewReader(plain)), warc.NewReader(bytes.NewReader(gzipped))
	defer rz.Close()
	for i := 0; ; i++ {
		a, errp := rp.Next()
		b, errz := rz.Next()
		if errp != errz {
			t.Fatalf("record %d: %v, gzipped %v", i, errp, errz)
		}
		if errp == io.EOF {
			break
		}
		if a.DecompressedOffset != 0 || b.DecompressedOffset != 0 {
			t.Fatalf("record %d: decompressed offsets %d, %d", i, a.DecompressedOffset, b.DecompressedOffset)
		}
		n := int64(i%3) * 40000 // the whole block, a part, or nothing
		if i%3 == 0 {
			n = a.ContentLength
		}
		ba, _ := io.ReadAll(io.LimitReader(a.Block, n))
		bb, _ := io.ReadAll(io.LimitReader(b.Block, n))
		if !bytes.Equal(ba, bb) {
			t.Fatalf("record %d: blocks differ", i)
		}
	}
}
