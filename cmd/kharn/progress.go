package main

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// newBar returns a progress bar of total steps on stderr when it is a terminal, and
// nil otherwise (pipes, files and tests stay silent).
func newBar(stderr io.Writer, total int, label, unit string) *progressbar.ProgressBar {
	file, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(file.Fd())) {
		return nil
	}
	return progressbar.NewOptions(total, progressbar.OptionSetWriter(file), progressbar.OptionSetDescription(label),
		progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString(unit),
		progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100*time.Millisecond))
}
