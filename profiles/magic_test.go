package profiles

import (
	"strings"
	"testing"
)

// okSpells holds a valid generic spell (lines 2-7) and a valid osteomancy
// grimoire spell of 3 pages (lines 8-15).
const okSpells = `spells:
  - id: zap
    name: Zap
    kind: generic
    target: enemy
    difficulties:
      - {threshold: 12, effect: damage, amount: 1D5}
  - id: bones
    name: Bones
    kind: grimoire
    way: osteomancy
    pages: 3
    target: enemy
    difficulties:
      - {threshold: 14, effect: damage, amount: 2D5, ignores_armour: true}
`

// caster returns a level 1 Fang profile (lines 1-10, magic on line 11) with the
// given magic block.
func caster(magic string) string {
	return sub(sub(okProfile, "faction: kharns", "faction: fangs"), "hp: 6\n", "hp: 6\n    magic: "+magic+"\n")
}

func TestMagicValidation(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"unknown way", map[string]string{"a.yaml": caster("{way: necromancy}")},
			[]string{`d/a.yaml:11:18: profiles[p1].magic.way: unknown magic way "necromancy"`}},
		{"no way", map[string]string{"a.yaml": caster("{spells: [zap]}"), "s.yaml": okSpells},
			[]string{`d/a.yaml:11:12: profiles[p1].magic: missing field "way": a Safar that masters no way casts no spell`}},
		{"unknown spell", map[string]string{"a.yaml": caster("{way: osteomancy, spells: [zpa]}"), "s.yaml": okSpells},
			[]string{`d/a.yaml:11:39: profiles[p1].magic.spells[0]: unknown spell "zpa" (did you mean zap?)`}},
		{"grimoire spell without a grimoire", map[string]string{"a.yaml": caster("{way: osteomancy, spells: [bones]}"), "s.yaml": okSpells},
			[]string{`profiles[p1].magic.spells[0]: grimoire spell "bones" needs a grimoire`}},
		{"pages over the small grimoire", map[string]string{"a.yaml": caster("{way: osteomancy, grimoire: small, spells: [bones, more]}"),
			"s.yaml": okSpells + strings.ReplaceAll(okSpells[len("spells:\n"):], "bones", "more")[strings.Index(okSpells[len("spells:\n"):], "  - id: bones"):]},
			[]string{`profiles[p1].magic.spells[1]: grimoire spells fill 6 pages, the small grimoire holds 5 (seed 000 line 1475)`}},
		{"large grimoire holds them", map[string]string{"a.yaml": caster("{way: osteomancy, grimoire: large, spells: [bones, more]}"),
			"s.yaml": okSpells + strings.ReplaceAll(okSpells[len("spells:\n"):], "bones", "more")[strings.Index(okSpells[len("spells:\n"):], "  - id: bones"):]},
			nil},
		{"spell of another way", map[string]string{"a.yaml": caster("{way: shamanism, grimoire: small, spells: [bones]}"), "s.yaml": okSpells},
			[]string{`spell "bones" belongs to the way osteomancy; p1 masters shamanism`}},
		{"affinity opens the way", map[string]string{"a.yaml": caster("{way: shamanism, affinity: osteomancy, grimoire: small, spells: [bones]}"), "s.yaml": okSpells},
			nil},
		{"affinity skill opens the way", map[string]string{"a.yaml": sub(caster("{way: shamanism, grimoire: small, spells: [bones]}"), "hp: 6\n", "hp: 6\n    skills: {affinity: osteomancy}\n"), "s.yaml": okSpells},
			nil},
		{"archimage masters every way", map[string]string{"a.yaml": sub(caster("{way: shamanism, grimoire: small, spells: [bones]}"), "hp: 6\n", "hp: 6\n    skills: {archimage: ~}\n"), "s.yaml": okSpells},
			nil},
		{"generic spells over the level", map[string]string{"a.yaml": caster("{way: osteomancy, spells: [zap, zap2]}"),
			"s.yaml": okSpells + "  - {id: zap2, name: Z, kind: generic, target: enemy, difficulties: [{threshold: 12, effect: morale, text: fright 12}]}\n"},
			[]string{`profiles[p1].magic.spells[1]: generic spells take 2 level(s), a level 1 caster knows at most 1 (seed 000 line 1462)`}},
		{"reserved spell", map[string]string{"a.yaml": caster("{way: osteomancy, spells: [zap]}"),
			"s.yaml": sub(okSpells, "kind: generic\n", "kind: generic\n    reserved_to: [kharns]\n")},
			[]string{`spell "zap" is reserved to kharns`}},
		{"spell field errors", map[string]string{"s.yaml": `spells:
  - id: bad
    name: Bad
    kind: grimoire
    target: foe
    cadence: often
    difficulties:
      - {threshold: 18, effect: healing}
      - {threshold: 15, effect: morale, amount: 1D5}
      - {threshold: 20, effect: hex, text: x}
      - {threshold: 21, effect: morale, text: y}
`},
			[]string{
				`d/s.yaml:2:5: spells[bad]: a grimoire spell belongs to a way: missing field "way"`,
				`d/s.yaml:2:5: spells[bad]: a grimoire spell fills pages of a grimoire: missing field "pages"`,
				`d/s.yaml:5:13: spells[bad].target: unknown spell target "foe"`,
				`d/s.yaml:6:14: spells[bad].cadence: cadence "often": want N/turn`,
				`d/s.yaml:8:7: spells[bad].difficulties: a spell has 1 to 3 difficulties, got 4`,
				`d/s.yaml:8:9: spells[bad].difficulties[0]: a healing effect needs an amount`,
				`d/s.yaml:9:9: spells[bad].difficulties[1].threshold: thresholds must increase: 15 after 18`,
				`d/s.yaml:9:41: spells[bad].difficulties[1].amount: a morale effect has no amount`,
				`d/s.yaml:10:33: spells[bad].difficulties[2].effect: unknown effect category "hex"`,
			}},
		// caster_pays (profiles.SpellLevel.CasterPays): healing only.
		{"caster pays a damage", map[string]string{"s.yaml": sub(okSpells, "amount: 1D5}", "amount: 1D5, caster_pays: true}")},
			[]string{`d/s.yaml:7:54: spells[zap].difficulties[0].caster_pays: only a healing effect can be paid in HP by the caster (caster_pays: the caster loses the amount healed)`}},
		{"caster pays a heal", map[string]string{"s.yaml": sub(okSpells, "effect: damage, amount: 1D5}", "effect: healing, amount: 1D5, caster_pays: true}")},
			nil},
		{"caster pays not a bool", map[string]string{"s.yaml": sub(okSpells, "effect: damage, amount: 1D5}", "effect: healing, amount: 1D5, caster_pays: 2}")},
			[]string{`caster_pays`}},
		{"generic spell with pages", map[string]string{"s.yaml": sub(okSpells, "kind: generic\n", "kind: generic\n    pages: 1\n")},
			[]string{`d/s.yaml:5:5: spells[zap].pages: a generic spell fills no grimoire page`}},
		{"duplicate spell", map[string]string{"s.yaml": okSpells, "t.yaml": okSpells[:strings.Index(okSpells, "  - id: bones")]},
			[]string{`d/t.yaml:2:9: spells[zap].id: duplicate spell id "zap" (first defined at d/s.yaml:2:9)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadFiles(tt.files)
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\n%v\nlacks %q", err, w)
				}
			}
		})
	}
}

// TestEmbeddedCasters checks the invented casters: one per faction that has a way
// (seed 000 lines 1392-1416), each with its faction's way, and every effect
// category of skills.md 4.3 among the embedded spells.
func TestEmbeddedCasters(t *testing.T) {
	ds := Default()
	ways := map[string]bool{}
	for _, p := range ds.Profiles {
		if p.Magic == nil {
			continue
		}
		wi, ok := WayOf(p.Magic.Way)
		if !ok || wi.Faction != p.Faction {
			t.Errorf("%s (%s) masters %q, not its faction's way", p.ID, p.Faction, p.Magic.Way)
		}
		ways[p.Faction] = true
	}
	for _, w := range Ways {
		if !ways[w.Faction] {
			t.Errorf("no embedded caster of %s (%s)", w.Way, w.Faction)
		}
	}
	cats := map[SpellEffect]bool{}
	for _, s := range ds.Spells {
		for _, l := range s.Levels {
			cats[l.Effect] = true
		}
	}
	for _, c := range SpellEffects {
		if !cats[c] {
			t.Errorf("no embedded spell of category %s", c)
		}
	}
	p, _ := ds.Profile("bone-seer-2")
	if got := ds.MagicCost(p); got != 20 {
		t.Errorf("bone-seer-2 magic cost %d Kr, want 20 (small grimoire, seed 000 line 1475)", got)
	}
}
