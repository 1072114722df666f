package sim

import (
	"fmt"
	"os"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestMain runs the tests, then fails the binary if any of them (or the code
// they ran) modified the shared embedded data set, profiles.Default: every
// later battle of the process would play the changed profile, so that a
// seeded result depends on which tests ran before it (TestThrowArmourAndCH
// once raised kherops-warrior-2's P to 6 in place, and TestCardAPSkirmish's
// Khérops then never held AP in the coin's zone). Copy a profile before
// changing it (strongerCopy, sim/throw_internal_test.go).
func TestMain(m *testing.M) {
	code := m.Run()
	if err := profiles.DefaultUnchanged(); err != nil {
		fmt.Fprintf(os.Stderr, "FAIL: %v\n(a test changed the shared data: copy the profile or equipment before changing it)\n", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
