package warc

import (
	"errors"
	"sync"
)

// The read-ahead holds at most chunks buffers of chunkSize bytes of
// decompressed data.
const (
	chunkSize = 256 << 10
	chunks    = 4
)

// errClosed is what a Reader returns after Close.
var errClosed = errors.New("warc: Reader closed")

// A chunk is a run of decompressed data as the read-ahead passes it on.
type chunk struct {
	data    []byte
	members []member    // the members that begin in data (or at its end)
	ends    []memberEnd // the members that end in data (or at its end)
	err     error       // what comes after data, or nil: a *memberError, io.EOF, or an error of the input
}

// readAhead runs a gzipStream in a goroutine of its own, so that reading
// the file and decompressing it go on while the Reader's caller works on
// the data already decompressed. The goroutine fills chunks and passes
// them on in order, at most chunks buffers ahead. Read and resync behave
// as a gzipStream's do, and return the same data and errors in the same
// places, whatever the scheduling of the two: the goroutine resyncs after
// a bad member as soon as it finds it (where it resyncs from does not
// depend on when), and Read returns the member's error until the Reader
// calls resync, as a gzipStream does.
//
// The goroutine ends at the end of the input or at an error of it, or
// when halt is called (by Close, or by a cleanup when the Reader is no
// longer reachable: the goroutine holds nothing that leads back to it).
type readAhead struct {
	// Shared with the goroutine.
	full     chan *chunk   // filled, in order
	free     chan *chunk   // read, to fill again
	stop     chan struct{} // closed by halt
	done     chan struct{} // closed when the goroutine has returned
	stopOnce sync.Once

	// The reader's alone.
	cur     *chunk
	off     int          // of the next byte to read in cur.data
	members []member     // where the members begin, from the one that holds the last byte read on
	ends    []memberEnd  // where they end, from that member's end on, as far as known
	broken  *memberError // the error Read returns until resync
	err     error        // io.EOF, an error of the input or errClosed, for good
}

// A stream decompresses a file of members (gzip members, zstd frames)
// and notes where they begin and end: a gzipStream or a zstdStream.
type stream interface {
	Read(p []byte) (int, error)
	// resync goes on after a *memberError, at the next member found.
	resync()
	// take moves the members begun and ended since the last call to
	// ms and es.
	take(ms []member, es []memberEnd) ([]member, []memberEnd)
}

// newReadAhead starts the goroutine that runs g.
func newReadAhead(g stream) *readAhead {
	a := &readAhead{
		full: make(chan *chunk, chunks),
		free: make(chan *chunk, chunks),
		stop: make(chan struct{}),
		done: make(chan struct{}),
	}
	go a.run(g)
	return a
}

// run fills chunks from g and passes them on, until the end of the input,
// an error of it, or halt.
func (a *readAhead) run(g stream) {
	defer close(a.done)
	made := 0 // buffers, made as they are needed
	for {
		var c *chunk
		if len(a.free) == 0 && made < chunks {
			c = &chunk{data: make([]byte, chunkSize)}
			made++
		} else {
			select {
			case c = <-a.free:
			case <-a.stop:
				return
			}
		}
		fill(c, g)
		select {
		case a.full <- c:
		case <-a.stop:
			return
		}
		if _, ok := c.err.(*memberError); ok {
			g.resync()
		} else if c.err != nil {
			return
		}
	}
}

// fill fills c from g, up to its capacity or an error, and moves to it
// the members that g began meanwhile.
func fill(c *chunk, g stream) {
	c.data = c.data[:cap(c.data)]
	c.err = nil
	n := 0
	for n < len(c.data) && c.err == nil {
		var m int
		m, c.err = g.Read(c.data[n:])
		n += m
	}
	c.data = c.data[:n]
	c.members, c.ends = g.take(c.members[:0], c.ends[:0])
}

// Read returns the decompressed data, and the errors of a gzipStream in
// their places: a *memberError until resync (the data after it is that
// of the next member found), io.EOF and an error of the input for good.
func (a *readAhead) Read(p []byte) (int, error) {
	for a.cur == nil || a.off == len(a.cur.data) {
		if a.err != nil {
			return 0, a.err
		}
		if a.broken != nil {
			return 0, a.broken
		}
		if c := a.cur; c != nil {
			err := c.err
			a.cur = nil
			a.free <- c // never blocks: there are at most chunks
			if me, ok := err.(*memberError); ok {
				a.broken = me
				return 0, err
			} else if err != nil {
				a.err = err
				return 0, err
			}
		}
		a.take()
	}
	n := copy(p, a.cur.data[a.off:])
	a.off += n
	return n, nil
}

// take takes the next chunk, and the members that begin and end in it.
func (a *readAhead) take() {
	a.cur, a.off = <-a.full, 0
	a.members = append(a.members, a.cur.members...)
	a.ends = append(a.ends, a.cur.ends...)
}

// memberEnd returns the end of the member whose header is at offset start
// in the file, once every byte of data up to the last one read has been
// read. It waits for the next chunk when the last one read ends where the
// data read ends, for the member may end there: the end of a member
// whose data was read to its end is then known, as the end of the data,
// or a member that could not be read to its end, is. It reports false for
// a member that did not end cleanly (cut short, corrupt).
func (a *readAhead) memberEnd(start int64) (memberEnd, bool) {
	for a.err == nil && a.broken == nil && a.cur != nil && a.off == len(a.cur.data) && a.cur.err == nil {
		a.free <- a.cur // never blocks: there are at most chunks
		a.take()
	}
	for _, e := range a.ends {
		if e.start == start {
			return e, true
		}
	}
	return memberEnd{}, false
}

// where returns the offset in the file of the member that holds byte p of
// the data, and p's offset in that member's data. Calls must come with
// p never decreasing, and byte p read: it forgets the members before p's.
func (a *readAhead) where(p int64) (int64, int64) {
	a.forget(p)
	if len(a.members) == 0 {
		return 0, 0 // no data yet
	}
	m := a.members[0]
	i := 0
	for i < len(a.ends) && a.ends[i].start < m.file {
		i++
	}
	if i > 0 {
		a.ends = a.ends[:copy(a.ends, a.ends[i:])]
	}
	return m.file, p - m.data
}

// forget forgets the members before the one that holds byte p of the
// data, as where does, so that the list stays short through a block of
// many members. Calls must come with p never decreasing.
func (a *readAhead) forget(p int64) {
	i := 0
	for i+1 < len(a.members) && a.members[i+1].data <= p {
		i++
	}
	if i > 0 {
		a.members = a.members[:copy(a.members, a.members[i:])]
	}
}

// resync goes on after a *memberError that Read returned, with the data
// of the next member found.
func (a *readAhead) resync() { a.broken = nil }

// halt tells the goroutine to stop. It returns at once: the goroutine
// returns when a read of the input in progress has.
func (a *readAhead) halt() {
	a.stopOnce.Do(func() { close(a.stop) })
}

// close stops the goroutine and waits until it has returned; Read then
// returns errClosed.
func (a *readAhead) close() {
	a.halt()
	<-a.done
	a.err = errClosed
	a.cur = nil
}
