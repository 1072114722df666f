package catalog_test

import (
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/profiles/catalog"
)

// masters returns the Master skills of p as "field" or "way".
func masters(p *profiles.Profile) []string {
	var out []string
	for _, s := range p.Skills {
		if s.Name != profiles.SkillMaster {
			continue
		}
		if w := s.MasterWay(); w != "" {
			out = append(out, string(w))
			continue
		}
		out = append(out, string(s.Field))
	}
	return out
}

// TestImportMasterOfAWay checks skills.md #35 ("a way name (2: esoteric
// actions of that way)"; seed 000 l.1636) through the importer: the fixture's
// fangs-traqueuse-3, Master "ostéomancie", is written "master: osteomancy"
// (the esoteric actions of that way only, sim/magic_masterway.go), not Master
// esoteric, and no longer named not modelled; a mixed value "défense / Le sang
// et l'acier" gives Master defensive and Master blood-and-steel; Heroic of a
// way is written "heroic: osteomancy" (skills.md #14; TestImportHeroicSpecialistOfAWay).
func TestImportMasterOfAWay(t *testing.T) {
	c, err := catalog.ConvertFile("testdata/catalog-056.json")
	if err != nil {
		t.Fatal(err)
	}
	p, err := c.DataSet().Profile("fangs-traqueuse-3")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(masters(p), ","); got != "osteomancy" {
		t.Errorf("traqueuse: master %q, want osteomancy", got)
	}
	if nm := strings.Join(entry(t, c.Report, "fangs-traqueuse-3").NotModelled, "; "); strings.Contains(nm, "master") {
		t.Errorf("traqueuse not modelled %q: want no Master named", nm)
	}

	mixed := strings.Replace(string(hornCatalogue), `{"skillId": "maitre", "value": "coup de corne"}`,
		`{"skillId": "maitre", "value": "défense / Le sang et l'acier"}`, 1)
	mixed = strings.Replace(mixed, `{"skillId": "heroique", "value": "coup de corne"}`,
		`{"skillId": "heroique", "value": "ostéomancie"}`, 1)
	c, err = catalog.Convert("mixed.json", []byte(mixed))
	if err != nil {
		t.Fatal(err)
	}
	m, err := c.DataSet().Profile("cornu-maitre-2")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(masters(m), ","); got != "defensive,blood-and-steel" {
		t.Errorf("défense / Le sang et l'acier: master %q, want defensive,blood-and-steel", got)
	}
	h, err := c.DataSet().Profile("cornu-heros-2")
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := h.Skill(profiles.SkillHeroic); !ok || s.FieldWay() != profiles.Osteomancy {
		t.Errorf("heroic ostéomancie: %+v (%v), want esoteric of osteomancy only", s, ok)
	}
	if nm := entry(t, c.Report, "cornu-heros-2").NotModelled; len(nm) != 0 {
		t.Errorf("heroic ostéomancie: not modelled %q, want nothing", nm)
	}
}

// TestImportHeroicSpecialistOfAWay checks skills.md #14 and #42 (Heroic and
// Specialist X, "a way name (1)"; seed 000 l.1632, l.1658) through the
// importer: the fixture's tembos-colosse-2, Specialist "Adansonia", and
// guilde-noire-lame-2, Heroic "Le sang et l'acier", are written
// "specialist: adansonia" and "heroic: blood-and-steel" (the esoteric actions
// of that way only, sim/magic_masterway.go), not as every esoteric action, and
// both profiles are fully modelled.
func TestImportHeroicSpecialistOfAWay(t *testing.T) {
	c, err := catalog.ConvertFile("testdata/catalog-056.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		id, skill string
		way       profiles.Way
	}{
		{"tembos-colosse-2", profiles.SkillSpecialist, profiles.Adansonia},
		{"guilde-noire-lame-2", profiles.SkillHeroic, profiles.BloodAndSteel},
	} {
		p, err := c.DataSet().Profile(tc.id)
		if err != nil {
			t.Fatal(err)
		}
		var ways []profiles.Way
		for _, s := range p.Skills {
			if s.Name == tc.skill {
				if s.FieldWay() == "" {
					t.Errorf("%s: %s %s of its whole field, want of the way %s only", tc.id, tc.skill, s.Field, tc.way)
				}
				ways = append(ways, s.FieldWay())
			}
		}
		if len(ways) != 1 || ways[0] != tc.way {
			t.Errorf("%s: %s of the ways %v, want [%s]", tc.id, tc.skill, ways, tc.way)
		}
		if e := entry(t, c.Report, tc.id); e.Status != catalog.Modelled || len(e.NotModelled) != 0 {
			t.Errorf("%s: status %q, not modelled %q: want modelled", tc.id, e.Status, e.NotModelled)
		}
	}
}
