package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// activateEngine returns a skirmish engine: goun-shaman-2 and a
// mongo-warrior-2 (side A) in contact with a kherops-warrior-2 (side B), the
// shaman 2 toises behind its ally; every Safar holds its AP, the mongo has
// acted this round, the kherops holds no AP.
func activateEngine(t *testing.T) *engine {
	t.Helper()
	e := effectEngine(t, []string{"goun-shaman-2", "mongo-warrior-2", "kherops-warrior-2"}, []int{SideA, SideA, SideB})
	for i := range e.c {
		e.c[i].ap = e.c[i].f.Profile.AP
	}
	e.c[1].pos = field.Vec{X: 7, Y: 7.5}
	e.c[2].pos = field.Vec{X: 7 + e.c[1].radius + e.c[2].radius, Y: 7.5} // in contact
	e.c[0].pos = field.Vec{X: 7 - e.c[0].radius - e.c[1].radius - 2, Y: 7.5}
	e.c[1].acted, e.c[1].activated = true, true
	e.c[0].acted, e.c[0].activated = true, true // the shaman's activation
	e.c[2].ap = 0
	return e
}

// callOption returns the index and option of the goun-shaman-2's
// call-of-the-ancestors for ap AP.
func callOption(t *testing.T, e *engine, ap int) (int, *castOption) {
	t.Helper()
	for oi := range e.magic.opts[e.c[0].kind] {
		if o := &e.magic.opts[e.c[0].kind][oi]; o.spell.ID == "call-of-the-ancestors" && o.ap == ap {
			return oi, o
		}
	}
	t.Fatalf("no call-of-the-ancestors for %d AP", ap)
	return -1, nil
}

// TestActivateNow checks the activation of an ally inside the caster's
// (call-of-the-ancestors: "the ally activates now; 2 AP less if it already
// acted", skills.md 4.3; R14 for what an activation gives back): only an ally
// other than the caster is a target; on success the mongo, which had acted,
// plays an activation at once with 2 AP less than its card, then the shaman's activation goes on with the
// AP the cast left; an ally not yet activated uses its activation of the
// round; the activated Safar casts no such spell itself. The policy's value:
// an activation more for an ally that acted, nothing for one that has not
// (it would only act sooner), nothing on the caster or an enemy.
func TestActivateNow(t *testing.T) {
	e := activateEngine(t)
	oi, call := callOption(t, e, 3)
	if e.castTarget(0, 0, call) || e.castTarget(0, 2, call) || !e.castTarget(0, 1, call) {
		t.Fatalf("targets: itself %v, the enemy %v, the ally %v; want the ally only",
			e.castTarget(0, 0, call), e.castTarget(0, 2, call), e.castTarget(0, 1, call))
	}
	if v := e.effectWorth(0, 1, call); v <= 0 {
		t.Errorf("an activation more for the mongo in contact: worth %.4f", v)
	}
	e.c[1].acted = false
	if v := e.effectWorth(0, 1, call); v != 0 {
		t.Errorf("activating now a mongo that has not acted: worth %.4f, want 0", v)
	}
	e.c[1].acted = true

	var b strings.Builder
	e.trace = &b
	r := rand.NewPCG(14, 11)
	for range 40 {
		e.c[0].ap, e.c[0].spells = 4, spellState{}
		e.c[1].ap, e.c[1].acted, e.c[1].hp = 1, true, e.c[1].f.Profile.HP
		e.c[2].hp, e.c[2].ap = e.c[2].f.Profile.HP, 0
		b.Reset()
		if !e.cast(r, 0, action{kind: actCast, opt: oi, target: 1}) {
			t.Fatal("the cast was not played")
		}
		if e.c[0].spells.succeeded > 0 {
			break
		}
	}
	if e.c[0].spells.succeeded == 0 {
		t.Fatal("call-of-the-ancestors never took effect in 40 casts")
	}
	out := b.String()
	for _, w := range []string{"casts call-of-the-ancestors (difficulty 16, complex, 3 AP) on mongo-warrior-2", "activates now (2 AP less if it already acted)",
		"mongo-warrior-2 loses 2 AP to a spell", "mongo-warrior-2 activates: 2 AP"} {
		if !strings.Contains(out, w) {
			t.Errorf("trace\n%s\nlacks %q", out, w)
		}
	}
	if e.c[0].ap != 1 || e.magic.nested {
		t.Errorf("the shaman holds %d AP after a 3 AP cast (want 1), nested %v", e.c[0].ap, e.magic.nested)
	}

	// An ally not yet activated: its activation of the round, with its whole AP.
	e.trace = nil
	e.c[1].acted = false
	e.c[0].ap, e.c[0].spells = 4, spellState{}
	for range 40 {
		e.c[0].ap, e.c[0].spells = 4, spellState{}
		e.c[1].acted = false
		e.c[2].hp = e.c[2].f.Profile.HP
		e.cast(r, 0, action{kind: actCast, opt: oi, target: 1})
		if e.c[0].spells.succeeded > 0 {
			break
		}
	}
	if !e.c[1].acted || e.waiting(SideA) {
		t.Errorf("an ally activated now is still waiting for its activation of the round")
	}
	e.magic.nested = true
	if e.castTarget(1, 0, call) {
		t.Error("a Safar activated now may activate another one")
	}
	e.magic.nested = false
}

// TestActivateNowRate checks that the ally is activated exactly as often as
// the cast takes effect: over 4000 casts, the share that activate the mongo
// lies in the 99.99% Wilson interval around the exact P(success) of the cast
// (the casting exchange of Cast.Exact, castPlan), and only casts that take
// effect activate it.
func TestActivateNowRate(t *testing.T) {
	e := activateEngine(t)
	oi, call := callOption(t, e, 2)
	r := rand.NewPCG(14, 12)
	const n = 4000
	activated := 0
	p := 0.0
	for range n {
		e.c[0].ap, e.c[0].spells = 4, spellState{}
		e.c[1].ap, e.c[1].acted, e.c[1].hp, e.c[1].pos = 0, true, e.c[1].f.Profile.HP, field.Vec{X: 7, Y: 7.5}
		e.c[1].activated = true
		e.c[2].hp, e.c[2].ap, e.c[2].pos = e.c[2].f.Profile.HP, 0, field.Vec{X: 7 + e.c[1].radius + e.c[2].radius, Y: 7.5}
		e.c[2].bleeding, e.c[1].bleeding = 0, 0
		p = e.pSuccess(e.c[0].kind, oi, e.c[1].kind, e.castStateOf(0, 1, call))
		e.c[1].spent = 0
		e.cast(r, 0, action{kind: actCast, opt: oi, target: 1})
		ok := e.c[0].spells.succeeded > 0
		// The mongo's activation gives it AP back (R14) and it acts: it was
		// activated when its AP came back, here its spent AP or AP held moved.
		act := e.c[1].spent > 0 || e.c[1].ap > 0
		if act != ok {
			t.Fatalf("cast took effect %v, the mongo activated %v", ok, act)
		}
		if act {
			activated++
		}
	}
	if lo, hi := stats.Wilson(activated, n, 0.9999); p < lo || p > hi {
		t.Errorf("%d of %d casts activated the ally, 99.99%% interval [%.4f, %.4f] misses the exact P(success) %.4f", activated, n, lo, hi, p)
	}
	t.Logf("%d of %d (exact %.4f)", activated, n, p)
}
