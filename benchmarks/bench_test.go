package benchmarks

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/dice"
	"github.com/kharn-ages/kharn/sim/runner"
)

// The Safars and items are written by hand, close to a level-2 duel of the
// default data: a swordsman with mastery dice against a guard in half-plate with
// a shield, both answering with the rules' best response.
var (
	swordsman = &profiles.Profile{ID: "swordsman", Level: 2, AP: 5, HP: 12, Stature: 3,
		Stats:   profiles.Stats{V: 4, P: 5, A: 4, C: 3, T: 4, I: 3},
		Mastery: [][]profiles.Field{{profiles.Offensive}, {profiles.Offensive, profiles.Defensive}}}
	guard = &profiles.Profile{ID: "guard", Level: 2, AP: 5, HP: 12, Stature: 3,
		Stats:   profiles.Stats{V: 3, P: 4, A: 4, C: 5, T: 4, I: 3},
		Mastery: [][]profiles.Field{{profiles.Defensive}, {profiles.Offensive, profiles.Defensive}}}
	sword = &profiles.Equipment{ID: "sword", Kind: profiles.KindMelee, Hands: 1,
		Effects: profiles.Effects{CriticalFrom: 9, Bleeding: 1}}
	spear  = &profiles.Equipment{ID: "spear", Kind: profiles.KindMelee, Hands: 1}
	shield = &profiles.Equipment{ID: "shield", Kind: profiles.KindShield, Hands: 1, ShieldBoxes: 5,
		Effects: profiles.Effects{DefenceBonus: 1}}
	halfPlate = &profiles.Equipment{ID: "half-plate", Kind: profiles.KindArmour,
		Armour: &profiles.ArmourStats{Failure: 1, Threshold: 6, Success: 2, Boxes: 8}}
)

// exchanges are the benchmarked exchanges: a 2 AP attack with a P effect, and a
// 3 AP attack whose A effect brings a free attack (R10) that the engines resolve
// after the main one.
var exchanges = []struct {
	name   string
	attack sim.Attack
}{
	{"2AP-PA-P", sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}},
	{"3AP-PAC-PA", sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.A, sim.C), Effects: sim.CharsOf(sim.P, sim.A)}},
}

func newExchange(a sim.Attack) *sim.Exchange {
	return &sim.Exchange{
		Attacker: sim.NewFighter(swordsman, []*profiles.Equipment{sword}),
		Defender: sim.NewFighter(guard, []*profiles.Equipment{spear, shield, halfPlate}),
		Attack:   a,
		Policy:   sim.DefaultPolicy,
	}
}

var sink int

// BenchmarkDiceD10 is the floor: one unbiased d10 from a PCG.
func BenchmarkDiceD10(b *testing.B) {
	r := rand.NewPCG(1, 0)
	s := 0
	start := cpuNow()
	for b.Loop() {
		s += dice.D10(r)
	}
	reportCPU(b, start)
	sink = s
}

// BenchmarkPoolRoll rolls one action: level dice keeping the best, critical
// rerolls, and the mastery policy of kharn odds.
func BenchmarkPoolRoll(b *testing.B) {
	for _, bc := range []struct {
		name string
		p    dice.Pool
	}{
		{"level1", dice.Pool{Dice: 1, CFMax: 1}},
		{"level3", dice.Pool{Dice: 3, CFMax: 1}},
		{"level3-mastery", dice.Pool{Dice: 3, CFMax: 1, Reroll: 5, RerollAll: 5}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			r := rand.NewPCG(1, 0)
			s := 0
			for b.Loop() {
				s += bc.p.Roll(r).Value
			}
			sink = s
		})
	}
}

