//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOutputFIFO checks that -o FILE, when FILE is a pipe (as a device
// such as /dev/stdout is), writes to it: it is not replaced by a file
// renamed over it.
func TestOutputFIFO(t *testing.T) {
	dir := t.TempDir()
	plain := goldenDir + "/jwarc-cc.warc.gz.jsonl"
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- b
	}()
	if code, _, stderr := runCmd(nil, "-o", fifo, plain); code != 0 {
		t.Fatalf("-o FIFO: status %d, stderr %q", code, stderr)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("-o FIFO: the pipe was replaced: %v, %v", fi.Mode(), err)
	}
	out := filepath.Join(dir, "fifo.parquet")
	if err := os.WriteFile(out, <-got, 0o644); err != nil {
		t.Fatal(err)
	}
	checkRows(t, out, lines(t, plain))
}
