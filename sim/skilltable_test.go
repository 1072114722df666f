package sim

import (
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestSkillTableMatchesEngine checks the Engine column of the table of skills
// (profiles.Skills) against what this package reads: a skill the table says a
// single exchange plays is read by ReadSkills; any other keyword is left in
// Skills.Other; and the "not modelled" list of a duel names exactly the
// skills the table says are not modelled (magic named as such), never a
// played one, a list rule or one with no effect in a skirmish. Adding a
// skill to the engine means changing its row, and this test says so.
func TestSkillTableMatchesEngine(t *testing.T) {
	for _, s := range profiles.Skills() {
		if s.Name == "" {
			continue // a trait, not a keyword of the data format
		}
		sk := profiles.Skill{Name: s.Name}
		switch s.Value {
		case profiles.SkillNumber:
			sk.Value = 1
		case profiles.SkillField:
			sk.Field = profiles.Offensive
		case profiles.SkillToises:
			sk.Toises, sk.Value = 1, 1
		case profiles.SkillText:
			sk.Text = "bleeding"
		}
		p := &profiles.Profile{ID: "p", Skills: []profiles.Skill{sk}}
		read := ReadSkills(p)
		inOther := len(read.Other) == 1
		if s.Engine == profiles.PlayedExchange && inOther {
			t.Errorf("%s: the table says a single exchange plays it, ReadSkills leaves it in Other", s.Name)
		}
		if s.Engine != profiles.PlayedExchange && !inOther {
			t.Errorf("%s: ReadSkills reads it for an exchange, the table says %v", s.Name, s.Engine)
		}
		nm := notModelled([]*Fighter{{Profile: p, Skills: read}}, "duel")
		listed := len(nm) > 0 && strings.HasPrefix(nm[0], s.Name)
		switch s.Engine {
		case profiles.NotModelled:
			if !listed {
				t.Errorf("%s: not modelled in the table, missing from a duel's not-modelled list %v", s.Name, nm)
			}
		case profiles.MagicOnly:
			// Played by casts and spell defences (sim/magic_fight.go): a way
			// without spells says the Safar casts nothing, not the skill.
			if listed {
				t.Errorf("%s: magic in the table, played by casts, yet a duel lists it: %v", s.Name, nm)
			}
		default:
			if listed && !strings.Contains(nm[0], "never used by") {
				t.Errorf("%s: %v in the table, a duel says not modelled: %v", s.Name, s.Engine, nm)
			}
		}
	}
}
