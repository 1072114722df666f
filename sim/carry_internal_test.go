package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// withP returns the fighter of profile id with its P set to p.
func withP(t *testing.T, id string, p int) *Fighter {
	t.Helper()
	ds := profiles.Default()
	prof, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	lo, err := ds.Equip(prof, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	q := *prof
	q.Stats.P = p
	return NewFighter(&q, lo.Items(ds))
}

// TestGiveRelic checks Giving/taking (R-Give, sim/carry.go): "Giving/taking:
// 1AP/ZOC. It allows the Safar to exchange an object with one of his allies
// ... The initiator of the action is the one to spend the AP" (seed 000 lines
// 1167-1171; seed 004 lines 1132-1134): the relic goes to an ally in the
// initiator's zone of control, giver or taker paying 1 AP (2 dazed, R17), and
// the new carrier bears its burden (seed 004 lines 1205-1208: -2 V with P
// under 4, -1 with P 4); not beyond the zone of control, not to an enemy, not
// to a Savage Safar (skills.md #58). Fails before: no Safar could give or take
// the relic.
func TestGiveRelic(t *testing.T) {
	pal, cut := fighterOf(t, "paladin-2"), fighterOf(t, "guild-cutthroat-1") // P 4 and P 3
	e := objectiveBattle(t, []*Fighter{pal, cut, savage(t, "paladin-2")}, []*Fighter{cut}, relicAt0(0))
	r := rand.NewPCG(5, 6)
	zoc := e.naturalReach(0)
	place := func(gap float64) {
		e.obj.reset()
		e.obj.carrier = 0
		for i := range e.c {
			e.c[i].ap, e.c[i].dazed = 4, false
		}
		e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
		e.c[1].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[1].radius + gap, Y: 7.5}
	}
	// A roll of the cut-throat's or the paladin's level dice fails only on a
	// CF: retried until the exchange is made (each try 1 AP).
	give := func(i, k int) bool {
		for range 20 {
			carrier := e.obj.carrier
			e.c[i].ap = 4
			if !e.do(r, i, action{kind: actGive, target: k}) {
				return false
			}
			if e.obj.carrier != -1 {
				return true
			}
			e.obj.carrier = carrier // a CF: the test of a CF is TestGiveCF
		}
		t.Fatal("20 critical failures in a row")
		return false
	}
	place(zoc)
	v1 := e.velocity(1)
	if !give(0, 1) || e.obj.carrier != 1 || e.c[0].ap != 3 || e.c[1].ap != 4 {
		t.Errorf("giving at the edge of its zone of control: carrier %d, AP %d and %d; want 1, 3 (the giver pays) and 4", e.obj.carrier, e.c[0].ap, e.c[1].ap)
	}
	if got := e.velocity(1); got != v1-2 {
		t.Errorf("new carrier with P 3: velocity %g, want %g - 2", got, v1)
	}
	if p, ok := e.relicAt(); !ok || p != e.c[1].pos {
		t.Errorf("the relic at %v, want with its new carrier at %v", p, e.c[1].pos)
	}
	place(zoc)
	if !give(1, 0) || e.obj.carrier != 1 || e.c[1].ap != 3 || e.c[0].ap != 4 {
		t.Errorf("taking it: carrier %d, AP %d and %d; want 1, 3 (the taker pays) and 4", e.obj.carrier, e.c[1].ap, e.c[0].ap)
	}
	place(zoc)
	e.c[0].dazed = true
	if !e.do(r, 0, action{kind: actGive, target: 1}) || e.c[0].ap != 2 {
		t.Errorf("dazed giver: %d AP left, want 2 (R17: 1 AP more)", e.c[0].ap)
	}
	place(zoc + 0.2)
	if e.do(r, 0, action{kind: actGive, target: 1}) || e.obj.carrier != 0 || e.c[0].ap != 4 {
		t.Errorf("0.2 toise beyond its zone of control: carrier %d, AP %d; want no exchange", e.obj.carrier, e.c[0].ap)
	}
	place(zoc)
	e.c[2].pos = e.c[1].pos
	e.c[1].pos = field.Vec{X: 1, Y: 1}
	if e.do(r, 0, action{kind: actGive, target: 2}) || e.obj.carrier != 0 {
		t.Error("gave the relic to a Savage Safar")
	}
	place(zoc)
	e.c[3].pos = e.c[1].pos
	e.c[1].pos = field.Vec{X: 1, Y: 1}
	if e.do(r, 0, action{kind: actGive, target: 3}) || e.do(r, 3, action{kind: actGive, target: 0}) || e.obj.carrier != 0 {
		t.Error("the relic passed between enemies")
	}
	// At its own edge, the new carrier carries it off at once.
	place(zoc)
	e.c[0].pos = field.Vec{X: 7.5, Y: e.c[0].radius + e.c[1].radius + zoc + 0.5}
	e.c[1].pos = field.Vec{X: 7.5, Y: e.c[1].radius}
	if !give(0, 1) || !e.obj.scored || e.obj.points != [2]int{5, 0} {
		t.Errorf("given to an ally at its table edge: scored %v, points %v; want true, [5 0]", e.obj.scored, e.obj.points)
	}
}

