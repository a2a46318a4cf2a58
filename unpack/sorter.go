package unpack

import (
	"bufio"
	"bytes"
	"container/heap"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"slices"
)

// A sorter sorts records (byte strings) in bounded memory: it holds up to
// max bytes of them, and past that writes them sorted to a run, a
// temporary file, and merges the runs when read. It is the index of
// Unpack: its captures, its paths, its order of writing.
type sorter struct {
	dir   string // for the runs
	max   int64
	held  int64
	recs  [][]byte
	runs  []*tempFile
	spilt bool
}

// recordOverhead is what the sorter counts for a record besides its
// bytes: its slice header and the allocation's rounding.
const recordOverhead = 40

func newSorter(dir string, max int64) *sorter {
	return &sorter{dir: dir, max: max}
}

func (s *sorter) add(rec []byte) error {
	s.recs = append(s.recs, rec)
	s.held += int64(len(rec)) + recordOverhead
	if s.held > s.max {
		return s.spill()
	}
	return nil
}

// spill writes the records held to a run.
func (s *sorter) spill() error {
	slices.SortFunc(s.recs, bytes.Compare)
	f, err := createTemp(s.dir, "relink-unpack-run-*")
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 64<<10)
	var n [binary.MaxVarintLen64]byte
	for _, r := range s.recs {
		w.Write(n[:binary.PutUvarint(n[:], uint64(len(r)))])
		w.Write(r)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return err
	}
	s.runs = append(s.runs, f)
	s.recs, s.held, s.spilt = nil, 0, true
	if len(s.runs) >= maxRuns {
		return s.mergeRuns()
	}
	return nil
}

// maxRuns bounds the runs a sorter holds open: past it, they are merged
// into one.
const maxRuns = 64

// mergeRuns merges the runs into one.
func (s *sorter) mergeRuns() error {
	f, err := createTemp(s.dir, "relink-unpack-run-*")
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 64<<10)
	var n [binary.MaxVarintLen64]byte
	runs := s.runs
	s.runs = nil
	err = merge(runs, nil, func(r []byte) error {
		w.Write(n[:binary.PutUvarint(n[:], uint64(len(r)))])
		_, err := w.Write(r)
		return err
	})
	for _, r := range runs {
		r.Close()
	}
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return err
	}
	s.runs = []*tempFile{f}
	return nil
}

// close releases the runs.
func (s *sorter) close() {
	for _, f := range s.runs {
		f.Close()
	}
	s.runs, s.recs = nil, nil
}

// each calls fn with the records in sorted order (equal records each),
// then releases them. fn may keep a record.
func (s *sorter) each(fn func(rec []byte) error) error {
	defer s.close()
	slices.SortFunc(s.recs, bytes.Compare)
	if len(s.runs) == 0 {
		for _, r := range s.recs {
			if err := fn(r); err != nil {
				return err
			}
		}
		return nil
	}
	return merge(s.runs, s.recs, fn)
}

// merge calls fn with the records of the sorted runs files and mem, in
// sorted order.
func merge(files []*tempFile, mem [][]byte, fn func(rec []byte) error) error {
	h := &runHeap{}
	if len(mem) > 0 {
		h.runs = append(h.runs, &run{mem: mem})
	}
	for _, f := range files {
		h.runs = append(h.runs, &run{r: bufio.NewReaderSize(f, 64<<10)})
	}
	live := h.runs[:0]
	for _, r := range h.runs {
		ok, err := r.next()
		if err != nil {
			return err
		}
		if ok {
			live = append(live, r)
		}
	}
	h.runs = live
	heap.Init(h)
	for h.Len() > 0 {
		r := h.runs[0]
		if err := fn(r.cur); err != nil {
			return err
		}
		ok, err := r.next()
		if err != nil {
			return err
		}
		if ok {
			heap.Fix(h, 0)
		} else {
			heap.Pop(h)
		}
	}
	return nil
}

// A run is one sorted sequence of records: in memory, or in a file.
type run struct {
	mem [][]byte
	r   *bufio.Reader
	cur []byte
}

var errRun = errors.New("unpack: a temporary file of the index is corrupt")

func (r *run) next() (bool, error) {
	if r.r == nil {
		if len(r.mem) == 0 {
			return false, nil
		}
		r.cur, r.mem = r.mem[0], r.mem[1:]
		return true, nil
	}
	n, err := binary.ReadUvarint(r.r)
	if err == io.EOF {
		return false, nil
	}
	if err != nil || n > 1<<30 {
		return false, errRun
	}
	r.cur = make([]byte, n)
	if _, err := io.ReadFull(r.r, r.cur); err != nil {
		return false, errRun
	}
	return true, nil
}

type runHeap struct{ runs []*run }

func (h *runHeap) Len() int           { return len(h.runs) }
func (h *runHeap) Less(i, j int) bool { return bytes.Compare(h.runs[i].cur, h.runs[j].cur) < 0 }
func (h *runHeap) Swap(i, j int)      { h.runs[i], h.runs[j] = h.runs[j], h.runs[i] }
func (h *runHeap) Push(x any)         { h.runs = append(h.runs, x.(*run)) }
func (h *runHeap) Pop() any {
	r := h.runs[len(h.runs)-1]
	h.runs = h.runs[:len(h.runs)-1]
	return r
}

// A tempFile is a temporary file, removed as soon as it is made where an
// open file can be removed (Unix), else when it is closed.
type tempFile struct {
	*os.File
	removed bool
}

func createTemp(dir, pattern string) (*tempFile, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return &tempFile{File: f, removed: os.Remove(f.Name()) == nil}, nil
}

func (t *tempFile) Close() error {
	err := t.File.Close()
	if !t.removed {
		os.Remove(t.Name())
		t.removed = true
	}
	return err
}
