package profiles

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// mountExtra adds invented mounts to the default data (catalogue.md 4.11
// shape: bonuses, granted skills, a rule the engine does not play).
const mountExtra = `mounts:
  - id: test-horse-2
    name: Test horse
    type: test-horse
    kind: quagga
    level: 2
    cost: 30
    factions: [kharns, gouns]
    excluded: [crown-guard-1]
    bonuses: {V: 1, ap: 1, hp: 12, stature: 3, reach: 0.5}
    skills: {brutal charge: 2, thick skin: ~}
    not_modelled: ["rule Kick: a kick that dazes"]
`

// TestMounted checks the composition of a rider and its mount as one
// profile (catalogue.md 4.11): paladin-3 (V 3, AP 5, 12 HP, stature 4, 125
// Kr, profiles/data/kharns.yaml) on the invented test-horse-2 (V +1, AP +1,
// HP +12, stature +3, reach +0.5, 30 Kr).
func TestMounted(t *testing.T) {
	ds := listTestData(t, mountExtra)
	p, err := ds.Profile("paladin-3-on-test-horse-2")
	if err != nil {
		t.Fatal(err)
	}
	rider, _ := ds.Profile("paladin-3")
	if p.ID != "paladin-3-on-test-horse-2" || p.Cost != 155 || p.Stats.V != 4 || p.AP != 6 || p.HP != 24 || p.Stature != 7 ||
		p.Rider != rider || p.Mount == nil || p.Mount.ID != "test-horse-2" || p.Stats.P != rider.Stats.P {
		t.Errorf("mounted %+v", p)
	}
	// The natural reach: the 0.5-toise zone of control plus the bonus.
	if sk, ok := p.Skill(SkillReach); !ok || sk.Toises != 1 || sk.Value != 1 {
		t.Errorf("reach %+v", sk)
	}
	if sk, ok := p.Skill(SkillBrutalCharge); !ok || sk.Value != 2 {
		t.Errorf("brutal charge %+v", sk)
	}
	if _, ok := p.Skill(SkillThickSkin); !ok {
		t.Errorf("no thick skin: %v", p.Skills)
	}
	if len(rider.Skills) == len(p.Skills) || rider.Stature != 4 {
		t.Errorf("the rider's card changed: %+v", rider)
	}
	if !slices.Contains(ComputedWithout(p), "mount test-horse-2: rule Kick: a kick that dazes") {
		t.Errorf("computed without %v", ComputedWithout(p))
	}
	for _, tc := range []struct{ id, want string }{
		{"crown-guard-1-on-test-horse-2", "mount test-horse-2 may not carry crown-guard-1"},
		{"kherops-warrior-2-on-test-horse-2", "mount test-horse-2 carries Safars of kharns, gouns, not kherops-warrior-2 (kherops)"},
		{"paladin-3-on-test-horse-3", `unknown profile "paladin-3-on-test-horse-3"`},
	} {
		if _, err := ds.Profile(tc.id); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.id, err, tc.want)
		}
	}
}

// TestMountRiders checks who may ride (catalogue.md 4.11: a rider of a level
// within one of the mount's; skills.md #56: no Berserker).
func TestMountRiders(t *testing.T) {
	ds := listTestData(t, mountExtra+`profiles:
  - {id: squire-1, name: Squire, faction: kharns, level: 1, cost: 20, limitation: X2,
     stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}, stature: 3, ap: 4, hp: 8}
  - {id: wild-3, name: Wild, faction: kharns, level: 3, cost: 20, limitation: X2,
     stats: {V: 3, P: 3, A: 3, C: 3, T: 3, I: 3}, stature: 3, ap: 4, hp: 8, skills: {berserk: bleeding}}
`)
	m, _ := ds.Mount("test-horse-2")
	squire, _ := ds.Profile("squire-1")
	if err := m.CanRide(squire); err != nil {
		t.Errorf("squire-1: %v", err)
	}
	wild, _ := ds.Profile("wild-3")
	if err := m.CanRide(wild); err == nil || !strings.Contains(err.Error(), "Berserkers cannot ride mounts") {
		t.Errorf("wild-3: %v", err)
	}
	low := *m
	low.Level = 3
	if err := low.CanRide(squire); err == nil || !strings.Contains(err.Error(), "its rider is of level 2 to 3, squire-1 is level 1") {
		t.Errorf("level: %v", err)
	}
	p, _ := ds.Profile("squire-1-on-test-horse-2")
	if _, err := ds.Mounted(p, m); err == nil || !strings.Contains(err.Error(), "already rides test-horse-2") {
		t.Errorf("twice mounted: %v", err)
	}
}

