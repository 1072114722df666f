package sim_test

import (
	"math"
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

// TestHelmetWithBoxesNotPlayed checks that a helmet with boxes, whose effect
// wears out as it is used (catalogue.md 4.6), is not played: the engine does
// not count the uses, so the wearer takes what a bare head takes.
func TestHelmetWithBoxesNotPlayed(t *testing.T) {
	worn := *openHelm
	worn.HelmetBoxes = 3
	bare := exact(t, helmetExchange(sim.Trample, nil))
	r := exact(t, helmetExchange(sim.Trample, &worn))
	if r.PDazed != bare.PDazed || r.ExpectedDamage != bare.ExpectedDamage {
		t.Errorf("a helmet with boxes: p_dazed %g, damage %g; want a bare head's %g, %g", r.PDazed, r.ExpectedDamage, bare.PDazed, bare.ExpectedDamage)
	}
}
