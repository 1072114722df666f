package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// TestCarnivorousByNature checks skills.md #1 and seed 000 line 1618: "All
// the Khârns and Fangs are inherently carnivorous even if it is not written on
// their profile cards"; others only with the skill on the card.
func TestCarnivorousByNature(t *testing.T) {
	for _, tc := range []struct {
		id    string
		skill bool
		want  bool
	}{
		{"paladin-2", false, true},          // kharns
		{"fang-prowler-1", false, true},     // fangs
		{"kherops-warrior-1", false, false}, // kherops
		{"kherops-warrior-1", true, true},
	} {
		f := fighterOf(t, tc.id)
		if tc.skill {
			f = fighterWith(t, tc.id, profiles.Skill{Name: profiles.SkillCarnivorous})
		}
		if got := newMoraleKind(f).carnivore; got != tc.want {
			t.Errorf("%s (card skill %v): carnivorous %v, want %v", tc.id, tc.skill, got, tc.want)
		}
	}
}

// TestDevour checks the Devouring action (seed 000 lines 1141-1147; seed 004
// lines 1122-1130; skills.md #1): "XAP/ carcass in ZOC", 2 HP back per AP,
// never above its own starting HP nor more than the victim's starting HP, not
// while engaged; the carcass is then removed (one Devour per carcass). A
// paladin-2 (10 HP, 4 AP; a Khârn, carnivorous by nature) stands over the
// carcass of a guild-cutthroat-1.
func TestDevour(t *testing.T) {
	pal, cut := fighterOf(t, "paladin-2"), fighterOf(t, "guild-cutthroat-1")
	e := battle(t, []*Fighter{pal}, []*Fighter{cut, cut})
	victimHP := cut.Profile.HP
	place := func(hp int) {
		e.reset()
		e.c[0].pos, e.c[0].ap, e.c[0].hp = field.Vec{X: 7.5, Y: 7.5}, 4, hp
		e.c[1].pos, e.c[1].hp = field.Vec{X: 7.5 + e.c[0].radius + e.c[1].radius, Y: 7.5}, 0 // a carcass in contact
		e.c[2].pos = field.Vec{X: 7.5, Y: 14}
	}
	r := rand.NewPCG(1, 1)

	place(3)
	if !e.do(r, 0, action{kind: actDevour, opt: 2, target: 1}) || e.c[0].hp != 7 || e.c[0].ap != 2 {
		t.Errorf("2 AP at 3 HP: %d HP, %d AP; want 7 and 2", e.c[0].hp, e.c[0].ap)
	}
	if e.carcass(1) || e.do(r, 0, action{kind: actDevour, opt: 1, target: 1}) {
		t.Error("the carcass was devoured twice")
	}
	place(9)
	if !e.do(r, 0, action{kind: actDevour, opt: 2, target: 1}) || e.c[0].hp != 10 {
		t.Errorf("2 AP at 9 HP: %d HP, want 10 (its starting HP)", e.c[0].hp)
	}
	place(1)
	if !e.do(r, 0, action{kind: actDevour, opt: 4, target: 1}) || e.c[0].hp != 1+min(8, victimHP) {
		t.Errorf("4 AP at 1 HP on a %d HP victim: %d HP, want %d", victimHP, e.c[0].hp, 1+min(8, victimHP))
	}
	place(3)
	e.c[1].pos.X += 2 // out of its zone of control
	if e.do(r, 0, action{kind: actDevour, opt: 1, target: 1}) {
		t.Error("devoured a carcass out of its zone of control")
	}
	place(3)
	e.c[2].pos = field.Vec{X: 7.5 - e.c[0].radius - e.c[2].radius, Y: 7.5} // an enemy in contact
	if e.do(r, 0, action{kind: actDevour, opt: 1, target: 1}) {
		t.Error("devoured while engaged")
	}
	place(3)
	e.c[1].hp = 5 // alive: no carcass
	if e.do(r, 0, action{kind: actDevour, opt: 1, target: 1}) {
		t.Error("devoured a Safar in play")
	}
	place(3)
	e.c[1].demoralised = true // it left the battlefield
	if e.do(r, 0, action{kind: actDevour, opt: 1, target: 1}) {
		t.Error("devoured a demoralised Safar, which leaves no carcass")
	}
	war := fighterOf(t, "kherops-warrior-1")
	ke := battle(t, []*Fighter{war}, []*Fighter{cut, cut})
	ke.c[0].pos, ke.c[0].ap, ke.c[0].hp = field.Vec{X: 7.5, Y: 7.5}, 3, 2
	ke.c[1].pos, ke.c[1].hp = field.Vec{X: 7.5 + ke.c[0].radius + ke.c[1].radius, Y: 7.5}, 0
	ke.c[2].pos = field.Vec{X: 7.5, Y: 14}
	if ke.do(r, 0, action{kind: actDevour, opt: 1, target: 1}) {
		t.Error("a Khérops without Carnivorous devoured")
	}

	// The default policy: wounded, no enemy within reach, it devours; at
	// full HP it does not.
	place(3)
	e.round = 1
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actDevour || a.target != 1 {
		t.Errorf("default policy, 3 HP of 10 over a carcass: %+v, want devouring", a)
	} else if heal := e.devourHeal(0, 1, a.opt); heal < min(7, victimHP) {
		t.Errorf("default policy devours with %d AP for %d HP, want all it can heal (%d)", a.opt, heal, min(7, victimHP))
	}
	place(10)
	if a := DefaultFightPolicy.act(e, 0, r); a.kind == actDevour {
		t.Errorf("default policy devours at full HP: %+v", a)
	}
}

