package profiles

import "testing"

// TestMasterOfAWay decodes Master X whose X is a way of magic (skills.md #35:
// "a way name (2: esoteric actions of that way)"; seed 000 l.1636): the skill
// is esoteric, limited to that way, and a list may join it to other fields.
func TestMasterOfAWay(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": okProfile +
		"    skills: {master: [defensive, Osteomancy, esoteric]}\n"})
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		f Field
		w Way
	}
	var gs []got
	for _, s := range ds.Profiles[0].Skills {
		if s.Name == SkillMaster {
			gs = append(gs, got{s.Field, s.MasterWay()})
		}
	}
	want := []got{{Defensive, ""}, {Esoteric, Osteomancy}, {Esoteric, ""}}
	if len(gs) != len(want) {
		t.Fatalf("master skills %v, want %v", gs, want)
	}
	for i := range want {
		if gs[i] != want[i] {
			t.Errorf("master[%d] = %v, want %v", i, gs[i], want[i])
		}
	}
}
