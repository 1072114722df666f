package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// TestCardAuraReach checks where a list's card aura holds (skills.md 3.2,
// the Goûn aura upgrade "+1 stature"; sim/cardaura.go, played by pattern
// D's refreshAuras): a hunter within the shaman's aura (I toises from the
// centre of its base, seed 000 l.585-593) fights with a card one stature
// taller, outside it and once the shaman is out of play with its own; the
// shaman is not in its own aura; its base never grows; the embedded cards
// are untouched; a list without the card has no buffed kind.
func TestCardAuraReach(t *testing.T) {
	grant := profiles.CardAuraGrant{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}},
		Grant: profiles.AuraGrant{To: profiles.Selector{All: true}, AuraBuffs: profiles.AuraBuffs{Stature: 1}}}
	build := func(cards ...profiles.CardAuraGrant) *engine {
		a := handSide(t, []string{"goun-shaman-2", "goun-hunter-1"}, 80, 40)
		a.CardAuraGrants = cards
		return handEngine(t, &Skirmish{Sides: [2]Spearhead{a, handSide(t, []string{"kherops-warrior-1"}, 48)}})
	}
	e := build(grant)
	own := cardFighterIn(t, "goun-hunter-1").Profile.Stature
	shaman := cardFighterIn(t, "goun-shaman-2").Profile.Stature
	aura := float64(e.c[0].f.Stats().I)
	place := func(d float64) {
		e.c[0].pos = field.Vec{X: 6, Y: 3}
		e.c[1].pos = field.Vec{X: 6, Y: 3 + d}
		e.c[2].pos = field.Vec{X: 20, Y: 20}
		e.refreshAuras()
	}
	radius := e.c[1].radius
	place(aura - 0.5)
	if got := e.c[1].f.Profile.Stature; got != own+1 {
		t.Errorf("hunter in the aura: stature %d, want %d", got, own+1)
	}
	if e.c[1].stature != own || e.c[1].radius != radius {
		t.Errorf("hunter's base in the aura: stature %d radius %v, want %d, %v", e.c[1].stature, e.c[1].radius, own, radius)
	}
	if got := e.c[0].f.Profile.Stature; got != shaman {
		t.Errorf("the shaman in its own aura: stature %d, want %d", got, shaman)
	}
	place(aura + 0.5)
	if got := e.c[1].f.Profile.Stature; got != own {
		t.Errorf("hunter outside the aura: stature %d, want %d", got, own)
	}
	place(aura - 0.5)
	e.c[0].hp = 0
	e.refreshAuras()
	if got := e.c[1].f.Profile.Stature; got != own {
		t.Errorf("shaman out of play: hunter's stature %d, want %d", got, own)
	}
	if len(e.c[0].f.Profile.AuraGrants) != 1 || len(cardFighterIn(t, "goun-shaman-2").Profile.AuraGrants) != 0 {
		t.Errorf("the shaman fights with %d aura grants, its card has %d; want 1 and 0", len(e.c[0].f.Profile.AuraGrants), len(cardFighterIn(t, "goun-shaman-2").Profile.AuraGrants))
	}
	if e2 := build(); len(e2.auras) != 0 || len(e2.kinds) != 3 {
		t.Errorf("without the card: %d aura Safars, %d kinds; want 0, 3", len(e2.auras), len(e2.kinds))
	}
}
