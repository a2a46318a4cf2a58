//go:build !unix

// Package cputime reports the CPU time the process has used, so that
// benchmarks can report throughput per CPU second: on a shared machine
// other load disturbs it less than wall time.
package cputime

import "time"

// Used returns 0: CPU time is not measured on this system.
func Used() time.Duration { return 0 }
