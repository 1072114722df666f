package main

import (
	"os"
	"runtime/debug"
)

// defaultMemoryLimit is the soft memory limit of the Go runtime that kharn sets
// when GOMEMLIMIT does not set one: 1.5 GiB. A report or kharn cost at catalogue
// scale keeps the option tables of every pair of profiles for the run (about
// 0.65 GB for 150 profiles, docs/benchmarks.md); with the runtime's default (a
// collection each time the heap doubles) its resident memory reached twice
// that. Near the limit the collector runs more often instead; a run that needs
// more than the limit goes past it (the limit is soft), and GOMEMLIMIT (e.g.
// GOMEMLIMIT=off, or 4GiB) overrides it.
const defaultMemoryLimit = 3 << 29

// setMemoryLimit sets defaultMemoryLimit unless GOMEMLIMIT is set.
func setMemoryLimit() {
	if _, ok := os.LookupEnv("GOMEMLIMIT"); ok {
		return
	}
	debug.SetMemoryLimit(defaultMemoryLimit)
}
