// Command relink-parquet writes the link records of relink warc and
// relink extract --format jsonl (JSON lines) as one Parquet file, a row
// a line, a column a field (package linkparquet has the columns):
//
//	relink warc crawl.warc.gz | relink-parquet -o links.parquet
//	relink-parquet -o links.parquet links-1.jsonl.gz links-2.jsonl.zst
//
// Usage:
//
//	relink-parquet [-o FILE.parquet] [-compression zstd|snappy|gzip|none]
//	    [-row-group-rows N] [-row-group-bytes N] [FILE.jsonl...|-]
//
// The inputs are read in order, standard input for none or "-"; a name
// ending in .gz is gunzipped (every member), .zst decompressed (every
// frame); standard input is gunzipped or decompressed when it begins
// as a gzip member or a zstd frame does. The output is FILE, written
// whole or not at all (a temporary file renamed at the end; a FILE that
// is a device or a pipe is written as it is), or standard output without
// -o.
//
// A line that is not a link record stops the run, with the reason:
//
//	relink-parquet: links.jsonl:12:8: not a link record: ...
//
// (the column is that of a JSON syntax error, when there is one). Lines
// are at most 64 MiB; a zstd frame may ask for a window of at most 32 MiB
// (warc.MaxZstdWindow, as relink warc reads .warc.zst). The exit status is 0 when every line was written,
// 1 for a line that is not a link record, 2 for a usage error, 3 when an
// input cannot be opened or read (a compressed input cut short), 4 when
// the output cannot be written; no output file is left but on 0.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/zstd"
	pgzip "github.com/parquet-go/parquet-go/compress/gzip"
	"github.com/parquet-go/parquet-go/compress/snappy"
	"github.com/parquet-go/parquet-go/compress/uncompressed"
	pzstd "github.com/parquet-go/parquet-go/compress/zstd"
	"github.com/relink-go/relink/parquet/linkparquet"
	"github.com/relink-go/relink/warc"
)

const (
	exitOK     = 0
	exitRecord = 1
	exitUsage  = 2
	exitInput  = 3
	exitOutput = 4
)

// maxLine bounds the length of a line (a variable for the tests).
var maxLine = 64 << 20

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// A failure is an error and the exit status it gives.
type failure struct {
	code int
	err  error
}

func (f *failure) Error() string { return f.err.Error() }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("relink-parquet", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "write the Parquet file to `FILE` (whole or not at all), not standard output")
	codec := fs.String("compression", "zstd", "compress the pages with `CODEC`: zstd, snappy, gzip or none")
	rows := fs.Int64("row-group-rows", linkparquet.DefaultMaxRowGroupRows, "end a row group at `N` rows")
	rowBytes := fs.Int64("row-group-bytes", linkparquet.DefaultMaxRowGroupBytes, "end a row group at `N` bytes of values (strings' bytes, 8 an integer)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: relink-parquet [-o FILE.parquet] [flags] [FILE.jsonl...|-]\n\n"+
			"relink-parquet writes the link records of relink warc and relink extract\n"+
			"--format jsonl as one Parquet file, a row a line, a column a field.\n"+
			"FILE.gz and FILE.zst are decompressed; no FILE or - reads standard input.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return exitOK
		}
		return exitUsage
	}
	o := linkparquet.Options{MaxRowGroupRows: *rows, MaxRowGroupBytes: *rowBytes}
	switch *codec {
	case "zstd":
		o.Compression = &pzstd.Codec{Level: pzstd.DefaultLevel}
	case "snappy":
		o.Compression = &snappy.Codec{}
	case "gzip":
		o.Compression = &pgzip.Codec{Level: pgzip.DefaultCompression}
	case "none":
		o.Compression = &uncompressed.Codec{}
	default:
		fmt.Fprintf(stderr, "relink-parquet: -compression %s: not zstd, snappy, gzip or none\n", *codec)
		return exitUsage
	}
	if *rows <= 0 || *rowBytes <= 0 {
		fmt.Fprintln(stderr, "relink-parquet: -row-group-rows and -row-group-bytes must be positive")
		return exitUsage
	}
	inputs := fs.Args()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	if err := convert(inputs, *out, o, stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "relink-parquet: %v\n", err)
		var f *failure
		if errors.As(err, &f) {
			return f.code
		}
		return exitOutput
	}
	return exitOK
}

