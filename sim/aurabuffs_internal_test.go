package sim

import (
	"reflect"
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// TestAuraBuffVariant checks the way of pattern D's buffs that are no skill
// into a battle (skills.md section 3, D; sim/auragrants.go): a guard in a
// prince's aura takes the kind whose Fighter has the aura's buffs
// (Skills.Aura), out of it its own; two princes giving the same buff give
// it once ("Battle book: identical auras do not stack"): the exact exchange
// of the guard in both auras equals, to 1e-12, the one in a single aura,
// and differs from the guard's own.
func TestAuraBuffVariant(t *testing.T) {
	reroll := []profiles.AuraGrant{{AuraBuffs: profiles.AuraBuffs{DefenceReroll: true}, To: profiles.Selector{Profiles: []string{"crown-guard"}}}}
	p1, p2 := auraCard(t, "prince-3", reroll), auraCard(t, "prince-3", slices.Clone(reroll))
	guard := auraCard(t, "crown-guard-1", nil)
	enemy := auraCard(t, "kherops-warrior-1", nil)
	e := battle(t, []*Fighter{p1, p2, guard}, []*Fighter{enemy})
	if len(e.auras) != 1 || e.auras[0].i != 2 || len(e.auras[0].kinds) != 4 {
		t.Fatalf("aura Safars %+v, want the guard (2) with 4 kinds (two grants)", e.auras)
	}
	ks := e.auras[0].kinds
	for m, k := range ks {
		if got := e.kinds[k].Skills.Aura.DefenceReroll; got != (m != 0) {
			t.Errorf("kind of grants %b: defence reroll %v", m, got)
		}
	}
	e.c[0].pos, e.c[1].pos = field.Vec{X: 3, Y: 7.5}, field.Vec{X: 7, Y: 7.5}
	e.c[3].pos = field.Vec{X: 6, Y: 9}
	for _, c := range []struct {
		x    float64
		want int
		what string
	}{{5, ks[3], "in both auras"}, {10.5, ks[2], "in the second prince's only"}, {20, ks[0], "out of both"}} {
		e.c[2].pos = field.Vec{X: c.x, Y: 10.5}
		e.refreshAuras()
		if e.c[2].kind != c.want {
			t.Errorf("%s: kind %d, want %d", c.what, e.c[2].kind, c.want)
		}
	}
	a, _, err := ParseAttack("2:PA:P")
	if err != nil {
		t.Fatal(err)
	}
	def := e.c[3].kind
	res := func(k int) *Result {
		x := e.exchange(def, k, enemy.Melee, a)
		r, err := x.Exact()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	both, one, own := res(ks[3]), res(ks[1]), res(ks[0])
	if d := maxDiff(reflect.ValueOf(*both), reflect.ValueOf(*one)); d > 1e-12 {
		t.Errorf("the guard in two identical auras against one: figures differ by %g", d)
	}
	if one.PSuccess >= own.PSuccess-1e-3 {
		t.Errorf("the enemy against the guard in the aura: p_success %.4f, out of it %.4f: want less", one.PSuccess, own.PSuccess)
	}
}

// widerCard returns the embedded card id with wider_auras (skills.md
// section 3, pattern D: "+2 toises of aura radius for its people in the
// Spearhead"), fielded with its base equipment.
func widerCard(t *testing.T, id string, w ...profiles.WiderAura) *Fighter {
	t.Helper()
	f := auraCard(t, id, nil)
	p := *f.Profile
	p.WiderAuras = w
	g := *f
	g.Profile = &p
	return &g
}

// TestWiderAuras checks pattern D's wider auras (skills.md section 3, D:
// "+2 toises of aura radius for its people in the Spearhead"): while the
// card's Safar is in play, the Safars of its side it names (itself
// included) have auras of I + 2 toises; two such cards give +2, not +4
// (identical auras do not stack); an enemy's does not widen them; and the
// rules that read an aura read the wider one: its leader's aura (seed 000
// l.402) and an ally's aura grant within aura (sim/auragrants.go).
func TestWiderAuras(t *testing.T) {
	kharns := profiles.WiderAura{To: profiles.Selector{Factions: []string{profiles.Kharns}}, Toises: 2}
	prince := auraCard(t, "prince-3", princeGrants[:1]) // I 5, Brutality 1 to crown guards in its aura
	pal := widerCard(t, "paladin-2", kharns)            // I 3
	pal2 := widerCard(t, "paladin-2", kharns)
	guard := auraCard(t, "crown-guard-1", nil) // I 2
	enemy := widerCard(t, "kherops-warrior-1", profiles.WiderAura{To: profiles.Selector{All: true}, Toises: 5})
	e := battle(t, []*Fighter{prince, pal, pal2, guard}, []*Fighter{enemy})
	e.leader[0] = 0
	eI := float64(enemy.Stats().I)
	for _, c := range []struct {
		i    int
		want float64
	}{{0, 7}, {1, 5}, {3, 4}, {4, eI + 5}} {
		if got := e.auraRadius(c.i); got != c.want {
			t.Errorf("Safar %d (%s): aura %g toises, want %g", c.i, e.c[c.i].f.Name(), got, c.want)
		}
	}
	e.c[0].pos, e.c[1].pos, e.c[2].pos = field.Vec{X: 3, Y: 7.5}, field.Vec{X: 3, Y: 3}, field.Vec{X: 3, Y: 12}
	e.c[4].pos = field.Vec{X: 20, Y: 7.5}
	e.c[3].pos = field.Vec{X: 9, Y: 7.5} // 6 toises from the prince: beyond I 5, within 7
	e.refreshAuras()
	if e.c[3].kind != e.auras[0].kinds[1] || e.aura(3) != 1 {
		t.Errorf("6 toises from the prince with the paladins in play: kind %d (want the buffed %d), leader's aura %d (want 1)", e.c[3].kind, e.auras[0].kinds[1], e.aura(3))
	}
	e.c[1].hp, e.c[2].hp = 0, 0 // both paladins defeated
	e.refreshAuras()
	if got := e.auraRadius(0); got != 5 || e.c[3].kind != e.auras[0].kinds[0] || e.aura(3) != 0 {
		t.Errorf("the paladins defeated: the prince's aura %g toises (want 5), the guard's kind %d (want its own %d), leader's aura %d (want 0)", got, e.c[3].kind, e.auras[0].kinds[0], e.aura(3))
	}
}

// TestAuraFreeV checks pattern D's "once per turn, allies may take a free V
// effect after a failed defence (applied after the attack is resolved)"
// (skills.md section 3, D; engine.auraFreeV): a guard in the prince's aura
// whose defence failed steps away from its attacker when its policy would
// rather shoot, once per turn; not after a defence that held or no defence,
// not out of the aura, not a second time in the turn, not a Safar that
// would rather fight in melee.
func TestAuraFreeV(t *testing.T) {
	grant := []profiles.AuraGrant{{AuraBuffs: profiles.AuraBuffs{FreeVAfterFailedDefence: true}, To: profiles.Selector{Profiles: []string{"crown-guard"}}}}
	prince := auraCard(t, "prince-3", grant)
	guard := auraCard(t, "crown-guard-1", nil)
	enemy := auraCard(t, "kherops-warrior-1", nil)
	e := battle(t, []*Fighter{prince, guard}, []*Fighter{enemy})
	place := func(x float64) {
		e.c[0].pos, e.c[1].pos, e.c[2].pos = field.Vec{X: 3, Y: 7.5}, field.Vec{X: x, Y: 7.5}, field.Vec{X: x + 1, Y: 7.5}
		e.refreshAuras()
	}
	shooter := func(on bool) {
		for _, k := range e.auras[0].kinds {
			e.prefer[k][e.c[2].kind] = on
		}
		e.c[1].ammo = -1
	}
	shooter(true)
	place(5)
	if !e.c[1].f.Skills.Aura.FreeVAfterFailedDefence {
		t.Fatal("2 toises from the prince: the guard has no free V")
	}
	gap := e.c[1].pos.Dist(e.c[2].pos)
	if e.auraFreeV(2, 1, false) {
		t.Error("a defence that held (or none): the guard moved")
	}
	if !e.auraFreeV(2, 1, true) || e.c[1].pos.Dist(e.c[2].pos) <= gap+0.1 || !e.c[1].auraVUsed {
		t.Errorf("a failed defence in the aura: gap %.2f, was %.2f, used %v; want the guard stepped away", e.c[1].pos.Dist(e.c[2].pos), gap, e.c[1].auraVUsed)
	}
	place(5)
	if e.auraFreeV(2, 1, true) {
		t.Error("a second failed defence in the turn: the guard moved again")
	}
	e.c[1].auraVUsed = false
	place(12) // 9 toises from the prince: out of its aura (I 5)
	if e.auraFreeV(2, 1, true) {
		t.Error("out of the aura: the guard moved")
	}
	shooter(false)
	place(5)
	if e.auraFreeV(2, 1, true) {
		t.Error("a guard that would rather fight in melee: it moved")
	}
}

// TestAuraD10OncePerTurn checks the fight's side of pattern D's "once per
// turn, +1D10 to the final total of an attack or defence" (skills.md
// section 3, D; engine.boostLeft): a guard in the prince's aura holds the
// d10 (toolBoost) until a defence adds it (spendTools), then not until the
// next turn; out of the aura it holds none.
func TestAuraD10OncePerTurn(t *testing.T) {
	grant := []profiles.AuraGrant{{AuraBuffs: profiles.AuraBuffs{D10OncePerTurn: true}, To: profiles.Selector{Profiles: []string{"crown-guard"}}}}
	prince := auraCard(t, "prince-3", grant)
	guard := auraCard(t, "crown-guard-1", nil)
	enemy := auraCard(t, "kherops-warrior-1", nil)
	e := battle(t, []*Fighter{prince, guard}, []*Fighter{enemy})
	e.c[0].pos, e.c[1].pos, e.c[2].pos = field.Vec{X: 3, Y: 7.5}, field.Vec{X: 5, Y: 7.5}, field.Vec{X: 6, Y: 7.5}
	e.refreshAuras()
	if e.boostLeft(1) != toolBoost || e.boostLeft(2) != 0 || e.boostLeft(0) != 0 {
		t.Fatalf("in the aura: guard %b, enemy %b, prince %b; want the guard alone to hold the d10", e.boostLeft(1), e.boostLeft(2), e.boostLeft(0))
	}
	e.spendTools(1, toolFate) // another tool spent: the d10 stays
	if e.boostLeft(1) != toolBoost {
		t.Error("a spell's reroll spent: the d10 went with it")
	}
	e.spendTools(1, toolBoost)
	if e.boostLeft(1) != 0 {
		t.Error("the d10 added: the guard still holds it this turn")
	}
	e.c[1].boostUsed = false // a new turn (playFrom resets it with Master X's)
	e.c[1].pos = field.Vec{X: 12, Y: 7.5}
	e.refreshAuras()
	if e.boostLeft(1) != 0 {
		t.Error("9 toises from the prince (I 5): the guard holds the d10")
	}
}

// TestCFRerollOncePerGame checks the fight's side of the CF reroll of the
// game (skills.md section 3, pattern D; recommended: one reroll in total per
// game for the Spearhead): the card's side holds it while the card's Safar
// is in play, until one of its Safars uses it; the other side never; a new
// battle gives it back.
func TestCFRerollOncePerGame(t *testing.T) {
	prince := auraCard(t, "prince-3", nil)
	p := *prince.Profile
	p.CFRerollOncePerGame = true
	card := *prince
	card.Profile = &p
	guard := auraCard(t, "crown-guard-1", nil)
	enemy := auraCard(t, "kherops-warrior-1", nil)
	e := battle(t, []*Fighter{&card, guard}, []*Fighter{enemy})
	if !e.cfReroll(0) || e.cfReroll(1) {
		t.Fatalf("at the start: side A %v, side B %v; want A alone", e.cfReroll(0), e.cfReroll(1))
	}
	e.spendCFReroll(1, false)
	if !e.cfReroll(0) {
		t.Error("not used: spent")
	}
	e.spendCFReroll(1, true) // the guard's roll used it
	if e.cfReroll(0) {
		t.Error("used by the guard: side A still holds it")
	}
	e.reset()
	if !e.cfReroll(0) {
		t.Error("a new battle: side A does not hold it")
	}
	e.c[0].hp = 0
	if e.cfReroll(0) {
		t.Error("the card's Safar defeated: side A holds it")
	}
}
