package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Writing in place. The files of a tree are reached from the tree's
// directory, opened once as an os.Root when the tree is walked, one
// directory at a time, never through a symbolic link: each directory of
// a file's path is opened below the one before, and its name must still
// be that directory, not a link, after it is opened. The file is opened,
// its temporary file created, and the rename done by name in its
// directory's handle, so that what happens to the path meanwhile
// (a directory renamed, or replaced by a link) cannot lead elsewhere.
// os.Root itself refuses any name that would lead out of the directory
// it was opened on, on every system it supports.

// Errors of writing in place.
var (
	// errConflict reports a file that another program replaced or
	// changed while rewrite read and rewrote it: it is left as that
	// program made it.
	errConflict = errors.New("conflict: changed by another program while being rewritten; left as it is, not written")

	// errMoved reports a directory of a file's path that is no longer
	// the directory walked: renamed, or replaced by a symbolic link.
	errMoved = errors.New("a directory of its path was moved or replaced by a symbolic link; not followed, not written")

	// errBackupExists reports a file not written because its backup
	// (NAME+SUFFIX of --backup) exists already: it may be the original
	// an earlier run kept, and is never overwritten.
	errBackupExists = errors.New("its backup exists already (from an earlier run?): not written, so that the backup stays the original; remove the backup or choose another --backup suffix")

	// errInterrupted reports a file not written because a signal
	// stopped the run.
	errInterrupted = errors.New("interrupted; not written")
)

// Test hooks, nil but in tests.
var (
	// testHookWalked is called when the inputs are walked, before any
	// file is opened.
	testHookWalked func()

	// testHookReplace is called with the path of a file about to
	// replace when its rewrite is in its temporary file, before the
	// checks that precede the rename.
	testHookReplace func(path string)

	// testHookRenamed is called with the path of a file just renamed
	// into place, before its directory is synced.
	testHookRenamed func(path string)

	// testHookInterrupted is called when a signal has stopped the run
	// and the temporary files are removed, before the partial summary.
	testHookInterrupted func()
)

// A fileDir is the directory of a file to rewrite, open: the chain of
// directories from the tree's root (or, for a file named on the command
// line, from the file's directory) down to it.
type fileDir struct {
	roots []*os.Root    // roots[0] is the tree's root; the last, the file's directory
	names []string      // names[k] is the name of roots[k+1] in roots[k]
	infos []fs.FileInfo // infos[k] is roots[k+1] as it was opened
	own   bool          // roots[0] is to be closed with the others
}

// openFileDir opens the directory of the file of j, and returns it with
// the file's name in it. prev, when not nil, is the directory of an
// earlier file, still open, which openFileDir takes over: the files of a
// tree come in the order of the walk, most in the directory of the file
// before, and the directories of prev's path that j's path begins with
// are kept open, each checked as one just opened is (its name is still
// that directory: check), where opening them anew from the tree's root
// would take three system calls each. A directory that fails the check
// is opened anew, as it would be without prev; the others are closed.
func openFileDir(j *rewriteJob, prev *fileDir) (d *fileDir, name string, err error) {
	if j.root == nil {
		prev.close()
		// A file named on the command line: its directory is the one
		// the path names, as the user wrote it.
		dir, name := filepath.Split(j.path)
		dir = filepath.Clean(dir) // "" is "."; the directory's name in errors has no final separator

		r, err := os.OpenRoot(dir)
		if err != nil {
			return nil, "", err
		}
		return &fileDir{roots: []*os.Root{r}, own: true}, name, nil
	}
	d = prev
	if d == nil || d.own || d.roots[0] != j.root {
		prev.close()
		d = &fileDir{roots: []*os.Root{j.root}}
	}
	rel := j.rel
	k := 0 // the directories of j's path in d so far
	for {
		i := strings.IndexRune(rel, filepath.Separator)
		if i < 0 {
			break
		}
		c := rel[:i]
		rel = rel[i+1:]
		if c == "" || c == "." {
			continue
		}
		if k < len(d.names) {
			if d.names[k] == c && d.check(k) == nil {
				k++
				continue
			}
			d.truncate(k)
		}
		r, err := d.dir().OpenRoot(c)
		if err != nil {
			d.close()
			return nil, "", err
		}
		info, err := r.Stat(".")
		d.roots = append(d.roots, r)
		d.names = append(d.names, c)
		d.infos = append(d.infos, info)
		if err != nil {
			d.close()
			return nil, "", err
		}
		// OpenRoot follows a symbolic link that stays in the tree:
		// what it opened must be what the name is now.
		if err := d.check(len(d.infos) - 1); err != nil {
			d.close()
			return nil, "", err
		}
		k++
	}
	d.truncate(k)
	return d, rel, nil
}

