//go:build !unix

package warc_test

import "time"

// cpuTime is not measured here: the MB/cpu-s metric is not reported.
func cpuTime() time.Duration { return 0 }
