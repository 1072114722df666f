package profiles

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

// okProfile is a valid profile in a list file; its lines are numbered 1-10, so a
// field appended to it is on line 11, column 5.
const okProfile = `profiles:
  - id: p1
    name: P
    faction: kharns
    level: 1
    cost: 30
    stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}
    stature: 3
    ap: 3
    hp: 6
`

// okWeapon is a valid melee weapon in a list file; a field appended to it is on
// line 7, column 5.
const okWeapon = `equipment:
  - id: e1
    name: E
    kind: melee
    cost: 5
    hands: 1
`

// kindOf returns okWeapon turned into an item of kind k with no hands field.
func kindOf(k string) string {
	return strings.Replace(strings.Replace(okWeapon, "kind: melee", "kind: "+k, 1), "    hands: 1\n", "", 1)
}

// sub returns s with old replaced by new once.
func sub(s, old, new string) string { return strings.Replace(s, old, new, 1) }

// loadFiles loads the given files, named as in a directory "d", through LoadFS.
func loadFiles(files map[string]string) (*DataSet, error) {
	fsys := fstest.MapFS{}
	for name, data := range files {
		fsys["d/"+name] = &fstest.MapFile{Data: []byte(data)}
	}
	return LoadFS(fsys, "d")
}

// validationTests are the problems a designer can make, each with the messages it
// must produce; FuzzLoad starts from their files too.
var validationTests = []struct {
	name  string
	files map[string]string
	want  []string
}{
	{
		name:  "unknown profile field",
		files: map[string]string{"a.yaml": okProfile + "    skils: {}\n"},
		want:  []string{`d/a.yaml:11:5: profiles[p1].skils: unknown field "skils" (did you mean skills?)`},
	},
	{
		name:  "unknown equipment field",
		files: map[string]string{"a.yaml": okWeapon + "    reech: 1\n"},
		want:  []string{`d/a.yaml:7:5: equipment[e1].reech: unknown field "reech" (did you mean reach?)`},
	},
	{
		name:  "reach beyond 3 toises",
		files: map[string]string{"a.yaml": okWeapon + "    reach: 3.5\n"},
		want:  []string{`d/a.yaml:7:12: equipment[e1].reach: reach must be 1, 1.5, 2, 2.5 or 3 toises, got 3.5`},
	},
	{
		name:  "reach not in half toises",
		files: map[string]string{"a.yaml": okWeapon + "    reach: 1.2\n"},
		want:  []string{`d/a.yaml:7:12: equipment[e1].reach: reach must be 1, 1.5, 2, 2.5 or 3 toises, got 1.2`},
	},
	{
		// A reach in defence only (seed 004 lines 1508-1510), the same
		// values as reach.
		name:  "defence reach beyond 3 toises",
		files: map[string]string{"a.yaml": okWeapon + "    defence_reach: 3.5\n"},
		want:  []string{`d/a.yaml:7:20: equipment[e1].defence_reach: defence_reach must be 1, 1.5, 2, 2.5 or 3 toises, got 3.5`},
	},
	{
		name:  "defence reach not longer than the reach",
		files: map[string]string{"a.yaml": okWeapon + "    reach: 2\n    defence_reach: 1.5\n"},
		want:  []string{`d/a.yaml:8:5: equipment[e1].defence_reach: defence_reach 1.5 must be longer than the weapon's reach 2 (a reach in defence only adds to it)`},
	},
	{
		name:  "defence reach on a ranged weapon",
		files: map[string]string{"a.yaml": kindOf("ranged") + "    range: 3/6\n    defence_reach: 2\n"},
		want:  []string{`d/a.yaml:7:5: equipment[e1].defence_reach: field "defence_reach" does not apply to a ranged weapon (it is for melee weapons)`},
	},
	{
		name:  "field skill listed twice with one field",
		files: map[string]string{"a.yaml": okProfile + "    skills: {master: [defensive, defensive]}\n"},
		want:  []string{`d/a.yaml:11:34: profiles[p1].skills.master[1]: skill master given twice with defensive`},
	},
	{
		// profiles/master_way.go: a way names the esoteric actions of that
		// way, on Master only (skills.md #35).
		name:  "master of a way misspelt",
		files: map[string]string{"a.yaml": okProfile + "    skills: {master: osteomancie}\n"},
		want:  []string{`d/a.yaml:11:22: profiles[p1].skills.master: unknown mastery field "osteomancie" (did you mean osteomancy?) (want offensive, defensive, shooting, objective, esoteric, or a way of magic for the esoteric actions of that way only: osteomancy, shamanism, blood-and-steel, sacrifice, adansonia)`},
	},
	{
		// profiles/master_way.go: Heroic and Specialist of a way too
		// (skills.md #14, #42).
		name:  "heroic of a way misspelt",
		files: map[string]string{"a.yaml": okProfile + "    skills: {heroic: shamanisme}\n"},
		want:  []string{`d/a.yaml:11:22: profiles[p1].skills.heroic: unknown mastery field "shamanisme" (did you mean shamanism?) (want offensive, defensive, shooting, objective, esoteric, or a way of magic for the esoteric actions of that way only: osteomancy, shamanism, blood-and-steel, sacrifice, adansonia)`},
	},
	{
		name:  "specialist of a way misspelt in a list",
		files: map[string]string{"a.yaml": okProfile + "    skills: {specialist: [shooting, adansonai]}\n"},
		want:  []string{`d/a.yaml:11:37: profiles[p1].skills.specialist[1]: unknown mastery field "adansonai" (did you mean adansonia?) (want offensive, defensive, shooting, objective, esoteric, or a way of magic for the esoteric actions of that way only: osteomancy, shamanism, blood-and-steel, sacrifice, adansonia)`},
	},
	{
		name:  "field skill with an empty list",
		files: map[string]string{"a.yaml": okProfile + "    skills: {master: []}\n"},
		want:  []string{`d/a.yaml:11:22: profiles[p1].skills.master: skill master takes at least one mastery field`},
	},
	{
		name:  "optional number that is not a number",
		files: map[string]string{"a.yaml": okProfile + "    skills: {authority: two}\n"},
		want:  []string{`d/a.yaml:11:25: profiles[p1].skills.authority: skill authority takes ~ or a whole number (e.g. authority: 1), got "two"`},
	},
	{
		name:  "unknown top-level field",
		files: map[string]string{"a.yaml": okProfile + "profile: []\n"},
		want:  []string{`d/a.yaml:11:1: profile: unknown field "profile" (did you mean profiles?)`},
	},
	{
		name:  "wrong type",
		files: map[string]string{"a.yaml": sub(okProfile, "cost: 30", "cost: ten")},
		want:  []string{`d/a.yaml:6:11: profiles[p1].cost: want a whole number, got "ten"`},
	},
	{
		name:  "wrong type in stats",
		files: map[string]string{"a.yaml": sub(okProfile, "V: 3", "V: [3]")},
		want:  []string{`d/a.yaml:7:16: profiles[p1].stats.V: want a whole number, got a list`},
	},
	{
		// Levels run from 1 to 3 (English seed 000 lines 299-319).
		name:  "level 4",
		files: map[string]string{"a.yaml": sub(okProfile, "level: 1", "level: 4")},
		want:  []string{`d/a.yaml:5:12: profiles[p1].level: level must be 1, 2 or 3, got 4`},
	},
	{
		// "a stature scale with 7 steps from 0 to 6" (English seed 000 line 379).
		name:  "stature 9",
		files: map[string]string{"a.yaml": sub(okProfile, "stature: 3", "stature: 9")},
		want:  []string{`d/a.yaml:8:14: profiles[p1].stature: stature must be from 0 to 6, got 9`},
	},
	{
		name: "negative costs",
		files: map[string]string{
			"a.yaml": sub(okProfile, "cost: 30", "cost: -5"),
			"b.yaml": sub(okWeapon, "cost: 5", "cost: -1"),
		},
		want: []string{
			`d/a.yaml:6:11: profiles[p1].cost: cost must not be negative, got -5`,
			`d/b.yaml:5:11: equipment[e1].cost: cost must not be negative, got -1`,
		},
	},
	{
		name:  "negative ap and hp",
		files: map[string]string{"a.yaml": sub(sub(okProfile, "ap: 3", "ap: -1"), "hp: 6", "hp: -2")},
		want: []string{
			`d/a.yaml:9:9: profiles[p1].ap: ap must be from 1 to 99, got -1`,
			`d/a.yaml:10:9: profiles[p1].hp: hp must be from 1 to 999, got -2`,
		},
	},
	{
		name:  "missing fields",
		files: map[string]string{"a.yaml": sub(sub(okProfile, "    ap: 3\n", ""), "    stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}\n", "    stats: {V: 3, P: 3}\n")},
		want: []string{
			`d/a.yaml:2:5: profiles[p1]: missing field "ap"`,
			`d/a.yaml:7:12: profiles[p1].stats: missing characteristic A, C, T, I`,
		},
	},
	{
		// The five mastery fields (English seed 000 lines 337-347).
		name:  "unknown mastery field",
		files: map[string]string{"a.yaml": okProfile + "    mastery:\n      - [offensive, defensiv]\n"},
		want:  []string{`d/a.yaml:12:21: profiles[p1].mastery[0][1]: unknown mastery field "defensiv" (did you mean defensive?) (want offensive, defensive, shooting, objective, esoteric)`},
	},
	{
		// The skills list (English seed 000 lines 1572-1672).
		name:  "unknown skill",
		files: map[string]string{"a.yaml": okProfile + "    skills: {brutalty: 1}\n"},
		want:  []string{`d/a.yaml:11:14: profiles[p1].skills.brutalty: unknown skill "brutalty" (did you mean brutality, bulky?)`},
	},
	{
		// Heroic X takes a field, Brutality X a number, Endurance nothing
		// (English seed 000 lines 1632, 1616, 1622).
		name:  "skill values of the wrong kind",
		files: map[string]string{"a.yaml": okProfile + "    skills: {heroic: 2, brutality: offensive, endurance: 3}\n"},
		want: []string{
			`d/a.yaml:11:22: profiles[p1].skills.heroic: skill heroic takes a mastery field (e.g. heroic: offensive), got the number 2`,
			`d/a.yaml:11:36: profiles[p1].skills.brutality: skill brutality takes a whole number (e.g. brutality: 1), got "offensive"`,
			`d/a.yaml:11:58: profiles[p1].skills.endurance: skill endurance takes no value, got the number 3 (write endurance: ~)`,
		},
	},
	{
		name: "unknown equipment id",
		files: map[string]string{
			"a.yaml": okProfile + "    equipment: [mkukki]\n",
			"b.yaml": sub(okWeapon, "id: e1", "id: mkuki"),
		},
		want: []string{`d/a.yaml:11:17: profiles[p1].equipment[0]: unknown equipment "mkukki" (did you mean mkuki?)`},
	},
	{
		name: "duplicate ids across files",
		files: map[string]string{
			"a.yaml": okProfile + okWeapon,
			"b.yaml": okProfile + okWeapon,
		},
		want: []string{
			`d/b.yaml:2:9: profiles[p1].id: duplicate profile id "p1" (first defined at d/a.yaml:2:9)`,
			`d/b.yaml:12:9: equipment[e1].id: duplicate equipment id "e1" (first defined at d/a.yaml:12:9)`,
		},
	},
	{
		name:  "id not kebab-case",
		files: map[string]string{"a.yaml": sub(okProfile, "id: p1", "id: Paladin_2")},
		want:  []string{`d/a.yaml:2:9: profiles[0].id: id "Paladin_2" is not lower-case kebab-case (a-z, 0-9 and single hyphens)`},
	},
	{
		// Dice have 5 or 10 sides: 1D5 and 1D10 (R1).
		name:  "bad dice expression",
		files: map[string]string{"a.yaml": okWeapon + "    fixed_damage: 1D6\n"},
		want:  []string{`d/a.yaml:7:19: equipment[e1].fixed_damage: bad dice expression "1D6": dice have 5 or 10 sides (want e.g. 3, 1D5, 2D5+3, 1D10-2)`},
	},
	{
		// An attack costs 1, 2 or 3 AP (R7).
		name:  "attack_ap with no attack cost",
		files: map[string]string{"a.yaml": okWeapon + "    attack_ap: [4]\n"},
		want:  []string{`d/a.yaml:7:5: equipment[e1].attack_ap: attack_ap [4] leaves no allowed attack (an attack costs 1, 2 or 3 AP; leave attack_ap out to allow all)`},
	},
	{
		// R7: 3 AP engage three characteristics, none more than twice.
		name:  "attack_ap impossible with the characteristics left",
		files: map[string]string{"a.yaml": okWeapon + "    attack_ap: [3]\n    no_attack_with: [V, P, A]\n"},
		want:  []string{`d/a.yaml:7:5: equipment[e1].attack_ap: attack_ap [3] leaves no allowed attack: with only C to engage, an attack costs at most 2 AP (R7: no characteristic more than twice in one action)`},
	},
	{
		// Melee attacks engage V, P, A or C (R7).
		name:  "no_attack_with every characteristic",
		files: map[string]string{"a.yaml": okWeapon + "    no_attack_with: [V, P, A, C]\n"},
		want:  []string{`d/a.yaml:7:5: equipment[e1].no_attack_with: no_attack_with excludes every characteristic a melee attack can engage (V, P, A, C): it cannot attack`},
	},
	{
		name:  "no_attack_with a characteristic attacks never use",
		files: map[string]string{"a.yaml": okWeapon + "    no_attack_with: [T]\n"},
		want:  []string{`d/a.yaml:7:22: equipment[e1].no_attack_with[0]: T is never used to attack here (only V, P, A, C are)`},
	},
	{
		// The critical range ends at 10 (R2).
		name:  "critical_from outside 2..10",
		files: map[string]string{"a.yaml": okWeapon + "    critical_from: 11\n"},
		want:  []string{`d/a.yaml:7:20: equipment[e1].critical_from: critical_from must be from 2 to 10 (the critical range ends at 10), got 11`},
	},
	{
		name:  "critical and critical_from",
		files: map[string]string{"a.yaml": okWeapon + "    critical: 9-10\n    critical_from: 9\n"},
		want:  []string{`d/a.yaml:8:5: equipment[e1].critical_from: give critical or critical_from, not both`},
	},
	{
		// Short range ends where the effective range starts (French seed 004 line 934).
		name:  "range with short beyond long",
		files: map[string]string{"a.yaml": kindOf("ranged") + "    range: {short: 6, long: 3}\n"},
		want:  []string{`d/a.yaml:6:12: equipment[e1].range: short range 6 is beyond long range 3`},
	},
	{
		// Armour rolls one d10 against the threshold (R12).
		name:  "armour threshold outside 1..10",
		files: map[string]string{"a.yaml": kindOf("armour") + "    protection: -1/11/-2\n    boxes: 5\n"},
		want:  []string{`d/a.yaml:6:17: equipment[e1].protection: armour threshold 11 is outside 1..10 (a d10 roll)`},
	},
	{
		// A rate goes with a reloading cost (English seed 000 lines 1773-1779).
		name:  "rate without reload_ap",
		files: map[string]string{"a.yaml": kindOf("ranged") + "    range: 3/6\n    rate: 2\n"},
		want:  []string{`d/a.yaml:7:5: equipment[e1].rate: a rate needs a reload_ap (the AP to reload once the rate is spent)`},
	},
	{
		name:  "ammunition and rate",
		files: map[string]string{"a.yaml": kindOf("ranged") + "    range: 3/6\n    rate: 2\n    reload_ap: 1\n    ammunition: 5\n"},
		want:  []string{`d/a.yaml:9:5: equipment[e1].ammunition: a weapon with a rate and a reloading cost has unlimited ammunition: give ammunition or rate, not both`},
	},
	{
		// A weapon held in one hand or both (skills.md #21).
		name:  "hands 1-2 on a ranged weapon",
		files: map[string]string{"a.yaml": sub(kindOf("ranged"), "cost: 5\n", "cost: 5\n    hands: 1-2\n") + "    range: 3/6\n"},
		want:  []string{`d/a.yaml:6:12: equipment[e1].hands: hands 1-2 (one hand or both) is for melee weapons`},
	},
	{
		// Master archer's bows are the weapons that shoot arrows (skills.md #47).
		name:  "munition not a kind of ammunition",
		files: map[string]string{"a.yaml": kindOf("ranged") + "    range: 3/6\n    munition: pebbles\n"},
		want:  []string{`d/a.yaml:7:15: equipment[e1].munition: munition must be one of arrows, bolts, darts, stones, got "pebbles"`},
	},
	{
		name:  "munition on a melee weapon",
		files: map[string]string{"a.yaml": okWeapon + "    munition: arrows\n"},
		want:  []string{`d/a.yaml:7:5: equipment[e1].munition: field "munition" does not apply to a melee weapon (it is for ranged weapons)`},
	},
	{
		name:  "melee-only effect on a shield",
		files: map[string]string{"a.yaml": kindOf("shield") + "    boxes: 3\n    reach: 1\n"},
		want:  []string{`d/a.yaml:7:5: equipment[e1].reach: field "reach" does not apply to a shield (a shield takes only defence_bonus, boxes and no_cf_defence)`},
	},
	{
		// "an" before a vowel (issue #10 item 13).
		name:  "melee-only effect on an armour",
		files: map[string]string{"a.yaml": kindOf("armour") + "    protection: 1/5/1\n    boxes: 3\n    reach: 1\n"},
		want:  []string{`d/a.yaml:8:5: equipment[e1].reach: field "reach" does not apply to an armour (an armour takes only protection, boxes, velocity_malus, malus_max_c, heavy_threshold, stacks_with_armour, metal_or_stone and natural)`},
	},
	{
		// Melee weapons act within their range area; only thrown ones shoot
		// (English seed 000 line 1736).
		name:  "range on a melee weapon that is not thrown",
		files: map[string]string{"a.yaml": okWeapon + "    range: 3/6\n"},
		want:  []string{`d/a.yaml:7:5: equipment[e1].range: a range on a melee weapon needs thrown: true (or a reach)`},
	},
	{
		name:  "ranged weapon without range",
		files: map[string]string{"a.yaml": kindOf("ranged")},
		want:  []string{`d/a.yaml:4:5: equipment[e1]: a ranged weapon needs a range`},
	},
	{
		// LIM X, U or P (English seed 000 lines 414-428).
		name:  "bad limitation",
		files: map[string]string{"a.yaml": okProfile + "    limitation: X0\n"},
		want:  []string{`d/a.yaml:11:17: profiles[p1].limitation: limitation "X0" is not X<n> (n >= 1), U or P`},
	},
	{
		// "a miniature can only hold one two-handed weapon or two single-handed
		// weapons (or shield) unless it has the exceptional skill" (English seed
		// 000 line 1718).
		name: "two-handed weapon and shield without exceptional",
		files: map[string]string{
			"a.yaml": okProfile + "    equipment: [e1, buckler]\n",
			"b.yaml": sub(okWeapon, "hands: 1", "hands: 2") + "  - {id: buckler, name: B, kind: shield, boxes: 3}\n",
		},
		want: []string{`d/a.yaml:11:21: profiles[p1].equipment[1]: two-handed "e1" and shield "buckler" need the exceptional skill (rulebook "Number of hands")`},
	},
	{
		name:  "unknown faction",
		files: map[string]string{"a.yaml": sub(okProfile, "faction: kharns", "faction: kharn")},
		want:  []string{`d/a.yaml:4:14: profiles[p1].faction: unknown faction "kharn" (did you mean kharns?) (known: kharns, gouns, kherops, fangs, tembos, black-guild, affranchis, none)`},
	},
	{
		name: "reserved_to naming nothing",
		files: map[string]string{
			"a.yaml": okWeapon + "    reserved_to: [tembo]\n",
		},
		want: []string{`d/a.yaml:7:19: equipment[e1].reserved_to[0]: reserved_to "tembo" is neither a faction nor a profile id (did you mean tembos?)`},
	},
	{
		name: "reserved equipment on another faction",
		files: map[string]string{
			"a.yaml": okProfile + "    equipment: [e1]\n" + okWeapon + "    reserved_to: [tembos]\n",
		},
		want: []string{`d/a.yaml:11:17: profiles[p1].equipment[0]: equipment "e1" is reserved to tembos`},
	},
	{
		name:  "YAML syntax error",
		files: map[string]string{"a.yaml": "profiles:\n  - id: [p1\n"},
		want:  []string{`d/a.yaml:2: invalid YAML: did not find expected ',' or ']'`},
	},
	{
		name:  "not a mapping",
		files: map[string]string{"a.yaml": "- a\n- b\n"},
		want:  []string{`d/a.yaml:1:1: want a profile (a mapping with id, name, ...) or a mapping with profiles: and/or equipment:, got a list`},
	},
	{
		name: "errors sorted by file and line",
		files: map[string]string{
			"b.yaml": sub(sub(okProfile, "hp: 6", "hp: 0"), "level: 1", "level: 0"),
			"a.yaml": sub(okWeapon, "hands: 1", "hands: 3"),
		},
		want: []string{
			`d/a.yaml:6:12: equipment[e1].hands: hands must be 0, 1, 2 or 1-2 (a melee weapon held in one hand or both), got 3`,
			`d/b.yaml:5:12: profiles[p1].level: level must be 1, 2 or 3, got 0`,
			`d/b.yaml:10:9: profiles[p1].hp: hp must be from 1 to 999, got 0`,
		},
	},
}