// TestGiveCF checks "On a CF, exchange is missed, and the object falls to the
// ground" (seed 000 line 1171; seed 004 line 1136, "Sur un EC"): a level 1
// giver without objective mastery dice misses with the chance of its die's CF
// range, 1 face in 10 (R3), and the relic then lies where the carrier stood.
// 0.1 lies in the 99.99% Wilson interval of 20 000 tries.
func TestGiveCF(t *testing.T) {
	cut := fighterOf(t, "guild-cutthroat-1")
	if cut.Profile.Level != 1 {
		t.Fatalf("guild-cutthroat-1 level %d, the test wants 1", cut.Profile.Level)
	}
	e := objectiveBattle(t, []*Fighter{cut, cut}, []*Fighter{cut}, relicAt0(0))
	r := rand.NewPCG(7, 8)
	const n = 20000
	missed := 0
	for range n {
		e.obj.reset()
		e.obj.carrier = 0
		c := &e.c[0]
		c.ap, c.dice, c.nMastery = 1, 1, 0
		c.pos = field.Vec{X: 7.5, Y: 7.5}
		e.c[1].pos = field.Vec{X: 7.5 + 2*c.radius, Y: 7.5}
		if !e.do(r, 0, action{kind: actGive, target: 1}) || c.ap != 0 {
			t.Fatal("no exchange")
		}
		switch e.obj.carrier {
		case 1:
		case -1:
			missed++
			if p, ok := e.relicAt(); !ok || p != c.pos {
				t.Fatalf("missed: the relic at %v (on the table %v), want at the giver's %v", p, ok, c.pos)
			}
		default:
			t.Fatalf("carrier %d after an exchange", e.obj.carrier)
		}
	}
	if lo, hi := stats.Wilson(missed, n, 0.9999); 0.1 < lo || 0.1 > hi {
		t.Errorf("%d of %d exchanges missed, 99.99%% interval %.4f-%.4f, want 0.1", missed, n, lo, hi)
	}
}

