// Command kharn is the Khârn-Âges balance toolkit: exact and sampled odds of
// attacks, and (as they land) duels, skirmishes and balance reports.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	setMemoryLimit()
	stopProfiling := startProfiling(ctx)
	err := run(ctx, os.Stdout, os.Stderr, os.Args[1:])
	stop()
	stopProfiling()
	os.Exit(exitCode(err))
}
