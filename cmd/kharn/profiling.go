package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"sync"
)

// startProfiling starts the profiles that the environment asks for, for
// measuring a whole command at catalogue scale (docs/benchmarks.md), including a
// run stopped with Ctrl-C: KHARN_CPUPROFILE=FILE writes a CPU profile, and
// KHARN_MEMPROFILE=FILE a heap profile (the memory in use, and every
// allocation since the start) taken at Ctrl-C, while the run still holds its
// tables, or else when the command ends. The returned function stops them; it
// reports on stderr a profile it could not write.
func startProfiling(ctx context.Context) (stop func()) {
	var cpu *os.File
	if path := os.Getenv("KHARN_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "kharn: KHARN_CPUPROFILE: %v\n", err)
		} else {
			cpu = f
		}
	}
	var once sync.Once
	heap := func() {
		path := os.Getenv("KHARN_MEMPROFILE")
		if path == "" {
			return
		}
		once.Do(func() {
			f, err := os.Create(path)
			if err == nil {
				runtime.GC()
				err = pprof.Lookup("heap").WriteTo(f, 0)
				f.Close()
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "kharn: KHARN_MEMPROFILE: %v\n", err)
			}
		})
	}
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			heap()
		case <-done:
		}
	}()
	return func() {
		close(done)
		heap()
		if cpu != nil {
			pprof.StopCPUProfile()
			cpu.Close()
		}
	}
}
