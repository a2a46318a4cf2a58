//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRewriteFIFOAfterWalk swaps a file of the tree for a FIFO after the
// walk: rewrite -w must report it and go on, not block in its open
// (issue 19, item 13: the open blocked before the regular-file check).
func TestRewriteFIFOAfterWalk(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html")
	write(t, a, page)
	write(t, b, page)
	testHookWalked = func() {
		swapForFIFO(t, a)
	}
	defer func() { testHookWalked = nil }()
	got := runPastFIFO(t, []string{"rewrite", "-r", "-w", "-j", "1", "--to", "uri", dir}, a)
	if got.code != exitOK || !strings.Contains(got.stderr, a+": warning: not a regular file, skipped") ||
		!strings.Contains(got.stderr, "1 file scanned, 1 changed, 1 link rewritten, 1 skipped") {
		t.Errorf("exit status %d, stderr:\n%s", got.code, got.stderr)
	}
	if info, err := os.Lstat(a); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("%s is no longer the FIFO: %v, %v", a, info, err)
	}
	if s, _ := os.ReadFile(b); s == nil || string(s) == page {
		t.Errorf("b.html not rewritten: %q", s)
	}
}

// TestExtractFIFO checks that a FIFO in a walked tree is not read (its
// open would block), and that one named on the command line is read as
// the pipe it is.
func TestExtractFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "f.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO:", err)
	}
	write(t, filepath.Join(dir, "a.txt"), "https://a.example/\n")
	got := runString([]string{"extract", "-r", "--format", "uri", dir}, "")
	if got.code != exitOK || got.stdout != "https://a.example/\n" {
		t.Errorf("extract -r: exit status %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			f.WriteString("https://fifo.example/\n")
			f.Close()
		}
	}()
	got = runString([]string{"extract", "--format", "uri", fifo}, "")
	if got.code != exitOK || got.stdout != "https://fifo.example/\n" {
		t.Errorf("extract FIFO: exit status %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
}

// TestRewriteSignalSummary stops rewrite -w with SIGINT sent by a worker
// when another worker has renamed its file, and checks that the partial
// summary counts that file as changed (issue 19, item 13: the summary
// was one file short when a renamed file's worker had not yet reported
// it as the signal came). The hooks order it: b.html is renamed first;
// then a.html's worker, before its own rename, sends the signal and
// waits until the run is stopped.
func TestRewriteSignalSummary(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html")
	write(t, a, page)
	write(t, b, page)
	interruptBetween(t, b, a)
	got := runString([]string{"rewrite", "-r", "-w", "-j", "2", "--to", "uri", dir}, "")
	if got.code != 130 {
		t.Errorf("exit status %d, want 130\n%s", got.code, got.stderr)
	}
	want := "relink rewrite: interrupted by SIGINT: 1 file written, the other 1 left as they were, no temporary file left\n" +
		"relink rewrite: 1 file scanned, 1 changed, 1 link rewritten, 0 skipped, 0 errors, "
	if !strings.Contains(got.stderr, want) {
		t.Errorf("stderr:\n%s\nwant:\n%s", got.stderr, want)
	}
	if s, _ := os.ReadFile(a); string(s) != page {
		t.Errorf("a.html written after the signal: %q", s)
	}
	if s, _ := os.ReadFile(b); string(s) == page {
		t.Errorf("b.html not written")
	}
	if tmp := temps(t, dir); len(tmp) > 0 {
		t.Errorf("temporary files left: %q", tmp)
	}
}

// interruptBetween orders a run of two workers with the test hooks: once
// first's file has been renamed into place, second's worker, before its
// own rename, sends SIGINT to the process and waits until the run has
// stopped. The hooks are cleared when the test ends.
func interruptBetween(t *testing.T, first, second string) {
	renamed := make(chan struct{})
	stopped := make(chan struct{})
	testHookReplace = func(path string) {
		if path == second {
			<-renamed
			syscall.Kill(os.Getpid(), syscall.SIGINT)
			<-stopped
		}
	}
	testHookRenamed = func(path string) {
		if path == first {
			close(renamed)
		}
	}
	testHookInterrupted = func() { close(stopped) }
	t.Cleanup(func() { testHookReplace, testHookRenamed, testHookInterrupted = nil, nil, nil })
}

// swapForFIFO replaces the file at path with a FIFO, as a file of a tree
// may be between the walk that found it and its open.
func swapForFIFO(t *testing.T, path string) {
	t.Helper()
	if err := os.Remove(path); err != nil {
		t.Error(err)
	}
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Error(err)
	}
}

// runPastFIFO runs the command of args and returns its result. If it has
// not ended after a minute, it is blocked in the open of fifo: a writer
// opens fifo to free it and the test fails.
func runPastFIFO(t *testing.T, args []string, fifo string) runResult {
	t.Helper()
	done := make(chan runResult, 1)
	go func() { done <- runString(args, "") }()
	select {
	case got := <-done:
		return got
	case <-time.After(time.Minute):
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		t.Fatalf("relink %s blocked on the FIFO %s for a minute", strings.Join(args, " "), fifo)
		return runResult{}
	}
}
