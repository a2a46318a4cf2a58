package htmltok

import (
	"time"

	"github.com/relink-go/relink/internal/cputime"
)

// cpuTime returns the CPU time the process has used (see package cputime).
func cpuTime() time.Duration { return cputime.Used() }
