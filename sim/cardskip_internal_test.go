package sim

import (
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// fatherCard is the father's card (skills.md 3.2: "may skip his actions once
// per turn so that an ally within 3 toises that already acted recovers 5
// AP"), a list's card_skips_for_ally.
var fatherCard = profiles.CardSkipFor{By: profiles.Selector{Profiles: []string{"goun-shaman-2"}}, To: profiles.Selector{All: true}, Within: 3, AP: 5}

// skipEngine returns a skirmish engine of a goun shaman (the father) and a
// mongo warrior (A) against a Khérops warrior (B): the warrior engaged with
// the Khérops, the shaman d toises behind it.
func skipEngine(t *testing.T, d float64, cards ...profiles.CardSkipFor) *engine {
	t.Helper()
	a := handSide(t, []string{"goun-shaman-2", "mongo-warrior-2"}, 80, 60)
	a.CardSkipsFor = cards
	e := handEngine(t, &Skirmish{Sides: [2]Spearhead{a, handSide(t, []string{"kherops-warrior-2"}, 82)}})
	e.round = 1
	e.c[1].pos = field.Vec{X: 7.5, Y: 7}
	e.c[2].pos = field.Vec{X: 7.5, Y: 7 + e.c[1].radius + e.c[2].radius}
	e.c[0].pos = field.Vec{X: 7.5, Y: 7 - d}
	e.c[1].acted, e.c[1].ap = true, 0
	e.c[2].ap = 4
	return e
}

// TestCardSkipForAlly checks the father's card (skills.md 3.2;
// sim/cardskip.go): the shaman, whose own activation threatens less than
// the AP are worth to its engaged ally at 0 AP, skips its actions and the
// ally recovers 5 AP up to its AP characteristic; not twice in a round;
// not for an ally that has not acted, nor one beyond 3 toises, nor without
// the card; the trace says so.
func TestCardSkipForAlly(t *testing.T) {
	e := skipEngine(t, 2, fatherCard)
	k, n := e.skipChoice(0)
	want := min(5, e.c[1].f.Profile.AP)
	if k != 1 || n != want {
		t.Fatalf("choice: ally %d, %d AP; want 1, %d (own activation worth %.3f)", k, n, want, e.returnWorth(0))
	}
	var b strings.Builder
	e.trace = &b
	if !e.skipForAlly(0) || e.c[1].ap != want {
		t.Errorf("skipped: ally at %d AP, want %d", e.c[1].ap, want)
	}
	if !strings.Contains(b.String(), "A1 goun-shaman-2 skips its actions (card_skips_for_ally): A2 mongo-warrior-2, which has acted, recovers") {
		t.Errorf("trace %q", b.String())
	}
	e.trace = nil
	e.c[1].ap = 0
	if e.skipForAlly(0) {
		t.Error("skipped twice in a round")
	}
	e.round++
	if !e.skipForAlly(0) {
		t.Error("no skip in the next round")
	}
	for _, c := range []struct {
		name string
		e    *engine
	}{
		{"ally not acted", func() *engine { e := skipEngine(t, 2, fatherCard); e.c[1].acted = false; return e }()},
		{"ally beyond 3 toises", skipEngine(t, 3.5, fatherCard)},
		{"no card", skipEngine(t, 2)},
	} {
		if c.e.skips != nil && c.e.skipForAlly(0) {
			t.Errorf("%s: skipped", c.name)
		}
		if c.e.c[1].ap != 0 {
			t.Errorf("%s: ally at %d AP", c.name, c.e.c[1].ap)
		}
	}
}
