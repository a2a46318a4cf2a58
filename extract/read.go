package extract

import (
	"bufio"
	"io"

	"golang.org/x/text/transform"
)

// ReadFrom finds the links of the document that r holds, reading it to its
// end: Feed over all of r, for a caller that wants the links only (it
// copies the document nowhere, as Transform must). It implements
// io.ReaderFrom. When r is a bufio.Reader or implements io.WriterTo (a
// bytes.Reader), ReadFrom feeds the extractor the reader's own bytes.
// It returns the number of bytes read and the first error other than
// io.EOF, from r or from the link function.
func (x *htmlExtractor) ReadFrom(r io.Reader) (int64, error) {
	return feedAll(r, &x.rbuf, x)
}

// ReadFrom finds the links of the text that r holds, reading it to its
// end, as the HTML extractor's does.
func (t *textExtractor) ReadFrom(r io.Reader) (int64, error) {
	return feedAll(r, &t.rbuf, t)
}

// feedBufSize is the size of the reads of feedAll.
const feedBufSize = 32 << 10

// A feedable is an extractor that takes a document in pieces, in order:
// the last with atEOF. (An interface, not a method value, which would be
// allocated for each document.)
type feedable interface {
	Feed(b []byte, atEOF bool) error
}

// feedAll calls x.Feed with what it reads from r, to its end, reading
// into *buf (which it allocates once) unless r writes its bytes itself.
func feedAll(r io.Reader, buf *[]byte, x feedable) (int64, error) {
	if br, ok := r.(*bufio.Reader); ok {
		return feedBuffered(br, x)
	}
	feed := x.Feed
	if wt, ok := r.(io.WriterTo); ok {
		n, err := wt.WriteTo(feeder(feed))
		if err == nil {
			err = feed(nil, true)
		}
		return n, err
	}
	if *buf == nil {
		*buf = make([]byte, feedBufSize)
	}
	var n int64
	for {
		k, err := r.Read(*buf)
		n += int64(k)
		eof := err == io.EOF
		if k > 0 || eof {
			if ferr := feed((*buf)[:k], eof); ferr != nil {
				return n, ferr
			}
		}
		if err != nil {
			if eof {
				err = nil
			}
			return n, err
		}
	}
}

// feedBuffered is feedAll for a bufio.Reader: it feeds the reader's
// buffer, one read of the reader's source at a time. (The reader's
// WriteTo hands an *os.File's WriteTo the rest, which copies it through
// a buffer of 32 KiB allocated for each call: for each file of a tree.)
func feedBuffered(br *bufio.Reader, x feedable) (int64, error) {
	var n int64
	for {
		_, err := br.Peek(1) // one read when nothing is buffered
		b, _ := br.Peek(br.Buffered())
		eof := err == io.EOF
		if len(b) > 0 || eof {
			if ferr := x.Feed(b, eof); ferr != nil {
				return n, ferr
			}
			br.Discard(len(b))
			n += int64(len(b))
		}
		if err != nil {
			if eof {
				err = nil
			}
			return n, err
		}
	}
}

// feeder is an io.Writer that feeds what is written to it, in pieces of
// at most maxFeed bytes: a legacy charset's text is decoded a piece at a
// time, not all at once.
type feeder func(b []byte, atEOF bool) error

const maxFeed = 256 << 10

func (f feeder) Write(b []byte) (int, error) {
	for i := 0; i < len(b); i += maxFeed {
		if err := f(b[i:min(i+maxFeed, len(b))], false); err != nil {
			return i, err
		}
	}
	return len(b), nil
}

// copyFeed is the Transform of an extractor that writes its input as it
// reads it (CSS, Markdown): it copies src to dst and gives feed what it
// copied.
func copyFeed(dst, src []byte, atEOF bool, feed func(b []byte, atEOF bool) error) (nDst, nSrc int, err error) {
	n := copy(dst, src)
	if err := feed(src[:n], atEOF && n == len(src)); err != nil {
		return n, n, err
	}
	if n < len(src) {
		return n, n, transform.ErrShortDst
	}
	return n, n, nil
}
