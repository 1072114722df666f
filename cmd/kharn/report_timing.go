package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/metrics"
	"runtime/pprof"
	"syscall"
	"time"
)

// stageTimer writes, when KHARN_STAGE_TIMES is set, the wall and CPU time
// (user + system, of the whole process) of each stage of a report to standard
// error, so that docs/benchmarks.md can say where a report's time goes and
// how well it keeps the cores busy. It also labels the CPU profile
// (KHARN_CPUPROFILE) with the stage, for go tool pprof -tagfocus stage=NAME.
type stageTimer struct {
	w     io.Writer // nil: off
	start time.Time
	cpu   time.Duration
	// idle is the runtime's idle processor time at the last lap (idleCPU).
	idle time.Duration
	// played and shared are battlesPlayed and battlesShared at the last lap.
	played, shared int64
	// reused is pairingsReused at the last lap.
	reused int64
}

// newStageTimer returns a timer that writes to w when KHARN_STAGE_TIMES is set.
func newStageTimer(w io.Writer) *stageTimer {
	t := &stageTimer{}
	if os.Getenv("KHARN_STAGE_TIMES") != "" {
		t.w = w
	}
	t.start, t.cpu, t.idle = time.Now(), processCPU(), idleCPU()
	t.played, t.shared, t.reused = battlesPlayed.Load(), battlesShared.Load(), pairingsReused.Load()
	return t
}

// lap writes the time since the last lap as the time of stage name.
func (t *stageTimer) lap(name string) {
	now, cpu, idle := time.Now(), processCPU(), idleCPU()
	if t.w != nil {
		wall := now.Sub(t.start)
		c := cpu - t.cpu
		fmt.Fprintf(t.w, "kharn report: stage %s: %.1f s wall, %.1f CPU s (%.2f cores), %.1f s of processors idle\n",
			name, wall.Seconds(), c.Seconds(), c.Seconds()/max(wall.Seconds(), 1e-9), (idle - t.idle).Seconds())
		if n := pairingsReused.Load() - t.reused; n > 0 {
			fmt.Fprintf(t.w, "kharn report: stage %s: %d pairings taken from the matchups (matchups.go)\n", name, n)
		}
		if p, s := battlesPlayed.Load()-t.played, battlesShared.Load()-t.shared; p+s > 0 {
			fmt.Fprintf(t.w, "kharn report: stage %s: %d fair-cost battles played, %d more the same as one of their trial's (cost_memo.go)\n", name, p, s)
		}
	}
	t.start, t.cpu, t.idle = now, cpu, idle
	t.played, t.shared, t.reused = battlesPlayed.Load(), battlesShared.Load(), pairingsReused.Load()
}

// processCPU returns the user and system CPU time of the process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// withStage runs f with the CPU profile's samples labelled stage=name (the
// goroutines f starts inherit the label).
func withStage(ctx context.Context, name string, f func()) {
	pprof.Do(ctx, pprof.Labels("stage", name), func(context.Context) { f() })
}

// idleCPU returns the Go runtime's estimate of the processor time (GOMAXPROCS
// processors over the wall time) in which no goroutine ran: a stage that
// leaves a core without work shows here, while the time the machine's other
// jobs take from a busy worker does not (the CPU seconds and cores above do).
// A wait for a last piece of work lasts as long as that work takes in wall
// time, so on a loaded machine the idle time of such a tail grows too.
func idleCPU() time.Duration {
	s := []metrics.Sample{{Name: "/cpu/classes/idle:cpu-seconds"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindFloat64 {
		return 0
	}
	return time.Duration(s[0].Value.Float64() * float64(time.Second))
}
