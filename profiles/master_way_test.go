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

// TestMasterOfAWayGrant checks that a granted Master esoteric is not taken for
// the holder's Master of one way (profiles/grants.go): the holder has both.
func TestMasterOfAWayGrant(t *testing.T) {
	data := okProfile + `  - {id: p2, name: Q, faction: kharns, level: 1, cost: 30, stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3},
     stature: 3, ap: 3, hp: 6, skills: {master: osteomancy}}
equipment:
  - {id: wand, name: Wand, kind: melee, cost: 5, hands: 1, grants: {master: esoteric}}
`
	ds, err := loadFiles(map[string]string{"a.yaml": data})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("p2")
	lo, err := ds.Equip(p, []string{"wand"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ways []Way
	for _, s := range lo.Holder(ds).Skills {
		if s.Name == SkillMaster {
			ways = append(ways, s.MasterWay())
		}
	}
	if len(ways) != 2 || ways[0] != Osteomancy || ways[1] != "" {
		t.Errorf("holder's Master ways %q, want [osteomancy, \"\"] (its own and the wand's esoteric)", ways)
	}
}

// TestHeroicSpecialistOfAWay decodes Heroic X and Specialist X whose X is a
// way of magic (skills.md #14 "Map ... a way name", #42 "a way name (1)"; seed
// 000 l.1632, l.1658; seed 004 l.1561, l.1579): esoteric, limited to that way,
// alone or in a list, apart from the same skill of the whole field.
func TestHeroicSpecialistOfAWay(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": okProfile +
		"    skills: {heroic: [defensive, Shamanism], specialist: [adansonia, esoteric]}\n"})
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		name string
		f    Field
		w    Way
	}
	var gs []got
	for _, s := range ds.Profiles[0].Skills {
		if s.Name == SkillHeroic || s.Name == SkillSpecialist {
			gs = append(gs, got{s.Name, s.Field, s.FieldWay()})
		}
		if s.MasterWay() != "" {
			t.Errorf("%s %s: MasterWay %q, want none on a skill that is no Master", s.Name, s.Text, s.MasterWay())
		}
	}
	want := []got{{SkillHeroic, Defensive, ""}, {SkillHeroic, Esoteric, Shamanism}, {SkillSpecialist, Esoteric, Adansonia}, {SkillSpecialist, Esoteric, ""}}
	if len(gs) != len(want) {
		t.Fatalf("skills %v, want %v", gs, want)
	}
	for i := range want {
		if gs[i] != want[i] {
			t.Errorf("skill[%d] = %v, want %v", i, gs[i], want[i])
		}
	}
}
