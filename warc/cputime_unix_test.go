//go:build unix

package warc_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used, so
// that benchmarks can report throughput per CPU second, which other load
// on a shared machine disturbs less than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
