//go:build unix

package main

import (
	"os"
	"syscall"
)

// openNonblock is the flag that opens a file without blocking: a FIFO
// or a device put in a file's place is opened at once, and found not to
// be a regular file, instead of blocking until a writer comes.
const openNonblock = syscall.O_NONBLOCK

// setBlocking clears the O_NONBLOCK that openNonblock set on f, a regular
// file, so that it is read as any other.
func setBlocking(f *os.File) error {
	c, err := f.SyscallConn()
	if err != nil {
		return err
	}
	cerr := c.Control(func(fd uintptr) { err = syscall.SetNonblock(int(fd), false) })
	if cerr != nil {
		return cerr
	}
	return err
}
