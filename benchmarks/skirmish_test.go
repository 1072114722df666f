package benchmarks

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/runner"
)

// skirmishes are the benchmarked battles: ready-made lists of the embedded data
// (profiles/data/lists) on the zero Field, the 15 x 15 toise table of open ground
// with 2-toise deployment strips and 20 rounds (the "open ground" scenario), the
// default side policy on both sides. The 300 Kr lists field 4 Safars a side
// (kharns-300: paladin-3, paladin-2, two crown-guard-1; kherops-300:
// kherops-commander-3, shock-vanguard-2, kherops-warrior-1, guild-cutthroat-1);
// the 400 Kr lists 4 against 5 (kharns-400: engueran-3, paladin-3, paladin-2,
// crown-guard-1; kherops-400: kherops-commander-3, kherops-warrior-2,
// guild-crossbowman-2, two kherops-warrior-1).
var skirmishes = []struct {
	name string
	a, b string
}{
	{"300Kr", "kharns-300", "kherops-300"},
	{"400Kr", "kharns-400", "kherops-400"},
}

// newSkirmish returns the skirmish of two ready-made lists, with Fighters of its
// own (NewSpearhead makes them).
func newSkirmish(b *testing.B, a, d string) *sim.Skirmish {
	ds := profiles.Default()
	var sides [2]sim.Spearhead
	for s, name := range [2]string{a, d} {
		l, err := profiles.LoadDefaultList(name, ds)
		if err != nil {
			b.Fatal(err)
		}
		sides[s] = sim.NewSpearhead(l, ds)
	}
	return &sim.Skirmish{Sides: sides}
}

// BenchmarkSkirmish plays whole skirmishes with one warm SkirmishPlayer on one
// goroutine, the inner loop of kharn skirmish. The player first plays 2000
// battles on other dice; its plan cache still grows during the benchmark (rare
// support, cover and AP combinations), which allocs/op shows.
func BenchmarkSkirmish(b *testing.B) {
	for _, bc := range skirmishes {
		b.Run(bc.name, func(b *testing.B) {
			pl, err := newSkirmish(b, bc.a, bc.b).NewPlayer()
			if err != nil {
				b.Fatal(err)
			}
			r := rand.NewPCG(2, 0)
			for range 2000 {
				pl.Play(r)
			}
			r = rand.NewPCG(1, 0)
			b.ReportAllocs()
			s := 0
			start := cpuNow()
			for b.Loop() {
				s += pl.Play(r).Rounds
			}
			reportCPU(b, start)
			sink = s
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "skirmishes/s")
		})
	}
}

// BenchmarkSkirmishSetup measures NewPlayer: the exact engine's tables of every
// attack of each kind of Safar against each enemy kind, and the deployment. The
// Spearheads are built afresh in each iteration (NewSpearhead, included), so that
// nothing kept from an earlier player is reused: this is what kharn skirmish pays
// once per run.
//
// The "shared-tables" runs give each skirmish the sim.Tables of a run that has
// already played these kinds of Safar against each other (kharn report, kharn
// cost): what setting up one more battle of the same kinds costs.
//
// The "mirror" run sets up a list against itself (kharn skirmish L L, the
// policy checks): each table of a card against a card is computed once.
func BenchmarkSkirmishSetup(b *testing.B) {
	mirror := struct{ name, a, b string }{"300Kr-mirror", "kharns-300", "kharns-300"}
	for _, bc := range append(skirmishes[:len(skirmishes):len(skirmishes)], mirror) {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			start := cpuNow()
			for b.Loop() {
				if _, err := newSkirmish(b, bc.a, bc.b).NewPlayer(); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
		b.Run(bc.name+"/shared-tables", func(b *testing.B) {
			var tb sim.Tables
			warm := newSkirmish(b, bc.a, bc.b)
			warm.Tables = &tb
			if _, err := warm.NewPlayer(); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				sk := newSkirmish(b, bc.a, bc.b)
				sk.Tables = &tb
				if _, err := sk.NewPlayer(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSkirmishRunner plays skirmishes through the worker pool as kharn
// skirmish does (cmd/kharn/skirmish.go, playSkirmishes): a Clone of one prepared
// player per worker, a SkirmishTally per chunk. Each iteration is a fresh run of
// 2^12 battles, so the clones' plan caches start empty as in a real run; chunks
// of 1024 (kharn uses 4096) so that two workers share a run.
func BenchmarkSkirmishRunner(b *testing.B) {
	const battles = 1 << 12
	for _, bc := range skirmishes {
		proto, err := newSkirmish(b, bc.a, bc.b).NewPlayer()
		if err != nil {
			b.Fatal(err)
		}
		n := len(proto.Labels())
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", bc.name, w), func(b *testing.B) {
				cfg := runner.Config{Trials: battles, Seed: 1, Workers: w, ChunkSize: 1024}
				b.ReportAllocs()
				for b.Loop() {
					res, err := runner.Run(context.Background(), cfg,
						func() *sim.SkirmishTally { return sim.NewSkirmishTally(n) },
						func(dst, src *sim.SkirmishTally) { dst.Merge(src) },
						func() func(r *rand.PCG, t *sim.SkirmishTally) {
							pl := proto.Clone()
							return func(r *rand.PCG, t *sim.SkirmishTally) { t.Add(pl.Play(r)) }
						}, nil)
					if err != nil {
						b.Fatal(err)
					}
					sink = res.Acc.N
				}
				b.ReportMetric(float64(battles)*float64(b.N)/b.Elapsed().Seconds(), "skirmishes/s")
			})
		}
	}
}
