package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// battle returns the engine of a skirmish of side A against side B (costs are
// not read by these tests).
func battle(t *testing.T, a, b []*Fighter) *engine {
	t.Helper()
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: a, Costs: make([]int, len(a)), Leader: -1},
		{Safars: b, Costs: make([]int, len(b)), Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
	pl.e.reset()
	return pl.e
}

// TestCollisionKnocksDown checks the collision of two Safars (seed 000 line
// 640, seed 004 lines 575-576): "both miniatures loose 1D5 HP each and the one
// with the smaller base falls to the ground. If both bases are of equal size,
// ... both fall to the ground". A repel into the table's edge only costs HP.
func TestCollisionKnocksDown(t *testing.T) {
	elder, cut := fighterOf(t, "tembo-elder-3"), fighterOf(t, "guild-cutthroat-1")
	e := battle(t, []*Fighter{elder}, []*Fighter{cut, cut})
	r := rand.NewPCG(5, 6)
	// line puts the pusher p at x = 3, the repelled Safar j in contact, and k in
	// contact behind j, all on y = 7.5; p repels j by 2 toises into k.
	line := func(p, j, k int) {
		for i := range e.c {
			e.c[i].hp, e.c[i].ground, e.c[i].stunned = 100, false, false
		}
		x := 3.0
		e.c[p].pos = field.Vec{X: x, Y: 7.5}
		x += e.c[p].radius + e.c[j].radius
		e.c[j].pos = field.Vec{X: x, Y: 7.5}
		x += e.c[j].radius + e.c[k].radius + 0.5
		e.c[k].pos = field.Vec{X: x, Y: 7.5}
		e.push(r, j, p, 2)
		if e.c[j].hp == 100 || e.c[k].hp == 100 {
			t.Fatalf("no collision: HP %d and %d", e.c[j].hp, e.c[k].hp)
		}
	}
	for _, c := range []struct {
		name             string
		p, j, k          int
		jGround, kGround bool
	}{
		{"equal bases: both fall", 0, 1, 2, true, true},
		{"a small base into a large one: the small one falls", 2, 1, 0, true, false},
		{"a large base into a small one: the small one falls", 1, 0, 2, false, true},
	} {
		line(c.p, c.j, c.k)
		if e.c[c.j].ground != c.jGround || e.c[c.k].ground != c.kGround {
			t.Errorf("%s: on the ground %v (repelled) and %v (hit), want %v and %v", c.name, e.c[c.j].ground, e.c[c.k].ground, c.jGround, c.kGround)
		}
	}
	// Into the table's edge: 1D5 HP, no fall.
	e.c[2].pos = field.Vec{X: 1, Y: 1}
	e.c[0].pos = field.Vec{X: 15 - e.c[0].radius - 2*e.c[1].radius - 0.5, Y: 7.5}
	e.c[1].pos = field.Vec{X: e.c[0].pos.X + e.c[0].radius + e.c[1].radius, Y: 7.5}
	e.c[1].hp, e.c[1].ground = 100, false
	e.push(r, 1, 0, 2)
	if e.c[1].hp == 100 || e.c[1].ground {
		t.Errorf("into the edge: HP %d, on the ground %v; want a loss and no fall", e.c[1].hp, e.c[1].ground)
	}
}

// TestAssaultNeedsSight checks that the target of an assault must be in line of
// sight when the move starts (seed 000 line 711: "One MUST have a line of sight
// to the target at the beginning of the movement to perform an assault"; seed
// 004 line 642: else the charge bonus is not effective): behind a screen taller
// than both Safars the walk and attack are played without the stature.
func TestAssaultNeedsSight(t *testing.T) {
	elder, cut := fighterOf(t, "tembo-elder-3"), fighterOf(t, "guild-cutthroat-1")
	e := battle(t, []*Fighter{elder}, []*Fighter{cut})
	opt := -1
	for k, o := range e.opts[e.c[0].kind][e.c[1].kind] {
		if !o.shot && !o.attack.Kind.Special() && o.attack.AP == 1 {
			opt = k
			break
		}
	}
	if opt < 0 {
		t.Fatal("no 1 AP melee option for the elder")
	}
	r := rand.NewPCG(7, 8)
	for _, screened := range []bool{false, true} {
		e.reset()
		clear(e.plans)
		e.field.Terrain = nil
		c := &e.c[0]
		c.pos, c.ap = field.Vec{X: 5, Y: 7.5}, c.f.Profile.AP
		x := 5 + c.radius + e.c[1].radius + 2.5 // beyond its reach 1.5, within a walk and its reach
		e.c[1].pos, e.c[1].hp = field.Vec{X: x, Y: 7.5}, 100
		if screened {
			// A thin screen 5 toises high across the line (difficult, so that it
			// blocks the sight but not the walk).
			e.field.Terrain = []field.Terrain{{Kind: field.Difficult, Height: 5, Rect: field.Rect{X: 5 + c.radius + 1.8, Y: 0, W: 0.05, H: 15}}}
			if e.field.LineOfSight(c.base(), e.c[1].base(), nil) {
				t.Fatal("the screen does not block the sight")
			}
		}
		if !e.do(r, 0, action{kind: actAssault, opt: opt, target: 1}) || c.melee != 1 {
			t.Fatalf("screened %v: the walk and attack were not made", screened)
		}
		with := 0
		for k := range e.plans {
			if k.assault {
				with++
			}
		}
		if want := map[bool]int{false: 1, true: 0}[screened]; with != want {
			t.Errorf("screened %v: %d attacks with the assault bonus, want %d", screened, with, want)
		}
	}
}

