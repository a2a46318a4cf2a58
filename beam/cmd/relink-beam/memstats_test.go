package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"
	"time"
)

// TestMemStats: --mem-stats reports the memory at its peak, which holds
// what was allocated and kept live while it sampled, and --memprofile
// writes a heap profile when the live heap grows.
func TestMemStats(t *testing.T) {
	// What earlier tests of the process left is given back, so that the
	// peak is the sample that holds the 64 MiB below.
	debug.FreeOSMemory()
	prof := filepath.Join(t.TempDir(), "heap.pprof")
	m := startMemStats(time.Millisecond, prof)
	hold := make([][]byte, 0, 64)
	for range 64 {
		hold = append(hold, bytes.Repeat([]byte{1}, 1<<20)) // 64 MiB, live
	}
	runtime.GC()
	time.Sleep(20 * time.Millisecond)
	var out bytes.Buffer
	m.report(&out)
	runtime.KeepAlive(hold)
	re := regexp.MustCompile(`^relink-beam: memory at its peak, ([0-9.]+) MiB in use \(MiB\): .*heap/objects ([0-9.]+).*; live heap at most ([0-9.]+) MiB\n$`)
	g := re.FindStringSubmatch(out.String())
	if g == nil {
		t.Fatalf("report %q", out.String())
	}
	for i, name := range []string{"in use", "objects", "live heap"} {
		if v, _ := strconv.ParseFloat(g[i+1], 64); v < 64 {
			t.Errorf("%s %v MiB, with 64 MiB live", name, v)
		}
	}
	if fi, err := os.Stat(prof); err != nil || fi.Size() == 0 {
		t.Errorf("heap profile: %v", err)
	}
}
