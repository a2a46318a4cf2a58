//go:build unix

package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
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

// A walkedFile is a file found by the walk of -r, open to be read: its
// descriptor, used by system calls, not an os.File. An os.File costs each
// file of a tree an attempt to register it with the runtime's poller
// (which fails for a regular file), a finalizer, and two fcntl calls to
// clear O_NONBLOCK; a tree of small files spent a third of its time
// there. A file is opened relative to its directory, held open while its
// files are read (the kernel then walks one name, not the whole path).
// The zero value is closed; one walkedFile serves every file of a run, in
// turn, and release closes its directory at the end of a walk.
type walkedFile struct {
	fd     int
	name   string
	eof    bool  // the end was read: no more reads (bufio asks again)
	size   int64 // the size fstat gave
	read   int64 // the bytes read
	isOpen bool

	dir    string // the directory dirFD is open on, when hasDir
	dirFD  int
	hasDir bool
}

// errNotRegular is the error of open for a file that is not a regular
// file (a FIFO or a device put in a walked file's place).
var errNotRegular = errors.New("not a regular file")

// open opens the file name, found by the walk, to read it: without
// blocking (a FIFO put in its place since the walk opens at once), then,
// once it is known to be a regular file, with O_NONBLOCK cleared (some
// file systems honour it). Its errors are *fs.PathError, as those of
// os.Open and os.File.Stat, and errNotRegular.
func (f *walkedFile) open(name string) error {
	at, rel := f.at(name)
	var fd int
	var err error
	for {
		fd, err = unix.Openat(at, rel, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return &fs.PathError{Op: "open", Path: name, Err: err}
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		unix.Close(fd)
		return errNotRegular
	}
	// The file status flags are O_NONBLOCK alone (the access mode and
	// O_CLOEXEC are not among them): one F_SETFL of none clears it.
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETFL, 0); err != nil {
		unix.Close(fd)
		return &fs.PathError{Op: "fcntl", Path: name, Err: err}
	}
	f.fd, f.name, f.eof, f.isOpen = fd, name, false, true
	f.size, f.read = st.Size, 0
	return nil
}

// at returns the directory descriptor to open name relative to, and
// name relative to it: the descriptor of name's directory, opened
// unless it is the last one's, or, when there is none or it cannot be
// opened, AT_FDCWD and name.
func (f *walkedFile) at(name string) (int, string) {
	i := strings.LastIndexByte(name, '/')
	if i < 0 {
		return unix.AT_FDCWD, name
	}
	dir := name[:i]
	if dir == "" {
		dir = "/"
	}
	if f.hasDir && f.dir == dir {
		return f.dirFD, name[i+1:]
	}
	f.release()
	for {
		fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return unix.AT_FDCWD, name
		}
		f.dir, f.dirFD, f.hasDir = dir, fd, true
		return fd, name[i+1:]
	}
}

// release closes the directory that the last file was opened in.
func (f *walkedFile) release() {
	if f.hasDir {
		unix.Close(f.dirFD)
		f.hasDir = false
	}
}

// maxRead is the most one read asks for: some systems fail a read of
// 1 GiB or more (as os.File's reads, they are cut).
const maxRead = 1 << 30

// Read reads from the file as os.File's Read does, retrying a read
// interrupted by a signal; after the end, it reads no more.
func (f *walkedFile) Read(p []byte) (int, error) {
	if f.eof {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	if len(p) > maxRead {
		p = p[:maxRead]
	}
	for {
		n, err := unix.Read(f.fd, p)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return 0, &fs.PathError{Op: "read", Path: f.name, Err: err}
		}
		if n == 0 {
			f.eof = true
			return 0, io.EOF
		}
		// A read short of what was asked that ends the file at the size
		// fstat gave is its end: the read that would return nothing is
		// not made (a file of pseudo-file systems, of size 0 or of a
		// size it does not have, is read to a read of nothing).
		if f.read += int64(n); n < len(p) && f.read == f.size && f.size > 0 {
			f.eof = true
		}
		return n, nil
	}
}

// Close closes the file, once (a close interrupted by a signal has
// closed it all the same).
func (f *walkedFile) Close() {
	if f.isOpen {
		unix.Close(f.fd)
		f.isOpen = false
	}
}
