package sim

import (
	"testing"
)

// dispelEngine returns the position of the traced duel of the issue (kharn duel
// tembo-khemist-2 tembo-khemist-2 --policy-b reflex-only --trace --seed 3): B
// walked in to 3 toises, cast strangling-roots at 19 on A (immobilised until
// the end of A's next activation, 2 AP less at its start) and went on the
// alert with its last AP; A starts round 2 with the AP it has left after the
// loss.
func dispelEngine(t *testing.T) *engine {
	t.Helper()
	e := effectEngine(t, []string{"tembo-khemist-2", "tembo-khemist-2"}, []int{SideA, SideB})
	e.duel = true
	e.place(0, 3)
	e.place(1, 3+e.c[0].radius+e.c[1].radius+3) // 3 toises apart
	roots := e.option(t, 1, 0, "strangling-roots", 19)
	e.c[1].ap, e.c[1].alert = 0, true
	e.applyEffect(1, 0, roots)
	e.effectsAtEnd(1) // B's activation ends: the roots stay until the end of A's next one
	e.round = 2
	e.c[1].acted, e.c[1].activated = false, true
	e.c[0].acted, e.c[0].activated = true, true
	e.c[0].ap = e.c[0].f.Profile.AP
	e.effectsAtStart(0) // A's activation: 2 AP lost
	if want := e.c[0].f.Profile.AP - 2; e.c[0].ap != want || !e.c[0].fx.immobile {
		t.Fatalf("set-up: A holds %d AP (want %d), immobile %v", e.c[0].ap, want, e.c[0].fx.immobile)
	}
	return e
}

// TestDispelWorthWhatIsLeft checks the worth of a dispel (skills.md 4.3,
// anti-magic; unweaving "ends the spells of the target's enemies on the
// target"): a dispel is worth only the part of the effects it ends that is
// still to come. In the traced duel A, immobilised and with 2 of its 4 AP
// already taken by strangling-roots, cast unweaving (2 AP) on itself and
// walked in with no AP left, to be struck down without a defence; the walk it
// buys is worth the attacks of the AP left after the cast, none here. Before
// the fix the dispel counted a whole activation of A's attacks (the
// policy check of tembo-khemist-2 lost to reflex-only, 44.4% of 100 000
// duels) and castFirst chose it.
func TestDispelWorthWhatIsLeft(t *testing.T) {
	e := dispelEngine(t)
	unweave := e.option(t, 0, 0, "unweaving", 13)
	basic := unweave
	for oi := range e.magic.opts[e.c[0].kind] {
		o := &e.magic.opts[e.c[0].kind][oi]
		if o.spell == unweave.spell && o.level == unweave.level && o.ap == 2 {
			basic = o
		}
	}
	if basic.ap != 2 {
		t.Fatal("no basic incantation of unweaving")
	}
	if v := e.effectWorth(0, 0, basic); v != 0 {
		t.Errorf("unweaving for 2 AP with 2 AP held, immobilised: worth %.4f HP, want 0 (no AP left to attack after the walk)", v)
	}
	if a, ok := castFirst(e, 0, true); ok && e.magic.opts[e.c[0].kind][a.opt].spell == unweave.spell {
		t.Errorf("A casts %s (%d AP) on Safar %d with 2 AP held: the walk it buys leaves no AP",
			unweave.spell.ID, e.magic.opts[e.c[0].kind][a.opt].ap, a.target)
	}
	// The same dispel with the 4 AP of a whole activation (the loss not
	// taken): the 1 AP quick incantation leaves 3 AP to walk in and attack
	// with, and is worth something; so the check above can fail.
	e.c[0].ap = e.c[0].f.Profile.AP
	if v := e.effectWorth(0, 0, unweave); v <= 0 {
		t.Errorf("unweaving for 1 AP with %d AP held, immobilised 3 toises away: worth %.4f HP, want > 0", e.c[0].ap, v)
	}
	full := e.effectWorth(0, 0, unweave)
	e.c[0].ap = 2
	if v := e.effectWorth(0, 0, unweave); v <= 0 || v >= full {
		t.Errorf("unweaving for 1 AP with 2 AP held: worth %.4f HP, want between 0 and %.4f (with 4 AP)", v, full)
	}
}
