package profiles

import (
	"strings"
	"testing"
)

// TestBiteHeals checks the mapping form of Bite, the precision of a card
// whose Bite heals as much HP as it deals (skills.md #7, catalogue.md 3.2),
// and its errors, named by file, line and field.
func TestBiteHeals(t *testing.T) {
	for _, c := range []struct {
		skills string
		heals  bool
	}{{"{bite: {heals: true}}", true}, {"{bite: {heals: false}}", false}, {"{bite: ~}", false}} {
		ds, err := loadFiles(map[string]string{"a.yaml": okProfile + "    skills: " + c.skills + "\n"})
		if err != nil {
			t.Fatal(err)
		}
		if s, ok := ds.Profiles[0].Skill(SkillBite); !ok || s.Heals != c.heals {
			t.Errorf("%s: bite %+v %v, want heals %v", c.skills, s, ok, c.heals)
		}
	}
	for _, c := range []struct{ skills, want string }{
		{"{bite: {heals: 2}}", "skills.bite.heals: heals takes true or false"},
		{"{bite: {heal: true}}", `skills.bite.heal: unknown field "heal" (did you mean heals?)`},
	} {
		_, err := loadFiles(map[string]string{"a.yaml": okProfile + "    skills: " + c.skills + "\n"})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "a.yaml:") {
			t.Errorf("%s: %v, want %q with file and line", c.skills, err, c.want)
		}
	}
}
