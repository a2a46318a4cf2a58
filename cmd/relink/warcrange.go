package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/relink-go/relink/warc"
)

// A warcInput is an input of relink warc: a whole file, or the byte
// range of one that holds a record, as a CDX index gives it.
type warcInput struct {
	name   string // the file as given, without its range
	offset int64
	length int64 // 0 for the whole file
}

// parseByteRange parses "OFFSET,LENGTH", decimal, with a length of 1 or
// more.
func parseByteRange(s string) (offset, length int64, ok bool) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, false
	}
	off, err1 := strconv.ParseInt(strings.TrimSpace(a), 10, 64)
	n, err2 := strconv.ParseInt(strings.TrimSpace(b), 10, 64)
	if err1 != nil || err2 != nil || off < 0 || n <= 0 || off > 1<<62 || n > 1<<62 {
		return 0, 0, false
	}
	return off, n, true
}

// splitRange reads FILE#OFFSET,LENGTH as the byte range of FILE, unless
// the name as written is a local file (whose name may hold a "#").
func splitRange(name string) warcInput {
	i := strings.LastIndexByte(name, '#')
	if i <= 0 {
		return warcInput{name: name}
	}
	off, n, ok := parseByteRange(name[i+1:])
	if !ok {
		return warcInput{name: name}
	}
	if !isRemote(name) {
		if _, err := os.Stat(name); err == nil {
			return warcInput{name: name}
		}
	}
	return warcInput{name: name[:i], offset: off, length: n}
}

func isRemote(name string) bool {
	l := strings.ToLower(name)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "s3://")
}

// parseRecordLine reads a line of --records: the place of a record as
//
//	FILE OFFSET LENGTH             (separated by spaces or tabs)
//	FILE,OFFSET,LENGTH             (CSV, as an index query writes it)
//	FILE#OFFSET,LENGTH
//	SURT TIMESTAMP {"filename": FILE, "offset": N, "length": N, ...}   (CDXJ)
//
// It reports false for a line that is none of them. A CSV header line
// (warc_filename,warc_record_offset,warc_record_length) is not a record:
// the caller skips it.
func parseRecordLine(line string) (warcInput, bool) {
	in, ok := parseRecordPlace(line)
	return in, ok && in.name != ""
}

func parseRecordPlace(line string) (warcInput, bool) {
	if i := strings.IndexByte(line, '{'); i >= 0 {
		var j struct {
			Filename string          `json:"filename"`
			Offset   json.RawMessage `json:"offset"`
			Length   json.RawMessage `json:"length"`
		}
		if err := json.Unmarshal([]byte(line[i:]), &j); err != nil || j.Filename == "" {
			return warcInput{}, false
		}
		off, n, ok := parseByteRange(jsonNumber(j.Offset) + "," + jsonNumber(j.Length))
		return warcInput{name: j.Filename, offset: off, length: n}, ok
	}
	f := strings.Fields(line)
	switch {
	case len(f) == 3:
		off, n, ok := parseByteRange(f[1] + "," + f[2])
		return warcInput{name: f[0], offset: off, length: n}, ok
	case len(f) == 1 && strings.Count(f[0], ",") >= 2 && !strings.Contains(f[0], "#"):
		// CSV: the name may hold commas, the numbers do not.
		j := strings.LastIndexByte(f[0], ',')
		i := strings.LastIndexByte(f[0][:j], ',')
		off, n, ok := parseByteRange(f[0][i+1:])
		return warcInput{name: f[0][:i], offset: off, length: n}, ok
	case len(f) == 1:
		in := splitRange(f[0])
		return in, in.length > 0
	}
	return warcInput{}, false
}

// jsonNumber returns a JSON number, or the content of a JSON string (CDXJ
// writes offsets and lengths as strings), as text.
func jsonNumber(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// maxRecordLine bounds a line of --records.
const maxRecordLine = 64 << 10

// records reads the records whose places name lists (see
// parseRecordLine), one per line, each prefixed with prefix when it is
// not a URL or an absolute path.
func (w *warcRun) records(name, prefix string) {
	err := w.eachLine(name, maxRecordLine, func(n int, line string) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || n == 1 && strings.HasPrefix(line, "warc_filename") {
			return
		}
		in, ok := parseRecordLine(line)
		if !ok {
			w.failInput(position(name, n, 0), errors.New("not the place of a record: want FILE OFFSET LENGTH, FILE,OFFSET,LENGTH, FILE#OFFSET,LENGTH or a CDXJ line with filename, offset and length"))
			return
		}
		if prefix != "" && !isRemote(in.name) && !strings.HasPrefix(in.name, "/") {
			in.name = prefix + in.name
		}
		w.archiveInput(in)
	})
	if err != nil {
		w.failInput(name, fmt.Errorf("reading the records: %w", err))
	}
}

// eachLine calls fn with each line (counted from 1) of the file name, or
// of standard input for "-", lines of at most max bytes, until the output
// fails. It reports a file that cannot be opened itself, and returns the
// error that stopped the reading of the lines.
func (w *warcRun) eachLine(name string, max int, fn func(n int, line string)) error {
	var r io.Reader = w.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			w.failInput(name, err)
			return nil
		}
		defer f.Close()
		r = f
	}
	s := bufio.NewScanner(r)
	s.Buffer(nil, max)
	for n := 1; s.Scan() && w.out.err == nil; n++ {
		fn(n, s.Text())
	}
	return s.Err()
}

// zstdDictionary reads the dictionary of a .warc.zst file whose records
// are read by their ranges, from the dictionary frame at its start, once
// for the lookups that follow in the same file.
func (w *warcRun) zstdDictionary(name string) error {
	if !strings.HasSuffix(strings.ToLower(name), ".zst") || w.zdictFile == name {
		return nil
	}
	w.zdictFile, w.zdict = "", nil
	ctx := context.Background()
	head, err := w.remote.OpenRange(ctx, name, 0, 8)
	if err != nil {
		return err
	}
	var h [8]byte
	n, err := io.ReadFull(head, h[:])
	head.Close()
	if n < 8 || binary.LittleEndian.Uint32(h[:]) != 0x184D2A5D {
		if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
			return err
		}
		w.zdictFile = name // no dictionary
		return nil
	}
	size := int64(binary.LittleEndian.Uint32(h[4:]))
	if size > warc.MaxZstdDictionary {
		return fmt.Errorf("the dictionary frame holds %d bytes, more than the %d read at most", size, warc.MaxZstdDictionary)
	}
	f, err := w.remote.OpenRange(ctx, name, 0, 8+size)
	if err != nil {
		return err
	}
	defer f.Close()
	d, err := warc.ReadZstdDictionary(f)
	if err != nil {
		return fmt.Errorf("reading the dictionary frame: %w", err)
	}
	w.zdictFile, w.zdict = name, d
	return nil
}
