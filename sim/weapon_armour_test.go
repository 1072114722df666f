package sim_test

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// guardedSword is a one-handed melee weapon that also protects: 0/7/-1 with
// 10 boxes (catalogue.md 4.6 "Armour": "an item of another category that
// carries a seuil also protects, in addition to the armour"). Invented
// numbers, those of the invented fixture epee-a-garde
// (profiles/catalog/testdata/catalog-056.json).
var guardedSword = &profiles.Equipment{ID: "guarded-sword", Kind: profiles.KindMelee, Hands: 1,
	Effects: profiles.Effects{CriticalFrom: 10},
	Armour:  &profiles.ArmourStats{Failure: 0, Threshold: 7, Success: 1, Boxes: 10, Stacks: true}}

// TestWeaponThatProtects checks a weapon that also protects: held, its armour
// is worn in the second armour slot (Fighter.Under) beside a plate, and the
// exchange against it is, figure for figure, the exchange against a plain
// weapon with the same armour stacked under the plate (sim/armour_slots.go);
// it stops more than the plate alone; carried but not held (another weapon in
// hand), it protects nothing.
func TestWeaponThatProtects(t *testing.T) {
	guard := safar("guard", 2, stats4(3, 4, 4, 5), 3)
	f := sim.NewFighter(guard, []*profiles.Equipment{guardedSword, wear(plate)})
	if f.Armour != plate || f.Under != guardedSword.Armour || f.UnderBoxes != 10 {
		t.Fatalf("guarded sword and plate: armour %+v, under %+v (%d boxes), want the sword's 0/7/-1 of 10 boxes under the plate", f.Armour, f.Under, f.UnderBoxes)
	}
	if g := sim.NewFighter(guard, []*profiles.Equipment{club, guardedSword, wear(plate)}); g.Melee != club || g.Offhand != guardedSword || g.Under != guardedSword.Armour {
		t.Errorf("club in hand, guarded sword in the other: under %+v, want the sword's (held in the off hand)", g.Under)
	}
	twoHanded := *guardedSword
	twoHanded.Hands = 2
	if g := sim.NewFighter(guard, []*profiles.Equipment{club, &twoHanded, wear(plate)}); g.Melee != club || g.Under != nil {
		t.Errorf("club in hand, two-handed guarded sword carried: under %+v, want none (not held)", g.Under)
	}
	fighter := safar("fighter", 2, stats4(4, 5, 4, 3), 3)
	mk := func(items ...*profiles.Equipment) *sim.Exchange {
		return &sim.Exchange{Attacker: sim.NewFighter(fighter, []*profiles.Equipment{club}),
			Defender: sim.NewFighter(guard, items),
			Attack:   sim.Attack{AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.A), Effects: sim.CharsOf(sim.P, sim.P)}, Policy: fixed(sim.Defence{})}
	}
	stacked := *guardedSword.Armour
	held := exact(t, mk(guardedSword, wear(plate)))
	under := exact(t, mk(club, wear(plate), wear(&stacked)))
	for k := range max(len(held.DamagePMF), len(under.DamagePMF)) {
		if math.Abs(pmf(held.DamagePMF, k)-pmf(under.DamagePMF, k)) > 1e-12 {
			t.Errorf("P(damage %d): %.15g with the guarded sword, %.15g with its armour stacked under the plate", k, pmf(held.DamagePMF, k), pmf(under.DamagePMF, k))
		}
	}
	plateOnly := exact(t, mk(club, wear(plate)))
	if !(held.ExpectedDamage < plateOnly.ExpectedDamage-1e-3) {
		t.Errorf("guarded sword and plate: E[damage] %g, want less than the plate's %g", held.ExpectedDamage, plateOnly.ExpectedDamage)
	}
}
