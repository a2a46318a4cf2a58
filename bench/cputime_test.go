package bench

import (
	"testing"
	"time"

	"github.com/relink-go/relink/internal/cputime"
)

// cpuTime returns the CPU time the process has used (see package cputime).
func cpuTime() time.Duration { return cputime.Used() }

// reportCPU reports, and returns, the throughput per CPU second of a
// benchmark that processed n bytes per op, measured from start: on a
// shared machine it is steadier than wall time, which other load
// inflates. It returns 0 when no CPU time was measured.
func reportCPU(b *testing.B, start time.Duration, n int64) float64 {
	d := cpuTime() - start
	if d <= 0 {
		return 0
	}
	mbps := float64(n) * float64(b.N) / 1e6 / d.Seconds()
	b.ReportMetric(mbps, "MB/cpu-s")
	return mbps
}
