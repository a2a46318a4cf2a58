package warc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
)

// bufSize is the size of the Reader's buffers, and so the longest line of
// a WARC header that it reads.
const bufSize = 64 << 10

// MaxHeaderSize is the most bytes a record's WARC header may take, and
// 64 KiB the longest line in it: a longer header or line is a
// *SyntaxError. They bound what the Reader holds in memory.
const MaxHeaderSize = 1 << 20

// MaxFieldSize is the most bytes of WARC-Target-URI, WARC-Record-ID and
// WARC-Date, the fields that a reader of the records copies into what it
// writes of each one (relink warc, into each line of links): a longer one
// is a *SyntaxError, and its record is skipped. No crawler writes a URL
// of 8 KiB in a WARC header: such a value can only make each line that
// repeats it cost as much.
const MaxFieldSize = 8 << 10

// A Field is one named field of a WARC or HTTP header.
type Field struct {
	Name  string // as written
	Value string // without leading and trailing white space; the lines of a folded value joined by a space
}

// A Header is the fields of a WARC or HTTP header in the order they were
// written. Field names compare without regard to ASCII case.
type Header []Field

// Get returns the value of the first field called name, or "".
func (h Header) Get(name string) string {
	for _, f := range h {
		if strings.EqualFold(f.Name, name) {
			return f.Value
		}
	}
	return ""
}

// Values returns the values of every field called name, in order.
func (h Header) Values(name string) []string {
	var v []string
	for _, f := range h {
		if strings.EqualFold(f.Name, name) {
			v = append(v, f.Value)
		}
	}
	return v
}

// A Record is one record of a WARC file. The named fields that every
// reader needs are copied out of Header; all of them, these included, are
// in Header as written.
type Record struct {
	// Version is the version of the record's format, the version line
	// less "WARC/": "1.0", "1.1", "0.18".
	Version string
	// Type is WARC-Type as written: "warcinfo", "response", "resource",
	// "request", "metadata", "revisit", "conversion" or "continuation".
	Type string
	// TargetURI is WARC-Target-URI, without the angle brackets that the
	// WARC 1.0 grammar put around it (and that wget writes).
	TargetURI string
	// RecordID is WARC-Record-ID as written ("<urn:uuid:...>").
	RecordID string
	// Date is WARC-Date as written, whether or not it is a valid date.
	Date string
	// ContentType is the Content-Type of the block
	// ("application/http; msgtype=response"), "" when absent.
	ContentType string
	// ContentLength is the length of the block in bytes.
	ContentLength int64
	// Header is the record's named fields in the order written.
	Header Header
	// HeaderLength is the length of the record's header in the
	// decompressed data, from its version line through the blank line
	// that ends it, as WAT files give it (WARC-Header-Length).
	HeaderLength int64

	// Offset is where the record is in the input: the offset of its
	// first byte in an uncompressed file, the offset of the gzip member
	// that holds its first byte in a compressed one. In a file of one
	// gzip member per record, the usual form, that is the record's
	// own offset, the one that CDX indexes give.
	Offset int64
	// DecompressedOffset is how far into the decompressed data of the
	// gzip member at Offset the record begins: 0 for a record that has a
	// member of its own, and for an uncompressed file.
	DecompressedOffset int64
	// Compressed reports whether the file is gzipped, whether as one
	// gzip member per record or as one stream: Offset is then the offset
	// of a gzip member. GzipMember says whether the record has one of
	// its own, and how it is laid out.
	Compressed bool

	// Block streams the record's block, ContentLength bytes. It is
	// valid until the next call to Next, which skips what is left of it.
	// If the file ends before the block does, or its gzip data is
	// corrupt, Block returns io.ErrUnexpectedEOF and the next call to
	// Next returns a *SyntaxError that says what happened; other errors
	// are those of the input.
	Block io.Reader

	r      *Reader
	length int64       // once known: Length's result, -1 for 0
	member *GzipMember // once Length is known, the gzip member that holds the record alone, if one does
}

