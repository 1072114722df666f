package profiles

import (
	"strings"
	"testing"
	"testing/fstest"
)

// smallProfile carries the card-rule fields of skills.md section 3, patterns
// S (support), J and K (generic_actions); invented names and numbers.
const smallProfile = `profiles:
  - id: invented-shieldmate-2
    name: Invented shieldmate
    faction: gouns
    level: 2
    cost: 40
    stats: {V: 3, P: 3, A: 3, C: 3, T: 6, I: 4}
    stature: 3
    ap: 5
    hp: 20
    support: {bonus: 3, cancels_enemy: true, own_faction: true}
    generic_actions:
      detect: automatic_once_per_activation
      negotiate: no_critical_failure
      devour: double_and_seek
      loot: true
`

// TestSmallPatternFields checks that support and generic_actions (skills.md
// section 3, patterns S, J and K) are read, and that a mistake is an error
// naming the file, line, field and the rule.
func TestSmallPatternFields(t *testing.T) {
	ds, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(smallProfile)}}, "a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("invented-shieldmate-2")
	if s := p.Support; s == nil || s.Bonus != 3 || !s.CancelsEnemy || !s.OwnFaction {
		t.Errorf("support %+v", s)
	}
	g := p.GenericActions
	if g == nil || g.Detect != DetectOncePerActivation || g.Negotiate != NegotiateNoCritical || !g.DevourDouble || !g.DevourSeek || !g.Loot {
		t.Errorf("generic actions %+v", g)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"bonus: 3", "bonus: 12", "a.yaml:11:22: profiles[invented-shieldmate-2].support.bonus: bonus must be from 1 to 9"},
		{"{bonus: 3, cancels_enemy: true, own_faction: true}", "{bonus: 1}", "support: changes nothing from R8's +1 per supporter"},
		{"cancels_enemy", "cancel_enemy", `support.cancel_enemy: unknown field "cancel_enemy" (did you mean cancels_enemy?)`},
		{"detect: automatic_once_per_activation", "detect: sometimes", `a.yaml:13:15: profiles[invented-shieldmate-2].generic_actions.detect: unknown detect rule "sometimes"`},
		{"negotiate: no_critical_failure", "negotiate: true", "generic_actions.negotiate"},
		{"devour: double_and_seek", "devour: triple", `generic_actions.devour: unknown devour rule "triple"`},
		{"loot: true", "loot: yes please", "generic_actions.loot"},
		{"loot: true", "steal: true", `generic_actions.steal: unknown field "steal"`},
	} {
		bad := strings.Replace(smallProfile, tc.from, tc.to, 1)
		_, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(bad)}}, "a.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
	empty := strings.Replace(smallProfile, "    generic_actions:\n      detect: automatic_once_per_activation\n      negotiate: no_critical_failure\n      devour: double_and_seek\n      loot: true\n", "    generic_actions: {}\n", 1)
	if _, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(empty)}}, "a.yaml"); err == nil || !strings.Contains(err.Error(), "generic_actions: gives nothing") {
		t.Errorf("empty generic_actions: error %v", err)
	}
}

// TestMountMoraleAura checks that a mount's morale_auras (skills.md section
// 3, C3: a Mochère mount's +2 or +3 T for the rider's people in the rider's
// aura) go to the mounted Safar's profile after its rider's, and only while
// it rides: the rider's own card is unchanged. A mistake is positioned.
func TestMountMoraleAura(t *testing.T) {
	rider := sub(beastProfile, "stats: {V: 4, P: ~, A: ~, C: ~, T: ~, I: ~}", "stats: {V: 4, P: 3, A: 3, C: 3, T: 3, I: 3}")
	mount := "mounts:\n  - {id: mochere-2, name: Mochere, kind: mochere, level: 1, cost: 30, factions: [kharns],\n" +
		"     morale_auras: [{to: {factions: [kharns]}, temerity: 3}]}\n"
	ds, err := loadFiles(map[string]string{"a.yaml": rider, "m.yaml": mount})
	if err != nil {
		t.Fatal(err)
	}
	p, err := ds.Profile("p1" + MountedSep + "mochere-2")
	if err != nil {
		t.Fatal(err)
	}
	if a := p.MoraleAuras; len(a) != 1 || a[0].Temerity != 3 || a[0].To.Factions[0] != Kharns {
		t.Errorf("mounted morale auras %+v, want the mount's +3 T to the kharns", a)
	}
	if r, _ := ds.Profile("p1"); len(r.MoraleAuras) != 0 {
		t.Errorf("the rider's own card changed: %+v", r.MoraleAuras)
	}
	bad := strings.Replace(mount, "temerity: 3", "temerity: 0", 1)
	if _, err := loadFiles(map[string]string{"a.yaml": rider, "m.yaml": bad}); err == nil || !strings.Contains(err.Error(), "m.yaml:3:") ||
		!strings.Contains(err.Error(), "mounts[mochere-2].morale_auras[0].temerity: temerity must be from 1 to 9") {
		t.Errorf("temerity 0 on a mount: error %v", err)
	}
}

