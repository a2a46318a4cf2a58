//go:build unix

package bench

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the throughput per CPU second of a benchmark that
// processed n bytes per op, measured from start: on a shared machine it
// is steadier than wall time, which other load inflates.
func reportCPU(b *testing.B, start time.Duration, n int64) {
	if d := cpuTime() - start; d > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/1e6/d.Seconds(), "MB/cpu-s")
	}
}
