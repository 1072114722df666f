package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestFireExchange checks fire and frostbite in an exchange (seed 000 lines
// 1352-1358 and 1372; sim/fire.go): a successful attack with a weapon with
// fire sets the defender on fire and one with frostbite gives it frostbite,
// so p_burning and p_frostbite are p_success; a shot with fire ammunition
// left burns too; a Trample (a special attack, no weapon) and a plain weapon
// do neither. The sampled frequencies lie in the 99.99% Wilson intervals of
// the exact ones.
func TestFireExchange(t *testing.T) {
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3, skill("trample"))
	guard := sim.NewFighter(safar("guard", 2, stats4(3, 4, 4, 5), 3), nil)
	torch := &profiles.Equipment{ID: "torch", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, Fire: true}}
	frost := &profiles.Equipment{ID: "ice-axe", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, Frostbite: true}}
	bow := &profiles.Equipment{ID: "bow", Kind: profiles.KindRanged, Hands: 2, Effects: profiles.Effects{CriticalFrom: 10,
		Range: &profiles.Range{Short: 4, Long: 9}, Ammunition: 10, FireShots: 2}}
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	shot := sim.Attack{Kind: sim.Shot, AP: 2, Chars: sim.CharsOf(sim.A, sim.A)}
	for _, c := range []struct {
		name          string
		items         []*profiles.Equipment
		attack        sim.Attack
		burns, freeze bool
	}{
		{"torch", []*profiles.Equipment{torch}, pa, true, false},
		{"ice axe", []*profiles.Equipment{frost}, pa, false, true},
		{"fire arrows", []*profiles.Equipment{bow}, shot, true, false},
		{"club", []*profiles.Equipment{club}, pa, false, false},
		{"Trample with a torch", []*profiles.Equipment{torch}, sim.Attack{Kind: sim.Trample, AP: 2, Chars: sim.CharsOf(sim.C, sim.C)}, false, false},
	} {
		ex := func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(fighter, c.items), Defender: guard, Attack: c.attack}
		}
		r := exact(t, ex())
		wantB, wantF := 0.0, 0.0
		if c.burns {
			wantB = r.PSuccess
		}
		if c.freeze {
			wantF = r.PSuccess
		}
		if r.PBurning != wantB || r.PFrostbite != wantF || r.PSuccess == 0 {
			t.Errorf("%s: p_burning %g, p_frostbite %g, want %g, %g (p_success %g)", c.name, r.PBurning, r.PFrostbite, wantB, wantF, r.PSuccess)
		}
		sm, err := ex().NewSampler()
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.NewPCG(12, 0)
		const n = 100_000
		burnt, frozen := 0, 0
		for range n {
			o := sm.Sample(rng)
			if o.Burning {
				burnt++
			}
			if o.Frostbitten {
				frozen++
			}
		}
		checkPMF(t, c.name+" p_burning", []int{burnt}, n, []float64{r.PBurning})
		checkPMF(t, c.name+" p_frostbite", []int{frozen}, n, []float64{r.PFrostbite})
		// kharn odds chooses the effects with BestEffects: the same statuses.
		if c.attack.Kind.Special() {
			continue
		}
		bx := ex()
		if err := bx.Prepare(); err != nil {
			t.Fatal(err)
		}
		_, br, err := bx.BestEffects(bx.Attack)
		if err != nil {
			t.Fatal(err)
		}
		if (br.PBurning > 0) != c.burns || (br.PFrostbite > 0) != c.freeze || c.burns && br.PBurning != br.PSuccess {
			t.Errorf("%s, best effects: p_burning %g, p_frostbite %g (p_success %g)", c.name, br.PBurning, br.PFrostbite, br.PSuccess)
		}
	}
}
