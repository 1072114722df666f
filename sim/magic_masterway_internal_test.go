package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestFightMasterOfAWay checks that fights give Master osteomancy (skills.md
// #35; sim/magic_masterway.go) to the casts of that way only: the cast state
// of each option of a bone-seer with Master osteomancy on a target with Master
// osteomancy has the caster's and the target's free reroll exactly when the
// spell is of osteomancy, and neither once the turn's Master is used.
func TestFightMasterOfAWay(t *testing.T) {
	master := profiles.Skill{Name: "master", Field: profiles.Esoteric, Text: string(profiles.Osteomancy)}
	withMaster := func(id string) *Fighter { return fighterWith(t, id, master) }
	e, err := newEngine([]*Fighter{withMaster("bone-seer-2"), withMaster("paladin-3")}, []int{SideB, SideA}, Variant{}, [2]FightPolicy{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.reset()
	var way, other int
	for i := range e.magic.opts[e.c[0].kind] {
		opt := &e.magic.opts[e.c[0].kind][i]
		s := e.castStateOf(0, 1, opt)
		want := opt.spell.Way == profiles.Osteomancy
		if s.master != want || s.defMaster != want {
			t.Errorf("%s (way %q): caster's Master %v, target's %v, want %v", opt.spell.ID, opt.spell.Way, s.master, s.defMaster, want)
		}
		if want {
			way++
		} else {
			other++
		}
	}
	if way == 0 || other == 0 {
		t.Fatalf("%d options of osteomancy, %d of no way: the test needs both", way, other)
	}
	e.c[0].masterUsed, e.c[1].masterUsed = true, true
	for i := range e.magic.opts[e.c[0].kind] {
		if s := e.castStateOf(0, 1, &e.magic.opts[e.c[0].kind][i]); s.master || s.defMaster {
			t.Errorf("Master used this turn, yet the cast state has it: %+v", s)
		}
	}
}
