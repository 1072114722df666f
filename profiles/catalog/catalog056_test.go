package catalog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// testdata/catalog-056.json is an INVENTED catalogue in the exact shape of the
// list builder's catalogue 0.5.6 (catalogue.md): every top-level key, every
// field kind of profiles and equipment, every effect operation (section 3.8),
// the data quirks of section 7, and each item of section 8. It is written by
// hand (names and numbers made up); lists/full-056.json is a list in the shape
// of section 5.1 using every member field.

func fixture056(t testing.TB) *Conversion {
	t.Helper()
	c, err := ConvertFile(filepath.Join("testdata", "catalog-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCatalog056Golden pins the conversion of the exact-shape fixture: its YAML
// files and its report.
func TestCatalog056Golden(t *testing.T) {
	c := fixture056(t)
	for _, f := range c.Files {
		golden(t, "catalog-056/"+f.Name, f.Data)
	}
	golden(t, "catalog-056-report.txt", []byte(reportText(c.Report)))
	js, err := c.Report.MarshalSummary()
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "catalog-056-summary.json", js)
}

// TestCatalog056 checks, one by one, what catalogue.md section 8 says the
// importer got wrong, on the exact-shape fixture.
func TestCatalog056(t *testing.T) {
	c := fixture056(t)
	ds := c.DataSet()
	prof := func(id string) *profiles.Profile {
		t.Helper()
		p, err := ds.Profile(id)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	item := func(id string) *profiles.Equipment {
		t.Helper()
		e, err := ds.Item(id)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	skill := func(p *profiles.Profile, name string) profiles.Skill {
		t.Helper()
		s, ok := p.Skill(name)
		if !ok {
			t.Errorf("%s: no %s in %+v", p.ID, name, p.Skills)
		}
		return s
	}
	fields := func(p *profiles.Profile, name string) []profiles.Field {
		var out []profiles.Field
		for _, s := range p.Skills {
			if s.Name == name {
				out = append(out, s.Field)
			}
		}
		return out
	}

	// 1. reservedTo is an object, an AND of its keys: the long axe is for
	// level 2-3 Khârns, the crest spear for the one level-2 Khârn it names;
	// the master's rapier names a level-2 and a level-3 profile with
	// levels [3]: only the level-3 one.
	rempart := prof("kharns-rempart-2")
	if r := item("hache-longue").ReservedTo; len(r) != 5 || slices.Contains(r, "fangs-traqueuse-3") {
		t.Errorf("hache-longue reserved to %v, want the five level-2 Khârns", r)
	}
	if r := item("lance-de-crete").ReservedTo; !slices.Equal(r, []string{"kharns-brasier-2"}) {
		t.Errorf("lance-de-crete reserved to %v", r)
	}
	if r := item("rapiere-de-maitre").ReservedTo; !slices.Equal(r, []string{"fangs-traqueuse-3"}) {
		t.Errorf("rapiere-de-maitre reserved to %v", r)
	}
	// 2-3. Reload AP and ammunition.
	if ef := item("arbalete-de-vase").Effects; ef.Rate != 1 || ef.ReloadAP != 2 || ef.Ammunition != 0 {
		t.Errorf("arbalete-de-vase: rate %d, reload %d, ammunition %d; want 1, 2, unlimited", ef.Rate, ef.ReloadAP, ef.Ammunition)
	}
	if ef := item("arc-des-berges").Effects; ef.Ammunition != 8 || *ef.ArmourPiercing != (profiles.Dice{N: 1, Sides: 5}) {
		t.Errorf("arc-des-berges: ammunition %d, piercing %v; want 8 and 1D5", ef.Ammunition, ef.ArmourPiercing)
	}
	// 4-5. Skills by id, values that are not plain numbers, a second Master.
	skill(rempart, profiles.SkillBunt) // coup-de-corne
	if f := fields(rempart, profiles.SkillMaster); !slices.Equal(f, []profiles.Field{profiles.Defensive, profiles.Objective}) {
		t.Errorf("rempart master %v", f)
	}
	if f := fields(rempart, profiles.SkillHeroic); len(f) != 4 {
		t.Errorf("rempart heroic %v, want four domains", f)
	}
	traqueuse := prof("fangs-traqueuse-3")
	if s := skill(traqueuse, profiles.SkillHeroic); s.Text != profiles.SkillBunt {
		t.Errorf("traqueuse heroic %+v, want the bunt only", s)
	}
	if f := fields(traqueuse, profiles.SkillMaster); !slices.Equal(f, []profiles.Field{profiles.Esoteric}) {
		t.Errorf("traqueuse master %v, want the esoteric field of its way", f)
	}
	// 6. Values on skills the rulebook gives none.
	if s := skill(prof("kharns-porte-voix-2"), profiles.SkillAuthority); s.Value != 2 {
		t.Errorf("authority %+v", s)
	}
	if s := skill(prof("kharns-veilleuse-2"), profiles.SkillSadistic); s.Value != 2 {
		t.Errorf("sadistic %+v", s)
	}
	// 7-8. apatride and allie are list rules; affranchis is a faction.
	if p := prof("kharns-veilleuse-2"); !slices.Contains(p.Traits, profiles.TraitStateless) {
		t.Errorf("veilleuse traits %v", p.Traits)
	}
	if p := prof("kharns-errant-2"); !slices.Contains(p.Traits, profiles.TraitAlliedOf+profiles.Gouns) {
		t.Errorf("errant traits %v, want allied of gouns (\"Goûns \")", p.Traits)
	}
	if p := prof("affranchis-vagabonde-2"); p.Faction != profiles.Affranchis || !slices.Contains(p.Traits, profiles.TraitAlliedOf+profiles.Kharns) {
		t.Errorf("vagabonde %s %v", p.Faction, p.Traits)
	}
	// 9. stats null: T from the count of its kind (itself), the beast's P-I
	// not printed.
	if p := prof("gouns-petiot-1"); p.Stats.T != 1 {
		t.Errorf("petiot T %d, want 1 (itself)", p.Stats.T)
	}
	// catalogue.md 4.5: null is not printed (~ in the YAML, Profile.NotPrinted),
	// never 0 that an action could engage; the petiot's T, given by its
	// stat-count effect, is printed. Fails before: the chiot's P-I read as 0.
	if p := prof("fangs-chiot-1"); p.NotPrinted.String() != "P, A, C, T, I" {
		t.Errorf("chiot not printed %q, want P, A, C, T, I", p.NotPrinted)
	}
	if p := prof("gouns-petiot-1"); p.NotPrinted != 0 {
		t.Errorf("petiot not printed %q, want none (T from its count)", p.NotPrinted)
	}
	// 10. Effects: a grant on its own card, a stat-modifier by level, a
	// mastery die, granted equipment, a card's grant to a trait, a weapon's
	// grant with incrementIfPresent.
	skill(prof("kharns-veilleuse-2"), profiles.SkillExecutioner)
	if rempart.Stats.I != 4 {
		t.Errorf("rempart I %d, want 2 + its level", rempart.Stats.I)
	}
	if len(traqueuse.Mastery) != 4 || !slices.Contains(traqueuse.Equipment, "charme-de-meute") || !slices.Contains(traqueuse.Traits, "meneuse") {
		t.Errorf("traqueuse mastery %v, equipment %v, traits %v", traqueuse.Mastery, traqueuse.Equipment, traqueuse.Traits)
	}
	skill(rempart, profiles.SkillSurvivalInstinct) // carte-des-guerriers, trait guerrier
	if s := skill(prof("kharns-porte-voix-2"), profiles.SkillBrutality); s.Value != 1 {
		t.Errorf("porte-voix brutality %+v, want 1 from its mace", s)
	}
	if s := skill(traqueuse, profiles.SkillDuellist); s.Value != 3 {
		t.Errorf("traqueuse duellist %+v, want 3 from its rapier", s)
	}
	// 11. Helmets and items.
	if h := item("casque-de-fer"); h.Kind != profiles.KindHelmet || h.HelmetBoxes != 3 {
		t.Errorf("casque-de-fer %+v", h)
	}
	if !slices.Contains(rempart.Equipment, "casque-de-fer") || item("sceau-noir").Kind != profiles.KindItem {
		t.Errorf("rempart equipment %v", rempart.Equipment)
	}
	// 12. Reach 2.5 and 3; issue section 5: a reach for defence only is
	// not applied to attacks, a twin's text reads the same, a mirrored
	// perceArmure is counted once, "+2 aux attaques".
	if r := item("lance-de-crete").Effects.Reach; r != 2.5 {
		t.Errorf("lance-de-crete reach %v", r)
	}
	if ef := item("pique-du-guet").Effects; ef.Reach != 3 || ef.AttackBonus != 2 {
		t.Errorf("pique-du-guet %+v", ef)
	}
	// Its allonge 2 is a reach in defence only: defence_reach, for the
	// counter-reach check alone (seed 004 lines 1508-1510), and modelled.
	if ef := item("hache-longue").Effects; ef.Reach != 0 || ef.DefenceReach != 2 || ef.DamageBonus != 1 {
		t.Errorf("hache-longue reach %v, defence reach %v (want 0 and 2), damage %d", ef.Reach, ef.DefenceReach, ef.DamageBonus)
	}
	a, b := item("dagues-jumelles").Effects, item("dague-soeur").Effects
	if a.Bleeding != 2 || b.Bleeding != 2 || *a.FixedDamage != *b.FixedDamage {
		t.Errorf("twins: %+v and %+v", a, b)
	}
	if ef := item("hache-du-bourreau").Effects; ef.ArmourIgnore != 1 || ef.ArmourPiercing != nil {
		t.Errorf("hache-du-bourreau: ignore %d, piercing %v; want 1 and none", ef.ArmourIgnore, ef.ArmourPiercing)
	}
	// 15. An armour without durability, with a warning.
	if rempart.Armour == nil || rempart.Armour.Boxes != unwearable {
		t.Errorf("rempart armour %+v", rempart.Armour)
	}
	// Outliers: 2 HP among 36-42, named by its JSON path.
	want := "profiles[3].pv: 2 is far outside the 4 other level 2 kharns profiles (36-42)"
	if !slices.ContainsFunc(c.Report.Warnings(), func(e error) bool { return strings.Contains(e.Error(), want) }) {
		t.Errorf("no warning %q", want)
	}
}

// TestCatalog056Summary checks the JSON summary: every profile and item
// counted once, per faction and kind, the magic and no-effect items apart.
func TestCatalog056Summary(t *testing.T) {
	s := fixture056(t).Report.JSONSummary()
	if s.Profiles.Total != 14 || s.Equipment.Total != 25 || s.Spells == nil || s.Spells.Total != 15 {
		t.Fatalf("%d profiles, %d items", s.Profiles.Total, s.Equipment.Total)
	}
	for _, c := range []JSONCounts{s.Profiles, s.Equipment} {
		if c.Modelled+c.Partial+c.NotImported != c.Total {
			t.Errorf("counts %+v do not add up", c.JSONCount)
		}
		sum := 0
		for _, g := range c.ByGroup {
			sum += g.Total
		}
		if sum != c.Total {
			t.Errorf("groups add up to %d, want %d", sum, c.Total)
		}
	}
	byID := map[string]JSONEntry{}
	for _, e := range s.Entries {
		byID[e.CatalogID] = e
	}
	// The petiot's shamanism is magic, not "not modelled"; the porte-voix's
	// Independent and Mercy have no effect in a skirmish.
	if e := byID["gouns-petiot-1"]; len(e.Magic) == 0 || slices.ContainsFunc(e.NotModelled, func(s string) bool { return strings.Contains(s, "shamanism") }) {
		t.Errorf("petiot %+v", e)
	}
	if e := byID["kharns-porte-voix-2"]; !slices.Contains(e.NoEffect, "skill independent") || !slices.Contains(e.NoEffect, "skill mercy") {
		t.Errorf("porte-voix no effect %v", e.NoEffect)
	}
	// The rempart's two poison doses (baseEquipmentCounts) are both carried
	// (equipment_copies.go).
	if e := byID["kharns-rempart-2"]; e.Status != "modelled" || len(e.NotModelled) != 0 {
		t.Errorf("rempart %+v", e)
	}
	if len(s.Skills) != len(profiles.Skills()) {
		t.Errorf("%d skill rows, want %d", len(s.Skills), len(profiles.Skills()))
	}
	if _, err := json.Marshal(s); err != nil {
		t.Error(err)
	}
}

// TestListRoundTrip056: the full list goes into a code and back unchanged,
// and its import names every member field the list format leaves out.
func TestListRoundTrip056(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("testdata", "lists", "full-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	code := encodeListCode(t, js)
	back, err := DecodeListCode(code)
	if err != nil || !bytes.Equal(back, js) {
		t.Fatalf("round trip: %v", err)
	}
	x, err := ParseListExport("full-056", back)
	if err != nil {
		t.Fatal(err)
	}
	m := x.Spearheads[0].Members
	if m[1].AddedCount["poison-de-ronce"] != 3 || m[2].Munitions["arc-des-berges"]["simple"] != 1 ||
		!slices.Equal(m[0].Upgrades["hache-longue"], []string{"affutage"}) || !slices.Equal(m[0].SpecialCards, []string{"carte-du-rempart"}) ||
		m[3].Origin != "kharns" || m[1].Mount != "heron-2" || m[1].MountOptions["opt-brutal"] != 1 || m[2].Grimoire != "petit" ||
		!slices.Equal(m[2].Spells, []string{"etincelle-inventee", "offrande-inventee"}) || !slices.Equal(m[2].Granted, []string{"os-brise"}) ||
		!slices.Equal(m[4].Attached, []string{"m2"}) || !slices.Equal(x.OstCards, []string{"carte-x"}) {
		t.Errorf("members %+v", m)
	}
	if len(x.Problems) != 0 {
		t.Errorf("problems reading a list of the exact shape: %v", x.Problems)
	}
	imp := fixture056(t).ImportList(x)
	var all []string
	for _, w := range imp.Warnings {
		all = append(all, w.Error())
	}
	text := strings.Join(all, "\n")
	for _, want := range []string{
		`members[2].munitions.arc-des-berges: not modelled: 1 shots of "mt-123" bought for "arc-des-berges" (that ammunition's effect): not counted, its 5 Kr paid`,
		`members[4].equipmentUpgrades.bouclier-rond: not modelled: upgrade "tressage" on "bouclier-rond" (its effect is only in its card's text)`,
		`members[3].origin: not modelled: origin "kharns"`,
		`ost.cardIds: not modelled`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no warning %q in\n%s", want, text)
		}
	}
	// The mount option opt-brutal (Brutalité, X = 1) is carried by the list
	// entry (mount_options), no longer reported (catalogue.md 4.11).
	if strings.Contains(text, "opt-brutal") {
		t.Errorf("opt-brutal still reported:\n%s", text)
	}
	if m := imp.Lists[0].Members; len(m) < 2 || !slices.Equal(m[1].MountOptions, []profiles.MountChoice{{ID: "opt-brutal", X: 1}}) {
		t.Errorf("veilleuse entry %+v, want mount option opt-brutal 1", m[1])
	}
	// Fielded: the veilleuse on heron-2 with Brutality 1, paying the option's
	// 5 Kr (costByValue[0]) on top of the mount's 30.
	ds := fixture056(t).DataSet()
	on, err := ds.Profile("kharns-veilleuse-2-on-heron-2")
	if err != nil {
		t.Fatal(err)
	}
	if lo := imp.Lists[0].Loadouts(ds); len(lo) < 2 || lo[1].Profile.Cost != on.Cost+5 {
		t.Errorf("veilleuse fielded as %+v, want %d Kr", lo[1].Profile, on.Cost+5)
	} else if b, ok := lo[1].Profile.Skill(profiles.SkillBrutality); !ok || b.Value < 1 {
		t.Errorf("veilleuse fielded without Brutality: %v", lo[1].Profile.Skills)
	}
	// The card the rempart bought grants it Riposte: a card grant now
	// (profiles/catalog/listcards.go), no longer reported.
	if strings.Contains(text, `special card "carte-du-rempart"`) {
		t.Errorf("carte-du-rempart still reported not modelled:\n%s", text)
	}
	if g := imp.Lists[0].CardGrants; len(g) != 1 || g[0].Skills[0].Name != profiles.SkillRiposte || !slices.Equal(g[0].To.Profiles, []string{"kharns-rempart-2"}) {
		t.Errorf("card grants %+v, want riposte to kharns-rempart-2", g)
	}
	if len(imp.Errors) != 0 || imp.Invalid[0] != nil {
		t.Errorf("errors %v, invalid %v", imp.Errors, imp.Invalid[0])
	}
	// Bought arrows (catalogue.md 4.7): the archer's 18 simple arrows (tier
	// 2, 15 Kr) add to its bow's included shots; its hydra arrow's 5 Kr are
	// paid, its shot not counted (named above).
	if m := imp.Lists[0].Members; len(m) < 3 || !slices.Equal(m[2].Ammunition, []profiles.AmmunitionPurchase{{Weapon: "arc-des-berges", Shots: 18, Cost: 20}}) {
		t.Errorf("archer entry ammunition %+v, want 18 shots of arc-des-berges for 20 Kr", m[2].Ammunition)
	}
	// addedEquipmentCounts: the veilleuse's 3 poison doses are all added
	// (equipment_copies.go).
	if m := imp.Lists[0].Members; len(m) < 2 || !slices.Equal(m[1].Add, []string{"poison-de-ronce", "poison-de-ronce", "poison-de-ronce"}) {
		t.Errorf("veilleuse entry %+v, want 3 poison doses added", m[1])
	}
	// The archer's spells, granted spell and grimoire reach its list entry:
	// the small grimoire's 20 Kr (seed 000 line 1475) add to its cost.
	var archer *profiles.ListMember
	for i, lm := range imp.Lists[0].Members {
		if lm.Profile == "kherops-archere-1" {
			archer = &imp.Lists[0].Members[i]
		}
	}
	if archer == nil || archer.Grimoire != "small" || !slices.Equal(archer.Spells, []string{"etincelle-inventee", "offrande-inventee"}) ||
		!slices.Equal(archer.Granted, []string{"os-brise"}) {
		t.Fatalf("archer entry %+v", archer)
	}
	card, _ := ds.Profile("kherops-archere-1")
	if p := ds.MemberProfile(card, *archer); p.Cost != card.Cost+20 || len(p.Magic.Known) != 3 || p.Magic.Known[0] == nil {
		t.Errorf("archer fielded %+v, magic %+v", p, p.Magic)
	}
}

// TestListMagic056 checks a list's spells and grimoire against the rules of
// magic (seed 000 lines 1462-1478), each problem an error at its JSON path:
// pages over the small grimoire, generic spells over the caster's level, a
// spell of another way, a spell reserved to others, a non-caster with spells,
// an unknown spell.
func TestListMagic056(t *testing.T) {
	c := fixture056(t)
	member := func(profile, magic string) string {
		return `{"instanceId": "m1", "profileId": "` + profile + `", "addedEquipmentIds": [], "removedBaseEquipmentIds": [], ` + magic + `}`
	}
	for _, tc := range []struct {
		name, faction, member, want string
	}{
		{"pages", "fangs", member("fangs-traqueuse-3", `"grimoireId": "petit", "spellIds": ["os-chantant", "os-brise", "os-chantant"]`),
			"members[0].spellIds[2]: grimoire spells fill 7 pages, the small grimoire holds 5 (seed 000 line 1475)"},
		{"way", "fangs", member("fangs-traqueuse-3", `"grimoireId": "petit", "spellIds": ["os-chantant", "os-brise", "offrande-inventee"]`),
			"members[0].spellIds[2]: spell \"offrande-inventee\" belongs to the way sacrifice; fangs-traqueuse-3 masters osteomancy"},
		{"level budget", "fangs", member("fangs-traqueuse-3", `"spellIds": ["grand-appel", "etincelle-inventee"]`),
			"members[0].spellIds[1]: generic spells take 4 level(s), a level 3 caster knows at most 3"},
		{"reservation", "kherops", member("kherops-archere-1", `"spellIds": ["baume-invente"]`),
			"members[0].spellIds[0]: spell \"baume-invente\" is reserved to fangs"},
		{"no way", "kharns", member("kharns-rempart-2", `"spellIds": ["etincelle-inventee"]`),
			"members[0].spellIds: kharns-rempart-2 masters no way of magic"},
		{"unknown", "fangs", member("fangs-traqueuse-3", `"spellIds": ["os-inconnu"]`),
			"members[0].spellIds[0]: unknown spell \"os-inconnu\""},
		{"grimoire", "fangs", member("fangs-traqueuse-3", `"grimoireId": "moyen"`),
			"members[0].grimoireId: grimoire \"moyen\" is neither petit nor grand"},
		{"needs a grimoire", "fangs", member("fangs-traqueuse-3", `"spellIds": ["os-brise"]`),
			"members[0].spellIds[0]: grimoire spell \"os-brise\" needs a grimoire"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			js := `{"schemaVersion": "1", "fersDeLance": [{"factionId": "` + tc.faction + `", "leaderInstanceId": "m1", "members": [` + tc.member + `]}]}`
			x, err := ParseListExport("t", []byte(js))
			if err != nil {
				t.Fatal(err)
			}
			imp := c.ImportList(x)
			var all []string
			for _, e := range imp.Errors {
				all = append(all, e.Error())
			}
			if text := strings.Join(all, "\n"); !strings.Contains(text, "t: fersDeLance[0]."+tc.want) {
				t.Errorf("errors:\n%s\nwant %q", text, tc.want)
			}
		})
	}
}

// TestMounts056 checks the mounts of the fixture (catalogue.md 4.11): a rider
// on heron-2 is one profile with the mount's bonuses (V +1, HP +12, stature
// +3, reach 0.5 + 0.5, 30 Kr), its skill, and its rule named as not
// modelled; a rider the mount type excludes, or of a level too far from the
// mount's, cannot ride it.
func TestMounts056(t *testing.T) {
	c := fixture056(t)
	ds := c.DataSet()
	rider, err := ds.Profile("kharns-rempart-2")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ds.Profile("kharns-rempart-2-on-heron-2")
	if err != nil {
		t.Fatal(err)
	}
	if p.Stats.V != rider.Stats.V+1 || p.HP != rider.HP+12 || p.Stature != rider.Stature+3 || p.Cost != rider.Cost+30 {
		t.Errorf("mounted %+v, rider %+v", p, rider)
	}
	if sk, ok := p.Skill(profiles.SkillReach); !ok || sk.Toises != 1 {
		t.Errorf("reach %+v", sk)
	}
	if _, ok := p.Skill(profiles.SkillBrutalCharge); !ok {
		t.Errorf("no brutal charge: %v", p.Skills)
	}
	if !slices.Contains(profiles.ComputedWithout(p), `mount heron-2: rule "Coup de bec"`) {
		t.Errorf("computed without %v", profiles.ComputedWithout(p))
	}
	for _, tc := range []struct{ id, want string }{
		{"kharns-brasier-2-on-sanglier-3", "may not carry kharns-brasier-2"},
		{"gouns-petiot-1-on-sanglier-3", "its rider is of level 2 to 3, gouns-petiot-1 is level 1"},
		{"fangs-chiot-1-on-heron-2", "carries Safars of kharns, not fangs-chiot-1"},
	} {
		if _, err := ds.Profile(tc.id); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.id, err, tc.want)
		}
	}
	if s := c.Report.JSONSummary(); s.Mounts == nil || s.Mounts.Total != 2 || s.Mounts.ByGroup["koelod"].Partial != 1 {
		t.Errorf("mount counts %+v", s.Mounts)
	}
	// A list member's mount: the entry rides it and costs it; an unknown
	// mount is an error at its JSON path.
	js := `{"fersDeLance": [{"factionId": "kharns", "leaderInstanceId": "m1", "members": [
	  {"instanceId": "m1", "profileId": "kharns-rempart-2", "mount": {"mountId": "heron-2", "addedEquipmentIds": ["caparacon"]}},
	  {"instanceId": "m2", "profileId": "kharns-veilleuse-2", "mount": {"mountId": "licorne-9", "addedEquipmentIds": ["caparacon"]}}]}]}`
	x, err := ParseListExport("t", []byte(js))
	if err != nil {
		t.Fatal(err)
	}
	imp := c.ImportList(x)
	if l := imp.Lists[0]; l.Members[0].Mount != "heron-2" || l.Members[1].Mount != "" || l.Loadouts(ds)[0].Profile.ID != "kharns-rempart-2-on-heron-2" {
		t.Errorf("members %+v", l.Members)
	}
	// The mount's own item (mountEquipment "mount") joins the entry's
	// equipment: the caparaçon, an armour the mount wears in a slot of its own.
	if l := imp.Lists[0]; !slices.Contains(l.Members[0].Add, "caparacon") {
		t.Errorf("the mount's caparacon not added: %+v", l.Members[0])
	} else if items := l.Loadouts(ds)[0].Items(ds); !slices.ContainsFunc(items, func(e *profiles.Equipment) bool {
		return e.ID == "caparacon" && e.MountEquipment == profiles.MountWorn && e.Armour != nil && e.Armour.Stacks
	}) {
		t.Errorf("fielded items %v: no caparacon worn by the mount", items)
	}
	if len(imp.Errors) != 1 || !strings.Contains(imp.Errors[0].Error(), `t: fersDeLance[0].members[1].mount.mountId: unknown mount "licorne-9"`) {
		t.Errorf("errors %v", imp.Errors)
	}
	if !slices.ContainsFunc(imp.Warnings, func(p Problem) bool {
		return strings.Contains(p.Error(), `members[1].mount.addedEquipmentIds[0]: "caparacon" is for a mount not imported: left out`)
	}) {
		t.Errorf("warnings %v", imp.Warnings)
	}
	if !bytes.Contains(imp.Files[0].Data, []byte("    mount: heron-2\n")) || imp.Invalid[0] != nil {
		t.Errorf("list YAML:\n%s\n%v", imp.Files[0].Data, imp.Invalid[0])
	}
}
