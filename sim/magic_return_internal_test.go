package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// returnEngine returns the flayer (A, martyrs-return: 3D5 HP for one
// activation, range 3), an allied warrior (A) and the bone seer (B), the
// warrior 1 toise from the flayer, the seer 2 toises from the warrior.
func returnEngine(t *testing.T) (*engine, *castOption, int) {
	t.Helper()
	e := effectEngine(t, []string{"kherops-flayer-2", "kherops-warrior-2", "bone-seer-2"}, []int{SideA, SideA, SideB})
	e.place(0, 5)
	e.place(1, 5+2*e.c[0].radius+1)
	e.place(2, e.c[1].pos.X+e.c[1].radius+2+e.c[2].radius)
	for oi := range e.magic.opts[e.c[0].kind] {
		o := &e.magic.opts[e.c[0].kind][oi]
		if o.spell.ID == "martyrs-return" && o.ap == 3 {
			return e, o, oi
		}
	}
	t.Fatal("no martyrs-return complex option of the flayer")
	return nil, nil, 0
}

// TestReturnFromDefeat checks the return from defeat (skills.md 4.3, "a dead
// ally returns with 3D5 HP for one activation"; sim/magic_return.go): only an
// allied carcass is a target (not one in play, not a devoured one, not the
// caster); the Safar comes back where it fell with the HP given, its statuses
// and the spell effects on it gone, no AP held; its side counts it (R16a: the
// game is not over while it stands); at the end of its activation it falls
// again, a carcass again.
func TestReturnFromDefeat(t *testing.T) {
	e, ret, _ := returnEngine(t)
	if ret.level.Activations != 1 || ret.level.Amount == nil || *ret.level.Amount != (profiles.Dice{N: 3, Sides: 5}) {
		t.Fatalf("martyrs-return level %+v, want 3D5 for 1 activation", *ret.level)
	}
	if e.castTarget(0, 1, ret) || e.castValue(0, indexOf(t, e, ret), 1) != 0 {
		t.Error("a Safar in play is a target of a return")
	}
	// The warrior falls, bleeding, stunned, under the seer's marrow-chill.
	w := &e.c[1]
	fell := w.pos
	chill := e.option(t, 2, 1, "marrow-chill", 15)
	e.applyEffect(2, 1, chill)
	w.hp, w.ap, w.bleeding, w.bleedBy, w.stunned, w.ground, w.dazed, w.alert = -2, 3, 2, 2, true, true, true, true
	if !e.castTarget(0, 1, ret) || e.castTarget(0, 0, ret) || e.castTarget(2, 1, ret) {
		t.Fatal("the allied carcass is not the only target of the return")
	}
	if v := e.castValue(0, indexOf(t, e, ret), 1); v <= 0 {
		t.Errorf("return of the warrior 2 toises from the seer worth %.3f, want > 0", v)
	}
	if e.inPlay(SideA) != 1 {
		t.Fatalf("side A counts %d alive with the warrior defeated", e.inPlay(SideA))
	}
	if got := e.returnFromDefeat(1, 40, 1); got != e.maxHP(1) || w.hp != got {
		t.Fatalf("40 HP back: %d (hp %d), want the starting %d", got, w.hp, e.maxHP(1))
	}
	if w.pos != fell || w.ap != 0 || w.bleeding != 0 || w.bleedBy != -1 || w.stunned || w.ground || w.dazed || w.alert || w.fx.n != 0 || w.fx.mod != (statMod{}) {
		t.Errorf("back at %v (fell at %v), AP %d, bleeding %d, stunned %v, ground %v, dazed %v, alert %v, %d effects", w.pos, fell, w.ap, w.bleeding, w.stunned, w.ground, w.dazed, w.alert, w.fx.n)
	}
	if e.inPlay(SideA) != 2 || !w.inPlay() {
		t.Fatalf("side A counts %d alive after the return", e.inPlay(SideA))
	}
	// R16a: the flayer falls; the returned warrior keeps side A in the game
	// until its activation ends.
	e.c[0].hp = 0
	if _, over := e.over(); over {
		t.Error("the game is over with the returned warrior standing")
	}
	e.effectsAtEnd(2) // another Safar's activation: nothing
	if !w.inPlay() {
		t.Fatal("the warrior fell at the end of another's activation")
	}
	e.effectsAtEnd(1)
	if w.inPlay() || !e.carcass(1) || w.spells.back != 0 {
		t.Fatalf("after its one activation: in play %v, carcass %v, back %d", w.inPlay(), e.carcass(1), w.spells.back)
	}
	if s, over := e.over(); !over || s != SideB {
		t.Errorf("side A wiped out again: over %v, winner %d, want side B", over, s)
	}

	// Defeated again before its activation: it stays defeated, and a later
	// activation changes nothing.
	e.c[0].hp = e.maxHP(0)
	e.returnFromDefeat(1, 5, 1)
	e.take(1, 2, 9)
	e.effectsAtEnd(1)
	if w.spells.back != 0 || w.hp > 0 {
		t.Errorf("killed before its activation: back %d, hp %d", w.spells.back, w.hp)
	}
	// A devoured carcass does not come back (sim/devour.go).
	w.morale.devoured = true
	if e.castTarget(0, 1, ret) {
		t.Error("a devoured carcass is a target of the return")
	}
	r := rand.NewPCG(1, 1)
	e.c[0].ap = 4
	if e.cast(r, 0, action{kind: actCast, opt: indexOf(t, e, ret), target: 1}) {
		t.Error("the return was cast on a devoured carcass")
	}
}

