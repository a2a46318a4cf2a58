package warc

import (
	"bufio"
	"bytes"
	"io"
)

// A memberStream is what the decompression of a file of compressed
// members (gzip members, or zstd frames) keeps whatever the format: where
// the current member began, in the file and in the data, the members
// begun and ended since readAhead took them, the current member's
// error, and its first bytes. A gzipStream and a zstdStream embed it, and
// their Read is its read with the member format's own codec.
type memberStream struct {
	in  *bufio.Reader
	cnt *countingReader

	zstd     bool         // the members are zstd frames, not gzip members
	inMember bool         // in a member's data
	start    int64        // offset in the file of the current member
	startOut int64        // offset in the data of its first byte
	out      int64        // bytes of data produced so far
	members  []member     // begun since readAhead took the list
	ends     []memberEnd  // ended since readAhead took the list
	broken   *memberError // the current member's error, until resync

	first [6]byte // the first bytes of the current member's data, enough for a version line's "WARC/1"
	pend  []byte  // what Read returns of them before it inflates on
}

// A memberCodec is what a member format adds to a memberStream.
type memberCodec interface {
	// begin reads the header of what the input holds next, which
	// begins at s.start. It reports whether a member's data follows
	// (false, with a nil error, for a frame that holds none, such as
	// zstd's skippable frames); its error is one read returns as it is.
	begin() (bool, error)
	// inflate reads the current member's data into p. At the member's
	// end, it clears inMember, adds the end to ends and returns io.EOF
	// (with what it read); at an error of the member, it makes it
	// broken (fail) and returns what it read, with nil when it read
	// something.
	inflate(p []byte) (int, error)
}

// filePos returns the offset in the file of the next byte of in.
func (s *memberStream) filePos() int64 { return s.cnt.n - int64(s.in.Buffered()) }

// take moves the members begun and ended since the last call to ms and
// es.
func (s *memberStream) take(ms []member, es []memberEnd) ([]member, []memberEnd) {
	ms, es = append(ms, s.members...), append(es, s.ends...)
	s.members, s.ends = s.members[:0], s.ends[:0]
	return ms, es
}

// fail makes err the current member's error, met where its data stops
// now, and returns it; or returns the input's error, if it has one.
func (s *memberStream) fail(err error) error {
	if s.cnt.err != nil {
		return s.cnt.err
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	s.broken = &memberError{s.start, s.out - s.startOut, err, s.zstd}
	return s.broken
}

// read reads the data of the members one after the other into p, the
// members' errors in their places: a *memberError until resync.
func (s *memberStream) read(c memberCodec, p []byte) (int, error) {
	for {
		if len(s.pend) > 0 {
			n := copy(p, s.pend)
			s.pend = s.pend[n:]
			return n, nil
		}
		if s.broken != nil {
			return 0, s.broken
		}
		if s.cnt.err != nil {
			return 0, s.cnt.err
		}
		if !s.inMember {
			s.start = s.filePos()
			s.startOut = s.out
			ok, err := c.begin()
			if err != nil {
				return 0, err
			}
			if !ok {
				continue
			}
			s.inMember = true
			s.members = append(s.members, member{data: s.out, file: s.start})
			// Its first bytes say whether it begins a record: they
			// are inflated here, and read returns them first.
			k := 0
			for k < len(s.first) {
				n, err := c.inflate(s.first[k:])
				k += n
				if err != nil || !s.inMember || s.broken != nil {
					break
				}
			}
			s.members[len(s.members)-1].record = isVersionLine(s.first[:k])
			s.pend = s.first[:k]
			continue
		}
		n, err := c.inflate(p)
		if err == io.EOF {
			if n > 0 {
				return n, nil
			}
			continue
		}
		return n, err
	}
}

// resync goes on after a broken member, at the next magic number: the
// first after the broken member's start, which may be in the bytes the
// broken member took for its own (a member cut short runs into the next),
// when they are still at hand (rewind).
func (s *memberStream) resync(magic []byte) {
	s.broken = nil
	s.inMember = false
	if rewind(s.cnt, s.in, s.start+1, magic) {
		return
	}
	for {
		buf, err := s.in.Peek(s.in.Size())
		if i := bytes.Index(buf, magic); i >= 0 {
			s.in.Discard(i)
			return
		}
		if err != nil {
			// The end of the input, or an error that read reports.
			s.in.Discard(len(buf))
			return
		}
		s.in.Discard(len(buf) - len(magic) + 1)
	}
}
