package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// cardAPEngine returns a skirmish engine of a mongo warrior (A), whose list
// has the coin (card_steals_ap) and the staff (card_spell_drain) for it,
// against two Khérops warriors (B); B1 stands in contact with it, B2 far
// away.
func cardAPEngine(t *testing.T, steal []profiles.CardStealAP, drain []profiles.CardSpellDrain) *engine {
	t.Helper()
	a := handSide(t, []string{"mongo-warrior-2"}, 60)
	a.CardStealsAP, a.CardSpellDrains = steal, drain
	e := handEngine(t, &Skirmish{Sides: [2]Spearhead{a, handSide(t, []string{"kherops-warrior-2", "kherops-warrior-2"}, 82, 82)}})
	e.c[0].pos = field.Vec{X: 5, Y: 5}
	e.c[1].pos = field.Vec{X: 5, Y: 5 + e.c[0].radius + e.c[1].radius}
	e.c[2].pos = field.Vec{X: 14, Y: 14}
	return e
}

// TestCardStealAP checks the coin (skills.md 3.2: "steals 1 AP from a model
// in its ZOC once per turn (or loses 1 AP on a CF)"; sim/cardap.go): at
// the start of its activation the warrior takes 1 AP from the enemy in its
// zone of control, or loses 1 AP on a CF, in about 1 in 10 of 20 000 rolls
// (99.99% Wilson interval); once per round; nothing with no enemy in its
// zone or none there holding AP, nor without the card; the trace says so.
func TestCardStealAP(t *testing.T) {
	coin := []profiles.CardStealAP{{By: profiles.Selector{Profiles: []string{"mongo-warrior-2"}}, AP: 1}}
	e := cardAPEngine(t, coin, nil)
	r := rand.NewPCG(2, 8)
	const n = 20000
	cf := 0
	for k := range n {
		e.round = k + 1
		e.c[0].ap, e.c[1].ap, e.c[2].ap = 4, 3, 5
		e.stealAtStart(r, 0)
		switch {
		case e.c[0].ap == 5 && e.c[1].ap == 2 && e.c[2].ap == 5:
		case e.c[0].ap == 3 && e.c[1].ap == 3:
			cf++
		default:
			t.Fatalf("after the coin: %d AP, the enemy in contact %d, the far one %d", e.c[0].ap, e.c[1].ap, e.c[2].ap)
		}
		e.stealAtStart(r, 0) // again in the same round: nothing
		if a := e.c[0].ap; a != 5 && a != 3 {
			t.Fatalf("a second steal in round %d: %d AP", e.round, a)
		}
	}
	if lo, hi := wilson(cf, n); 0.1 < lo || 0.1 > hi {
		t.Errorf("%d CFs in %d rolls [%.4f, %.4f], want 1 in 10", cf, n, lo, hi)
	}
	e.round++
	e.c[0].ap, e.c[1].ap = 4, 0
	e.stealAtStart(r, 0)
	if e.c[0].ap != 4 || e.c[1].ap != 0 || e.stoleIn[0] == e.round {
		t.Errorf("the enemy in its zone at 0 AP: %d AP, the enemy %d; want no roll", e.c[0].ap, e.c[1].ap)
	}
	e.c[1].pos = field.Vec{X: 9, Y: 5}
	e.c[0].ap, e.c[1].ap = 4, 3
	e.stealAtStart(r, 0)
	if e.c[0].ap != 4 || e.c[1].ap != 3 {
		t.Errorf("no enemy in its zone: %d AP, the enemy %d", e.c[0].ap, e.c[1].ap)
	}
	e = cardAPEngine(t, nil, nil)
	e.round = 1
	e.c[0].ap, e.c[1].ap = 4, 3
	e.stealAtStart(r, 0)
	if e.c[0].ap != 4 || e.c[1].ap != 3 || e.stealAP != nil {
		t.Errorf("without the card: %d AP, the enemy %d", e.c[0].ap, e.c[1].ap)
	}
	e = cardAPEngine(t, coin, nil)
	var b strings.Builder
	e.trace = &b
	for k := range 50 {
		e.round = k + 1
		e.c[0].ap, e.c[1].ap = 4, 3
		e.stealAtStart(r, 0)
	}
	if tr := b.String(); !strings.Contains(tr, "A1 mongo-warrior-2 steals 1 AP from B1 kherops-warrior-2 in its zone of control (card_steals_ap): 5 AP") {
		t.Errorf("trace %q", tr)
	}
}

// TestCardSpellDrain checks the staff (skills.md 3.2: "drains 1 AP from the
// target of each successful spell"; sim/cardap.go): an enemy target loses
// the card's AP, down to 0; an ally does not; nor without the card.
func TestCardSpellDrain(t *testing.T) {
	staff := []profiles.CardSpellDrain{{By: profiles.Selector{All: true}, AP: 1}}
	e := cardAPEngine(t, nil, staff)
	e.c[0].ap, e.c[1].ap, e.c[2].ap = 4, 3, 0
	e.drainOnSpell(0, 1)
	e.drainOnSpell(0, 2)
	if e.c[1].ap != 2 || e.c[2].ap != 0 || e.c[0].ap != 4 {
		t.Errorf("drained: enemy %d AP (want 2), enemy at 0 AP %d, caster %d (want 4)", e.c[1].ap, e.c[2].ap, e.c[0].ap)
	}
	e.drainOnSpell(0, 0) // its spell on itself, of its side
	if e.c[0].ap != 4 {
		t.Errorf("its spell on its own side drained it: %d AP", e.c[0].ap)
	}
	e.c[1].ap = 3
	e.drainOnSpell(1, 0)
	if e.c[0].ap != 4 {
		t.Errorf("an enemy's spell without the card drained the warrior: %d AP", e.c[0].ap)
	}
}