// TestHandOverPolicy checks the default policy's Giving/taking (handOverAct):
// an engaged carrier gives the relic to an ally in reach that is not engaged,
// one within an enemy's assault reach to an ally out of it; a slow carrier
// (P 3: -2 V) gives it to an ally that carries it home at least one walk
// sooner (P 4: -1 V) but not to one that has acted this round; an ally takes
// it from a stunned carrier, and from one as fast that has acted this round; two equal Safars, nobody pressed, keep it where
// it is. Fails before: the relic never changed hands.
func TestHandOverPolicy(t *testing.T) {
	cut, strong := fighterOf(t, "guild-cutthroat-1"), withP(t, "guild-cutthroat-1", 4)
	e := objectiveBattle(t, []*Fighter{cut, strong, cut}, []*Fighter{cut}, relicAt0(0))
	r := rand.NewPCG(9, 10)
	place := func() {
		e.obj.reset()
		e.obj.carrier = 0
		e.round = 1
		for i := range e.c {
			c := &e.c[i]
			c.ap, c.acted, c.stunned, c.ground = c.f.Profile.AP, false, false, false
		}
		e.c[0].acted = true // its activation
		e.c[0].pos = field.Vec{X: 3, Y: 12}
		e.c[1].pos = field.Vec{X: 3 + e.c[0].radius + e.c[1].radius, Y: 12}
		e.c[2].pos = field.Vec{X: 3 - e.c[0].radius - e.c[2].radius, Y: 12}
		e.c[3].pos = field.Vec{X: 14, Y: 1} // far from all
	}
	place()
	if w0, w1 := e.homeWalks(0), e.homeWalks(1); w1 > w0-1 {
		t.Fatalf("home in %.2f walks with P 3, %.2f with P 4: the test wants one walk saved", w0, w1)
	}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actGive || a.target != 1 {
		t.Errorf("slow carrier beside a faster ally: %+v, want it given to 1", a)
	}
	e.c[1].acted = true
	if a := DefaultFightPolicy.act(e, 0, r); a.kind == actGive {
		t.Errorf("faster ally already activated: %+v, want no hand-over", a)
	}
	// Engaged: given to the free ally beside it, however slow.
	place()
	e.c[1].pos = field.Vec{X: 10, Y: 12}
	e.c[3].pos = field.Vec{X: 3, Y: 12 + e.c[0].radius + e.c[3].radius}
	e.c[2].pos = field.Vec{X: 3, Y: 12 - e.c[0].radius - e.c[2].radius}
	if e.danger(0) != 2 || e.danger(2) != 1 {
		t.Fatal("the carrier should be engaged and its ally free")
	}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actGive || a.target != 2 {
		t.Errorf("engaged carrier: %+v, want it given to 2", a)
	}
	// About to be engaged (an enemy within its assault reach, not its ally's):
	// given to the ally out of the enemy's reach.
	place()
	e.c[1].pos = field.Vec{X: 10, Y: 12}
	e.c[2].pos = field.Vec{X: 3, Y: 12 - e.c[0].radius - e.c[2].radius}
	e.c[3].pos = field.Vec{X: 3, Y: 12 + e.c[0].radius + e.c[3].radius + e.assaultReach(3) - 0.1}
	if e.danger(0) != 1 || e.danger(2) != 0 {
		t.Fatalf("danger %d and %d, the test wants 1 for the carrier and 0 for its ally", e.danger(0), e.danger(2))
	}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind != actGive || a.target != 2 {
		t.Errorf("carrier within an enemy's assault reach: %+v, want it given to 2", a)
	}
	// Equal Safars, nobody pressed: no hand-over either way.
	place()
	e.c[1].pos = field.Vec{X: 10, Y: 12}
	if a := DefaultFightPolicy.act(e, 0, r); a.kind == actGive {
		t.Errorf("an equal ally beside it: %+v, want no hand-over", a)
	}
	e.c[0].acted, e.c[2].acted = false, true
	if a := DefaultFightPolicy.act(e, 2, r); a.kind == actGive {
		t.Errorf("an equal ally beside the carrier: %+v, want no taking", a)
	}
	// A carrier whose activation is over: an ally as fast takes it on.
	e.c[0].acted, e.c[2].acted = true, true
	if a := DefaultFightPolicy.act(e, 2, r); a.kind != actGive || a.target != 0 {
		t.Errorf("ally beside a carrier that has acted: %+v, want it taken from 0", a)
	}
	e.c[0].acted = false
	// A stunned carrier: the ally takes it.
	e.c[0].stunned = true
	if a := DefaultFightPolicy.act(e, 2, r); a.kind != actGive || a.target != 0 {
		t.Errorf("ally of a stunned carrier: %+v, want it taken from 0", a)
	}
	if !e.do(r, 2, action{kind: actGive, target: 0}) || e.obj.carrier != 2 && e.obj.carrier != -1 {
		t.Errorf("taking from a stunned carrier: carrier %d", e.obj.carrier)
	}
}

// meleeOption returns the index of a 2 AP melee attack among the options of
// Safar i against Safar j.
func meleeOption(t *testing.T, e *engine, i, j int) int {
	t.Helper()
	for n := range e.opts[e.c[i].kind][e.c[j].kind] {
		if o := &e.opts[e.c[i].kind][e.c[j].kind][n]; !o.shot && o.split == 0 && o.attack.Kind == Melee && o.attack.AP == 2 && o.pos == posNone {
			return n
		}
	}
	t.Fatal("no 2 AP melee attack")
	return -1
}