// TestTwoOneHandedWeapons checks seed 000 line 1722 (seed 004 line 1634):
// "During an attack or defence, if the fighter is equipped with two one-handed
// weapons ... the player must choose the one that is used for the action". The
// Guild Cutthroat holds a dagger and a parrying dagger: its attacks list both
// weapons, and a Paladin's attacks meet the parrying dagger (no CF in defence)
// where it leaves the Paladin less, with that weapon in the exchange the plans
// play.
func TestTwoOneHandedWeapons(t *testing.T) {
	pal, cut := fighterOf(t, "paladin-2"), fighterOf(t, "guild-cutthroat-1")
	e := battle(t, []*Fighter{pal}, []*Fighter{cut})
	used := map[string]int{}
	for _, o := range e.opts[e.c[1].kind][e.c[0].kind] {
		if o.weapon != nil {
			used[o.weapon.ID]++
		}
	}
	if used["dagger"] == 0 || used["parrying-dagger"] == 0 {
		t.Errorf("the cutthroat's attacks by weapon: %v; want both daggers", used)
	}
	parried := 0
	for k, o := range e.opts[e.c[0].kind][e.c[1].kind] {
		if o.shot {
			continue
		}
		pl := e.plan(planKey{att: int8(e.c[0].kind), def: int8(e.c[1].kind), opt: int16(k), apLeft: 3}, 0, &e.opts[e.c[0].kind][e.c[1].kind][k])
		w := pl.ex.Defender.Weapon
		if w == nil {
			t.Fatalf("option %d: the cutthroat defends bare-handed", k)
		}
		if w.ID != "parrying-dagger" {
			continue
		}
		parried++
		// The parrying dagger's modifier is played: no CF in defence.
		ex := pl.ex
		ex.Defender = ex.Defender.WithWeapon(ex.Defender.Weapon)
		ex.Defender.AP = 3
		res, err := ex.Exact()
		if err != nil {
			t.Fatal(err)
		}
		if res.PDefenceCF != 0 {
			t.Errorf("option %d against the parrying dagger: P(defence CF) %g, want 0", k, res.PDefenceCF)
		}
	}
	if parried == 0 {
		t.Error("the cutthroat never defends with its parrying dagger")
	}
}

// TestTendingAWound checks the generic action "Tending to a wound : 2 AP / the
// Safar or an ally. Decreases the bleeding by 1. It is possible to spend 4AP to
// stop all the bleeding effects at once" (seed 000 lines 1260-1264, seed 004
// lines 1176-1180): before it, nothing stopped a bleeding.
func TestTendingAWound(t *testing.T) {
	pal, cut := fighterOf(t, "paladin-2"), fighterOf(t, "guild-cutthroat-1")
	e := battle(t, []*Fighter{pal, pal}, []*Fighter{cut})
	place := func(allyGap float64) {
		e.reset()
		e.c[0].pos, e.c[0].ap, e.c[0].bleeding = field.Vec{X: 5, Y: 1}, 4, 3
		e.c[1].pos, e.c[1].bleeding = field.Vec{X: 5 + e.c[0].radius + e.c[1].radius + allyGap, Y: 1}, 2
		e.c[2].pos = field.Vec{X: 7.5, Y: 14}
	}
	r := rand.NewPCG(1, 1)
	place(0)
	if !e.do(r, 0, action{kind: actTend, opt: tendAP, target: 0}) || e.c[0].bleeding != 2 || e.c[0].ap != 2 {
		t.Errorf("2 AP on itself: bleeding %d, AP %d; want 2 and 2", e.c[0].bleeding, e.c[0].ap)
	}
	if !e.do(r, 0, action{kind: actTend, opt: tendAP, target: 1}) || e.c[1].bleeding != 1 || e.c[0].ap != 0 {
		t.Errorf("2 AP on an ally in contact: bleeding %d, AP %d; want 1 and 0", e.c[1].bleeding, e.c[0].ap)
	}
	place(0)
	if !e.do(r, 0, action{kind: actTend, opt: tendAllAP, target: 0}) || e.c[0].bleeding != 0 || e.c[0].ap != 0 {
		t.Errorf("4 AP: bleeding %d, AP %d; want 0 and 0", e.c[0].bleeding, e.c[0].ap)
	}
	place(3)
	if e.do(r, 0, action{kind: actTend, opt: tendAP, target: 1}) {
		t.Error("tended an ally 3 toises away (outside its zone of control)")
	}
	if e.do(r, 0, action{kind: actTend, opt: tendAP, target: 2}) {
		t.Error("tended an enemy")
	}
	// The default policy: far from any enemy, bleeding 3 HP an activation, the
	// Paladin stops it with its 4 AP; not bleeding, it does not tend.
	place(3)
	e.round = 1
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actTend || a.target != 0 || a.opt != tendAllAP {
		t.Errorf("default policy, bleeding 3 and no enemy near: %+v, want tending 4 AP on itself", a)
	}
	e.c[0].bleeding = 0
	e.c[1].bleeding = 0
	if a := DefaultFightPolicy.act(e, 0, r); a.kind == actTend {
		t.Errorf("default policy tends with no bleeding: %+v", a)
	}
}

