package profiles

import (
	"strings"
	"testing"
)

// TestLoadoutHolderGrants: a weapon a list gives a Safar grants it the
// skills of its grant-skill effects (catalogue.md 3.8 "grant-skill", the
// weapons of section 4.6 that grant Executioner, Brutality, Duellist): a
// holder without the skill takes it as written, one with it takes the
// increment ("Brutalité +1", incrementIfPresent) or keeps the higher value.
func TestLoadoutHolderGrants(t *testing.T) {
	data := okProfile + `  - {id: p2, name: Q, faction: kharns, level: 1, cost: 30, stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3},
     stature: 3, ap: 3, hp: 6, skills: {brutality: 2, duellist: 4}}
equipment:
  - {id: mace, name: Mace, kind: melee, cost: 5, hands: 1, grants: {brutality: 1}, grants_increment: {brutality: 1}}
  - {id: rapier, name: Rapier, kind: melee, cost: 5, hands: 1, grants: {duellist: 3}}
  - {id: axe, name: Axe, kind: melee, cost: 5, hands: 2, grants: {executioner: ~}}
`
	ds, err := loadFiles(map[string]string{"a.yaml": data})
	if err != nil {
		t.Fatal(err)
	}
	value := func(p *Profile, name string) (int, bool) {
		s, ok := p.Skill(name)
		return s.Value, ok
	}
	for _, tc := range []struct {
		profile, item, skill string
		want                 int
	}{
		{"p1", "mace", SkillBrutality, 1},  // lacks it: as written
		{"p2", "mace", SkillBrutality, 3},  // has 2: +1
		{"p1", "rapier", SkillDuellist, 3}, // lacks it
		{"p2", "rapier", SkillDuellist, 4}, // has 4: keeps the higher
		{"p1", "axe", SkillExecutioner, 0}, // a flag
	} {
		p, _ := ds.Profile(tc.profile)
		lo, err := ds.Equip(p, []string{tc.item}, nil)
		if err != nil {
			t.Fatal(err)
		}
		h := lo.Holder(ds)
		if got, ok := value(h, tc.skill); !ok || got != tc.want {
			t.Errorf("%s with %s: %s %d (present %t), want %d", tc.profile, tc.item, tc.skill, got, ok, tc.want)
		}
		if _, ok := p.Skill(tc.skill); ok != (tc.profile == "p2") {
			t.Errorf("%s: the card's own skills changed", tc.profile)
		}
	}
	p, _ := ds.Profile("p1")
	if lo, _ := ds.Equip(p, nil, nil); lo.Holder(ds) != p {
		t.Errorf("a loadout with no granting item: Holder is not the profile itself")
	}
	_, err = loadFiles(map[string]string{"a.yaml": kindOf("shield") + "    boxes: 3\n    grants: {executioner: ~}\n"})
	if err == nil || !strings.Contains(err.Error(), `field "grants" does not apply to a shield`) {
		t.Errorf("grants on a shield: %v", err)
	}
}
