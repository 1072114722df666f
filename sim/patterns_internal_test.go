package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// TestAuraGrantLevels checks the sub-case of pattern D of skills.md section 3
// that names its allies by level: "Heroic defence for level-I allies in its
// aura" (an aura grant to {levels: [1]}, catalogue.md 3.6 levels[]; the aura
// is I toises from the centre of the card's base, seed 000 l.585-593). In the
// prince's aura (I 5) the level-1 guard defends with Heroic defence, the
// level-2 Mongo beside it does not, and out of the aura the guard does not
// either. The fixture is invented (default data profiles with a grant added).
func TestAuraGrantLevels(t *testing.T) {
	heroicDef := []profiles.AuraGrant{{
		Skills: []profiles.Skill{{Name: profiles.SkillHeroic, Field: profiles.Defensive}},
		To:     profiles.Selector{Levels: []int{1}},
	}}
	prince := auraCard(t, "prince-3", heroicDef)
	guard := auraCard(t, "crown-guard-1", nil)   // level 1
	mongo := auraCard(t, "mongo-warrior-2", nil) // level 2
	enemy := auraCard(t, "kherops-warrior-1", nil)
	def := fieldBit(profiles.Defensive)
	for _, f := range []*Fighter{guard, mongo} {
		if f.Skills.Heroic&def != 0 {
			t.Fatalf("%s prints Heroic defence: no fixture", f.Profile.ID)
		}
	}
	e := battle(t, []*Fighter{prince, guard, mongo}, []*Fighter{enemy})
	e.c[0].pos = field.Vec{X: 3, Y: 7.5}
	e.c[2].pos = field.Vec{X: 4.5, Y: 9} // about 2.1 toises: in the aura
	e.c[3].pos = field.Vec{X: 14, Y: 14}
	for _, c := range []struct {
		x     float64
		guard bool
		what  string
	}{
		{4.5, true, "1.5 toises: in the aura"},
		{8.2, false, "5.2 toises: out of the aura (I 5)"},
	} {
		e.c[1].pos = field.Vec{X: c.x, Y: 7.5}
		e.refreshAuras()
		if got := e.c[1].f.Skills.Heroic&def != 0; got != c.guard {
			t.Errorf("%s: the level-1 guard has Heroic defence %v, want %v", c.what, got, c.guard)
		}
		if e.c[2].f.Skills.Heroic&def != 0 {
			t.Errorf("%s: the level-2 Mongo in the aura has Heroic defence (the grant names level I only)", c.what)
		}
		if e.c[0].f.Skills.Heroic&def != 0 {
			t.Errorf("%s: the prince has its own grant", c.what)
		}
	}
}