// TestOnTheAlert checks the generic action "On the alert : 1 AP/the Safar ...
// add a characteristic of his choice to his next defensive action for free.
// This skill stays active until the next voluntary triggering of an action"
// (seed 000 lines 1204-1208, seed 004 line 1142): in the exchange, a reflex
// defence on the alert is the reflex defence plus the defender's highest
// characteristic, as a weapon with that defence bonus gives; in a fight the
// alert lasts until the Safar's next action or its next defence.
func TestOnTheAlert(t *testing.T) {
	pal, cut := fighterOf(t, "paladin-2"), fighterOf(t, "guild-cutthroat-1")
	ex := Exchange{Attacker: cut.WithWeapon(cut.Melee), Defender: pal.WithWeapon(pal.Melee),
		Attack: Attack{Kind: Melee, AP: 2, Chars: CharsOf(A, V)}, Policy: Policy{ReflexOnly: true}}
	alert := ex
	alert.DefenderAlert = true
	st := pal.Stats()
	w := *pal.Melee
	w.Effects.DefenceBonus += max(st.V, st.P, st.A, st.C)
	oracle := ex
	oracle.Defender = pal.WithWeapon(&w)
	got, err := alert.Exact()
	if err != nil {
		t.Fatal(err)
	}
	want, err := oracle.Exact()
	if err != nil {
		t.Fatal(err)
	}
	plain, err := ex.Exact()
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got.PSuccess-want.PSuccess) > 1e-12 || !(got.PSuccess < plain.PSuccess) {
		t.Errorf("P(success) on the alert %g, want %g (and below %g without it)", got.PSuccess, want.PSuccess, plain.PSuccess)
	}

	e := battle(t, []*Fighter{pal}, []*Fighter{cut})
	r := rand.NewPCG(2, 2)
	e.c[0].ap = 3
	if !e.do(r, 0, action{kind: actAlert}) || !e.c[0].alert || e.c[0].ap != 2 {
		t.Fatalf("on the alert: alert %v, AP %d; want true and 2", e.c[0].alert, e.c[0].ap)
	}
	e.do(r, 0, action{kind: actStandUp})
	if e.c[0].alert {
		t.Error("the alert outlived the Safar's next action")
	}
	// Attacked on the alert: the plan has it, and it is used up.
	e.c[0].alert = true
	e.c[1].ap = 3
	e.c[1].pos = field.Vec{X: e.c[0].pos.X, Y: e.c[0].pos.Y + e.c[0].radius + e.c[1].radius}
	e.c[1].ranged = false
	opt := -1
	for k, o := range e.opts[e.c[1].kind][e.c[0].kind] {
		if !o.shot && o.attack.AP == 1 {
			opt = k
		}
	}
	clear(e.plans)
	if !e.do(r, 1, action{kind: actAttack, opt: opt, target: 0}) {
		t.Fatal("the attack was refused")
	}
	n := 0
	for k := range e.plans {
		if k.alert {
			n++
		}
	}
	if n != 1 || e.c[0].alert {
		t.Errorf("%d plans with the defender on the alert (want 1); still on the alert after defending: %v", n, e.c[0].alert)
	}
}