// TestSacrifice checks Sacrifice X (seed 000 line 1650; skills.md #51): once
// per turn, at the start of an ally's activation, the sacrificer loses X HP,
// which nothing heals, and the ally gains 1 AP at once. Two paladin-2, one
// with Sacrifice 1, against a guild-cutthroat-1 in contact with the other:
// the AP is worth more than 1 HP to an attacker in contact.
func TestSacrifice(t *testing.T) {
	pal, cut := fighterOf(t, "paladin-2"), fighterOf(t, "guild-cutthroat-1")
	sac := fighterWith(t, "paladin-2", profiles.Skill{Name: profiles.SkillSacrifice, Value: 1})
	e := battle(t, []*Fighter{pal, sac}, []*Fighter{cut})
	place := func(enemyGap float64) {
		e.reset()
		e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
		e.c[1].pos = field.Vec{X: 2, Y: 2}
		e.c[2].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[2].radius + enemyGap, Y: 7.5}
		e.c[0].ap = e.c[0].f.Profile.AP
	}
	place(0)
	if g := e.apGain(0); g <= 1 {
		t.Fatalf("one more AP is worth %.2f to a paladin-2 in contact with a cutthroat: the test needs more than 1", g)
	}
	e.sacrifice(0)
	if e.c[0].ap != 5 || e.c[1].hp != 9 || e.c[1].morale.scar != 1 {
		t.Errorf("after a sacrifice: ally %d AP, sacrificer %d HP (scar %d); want 5, 9, 1", e.c[0].ap, e.c[1].hp, e.c[1].morale.scar)
	}
	e.c[0].ap = 4
	e.sacrifice(0)
	if e.c[0].ap != 4 || e.c[1].hp != 9 {
		t.Errorf("a second sacrifice in one turn: ally %d AP, sacrificer %d HP", e.c[0].ap, e.c[1].hp)
	}
	// HP lost to Sacrifice cannot be recovered: devouring heals up to 9.
	e.c[1].pos = field.Vec{X: 2, Y: 12}
	e.c[0].hp = 0 // a carcass next to the sacrificer
	e.c[0].pos = field.Vec{X: 2 + e.c[0].radius + e.c[1].radius, Y: 12}
	e.c[1].hp, e.c[1].ap = 5, 4
	if !e.do(rand.NewPCG(1, 1), 1, action{kind: actDevour, opt: 4, target: 0}) || e.c[1].hp != 9 {
		t.Errorf("devouring after a sacrifice: %d HP, want 9 (10 less 1 lost for good)", e.c[1].hp)
	}
	// Never for an ally with no enemy to attack, nor by the sacrificer itself,
	// nor when it would fall.
	place(8)
	e.sacrifice(0)
	if e.c[1].morale.sacrificeUsed {
		t.Error("sacrificed for an ally with no enemy in reach")
	}
	place(0)
	e.c[1].ap = 4
	e.sacrifice(1)
	if e.c[1].morale.sacrificeUsed {
		t.Error("sacrificed for itself")
	}
	place(0)
	e.c[1].hp = 1
	e.sacrifice(0)
	if e.c[1].morale.sacrificeUsed || e.c[1].hp != 1 {
		t.Error("sacrificed its last HP")
	}
}

