// Package longtest says whether the long tests run: the statistical checks at full
// size and the slow end-to-end tests of the CLI. A contributor's everyday
// `go test ./...` (and `go test -race ./...`, the README's command) skips or shrinks
// them; `KHARN_LONG=1 go test ./...`, which .ci/run runs after it, runs them all.
package longtest

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the long tests on: any value but
// "" and "0".
const Env = "KHARN_LONG"

// Enabled reports whether the long tests run (Env is set).
func Enabled() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}

// Skip skips t unless the long tests run, saying how to run it.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skipf("long test: run it with %s=1", Env)
	}
}

// N returns long when the long tests run and short otherwise: the size of a
// statistical check whose short form still asserts something.
func N[T any](short, long T) T {
	if Enabled() {
		return long
	}
	return short
}
