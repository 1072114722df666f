package profiles

import (
	"strings"
	"testing"
	"testing/fstest"
)

// mountOptionsExtra is mountExtra's invented horse with invented options
// (catalogue.md 4.11 mountOptions: one skill each, an X up to maxValue, a
// cost per X, a faction reservation).
const mountOptionsExtra = `mounts:
  - id: test-horse-2
    name: Test horse
    type: test-horse
    kind: quagga
    level: 2
    cost: 30
    factions: [kharns, gouns]
    bonuses: {V: 1, ap: 1, hp: 12, stature: 3, reach: 0.5}
    skills: {brutal charge: 2}
    options:
      - {id: harness, name: Harness, skill: brutality, max: 2, cost: [5, 10]}
      - {id: bond, name: Bond, skill: empathy, cost: 4}
      - {id: goun-saddle, skill: endurance, cost: 3, factions: [gouns]}
`

// TestListMountOptions checks a list entry's mount options (catalogue.md
// 4.11: each grants one skill, X up to its max, for Krowns by X): paladin-3
// (125 Kr, no Brutality, profiles/data/kharns.yaml) on test-horse-2 (30 Kr)
// with Harness 2 (10 Kr) and Bond (4 Kr) is fielded with Brutality 2 and
// Empathy for 169 Kr. Fails before: mount_options is an unknown field.
func TestListMountOptions(t *testing.T) {
	ds := listTestData(t, mountOptionsExtra)
	list := okList[:strings.Index(okList, "  - profile: crown-guard-1")] +
		"    mount: test-horse-2\n    mount_options: {harness: 2, bond: ~}\n" + okList[strings.Index(okList, "  - profile: crown-guard-1"):]
	l, err := ParseList("t.yaml", []byte(list), ds)
	if err != nil {
		t.Fatal(err)
	}
	lo := l.Loadouts(ds)
	p := lo[0].Profile
	if b, ok := p.Skill(SkillBrutality); !ok || b.Value != 2 {
		t.Errorf("brutality %+v, %v", b, ok)
	}
	if _, ok := p.Skill(SkillEmpathy); !ok {
		t.Errorf("no empathy: %v", p.Skills)
	}
	if sk, ok := p.Skill(SkillBrutalCharge); !ok || sk.Value != 2 {
		t.Errorf("the mount's own skill lost: %v", p.Skills)
	}
	if c := lo[0].Cost(ds); c != 125+30+10+4 || p.ID != "paladin-3-on-test-horse-2" || p.Name != "Khârn Paladin on Test horse with Harness 2, Bond" {
		t.Errorf("fielded as %q (%s) for %d Kr, want 169", p.ID, p.Name, c)
	}
	if l.Cost(ds) != 169+2*lo[1].Cost(ds) {
		t.Errorf("list cost %d", l.Cost(ds))
	}
	one := okList[:strings.Index(okList, "  - profile: crown-guard-1")] +
		"    mount: test-horse-2\n    mount_options: {harness: 1}\n" + okList[strings.Index(okList, "  - profile: crown-guard-1"):]
	if l, err := ParseList("t.yaml", []byte(one), ds); err != nil || l.Loadouts(ds)[0].Cost(ds) != 160 {
		t.Errorf("harness 1: %v", err)
	}

	// Problems, each at the option's id (line 8, column 21).
	for _, tc := range []struct{ opts, want string }{
		{"{harness: 3}", "t.yaml:8:21: members[0].mount_options[0]: mount option harness grants brutality up to 2, not 3"},
		{"{saddle: 1}", "t.yaml:8:21: members[0].mount_options[0]: mount test-horse-2 offers no option saddle (it offers harness, bond, goun-saddle"},
		{"{goun-saddle: ~}", "t.yaml:8:21: members[0].mount_options[0]: mount option goun-saddle is for riders of gouns, not paladin-3-on-test-horse-2 (kharns"},
		{"{bond: ~, harness: 0}", "members[0].mount_options.harness: X must be from 1 to 9, got 0"},
	} {
		bad := okList[:strings.Index(okList, "  - profile: crown-guard-1")] +
			"    mount: test-horse-2\n    mount_options: " + tc.opts + "\n" + okList[strings.Index(okList, "  - profile: crown-guard-1"):]
		if _, err := ParseList("t.yaml", []byte(bad), ds); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v\nwant %q", tc.opts, err, tc.want)
		}
	}
	noMount := okList + "    mount_options: {harness: 1}\n"
	if _, err := ParseList("t.yaml", []byte(noMount), ds); err == nil || !strings.Contains(err.Error(), "members[1].mount_options: mount options without a mount") {
		t.Errorf("options without a mount: %v", err)
	}
}

