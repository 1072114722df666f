package sim_test

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// statureAura is an invented Goûn aura upgrade (skills.md 3.2: "+1
// stature" for the allies in the bearer's aura), as pattern D's aura grant
// the engine gives the allies in reach (profiles.WithAuraGrants).
var statureAura = profiles.AuraGrant{To: profiles.Selector{All: true}, AuraBuffs: profiles.AuraBuffs{Stature: 1}}

// TestExchangeStatureAura checks the exchange of a Safar under a stature
// aura (AuraBuffs.Stature; sim/cardaura.go): the card the engine fights
// with in the aura (profiles.WithAuraGrants) is exactly a card one stature
// taller (Exchange.Exact, to 1e-12: the CH bonus of a 2-3 AP melee action
// adds the stature, R9), deals more than the card itself, and the sampler
// agrees with the exact engine (P(success) in a 99.99% Wilson interval of
// 100 000 exchanges, the damage distribution by checkPMF).
func TestExchangeStatureAura(t *testing.T) {
	base := safar("goun", 2, stats4(4, 4, 4, 2), 2)
	tall := safar("goun", 2, stats4(4, 4, 4, 2), 3)
	buffed := profiles.WithAuraGrants(base, []*profiles.AuraGrant{&statureAura})
	if buffed.Stature != 3 || base.Stature != 2 {
		t.Fatalf("stature %d in the aura (card %d), want 3 (2)", buffed.Stature, base.Stature)
	}
	def := sim.NewFighter(safar("victim", 2, stats4(3, 3, 3, 3), 3), []*profiles.Equipment{club})
	a, _, err := sim.ParseAttack("2:VP:P")
	if err != nil {
		t.Fatal(err)
	}
	aura := sim.Exchange{Attacker: sim.NewFighter(buffed, []*profiles.Equipment{sword}), Defender: def, Attack: a}
	got := exact(t, &aura)
	want := exact(t, &sim.Exchange{Attacker: sim.NewFighter(tall, []*profiles.Equipment{sword}), Defender: def, Attack: a})
	own := exact(t, &sim.Exchange{Attacker: sim.NewFighter(base, []*profiles.Equipment{sword}), Defender: def, Attack: a})
	if math.Abs(got.PSuccess-want.PSuccess) > 1e-12 || math.Abs(got.ExpectedDamage-want.ExpectedDamage) > 1e-12 {
		t.Errorf("in the aura: P(success) %.6f, damage %.6f; a card one stature taller: %.6f, %.6f", got.PSuccess, got.ExpectedDamage, want.PSuccess, want.ExpectedDamage)
	}
	if !(got.ExpectedDamage > own.ExpectedDamage+0.01) {
		t.Errorf("damage %.4f in the aura, %.4f without", got.ExpectedDamage, own.ExpectedDamage)
	}
	s := sampleExchange(t, &aura, [2]uint64{5, 7}, 100_000)
	checkWilson(t, "sampled P(success)", s.success, s.n, got.PSuccess)
	checkPMF(t, "damage in the aura", s.damage, s.n, got.DamagePMF)
	t.Logf("expected damage %.4f in the aura, %.4f without", got.ExpectedDamage, own.ExpectedDamage)
}

// cardAuraSkirmish is an invented battle: a goun shaman whose list's card
// upgrades its aura (+1 stature for its allies in it: card_aura_grants)
// and two mongo warriors, against two Khérops warriors; with card false, the
// same list without the card.
func cardAuraSkirmish(t testing.TB, card bool) *sim.Skirmish {
	a := cardSide(t, []string{"goun-shaman-2", "mongo-warrior-2", "mongo-warrior-2"}, 80, 60, 60)
	if card {
		a.CardAuraGrants = []profiles.CardAuraGrant{{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}}, Grant: statureAura}}
	}
	return againstTwoWarriors(t, a)
}

// TestCardAuraSkirmish plays a list's card aura (skills.md 3.2, the Goûn
// aura upgrade "+1 stature"; sim/cardaura.go) in whole battles: the trace
// shows a warrior fighting with the stature the shaman's aura gives, and
// warm battles allocate nothing.
func TestCardAuraSkirmish(t *testing.T) {
	pl, tr := playTraced(t, cardAuraSkirmish(t, true), [2]uint64{7, 3}, 100, nil)
	checkTraceSays(t, tr, 100, "stature +1 from A1 goun-shaman-2")
	checkWarmAllocs(t, pl, 200, "battle with a card aura")
}
