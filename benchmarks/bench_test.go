package benchmarks

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/dice"
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
	for b.Loop() {
		s += dice.D10(r)
	}
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
// as kharn odds does for each attack it lists.
func BenchmarkExactExchange(b *testing.B) {
	for _, bc := range exchanges {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := newExchange(bc.attack).Exact(); err != nil {
					b.Fatal(err)
				}
			}
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
			b.ReportAllocs()
			s := 0
			for b.Loop() {
				s += sm.Sample(r).Damage
			}
			sink = s
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "exchanges/s")
		})
	}
}
