//go:build unix

package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWalkedFile checks the opener of the files of extract -r: a regular
// file is read to its end and then reads no more; a FIFO or a directory
// is errNotRegular, at once (the open of a FIFO does not wait for a
// writer); a missing file is the error os.Open gives. Files are read
// relative to their directory, whichever it is.
func TestWalkedFile(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "a.html")
	write(t, reg, page)
	fifo := filepath.Join(dir, "f.html")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.html")
	_, osErr := os.Open(missing)

	var f walkedFile
	if err := f.open(reg); err != nil {
		t.Fatalf("open %s: %v", reg, err)
	}
	b, err := io.ReadAll(&f)
	if err != nil || string(b) != page {
		t.Errorf("read %q, %v; want %q", b, err, page)
	}
	if n, err := f.Read(make([]byte, 10)); n != 0 || err != io.EOF {
		t.Errorf("read after the end: %d, %v; want 0, EOF", n, err)
	}
	f.Close()
	f.Close() // a second Close does nothing

	// Files of two directories in turn, one named without a directory
	// (relative to the working directory), read through their
	// directories' descriptors.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(sub, "b.html")
	write(t, other, "b")
	t.Chdir(sub)
	for _, tc := range []struct{ name, want string }{
		{reg, page}, {other, "b"}, {"b.html", "b"}, {reg, page}, {reg, page}, {other, "b"},
	} {
		if err := f.open(tc.name); err != nil {
			t.Fatalf("open %s: %v", tc.name, err)
		}
		b, err := io.ReadAll(&f)
		f.Close()
		if err != nil || string(b) != tc.want {
			t.Errorf("%s: read %q, %v; want %q", tc.name, b, err, tc.want)
		}
	}
	f.release()
	f.release()

	// Read in pieces shorter than the file, then in one read that ends
	// it (no read of nothing after it), and a file of /proc, whose size
	// is 0 but not its text.
	long := strings.Repeat("0123456789", 1000)
	write(t, reg, long)
	for _, size := range []int{7, 4096, len(long) - 1, len(long), len(long) + 1, 1 << 16} {
		if err := f.open(reg); err != nil {
			t.Fatal(err)
		}
		var b []byte
		p := make([]byte, size)
		for {
			n, err := f.Read(p)
			b = append(b, p[:n]...)
			if err == io.EOF {
				break
			} else if err != nil {
				t.Fatal(err)
			}
		}
		f.Close()
		if string(b) != long {
			t.Errorf("reads of %d bytes: %d bytes read, want %d", size, len(b), len(long))
		}
	}
	if err := f.open("/proc/self/status"); err == nil {
		b, err := io.ReadAll(&f)
		f.Close()
		if err != nil || !strings.Contains(string(b), "Pid:") {
			t.Errorf("/proc/self/status (of size 0): read %q, %v", b, err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		t.Error(err)
	} // else a system without /proc

	_, osErrDir := os.Open(filepath.Join(dir, "none", "x.html"))
	for _, tc := range []struct {
		name string
		want error
	}{
		{fifo, errNotRegular},
		{dir, errNotRegular},
		{missing, osErr},
		{filepath.Join(dir, "none", "x.html"), osErrDir}, // no directory to open
	} {
		done := make(chan error, 1)
		go func() {
			var f walkedFile
			defer f.release()
			err := f.open(tc.name)
			if err == nil {
				f.Close()
			}
			done <- err
		}()
		var err error
		select {
		case err = <-done:
		case <-time.After(time.Minute):
			t.Fatalf("open %s blocked for a minute", tc.name)
		}
		if err == nil || err.Error() != tc.want.Error() {
			t.Errorf("open %s: %v; want %v", tc.name, err, tc.want)
		}
		if tc.want != errNotRegular {
			var pe *fs.PathError
			if !errors.As(err, &pe) || !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("open %s: %#v is not a *fs.PathError of ErrNotExist", tc.name, err)
			}
		}
	}
}

// TestExtractFIFOAfterWalk swaps a file of the tree for a FIFO after the
// walk found it: extract -r must report it, skipped, and go on, not
// block in its open.
func TestExtractFIFOAfterWalk(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	write(t, a, "https://a.example/\n")
	write(t, b, "https://b.example/\n")
	testHookExtractWalked = func(path string) {
		if path != a {
			return
		}
		swapForFIFO(t, a)
	}
	defer func() { testHookExtractWalked = nil }()
	got := runPastFIFO(t, []string{"extract", "-r", "--format", "uri", dir}, a)
	if got.code != exitOK || got.stdout != "https://b.example/\n" ||
		!strings.Contains(got.stderr, "relink extract: "+a+": warning: not a regular file, skipped\n") {
		t.Errorf("exit status %d, stdout %q, stderr:\n%s", got.code, got.stdout, got.stderr)
	}
}

// TestExtractWalkedFileGone removes a file of the tree after the walk
// found it: the error names the file, as os.Open's would, and the others
// are read.
func TestExtractWalkedFileGone(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	write(t, a, "https://a.example/\n")
	write(t, b, "https://b.example/\n")
	testHookExtractWalked = func(path string) {
		if path == a {
			os.Remove(a)
		}
	}
	defer func() { testHookExtractWalked = nil }()
	got := runString([]string{"extract", "-r", "--format", "uri", dir}, "")
	if got.code != exitFail || got.stdout != "https://b.example/\n" ||
		got.stderr != "relink extract: "+a+": no such file or directory\n" {
		t.Errorf("exit status %d, stdout %q, stderr:\n%s", got.code, got.stdout, got.stderr)
	}
}
