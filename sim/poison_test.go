package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// poisonDose is a poison dose (catalogue.md 4.6 items: "poison doses (1,
// stackable, adds the poison effect to an attack or defence)").
var poisonDose = &profiles.Equipment{ID: "dose", Kind: profiles.KindItem, Stackable: true, Effects: profiles.Effects{Poison: true}}

// TestPoisonExchange checks the poison of an exchange (R17, seed 000 line
// 1362): a successful attack with a weapon that poisons, or with a dose
// carried, poisons the defender, so p_poisoned is p_success; a Trample (a
// special attack, no weapon) and an attacker without poison poison nobody.
// The sampled frequency lies in the 99.99% Wilson interval of the exact one.
func TestPoisonExchange(t *testing.T) {
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3, skill("trample"))
	guard := sim.NewFighter(safar("guard", 2, stats4(3, 4, 4, 5), 3), nil)
	venom := &profiles.Equipment{ID: "venom-blade", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, Poison: true}}
	pa := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	for _, c := range []struct {
		name   string
		items  []*profiles.Equipment
		attack sim.Attack
		poison bool
	}{
		{"poisoned blade", []*profiles.Equipment{venom}, pa, true},
		{"club and a dose", []*profiles.Equipment{club, poisonDose}, pa, true},
		{"club alone", []*profiles.Equipment{club}, pa, false},
		{"Trample with a dose", []*profiles.Equipment{club, poisonDose}, sim.Attack{Kind: sim.Trample, AP: 2, Chars: sim.CharsOf(sim.C, sim.C)}, false},
	} {
		ex := func() *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(fighter, c.items), Defender: guard, Attack: c.attack}
		}
		r := exact(t, ex())
		want := 0.0
		if c.poison {
			want = r.PSuccess
		}
		if r.PPoisoned != want || c.poison && want == 0 {
			t.Errorf("%s: p_poisoned %g, want %g", c.name, r.PPoisoned, want)
		}
		sm, err := ex().NewSampler()
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.NewPCG(11, 0)
		const n = 100_000
		got := 0
		for range n {
			if sm.Sample(rng).Poisoned {
				got++
			}
		}
		checkPMF(t, c.name+" p_poisoned", []int{got}, n, []float64{r.PPoisoned})
		if !c.poison && got != 0 {
			t.Errorf("%s: %d poisoned draws, want none", c.name, got)
		}
	}
	if d := sim.NewFighter(fighter, []*profiles.Equipment{club, poisonDose, poisonDose}); d.PoisonDoses != 2 {
		t.Errorf("two doses carried: %d", d.PoisonDoses)
	}
}
