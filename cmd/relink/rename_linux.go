package main

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// renameNoReplace renames old to new, failing when new exists: one
// renameat2(2) with RENAME_NOREPLACE, so that nothing that appears at new
// meanwhile is replaced; where the file system has no such flag, a check
// then rename(2).
func renameNoReplace(old, new string) error {
	err := unix.Renameat2(unix.AT_FDCWD, old, unix.AT_FDCWD, new, unix.RENAME_NOREPLACE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) {
		return renameChecked(old, new)
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: old, New: new, Err: err}
	}
	return nil
}
