package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// extraEngine returns cardAPEngine's battle (a mongo warrior, A1, in
// contact with a Khérops warrior, B1; B2 far away), side A's list giving
// the warrior the extra action (card_extra_action) when cards is given.
func extraEngine(t *testing.T, cards []profiles.CardExtraAction) *engine {
	t.Helper()
	a := handSide(t, []string{"mongo-warrior-2"}, 60)
	a.CardExtraActions = cards
	e := handEngine(t, &Skirmish{Sides: [2]Spearhead{a, handSide(t, []string{"kherops-warrior-2", "kherops-warrior-2"}, 82, 82)}})
	e.round = 1
	e.c[0].pos = field.Vec{X: 5, Y: 5}
	e.c[1].pos = field.Vec{X: 5, Y: 5 + e.c[0].radius + e.c[1].radius}
	e.c[2].pos = field.Vec{X: 14, Y: 14}
	return e
}

// TestCardExtraAction checks the sister's "one extra action during another
// model's activation, once per game each" (skills.md 3.2;
// card_extra_action, sim/cardextra.go): at the end of an enemy's
// activation, the warrior holding AP attacks the enemy in its reach, paying
// with its AP, once per battle (not again at the next activation's end,
// until the battle starts again); not at the end of its own activation,
// nor with no enemy in its reach or no AP, nor without the card; the trace
// says so.
func TestCardExtraAction(t *testing.T) {
	card := []profiles.CardExtraAction{{By: profiles.Selector{Profiles: []string{"mongo-warrior-2"}}}}
	e := extraEngine(t, card)
	r := rand.NewPCG(3, 5)
	var b strings.Builder
	e.trace = &b
	e.c[0].ap = 6
	e.extraActions(r, 0) // its own activation
	if e.c[0].attacks != 0 || !e.extraLeft[0] {
		t.Fatal("an extra action at the end of its own activation")
	}
	e.c[1].pos = field.Vec{X: 12, Y: 5}
	e.extraActions(r, 2)
	if e.c[0].attacks != 0 || !e.extraLeft[0] {
		t.Fatal("an extra action with no enemy in its reach")
	}
	e.c[1].pos = field.Vec{X: 5, Y: 5 + e.c[0].radius + e.c[1].radius}
	e.c[0].ap = 0
	e.extraActions(r, 2)
	if e.c[0].attacks != 0 || !e.extraLeft[0] {
		t.Fatal("an extra action with no AP")
	}
	e.c[0].ap = 6
	e.extraActions(r, 2) // B2's activation ends
	if e.c[0].attacks != 1 || e.extraLeft[0] || e.c[0].ap >= 6 {
		t.Fatalf("after B2's activation: %d attacks, extra action left %v, %d AP", e.c[0].attacks, e.extraLeft[0], e.c[0].ap)
	}
	e.c[0].ap = 6
	e.extraActions(r, 1)
	if e.c[0].attacks != 1 {
		t.Error("a second extra action in the battle")
	}
	if tr := b.String(); !strings.Contains(tr, "A1 mongo-warrior-2 takes its extra action during B2 kherops-warrior-2's activation (card_extra_action): an attack on B1 kherops-warrior-2, 6 AP") {
		t.Errorf("trace %q", tr)
	}
	e.reset()
	if !e.extraLeft[0] {
		t.Error("a new battle does not give the extra action back")
	}
	if none := extraEngine(t, nil); none.extraBy != nil {
		t.Error("an extra action without the card")
	}
}

// TestCloneCardState checks that an engine cloned for another worker has
// its own list cards' state of a battle (the extra actions left, the rounds
// of stolen AP and skipped actions, the returns), so that workers playing
// battles at once do not share it.
func TestCloneCardState(t *testing.T) {
	e := extraEngine(t, []profiles.CardExtraAction{{By: profiles.Selector{All: true}}})
	e.stoleIn, e.skippedIn = []int{0, 0, 0}, []int{0, 0, 0}
	e.returns = []cardReturn{{first: -1}}
	q := e.clone()
	q.extraLeft[0], q.stoleIn[0], q.skippedIn[0], q.returns[0].spent = false, 3, 3, true
	if !e.extraLeft[0] || e.stoleIn[0] != 0 || e.skippedIn[0] != 0 || e.returns[0].spent {
		t.Errorf("the clone's battle state changed the original's: extra %v, stole %d, skipped %d, return spent %v", e.extraLeft[0], e.stoleIn[0], e.skippedIn[0], e.returns[0].spent)
	}
}