// TestBerserkClosestMiniature checks that a berserk Safar "always attacks the
// closest miniature in its line of sight whether friend or foe" (seed 000 line
// 1606, seed 004 line 1514): the Tribal Champion, bleeding and berserk, attacks
// the ally in contact rather than the enemy farther away, whatever its side's
// policy, and hurts it.
func TestBerserkClosestMiniature(t *testing.T) {
	champ, hunter, cut := fighterOf(t, "tribal-champion-3"), fighterOf(t, "goun-hunter-1"), fighterOf(t, "guild-cutthroat-1")
	e := battle(t, []*Fighter{champ, hunter}, []*Fighter{cut})
	r := rand.NewPCG(3, 3)
	for try := 0; try < 20; try++ {
		e.reset()
		e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
		e.c[1].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[1].radius, Y: 7.5}
		e.c[1].hp = 100
		e.c[2].pos = field.Vec{X: 7.5, Y: 7.5 + e.c[0].radius + e.c[2].radius + 1.5}
		e.c[0].bleeding, e.c[0].hp = 1, 100
		e.updateBerserk(0)
		if !e.c[0].berserk {
			t.Fatal("bleeding did not make the champion berserk")
		}
		e.round = 1
		e.activate(r, 0)
		if e.c[0].attacks == 0 {
			t.Fatal("the berserk champion made no attack")
		}
		if e.c[2].hp != e.c[2].f.Profile.HP {
			t.Fatalf("the berserk champion hurt the enemy farther away (HP %d)", e.c[2].hp)
		}
		if e.c[1].hp < 100 {
			return // it hit the ally in contact
		}
	}
	t.Error("the berserk champion never hurt the ally in contact in 20 activations")
}

// TestShoutingAWarning checks the generic action "Shouting/warning : 1 AP/an
// ally/once per target and per turn ... warn an ally in his aura when he is
// targeted by shots. The lookout must have the shooter in his line of sight.
// This action gives the ally a free defence with 2 characteristics only" (seed
// 000 lines 1238-1244, seed 004 lines 1098-1102): a crossbowman shoots at a
// Paladin with no AP; the other Paladin, next to it, warns it once per turn:
// the shot's plan is the warned one (a 2-characteristic defence, no AP of the
// target spent), the lookout pays 1 AP; a second shot in the same turn gets no
// warning.
func TestShoutingAWarning(t *testing.T) {
	xbow, pal := fighterOf(t, "guild-crossbowman-2"), fighterOf(t, "paladin-2")
	e := battle(t, []*Fighter{xbow}, []*Fighter{pal, pal})
	opt := -1
	for k, o := range e.opts[e.c[0].kind][e.c[1].kind] {
		if o.shot && o.attack.AP == 1 {
			opt = k
			break
		}
	}
	if opt < 0 {
		t.Fatal("no 1 AP shot for the crossbowman")
	}
	e.c[0].pos, e.c[0].ap, e.c[0].ranged = field.Vec{X: 7.5, Y: 3}, 4, true
	e.c[1].pos, e.c[1].ap, e.c[1].hp = field.Vec{X: 7.5, Y: 7}, 0, 100
	e.c[2].pos, e.c[2].ap = field.Vec{X: 7.5 + 2*e.c[1].radius + 0.5, Y: 7}, 7
	clear(e.plans)
	r := rand.NewPCG(4, 4)
	warned := func() int {
		n := 0
		for k := range e.plans {
			if k.warned {
				n++
			}
		}
		return n
	}
	if !e.do(r, 0, action{kind: actAttack, opt: opt, target: 1}) {
		t.Fatal("the shot was refused")
	}
	if e.c[2].ap != 6 || warned() != 1 || e.c[1].ap != 0 {
		t.Errorf("first shot: lookout AP %d (want 6), %d warned plans (want 1), target AP %d (want 0)", e.c[2].ap, warned(), e.c[1].ap)
	}
	var pl *plan
	for k, p := range e.plans {
		if k.warned {
			pl = p
		}
	}
	for _, d := range pl.candidates[0] {
		if !d.None && (d.AP != 2 || d.Chars.Len() != 2 || d.Shield) {
			t.Errorf("warned defence candidate %+v: want two characteristics, no shield", d)
		}
	}
	e.c[1].hp, e.c[1].ap, e.c[1].stunned, e.c[1].ground = 100, 0, false, false
	e.c[0].loaded, e.c[0].ap = -1, 4 // reloaded
	if !e.do(r, 0, action{kind: actAttack, opt: opt, target: 1}) {
		t.Fatal("the second shot was refused")
	}
	if e.c[2].ap != 6 {
		t.Errorf("second shot in the turn: lookout AP %d, want 6 (once per target and per turn)", e.c[2].ap)
	}
}
