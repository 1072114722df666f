package sim

import (
	"reflect"
	"strings"
	"testing"
)

// TestPositionalOf checks that positionalOf, which reads the results bestEffects
// computed, picks the attack and damage that computing every effect choice with
// eff again picks (the code it replaced in the fight options, sim/fight.go), on
// pairs of Safars of the embedded data.
func TestPositionalOf(t *testing.T) {
	fighters := defaultFighters(t)
	checked := 0
	for i := 0; i < len(fighters); i += 4 {
		ex := Exchange{Attacker: fighters[i], Defender: fighters[(i+5)%len(fighters)], Policy: DefaultPolicy}
		for _, a := range ex.Attacks() {
			if a.AP < 2 || a.Kind.Special() {
				continue
			}
			_, all, err := ex.bestEffects(a)
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

// TestBestEffectsShared checks that bestEffects, whose plans share the candidate
// defences of one attack (candShare), gives for every effect choice what Exact
// gives, to the bit (writeResult), and the same attack; and that exactByAPFrom,
// on the plan of its best choice, gives what Exact gives against the defender
// holding each AP: each Safar of the embedded data against two defenders, under
// the default policy, a Reserve policy and a dazed defender.
func TestBestEffectsShared(t *testing.T) {
	fighters := defaultFighters(t)
	reserve := [8]float64{0, 1.5, 2.5, 3, 3.2, 3.3, 3.3, 3.3}
	checked, checkedAP := 0, 0
	for i, att := range fighters {
		for k := 1; k <= 2; k++ {
			ex := Exchange{Attacker: att, Defender: fighters[(i*3+k*7)%len(fighters)], Policy: DefaultPolicy}
			switch (i + k) % 3 {
			case 1:
				ex.Policy.Reserve = &reserve
			case 2:
				ex.DefenderDazed = true
			}
			for _, a := range ex.Attacks() {
				best, all, err := ex.bestEffects(a)
				if err != nil {
					continue
				}
				// exactByAPFrom on the best choice's plan: Exact against each AP.
				trial := ex
				trial.Attack = best.attack
				byAP, err := trial.exactByAPFrom(best.pl, best.res)
				if err != nil {
					t.Fatalf("%v: %v", trial.Attack, err)
				}
				for ap, got := range byAP {
					one := trial
					d := *ex.Defender
					d.AP = ap
					one.Defender = &d
					want, err := one.Exact()
					if err != nil {
						t.Fatalf("%v, %d AP: %v", one.Attack, ap, err)
					}
					var g, w strings.Builder
					writeResult(&g, got)
					writeResult(&w, want)
					if g.String() != w.String() {
						t.Fatalf("%s vs %s, %v, defender with %d AP: exactByAPFrom %v, Exact %v", att.Name(), ex.Defender.Name(), one.Attack, ap, got, want)
					}
					checkedAP++
				}
				for _, c := range all {
					trial := ex
					trial.Attack = a
					trial.Attack.Effects = c.attack.Effects
					want, err := trial.Exact()
					if err != nil {
						t.Fatalf("%v: %v", trial.Attack, err)
					}
					var g, w strings.Builder
					writeResult(&g, c.res)
					writeResult(&w, want)
					if trial.Attack != c.attack || g.String() != w.String() {
						t.Fatalf("%s vs %s, %v: shared candidates give %v, Exact %v", att.Name(), ex.Defender.Name(), trial.Attack, c.res, want)
					}
					checked++
				}
			}
		}
	}
	if checked < 500 || checkedAP < 500 {
		t.Fatalf("only %d exchanges and %d by AP checked", checked, checkedAP)
	}
	t.Logf("%d exchanges, %d by AP", checked, checkedAP)
}
