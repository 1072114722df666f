package main

import (
	"fmt"
	"os"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestMain runs the tests, then fails the binary if any of them, or a
// command they ran in this process, modified the shared embedded data set or
// lists (profiles.DefaultUnchanged): the commands read them through
// profiles.Default when no --data is given, and a report runs several
// analyses in one process, so a change would make a seeded result depend on
// what ran before it.
func TestMain(m *testing.M) {
	code := m.Run()
	if err := profiles.DefaultUnchanged(); err != nil {
		fmt.Fprintf(os.Stderr, "FAIL: %v\n(the shared data was changed in place: copy it before changing it)\n", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
