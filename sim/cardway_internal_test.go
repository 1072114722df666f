package sim

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// wayEngine returns a skirmish engine of a bone seer (A1, I 5: an aura of 5
// toises) and two mongo warriors (A2 at 3 toises of it, A3 at 12), whose
// list has the casting bonus per ally not yet activated in a caster's aura
// (card_way_bonus) for the seer when cards is given, against two Khérops
// warriors far away.
func wayEngine(t *testing.T, cards []profiles.CardWayBonus) *engine {
	t.Helper()
	a := handSide(t, []string{"bone-seer-2", "mongo-warrior-2", "mongo-warrior-2"}, 80, 60, 60)
	a.CardWayBonuses = cards
	e := handEngine(t, &Skirmish{Sides: [2]Spearhead{a, handSide(t, []string{"kherops-warrior-2", "kherops-warrior-2"}, 82, 82)}})
	e.round = 1
	e.c[0].pos = field.Vec{X: 3, Y: 3}
	e.c[1].pos = field.Vec{X: 6, Y: 3}
	e.c[2].pos = field.Vec{X: 3, Y: 15}
	e.c[3].pos = field.Vec{X: 14, Y: 14}
	e.c[4].pos = field.Vec{X: 14, Y: 12}
	return e
}

// TestCardWayBonus checks the Affranchis casters' sixth-way bonus
// (skills.md 3.2: "its casters get +1 per ally not yet activated in their
// aura"; card_way_bonus, sim/cardway.go): +1 per ally in play in the
// caster's aura that has not activated this round, not the allies beyond
// it, nor those that have acted, nor without the card; added to its way's
// bonus (osteomancy: +1 per defeated Safar) in its own way's casts (the
// cast state's extra), whose exact P(success) rises with it and whose
// sampler agrees with it (99.99% Wilson interval, 4000 casts); the trace
// shows the card's part.
func TestCardWayBonus(t *testing.T) {
	card := []profiles.CardWayBonus{{By: profiles.Selector{Profiles: []string{"bone-seer-2"}}, Per: profiles.WayBonusPerUnactivatedAlly}}
	e := wayEngine(t, card)
	if got := e.cardWayBonus(0); got != 1 {
		t.Errorf("one ally not activated in its aura, one beyond: +%d, want +1", got)
	}
	e.c[2].pos = field.Vec{X: 3, Y: 7.5}
	if got := e.cardWayBonus(0); got != 2 {
		t.Errorf("two allies not activated in its aura: +%d, want +2", got)
	}
	e.c[1].acted = true
	if got := e.cardWayBonus(0); got != 1 {
		t.Errorf("one of them has acted: +%d, want +1", got)
	}
	if got := e.cardWayBonus(1); got != 0 {
		t.Errorf("a warrior the card does not name: +%d", got)
	}
	e.c[1].acted = false
	e.c[3].hp = 0 // a defeated enemy: osteomancy's +1
	if got := e.wayBonus(0); got != 3 {
		t.Errorf("way bonus %d, want 3 (1 defeated + 2 allies not activated)", got)
	}
	none := wayEngine(t, nil)
	none.c[2].pos = field.Vec{X: 3, Y: 7.5}
	none.c[3].hp = 0
	if got := none.wayBonus(0); got != 1 || none.cardWayBonus(0) != 0 {
		t.Errorf("without the card: way bonus %d, want 1", got)
	}

	// Its own way's casts take it as the way bonus, exact and sampled.
	r := rand.NewPCG(4, 11)
	checked := false
	for x := range e.magic.opts[e.c[0].kind] {
		o := &e.magic.opts[e.c[0].kind][x]
		pl := o.plans[e.c[4].kind]
		if !o.own || pl == nil || o.level.Amount == nil {
			continue
		}
		s, s0 := e.castStateOf(0, 4, o), none.castStateOf(0, 4, o)
		if s.extra != 3 || s0.extra != 1 {
			t.Fatalf("%s: cast state's extra %d with the card, %d without; want 3 and 1", o.spell.ID, s.extra, s0.extra)
		}
		p := pl.pSuccessIn(s.extra, min(s.held, 3), s.mast, s.defMast, 0)
		p0 := pl.pSuccessIn(s0.extra, min(s0.held, 3), s0.mast, s0.defMast, 0)
		if p <= 0 || p >= 1 {
			continue
		}
		if !(p > p0) {
			t.Errorf("%s: P(success) %.4f with the card, %.4f without", o.spell.ID, p, p0)
		}
		const n = 4000
		k := 0
		for range n {
			if pl.sampleIn(r, s.extra, min(s.held, 3), s.mast, s.defMast, 0).Success {
				k++
			}
		}
		if lo, hi := stats.Wilson(k, n, 0.9999); p < lo-1e-9 || p > hi+1e-9 || math.IsNaN(p) {
			t.Errorf("%s: sampled %d/%d [%.4f, %.4f], exact %.4f", o.spell.ID, k, n, lo, hi, p)
		}
		checked = true
	}
	if !checked {
		t.Fatal("no own-way cast of the bone seer to check")
	}
	var b strings.Builder
	e.trace = &b
	e.traceBonus(0, 3, 0)
	if tr := b.String(); tr != " (way +3, +2 of it for its allies not yet activated in its aura: its special card, card_way_bonus)" {
		t.Errorf("trace %q", tr)
	}
}
