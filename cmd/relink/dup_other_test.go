//go:build !unix

package main

import (
	"errors"
	"os"
)

// haveDup reports whether dupFile can duplicate a descriptor: not here,
// where the system has no dup(2).
const haveDup = false

func dupFile(f *os.File) (*os.File, error) { return nil, errors.ErrUnsupported }
