package main

import (
	"fmt"
	"io"
	"os"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"strings"
	"time"
)

// memStats samples the Go runtime's memory classes (runtime/metrics) every
// interval, for --mem-stats: with Prism the runner and the workers share
// the process, and what its peak RSS is made of (live objects, the
// collector's slack, memory freed but not yet returned to the system,
// stacks) says what grows with a file's size.
type memStats struct {
	stop    chan struct{}
	done    chan struct{}
	samples []metrics.Sample
	peak    []uint64 // the classes at the sample of the highest in-use total
	peakUse uint64
	maxLive uint64 // the most live heap after a collection

	// profile, when not "", is the file of a heap profile written when
	// the live heap reaches a new maximum (by 1 MiB or more): what the
	// process held live at its largest.
	profile  string
	profiled uint64
}

// The classes reported, and the one that tells the live heap.
var memClasses = []string{
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/unused:bytes",
	"/memory/classes/heap/free:bytes",
	"/memory/classes/heap/stacks:bytes",
	"/memory/classes/os-stacks:bytes",
	"/memory/classes/metadata/other:bytes",
	"/memory/classes/other:bytes",
	"/memory/classes/profiling/buckets:bytes",
	"/memory/classes/heap/released:bytes",
	"/memory/classes/total:bytes",
	"/gc/heap/live:bytes",
}

func startMemStats(interval time.Duration, profile string) *memStats {
	m := &memStats{stop: make(chan struct{}), done: make(chan struct{}), profile: profile}
	for _, name := range memClasses {
		m.samples = append(m.samples, metrics.Sample{Name: name})
	}
	go func() {
		defer close(m.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			m.sample()
			select {
			case <-m.stop:
				return
			case <-t.C:
			}
		}
	}()
	return m
}

func (m *memStats) sample() {
	metrics.Read(m.samples)
	v := make([]uint64, len(m.samples))
	for i, s := range m.samples {
		if s.Value.Kind() == metrics.KindUint64 {
			v[i] = s.Value.Uint64()
		}
	}
	n := len(v)
	// In use: all the runtime has from the system but what it released.
	use := v[n-2] - v[n-3]
	if use > m.peakUse {
		m.peakUse, m.peak = use, v
	}
	m.maxLive = max(m.maxLive, v[n-1])
	if m.profile != "" && v[n-1] > m.profiled+1<<20 {
		m.profiled = v[n-1]
		if f, err := os.Create(m.profile); err == nil {
			pprof.Lookup("heap").WriteTo(f, 0)
			f.Close()
		}
	}
}

// report stops the sampling and writes the classes at the peak.
func (m *memStats) report(w io.Writer) {
	close(m.stop)
	<-m.done
	m.sample()
	var parts []string
	for i, name := range memClasses[:len(memClasses)-3] {
		name = strings.TrimSuffix(strings.TrimPrefix(name, "/memory/classes/"), ":bytes")
		parts = append(parts, fmt.Sprintf("%s %.1f", name, float64(m.peak[i])/(1<<20)))
	}
	slices.Sort(parts)
	fmt.Fprintf(w, "relink-beam: memory at its peak, %.1f MiB in use (MiB): %s; live heap at most %.1f MiB\n",
		float64(m.peakUse)/(1<<20), strings.Join(parts, ", "), float64(m.maxLive)/(1<<20))
}
