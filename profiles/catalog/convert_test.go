package catalog

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestConvertGolden checks the YAML written for the invented catalogue and the
// report of what it leaves out against testdata/golden.
func TestConvertGolden(t *testing.T) {
	c := fixture(t)
	var names []string
	for _, f := range c.Files {
		names = append(names, f.Name)
		golden(t, "catalog/"+f.Name, f.Data)
	}
	want := []string{"equipment.yaml", "kharns.yaml", "gouns.yaml", "kherops.yaml", "fangs.yaml", "tembos.yaml", "black-guild.yaml", "affranchis.yaml"}
	if !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	golden(t, "catalog-report.txt", []byte(reportText(c.Report)))
}

// TestConvertLoads writes the converted catalogue to a directory and loads it
// with profiles.Load, as "kharn --data DIR" does, then checks values taken from
// testdata/catalog.json.
func TestConvertLoads(t *testing.T) {
	c := fixture(t)
	dir := t.TempDir()
	if _, err := c.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	ds, err := profiles.Load(dir)
	if err != nil {
		t.Fatalf("profiles.Load: %v", err)
	}
	if len(ds.Profiles) != 7 || len(ds.Equipment) != 15 {
		t.Errorf("%d profiles, %d items; want 7 and 15 (2 profiles and 1 card not imported; the helmet and the item are kinds of their own)", len(ds.Profiles), len(ds.Equipment))
	}
	item := func(id string) *profiles.Equipment {
		e, err := ds.Item(id)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	// equipment[2] "+2 dégâts. Assomme en cas de RC. Attaque à 3 PA uniquement. perce armure 1"
	hammer := item("marteau-d-os")
	if ef := hammer.Effects; ef.DamageBonus != 2 || ef.OnCritical != profiles.Stun ||
		!slices.Equal(ef.AttackAP, []int{3}) || *ef.ArmourPiercing != (profiles.Dice{Plus: 1}) || hammer.Hands != 2 {
		t.Errorf("marteau-d-os: %+v", hammer)
	}
	// equipment[8]: seuil 6, -1/-2, 8 boxes, "-1 en V si C≤4"; a cuirass, metal
	// (equipment_material.go).
	if a := item("cuirasse-d-ecailles").Armour; *a != (profiles.ArmourStats{Failure: 1, Threshold: 6, Success: 2, Boxes: 8, VelocityMalus: 1, MalusMaxC: 4, MetalOrStone: true}) {
		t.Errorf("cuirasse-d-ecailles: %+v", a)
	}
	// equipment[12] is reserved to guilde-noire, that is black-guild.
	if r := item("fouet-a-crochets").ReservedTo; !slices.Equal(r, []string{profiles.BlackGuild}) {
		t.Errorf("fouet-a-crochets reserved to %v", r)
	}
	brute, err := ds.Profile("gouns-brute-3")
	if err != nil {
		t.Fatal(err)
	}
	// profiles[1]: v null read as 0 (reported not modelled); the helmet is
	// in its equipment, a kind of its own (catalogue.md section 4.6).
	if brute.Stats.V != 0 || brute.Stats.P != 6 || !slices.Equal(brute.Equipment, []string{"marteau-d-os", "heaume-a-cornes"}) ||
		brute.Armour == nil || brute.Armour.Threshold != 7 {
		t.Errorf("gouns-brute-3: %+v", brute)
	}
	if s, ok := brute.Skill(profiles.SkillBerserk); !ok || s.Text != "bleeding" {
		t.Errorf("gouns-brute-3 berserk: %+v", s)
	}
	captain, err := ds.Profile("affranchis-capitaine-3")
	if err != nil {
		t.Fatal(err)
	}
	// affranchis is a faction of its own (catalogue.md section 4.1); its
	// "Allié Khârns " (a stray space) makes it allied of the Khârns.
	if captain.Faction != profiles.Affranchis || captain.Limitation.Kind != "P" || !slices.Contains(captain.Traits, profiles.TraitAlliedOf+profiles.Kharns) {
		t.Errorf("affranchis-capitaine-3: faction %s, limitation %+v", captain.Faction, captain.Limitation)
	}
	if s, ok := captain.Skill(profiles.SkillReach); !ok || s.Toises != 1.5 {
		t.Errorf("affranchis-capitaine-3 reach: %+v", s)
	}
	// profiles[3] has no level: its two mastery dice make it level 2.
	if p, err := ds.Profile("fangs-traqueuse-2"); err != nil || p.Level != 2 {
		t.Errorf("fangs-traqueuse-2: %+v, %v", p, err)
	}
	// The same data in memory.
	mem, rep, err := Load(filepath.Join("testdata", "catalog.json"))
	if err != nil || rep == nil || len(mem.Profiles) != len(ds.Profiles) || !strings.HasPrefix(mem.Source, "testdata/catalog.json") {
		t.Errorf("Load: %v, %v", mem, err)
	}
}

// TestReportCounts checks the summary counts of the invented catalogue: each
// entry of testdata/catalog.json is counted once.
func TestReportCounts(t *testing.T) {
	r := fixture(t).Report
	for _, tc := range []struct {
		kind                                 string
		total, modelled, partly, notImported int
	}{
		// equipment [4] a push on CH, [7] munitionKind with no simple
		// ammunition on sale, [12] a disarm on CH; [13] helmet, [14] item,
		// [15] unknown category; [8] the conditional malus is played
		// (malus_max_c); [3] hands "1-2" with a text for every grip is
		// fully modelled (TestImportOneOrTwoHands).
		// [13] the helmet (a protection, immunity to fear) is imported, its
		// effects not played; [14] the item, a healing flask, is played
		// (sim/items.go).
		{"equipment", 16, 11, 4, 1},
		// profiles[1] a rule and a null V, [3] an unknown skill, a skill with
		// no value and a field (the engine does not play these: the table of
		// skills); [2] Master archer and Scout, [4] Ambush and [5] Authority
		// are played; [7] no AP, [8] unknown faction. LIM special and a trait
		// are no longer "not modelled": list building only, a selector tag.
		{"profile", 9, 5, 2, 2},
	} {
		n, m, p, x := r.Count(tc.kind)
		if n != tc.total || m != tc.modelled || p != tc.partly || x != tc.notImported {
			t.Errorf("%s: %d, %d modelled, %d partly, %d not imported; want %d, %d, %d, %d",
				tc.kind, n, m, p, x, tc.total, tc.modelled, tc.partly, tc.notImported)
		}
	}
}

// TestPhrases maps each phrasing of the issue, one at a time, on a weapon of the
// right kind.
func TestPhrases(t *testing.T) {
	d := func(s string) *profiles.Dice {
		x, err := profiles.ParseDice(s)
		if err != nil {
			t.Fatal(err)
		}
		return &x
	}
	melee, ranged, armour, shield := profiles.KindMelee, profiles.KindRanged, profiles.KindArmour, profiles.KindShield
	tests := []struct {
		kind   profiles.Kind
		phrase string
		want   profiles.Effects
		malus  int    // armour velocity malus
		not    string // the not-modelled note, if any
	}{
		{melee, "+2 en attaque", profiles.Effects{AttackBonus: 2}, 0, ""},
		{melee, "+1 en défense", profiles.Effects{DefenceBonus: 1}, 0, ""},
		{shield, "+1 en défense", profiles.Effects{DefenceBonus: 1}, 0, ""},
		{ranged, "+3 ATT", profiles.Effects{AttackBonus: 3}, 0, ""},
		{melee, "+1 dgt", profiles.Effects{DamageBonus: 1}, 0, ""},
		{melee, "+2 dégâts", profiles.Effects{DamageBonus: 2}, 0, ""},
		{ranged, "3 dgts", profiles.Effects{FixedDamage: d("3")}, 0, ""},
		{melee, "1D5 dgts", profiles.Effects{FixedDamage: d("1D5")}, 0, ""},
		{melee, "Pas d'attaque avec A", profiles.Effects{NoAttackWith: []profiles.Char{profiles.A}}, 0, ""},
		{melee, "Pas d'attaque avec P et C", profiles.Effects{NoAttackWith: []profiles.Char{profiles.P, profiles.C}}, 0, ""},
		{melee, "Pas d'effet avec C", profiles.Effects{NoEffectWith: []profiles.Char{profiles.C}}, 0, ""},
		{melee, "Pas d'attaque à 1 PA", profiles.Effects{AttackAP: []int{2, 3}}, 0, ""},
		{melee, "Attaque à 3 PA uniquement", profiles.Effects{AttackAP: []int{3}}, 0, ""},
		{melee, "saignement 2", profiles.Effects{Bleeding: 2}, 0, ""},
		{melee, "RC = 9 et 10", profiles.Effects{CriticalFrom: 9}, 0, ""},
		// "Sonné" is dazed, "Assommé" stunned: French seed 004 lines 1319 and
		// 1312, English seed 000 lines 1378 and 1368.
		{ranged, "RC = sonne", profiles.Effects{OnCritical: profiles.Daze}, 0, ""},
		{melee, "Sonne en cas de RC", profiles.Effects{OnCritical: profiles.Daze}, 0, ""},
		{melee, "Assomme en cas de RC", profiles.Effects{OnCritical: profiles.Stun}, 0, ""},
		{melee, "Pas d'EC en attaque", profiles.Effects{NoCFAttack: true}, 0, ""},
		{melee, "Pas d'EC en défense", profiles.Effects{NoCFDefence: true}, 0, ""},
		{shield, "Pas d'EC en défense", profiles.Effects{NoCFDefence: true}, 0, ""},
		{melee, "l'armure adverse protège 2 dgts de moins", profiles.Effects{ArmourIgnore: 2}, 0, ""},
		{melee, "perce armure 1", profiles.Effects{ArmourPiercing: d("1")}, 0, ""},
		// A bare armour-piercing is 1D5 boxes: French seed 004 line 1296.
		{melee, "Perce-armure", profiles.Effects{ArmourPiercing: d("1D5")}, 0, ""},
		{melee, "Allonge 1,5", profiles.Effects{Reach: 1.5}, 0, ""},
		{armour, "-1 en V", profiles.Effects{}, 1, ""},
		{melee, "+1 en attaque et +1 en défense", profiles.Effects{AttackBonus: 1, DefenceBonus: 1}, 0, ""},
		{melee, "Peut être lancé une fois", profiles.Effects{Thrown: true}, 0, ""},
		// Issue 12, section 5: attack bonuses written otherwise, reach 2.5
		// and 3, a twin's "/" between two phrases.
		{melee, "+2 aux attaques", profiles.Effects{AttackBonus: 2}, 0, ""},
		{melee, "Bonus de +3 en attaque", profiles.Effects{AttackBonus: 3}, 0, ""},
		{melee, "Attaque : +2", profiles.Effects{AttackBonus: 2}, 0, ""},
		{melee, "Allonge 2,5", profiles.Effects{Reach: 2.5}, 0, ""},
		{melee, "Allonge 3", profiles.Effects{Reach: 3}, 0, ""},
		{melee, "3 dgts / saignement 2", profiles.Effects{FixedDamage: d("3"), Bleeding: 2}, 0, ""},
		// A reach in defence only: defence_reach, read only for the
		// counter-reach check (seed 004 lines 1508-1510).
		{melee, "Allonge 2 en défense uniquement", profiles.Effects{DefenceReach: 2}, 0, ""},
		{melee, "Allonge 1,5 en défense", profiles.Effects{DefenceReach: 1.5}, 0, ""},
		{ranged, "Allonge 2 en défense uniquement", profiles.Effects{}, 0, "the data format has no defence_reach on ranged weapons"},
		// Understood, but the data format cannot hold them.
		{armour, "-1 en V si C>4", profiles.Effects{}, 0, `"-1 en V si C>4" (a malus for wearers of high C`},
		{shield, "+1 en attaque", profiles.Effects{}, 0, `"+1 en attaque" (the data format has no attack_bonus on shields)`},
		{ranged, "Allonge 2", profiles.Effects{}, 0, "no reach on ranged weapons"},
		{melee, "RC = 11 et 10", profiles.Effects{}, 0, "a critical range starts from 2 to 10"},
		// Not understood: kept as the card writes them.
		{melee, "Désarme l'adversaire en cas de RC", profiles.Effects{}, 0, `"Désarme l'adversaire en cas de RC"`},
		{melee, "Pas d'attaque en 1 PA", profiles.Effects{AttackAP: []int{2, 3}}, 0, ""},
		{melee, "Pas d'attaque avec un bouclier", profiles.Effects{}, 0, `"Pas d'attaque avec un bouclier"`},
		{melee, "Pas d'EC", profiles.Effects{}, 0, `"Pas d'EC"`},
	}
	for _, tc := range tests {
		e := &equipOut{kind: tc.kind, src: make(map[string]string)}
		e.effects(tc.phrase)
		if !reflect.DeepEqual(e.ef, tc.want) || e.armour.VelocityMalus != tc.malus {
			t.Errorf("%s %q: effects %+v, malus %d; want %+v, %d", tc.kind, tc.phrase, e.ef, e.armour.VelocityMalus, tc.want, tc.malus)
		}
		got := strings.Join(e.notModelled, "; ")
		if (tc.not == "") != (got == "") || !strings.Contains(got, tc.not) {
			t.Errorf("%s %q: not modelled %q, want %q", tc.kind, tc.phrase, got, tc.not)
		}
	}
}

// TestSplitPhrases cuts effect texts at commas, dots, semicolons and line breaks,
// but not inside numbers.
func TestSplitPhrases(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"+1 dgt, saignement 2", []string{"+1 dgt", "saignement 2"}},
		{"Allonge 1,5. -1 en V", []string{"Allonge 1,5", "-1 en V"}},
		{"a ; b\n- c\n• d", []string{"a", "b", "c", "d"}},
		{"", nil},
	} {
		if got := splitPhrases(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("splitPhrases(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestOddCatalogues converts small catalogues with one odd entry each: the
// conversion goes on, the problem is reported with its JSON path, and the result
// loads.
func TestOddCatalogues(t *testing.T) {
	const eq = `{"id": "epee", "name": "Épée", "category": "arme-cac", "cost": 8, "hands": 1}`
	profile := func(extra string) string {
		return `{"id": "p", "name": "P", "level": 1, "factionId": "kharns", "cost": 10,
			"stats": {"v": 1, "p": 1, "a": 1, "c": 1, "t": 1, "i": 1}, "stature": 2, "pa": 3, "pv": 5` + extra + `}`
	}
	tests := []struct {
		name, catalog, want string
	}{
		// catalogue.md section 4.6: a signature weapon naming a level-1
		// profile with levels [3] (AND of its keys): nobody matches, the
		// profiles named win.
		{"a reservation nobody meets", `{"profiles": [` + profile(``) + `], "equipment": [{"id": "s", "name": "S", "category": "arme-cac", "cost": 8, "hands": 1, "reservedTo": {"profileIds": ["p"], "levels": [3]}}]}`,
			`c.json: equipment[0].reservedTo: no profile matches every key (levels 3 profileIds p): reserved to the profiles it names`},
		{"a reservation to nobody at all", `{"profiles": [` + profile(``) + `], "equipment": [{"id": "s", "name": "S", "category": "arme-cac", "cost": 8, "hands": 1, "reservedTo": {"traits": ["zz"]}}]}`,
			`c.json: equipment[0].reservedTo: no imported profile matches its reservation (traits zz): nobody may carry it: card not imported`},
		{"an armour without durability", `{"profiles": [` + profile(`, "armor": {"seuil": 6, "protectionEchec": 0, "protectionReussite": -1}`) + `]}`,
			`c.json: profiles[0].armor.durability: missing: read as a natural armour that does not wear out (99 boxes)`},
		{"stats not an object", `{"profiles": [` + profile(`, "stats": 3`) + `]}`,
			"c.json: profiles[0].stats: the number 3 is not an object, profile not imported"},
		{"stat a string", `{"profiles": [` + profile(`, "stats": {"v": "deux", "p": 1, "a": 1, "c": 1, "t": 1, "i": 1}`) + `]}`,
			`c.json: profiles[0].stats.v: the string "deux", read as 0`},
		{"stat missing", `{"profiles": [` + profile(`, "stats": {"p": 1, "a": 1, "c": 1, "t": 1, "i": 1}`) + `]}`,
			"c.json: profiles[0].stats.v: missing, read as 0"},
		{"duplicate ids", `{"equipment": [` + eq + `, ` + eq + `]}`,
			`c.json: equipment[1].id: id "epee" already used by equipment[0]: card not imported`},
		{"ids that clash once lower-cased", `{"equipment": [` + eq + `, {"id": "EPEE", "name": "x", "category": "arme-cac", "cost": 1, "hands": 1}]}`,
			""},
		{"an entry that is no object", `{"equipment": [3, ` + eq + `]}`,
			"c.json: equipment[0]: the number 3 is not an object, card not imported"},
		{"a range beyond its max", `{"equipment": [{"id": "arc", "name": "Arc", "category": "arme-tir", "cost": 8, "hands": 2, "range": {"short": 3, "long": 6, "max": 5}}]}`,
			"c.json: equipment[0].range: max range 5 is below long range 6: range ignored"},
		{"an armour stopping less from its threshold", `{"equipment": [{"id": "a", "name": "A", "category": "armure", "cost": 8, "seuil": 6, "protectionEchec": -3, "protectionReussite": -1, "durability": 4}]}`,
			"c.json: equipment[0]: it stops less at or above its threshold (1) than below it (3): card not imported"},
		{"a shield without durability", `{"equipment": [{"id": "b", "name": "B", "category": "bouclier", "cost": 8}]}`,
			"c.json: equipment[0]: no durability: card not imported"},
		{"negative cost", `{"equipment": [{"id": "d", "name": "D", "category": "arme-cac", "cost": -8, "hands": 1}]}`,
			"c.json: equipment[0].cost: negative cost -8, read as 8"},
		{"reserved to another faction", `{"equipment": [{"id": "r", "name": "R", "category": "arme-cac", "cost": 8, "hands": 1, "reservedTo": "fangs"}],
			"profiles": [` + profile(`, "baseEquipmentIds": ["r"]`) + `]}`,
			`c.json: profiles[0].baseEquipmentIds[0]: "r" is reserved to [fangs]: left out of the base equipment`},
		{"reserved to an unknown id", `{"equipment": [{"id": "r", "name": "R", "category": "arme-cac", "cost": 8, "hands": 1, "reservedTo": ["nobody"]}]}`,
			`c.json: equipment[0].reservedTo[0]: reserved to "nobody", neither a faction nor an imported profile: left out`},
		{"skill with a bad field", `{"skills": [{"id": "h", "keyword": "Héroïque X", "hasValue": true}], "profiles": [` + profile(`, "skills": [{"skillId": "h", "value": "course"}]`) + `]}`,
			`c.json: profiles[0].skills[0]: Héroïque X with the string "course": no mastery domain in "course", skill left out`},
		{"skill not in the catalogue", `{"profiles": [` + profile(`, "skills": [{"skillId": "zz"}]`) + `]}`,
			`c.json: profiles[0].skills[0]: skill "zz" is not in the catalogue's skills nor in the table of skills, left out`},
		{"level 5", `{"profiles": [` + profile(`, "level": 5`) + `]}`,
			"c.json: profiles[0].level: level 5, read as 3 (levels are 1 to 3)"},
		{"bad limitation", `{"profiles": [` + profile(`, "limitation": {"kind": "Z"}`) + `]}`,
			`c.json: profiles[0].limitation.kind: unknown limitation "Z" (want X, U, P or special), left out`},
		{"no profiles key", `{"equipment": []}`, "c.json: profiles: missing: no profile"},
		{"a mastery die with an unknown field", `{"profiles": [` + profile(`, "masteryDice": [["course"], "tir"]`) + `]}`,
			`c.json: profiles[0].masteryDice[0]: a mastery die with no field, left out`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Convert("c.json", []byte(tc.catalog))
			if err != nil {
				t.Fatal(err)
			}
			if c.DataSet() == nil {
				t.Fatal("no data set")
			}
			var got []string
			for _, w := range c.Report.Warnings() {
				got = append(got, w.Error())
			}
			if tc.want != "" && !slices.Contains(got, tc.want) {
				t.Errorf("problems:\n%s\nwant %q", strings.Join(got, "\n"), tc.want)
			}
		})
	}
}

// TestConvertNotACatalogue: a file that is no JSON object is an error.
func TestConvertNotACatalogue(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{"", "c.json: invalid JSON: empty"},
		{"[1, 2]", "c.json: a list of 2 is not a catalogue"},
		{`{"profiles": [`, "c.json: invalid JSON: it ends in the middle of a value (truncated?)"},
		{"{\n  \"a\": x}", "c.json: invalid JSON at line 2, column 8"},
		{`{} {}`, "c.json: invalid JSON: data after the end of the top-level value"},
		{`{} x`, "c.json: invalid JSON: data after the end of the top-level value"},
	} {
		_, err := Convert("c.json", []byte(tc.data))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Convert(%q): %v, want %q", tc.data, err, tc.want)
		}
	}
}