// indexOf returns the index of option o among its caster's (Safar 0's) options.
func indexOf(t *testing.T, e *engine, o *castOption) int {
	t.Helper()
	for oi := range e.magic.opts[e.c[0].kind] {
		if &e.magic.opts[e.c[0].kind][oi] == o {
			return oi
		}
	}
	t.Fatal("option not found")
	return -1
}

// TestReturnSpot checks where a Safar comes back: where it fell when free,
// else the nearest free spot (a base now stands there): it fits, and it is
// within a ring (1/4 toise) of the nearest spot touching that base.
func TestReturnSpot(t *testing.T) {
	e, _, _ := returnEngine(t)
	w := &e.c[1]
	fell := w.pos
	w.hp = 0
	e.c[2].pos = fell // the seer walked onto the carcass
	p, ok := e.returnSpot(1)
	if !ok {
		t.Fatal("no spot")
	}
	others := e.othersOf(1, -1)
	if !e.field.Fits(field.NewBase(p, w.f.Profile.Stature), others) {
		t.Errorf("spot %v does not fit", p)
	}
	if d, most := p.Dist(fell), w.radius+e.c[2].radius+0.25; d > most+1e-9 || d < w.radius+e.c[2].radius-1e-9 {
		t.Errorf("spot %.3f toises from where it fell, want from %.3f to %.3f", d, w.radius+e.c[2].radius, most)
	}
}

// TestReturnCastSampled casts martyrs-return on the warrior's carcass 20000
// times in a fight: the share that took effect agrees with the exact
// P(success) of the cast (pSuccess, checked against Cast.Exact by
// TestFightCastMatchesExact) and each number of HP it comes back with with the
// exact law of 3D5 (capped at the starting HP), inside 99.99% Wilson
// intervals; a failed cast leaves it defeated. The trace shows the return and
// the fall.
func TestReturnCastSampled(t *testing.T) {
	e, ret, oi := returnEngine(t)
	r := rand.NewPCG(14, 6)
	n := 20000
	ok := 0
	counts := map[int]int{}
	p := -1.0
	for range n {
		e.reset()
		e.round = 1
		e.place(0, 5)
		e.place(1, 5+2*e.c[0].radius+1)
		e.place(2, 12)
		e.c[0].ap = 4
		e.c[1].hp = 0
		if p < 0 {
			p = e.pSuccess(e.c[0].kind, oi, e.c[1].kind, e.castStateOf(0, 1, ret))
		}
		if !e.cast(r, 0, action{kind: actCast, opt: oi, target: 1}) {
			t.Fatal("the return was not cast")
		}
		if e.c[0].ap != 1 || e.c[0].spells.cast != 1 {
			t.Fatalf("AP %d, %d casts after a complex cast from 4", e.c[0].ap, e.c[0].spells.cast)
		}
		if e.c[0].spells.succeeded == 0 {
			if e.c[1].hp > 0 {
				t.Fatal("a failed return brought the warrior back")
			}
			continue
		}
		ok++
		counts[e.c[1].hp]++
		if e.c[1].spells.back != 1 {
			t.Fatalf("back for %d activations", e.c[1].spells.back)
		}
		if e.mayCast(0, ret) {
			t.Fatal("martyrs-return (1/game) may be tried again")
		}
	}
	lo, hi := stats.Wilson(ok, n, 0.9999)
	if p < lo || p > hi {
		t.Errorf("%d of %d returns took effect, 99.99%% interval [%.4f, %.4f] misses the exact %.4f", ok, n, lo, hi, p)
	}
	maxHP := e.maxHP(1)
	law := make([]float64, maxHP+1)
	for v, q := range diceDist(3, 5, 0) {
		law[min(v, maxHP)] += q
	}
	for v, q := range law {
		lo, hi := stats.Wilson(counts[v], ok, 0.9999)
		if q < lo || q > hi {
			t.Errorf("back with %d HP %d times of %d, 99.99%% interval [%.4f, %.4f] misses the exact %.4f", v, counts[v], ok, lo, hi, q)
		}
	}
	t.Logf("%d of %d returns took effect (exact %.4f)", ok, n, p)

	// The trace.
	var b strings.Builder
	e.trace = &b
	for range 50 {
		e.reset()
		e.round = 1
		e.place(0, 5)
		e.place(1, 5+2*e.c[0].radius+1)
		e.c[0].ap, e.c[1].hp = 4, 0
		e.cast(r, 0, action{kind: actCast, opt: oi, target: 1})
		if e.c[1].hp > 0 {
			e.effectsAtEnd(1)
			break
		}
	}
	out := b.String()
	for _, want := range []string{"casts martyrs-return", "is back from defeat with", "for 1 activation(s)", "return ends: it falls again"} {
		if !strings.Contains(out, want) {
			t.Errorf("trace lacks %q:\n%s", want, out)
		}
	}
}
