package sim

import (
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// critEngine returns cardAPEngine's battle (a mongo warrior, A1, in contact
// with a Khérops warrior, B1; B2 far away) with side A's list holding the
// staff's CH trade (card_crit_drain) when drain is given.
func critEngine(t *testing.T, drain []profiles.CardCritDrain) *engine {
	t.Helper()
	a := handSide(t, []string{"mongo-warrior-2"}, 60)
	a.CardCritDrains = drain
	e := handEngine(t, &Skirmish{Sides: [2]Spearhead{a, handSide(t, []string{"kherops-warrior-2", "kherops-warrior-2"}, 82, 82)}})
	e.round = 1
	e.place(0, 5)
	contact(e, 0, 1, 0)
	return e
}

// TestCardCritDrain checks the staff's "3 AP instead of the CH bonus in
// combat" in a fight (skills.md 3.2; card_crit_drain, sim/cardcrit.go):
// the warrior's melee exchange is keyed and built with Exchange.CritDrain,
// not without the card; a CH of a successful 2 AP attack takes 3 AP from
// the target, down to 0, and the trace says so; a CH that fails, a success
// with no CH, a 1 AP attack and an ally take nothing.
func TestCardCritDrain(t *testing.T) {
	staff := []profiles.CardCritDrain{{By: profiles.Selector{Profiles: []string{"mongo-warrior-2"}}, AP: 3}}
	e := critEngine(t, staff)
	k := lastOption(t, e, "2 AP melee", melee2AP)
	opt := &e.opts[e.c[0].kind][e.c[1].kind][k]
	key := e.strikeKey(0, 1, k, opt, false, bandEffective, 0, 7, 0)
	if !key.critDrain {
		t.Fatal("the warrior's melee attack is not keyed with its card's CH trade")
	}
	if pl := e.plan(key, 0, opt); !pl.ex.CritDrain {
		t.Error("its plan's exchange has no CritDrain")
	}
	none := critEngine(t, nil)
	if none.strikeKey(0, 1, k, &none.opts[none.c[0].kind][none.c[1].kind][k], false, bandEffective, 0, 7, 0).critDrain {
		t.Error("keyed with the CH trade without the card")
	}
	var b strings.Builder
	e.trace = &b
	for _, tc := range []struct {
		what     string
		out      Outcome
		ap, want int
	}{
		{"a CH that succeeds", Outcome{Success: true, Critical: true}, 5, 2},
		{"a CH that succeeds, 2 AP left", Outcome{Success: true, Critical: true}, 2, 0},
		{"a CH that fails", Outcome{Critical: true}, 5, 5},
		{"a success with no CH", Outcome{Success: true}, 5, 5},
	} {
		e.c[1].ap = tc.ap
		e.drainOnCrit(0, 1, opt, &tc.out)
		if e.c[1].ap != tc.want {
			t.Errorf("%s: the target has %d AP, want %d", tc.what, e.c[1].ap, tc.want)
		}
	}
	if tr := b.String(); !strings.Contains(tr, "A1 mongo-warrior-2's CH takes 3 AP from B1 kherops-warrior-2 instead of its CH bonus (card_crit_drain): 2 AP left") {
		t.Errorf("trace %q", tr)
	}
	one := *opt
	one.attack.AP = 1
	e.c[1].ap = 5
	e.drainOnCrit(0, 1, &one, &Outcome{Success: true, Critical: true})
	if e.c[1].ap != 5 {
		t.Errorf("a 1 AP attack's CH (no CH bonus, R9) took AP: %d left", e.c[1].ap)
	}
	e.c[0].ap = 5
	e.drainOnCrit(0, 0, opt, &Outcome{Success: true, Critical: true})
	if e.c[0].ap != 5 {
		t.Errorf("its CH on its own side took AP: %d left", e.c[0].ap)
	}
}
