package profiles

import (
	"fmt"
	"os"
	"testing"
)

// TestMain runs the tests, then fails the binary if any of them modified
// the shared embedded data set or lists (DefaultUnchanged).
func TestMain(m *testing.M) {
	code := m.Run()
	if err := DefaultUnchanged(); err != nil {
		fmt.Fprintf(os.Stderr, "FAIL: %v\n(a test changed the shared data: copy it before changing it)\n", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
