package sim_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// Helmets of catalogue.md 4.6 ("Helmets"): "no CH bonus damage taken" and
// "immunity to daze, stun"; the card wordings "Ignore les dégâts de RC" and
// "Immunisé aux effets sonné et assommé" ("Sonné" = dazed, "Assommé" =
// stunned, seed 004 lines 1312 and 1319).
var (
	ironHelm = &profiles.Equipment{ID: "iron-helm", Kind: profiles.KindHelmet,
		Effects: profiles.Effects{NoCriticalDamage: true}}
	openHelm = &profiles.Equipment{ID: "open-helm", Kind: profiles.KindHelmet,
		Effects: profiles.Effects{Immune: []profiles.Status{profiles.Daze, profiles.Stun}}}
	// stunMace stuns on a CH ("Assomme en cas de RC").
	stunMace = &profiles.Equipment{ID: "stun-mace", Kind: profiles.KindMelee, Hands: 1,
		Effects: profiles.Effects{OnCritical: profiles.Stun}}
)

// helmetExchange is a 2 AP attack against an undefended prey wearing helmet
// (nil: none); kind Trample dazes on every hit (R18), Melee uses the mace.
func helmetExchange(kind sim.Kind, helmet *profiles.Equipment) *sim.Exchange {
	ex := specialExchange(kind, 4)
	if kind == sim.Melee {
		ex.Attacker = sim.NewFighter(ex.Attacker.Profile, []*profiles.Equipment{stunMace})
		ex.Attack = sim.Attack{Kind: sim.Melee, AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}
	}
	if helmet != nil {
		ex.Defender = sim.NewFighter(ex.Defender.Profile, []*profiles.Equipment{helmet})
	}
	return ex
}

// TestHelmetNoCriticalDamage checks "Ignore les dégâts de RC": a Trample's CH
// deals C, not C + stature (R9, R18), to the wearer; without the helmet it
// deals C + stature.
func TestHelmetNoCriticalDamage(t *testing.T) {
	const stature, c = 4, 6
	bare := exact(t, helmetExchange(sim.Trample, nil))
	if got := pmf(bare.DamagePMF, c+stature); got <= 0 || math.Abs(got-bare.PCriticalSuccess) > 1e-12 {
		t.Fatalf("without a helmet P(damage == C + stature) = %g, want p_critical_success %g", got, bare.PCriticalSuccess)
	}
	r := exact(t, helmetExchange(sim.Trample, ironHelm))
	if got := pmf(r.DamagePMF, c); math.Abs(got-r.PSuccess) > 1e-12 {
		t.Errorf("with the helmet P(damage == C) = %.15g, want p_success %.15g (no CH bonus)", got, r.PSuccess)
	}
	if got := pmf(r.DamagePMF, c+stature); got != 0 {
		t.Errorf("with the helmet P(damage == C + stature) = %g, want 0", got)
	}
	if math.Abs(r.PDazed-r.PSuccess) > 1e-12 {
		t.Errorf("p_dazed %g, want p_success %g: this helmet gives no immunity", r.PDazed, r.PSuccess)
	}
}

// TestHelmetImmunity checks "Immunisé aux effets sonné et assommé": a
// Trample no longer dazes the wearer (R18), a mace's CH no longer stuns it;
// the damage is unchanged.
func TestHelmetImmunity(t *testing.T) {
	for _, kind := range []sim.Kind{sim.Trample, sim.Melee} {
		bare := exact(t, helmetExchange(kind, nil))
		r := exact(t, helmetExchange(kind, openHelm))
		if bare.PDazed+bare.PStunned <= 0 {
			t.Fatalf("%v without a helmet: p_dazed %g, p_stunned %g, want a status", kind, bare.PDazed, bare.PStunned)
		}
		if r.PDazed != 0 || r.PStunned != 0 {
			t.Errorf("%v with the helmet: p_dazed %g, p_stunned %g, want 0", kind, r.PDazed, r.PStunned)
		}
		if math.Abs(r.ExpectedDamage-bare.ExpectedDamage) > 1e-12 {
			t.Errorf("%v: expected damage %g with the helmet, %g without: want the same", kind, r.ExpectedDamage, bare.ExpectedDamage)
		}
	}
}

// TestHelmetWithBoxes checks a helmet whose effect wears out (catalogue.md
// 4.6 "Helmets": "the helmet's effect lasts until its boxes are used up"): with
// boxes left it works in an exchange as a helmet that lasts the whole game;
// with none left the wearer takes what a bare head takes.
func TestHelmetWithBoxes(t *testing.T) {
	worn := *openHelm
	worn.HelmetBoxes = 3
	bare := exact(t, helmetExchange(sim.Trample, nil))
	whole := exact(t, helmetExchange(sim.Trample, openHelm))
	fresh := helmetExchange(sim.Trample, &worn)
	if fresh.Defender.HelmetBoxes != 3 {
		t.Fatalf("a fresh wearer has %d helmet boxes, want 3", fresh.Defender.HelmetBoxes)
	}
	if r := exact(t, fresh); r.PDazed != whole.PDazed || r.ExpectedDamage != whole.ExpectedDamage {
		t.Errorf("3 boxes left: p_dazed %g, damage %g; want the lasting helmet's %g, %g", r.PDazed, r.ExpectedDamage, whole.PDazed, whole.ExpectedDamage)
	}
	used := helmetExchange(sim.Trample, &worn)
	used.Defender.HelmetBoxes = 0
	if r := exact(t, used); r.PDazed != bare.PDazed || r.ExpectedDamage != bare.ExpectedDamage {
		t.Errorf("no box left: p_dazed %g, damage %g; want a bare head's %g, %g", r.PDazed, r.ExpectedDamage, bare.PDazed, bare.ExpectedDamage)
	}
}

// TestHelmetUsedOutcome checks when a sampled exchange says a helmet worked,
// which ticks a box in a fight: on every successful Trample against a helmet
// immune to daze (R18: a Trample dazes), and only on a successful CH against
// a helmet that takes the CH bonus away; the frequencies match the exact
// p_success and p_critical_success within 99.99% Wilson intervals.
func TestHelmetUsedOutcome(t *testing.T) {
	for _, c := range []struct {
		name string
		kind sim.Kind
		helm *profiles.Equipment
		crit bool
	}{
		{"Trample vs immune to daze", sim.Trample, openHelm, false},
		{"Trample vs no CH damage", sim.Trample, ironHelm, true},
		{"stunning mace vs immune to stun", sim.Melee, openHelm, true},
	} {
		want := exact(t, helmetExchange(c.kind, c.helm))
		sm, err := helmetExchange(c.kind, c.helm).NewSampler()
		if err != nil {
			t.Fatal(err)
		}
		r := rand.NewPCG(7, 0)
		const n = 100_000
		used, bad := 0, 0
		for range n {
			o := sm.Sample(r)
			if o.HelmetUsed {
				used++
			}
			if o.HelmetUsed != (o.Success && (!c.crit || o.Critical)) {
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d draws where the helmet's use does not follow the hit and its CH", c.name, bad)
		}
		p := want.PSuccess
		if c.crit {
			p = want.PCriticalSuccess
		}
		checkPMF(t, c.name+" helmet used", []int{used}, n, []float64{p})
	}
}