// truncate closes the directories of d below its first k.
func (d *fileDir) truncate(k int) {
	for i := len(d.roots) - 1; i > k; i-- {
		d.roots[i].Close()
	}
	d.roots, d.names, d.infos = d.roots[:k+1], d.names[:k], d.infos[:k]
}

// dir returns the file's directory.
func (d *fileDir) dir() *os.Root { return d.roots[len(d.roots)-1] }

// check reports errMoved unless the name of the k-th directory below the
// tree's root is still that directory, in its parent as opened.
func (d *fileDir) check(k int) error {
	info, err := d.roots[k].Lstat(d.names[k])
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err != nil || !info.IsDir() || !os.SameFile(info, d.infos[k]) {
		return errMoved
	}
	return nil
}

// verify reports errMoved unless every directory of the path is still
// the directory opened, where it was opened.
func (d *fileDir) verify() error {
	for k := range d.infos {
		if err := d.check(k); err != nil {
			return err
		}
	}
	return nil
}

func (d *fileDir) close() {
	if d == nil {
		return
	}
	for k := len(d.roots) - 1; k >= 1; k-- {
		d.roots[k].Close()
	}
	if d.own {
		d.roots[0].Close()
	}
}

// openRewrite opens the file name of the directory dir to rewrite,
// without blocking (O_NONBLOCK on Unix): a FIFO or a device put in the
// file's place since the walk is opened at once, and rewrite finds it is
// no regular file, where a blocking open would wait for a writer
// forever. The caller clears O_NONBLOCK (setBlocking) once it knows the
// file is regular. Tests make it fail.
var openRewrite = func(dir *os.Root, name string) (*os.File, error) {
	return dir.OpenFile(name, os.O_RDONLY|openNonblock, 0)
}

// openTemp creates the new file tmp of dir, readable and writable by
// its owner only; tests make it fail.
var openTemp = func(dir *os.Root, tmp string) (*os.File, error) {
	return dir.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
}

// A tempFiles is the set of the temporary files of writeAtomic in
// flight, so that a signal can remove them. Once stopped, it creates no
// temporary file and renames nothing more.
type tempFiles struct {
	mu      sync.Mutex
	halted  atomic.Bool // stopped, for interruptible, without the lock
	stopped bool
	files   map[tempFile]bool
	written int // the files renamed into place
}

// A tempFile is a temporary file by its directory and name.
type tempFile struct {
	dir  *os.Root
	name string
}

// create creates a new temporary file for the file name in dir, named
// .NAME.relink-DIGITS (see isRewriteTemp), readable and writable by its
// owner only until its mode is set.
func (ts *tempFiles) create(dir *os.Root, name string) (*os.File, string, error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.stopped {
		return nil, "", errInterrupted
	}
	for range 10000 {
		tmp := "." + name + ".relink-" + strconv.FormatUint(uint64(rand.Uint32()), 10)
		f, err := openTemp(dir, tmp)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, "", err
		}
		if ts.files == nil {
			ts.files = map[tempFile]bool{}
		}
		ts.files[tempFile{dir, tmp}] = true
		return f, tmp, nil
	}
	return nil, "", &fs.PathError{Op: "createtemp", Path: filepath.Join(dir.Name(), "."+name+".relink-*"), Err: fs.ErrExist}
}

// remove removes the temporary file tmp of dir, unless stop did.
func (ts *tempFiles) remove(dir *os.Root, tmp string) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.files[tempFile{dir, tmp}] {
		delete(ts.files, tempFile{dir, tmp})
		dir.Remove(tmp)
	}
}

// replace runs rename, which puts the temporary file tmp of dir in
// place, unless the set is stopped; then tmp is no longer the set's.
func (ts *tempFiles) replace(dir *os.Root, tmp string, rename func() error) error {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.stopped {
		return errInterrupted
	}
	if err := rename(); err != nil {
		return err
	}
	delete(ts.files, tempFile{dir, tmp})
	ts.written++
	return nil
}

// stop stops the set and removes its temporary files. It returns the
// number of files renamed into place before, and the errors of the
// removals, each naming its file.
func (ts *tempFiles) stop() (written int, errs []error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ts.stopped = true
	ts.halted.Store(true)
	for t := range ts.files {
		if err := t.dir.Remove(t.name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("%s: %v", filepath.Join(t.dir.Name(), t.name), pathErr(err)))
		}
		delete(ts.files, t)
	}
	return ts.written, errs
}

