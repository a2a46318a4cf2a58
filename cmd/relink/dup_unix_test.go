//go:build unix

package main

import (
	"os"
	"syscall"
)

// haveDup reports whether dupFile can duplicate a descriptor.
const haveDup = true

// dupFile returns a new file for a duplicate of f's file descriptor.
func dupFile(f *os.File) (*os.File, error) {
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), f.Name()), nil
}