// conditionalProfile carries pattern M's fields (skills.md section 3):
// conditional_skills, copies_skill, immunity_way, marks_ally.
const conditionalProfile = `profiles:
  - id: invented-sister-2
    name: Invented sister
    faction: affranchis
    level: 2
    cost: 40
    stats: {V: 3, P: 3, A: 3, C: 3, T: 6, I: 4}
    stature: 3
    ap: 5
    hp: 20
    conditional_skills:
      - {skills: {unshakeable faith: ~}, while_in_play: {profiles: [invented-twin]}}
      - {skills: {stealth: 3}, fielded_by: affranchis}
    copies_skill: {from: all, skill: brutality}
    immunity_way: choose
    marks_ally: {to: {levels: [1, 2]}, skills: {heroic: defensive}, mastery_field: defensive}
`

// TestConditionalFields checks that pattern M's fields are read, and that a
// mistake is an error naming the file, line, field and the rule.
func TestConditionalFields(t *testing.T) {
	ds, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(conditionalProfile)}}, "a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("invented-sister-2")
	c := p.ConditionalSkills
	if len(c) != 2 || c[0].WhileInPlay == nil || c[0].WhileInPlay.Profiles[0] != "invented-twin" || c[0].Skills[0].Name != SkillUnshakeableFaith ||
		c[1].FieldedBy != Affranchis || c[1].Skills[0].Name != SkillStealth || c[1].Skills[0].Value != 3 {
		t.Errorf("conditional skills %+v", c)
	}
	if cp := p.CopiesSkill; cp == nil || !cp.From.All || cp.Skill != SkillBrutality {
		t.Errorf("copies skill %+v", cp)
	}
	if p.ImmunityWay != ImmunityChoose {
		t.Errorf("immunity way %q", p.ImmunityWay)
	}
	if m := p.MarksAlly; m == nil || len(m.To.Levels) != 2 || m.Skills[0].Name != SkillHeroic || m.Skills[0].Field != Defensive || m.MasteryField != Defensive {
		t.Errorf("marks ally %+v", m)
	}
	for _, tc := range []struct{ from, to, want string }{
		{"fielded_by: affranchis}", "fielded_by: pirates}", `a.yaml:13:44: profiles[invented-sister-2].conditional_skills[1].fielded_by: unknown faction "pirates"`},
		{"fielded_by: affranchis}", "}", "conditional_skills[1]: wants one condition: while_in_play (a selector) or fielded_by (a faction)"},
		{"while_in_play: {profiles: [invented-twin]}}", "while_in_play: all, fielded_by: kharns}", "conditional_skills[0]: wants one condition"},
		{"{unshakeable faith: ~}, while", "{ambush: ~}, while", `conditional_skills[0].skills: "ambush" cannot hold only while another Safar is in play`},
		{"skill: brutality}", "skill: flying}", `copies_skill.skill: unknown skill "flying"`},
		{"{from: all, skill: brutality}", "{skill: brutality}", `copies_skill: missing field "from"`},
		{"immunity_way: choose", "immunity_way: necromancy", `a.yaml:15:19: profiles[invented-sister-2].immunity_way: unknown way "necromancy"`},
		{"mastery_field: defensive}", "mastery_field: sideways}", `marks_ally.mastery_field: unknown mastery field "sideways"`},
		{", skills: {heroic: defensive}, mastery_field: defensive}", "}", "marks_ally: gives nothing: want skills or mastery_field"},
	} {
		bad := strings.Replace(conditionalProfile, tc.from, tc.to, 1)
		_, err := LoadFS(fstest.MapFS{"a.yaml": {Data: []byte(bad)}}, "a.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want %q", tc.from, tc.to, err, tc.want)
		}
	}
}
