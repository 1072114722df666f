package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkReport runs kharn report with its default settings on the embedded data
// (or on the data set named by $KHARN_BENCH_DATA, such as a synthetic catalogue of
// benchmarks/gen-catalog), one report per iteration: the figure of
// docs/benchmarks.md, and the way to profile a report:
//
//	go test ./cmd/kharn -run '^$' -bench BenchmarkReport -benchtime 1x -cpuprofile cpu.out
func BenchmarkReport(b *testing.B) {
	var args []string
	if d := os.Getenv("KHARN_BENCH_DATA"); d != "" {
		args = append(args, "--data", d)
	}
	for i := 0; b.Loop(); i++ {
		out := filepath.Join(b.TempDir(), "report")
		if err := run(context.Background(), io.Discard, io.Discard, append(args, "report", "--out", out)); err != nil {
			b.Fatal(err)
		}
	}
}
