package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestFightHeroicSpecialistOfAWay checks that fights give Heroic and
// Specialist osteomancy (skills.md #14, #42; sim/magic_masterway.go) to the
// casts of that way only: in the cast plan of each option of a bone-seer with
// both on a target with both, the caster's pool and the target's defence pools
// have one more die and no CF exactly when the spell is of osteomancy.
func TestFightHeroicSpecialistOfAWay(t *testing.T) {
	withWay := func(id string) *Fighter {
		return fighterWith(t, id,
			profiles.Skill{Name: "heroic", Field: profiles.Esoteric, Text: string(profiles.Osteomancy)},
			profiles.Skill{Name: "specialist", Field: profiles.Esoteric, Text: string(profiles.Osteomancy)})
	}
	e, err := newEngine([]*Fighter{withWay("bone-seer-2"), withWay("paladin-3")}, []int{SideB, SideA}, Variant{}, [2]FightPolicy{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.reset()
	cDice, tDice := e.c[0].f.Dice, e.c[1].f.Dice
	var way, other int
	for i := range e.magic.opts[e.c[0].kind] {
		opt := &e.magic.opts[e.c[0].kind][i]
		pl := opt.plans[e.c[1].kind]
		if pl == nil {
			continue
		}
		on := opt.spell.Way == profiles.Osteomancy
		wantCF, wantC, wantT := 1, cDice, tDice
		if on {
			wantCF, wantC, wantT = 0, cDice+1, tDice+1
		}
		if pl.pool.Dice != wantC || pl.pool.CFMax != wantCF {
			t.Errorf("%s (way %q) at %d AP: casting pool %d dice, CF up to %d, want %d and %d", opt.spell.ID, opt.spell.Way, opt.ap, pl.pool.Dice, pl.pool.CFMax, wantC, wantCF)
		}
		for k, p := range pl.defPool {
			if p.Dice != wantT || p.CFMax != wantCF {
				t.Errorf("%s (way %q) at %d AP: defence at %d AP %d dice, CF up to %d, want %d and %d", opt.spell.ID, opt.spell.Way, opt.ap, k, p.Dice, p.CFMax, wantT, wantCF)
			}
		}
		if on {
			way++
		} else {
			other++
		}
	}
	if way == 0 || other == 0 {
		t.Fatalf("%d options of osteomancy, %d of no way on the target: the test needs both", way, other)
	}
}