// A GzipMember is the layout of a gzip member (RFC 1952) that holds one
// record alone, in a file of one member per record, as Common Crawl's WAT
// files give it (Container.Gzip-Metadata). HeaderLength + DeflateLength +
// FooterLength is the member's length in the file, Record.Length.
type GzipMember struct {
	// HeaderLength is the length of the member's header: 10 bytes, and
	// its optional fields (extra field, file name, comment, header
	// CRC-16) when it has them.
	HeaderLength int64
	// DeflateLength is the length of the compressed data, between the
	// header and the trailer.
	DeflateLength int64
	// FooterLength is the length of the trailer, 8 bytes: CRC32 and
	// ISIZE.
	FooterLength int64
	// InflatedLength is the length of the member's data decompressed:
	// the record and the line breaks after it. (The trailer's ISIZE is
	// that length modulo 2^32.)
	InflatedLength int64
	// CRC is the CRC-32 (IEEE) of the decompressed data, as the
	// trailer holds it; the Reader checked that it is the data's.
	CRC uint32
}

// GzipMember returns the layout of the gzip member that holds the record
// alone, and true, in a file of one gzip member per record. It returns
// false whenever Length returns 0 (a record that shares its member, in a
// file gzipped as one stream; a record cut short, or whose member is
// corrupt), and for a record of an uncompressed file.
//
// Like Length, it reads the rest of the record, and its member to the
// end: call it once done with the Block, before Next; after Next it
// returns what an earlier call (of either) found, or false. The Reader
// notes the layout of every member as it decompresses it (the header's
// length as it reads it, the CRC-32 from the trailer, which it reads and
// checks in any case), so that asking for it costs no more than Length.
func (r *Record) GzipMember() (GzipMember, bool) {
	if r.Length(); r.member == nil {
		return GzipMember{}, false
	}
	return *r.member, true
}

// Length returns how many bytes of the file, from Offset, hold the
// record and nothing else, so that the range [Offset, Offset+Length)
// can be fetched alone (by an HTTP Range request, as from a CDX index)
// and read by a Reader as that one record. In an uncompressed file that
// is the record through the two line breaks that end it; in a file of
// one gzip member per record, the whole member, compressed, as CDX's
// length field gives it.
//
// Length is known only once the record has been read to its end, so it
// reads the rest of it: what the caller left of the Block is skipped
// (Block then returns io.EOF), then the line breaks after the block,
// and, in a gzipped file, up to the end of the member, which may mean
// decompressing the start of the next. Call it once done with the Block,
// before Next; after Next it returns what an earlier call returned, or 0.
//
// Length returns 0 when no byte range holds the record alone: a record
// that shares its gzip member with others (a file that is one gzip
// stream), a record cut short, or one whose gzip member is corrupt.
func (r *Record) Length() int64 {
	if r.length == 0 && r.r != nil {
		r.length = r.r.recordLength(r)
		if r.length == 0 {
			r.length = -1
		}
	}
	return max(r.length, 0)
}

// recordLength returns the length of rec, the current record, for Length.
func (x *Reader) recordLength(rec *Record) int64 {
	b := &x.block
	x.skipBlock()
	if b.err != nil || b.left > 0 {
		return 0
	}
	// The line breaks that end the record, CRLF CRLF, and those that a
	// lenient writer leaves after them (or writes instead, LF LF), up to
	// the next record: the range of a record ends where the next one's
	// begins, and a Reader skips blank lines before a record.
	for {
		p, err := x.br.Peek(1)
		var me *memberError
		if err != nil && err != io.EOF && !errors.As(err, &me) {
			// bufio forgets an error that Peek returns: keep it for
			// Next. (The read-ahead returns a member's error until
			// resync, and io.EOF for good.)
			x.err = err
		}
		if len(p) == 0 || p[0] != '\r' && p[0] != '\n' {
			break
		}
		x.br.Discard(1)
		x.pos++
	}
	if x.gz == nil {
		return x.pos - rec.Offset
	}
	if rec.DecompressedOffset != 0 {
		return 0
	}
	// The member ends where the record does, its data all read: br's
	// buffer is empty, or holds data of later members only.
	e, ok := x.gz.memberEnd(rec.Offset)
	if !ok || e.data != x.pos {
		return 0
	}
	if x.zstd {
		return e.file - rec.Offset
	}
	rec.member = &GzipMember{
		HeaderLength:   e.header,
		DeflateLength:  e.file - e.start - e.header - gzipTrailerLen,
		FooterLength:   gzipTrailerLen,
		InflatedLength: e.inflated,
		CRC:            e.crc,
	}
	return e.file - rec.Offset
}

