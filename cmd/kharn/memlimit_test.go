package main

import (
	"math"
	"os"
	"runtime/debug"
	"testing"
)

// TestSetMemoryLimit checks that kharn sets its soft memory limit when
// GOMEMLIMIT is unset, and leaves the runtime's alone when it is set.
func TestSetMemoryLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	if v, ok := os.LookupEnv("GOMEMLIMIT"); ok {
		defer os.Setenv("GOMEMLIMIT", v)
	} else {
		defer os.Unsetenv("GOMEMLIMIT")
	}
	os.Unsetenv("GOMEMLIMIT")
	debug.SetMemoryLimit(math.MaxInt64)
	setMemoryLimit()
	if got := debug.SetMemoryLimit(-1); got != defaultMemoryLimit {
		t.Errorf("GOMEMLIMIT unset: limit %d, want %d", got, defaultMemoryLimit)
	}
	t.Setenv("GOMEMLIMIT", "4GiB")
	debug.SetMemoryLimit(math.MaxInt64)
	setMemoryLimit()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("GOMEMLIMIT set: limit changed to %d", got)
	}
}
