package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestUnderArmourWearsOutInFight checks the boxes of an armour worn under
// another in a fight (catalogue.md 4.6 stacksWithArmor; R12: each hit with a
// weapon ticks a box, a natural 1 two): they run down from 2 as blows land,
// never below 0, and once used up the exchanges are played from a plan whose
// defender has no box of it left.
func TestUnderArmourWearsOutInFight(t *testing.T) {
	vest := &profiles.ArmourStats{Failure: 0, Threshold: 7, Success: 1, Boxes: 2, Stacks: true}
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10}}
	att := &profiles.Profile{ID: "brute", Level: 3, AP: 9, HP: 90, Stature: 4,
		Stats: profiles.Stats{V: 4, P: 6, A: 5, C: 4, T: 5, I: 3}}
	def := &profiles.Profile{ID: "vested", Level: 1, AP: 3, HP: 900, Stature: 3,
		Stats: profiles.Stats{V: 3, P: 3, A: 2, C: 3, T: 4, I: 3}}
	e := contactPair(t, NewFighter(att, []*profiles.Equipment{club}),
		NewFighter(def, []*profiles.Equipment{{ID: "vest", Kind: profiles.KindArmour, Armour: vest}}))
	if e.c[1].under != 2 {
		t.Fatalf("the wearer starts with %d boxes of its vest, want 2", e.c[1].under)
	}
	opts := e.opts[e.c[0].kind][e.c[1].kind]
	k := lastOption(t, e, "2 AP melee", melee2AP)
	r := rand.NewPCG(5, 0)
	hits, after := 0, 0
	for range 200 {
		before, hp := e.c[1].under, e.c[1].hp
		e.c[0].ap, e.c[1].ap = 9, 0
		e.strike(r, 0, 1, k, &opts[k], false, bandEffective, 0, 0)
		if e.c[1].under > before || e.c[1].under < 0 {
			t.Fatalf("vest boxes went from %d to %d", before, e.c[1].under)
		}
		if e.c[1].hp < hp && before > 0 {
			hits++
			if e.c[1].under == before {
				t.Fatalf("a club hit with %d vest boxes left ticked none (R12)", before)
			}
		}
		if before == 0 {
			after++
		}
	}
	if hits == 0 || after == 0 {
		t.Fatalf("%d hits on the vest, %d exchanges after it wore out; want some of both", hits, after)
	}
	found := false
	for key, pl := range e.plans {
		if key.defUnder {
			found = true
			if pl.ex.Defender.UnderBoxes != 0 {
				t.Errorf("plan with the vest used up: defender has %d vest boxes", pl.ex.Defender.UnderBoxes)
			}
		}
	}
	if !found {
		t.Error("no plan played with the vest used up")
	}
}