// TestListMemberMount checks a list entry's mount: its Safars are fielded on
// it and cost both (125 + 30 Kr), the rider's LIM X2 counts them, and a mount
// the rider may not ride is an error at the mount's id.
func TestListMemberMount(t *testing.T) {
	ds := listTestData(t, mountExtra)
	mounted := okList[:strings.Index(okList, "  - profile: crown-guard-1")] + "    mount: test-horse-2\n" + okList[strings.Index(okList, "  - profile: crown-guard-1"):]
	l, err := ParseList("t.yaml", []byte(mounted), ds)
	if err != nil {
		t.Fatal(err)
	}
	lo := l.Loadouts(ds)
	if p := lo[0].Profile; p.ID != "paladin-3-on-test-horse-2" || lo[0].Cost(ds) != 155 || lo[1].Profile.ID != "crown-guard-1" ||
		l.Cost(ds) != 155+2*lo[1].Cost(ds) {
		t.Errorf("fielded as %v, cost %d", lo, l.Cost(ds))
	}
	// crown-guard-1 is excluded from the mount: line 9, its id at column 12.
	_, err = ParseList("t.yaml", []byte(okList+"    mount: test-horse-2\n"+"  - profile: paladin-3\n    mount: test-horse-2\n  - profile: paladin-3\n"), ds)
	for _, want := range []string{
		"t.yaml:9:12: members[1].mount: mount test-horse-2 may not carry crown-guard-1",
		"LIM X", // three paladin-3, mounted or not, over its X2
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want %q", err, want)
		}
	}
	_, err = ParseList("t.yaml", []byte(okList+"    mount: test-horse-9\n"), ds)
	if want := `t.yaml:9:12: members[1].mount: unknown mount "test-horse-9" (did you mean test-horse-2?)`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}

// TestMountDecode checks the mount format's errors, with their positions.
func TestMountDecode(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"mounts:\n  - {id: m-1, name: M, level: 2, cost: 3, factions: [kharns], bonuses: {reach: 0.3}}\n",
			"m.yaml:2:80: mounts[m-1].bonuses.reach: reach bonus must make a reach of 1 to 3 toises"},
		{"mounts:\n  - {id: m-1, name: M, level: 4, cost: 3, factions: [kharns]}\n",
			"m.yaml:2:31: mounts[m-1].level: level must be from 1 to 3"},
		{"mounts:\n  - {id: m-1, name: M, level: 2, cost: 3, factions: [elves]}\n",
			`m.yaml:2:54: mounts[m-1].factions[0]: unknown faction "elves"`},
		{"mounts:\n  - {id: m-1, name: M, level: 2, cost: 3, factions: [kharns], excluded: [nobody-2]}\n",
			`m.yaml:2:74: mounts[m-1].excluded[0]: excluded "nobody-2" is not a profile id`},
		{"mounts:\n  - {id: m-1, name: M, level: 2, factions: [kharns], saddle: 1}\n",
			`m.yaml:2:54: mounts[m-1].saddle: unknown field`},
	} {
		_, err := LoadFS(fstest.MapFS{"d/m.yaml": {Data: []byte(tc.yaml)}}, "d")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v\nwant %q", err, tc.want)
		}
	}
}
