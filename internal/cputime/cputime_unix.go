//go:build unix

// Package cputime reports the CPU time the process has used, so that
// benchmarks can report throughput per CPU second: on a shared machine
// other load disturbs it less than wall time.
package cputime

import (
	"syscall"
	"time"
)

// Used returns the user and system CPU time the process has used, or 0
// where it cannot be measured.
func Used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
