package profiles

import (
	"strings"
	"testing"
)

// TestAmbushFirstAttack checks the mapping form of Ambush, the precision of
// an ambusher's card on its first attack after the reveal (skills.md #18,
// catalogue.md 3.2): "ambush: {first_attack: {threshold: 2, damage: 1}}",
// and its errors, named by file, line, field and allowed range.
func TestAmbushFirstAttack(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": okProfile +
		"    skills: {ambush: {first_attack: {threshold: 2, damage: 1}}}\n"})
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := ds.Profiles[0].Skill(SkillAmbush); !ok || s.FirstThreshold != 2 || s.FirstDamage != 1 {
		t.Errorf("ambush %+v %v, want first attack +2 threshold, +1 damage", s, ok)
	}
	ds, err = loadFiles(map[string]string{"a.yaml": okProfile + "    skills: {ambush: ~}\n"})
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := ds.Profiles[0].Skill(SkillAmbush); !ok || s.FirstThreshold != 0 || s.FirstDamage != 0 {
		t.Errorf("plain ambush %+v %v, want no bonus", s, ok)
	}
	for _, c := range []struct{ skills, want string }{
		{"{ambush: {first_attack: {threshold: 11}}}", "first_attack.threshold: threshold (added to the first attack's threshold) must be from 0 to 10"},
		{"{ambush: {first_attack: {damage: -1}}}", "first_attack.damage: damage (added to the first attack's damage) must be from 0 to 10"},
		{"{ambush: {first_attack: {treshold: 2}}}", `unknown field "treshold" (did you mean threshold?)`},
		{"{ambush: {first: 2}}", `unknown field "first"`},
		{"{ambush: {first_attack: 2}}", "first_attack"},
	} {
		_, err := loadFiles(map[string]string{"a.yaml": okProfile + "    skills: " + c.skills + "\n"})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "a.yaml:") {
			t.Errorf("%s: %v, want %q with file and line", c.skills, err, c.want)
		}
	}
}