// TestSettleDropsWhatDoesNotLoad: a value the converter lets through but the
// data format refuses makes settle drop the entry, report it, and write the rest.
func TestSettleDropsWhatDoesNotLoad(t *testing.T) {
	c := fixture(t)
	e := c.equipByID["masse-sourde"]
	e.ef.Bleeding = 500 // bleeding is from 1 to 99
	p := c.profileByID["kharns-veilleur-2"]
	p.refs[0].dropped = "" // lame-jumelle
	if err := c.settle(); err != nil {
		t.Fatal(err)
	}
	if e.why == "" || !strings.Contains(e.why, "bleeding must be from 1 to 99") {
		t.Errorf("masse-sourde: why %q", e.why)
	}
	if _, err := c.DataSet().Item("masse-sourde"); err == nil {
		t.Error("masse-sourde still in the data set")
	}
	if len(c.DataSet().Equipment) != 14 {
		t.Errorf("%d items, want 14", len(c.DataSet().Equipment))
	}
}

func TestProjectID(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Fangs_Traqueuse_2", "fangs-traqueuse-2"},
		{"Écu léger", "ecu-leger"},
		{"--a--b--", "a-b"},
		{"Œil", "oeil"},
		{"日本", ""},
	} {
		if got := projectID(tc.in); got != tc.want || (got != "" && !profiles.ValidID(got)) {
			t.Errorf("projectID(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzConvert feeds bytes as a catalogue: Convert must never panic, must fail
// only when the bytes are not a JSON object, and what it writes must load.
func FuzzConvert(f *testing.F) {
	for _, name := range []string{"catalog.json", "catalog-056.json"} {
		if data, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(data)
		}
	}
	// Shapes of catalogue.md: a reservation object, skills by id with odd
	// values, every kind of effect target and condition.
	f.Add([]byte(`{"skills": [{"id": "maitre", "keyword": "M", "hasValue": true}], "factions": [{"id": "affranchis", "openRecruitment": {}}],
		"profiles": [{"id": "p", "factionId": "affranchis", "level": 2, "stats": {"v": 1, "p": 1, "a": 1, "c": 1, "t": null, "i": 1}, "pa": 6, "pv": 9, "stature": 2,
		"skills": [{"skillId": "maitre", "value": "défense et tir/ostéomancie"}, {"skillId": "maitre", "value": 3}],
		"effects": [{"operation": {"kind": "stat-count", "stat": "t", "of": {"profileIds": ["p"]}}, "target": {"self": true}},
		            {"operation": {"kind": "grant-skill", "skillId": "maitre", "incrementIfPresent": "2"}, "target": {"self": true}, "condition": [{"traits": ["x"]}]}]}],
		"equipment": [{"id": "x", "category": "casque", "reservedTo": {"levels": [2], "traits": ["y"]}, "effects": [{"operation": {"kind": "grant-skill", "skillId": "riposte"}, "target": {"self": true}}]}],
		"specialCards": [{"id": "c", "cost": 0, "scope": {"trait": "y"}, "effects": [{"operation": {"kind": "stat-modifier", "stat": "pv", "amount": "level"}, "target": {"self": true}}]}]}`))
	f.Add([]byte(`{"profiles": [{"id": "A b", "stats": {"v": null}, "pa": 2, "pv": 3, "stature": 1, "factionId": "fangs", "skills": [{"skillId": 1}]}],
		"equipment": [{"id": "x", "category": "arme-tir", "range": {"short": 1, "long": 2}, "effectsText": "RC = 9 et 10, Pas d'attaque avec A et V"}]}`))
	f.Add([]byte(`{"equipment": [{"id": "x", "category": "armure", "seuil": 11, "durability": 0}], "profiles": null}`))
	// Magic and mounts (catalogue.md 4.3, 4.9-4.11) with odd values.
	f.Add([]byte(`{"magicWays": [{"id": "w", "factionId": "fangs"}, {"id": "z", "skillId": "x"}], "grimoires": [{"id": "petit", "pages": "9"}, {"id": "x"}],
		"spells": [{"id": "s", "kind": "generique", "magicWayId": "w", "levelCost": 9, "reservedTo": {"trait": "t", "x": 1},
		            "difficulties": [{"threshold": 30, "effectText": "soigne 99D10+3 PV"}, {"threshold": 12}]},
		           {"id": "s", "kind": "reserve-profil", "pages": 0, "target": 3, "cadence": "9/partie", "difficulties": null}],
		"profiles": [{"id": "p", "factionId": "fangs", "level": 3, "stats": {"v": 1}, "pa": 6, "pv": 9, "stature": 6, "skills": [{"skillId": "osteomancie"}, {"skillId": "berserk", "value": "x"}],
		              "effects": [{"operation": {"kind": "grant-spell", "spellId": "s"}, "target": {"self": true}}, {"operation": {"kind": "spell-pages", "amount": -4}, "target": {"self": true}}]}],
		"mountTypes": [{"id": "t", "kind": "dragon", "factionEligibility": ["fangs", "nowhere"], "excludedProfileIds": ["p", "q"]}],
		"mounts": [{"id": "m", "typeId": "t", "level": 0, "bonuses": {"allonge": 0.25, "pv": 500, "stature": 6, "vol": 1}, "grantedSkills": [{"skillId": "sacrifice"}]},
		           {"id": "m2", "typeId": "t", "level": 3, "cost": -5, "bonuses": {"allonge": 2.5}, "effects": [{"operation": {"kind": "grimoire-discount"}}], "rules": ["x"]}],
		"mountOptions": [{"id": "o", "grantsSkill": 3}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Convert("f.json", data)
		if err != nil {
			return
		}
		if c.DataSet() == nil || c.Report == nil {
			t.Fatal("no data set or report with no error")
		}
		if _, err := c.load(); err != nil {
			t.Fatalf("converted files do not load: %v", err)
		}
	})
}

// TestLimitation reads the limitations as objects and as the cards print them.
func TestLimitation(t *testing.T) {
	for _, tc := range []struct {
		json, want, problem string
	}{
		{`{"kind": "X", "value": 3}`, "X3", ""},
		{`{"kind": "U"}`, "U", ""},
		{`{"kind": "P"}`, "P", ""},
		{`{"kind": "special"}`, "", ""},
		{`"X2"`, "X2", ""},
		{`"p"`, "P", ""},
		{`"Y"`, "", `the string "Y" is no limitation`},
		{`{"kind": "X"}`, "", "null, limitation left out"},
	} {
		c, err := Convert("c.json", []byte(`{"profiles": [{"id": "p", "name": "P", "level": 1, "factionId": "kharns", "cost": 10,
			"stats": {"v": 1, "p": 1, "a": 1, "c": 1, "t": 1, "i": 1}, "stature": 2, "pa": 3, "pv": 5, "limitation": `+tc.json+`}]}`))
		if err != nil {
			t.Fatal(err)
		}
		p := c.profiles[0]
		got := strings.Join(func() []string {
			var s []string
			for _, w := range p.problems {
				s = append(s, w.Msg)
			}
			return s
		}(), "; ")
		if p.limitation != tc.want || (tc.problem == "") != (got == "") || !strings.Contains(got, tc.problem) {
			t.Errorf("%s: limitation %q, problems %q; want %q, %q", tc.json, p.limitation, got, tc.want, tc.problem)
		}
	}
}

// TestMunition checks the munition read from munitionKind (catalogue.md
// section 4.7): fleches are arrows, which make a bow for Master archer,
// except a blowpipe's, read as darts (skills.md #47: "except the blowpipe");
// carreaux are bolts; another kind leaves it unsaid.
func TestMunition(t *testing.T) {
	weapon := func(id, name, kind string) string {
		return `{"id": "` + id + `", "name": "` + name + `", "category": "arme-tir", "cost": 8, "hands": 2,
			"range": {"short": 3, "long": 6}, "munitionKind": "` + kind + `", "baseMunitions": 6}`
	}
	cat := `{"profiles": [], "equipment": [` + weapon("arc-court", "Arc court", "fleches") + `, ` +
		weapon("sarbacane", "Sarbacane", "fleches") + `, ` + weapon("tube", "Blowpipe of the marsh", "fleches") + `, ` +
		weapon("arbalete", "Arbalète", "carreaux") + `, ` + weapon("fronde", "Fronde", "pierre") + `]}`
	c, err := Convert("c.json", []byte(cat))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"arc-court": profiles.MunitionArrows, "sarbacane": profiles.MunitionDarts,
		"tube": profiles.MunitionDarts, "arbalete": profiles.MunitionBolts, "fronde": ""}
	ds := c.DataSet()
	for id, m := range want {
		i := slices.IndexFunc(ds.Equipment, func(e *profiles.Equipment) bool { return e.ID == id })
		if i < 0 {
			t.Errorf("%s: not imported", id)
			continue
		}
		if e := ds.Equipment[i]; e.Effects.Munition != m || e.IsBow() != (m == profiles.MunitionArrows) {
			t.Errorf("%s: munition %q (bow %v), want %q", id, e.Effects.Munition, e.IsBow(), m)
		}
	}
}