// TestMountOptionDecode checks the format of a mount's options, with the
// positions of their problems.
func TestMountOptionDecode(t *testing.T) {
	const head = "mounts:\n  - {id: m-1, name: M, level: 2, cost: 3, factions: [kharns], options: ["
	for _, tc := range []struct{ opt, want string }{
		{"{id: o, skill: endurance, max: 2, cost: 1}", "mounts[m-1].options[0].max: skill endurance takes no value: its option has no X above 1"},
		{"{id: o, skill: brutality, max: 2, cost: [1, 2, 3]}", "mounts[m-1].options[0].cost: 3 costs for X = 1 to 2: give one cost, or one per X"},
		{"{id: o, skill: heroic, cost: 1}", "mounts[m-1].options[0].skill: skill heroic takes a mastery field: a mount option grants a skill with a number (its X) or with no value"},
		{"{id: o, skill: brutallity, cost: 1}", `mounts[m-1].options[0].skill: unknown skill "brutallity" (did you mean brutality`},
		{"{id: o, skill: brutality}", "mounts[m-1].options[0]: missing field \"cost\""},
		{"{id: o, skill: brutality, cost: 1, colour: red}", "mounts[m-1].options[0].colour: unknown field"},
	} {
		_, err := LoadFS(fstest.MapFS{"d/m.yaml": {Data: []byte(head + tc.opt + "]}\n")}}, "d")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v\nwant %q", tc.opt, err, tc.want)
		}
	}
}

// mountEquipmentExtra adds invented equipment for mounted Safars
// (catalogue.md 4.6 mountEquipment): a barding the mount wears and a lance
// for a mounted rider.
const mountEquipmentExtra = `equipment:
  - {id: test-barding, name: Barding, kind: armour, cost: 15, protection: 0/6/-1, boxes: 6, mount_equipment: mount}
  - {id: test-lance, name: Lance, kind: melee, cost: 8, hands: 1, damage_bonus: 1, mount_equipment: rider}
`

// TestMountEquipment checks equipment for mounted Safars (catalogue.md 4.6
// mountEquipment): only a mounted Safar takes it (an error names the item and
// the rule otherwise), and the mount's armour is worn in a slot of its own
// beside the rider's (Stacks), so that a mounted paladin-3 keeps its card
// armour and wears the barding under it. Fails before: mount_equipment is an
// unknown field.
func TestMountEquipment(t *testing.T) {
	ds := listTestData(t, mountOptionsExtra+mountEquipmentExtra)
	rider, _ := ds.Profile("paladin-3")
	on, err := ds.Profile("paladin-3-on-test-horse-2")
	if err != nil {
		t.Fatal(err)
	}
	barding, _ := ds.Item("test-barding")
	if barding.MountEquipment != MountWorn || barding.Armour == nil || !barding.Armour.Stacks {
		t.Errorf("barding %+v", barding)
	}
	for _, id := range []string{"test-barding", "test-lance"} {
		if _, err := ds.Equip(rider, []string{id}, nil); err == nil || !strings.Contains(err.Error(), "paladin-3 rides no mount (catalogue.md 4.6 mountEquipment)") {
			t.Errorf("%s on foot: %v", id, err)
		}
		if _, err := ds.Equip(on, []string{id}, nil); err != nil {
			t.Errorf("%s mounted: %v", id, err)
		}
	}
	list := okList[:strings.Index(okList, "  - profile: crown-guard-1")] +
		"    mount: test-horse-2\n    add: [test-barding]\n" + okList[strings.Index(okList, "  - profile: crown-guard-1"):]
	if l, err := ParseList("t.yaml", []byte(list), ds); err != nil || l.Loadouts(ds)[0].Cost(ds) != 125+30+15 {
		t.Errorf("a mounted entry with a barding: %v", err)
	}
	_, err = LoadFS(fstest.MapFS{"d/e.yaml": {Data: []byte("equipment:\n  - {id: x, name: X, kind: item, cost: 1, mount_equipment: saddle}\n")}}, "d")
	if want := `d/e.yaml:2:60: equipment[x].mount_equipment: unknown mount_equipment "saddle" (known: mount, rider)`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}
