// Command gen-catalog writes a synthetic card catalogue of N profiles in seven
// factions (package benchmarks/catalog) to measure kharn at catalogue scale:
//
//	go run ./benchmarks/gen-catalog -seed 1 -out /tmp/cat150 150
//	go run ./cmd/kharn --data /tmp/cat150 report
//
// The same N and seed write the same bytes. Usage errors exit 2.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/kharn-ages/kharn/benchmarks/catalog"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// maxProfiles bounds N: ten times the real catalogue is plenty to measure on.
const maxProfiles = 2000

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gen-catalog", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the draw")
	out := fs.String("out", "synthetic-catalog", "directory to write (created if missing)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gen-catalog [-seed S] [-out DIR] N")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "gen-catalog: want one argument N, the number of profiles")
		fs.Usage()
		return 2
	}
	n, err := strconv.Atoi(fs.Arg(0))
	if err != nil || n < 1 || n > maxProfiles {
		fmt.Fprintf(stderr, "gen-catalog: N: want a whole number from 1 to %d, got %q\n", maxProfiles, fs.Arg(0))
		return 2
	}
	if err := catalog.Write(*out, n, *seed); err != nil {
		fmt.Fprintf(stderr, "gen-catalog: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %d profiles (seed %d) to %s\n", n, *seed, *out)
	return 0
}
