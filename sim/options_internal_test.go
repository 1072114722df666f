package sim

import (
	"reflect"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestPositionalOf checks that positionalOf, which reads the results bestEffects
// computed, picks the attack and damage that computing every effect choice with
// eff again picks (the code it replaced in the fight options, sim/fight.go), on
// pairs of Safars of the embedded data.
func TestPositionalOf(t *testing.T) {
	ds := profiles.Default()
	var fighters []*Fighter
	for _, p := range ds.Profiles {
		lo, err := ds.Equip(p, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		fighters = append(fighters, NewFighter(p, lo.Items(ds)))
	}
	checked := 0
	for i := 0; i < len(fighters); i += 4 {
		ex := Exchange{Attacker: fighters[i], Defender: fighters[(i+5)%len(fighters)], Policy: DefaultPolicy}
		for _, a := range ex.Attacks() {
			if a.AP < 2 || a.Kind.Special() {
				continue
			}
			_, _, all, err := ex.bestEffects(a)
			if err != nil {
				continue
			}
			for _, eff := range []Char{V, C} {
				// The recomputation positionalOf replaces.
				want, wv, wok := a, 0.0, false
				for _, e := range ex.effectChoices(a) {
					if !e.Has(eff) {
						continue
					}
					trial := ex
					trial.Attack = a
					trial.Attack.Effects = e
					res, err := trial.Exact()
					if err != nil {
						continue
					}
					if !wok || res.ExpectedDamage > wv+1e-12 {
						want, wv, wok = trial.Attack, res.ExpectedDamage, true
					}
				}
				got, gv, gok := positionalOf(all, eff)
				if gok != wok || gok && (!reflect.DeepEqual(got, want) || gv != wv) {
					t.Errorf("%s vs %s, %v with %v: got %v %v %v, want %v %v %v", ex.Attacker.Name(), ex.Defender.Name(), a, eff, got, gv, gok, want, wv, wok)
				}
				if wok {
					checked++
				}
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d positional attacks checked", checked)
	}
}