// TestCarryAlly checks carrying an ally (R-Carry, sim/carry.go): "The
// 'carried' load can be an ally. In that case, the Safar's P needs to be at
// least equal to the C of the Safar being carried. [...] if a Safar carries
// [...] an ally, he can't attack or defend himself unless he spends some AP to
// 'Drop/pick up' his load beforehand (doable outside his activation)" (seed
// 000 lines 1118-1127; seed 004 lines 1201-1212, "en dépensant des PA"):
// picked up for 1 AP in the zone of control (seed 000 line 1161), the ally's
// C at most the carrier's P; the carrier walks at V - 1 with P 4 (seed 004
// lines 1205-1208) with the ally in contact; it makes no attack; attacked
// with 1 AP it defends by reflex only (no AP spent), with 4 it puts the ally
// down for 1 AP first; a carried Safar gets down at its activation and when
// its carrier falls. Fails before: no ally could be carried.
func TestCarryAlly(t *testing.T) {
	pal, cut, war := fighterOf(t, "paladin-2"), fighterOf(t, "guild-cutthroat-1"), fighterOf(t, "kherops-warrior-1")
	if pal.Stats().P != 4 || cut.Stats().C > 4 || war.Stats().C <= 4 {
		t.Fatalf("paladin-2 P %d, guild-cutthroat-1 C %d, kherops-warrior-1 C %d: the test wants 4, at most 4 and above 4", pal.Stats().P, cut.Stats().C, war.Stats().C)
	}
	e := battle(t, []*Fighter{pal, cut, war}, []*Fighter{war})
	r := rand.NewPCG(19, 20)
	zoc := e.naturalReach(0)
	place := func() {
		for i := range e.c {
			e.c[i].ap, e.c[i].bear, e.c[i].hp, e.c[i].target = 4, carryState{}, e.c[i].f.Profile.HP, -1
		}
		e.c[0].pos = field.Vec{X: 7.5, Y: 3}
		e.c[1].pos = field.Vec{X: 7.5 - e.c[0].radius - e.c[1].radius - zoc, Y: 3}
		e.c[2].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[2].radius, Y: 3}
		e.c[3].pos = field.Vec{X: 7.5, Y: 12}
	}
	place()
	v := e.velocity(0)
	if e.do(r, 0, action{kind: actCarry, target: 2}) || e.c[0].ap != 4 {
		t.Error("carried an ally of C 5 with P 4")
	}
	if e.do(r, 0, action{kind: actCarry, target: 3}) || e.c[0].ap != 4 {
		t.Error("carried an enemy")
	}
	e.c[1].pos.X -= 0.2
	if e.do(r, 0, action{kind: actCarry, target: 1}) || e.c[0].ap != 4 {
		t.Error("picked up an ally 0.2 toise beyond its zone of control")
	}
	e.c[1].pos.X += 0.2
	if !e.do(r, 0, action{kind: actCarry, target: 1}) || e.c[0].ap != 3 || e.carried(0) != 1 || e.bearer(1) != 0 {
		t.Fatalf("picking up the cut-throat: %d AP, carries %d; want 3 and 1", e.c[0].ap, e.carried(0))
	}
	if got := e.velocity(0); got != v-1 {
		t.Errorf("carrying with P 4: velocity %g, want %g - 1", got, v)
	}
	// It walks toward the enemy; the ally comes along, in contact.
	from := e.c[0].pos
	if !e.do(r, 0, action{kind: actToward, target: 3}) {
		t.Fatal("no walk")
	}
	e.carryAlong(0, from)
	if g := e.gap(0, 1); e.c[0].pos.Y <= from.Y || g < -1e-9 || g > 1e-6 {
		t.Errorf("after the walk: carrier at %v, its ally %.3f toise away; want it moved and in contact", e.c[0].pos, g)
	}
	// No attack while carrying.
	e.c[3].pos = field.Vec{X: e.c[0].pos.X, Y: e.c[0].pos.Y + e.c[0].radius + e.c[3].radius}
	e.c[0].ap = 4
	if e.do(r, 0, action{kind: actAttack, opt: meleeOption(t, e, 0, 3), target: 3}) || e.c[0].ap != 4 {
		t.Error("attacked while carrying an ally")
	}
	// Attacked with 1 AP: a reflex defence, its AP untouched.
	e.c[0].ap, e.c[3].ap = 1, 4
	if !e.do(r, 3, action{kind: actAttack, opt: meleeOption(t, e, 3, 0), target: 0}) {
		t.Fatal("no attack on the carrier")
	}
	if e.carried(0) != 1 || e.c[0].ap != 1 {
		t.Errorf("attacked with 1 AP: carries %d, %d AP; want still carrying, 1 AP", e.carried(0), e.c[0].ap)
	}
	// With 4 AP it puts the ally down first.
	e.c[0].hp, e.c[0].ap, e.c[3].ap = pal.Profile.HP, 4, 4
	if !e.do(r, 3, action{kind: actAttack, opt: meleeOption(t, e, 3, 0), target: 0}) {
		t.Fatal("no attack on the carrier")
	}
	if e.carried(0) >= 0 || e.c[0].ap > 3 {
		t.Errorf("attacked with 4 AP: carries %d, %d AP; want the ally put down, at most 3 AP", e.carried(0), e.c[0].ap)
	}
	// A carried Safar gets down at its activation, and when its carrier falls.
	place()
	if !e.do(r, 0, action{kind: actCarry, target: 1}) {
		t.Fatal("no pick-up")
	}
	e.getDown(1)
	if e.carried(0) >= 0 || e.bearer(1) >= 0 {
		t.Error("still carried after getting down")
	}
	if !e.do(r, 0, action{kind: actCarry, target: 1}) {
		t.Fatal("no pick-up")
	}
	e.c[0].hp = 0
	if e.bearer(1) >= 0 || e.c[0].bear.carrying != 0 {
		t.Error("still carried by a defeated carrier")
	}
}