// TestAuthority checks Authority (seed 000 line 1598; skills.md #26): "a
// Safar (not terrorised nor frightened) having the "authority" skill can
// spend his own mastery dice instead of his allies as long as he respects the
// mastery field", X the most it lends per turn (skills.md #26, "Open"). A
// crown-guard-1 with no mastery die left attacks a guild-cutthroat-1; its
// ally paladin-3 has Authority 1. Over many attacks the guard's rerolls come
// from the paladin's offensive dice, one a turn at most, the paladin rolling
// one die fewer for each and the guard none; a frightened or terrorised
// paladin, or one without the skill, lends none.
func TestAuthority(t *testing.T) {
	guard, cut := fighterOf(t, "crown-guard-1"), fighterOf(t, "guild-cutthroat-1")
	chief := fighterWith(t, "paladin-3", profiles.Skill{Name: profiles.SkillAuthority, Value: 1})
	plain := fighterOf(t, "paladin-3")
	r := rand.NewPCG(6, 6)
	opt := func(e *engine) int {
		for k, o := range e.opts[e.c[0].kind][e.c[2].kind] {
			if !o.shot && !o.attack.Kind.Special() && o.attack.AP == 1 && o.pos == posNone {
				return k
			}
		}
		t.Fatal("no 1 AP melee option")
		return -1
	}
	// lends plays n attacks, each in a new turn, and returns the dice lent.
	lends := func(lender *Fighter, set func(e *engine), n int) int {
		e := battle(t, []*Fighter{guard, lender}, []*Fighter{cut})
		k, lent := opt(e), 0
		for range n {
			e.reset()
			e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
			e.c[1].pos = field.Vec{X: 2, Y: 2}
			e.c[2].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[2].radius, Y: 7.5}
			e.c[0].ap, e.c[0].hp, e.c[2].hp = 3, 50, 50
			e.c[0].nMastery = 0 // the guard's own die is spent
			if set != nil {
				set(e)
			}
			e.c[1].nMastery = copy(e.c[1].mastery[:], e.c[1].f.Mastery)
			e.c[1].dice = 3
			own := e.c[0].nMastery
			dice := e.c[0].dice
			if !e.do(r, 0, action{kind: actAttack, opt: k, target: 2}) {
				t.Fatal("the attack was refused")
			}
			l := 3 - e.c[1].nMastery
			if l > 1 || e.c[1].morale.authorityUsed != l || e.c[1].dice != 3-l || own == 0 && (e.c[0].dice != dice || e.c[0].nMastery != 0) {
				t.Fatalf("lent %d (Authority 1), used %d; lender dice %d, attacker dice %d (was %d), attacker mastery %d",
					l, e.c[1].morale.authorityUsed, e.c[1].dice, e.c[0].dice, dice, e.c[0].nMastery)
			}
			// A second attack in the same turn: nothing more to lend.
			e.c[0].ap = 1
			before := e.c[1].nMastery
			e.do(r, 0, action{kind: actAttack, opt: k, target: 2})
			if l == 1 && e.c[1].nMastery != before {
				t.Fatal("lent a second die in one turn with Authority 1")
			}
			lent += l
		}
		return lent
	}
	n := 200
	got := lends(chief, nil, n)
	t.Logf("the paladin lent %d dice in %d attacks", got, n)
	if got < n/20 {
		t.Errorf("the paladin lent %d dice in %d attacks of a guard with no die of its own", got, n)
	}
	// Its own die first (one attack roll uses one die at most); the guard's
	// card die is defensive, which an offensive roll cannot use: the paladin
	// lends as before.
	if got := lends(chief, func(e *engine) { e.c[0].mastery[0], e.c[0].nMastery = FieldOffensive, 1 }, n); got != 0 {
		t.Errorf("the paladin lent %d dice to a guard with an offensive die of its own", got)
	}
	if got := lends(chief, func(e *engine) { e.c[0].mastery[0], e.c[0].nMastery = FieldDefensive, 1 }, n); got < n/20 {
		t.Errorf("the paladin lent %d dice to a guard with a defensive die only", got)
	}
	if got := lends(plain, nil, n); got != 0 {
		t.Errorf("a paladin without Authority lent %d dice", got)
	}
	if got := lends(chief, func(e *engine) { e.c[1].morale.frightFailed = 1 << 2 }, n); got != 0 {
		t.Errorf("a frightened paladin lent %d dice", got)
	}
	if got := lends(chief, func(e *engine) { e.c[1].fails = 1 }, n); got != 0 {
		t.Errorf("a terrorised paladin lent %d dice", got)
	}
}