// TestValidation checks that each kind of problem a designer can make is reported
// with its file, line, column and field. Each expected message names the rule it
// enforces.
func TestValidation(t *testing.T) {
	for _, tt := range validationTests {
		t.Run(tt.name, func(t *testing.T) {
			ds, err := loadFiles(tt.files)
			if err == nil {
				t.Fatalf("loaded with no error, want:\n%s", strings.Join(tt.want, "\n"))
			}
			if ds != nil {
				t.Errorf("got a DataSet with the error")
			}
			var errs Errors
			if !errors.As(err, &errs) {
				t.Fatalf("error %T is not an Errors", err)
			}
			if got := err.Error(); got != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", got, strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestValidFormats checks that the accepted spellings of the format load.
func TestValidFormats(t *testing.T) {
	ds, err := loadFiles(map[string]string{
		"a.yaml": sub(okProfile, "stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}", "stats: {v: 3, p: 4, a: 5, c: 6, t: 7, i: 8}") +
			"    limitation: x3\n" +
			"    skills: {Skilled_Swordsman: ~, thick-skin: true, reach: 1.5, berserk: bleeding, heroic: Offensive}\n" +
			"    traits: [Stateless, allied of fangs]\n" +
			"    armour: {protection: 1/5/2, boxes: 4}\n" +
			"    equipment: [e1]\n" +
			sub(okWeapon, "equipment:\n", "equipment:\n  - {id: sling, name: S, kind: ranged, range: 2/5/9, fixed_damage: 2}\n") +
			"    armour_piercing: ~\n    critical: 9-10\n    reach: 1.5\n    defence_reach: 2.5\n",
	})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ds.Profile("p1")
	if want := (Stats{V: 3, P: 4, A: 5, C: 6, T: 7, I: 8}); p.Stats != want {
		t.Errorf("stats %+v, want %+v", p.Stats, want)
	}
	if want := (Limitation{Kind: "X", Count: 3}); p.Limitation != want {
		t.Errorf("limitation %+v, want %+v", p.Limitation, want)
	}
	if s, ok := p.Skill(SkillSkilledSwordsman); !ok || s.Pos.Line != 12 {
		t.Errorf("skilled swordsman: %+v, %v", s, ok)
	}
	if s, _ := p.Skill(SkillReach); s.Toises != 1.5 || s.Value != 1 {
		t.Errorf("reach %+v, want Toises 1.5, Value 1", s)
	}
	if s, _ := p.Skill(SkillHeroic); s.Field != Offensive {
		t.Errorf("heroic %+v, want offensive", s)
	}
	if s, _ := p.Skill(SkillBerserk); s.Text != "bleeding" {
		t.Errorf("berserk %+v, want bleeding", s)
	}
	if want := []string{"stateless", "allied of fangs"}; strings.Join(p.Traits, ",") != strings.Join(want, ",") {
		t.Errorf("traits %q, want %q", p.Traits, want)
	}
	if want := (ArmourStats{Failure: 1, Threshold: 5, Success: 2, Boxes: 4}); p.Armour == nil || *p.Armour != want {
		t.Errorf("armour %+v, want %+v", p.Armour, want)
	}
	e, _ := ds.Item("e1")
	// A bare "armour-piercing" ticks 1D5 boxes (English seed 000 line 1346).
	if ap := e.Effects.ArmourPiercing; ap == nil || *ap != (Dice{N: 1, Sides: 5}) {
		t.Errorf("armour_piercing %v, want 1D5", ap)
	}
	if e.Effects.CriticalFrom != 9 || e.Effects.Reach != 1.5 || e.Effects.DefenceReach != 2.5 {
		t.Errorf("effects %+v", e.Effects)
	}
	s, _ := ds.Item("sling")
	if r := s.Effects.Range; r == nil || *r != (Range{Short: 2, Long: 5, Max: 9}) || s.Hands != 1 {
		t.Errorf("sling %+v range %v", s, r)
	}
	if d := s.Effects.FixedDamage; d == nil || *d != (Dice{Plus: 2}) {
		t.Errorf("fixed damage %v, want 2", d)
	}
}

// TestMergeKeys checks that YAML anchors and merge keys work, so that designers
// can derive a level 3 profile from a level 2 one.
func TestMergeKeys(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": sub(okProfile, "  - id: p1\n", "  - &p1\n    id: p1\n") +
		"  - <<: *p1\n    id: p2\n    level: 2\n"})
	if err != nil {
		t.Fatal(err)
	}
	p2, err := ds.Profile("p2")
	if err != nil {
		t.Fatal(err)
	}
	if p2.Level != 2 || p2.Cost != 30 || p2.Name != "P" {
		t.Errorf("p2 = %+v, want level 2 with p1's other fields", p2)
	}
}