// An interruptible reads a file to rewrite until the tempFiles are
// stopped, then fails with errInterrupted: a worker in the middle of a
// large file stops at its next read.
type interruptible struct {
	r  io.Reader
	ts *tempFiles
}

func (r interruptible) Read(p []byte) (int, error) {
	if r.ts.halted.Load() {
		return 0, errInterrupted
	}
	return r.r.Read(p)
}

// writeAtomic replaces the file name of d, the file of the job j, with what
// write writes: into a temporary file of the same directory, synced,
// given the mode bits of read, then renamed over name; the directory is
// synced last. read is the file as it was opened for reading: if name is
// no longer that file, unchanged (same file, size and modification
// time), or if a directory of its path was moved, nothing is written and
// the error says why. With a backup suffix, the original is first linked
// (or, failing that, renamed) to name+suffix, so that it always exists
// under one name or the other.
func (rw *rewriteRun) writeAtomic(d *fileDir, name string, j *rewriteJob, read fs.FileInfo, write func(io.Writer) error) (err error) {
	dir := d.dir()
	if rw.backup != "" {
		// Checked again when the backup is made, atomically; this saves
		// the work of a file that is not to be written.
		if _, err := dir.Lstat(name + rw.backup); err == nil {
			return fmt.Errorf("%s: %w", name+rw.backup, errBackupExists)
		}
	}
	tmp, tmpName, err := rw.temps.create(dir, name)
	if err != nil {
		return tempError(dir, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			rw.temps.remove(dir, tmpName)
		}
	}()
	w := bufio.NewWriterSize(tmp, 64<<10)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	mode := read.Mode()
	if err := tmp.Chmod(mode & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if testHookReplace != nil {
		testHookReplace(j.path)
	}
	err = rw.temps.replace(dir, tmpName, func() error {
		// The checks come as close to the rename as can be.
		if err := d.verify(); err != nil {
			return err
		}
		if err := unchanged(dir, name, read); err != nil {
			return err
		}
		renamed := false
		if rw.backup != "" {
			var err error
			if renamed, err = backupFile(dir, name, name+rw.backup); err == errBackupExists {
				return fmt.Errorf("%s: %w", name+rw.backup, err)
			} else if err != nil {
				return fmt.Errorf("backup: %w", pathErr(err))
			}
		}
		if err := dir.Rename(tmpName, name); err != nil {
			if renamed {
				dir.Rename(name+rw.backup, name)
			}
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	if testHookRenamed != nil {
		testHookRenamed(j.path)
	}
	return syncDir(dir)
}

// unchanged reports errConflict unless the file name of dir is still the
// file read: the same file (device and inode on Unix), with the same
// size and modification time.
func unchanged(dir *os.Root, name string, read fs.FileInfo) error {
	now, err := dir.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return errConflict
	}
	if err != nil {
		return err
	}
	if !os.SameFile(now, read) || now.Size() != read.Size() || !now.ModTime().Equal(read.ModTime()) {
		return errConflict
	}
	return nil
}

// backupFile makes backup a name of the file name of dir: a hard link,
// made only if backup does not exist (an existing backup, say the true
// original kept by an earlier run, is never replaced: errBackupExists);
// where hard links cannot be made, name itself is renamed to backup,
// and renamed reports it.
func backupFile(dir *os.Root, name, backup string) (renamed bool, err error) {
	err = dir.Link(name, backup)
	if errors.Is(err, fs.ErrExist) {
		return false, errBackupExists
	}
	if err == nil {
		return false, nil
	}
	// No hard links here: a rename, which would replace an existing
	// backup, so the check comes first (a backup made in between, by
	// another program, is lost).
	if _, err := dir.Lstat(backup); err == nil {
		return false, errBackupExists
	}
	return true, dir.Rename(name, backup)
}

// tempError returns the error of creating a temporary file in dir, which
// names the directory and says why: the file to rewrite is not at fault,
// its directory is (not writable, full).
func tempError(dir *os.Root, err error) error {
	if err == errInterrupted {
		return err
	}
	return fmt.Errorf("cannot create a temporary file in its directory %s (rewrite writes one there, then renames it over the file): %w", dir.Name(), pathErr(err))
}

// syncDir flushes the directory dir to disk, so that a rename in it
// survives a crash. Windows cannot sync a directory and needs not.
func syncDir(dir *os.Root) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := dir.Open(".")
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