// A SyntaxError is a part of a WARC file that the Reader could not read as
// a record, and skipped.
type SyntaxError struct {
	// Offset and DecompressedOffset say where the bad record, or the
	// bytes that are not a record, begin, as for Record.
	Offset             int64
	DecompressedOffset int64
	// Reason says what is wrong, in lower case without a prefix:
	// "no Content-Length", "truncated: ...".
	Reason string
	// Err is the underlying error (from compress/gzip, say), or nil.
	Err error
}

func (e *SyntaxError) Error() string {
	return "warc: " + e.Where() + ": " + e.Reason
}

// Where returns the position of the error as "offset N", or
// "offset N+M" when it lies M bytes into the decompressed data of the
// gzip member at offset N.
func (e *SyntaxError) Where() string { return where(e.Offset, e.DecompressedOffset) }

// where formats a position for an error: "offset N" or "offset N+M".
func where(off, dec int64) string {
	if dec != 0 {
		return fmt.Sprintf("offset %d+%d", off, dec)
	}
	return fmt.Sprintf("offset %d", off)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// A Reader reads the records of a WARC file, uncompressed or gzipped, in
// one pass and with bounded memory.
//
// Next returns the records in order and io.EOF after the last. It returns
// a *SyntaxError for a part of the file it cannot read as a record; the
// Reader has then skipped it, and the next call to Next continues with
// the record that follows. Any other error is an error of the input, and
// Next returns it from then on.
//
// A gzipped file is read and decompressed in a goroutine of the Reader's
// own, up to 1 MiB of decompressed data ahead of Next and the Blocks, so
// that on a machine with more than one core the decompression costs the
// caller little time. What the Reader returns does not depend on it. The
// goroutine ends at the end of the file, at an error of the input, on
// Close, or when the Reader is no longer reachable.
//
// Its one setting, MaxPayloadSize, is a field, as encoding/csv's Reader
// is configured, rather than an Options struct given to NewReader (the
// way of relink's stream processors): each record's HTTPResponse reads
// it, so a caller may change it between records.
//
// A Reader is not safe for concurrent use.
type Reader struct {
	// MaxPayloadSize bounds the HTTP payload of a record: the Body of
	// the Response that Record.HTTPResponse returns yields at most
	// MaxPayloadSize bytes, and then a *PayloadSizeError if the body,
	// its codings undone, holds more; the output of each content coding
	// undone under the top one is bounded by twice MaxPayloadSize, so
	// that the work to decode a record is bounded too. NewReader sets it to
	// DefaultMaxPayloadSize; 0 or less means no limit, for a caller
	// that bounds what it reads itself. HTTPResponse reads it, so a
	// change applies from the next call. The blocks of records, which
	// the file holds as they are, are not bounded by it.
	MaxPayloadSize int64

	// BaseOffset is the offset in the file of the input's first byte,
	// for a Reader given a part of a file, such as a record read by the
	// offset and length a CDX index gives (an HTTP Range request): the
	// Offsets of the records and of the errors count from it, so that
	// they are those of the whole file. Set it before the first call to
	// Next; 0 means the input is the whole file.
	BaseOffset int64

	// ZstdDictionary is the dictionary of a .warc.zst file whose
	// dictionary frame is not in the input, for a Reader given a record
	// of such a file by its range (see ReadZstdDictionary). A dictionary
	// frame in the input takes its place. Set it before the first call
	// to Next.
	ZstdDictionary []byte

	in   *bufio.Reader // the input
	cnt  *countingReader
	gz   *readAhead    // the decompressor, or nil for an uncompressed file
	zstd bool          // gz decompresses zstd frames, not gzip members
	br   *bufio.Reader // the WARC data: in, or a buffer over gz
	pos  int64         // bytes consumed from br

	started bool
	midLine bool   // the last line read from br had no line feed: it goes on
	resync  bool   // skip to the next record without calling it junk
	version []byte // the version line of the next record, once read
	haveVer bool   // version holds it
	verPos  int64  // where it began

	rec     *Record
	block   blockReader
	pending *SyntaxError // to return from the next call to Next
	err     error        // io.EOF or an error of the input, for good

	http httpState
}

// NewReader returns a Reader that reads the WARC file r. Whether r is
// gzipped is decided from its first bytes.
func NewReader(r io.Reader) *Reader {
	x := &Reader{MaxPayloadSize: DefaultMaxPayloadSize, cnt: &countingReader{r: r}}
	x.in = bufio.NewReaderSize(x.cnt, bufSize)
	return x
}

// countingReader counts the bytes read from r and remembers its first
// error other than io.EOF: after one, the input is broken for good.
//
// With keep (a gzipped file), it also keeps the last bytes it returned,
// up to histSize of them, so that the gzipStream can go back to a member
// that begins inside a damaged member's bytes (rewind): it then returns
// them again before it reads on.
type countingReader struct {
	r   io.Reader
	n   int64 // the offset in the file of the next byte Read returns
	err error

	keep     bool
	hist     []byte // the bytes before offset n, the last histSize at least (and 2*histSize at most)
	replay   []byte // bytes to return again before reading r
	read     int64  // bytes read from r
	replayed int64  // bytes returned again
}

// histSize is how far back a gzipStream can go to the beginning of a
// member that the damaged member before it ran into.
const histSize = 256 << 10

func (c *countingReader) Read(p []byte) (int, error) {
	var (
		n   int
		err error
	)
	if len(c.replay) > 0 {
		n = copy(p, c.replay)
		c.replay = c.replay[n:]
	} else {
		n, err = c.r.Read(p)
		c.read += int64(n)
	}
	c.n += int64(n)
	if c.keep && n > 0 {
		if len(c.hist)+n > 2*histSize {
			drop := max(0, len(c.hist)+n-histSize)
			if drop >= len(c.hist) {
				c.hist = c.hist[:0]
			} else {
				c.hist = c.hist[:copy(c.hist, c.hist[drop:])]
			}
		}
		c.hist = append(c.hist, p[:n]...)
	}
	if err != nil && err != io.EOF && c.err == nil {
		c.err = err
	}
	return n, err
}

func (x *Reader) start() {
	x.started = true
	x.cnt.n = x.BaseOffset
	if b, _ := x.in.Peek(3); len(b) == 3 && b[0] == 0x1f && b[1] == 0x8b && b[2] == 8 {
		// The decompression goes on in a goroutine of its own, which
		// holds neither x nor anything that leads back to it: when x is
		// no longer reachable, the cleanup stops the goroutine.
		// The history of the bytes read begins with those buffered.
		x.cnt.keep = true
		b, _ := x.in.Peek(x.in.Buffered())
		x.cnt.hist = append(make([]byte, 0, 2*histSize), b...)
		x.gz = newReadAhead(newGzipStream(x.in, x.cnt))
		runtime.AddCleanup(x, (*readAhead).halt, x.gz)
		x.br = bufio.NewReaderSize(x.gz, bufSize)
	} else if b, _ := x.in.Peek(4); isZstd(b) {
		x.zstd = true
		x.cnt.keep = true
		b, _ := x.in.Peek(x.in.Buffered())
		x.cnt.hist = append(make([]byte, 0, 2*histSize), b...)
		x.gz = newReadAhead(newZstdStream(x.in, x.cnt, x.ZstdDictionary))
		runtime.AddCleanup(x, (*readAhead).halt, x.gz)
		x.br = bufio.NewReaderSize(x.gz, bufSize)
	} else {
		x.br = x.in
		x.pos = x.BaseOffset
	}
}

// where maps an offset in the WARC data to Offset and DecompressedOffset.
func (x *Reader) where(p int64) (int64, int64) {
	if x.gz == nil {
		return p, 0
	}
	return x.gz.where(p)
}

func (x *Reader) syntaxError(p int64, err error, format string, a ...any) *SyntaxError {
	off, d := x.where(p)
	return &SyntaxError{Offset: off, DecompressedOffset: d, Reason: fmt.Sprintf(format, a...), Err: err}
}

// readError turns an error from br into what Next returns: a
// *SyntaxError for a bad gzip member (after which the stream goes on at
// the next member), the error itself otherwise, remembered for good
// unless it is io.EOF.
func (x *Reader) readError(err error) error {
	var me *memberError
	if errors.As(err, &me) {
		x.gz.resync()
		x.resync = true
		x.midLine = false
		return &SyntaxError{Offset: me.offset, DecompressedOffset: me.dec, Reason: me.reason(), Err: me.err}
	}
	if err != io.EOF {
		x.err = err
	}
	return err
}

// Next returns the next record. It skips what the caller did not read of
// the previous record's block.
func (x *Reader) Next() (*Record, error) {
	if x.rec != nil {
		x.skipBlock()
		x.rec.r = nil
		x.rec = nil
	}
	if x.pending != nil {
		e := x.pending
		x.pending = nil
		return nil, e
	}
	if x.err != nil {
		return nil, x.err
	}
	if !x.started {
		x.start()
	}
	if !x.haveVer {
		if err := x.findRecord(); err != nil {
			return nil, err
		}
	}
	return x.readHeader()
}

// Close stops the Reader. It ends the goroutine that reads a gzipped file
// ahead, and waits for it to end (for a read of the input in progress to
// return, if one is): once Close returns, the Reader reads no more of
// its input. It does not close the input. After Close, Next and the
// Block of the last record return an error. Close returns nil, and may
// be called more than once.
//
// A Reader read to io.EOF or to an error of the input has stopped reading
// already, and one that is dropped stops when the garbage collector finds
// it unreachable: Close is for a caller that stops early, and must know
// that the input is no longer read (before it closes it, say).
func (x *Reader) Close() error {
	if x.gz != nil {
		x.gz.close()
	}
	if x.rec != nil {
		x.block.err = errClosed
		x.rec.r = nil
		x.rec = nil
	}
	x.pending = nil
	x.err = errClosed
	return nil
}

// skipBlock discards the rest of the current block, and the line break
// at its end.
func (x *Reader) skipBlock() {
	b := &x.block
	for b.err == nil && b.left > 0 {
		want := min(b.left, 1<<30)
		if x.gz != nil {
			if want = b.avail(want); want == 0 {
				break
			}
		}
		n, err := x.br.Discard(int(want))
		x.pos += int64(n)
		b.left -= int64(n)
		if err != nil {
			b.fail(err)
		}
	}
}

// isVersionLine reports whether line begins with "WARC/" and a digit.
func isVersionLine(line []byte) bool {
	return len(line) > 5 && string(line[:5]) == "WARC/" && '0' <= line[5] && line[5] <= '9'
}

// isBlank reports whether line holds only white space and line breaks.
func isBlank(line []byte) bool {
	for _, c := range line {
		if c != '\r' && c != '\n' && c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// findRecord reads up to and including the version line of the next
// record, which it leaves in x.version. Anything but blank lines on the
// way is junk, reported once as a *SyntaxError.
func (x *Reader) findRecord() error {
	junk := int64(-1)
	for {
		start := x.pos
		line, err := x.br.ReadSlice('\n')
		x.pos += int64(len(line))
		if len(line) > 0 {
			lineStart := !x.midLine
			x.midLine = line[len(line)-1] != '\n'
			v := int64(-1) // where a version line begins
			switch {
			case lineStart && isVersionLine(line):
				v = start
			case lineStart && isBlank(line):
			default:
				if junk < 0 {
					junk = start
				}
				v = x.memberRecord(start, line)
			}
			if v >= 0 {
				x.version = append(x.version[:0], line[v-start:]...)
				x.haveVer, x.verPos = true, v
				if junk >= 0 && junk < v && !x.resync {
					return x.syntaxError(junk, nil, "%d bytes that are not a record, skipped", v-junk)
				}
				x.resync = false
				return nil
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if err == io.EOF && junk >= 0 && !x.resync {
				return x.syntaxError(junk, nil, "%d bytes at the end that are not a record, skipped", x.pos-junk)
			}
			return x.readError(err)
		}
	}
}

// memberRecord returns where, in line, which begins at start, a gzip
// member begins with a version line, or -1. In a file of one gzip member
// per record, a record begins with its member even when the member before
// ended without a line feed (cut short in a header line, or in junk that
// is not a record) and so joined its last line to the record's version
// line.
func (x *Reader) memberRecord(start int64, line []byte) int64 {
	if x.gz == nil {
		return -1
	}
	for _, m := range x.gz.members {
		if d := m.data - start; m.record && d >= 0 && d < int64(len(line)) && isVersionLine(line[d:]) {
			return m.data
		}
	}
	return -1
}

// readHeader reads the header of the record whose version line is
// x.version and returns the record.
func (x *Reader) readHeader() (*Record, error) {
	start := x.verPos
	rec := &Record{Version: fieldValue(bytes.TrimRight(x.version[len("WARC/"):], " \t\r\n")), Header: make(Header, 0, 16)}
	x.haveVer = false
	rec.Offset, rec.DecompressedOffset = x.where(start)
	rec.Compressed = x.gz != nil
	bad := func(err error, format string, a ...any) (*Record, error) {
		x.resync = true
		return nil, &SyntaxError{Offset: rec.Offset, DecompressedOffset: rec.DecompressedOffset,
			Reason: fmt.Sprintf(format, a...), Err: err}
	}
	size := 0
	for {
		line, err := x.br.ReadSlice('\n')
		x.pos += int64(len(line))
		size += len(line)
		if err == bufio.ErrBufferFull {
			x.midLine = true
			return bad(nil, "a header line longer than %d bytes", bufSize)
		}
		if err == io.EOF {
			// A header ends with a blank line, a line feed included.
			return bad(io.ErrUnexpectedEOF, "truncated: the file ends in the record's header")
		}
		if err != nil {
			e := x.readError(err)
			var se *SyntaxError
			if errors.As(e, &se) {
				// The gzip data broke inside the header: the error is
				// the record's.
				return bad(se.Err, "%s", se.Reason)
			}
			return nil, e
		}
		if size > MaxHeaderSize {
			return bad(nil, "a header longer than %d bytes", MaxHeaderSize)
		}
		lineStart := x.pos - int64(len(line))
		if v := x.memberRecord(lineStart, line); v > start {
			// The next member begins a record inside this one's
			// header: in a file of one member per record, a header
			// never goes on into the next member. The member was cut
			// short in the header (or after a line of it), and the
			// lines read so far, which may name any URL, are not the
			// next record's. The next record comes next.
			reason := "truncated: the record's gzip member ends inside its header, and the next member begins a record"
			if v > lineStart {
				reason = "truncated: a header that ends without a line feed"
			}
			rec, err := bad(nil, "%s", reason)
			x.version = append(x.version[:0], line[v-lineStart:]...)
			x.haveVer, x.verPos, x.resync = true, v, false
			return rec, err
		}
		text := bytes.TrimRight(line, "\r\n")
		if len(text) == 0 {
			break
		}
		if text[0] == ' ' || text[0] == '\t' {
			// A folded line continues the previous field's value.
			if len(rec.Header) == 0 {
				return bad(nil, "a header that begins with a folded line")
			}
			f := &rec.Header[len(rec.Header)-1]
			if v := bytes.TrimSpace(text); len(v) > 0 {
				f.Value += " " + string(v)
			}
			continue
		}
		colon := bytes.IndexByte(text, ':')
		if colon <= 0 {
			return bad(nil, "a header line that is not a field: %s", quoteShort(text))
		}
		rec.Header = append(rec.Header, Field{
			Name:  fieldName(bytes.TrimSpace(text[:colon])),
			Value: fieldValue(bytes.TrimSpace(text[colon+1:])),
		})
	}
	rec.HeaderLength = x.pos - start
	h := rec.Header
	cl := h.Get("Content-Length")
	if cl == "" {
		return bad(nil, "no Content-Length")
	}
	n, err := strconv.ParseInt(cl, 10, 64)
	if err != nil || n < 0 {
		return bad(nil, "bad Content-Length %s", quoteShort([]byte(cl)))
	}
	rec.ContentLength = n
	rec.Type = h.Get("WARC-Type")
	rec.TargetURI = h.Get("WARC-Target-URI")
	if len(rec.TargetURI) >= 2 && rec.TargetURI[0] == '<' && rec.TargetURI[len(rec.TargetURI)-1] == '>' {
		rec.TargetURI = strings.TrimSpace(rec.TargetURI[1 : len(rec.TargetURI)-1])
	}
	rec.RecordID = h.Get("WARC-Record-ID")
	rec.Date = h.Get("WARC-Date")
	rec.ContentType = h.Get("Content-Type")
	x.block = blockReader{x: x, rec: rec, left: n, size: n, start: start}
	x.midLine = false
	for _, f := range [...]struct{ name, v string }{{"WARC-Target-URI", rec.TargetURI}, {"WARC-Record-ID", rec.RecordID}, {"WARC-Date", rec.Date}} {
		if len(f.v) > MaxFieldSize {
			// The block is skipped, as the caller would skip it.
			x.rec = rec
			x.skipBlock()
			x.rec = nil
			return nil, &SyntaxError{Offset: rec.Offset, DecompressedOffset: rec.DecompressedOffset,
				Reason: fmt.Sprintf("a %s of %d bytes, longer than %d: the record is skipped", f.name, len(f.v), MaxFieldSize)}
		}
	}
	rec.Block = &x.block
	rec.r = x
	x.rec = rec
	return rec, nil
}

// commonFields holds the names of common WARC and HTTP header fields, and
// the values of WARC-Type and the like, as they are usually written: the
// Reader uses these strings rather than allocating its own.
var commonFields = map[string]string{}

func init() {
	for _, s := range []string{
		// WARC fields (ISO 28500 section 5).
		"WARC-Type", "WARC-Record-ID", "WARC-Date", "Content-Length", "Content-Type",
		"WARC-Concurrent-To", "WARC-Block-Digest", "WARC-Payload-Digest", "WARC-IP-Address",
		"WARC-Refers-To", "WARC-Refers-To-Target-URI", "WARC-Refers-To-Date", "WARC-Target-URI",
		"WARC-Truncated", "WARC-Warcinfo-ID", "WARC-Filename", "WARC-Profile",
		"WARC-Identified-Payload-Type", "WARC-Segment-Number", "WARC-Segment-Origin-ID",
		"WARC-Segment-Total-Length", "WARC-TREC-ID",
		// Their usual values.
		"1.0", "1.1", "0.18", "0.17", "warcinfo", "response", "resource", "request", "metadata", "revisit", "conversion",
		"continuation", "application/http; msgtype=response", "application/http; msgtype=request",
		"application/http;msgtype=response", "application/http;msgtype=request",
		"application/warc-fields", "text/html", "text/html; charset=utf-8", "text/html; charset=UTF-8",
		// HTTP response fields.
		"Date", "Server", "Connection", "Keep-Alive", "Cache-Control", "Expires", "Pragma",
		"Last-Modified", "ETag", "Vary", "Set-Cookie", "Transfer-Encoding", "Content-Encoding",
		"Content-Language", "Location", "Link", "Refresh", "Accept-Ranges", "Age", "Via",
		"X-Powered-By", "X-Cache", "P3P", "X-Frame-Options", "X-Content-Type-Options",
		"X-XSS-Protection", "Strict-Transport-Security", "Access-Control-Allow-Origin",
		"X-Crawler-Content-Encoding", "X-Crawler-Transfer-Encoding", "X-Crawler-Content-Length",
		"chunked", "gzip", "keep-alive", "close", "Accept-Encoding", "nginx", "Apache", "cloudflare",
	} {
		commonFields[s] = s
	}
}

// fieldName returns b as a string, without allocating for a common name.
func fieldName(b []byte) string {
	if s, ok := commonFields[string(b)]; ok {
		return s
	}
	return string(b)
}

// fieldValue is fieldName for values: short values only are looked up.
func fieldValue(b []byte) string {
	if len(b) <= 40 {
		if s, ok := commonFields[string(b)]; ok {
			return s
		}
	}
	return string(b)
}

// quoteShort quotes b for an error message, cut to 40 bytes.
func quoteShort(b []byte) string {
	if len(b) > 40 {
		return strconv.Quote(string(b[:40])) + "..."
	}
	return strconv.Quote(string(b))
}

// blockReader reads the block of the current record.
type blockReader struct {
	x     *Reader
	rec   *Record
	left  int64 // bytes of the block not yet read
	size  int64
	start int64 // the offset in the data of the record's version line
	err   error
}

func (b *blockReader) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if b.left <= 0 {
		return 0, io.EOF
	}
	want := min(int64(len(p)), b.left)
	if b.x.gz != nil {
		if want = b.avail(want); want == 0 {
			return 0, b.err
		}
	}
	n, err := b.x.br.Read(p[:want])
	b.x.pos += int64(n)
	b.left -= int64(n)
	if err != nil && b.left > 0 {
		b.fail(err)
		if n > 0 {
			return n, nil
		}
		return 0, b.err
	}
	return n, nil
}

// avail returns how much of the block, up to want bytes, may be read
// from the gzip data now: not past the beginning of a gzip member that
// begins a record. In a file of one member per record, a block that runs
// into the next member (its Content-Length too large) would hide the
// records there in its own data: the block is cut where such a member
// begins, reported as cut short, and the member's record is read next.
// avail returns 0 when the block is cut, with b.err set.
func (b *blockReader) avail(want int64) int64 {
	x := b.x
	if x.br.Buffered() == 0 {
		if _, err := x.br.Peek(1); err != nil {
			return want // Read returns the error
		}
	}
	// The members that begin in the data buffered are known: the
	// read-ahead passed them on with the data.
	want = min(want, int64(x.br.Buffered()))
	x.gz.forget(x.pos)
	for _, m := range x.gz.members {
		if m.data >= x.pos+want {
			break
		}
		if m.record && m.data > b.start && m.data >= x.pos {
			if m.data > x.pos {
				return m.data - x.pos
			}
			rec := b.rec
			b.err = io.ErrUnexpectedEOF
			x.pending = &SyntaxError{Offset: rec.Offset, DecompressedOffset: rec.DecompressedOffset,
				Reason: fmt.Sprintf("truncated: the block runs into the gzip member at offset %d, which begins a record of its own, %d bytes into a %d-byte block (Content-Length too large?)",
					m.file, b.size-b.left, b.size), Err: io.ErrUnexpectedEOF}
			return 0
		}
	}
	return want
}

// fail records the error err that cut the block short: the next call to
// Next reports it.
func (b *blockReader) fail(err error) {
	x, rec := b.x, b.rec
	b.err = io.ErrUnexpectedEOF
	reason := fmt.Sprintf("truncated: the file ends %d bytes into a %d-byte block", b.size-b.left, b.size)
	if err == io.EOF {
		x.resync = true
		x.pending = &SyntaxError{Offset: rec.Offset, DecompressedOffset: rec.DecompressedOffset, Reason: reason, Err: io.ErrUnexpectedEOF}
		return
	}
	e := x.readError(err)
	var se *SyntaxError
	if errors.As(e, &se) {
		x.pending = &SyntaxError{Offset: rec.Offset, DecompressedOffset: rec.DecompressedOffset,
			Reason: fmt.Sprintf("%s (%d bytes into a %d-byte block)", se.Reason, b.size-b.left, b.size), Err: se.Err}
		return
	}
	b.err = err
}
