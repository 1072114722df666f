package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestBareHandsDuel is the regression test of a crash: a Safar with no melee
// weapon (crown-guard-1 with its spear left behind, as in the ready-made list
// kharns-400) made the fight option tables dereference a nil weapon. It must
// fight bare-handed and deal damage.
func TestBareHandsDuel(t *testing.T) {
	ds := profiles.Default()
	p, err := ds.Profile("crown-guard-1")
	if err != nil {
		t.Fatal(err)
	}
	lo, err := ds.Equip(p, nil, []string{"spear"})
	if err != nil {
		t.Fatal(err)
	}
	f := sim.NewFighter(p, lo.Items(ds))
	if f.Melee != nil {
		t.Fatalf("melee weapon %s left", f.Melee.ID)
	}
	d := &sim.Duel{A: f, B: cardFighter(t, "kherops-warrior-1")}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var tally sim.DuelTally
	r := rand.NewPCG(1, 1)
	for range 200 {
		tally.Add(pl.Play(r))
	}
	if tally.Damage[sim.SideA] == 0 || tally.Attacks[sim.SideA] == 0 {
		t.Errorf("bare hands: %d attacks, %d damage in 200 fights", tally.Attacks[sim.SideA], tally.Damage[sim.SideA])
	}
}
