package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// lightArmour is an invented light armour an aura gives (skills.md 3.2, a
// Goûn aura upgrade: "a light armour for allies in the aura").
var lightArmour = &profiles.ArmourStats{Failure: 0, Threshold: 7, Success: 1, Boxes: 6, Stacks: true}

// armourAuraEngine returns a skirmish engine of a goun shaman (A1) whose
// list's card gives the allies in its aura a light armour (card_aura_grants
// with armour), a goun hunter (A2) and a Khérops warrior (B1), after reset.
func armourAuraEngine(t *testing.T, card bool) *engine {
	t.Helper()
	var cards []profiles.CardAuraGrant
	if card {
		cards = []profiles.CardAuraGrant{{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}},
			Grant: profiles.AuraGrant{To: profiles.Selector{All: true}, AuraBuffs: profiles.AuraBuffs{Armour: lightArmour}}}}
	}
	a := handSide(t, []string{"goun-shaman-2", "goun-hunter-1"}, 80, 40)
	a.CardAuraGrants = cards
	return handEngine(t, &Skirmish{Sides: [2]Spearhead{a, handSide(t, []string{"kherops-warrior-2"}, 82)}})
}

// TestAuraArmour checks an aura's armour (skills.md 3.2, the Goûn aura
// upgrade's light armour; AuraBuffs.Armour, sim/auragrants.go): the hunter
// in the shaman's aura fights with the armour in its second slot (R12, the
// slot of sim/armour_slots.go), outside the aura without it; its boxes are
// its own for the battle: ticked by hits while it wears it, kept when it
// leaves the aura and comes back, whole again in a new battle; without the
// card it has no boxes; the warrior's 2 AP attacks on it in the aura deal
// less than outside, and the HP it loses, sampled over 20 000 strikes with
// the armour's boxes given back each time, agree with the exact expected
// damage of the exchange (z-test, 99.99%); the trace names the armour.
func TestAuraArmour(t *testing.T) {
	e := armourAuraEngine(t, true)
	if e.c[1].f.Under != nil || e.c[1].under != lightArmour.Boxes {
		t.Fatalf("after reset: under %v, %d boxes; want its own kind (none worn) and %d boxes held", e.c[1].f.Under, e.c[1].under, lightArmour.Boxes)
	}
	aura := float64(e.c[0].f.Stats().I)
	place := func(d float64) {
		e.c[0].pos = field.Vec{X: 6, Y: 3}
		e.c[1].pos = field.Vec{X: 6, Y: 3 + d}
		contact(e, 1, 2, 0)
		e.refreshAuras()
	}
	var b strings.Builder
	e.trace = &b
	place(aura - 0.5)
	if e.c[1].f.Under != lightArmour {
		t.Fatalf("in the aura: second armour %v, want the aura's", e.c[1].f.Under)
	}
	if !strings.Contains(b.String(), "armour -0/7/-1 from A1 goun-shaman-2") {
		t.Errorf("trace %q", b.String())
	}
	e.trace = nil
	if e.c[0].f.Under != nil {
		t.Error("the shaman wears the armour of its own aura")
	}
	in := e.c[1].kind
	// The warrior strikes the hunter in the aura until a box is ticked.
	opts := e.opts[e.c[2].kind][e.c[1].kind]
	k := -1
	for n := range opts {
		if melee2AP(&opts[n]) {
			k = n
		}
	}
	if k < 0 {
		t.Fatal("no 2 AP melee attack")
	}
	r := rand.NewPCG(9, 1)
	for n := 0; e.c[1].under == lightArmour.Boxes; n++ {
		if n > 200 {
			t.Fatal("200 strikes and no box ticked")
		}
		e.c[1].hp, e.c[1].ap, e.c[2].ap = 90, 0, 9
		e.strike(r, 2, 1, k, &opts[k], false, bandEffective, 0, 0)
	}
	left := e.c[1].under
	place(aura + 1)
	if e.c[1].f.Under != nil || e.c[1].under != left {
		t.Errorf("out of the aura: second armour %v, %d boxes; want none worn, %d held", e.c[1].f.Under, e.c[1].under, left)
	}
	place(aura - 0.5)
	if e.c[1].under != left {
		t.Errorf("back in the aura: %d boxes, want %d", e.c[1].under, left)
	}
	e.reset()
	if e.c[1].under != lightArmour.Boxes {
		t.Errorf("a new battle: %d boxes, want %d", e.c[1].under, lightArmour.Boxes)
	}
	if none := armourAuraEngine(t, false); none.c[1].under != 0 || none.auras != nil {
		t.Errorf("without the card: %d boxes", none.c[1].under)
	}

	// The exchange in the aura against the one outside, exact and sampled.
	outside := e.kinds[e.auras[0].kinds[0]]
	if e.auras[0].i != 1 {
		t.Fatalf("aura Safar %d, want the hunter", e.auras[0].i)
	}
	exIn := e.exchange(e.c[2].kind, in, opts[k].weapon, opts[k].attack)
	exIn.Policy.Defence = &Defence{AP: 0} // the hunter defends without AP, as in the strikes below
	noMastery := *exIn.Attacker
	noMastery.Mastery = nil // no mastery die before the warrior's first activation, as in the strikes below
	exIn.Attacker = &noMastery
	resIn, err := exIn.Exact()
	if err != nil {
		t.Fatal(err)
	}
	exOut := e.exchange(e.c[2].kind, e.auras[0].kinds[0], opts[k].weapon, opts[k].attack)
	exOut.Policy.Defence = &Defence{AP: 0}
	exOut.Attacker = &noMastery
	resOut, err := exOut.Exact()
	if err != nil {
		t.Fatal(err)
	}
	if outside.Under != nil || !(resIn.ExpectedDamage < resOut.ExpectedDamage-0.05) {
		t.Fatalf("exact damage %.4f in the aura, %.4f outside", resIn.ExpectedDamage, resOut.ExpectedDamage)
	}
	const n = 20000
	var m stats.Mean
	for range n {
		e.reset()
		e.round = 1
		place(aura - 0.5)
		e.c[2].ap, e.c[1].ap = 9, 0
		hp := e.c[1].hp
		e.strike(r, 2, 1, k, &opts[k], false, bandEffective, 0, 0)
		m.Add(float64(hp - e.c[1].hp))
	}
	if z := (m.Mean() - resIn.ExpectedDamage) / m.SE(); z < -3.89 || z > 3.89 {
		t.Errorf("HP lost in the aura: sampled %.4f ± %.4f over %d strikes, exact %.4f (z %.2f)", m.Mean(), m.SE(), n, resIn.ExpectedDamage, z)
	}
	t.Logf("HP lost to the warrior's 2 AP attack, the hunter at 0 AP: in the aura sampled %.4f, exact %.4f; outside exact %.4f", m.Mean(), resIn.ExpectedDamage, resOut.ExpectedDamage)
}
