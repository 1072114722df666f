package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestHelmetWearsOutInFight checks a helmet with boxes in a fight
// (catalogue.md 4.6 "Helmets": "the helmet's effect lasts until its boxes are
// used up"): each Trample that hits a wearer immune to daze ticks a box and
// dazes nobody (R18: a Trample dazes); once its 2 boxes are used up, the next
// hit is played bare-headed and dazes.
func TestHelmetWearsOutInFight(t *testing.T) {
	helm := &profiles.Equipment{ID: "reed-cap", Kind: profiles.KindHelmet, HelmetBoxes: 2,
		Effects: profiles.Effects{Immune: []profiles.Status{profiles.Daze}}}
	att := &profiles.Profile{ID: "tusker", Level: 3, AP: 9, HP: 90, Stature: 5,
		Stats: profiles.Stats{V: 4, P: 4, A: 4, C: 7, T: 5, I: 3}, Skills: []profiles.Skill{{Name: "trample"}}}
	def := &profiles.Profile{ID: "capped", Level: 1, AP: 3, HP: 90, Stature: 3,
		Stats: profiles.Stats{V: 3, P: 3, A: 2, C: 3, T: 4, I: 3}}
	e := contactPair(t, NewFighter(att, nil), NewFighter(def, []*profiles.Equipment{helm}))
	if e.c[1].helmet != 2 {
		t.Fatalf("the wearer starts with %d helmet boxes, want 2", e.c[1].helmet)
	}
	opts := e.opts[e.c[0].kind][e.c[1].kind]
	k := lastOption(t, e, "Trample", func(o *fightOption) bool { return o.attack.Kind == Trample })
	r := rand.NewPCG(3, 0)
	hits, dazedAfter := 0, 0
	for range 400 {
		before := e.c[1].helmet
		hp := e.c[1].hp
		e.c[0].ap, e.c[1].ap, e.c[1].dazed, e.c[0].specialUse = 9, 0, false, false
		e.strike(r, 0, 1, k, &opts[k], false, bandEffective, 0, 0)
		hit := e.c[1].hp < hp || e.c[1].dazed
		e.c[1].hp = 90
		switch {
		case before > 0 && hit:
			hits++
			if e.c[1].dazed || e.c[1].helmet != before-1 {
				t.Fatalf("a hit with %d boxes left: dazed %v, %d boxes after; want not dazed, %d", before, e.c[1].dazed, e.c[1].helmet, before-1)
			}
		case before > 0:
			if e.c[1].helmet != before {
				t.Fatalf("a miss ticked the helmet: %d boxes, want %d", e.c[1].helmet, before)
			}
		case hit:
			if !e.c[1].dazed {
				t.Fatalf("a hit with the helmet used up did not daze")
			}
			dazedAfter++
		}
	}
	if hits != 2 || dazedAfter == 0 {
		t.Errorf("%d hits used the helmet (want 2), %d dazed after (want some)", hits, dazedAfter)
	}
}
