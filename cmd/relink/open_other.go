//go:build !unix

package main

import (
	"errors"
	"os"
)

// openNonblock is 0 where opening a file cannot block on what it is.
const openNonblock = 0

func setBlocking(f *os.File) error { return nil }

// A walkedFile is a file found by the walk of -r, open to be read. The
// zero value is closed; one walkedFile serves every file of a run, in
// turn.
type walkedFile struct {
	f *os.File
}

// errNotRegular is the error of open for a file that is not a regular
// file.
var errNotRegular = errors.New("not a regular file")

// open opens the file name, found by the walk, to read it; its errors
// are those of os.Open and os.File.Stat, and errNotRegular.
func (f *walkedFile) open(name string) error {
	file, err := os.Open(name)
	if err != nil {
		return err
	}
	if info, err := file.Stat(); err != nil {
		file.Close()
		return err
	} else if !info.Mode().IsRegular() {
		file.Close()
		return errNotRegular
	}
	f.f = file
	return nil
}

// Read reads from the file.
func (f *walkedFile) Read(p []byte) (int, error) { return f.f.Read(p) }

// release does nothing: files are opened by their path.
func (f *walkedFile) release() {}

// Close closes the file, once.
func (f *walkedFile) Close() {
	if f.f != nil {
		f.f.Close()
		f.f = nil
	}
}
