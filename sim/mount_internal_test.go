package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// TestRiderSacrifice checks a mount's Sacrifice X towards its rider
// (skills.md #51; catalogue.md 4.11; seed 000 line 1650: "once per turn, lose
// X HP for an ally to gain immediately 1 AP", at the start of the ally's
// activation). Rider and mount are one Safar (profiles.DataSet.Mounted), so a
// paladin-2 with "rider sacrifice: 1" alone against a guild-cutthroat-1 in
// contact loses 1 HP for good and gains 1 AP at the start of its activation;
// not twice in a turn, not with no enemy in reach, not its last HP, and a
// paladin-2 with Sacrifice 1 (towards allies) does not sacrifice for itself.
func TestRiderSacrifice(t *testing.T) {
	rider := fighterWith(t, "paladin-2", profiles.Skill{Name: profiles.SkillRiderSacrifice, Value: 1})
	cut := fighterOf(t, "guild-cutthroat-1")
	e := battle(t, []*Fighter{rider}, []*Fighter{cut})
	place := func(enemyGap float64) {
		e.reset()
		e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
		e.c[1].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[1].radius + enemyGap, Y: 7.5}
		e.c[0].ap = e.c[0].f.Profile.AP
	}
	place(0)
	if g := e.apGain(0); g <= 1 {
		t.Fatalf("one more AP is worth %.2f to a paladin-2 in contact with a cutthroat: the test needs more than 1", g)
	}
	e.riderSacrifice(0)
	if e.c[0].ap != 5 || e.c[0].hp != 9 || e.c[0].morale.scar != 1 {
		t.Errorf("after its mount's sacrifice: %d AP, %d HP (scar %d); want 5, 9, 1", e.c[0].ap, e.c[0].hp, e.c[0].morale.scar)
	}
	if e.maxHP(0) != 9 {
		t.Errorf("HP lost to Sacrifice cannot be recovered: max HP %d, want 9", e.maxHP(0))
	}
	e.c[0].ap = 4
	e.riderSacrifice(0)
	if e.c[0].ap != 4 || e.c[0].hp != 9 {
		t.Errorf("a second sacrifice in one turn: %d AP, %d HP", e.c[0].ap, e.c[0].hp)
	}
	place(8)
	e.riderSacrifice(0)
	if e.c[0].morale.riderUsed {
		t.Error("sacrificed with no enemy in reach")
	}
	place(0)
	e.c[0].hp = 1
	e.riderSacrifice(0)
	if e.c[0].morale.riderUsed || e.c[0].hp != 1 {
		t.Error("sacrificed its last HP")
	}

	// Sacrifice towards allies is not for itself (engine.sacrifice).
	ally := fighterWith(t, "paladin-2", profiles.Skill{Name: profiles.SkillSacrifice, Value: 1})
	e = battle(t, []*Fighter{ally}, []*Fighter{cut})
	place(0)
	e.riderSacrifice(0)
	e.sacrifice(0)
	if e.c[0].ap != 4 || e.c[0].hp != 10 {
		t.Errorf("Sacrifice 1 towards allies, alone: %d AP, %d HP; want 4, 10", e.c[0].ap, e.c[0].hp)
	}
}
