package bench

import (
	"testing"
	"time"

	"github.com/relink-go/relink/internal/cputime"
)

// cpuTime returns the CPU time the process has used (see package cputime).
func cpuTime() time.Duration { return cputime.Used() }

// reportCPU reports the throughput per CPU second of a benchmark that
// processed n bytes per op, measured from start: on a shared machine it
// is steadier than wall time, which other load inflates.
func reportCPU(b *testing.B, start time.Duration, n int64) {
	if d := cpuTime() - start; d > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/1e6/d.Seconds(), "MB/cpu-s")
	}
}
