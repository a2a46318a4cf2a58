package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// Output and whole lines.
//
// The line formats of extract, warc, uri, iri and check go out through a
// lineWriter: each write(2) holds whole lines, at most PIPE_BUF (4096)
// bytes of them on a pipe, so that the lines of several processes that
// share one pipe (xargs -P, parallel, a shell's a & b) do not mix: POSIX
// makes a write of at most PIPE_BUF bytes to a pipe atomic. A line longer
// than 4096 bytes cannot be written atomically to a pipe and may be cut
// by another process's lines there. -o FILE appends to a file instead: a
// write to a regular file opened for appending is put at its end in one
// piece (on Linux, a write to a regular file is not interleaved with
// another's), so that processes that share FILE keep every line whole,
// of any length up to the 1 MiB a lineWriter holds (maxLine).

// outputHelp is the -o flag's usage.
const outputHelp = "append the output to `FILE` (created if need be) instead of writing it to standard output:\n" +
	"processes that share FILE keep their lines whole, however long (on a pipe, only lines of at most 4096 bytes are);\n" +
	"FILE.gz and FILE.zst are compressed, in gzip members or zstd frames of whole lines"

// outputFlag defines -o on fs, for e.openOutput.
func (e *env) outputFlag(fs *flag.FlagSet) {
	fs.StringVar(&e.outPath, "output", "", outputHelp)
	shortTwin(fs, "o", "output")
}

// openOutput opens the file -o names, if any, for appending, and makes it
// the command's standard output; run closes it when the command returns,
// and a failure to close it is a failure to write the output, whose exit
// status is lost. It returns -1, or the exit status lost when the file
// cannot be opened (reported on standard error).
func (e *env) openOutput(cmd *command, lost int) int {
	if e.outPath == "" {
		return -1
	}
	if strings.HasSuffix(strings.ToLower(e.outPath), ".parquet") {
		// JSON lines under a .parquet name would be a trap: say who
		// writes Parquet (the module parquet/, kept out of this one).
		fmt.Fprintf(e.stderr, "relink %s: -o %s: relink writes JSON lines, not Parquet: pipe them to relink-parquet (module parquet/): relink %s ... | relink-parquet -o %[2]s\n",
			cmd.name, escapeText(e.outPath), cmd.name)
		return exitUsage
	}
	f, err := os.OpenFile(e.outPath, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		fmt.Fprintf(e.stderr, "relink %s: %s: %v\n", cmd.name, position(e.outPath, 0, 0), err)
		return lost
	}
	e.stdout, e.outFile, e.outLost = f, f, lost
	if kind := compression(e.outPath); kind != "" {
		e.stdout = newMemberWriter(f, kind) // see compress.go
	}
	return -1
}

// closeOutput closes the file of -o, if any, and returns the exit status
// of the command: status, or e.outLost when closing fails.
func (e *env) closeOutput(cmd *command, status int) int {
	if e.outFile == nil {
		return status
	}
	if err := e.outFile.Close(); err != nil {
		fmt.Fprintf(e.stderr, "relink %s: writing output: %v\n", cmd.name, err)
		if status == exitOK || (status < e.outLost || status == exitBadFile) && status != exitUsage {
			status = e.outLost
		}
	}
	e.outFile = nil
	return status
}

// WriteString writes s, as Write does.
func (l *lineWriter) WriteString(s string) (int, error) {
	return l.Write([]byte(s))
}

// WriteByte writes c, as Write does.
func (l *lineWriter) WriteByte(c byte) error {
	_, err := l.Write([]byte{c})
	return err
}
