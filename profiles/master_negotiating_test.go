package profiles

import "testing"

// TestMasterNegotiating decodes "master: negotiating", the Master of one
// generic action, Convincing/negotiating (skills.md #35: "one value naming a
// single generic action"; seed 000 l.1131-1135): no field, the action named,
// beside a Master of a field.
func TestMasterNegotiating(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": okProfile +
		"    skills: {master: [defensive, Negotiating]}\n"})
	if err != nil {
		t.Fatal(err)
	}
	var got []Skill
	for _, s := range ds.Profiles[0].Skills {
		if s.Name == SkillMaster {
			got = append(got, s)
		}
	}
	if len(got) != 2 || got[0].Field != Defensive || got[1].Field != "" || got[1].Text != MasterNegotiating {
		t.Errorf("master skills %+v, want defensive and negotiating", got)
	}
}
