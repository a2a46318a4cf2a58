//go:build !unix

package htmltok

import "time"

// cpuTime is not measured here: the MB/cpu-s metric is not reported.
func cpuTime() time.Duration { return 0 }
