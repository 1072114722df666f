package sim

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// apCard returns a copy of the embedded card id with the given AP auras
// (skills.md section 3, pattern E), fielded with its base equipment.
func apCard(t *testing.T, id string, auras ...profiles.APAura) *Fighter {
	t.Helper()
	ds := profiles.Default()
	base, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	p := *base
	p.APAuras = slices.Clone(auras)
	lo, err := ds.Equip(base, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return NewFighter(&p, lo.Items(ds))
}

// Invented AP auras of pattern E (skills.md section 3): "warriors of its
// people within 5 toises get one free AP for the first attack of their
// activation" (here the crown guards within 3), "allies of given kinds in
// its aura always have one AP to defend with" (level-I allies), "enemy
// attacks inside its aura cost 1 AP more".
var (
	firstAura   = profiles.APAura{FirstAttack: 1, To: profiles.Selector{Profiles: []string{"crown-guard"}}, Within: 3}
	defenceAura = profiles.APAura{DefenceAP: 1, To: profiles.Selector{Levels: []int{1}}}
	enemyAura   = profiles.APAura{EnemyAttack: 1}
)

// meleeOf returns the index of the first melee option of i against j of ap
// AP.
func meleeOf(t *testing.T, e *engine, i, j, ap int) int {
	t.Helper()
	k := slices.IndexFunc(e.opts[e.c[i].kind][e.c[j].kind], func(o fightOption) bool { return !o.shot && o.ap() == ap && o.pos == posNone })
	if k < 0 {
		t.Fatalf("%s has no %d AP melee option against %s", e.name(i), ap, e.name(j))
	}
	return k
}

// giveMastery gives Safars is their mastery dice, as an activation does
// (engine.activate): the exact exchange counts them.
func giveMastery(e *engine, is ...int) {
	for _, i := range is {
		c := &e.c[i]
		c.nMastery = 0
		for k, m := range c.f.Mastery {
			c.mastery[k] = m
			c.nMastery++
		}
	}
}

// TestAPAuraReach checks where the rules of AP auras hold (skills.md section
// 3, pattern E): an ally the aura names within its reach (its aura, I
// toises from the centre of the base, seed 000 l.585-593; or the given
// distance), not outside it, not once the card's Safar is defeated, not for
// the card's own Safar; the enemy rule on enemies only; and what an
// attack costs with them.
func TestAPAuraReach(t *testing.T) {
	prince := apCard(t, "prince-3", firstAura, defenceAura, enemyAura) // I 5
	guard := apCard(t, "crown-guard-1")
	enemy := apCard(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{prince, guard}, []*Fighter{enemy})
	if !e.apAuras {
		t.Fatal("no AP auras seen")
	}
	e.c[0].pos = field.Vec{X: 3, Y: 7.5}
	e.c[0].ap, e.c[1].ap, e.c[2].ap = 5, 3, 3
	for _, c := range []struct {
		what                  string
		guardX, enemyX        float64
		princeHP              int
		first, floor, taxEnem int
	}{
		{"guard at 2, enemy at 4", 5, 7, 11, 1, 1, 1},
		{"guard at 4 (beyond 3, in the aura)", 7, 7, 11, 0, 1, 1},
		{"guard at 5 (the aura's edge), enemy at 5.2", 8, 8.2, 11, 0, 1, 0},
		{"guard at 5.2", 8.2, 7, 11, 0, 0, 1},
		{"prince defeated", 5, 7, 0, 0, 0, 0},
	} {
		e.c[0].hp = c.princeHP
		e.c[1].pos, e.c[2].pos = field.Vec{X: c.guardX, Y: 7.5}, field.Vec{X: c.enemyX, Y: 9}
		e.c[1].struck = false
		if got := e.firstFree(1); got != c.first {
			t.Errorf("%s: first attack free AP %d, want %d", c.what, got, c.first)
		}
		if got := e.defenceFloor(1); got != c.floor {
			t.Errorf("%s: defence floor %d, want %d", c.what, got, c.floor)
		}
		if got := e.attackTax(2); got != c.taxEnem {
			t.Errorf("%s: enemy's tax %d, want %d", c.what, got, c.taxEnem)
		}
		if e.attackTax(1) != 0 || e.defenceFloor(2) != 0 || e.firstFree(2) != 0 {
			t.Errorf("%s: an ally taxed or an enemy helped", c.what)
		}
		if e.firstFree(0) != 0 || e.defenceFloor(0) != 0 {
			t.Errorf("%s: the prince is its own ally", c.what)
		}
		if got, want := e.attackCost(1, 2), 2-c.first; got != want {
			t.Errorf("%s: the guard's 2 AP attack costs %d, want %d", c.what, got, want)
		}
		if got, want := e.attackCost(2, 2), 2+c.taxEnem; got != want {
			t.Errorf("%s: the enemy's 2 AP attack costs %d, want %d", c.what, got, want)
		}
		if got, want := e.targetAP(1), max(e.c[1].ap, c.floor); got != want {
			t.Errorf("%s: the guard defends with %d AP, want %d", c.what, got, want)
		}
	}
	e.c[0].hp = 11
	e.c[1].pos, e.c[2].pos = field.Vec{X: 5, Y: 7.5}, field.Vec{X: 7, Y: 9}
	e.c[1].struck = true
	if e.firstFree(1) != 0 || e.attackCost(1, 2) != 2 {
		t.Error("after its first attack the guard still has a free AP")
	}
	e.c[1].struck = false
	e.c[1].dazed = true
	if got := e.attackCost(1, 1); got != 1 {
		t.Errorf("dazed guard's first 1 AP attack costs %d, want 1+1-1", got)
	}
	e.c[1].dazed = false
	e.lent = true
	if e.attackCost(2, 2) != 2 || e.attackCost(1, 2) != 2 {
		t.Error("a lent attack is taxed or made cheaper")
	}
	e.lent = false
	e.c[1].ap = 0
	if e.targetAP(1) != 1 {
		t.Errorf("guard at 0 AP in the aura defends with %d AP, want 1", e.targetAP(1))
	}
	kv := keepValues(e, 1)
	if kv[0] != kv[1] {
		t.Errorf("keep values %v: holding 0 AP above the floor of 1 should be worth holding 1", kv)
	}
}

// TestAPAuraFirstAttack plays pattern E's free AP for the first attack: the
// guard's first 2 AP attack of its activation costs 1 AP, the second 2; out
// of reach both cost 2; a new activation gives it back.
func TestAPAuraFirstAttack(t *testing.T) {
	prince := apCard(t, "prince-3", firstAura)
	guard := apCard(t, "crown-guard-1")
	enemy := apCard(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{prince, guard}, []*Fighter{enemy})
	opt := meleeOf(t, e, 1, 2, 2)
	r := rand.NewPCG(1, 2)
	for _, c := range []struct {
		what        string
		princeX     float64
		first, next int
	}{
		{"in reach", 5, 1, 2},
		{"out of reach", 0.5, 2, 2},
	} {
		e.c[0].pos = field.Vec{X: c.princeX, Y: 3}
		e.c[1].pos = field.Vec{X: 6, Y: 5}
		e.c[2].pos = field.Vec{X: 6, Y: 5 + e.c[1].radius + e.c[2].radius}
		e.c[1].struck = false // a new activation (engine.activate)
		for n, want := range []int{c.first, c.next} {
			e.c[1].ap, e.c[2].hp = 5, 100
			if !e.attack(r, 1, action{kind: actAttack, opt: opt, target: 2}) && e.c[1].hp > 0 {
				t.Fatalf("%s: attack %d refused", c.what, n+1)
			}
			if got := 5 - e.c[1].ap; got != want {
				t.Errorf("%s: attack %d cost %d AP, want %d", c.what, n+1, got, want)
			}
		}
	}
}

// TestAPAuraEnemyAttack plays pattern E's "enemy attacks inside its aura
// cost 1 AP more": the warrior standing in the prince's aura pays 3 AP for a
// 2 AP attack, cannot make one with 2 AP left, and its plans see it (the
// best plan with 2 AP makes at most a 1 AP attack); out of the aura it pays
// 2.
func TestAPAuraEnemyAttack(t *testing.T) {
	prince := apCard(t, "prince-3", enemyAura)
	guard := apCard(t, "crown-guard-1")
	enemy := apCard(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{prince, guard}, []*Fighter{enemy})
	opt := meleeOf(t, e, 2, 1, 2)
	r := rand.NewPCG(3, 4)
	place := func(princeX float64) {
		e.c[0].pos = field.Vec{X: princeX, Y: 3}
		e.c[1].pos = field.Vec{X: 6, Y: 5}
		e.c[2].pos = field.Vec{X: 6, Y: 5 + e.c[1].radius + e.c[2].radius}
		e.c[1].hp, e.c[2].hp = 100, 100
	}
	place(6) // the warrior about 2.7 toises from the prince: in its aura (I 5)
	e.c[2].ap = 5
	e.attack(r, 2, action{kind: actAttack, opt: opt, target: 1})
	if got := 5 - e.c[2].ap; got != 3 {
		t.Errorf("in the aura, a 2 AP attack cost %d AP, want 3", got)
	}
	e.c[2].ap = 2
	if e.attack(r, 2, action{kind: actAttack, opt: opt, target: 1}) || e.c[2].ap != 2 {
		t.Errorf("in the aura with 2 AP: a 2 AP attack was made (%d AP left)", e.c[2].ap)
	}
	e.kvOf = 0
	if k, _ := bestAttack(e, 2, 1, 0, nil, false, false); k >= 0 && e.opts[e.c[2].kind][e.c[1].kind][k].ap() > 1 {
		t.Errorf("in the aura with 2 AP: the plan's first attack is of %d AP", e.opts[e.c[2].kind][e.c[1].kind][k].ap())
	}
	place(-20) // far from the prince
	e.c[2].ap = 5
	e.attack(r, 2, action{kind: actAttack, opt: opt, target: 1})
	if got := 5 - e.c[2].ap; got != 2 {
		t.Errorf("out of the aura, a 2 AP attack cost %d AP, want 2", got)
	}
}

// TestAPAuraDefenceExact plays pattern E's "always have one AP to defend
// with, even at 0 AP left" against the exact engine: a guard at 0 AP in the
// prince's aura, attacked by the warrior's 2 AP attack, succeeds in its
// defence as often as the exact exchange against a defender holding 1 AP
// says (99.99% Wilson interval), not as one holding 0; and it ends with 0 AP
// (the given AP are not kept).
func TestAPAuraDefenceExact(t *testing.T) {
	prince := apCard(t, "prince-3", defenceAura)
	guard := apCard(t, "crown-guard-1")
	enemy := apCard(t, "kherops-warrior-1")
	defenceFloorExact(t, battle(t, []*Fighter{prince, guard}, []*Fighter{enemy}))
}

// defenceFloorExact checks, in engine e of a prince (0), a crown guard (1)
// and an enemy (2), that the guard at 0 AP beside the prince, whose AP aura
// or banner keeps 1 AP for its defence, attacked by the enemy's 2 AP
// attack, is hurt as often as the exact exchange against a defender holding
// 1 AP says (99.99% Wilson interval over 20 000 exchanges), not as one
// holding 0; and that it ends with 0 AP (the given AP are not kept).
func defenceFloorExact(t *testing.T, e *engine) {
	t.Helper()
	opt := meleeOf(t, e, 2, 1, 2)
	op := &e.opts[e.c[2].kind][e.c[1].kind][opt]
	const n = 20000
	hit := 0
	for s := range uint64(n) {
		e.reset()
		e.c[0].pos = field.Vec{X: 6, Y: 3}
		e.c[1].pos = field.Vec{X: 6, Y: 5}
		e.c[2].pos = field.Vec{X: 6, Y: 5 + e.c[1].radius + e.c[2].radius}
		e.c[1].hp, e.c[1].ap, e.c[2].ap = 100, 0, 5
		giveMastery(e, 1, 2)
		e.strike(rand.NewPCG(s, 9), 2, 1, opt, op, false, bandEffective, 0, op.ap())
		if e.c[1].hp < 100 {
			hit++
		}
		if e.c[1].ap != 0 {
			t.Fatalf("seed %d: the guard ends the exchange with %d AP, want 0", s, e.c[1].ap)
		}
	}
	var pl *plan
	for k, p := range e.plans {
		if int(k.def) == e.c[1].kind && int(k.opt) == opt {
			pl = p
		}
	}
	if pl == nil {
		t.Fatal("no plan of the exchange")
	}
	exact := func(ap int) float64 {
		ex := *pl.ex
		d := *ex.Defender
		d.AP = ap
		ex.Defender = &d
		res, err := ex.Exact()
		if err != nil {
			t.Fatal(err)
		}
		return 1 - res.DamagePMF[0] // hurt: some damage
	}
	one, none := exact(1), exact(0)
	lo, hi := wilson(hit, n)
	if one < lo || one > hi {
		t.Errorf("guard at 0 AP in the aura hurt in %d of %d exchanges [%.4f, %.4f]; exact at 1 AP %.4f", hit, n, lo, hi, one)
	}
	if none >= lo && none <= hi {
		t.Errorf("exact at 0 AP %.4f lies in the interval [%.4f, %.4f] too: the test tells nothing", none, lo, hi)
	}
	t.Logf("hurt %d of %d: exact %.4f with 1 AP, %.4f with none", hit, n, one, none)
}

// TestAPAuraDefencePlan checks that the attacker's plans see pattern E's
// defence floor: the warrior's best plan against a guard at 0 AP in the
// prince's aura (defence_ap 1) is the plan against a guard holding 1 AP
// with no aura, to 1e-12, and not the plan against a guard at 0 AP.
func TestAPAuraDefencePlan(t *testing.T) {
	enemy := apCard(t, "kherops-warrior-1")
	guard := apCard(t, "crown-guard-1")
	plan := func(auras []profiles.APAura, guardAP int) (int, float64) {
		e := battle(t, []*Fighter{apCard(t, "prince-3", auras...), guard}, []*Fighter{enemy})
		e.c[0].pos = field.Vec{X: 6, Y: 3}
		e.c[1].pos = field.Vec{X: 6, Y: 5}
		e.c[2].pos = field.Vec{X: 6, Y: 5 + e.c[1].radius + e.c[2].radius}
		e.c[1].ap, e.c[2].ap = guardAP, 3
		return bestAttack(e, 2, 1, 0, nil, true, false)
	}
	fa, va := plan([]profiles.APAura{defenceAura}, 0)
	f1, v1 := plan(nil, 1)
	f0, v0 := plan(nil, 0)
	if fa != f1 || math.Abs(va-v1) > 1e-12 {
		t.Errorf("against 0 AP in the aura: first %d, value %.6f; against 1 AP: %d, %.6f", fa, va, f1, v1)
	}
	if math.Abs(v0-v1) < 1e-6 {
		t.Errorf("plans against 0 and 1 AP have the same value %.6f: the test tells nothing", v0)
	}
	t.Logf("plan values: %.4f in the aura at 0 AP, %.4f at 1 AP, %.4f at 0 AP (first %d, %d, %d)", va, v1, v0, fa, f1, f0)
}

// attackWith is a side policy that attacks target with option opt while it
// can pay for it, and otherwise ends the activation.
type attackWith struct {
	defaultPolicy
	opt, target int
}

func (p attackWith) act(e *engine, i int, _ *rand.PCG) action {
	if e.attackCost(i, e.opts[e.c[i].kind][e.c[p.target].kind][p.opt].ap()) > e.c[i].ap {
		return action{kind: actEnd}
	}
	return action{kind: actAttack, opt: p.opt, target: p.target}
}

// TestAPAuraFirstAction plays pattern E's "allies that start their
// activation in its aura do not pay for their first AP-costing action": a
// guard (3 AP) that attacks with a 2 AP attack while it can makes two
// attacks in an activation it starts in the prince's aura (the first free),
// one when it starts outside; the AP it ends with are 1 either way; the
// second activation in the aura is free again; and its plans value the free
// attack.
func TestAPAuraFirstAction(t *testing.T) {
	prince := apCard(t, "prince-3", profiles.APAura{FirstAction: true, To: profiles.Selector{Profiles: []string{"crown-guard"}}})
	guard := apCard(t, "crown-guard-1")
	enemy := apCard(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{prince, guard}, []*Fighter{enemy})
	opt := meleeOf(t, e, 1, 2, 2)
	e.policies[0] = attackWith{opt: opt, target: 2}
	r := rand.NewPCG(5, 6)
	for _, c := range []struct {
		what    string
		princeX float64
		attacks int
	}{
		{"in the aura", 6, 2},
		{"out of the aura", -20, 1},
		{"in the aura, again", 6, 2},
	} {
		e.c[0].pos = field.Vec{X: c.princeX, Y: 3}
		e.c[1].pos = field.Vec{X: 6, Y: 5}
		e.c[2].pos = field.Vec{X: 6, Y: 5 + e.c[1].radius + e.c[2].radius}
		e.c[1].hp, e.c[2].hp, e.c[2].ap = 100, 100, 0
		before := e.c[1].attacks
		e.activate(r, 1)
		if got := e.c[1].attacks - before; got != c.attacks || e.c[1].ap != 1 {
			t.Errorf("%s: %d attacks, %d AP left; want %d and 1", c.what, got, e.c[1].ap, c.attacks)
		}
		if e.c[1].freeBy != 0 {
			t.Errorf("%s: the free action is still pending after the activation", c.what)
		}
	}
	// The plans value it: a free first attack makes the guard's best plan
	// with 2 AP worth more.
	e.c[0].pos = field.Vec{X: 6, Y: 3}
	e.c[1].ap, e.c[2].ap = 2, 0
	e.c[1].freeBy = 0
	_, v0 := bestAttack(e, 1, 2, 0, nil, true, false)
	e.c[1].freeBy = 1
	_, v1 := bestAttack(e, 1, 2, 0, nil, true, false)
	e.c[1].freeBy = 0
	if v1 <= v0+1e-9 {
		t.Errorf("the guard's best plan with 2 AP is worth %.4f with a free first action, %.4f without: want more", v1, v0)
	}
	t.Logf("the guard's best plan with 2 AP against 0: %.4f with a free first action, %.4f without", v1, v0)
}

// TestAPAuraGive plays pattern E's "during its activation it may give up to
// 2 AP to an ally of given kinds in its aura": the allowance (the guards in
// the prince's aura, 2 AP an activation, never an enemy or a guard out of
// the aura); a guard that has not acted gets them at its activation, on top
// of the AP it recovers (3 + 2: two 2 AP attacks instead of one); one that
// has acted holds them to defend with; and the default policy gives them,
// once its own plan ends, to a guard with an enemy in its reach, not to one
// with none.
func TestAPAuraGive(t *testing.T) {
	prince := apCard(t, "prince-3", profiles.APAura{GiveAP: 2, To: profiles.Selector{Profiles: []string{"crown-guard"}}})
	guard := apCard(t, "crown-guard-1")
	enemy := apCard(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{prince, guard}, []*Fighter{enemy})
	place := func(guardX float64) {
		e.c[0].pos = field.Vec{X: 6, Y: 2}
		e.c[1].pos = field.Vec{X: guardX, Y: 5}
		e.c[2].pos = field.Vec{X: 6, Y: 5 + e.c[1].radius + e.c[2].radius}
		e.c[1].hp, e.c[2].hp = 100, 100
	}
	place(6)
	e.c[0].ap, e.c[0].given = 5, 0
	if a, b, c := e.giveAllowance(0, 1), e.giveAllowance(0, 2), e.giveAllowance(1, 0); a != 2 || b != 0 || c != 0 {
		t.Errorf("allowances: guard %d (want 2), enemy %d, guard to prince %d (want 0)", a, b, c)
	}
	e.c[1].pos.X = 12 // 6.7 toises from the prince (I 5)
	if e.giveAllowance(0, 1) != 0 || e.giveAP(0, 1, 1) {
		t.Error("a guard out of the aura can be given AP")
	}
	place(6)
	if e.giveAP(0, 1, 3) || !e.giveAP(0, 1, 1) || e.giveAllowance(0, 1) != 1 || e.c[0].ap != 4 || e.c[1].gift != 1 || !e.giveAP(0, 1, 1) || e.giveAP(0, 1, 1) {
		t.Fatalf("giving 3, then 1, 1 and 1 more: prince AP %d, given %d, gift %d", e.c[0].ap, e.c[0].given, e.c[1].gift)
	}
	opt := meleeOf(t, e, 1, 2, 2)
	e.policies[0] = attackWith{opt: opt, target: 2}
	r := rand.NewPCG(7, 8)
	e.c[2].ap = 0
	before := e.c[1].attacks
	e.activate(r, 1)
	if got := e.c[1].attacks - before; got != 2 || e.c[1].ap != 1 || e.c[1].gift != 0 {
		t.Errorf("the guard given 2 AP: %d attacks, %d AP left, gift %d; want 2, 1, 0", got, e.c[1].ap, e.c[1].gift)
	}
	e.c[0].given, e.c[0].ap, e.c[1].ap = 0, 5, 0
	if !e.giveAP(0, 1, 2) || e.c[1].ap != 2 || e.c[1].gift != 0 {
		t.Errorf("the guard that acted: AP %d, gift %d; want 2 to defend with, 0", e.c[1].ap, e.c[1].gift)
	}
	// The policy.
	e.policies[0] = DefaultFightPolicy
	e.c[0].given, e.c[0].ap, e.c[1].acted, e.c[1].ap, e.c[2].ap = 0, 2, false, 3, 3
	place(6)
	a, ok := e.giveChoice(0, false)
	if !ok || a.target != 1 || a.opt != 2 {
		t.Errorf("a guard with an enemy in its reach: gift %+v (%v), want 2 AP to the guard", a, ok)
	}
	place(3.5) // the enemy beyond the guard's reach, the guard in the aura
	if e.gap(1, 2) <= e.reach(1) || e.giveAllowance(0, 1) == 0 {
		t.Fatal("the guard still reaches the enemy, or left the aura")
	}
	if a, ok := e.giveChoice(0, false); ok {
		t.Errorf("a guard with no enemy in its reach: gift %+v", a)
	}
}

// TestAPAuraDraw plays pattern E's "it may use up to 6 AP of level-I allies
// in its aura during its own activation": the allowance (level-I allies in
// the aura, 6 AP an activation, at most what the ally holds; never an
// enemy, nor out of the aura); the AP move from the ally to the prince; and
// the default policy uses a guard's AP when the prince, at 1 AP, stands in
// contact with a warrior holding none, not when it stands out of reach of
// its target.
func TestAPAuraDraw(t *testing.T) {
	prince := apCard(t, "prince-3", profiles.APAura{DrawAP: 6, To: profiles.Selector{Levels: []int{1}}})
	guard := apCard(t, "crown-guard-1")
	enemy := apCard(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{prince, guard, guard}, []*Fighter{enemy})
	place := func(enemyX float64) {
		e.c[0].pos = field.Vec{X: 6, Y: 5}
		e.c[1].pos = field.Vec{X: 4, Y: 3}
		e.c[2].pos = field.Vec{X: 12, Y: 3} // 6.3 toises from the prince (I 5)
		e.c[3].pos = field.Vec{X: enemyX, Y: 5 + e.c[0].radius + e.c[3].radius}
		for k := range e.c {
			e.c[k].hp = 100
		}
	}
	place(6)
	e.c[0].ap, e.c[0].drawn, e.c[1].ap, e.c[2].ap, e.c[3].ap = 1, 0, 3, 3, 0
	if a, b, c := e.drawAllowance(0, 1), e.drawAllowance(0, 2), e.drawAllowance(0, 3); a != 3 || b != 0 || c != 0 {
		t.Errorf("allowances: guard in the aura %d (want its 3 AP), out of it %d, enemy %d (want 0)", a, b, c)
	}
	if !e.drawAP(0, 1, 2) || e.c[0].ap != 3 || e.c[1].ap != 1 || e.c[0].drawn != 2 || e.drawAllowance(0, 1) != 1 {
		t.Fatalf("drawing 2: prince %d AP, guard %d, drawn %d", e.c[0].ap, e.c[1].ap, e.c[0].drawn)
	}
	e.c[1].ap = 6
	if e.drawAllowance(0, 1) != 4 || e.drawAP(0, 1, 5) {
		t.Errorf("after 2 drawn, %d more allowed (want 4)", e.drawAllowance(0, 1))
	}
	// The policy.
	e.c[0].ap, e.c[0].drawn, e.c[1].ap = 1, 0, 3
	a, ok := e.drawChoice(0, 3, true)
	if !ok || a.target != 1 || a.opt < 1 {
		t.Errorf("the prince at 1 AP next to a warrior at 0 AP: draw %+v (%v), want the guard's AP", a, ok)
	}
	place(13) // the warrior beyond the prince's reach
	if a, ok := e.drawChoice(0, 3, true); ok {
		t.Errorf("the warrior out of reach: draw %+v", a)
	}
}

// reactivation is an invented card rule of pattern E: "it may forgo its
// activation to activate again one ally of its people that has already
// acted (+5 to its attacks and +1 damage for that activation; loses 1D5 HP
// that cannot be healed)", here for the crown guards.
var reactivation = profiles.Reactivation{To: profiles.Selector{Profiles: []string{"crown-guard"}}, Attack: 5, Damage: 1, HPLoss: profiles.Dice{N: 1, Sides: 5}}

// TestReactivate plays pattern E's forgone activation: the policy chooses a
// guard that has acted, in contact with a warrior, when the prince threatens
// no one, and not a guard the loss could defeat nor one that has not acted;
// the guard then plays a whole activation (its 2 AP attacks while it can,
// as attackWith plays them) and loses 1-5 HP for good (its maximum HP
// too); its exchanges in that activation are the exact engine's with +5 to
// the attack and +1 damage: the sampled hurt rate lies in the 99.99% Wilson
// interval of Exact with the bonus, and the exact rate without lies out of
// it.
func TestReactivate(t *testing.T) {
	p := apCard(t, "prince-3")
	pp := *p.Profile
	pp.Reactivates = &reactivation
	prince := NewFighter(&pp, nil)
	prince.Melee = p.Melee
	guard := apCard(t, "crown-guard-1")
	enemy := apCard(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{prince, guard}, []*Fighter{enemy})
	place := func() {
		e.c[0].pos = field.Vec{X: 1, Y: 14} // far from the warrior: it threatens no one
		e.c[1].pos = field.Vec{X: 8, Y: 3}
		e.c[2].pos = field.Vec{X: 8, Y: 3 + e.c[1].radius + e.c[2].radius}
		e.c[1].hp, e.c[2].hp, e.c[2].ap = 100, 1, 0 // a warrior the guard's activation likely defeats
		e.c[1].acted = true
	}
	place()
	if e.returnWorth(0) != 0 {
		t.Fatalf("the prince threatens %v: place it farther", e.returnWorth(0))
	}
	if k := e.reactivateChoice(0); k != 1 {
		t.Errorf("reactivate choice %d, want the guard (1): its activation is worth %.3f", k, e.activateWorth(1, 0))
	}
	e.c[1].hp = 9
	if k := e.reactivateChoice(0); k != -1 {
		t.Errorf("a guard at 9 HP (4 after the worst loss, below 3/4 of its 7): choice %d, want none", k)
	}
	place()
	e.c[2].hp = 100
	if k := e.reactivateChoice(0); k != -1 {
		t.Errorf("a warrior at 100 HP the guard cannot defeat: choice %d, want none", k)
	}
	place()
	e.c[0].pos = field.Vec{X: 8, Y: 9} // the prince can attack the warrior itself
	if k := e.reactivateChoice(0); k != -1 {
		t.Errorf("the prince can attack: choice %d, want none", k)
	}
	place()
	e.c[1].acted = false
	if k := e.reactivateChoice(0); k != -1 {
		t.Errorf("a guard that has not acted: choice %d, want none", k)
	}
	place()
	opt := meleeOf(t, e, 1, 2, 2)
	e.policies[0] = attackWith{opt: opt, target: 2}
	before := e.c[1].attacks
	if !e.forgo(rand.NewPCG(4, 4), 0) {
		t.Fatal("the prince did not forgo its activation")
	}
	loss := 100 - e.c[1].hp
	e.c[2].hp = 100
	if n := e.c[1].attacks - before; n != 1 || loss < 1 || loss > 5 || e.c[1].morale.scar != loss || e.maxHP(1) != guard.Profile.HP-loss || e.c[1].boostBy != 0 {
		t.Errorf("the guard activated again: %d attacks (want 1: 3 AP), lost %d HP, scar %d, max HP %d, boost %d", n, loss, e.c[1].morale.scar, e.maxHP(1), e.c[1].boostBy)
	}
	// The boosted exchange against the exact engine.
	op := &e.opts[e.c[1].kind][e.c[2].kind][opt]
	const n = 20000
	hit := 0
	for s := range uint64(n) {
		e.reset()
		place()
		e.c[1].ap, e.c[2].ap, e.c[2].hp = 3, 3, 100
		giveMastery(e, 1, 2)
		e.c[1].boostBy = 1
		e.strike(rand.NewPCG(s, 11), 1, 2, opt, op, false, bandEffective, 0, op.ap())
		if e.c[2].hp < 100 {
			hit++
		}
	}
	var pl *plan
	for k, p := range e.plans {
		if int(k.att) == e.c[1].kind && int(k.opt) == opt && k.boostAtt == 5 {
			pl = p
		}
	}
	if pl == nil || pl.ex.AttackBonus != 5 || pl.ex.DamageBonus != 1 {
		t.Fatalf("no boosted plan, or its bonus is not +5, +1: %v", pl != nil)
	}
	exact := func(bonus, dmg int) float64 {
		ex := *pl.ex
		ex.AttackBonus, ex.DamageBonus = bonus, dmg
		res, err := ex.Exact()
		if err != nil {
			t.Fatal(err)
		}
		return 1 - res.DamagePMF[0]
	}
	boosted, plain := exact(5, 1), exact(0, 0)
	lo, hi := wilson(hit, n)
	if boosted < lo || boosted > hi {
		t.Errorf("boosted guard hurt the warrior in %d of %d exchanges [%.4f, %.4f]; exact with +5, +1: %.4f", hit, n, lo, hi, boosted)
	}
	if plain >= lo && plain <= hi {
		t.Errorf("exact without the bonus %.4f lies in [%.4f, %.4f] too: the test tells nothing", plain, lo, hi)
	}
	t.Logf("hurt %d of %d: exact %.4f with +5, +1; %.4f without", hit, n, boosted, plain)
}
