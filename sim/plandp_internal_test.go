package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestPlanDPSameAsRef checks that planDPAt (sim/plandp.go) returns what its
// reference planDPRef returns, value to the bit and first option, on the option
// tables of real battles (kharns-400 against kherops-400, with a shooter, and
// gouns-400 against tembos-400) for every AP, defender AP and a range of HP, with
// and without keep and positional gains, and with costs, bands and filters drawn
// at random: the battles must not change (the goldens).
func TestPlanDPSameAsRef(t *testing.T) {
	ds := profiles.Default()
	r := rand.New(rand.NewPCG(13, 3))
	checked, differ := 0, 0
	for _, pair := range [][2]string{{"kharns-400", "kherops-400"}, {"gouns-400", "tembos-400"}} {
		var sides [2]Spearhead
		for s, name := range pair {
			l, err := profiles.LoadDefaultList(name, ds)
			if err != nil {
				t.Fatal(err)
			}
			sides[s] = NewSpearhead(l, ds)
		}
		pl, err := (&Skirmish{Sides: sides}).NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		e := pl.e
		for x := range e.opts {
			for y := range e.opts[x] {
				opts := e.opts[x][y]
				if len(opts) == 0 {
					continue
				}
				for trial := range 12 {
					// Costs: the option's AP, or a random dearer one, or not
					// affordable; bands at random for shots.
					costs := make([]int, len(opts))
					bands := make([]int, len(opts))
					oks := make([]bool, len(opts))
					for n := range opts {
						costs[n], oks[n] = opts[n].ap(), trial == 0 || r.IntN(5) > 0
						if trial > 0 && r.IntN(4) == 0 {
							costs[n] += 1 + r.IntN(8)
						}
						if opts[n].shot {
							bands[n] = r.IntN(3)
						}
					}
					index := map[*fightOption]int{}
					for n := range opts {
						index[&opts[n]] = n
					}
					costOf := func(o *fightOption) (int, int, bool) {
						n := index[o]
						return costs[n], bands[n], oks[n]
					}
					var keep func(int) float64
					if trial%2 == 1 {
						kv := [8]float64{}
						for a := range kv {
							kv[a] = r.Float64() * 3 * float64(a)
						}
						keep = func(a int) float64 { return kv[a] }
					}
					var root *[maxOptions]posGain
					if trial%3 == 2 {
						root = new([maxOptions]posGain)
						for n := range root {
							root[n] = posGain{value: r.Float64()*4 - 1, stay: r.IntN(2) == 0}
						}
					}
					hp := []int{0, 1, 3, 7, 12, 20, 31, 40}[trial%8]
					bonus := r.Float64() * 5
					for a := range 9 {
						for k := range 9 {
							v, f := planDPAt(opts, a, k, costOf, keep, hp, bonus, root)
							rv, rf := planDPRef(opts, a, k, costOf, keep, hp, bonus, root)
							checked++
							if math.Float64bits(v) != math.Float64bits(rv) || f != rf {
								differ++
								if differ <= 5 {
									t.Errorf("kinds %d/%d trial %d, a=%d k=%d: planDPAt %v, %d; planDPRef %v, %d", x, y, trial, a, k, v, f, rv, rf)
								}
							}
						}
					}
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d plans compared", checked)
	}
	if differ > 0 {
		t.Fatalf("%d of %d plans differ", differ, checked)
	}
	t.Logf("%d plans compared", checked)
}
