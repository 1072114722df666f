package benchmarks

import (
	"syscall"
	"testing"
	"time"
)

// cpuNow returns the CPU time (user + system) the process has used so far.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per iteration since start (cpuNow before the
// benchmark's loop) as "cpu-ns/op": on a machine shared with other jobs the
// wall time per op (ns/op) grows with the load, the CPU time much less (issue
// #13; docs/benchmarks.md). Set-up before start is left out, unlike a perf stat
// of the whole binary.
func reportCPU(b *testing.B, start time.Duration) {
	if b.N > 0 {
		b.ReportMetric(float64(cpuNow()-start)/float64(b.N), "cpu-ns/op")
	}
}