// BenchmarkExactExchange computes an exchange's exact distribution from scratch,
// as kharn odds does for each attack it lists. Each iteration makes a fresh
// Exchange and computes it with nothing kept from the iterations before it:
// sim keeps no cache of exchanges between Exact calls. (The eleventh round's
// cache, keyed by the whole exchange, made this benchmark measure its hit path,
// 53 against 88 us CPU per op at 2 AP; the twelfth round removed it because
// real runs almost never hit it: docs/benchmarks.md.) A cache added again must
// be kept out of this benchmark's way, or measured in a separate, clearly named
// sub-benchmark of a repeated exchange.
func BenchmarkExactExchange(b *testing.B) {
	for _, bc := range exchanges {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			start := cpuNow()
			for b.Loop() {
				if _, err := newExchange(bc.attack).Exact(); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkSampleExchange draws exchanges from a warm Sampler, the inner loop of
// a sampled run.
func BenchmarkSampleExchange(b *testing.B) {
	for _, bc := range exchanges {
		b.Run(bc.name, func(b *testing.B) {
			sm, err := newExchange(bc.attack).NewSampler()
			if err != nil {
				b.Fatal(err)
			}
			r := rand.NewPCG(1, 0)
			for range 10_000 { // fill the defender's decision cache
				sm.Sample(r)
			}
			draws := drawsPerCall(func() { sm.Sample(r) }, r, 10_000)
			b.ReportAllocs()
			s := 0
			start := cpuNow()
			for b.Loop() {
				s += sm.Sample(r).Damage
			}
			reportCPU(b, start)
			sink = s
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "exchanges/s")
			b.ReportMetric(draws, "dice/exchange")
		})
	}
}

// duels are the benchmarked fights, between Safars of the embedded data with their
// card's equipment and the default policy: a level 3 paladin (sword, tower shield,
// plate, three mastery dice) against a level 2 Khérops warrior (battle axe,
// half-plate) engaged from the start, and a Goûn hunter (bow) against a Fang
// prowler 8 toises away, so that the hunter shoots, steps back and the prowler
// closes in.
var duels = []struct {
	name     string
	a, b     string
	distance float64
}{
	{"melee", "paladin-3", "kherops-warrior-2", 0},
	{"shooter-vs-melee", "goun-hunter-1", "fang-prowler-1", 8},
	// a caster (bone-seer-2: castFirst decides every activation) against a
	// warrior, 6 toises apart (issue #13, twelfth round)
	{"caster", "bone-seer-2", "kherops-warrior-2", 6},
}

// mirrorDuel is a duel of two Safars of one card, engaged.
var mirrorDuel = struct {
	name     string
	a, b     string
	distance float64
}{"mirror", "paladin-3", "paladin-3", 0}

// cardFighter returns the Safar of profile id with its card's equipment.
func cardFighter(b *testing.B, id string) *sim.Fighter {
	ds := profiles.Default()
	p, err := ds.Profile(id)
	if err != nil {
		b.Fatal(err)
	}
	lo, err := ds.Equip(p, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	return sim.NewFighter(p, lo.Items(ds))
}

func newDuel(b *testing.B, a, d string, distance float64) *sim.Duel {
	return &sim.Duel{A: cardFighter(b, a), B: cardFighter(b, d), Distance: distance}
}

// warmPlayer returns a player of d whose plan and decision caches are filled.
func warmPlayer(b *testing.B, d *sim.Duel) *sim.DuelPlayer {
	pl, err := d.NewPlayer()
	if err != nil {
		b.Fatal(err)
	}
	r := rand.NewPCG(2, 0)
	for range 2000 {
		pl.Play(r)
	}
	return pl
}

// BenchmarkDuel plays whole fights with one warm DuelPlayer on one goroutine, the
// inner loop of kharn duel.
func BenchmarkDuel(b *testing.B) {
	for _, bc := range duels {
		b.Run(bc.name, func(b *testing.B) {
			pl := warmPlayer(b, newDuel(b, bc.a, bc.b, bc.distance))
			r := rand.NewPCG(1, 0)
			b.ReportAllocs()
			s := 0
			for b.Loop() {
				s += pl.Play(r).Rounds
			}
			sink = s
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fights/s")
		})
	}
}

// BenchmarkDuelSetup measures NewPlayer: listing both sides' attacks and computing
// their expected damage against every AP the opponent may hold with the exact
// engine.
//
// The "shared-tables" runs give the duel the sim.Tables of a run that has already
// set it up once (kharn report plays each pairing's tables again in its fair
// costs and loadout comparisons).
//
// The "mirror" run sets up a Safar against its own card (kharn duel A A, the
// policy checks): its two tables are one.
func BenchmarkDuelSetup(b *testing.B) {
	for _, bc := range append(duels[:len(duels):len(duels)], mirrorDuel) {
		b.Run(bc.name, func(b *testing.B) {
			d := newDuel(b, bc.a, bc.b, bc.distance)
			b.ReportAllocs()
			start := cpuNow()
			for b.Loop() {
				if _, err := d.NewPlayer(); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
		b.Run(bc.name+"/shared-tables", func(b *testing.B) {
			d := newDuel(b, bc.a, bc.b, bc.distance)
			d.Tables = &sim.Tables{}
			if _, err := d.NewPlayer(); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := d.NewPlayer(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDuelRunner plays the melee duel through the worker pool as kharn duel
// does: a clone of one prepared player per worker, a DuelTally per chunk. Each
// iteration is a fresh run of 2^16 fights, so the clones' caches start empty as in
// a real run.
func BenchmarkDuelRunner(b *testing.B) {
	const fights = 1 << 16
	for _, dc := range duels[:2] {
		proto, err := newDuel(b, dc.a, dc.b, dc.distance).NewPlayer()
		if err != nil {
			b.Fatal(err)
		}
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", dc.name, w), func(b *testing.B) {
				cfg := runner.Config{Trials: fights, Seed: 1, Workers: w}
				b.ReportAllocs()
				for b.Loop() {
					res, err := runner.Run(context.Background(), cfg,
						func() *sim.DuelTally { return &sim.DuelTally{} },
						func(dst, src *sim.DuelTally) { dst.Merge(src) },
						func() func(r *rand.PCG, t *sim.DuelTally) {
							pl := proto.Clone()
							return func(r *rand.PCG, t *sim.DuelTally) { t.Add(pl.Play(r)) }
						}, nil)
					if err != nil {
						b.Fatal(err)
					}
					sink = res.Acc.N
				}
				b.ReportMetric(float64(fights)*float64(b.N)/b.Elapsed().Seconds(), "fights/s")
			})
		}
	}
}

// drawsPerCall returns how many 64-bit draws of r one call of f takes on average
// over n calls: the dice an exchange rolls (a d10 is one draw, but for a
// rejection once in 7·10^8), found by stepping a copy of r until it reaches r's
// state after each call.
func drawsPerCall(f func(), r *rand.PCG, n int) float64 {
	total := 0
	for range n {
		before := *r
		f()
		after, _ := r.MarshalBinary()
		for k := 0; ; k++ {
			if s, _ := before.MarshalBinary(); string(s) == string(after) {
				total += k
				break
			}
			before.Uint64()
		}
	}
	return float64(total) / float64(n)
}