// convert writes the records of inputs to out (standard output if "").
func convert(inputs []string, out string, o linkparquet.Options, stdin io.Reader, stdout io.Writer) (err error) {
	var w io.Writer = stdout
	var tmp *os.File
	if fi, serr := os.Stat(out); out != "" && serr == nil && !fi.Mode().IsRegular() {
		// A device or a pipe (-o /dev/stdout) is written as it is, not
		// replaced by a file renamed over it.
		f, err := os.OpenFile(out, os.O_WRONLY, 0)
		if err != nil {
			return &failure{exitOutput, err}
		}
		defer f.Close()
		w, out = f, ""
	}
	if out != "" {
		tmp, err = os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*.tmp")
		if err != nil {
			return &failure{exitOutput, err}
		}
		defer func() {
			if tmp != nil {
				tmp.Close()
				os.Remove(tmp.Name())
			}
		}()
		w = tmp
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	pw := linkparquet.NewWriter(bw, o)
	for _, name := range inputs {
		if err := readFile(pw, name, stdin); err != nil {
			return err
		}
	}
	if err := pw.Close(); err != nil {
		return &failure{exitOutput, err}
	}
	if err := bw.Flush(); err != nil {
		return &failure{exitOutput, err}
	}
	if tmp != nil {
		if err := tmp.Chmod(0o644); err != nil {
			return &failure{exitOutput, err}
		}
		if err := tmp.Close(); err != nil {
			return &failure{exitOutput, err}
		}
		if err := os.Rename(tmp.Name(), out); err != nil {
			return &failure{exitOutput, err}
		}
		tmp = nil
	}
	return nil
}

// readFile writes the records of the file name ("-" for stdin) to pw.
func readFile(pw *linkparquet.Writer, name string, stdin io.Reader) error {
	var r io.Reader
	shown := name
	if name == "-" {
		r, shown = stdin, "standard input"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return &failure{exitInput, err}
		}
		defer f.Close()
		r = f
	}
	br := bufio.NewReaderSize(r, 1<<20)
	kind := strings.ToLower(filepath.Ext(name))
	if name == "-" {
		switch magic, _ := br.Peek(4); {
		case bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
			kind = ".gz"
		case bytes.Equal(magic, []byte{0x28, 0xb5, 0x2f, 0xfd}):
			kind = ".zst"
		}
	}
	switch kind {
	case ".gz":
		z, err := gzip.NewReader(br)
		if err != nil {
			return &failure{exitInput, fmt.Errorf("%s: %v", shown, err)}
		}
		defer z.Close()
		br = bufio.NewReaderSize(z, 1<<20)
	case ".zst":
		z, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxWindow(warc.MaxZstdWindow))
		if err != nil {
			return &failure{exitInput, fmt.Errorf("%s: %v", shown, err)}
		}
		defer z.Close()
		br = bufio.NewReaderSize(z, 1<<20)
	}
	var long []byte // a line longer than br's buffer
	var rec linkparquet.Record
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		for err == bufio.ErrBufferFull {
			if len(long)+len(line) > maxLine {
				return &failure{exitRecord, fmt.Errorf("%s:%d: a line longer than %d MiB", shown, n, maxLine>>20)}
			}
			long = append(long, line...)
			line, err = br.ReadSlice('\n')
		}
		if long != nil {
			long = append(long, line...)
			line, long = long, nil
		}
		if len(bytes.TrimSuffix(line, []byte("\n"))) > maxLine {
			return &failure{exitRecord, fmt.Errorf("%s:%d: a line longer than %d MiB", shown, n, maxLine>>20)}
		}
		if err != nil && err != io.EOF {
			return &failure{exitInput, fmt.Errorf("%s:%d: %v", shown, n, err)}
		}
		if len(line) == 0 && err == io.EOF {
			return nil
		}
		if uerr := rec.UnmarshalJSON(line); uerr != nil {
			var re *linkparquet.RecordError
			if errors.As(uerr, &re) && re.Col > 0 {
				return &failure{exitRecord, fmt.Errorf("%s:%d:%d: %v", shown, n, re.Col, uerr)}
			}
			return &failure{exitRecord, fmt.Errorf("%s:%d: %v", shown, n, uerr)}
		}
		if werr := pw.WriteRecord(&rec); werr != nil {
			return &failure{exitOutput, werr}
		}
		if err == io.EOF {
			return nil
		}
	}
}
