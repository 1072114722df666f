package profiles

import (
	"strings"
	"testing"
)

// TestHarassmentEveryMelee checks the mapping form of Harassment, the
// precision of a card whose Harassment extends to every 2 and 3 AP melee
// attack (skills.md #29, catalogue.md 3.2), and its errors, named by file,
// line and field.
func TestHarassmentEveryMelee(t *testing.T) {
	for _, c := range []struct {
		skills string
		every  bool
	}{{"{harassment: {every_melee_attack: true}}", true}, {"{harassment: {every_melee_attack: false}}", false}, {"{harassment: ~}", false}} {
		ds, err := loadFiles(map[string]string{"a.yaml": okProfile + "    skills: " + c.skills + "\n"})
		if err != nil {
			t.Fatal(err)
		}
		if s, ok := ds.Profiles[0].Skill(SkillHarassment); !ok || s.EveryMelee != c.every {
			t.Errorf("%s: harassment %+v %v, want every melee attack %v", c.skills, s, ok, c.every)
		}
	}
	for _, c := range []struct{ skills, want string }{
		{"{harassment: {every_melee_attack: 2}}", "skills.harassment.every_melee_attack: every_melee_attack takes true or false"},
		{"{harassment: {every_melee: true}}", `skills.harassment.every_melee: unknown field "every_melee"`},
	} {
		_, err := loadFiles(map[string]string{"a.yaml": okProfile + "    skills: " + c.skills + "\n"})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "a.yaml:") {
			t.Errorf("%s: %v, want %q with file and line", c.skills, err, c.want)
		}
	}
}
