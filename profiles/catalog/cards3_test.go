package catalog_test

import (
	"math"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/profiles/catalog"
	"github.com/kharn-ages/kharn/sim"
)

// entry returns the report entry of a catalogue id.
func entry(t *testing.T, r *catalog.Report, id string) catalog.Entry {
	t.Helper()
	for _, e := range r.Entries {
		if e.CatalogID == id {
			return e
		}
	}
	t.Fatalf("no entry %s", id)
	return catalog.Entry{}
}

// hornCatalogue is an invented catalogue in the shape of catalogue.md with two
// horned Khârns: one Heroic "coup de corne" (skills.md #8: "Two profiles have
// Heroic with the value \"coup de corne\""), one Master "coup de corne", and a
// prey. Names and numbers are invented.
var hornCatalogue = []byte(`{"version": "t", "rulesVersion": "t",
	"factions": [{"id": "kharns", "name": "Khârns"}],
	"skills": [{"id": "coup-de-corne", "keyword": "Coup de corne", "hasValue": false},
	           {"id": "heroique", "keyword": "Héroïque", "hasValue": true},
	           {"id": "maitre", "keyword": "Maître", "hasValue": true}],
	"profiles": [
	  {"id": "cornu-heros-2", "name": "Cornu héroïque", "factionId": "kharns", "level": 2, "cost": 50,
	   "stats": {"v": 4, "p": 4, "a": 3, "c": 5, "t": 3, "i": 2}, "stature": 3, "pa": 6, "pv": 24,
	   "skills": [{"skillId": "coup-de-corne"}, {"skillId": "heroique", "value": "coup de corne"}]},
	  {"id": "cornu-maitre-2", "name": "Cornu maître", "factionId": "kharns", "level": 2, "cost": 50,
	   "stats": {"v": 4, "p": 4, "a": 3, "c": 5, "t": 3, "i": 2}, "stature": 3, "pa": 6, "pv": 24,
	   "skills": [{"skillId": "coup-de-corne"}, {"skillId": "maitre", "value": "coup de corne"}]},
	  {"id": "proie-2", "name": "Proie", "factionId": "kharns", "level": 2, "cost": 40,
	   "stats": {"v": 3, "p": 3, "a": 4, "c": 3, "t": 3, "i": 2}, "stature": 3, "pa": 6, "pv": 24}],
	"equipment": []}`)

// TestImportHeroicBunt checks skills.md #14 and #8 through the importer: the
// catalogue's Heroic "coup de corne" is written "heroic: bunt", which the
// engine plays (sim.Skills.HeroicAttacks), so the profile is fully modelled;
// its Bunt rolls one more die than its level (R1 + Heroic), exactly as a
// profile one level higher without Heroic, and its melee attacks do not.
// Master "coup de corne" (a free reroll on the bunt) is not read by the engine,
// which reads Master by field: it stays named not modelled.
func TestImportHeroicBunt(t *testing.T) {
	c, err := catalog.Convert("horns.json", hornCatalogue)
	if err != nil {
		t.Fatal(err)
	}
	if e := entry(t, c.Report, "cornu-heros-2"); e.Status != catalog.Modelled {
		t.Errorf("cornu-heros-2: %v, not modelled %q; want modelled (heroic: bunt is played)", e.Status, e.NotModelled)
	}
	if e := entry(t, c.Report, "cornu-maitre-2"); e.Status == catalog.Modelled || !strings.Contains(strings.Join(e.NotModelled, "; "), "skill master bunt") {
		t.Errorf("cornu-maitre-2: %v, not modelled %q; want master bunt named", e.Status, e.NotModelled)
	}
	ds := c.DataSet()
	hero, err := ds.Profile("cornu-heros-2")
	if err != nil {
		t.Fatal(err)
	}
	prey, err := ds.Profile("proie-2")
	if err != nil {
		t.Fatal(err)
	}
	if got := sim.ReadSkills(hero).HeroicAttacks; got != 1<<sim.Bunt {
		t.Fatalf("cornu-heros-2 heroic attacks %b, want the bunt only (%b)", got, 1<<sim.Bunt)
	}
	// The same Safar without Heroic, one level higher: level + 1 dice on
	// everything (R1).
	higher := *hero
	higher.Level++
	higher.Skills = []profiles.Skill{{Name: profiles.SkillBunt}}
	plain := *hero
	plain.Skills = higher.Skills
	success := func(p *profiles.Profile, a sim.Attack) float64 {
		t.Helper()
		r, err := (&sim.Exchange{Attacker: sim.NewFighter(p, nil), Defender: sim.NewFighter(prey, nil),
			Attack: a, Policy: sim.Policy{}}).Exact()
		if err != nil {
			t.Fatal(err)
		}
		return r.PSuccess
	}
	bunt := sim.Attack{Kind: sim.Bunt, AP: 2, Chars: sim.CharsOf(sim.P, sim.C)}
	melee := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.C), Effects: sim.CharsOf(sim.P)}
	if h, w, p := success(hero, bunt), success(&higher, bunt), success(&plain, bunt); math.Abs(h-w) > 1e-12 || h <= p {
		t.Errorf("bunt: P(success) %.12g with heroic bunt, %.12g one level higher, %.12g without: want the first two equal, above the third", h, w, p)
	}
	if h, p := success(hero, melee), success(&plain, melee); math.Abs(h-p) > 1e-12 {
		t.Errorf("melee: P(success) %.12g with heroic bunt, %.12g without: want equal (the bunt only)", h, p)
	}
}

// TestImportMasterGenericAction checks skills.md #35 ("one value naming a
// single generic action") on the fixture's affranchis-vagabonde-2, Master
// "convaincre / négocier": the mastery of Convincing/negotiating only (seed
// 000 l.1131-1135, seed 004 l.1090-1092), which the engine plays on a
// scenario's neutral (sim/negotiation.go): "master: negotiating" is written,
// no Master field (read as objective, it gave a free reroll to every scenario
// test), and nothing is left not modelled. A mixed value keeps both:
// "défense / négocier" is Master defensive and Master negotiating.
func TestImportMasterGenericAction(t *testing.T) {
	c, err := catalog.ConvertFile("testdata/catalog-056.json")
	if err != nil {
		t.Fatal(err)
	}
	p, err := c.DataSet().Profile("affranchis-vagabonde-2")
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := p.Skill(profiles.SkillMaster); !ok || s.Field != "" || s.Text != profiles.MasterNegotiating {
		t.Errorf("vagabonde: master %+v (%v), want master: negotiating", s, ok)
	}
	if nm := strings.Join(entry(t, c.Report, "affranchis-vagabonde-2").NotModelled, "; "); strings.Contains(nm, "negotiating") {
		t.Errorf("vagabonde not modelled %q: the negotiating action is played", nm)
	}

	mixed := strings.Replace(string(hornCatalogue), `"value": "coup de corne"}]},
	  {"id": "proie-2"`, `"value": "défense / négocier"}]},
	  {"id": "proie-2"`, 1)
	c, err = catalog.Convert("mixed.json", []byte(mixed))
	if err != nil {
		t.Fatal(err)
	}
	m, err := c.DataSet().Profile("cornu-maitre-2")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range m.Skills {
		if s.Name == profiles.SkillMaster {
			got = append(got, string(s.Field)+s.Text)
		}
	}
	if strings.Join(got, ",") != "defensive,negotiating" {
		t.Errorf("défense / négocier: master %v, want defensive and negotiating", got)
	}
	if nm := strings.Join(entry(t, c.Report, "cornu-maitre-2").NotModelled, "; "); strings.Contains(nm, "negotiating") {
		t.Errorf("défense / négocier: not modelled %q, want nothing of negotiating", nm)
	}
}

// TestSealListGiven checks skills.md #61 (apatride, class LIST: "May be
// recruited in a Spearhead of any faction. Also from: an item (the Black
// Guild seal)") for a Safar a list gives the fixture's sceau-noir: the item is
// written with grants_traits [stateless] and fully modelled, and list
// validation (profiles.ParseList, which kharn import list runs on every
// imported list) takes a Tembo in a Khârn Spearhead when the entry adds the
// seal, paying its 10 Kr, and refuses it without the seal (rulebook
// "Recruiting your Spearhead", English seed 000 lines 391-396).
func TestSealListGiven(t *testing.T) {
	c, err := catalog.ConvertFile("testdata/catalog-056.json")
	if err != nil {
		t.Fatal(err)
	}
	if e := entry(t, c.Report, "sceau-noir"); e.Status != catalog.Modelled {
		t.Errorf("sceau-noir: %v, not modelled %q; want modelled", e.Status, e.NotModelled)
	}
	ds := c.DataSet()
	seal, err := ds.Item("sceau-noir")
	if err != nil {
		t.Fatal(err)
	}
	if len(seal.GrantsTraits) != 1 || seal.GrantsTraits[0] != profiles.TraitStateless {
		t.Fatalf("sceau-noir grants traits %q, want [stateless]", seal.GrantsTraits)
	}
	colosse, err := ds.Profile("tembos-colosse-2")
	if err != nil {
		t.Fatal(err)
	}
	list := func(add string) string {
		return "name: Sceau\nfaction: kharns\nbudget: 1000\nleader: kharns-errant-2\nmembers:\n" +
			"  - profile: kharns-errant-2\n  - profile: tembos-colosse-2\n" + add
	}
	without, err := profiles.ParseList("without.yaml", []byte(list("")), ds)
	if err == nil || !strings.Contains(err.Error(), "tembos-colosse-2 is a tembos profile") {
		t.Fatalf("a Tembo without the seal in a Khârn Spearhead: %v (list %v), want refused", err, without)
	}
	with, err := profiles.ParseList("with.yaml", []byte(list("    add: [sceau-noir]\n")), ds)
	if err != nil {
		t.Fatalf("a Tembo given the seal in a Khârn Spearhead: %v, want accepted", err)
	}
	errant, err := ds.Profile("kharns-errant-2")
	if err != nil {
		t.Fatal(err)
	}
	if cost := with.Cost(ds); cost != errant.Cost+colosse.Cost+seal.Cost {
		t.Errorf("the list costs %d Kr, want the two cards %d + %d and the seal %d", cost, errant.Cost, colosse.Cost, seal.Cost)
	}
}

// TestImportOneOrTwoHands checks hands "1-2" (catalogue.md 4.6 and section 8
// item 13). The rulebooks know one- and two-handed weapons only (seed 000
// l.1718, seed 004 l.1630); the data format's hands: 1-2 is one-handed for the
// rules of hands and, held alone, in both hands for Ambidextrous' Riposte
// (skills.md #21, sim ambidextrousRiposte, TestAmbidextrous). So the fixture's
// epee-batarde, whose text ("+1 dgt") gives every grip the same, is fully
// modelled, and takes a shield; a phrase for the two-handed grip only is named
// and never read as an effect of every grip.
func TestImportOneOrTwoHands(t *testing.T) {
	c, err := catalog.ConvertFile("testdata/catalog-056.json")
	if err != nil {
		t.Fatal(err)
	}
	if e := entry(t, c.Report, "epee-batarde"); e.Status != catalog.Modelled {
		t.Errorf("epee-batarde: %v, not modelled %q; want modelled", e.Status, e.NotModelled)
	}
	ds := c.DataSet()
	sword, err := ds.Item("epee-batarde")
	if err != nil {
		t.Fatal(err)
	}
	if !sword.Versatile || sword.Hands != 1 || sword.Effects.DamageBonus != 1 {
		t.Errorf("epee-batarde: versatile %v, hands %d, damage bonus %d; want true, 1, 1", sword.Versatile, sword.Hands, sword.Effects.DamageBonus)
	}
	vagabonde, err := ds.Profile("affranchis-vagabonde-2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ds.Equip(vagabonde, []string{"bouclier-rond"}, nil); err != nil {
		t.Errorf("epee-batarde with a shield: %v, want allowed (one hand)", err)
	}

	texts := []string{"+1 dgt. +1 DEF à deux mains", "À deux mains : +1 DEF"}
	for _, text := range texts {
		js := `{"version": "t", "rulesVersion": "t", "factions": [{"id": "kharns", "name": "Khârns"}], "skills": [], "profiles": [],
		 "equipment": [{"id": "b", "name": "B", "category": "arme-cac", "cost": 12, "hands": "1-2", "allonge": 1, "effectsText": "` + text + `"}]}`
		c, err := catalog.Convert("b.json", []byte(js))
		if err != nil {
			t.Fatal(err)
		}
		nm := strings.Join(entry(t, c.Report, "b").NotModelled, "; ")
		if !strings.Contains(nm, "DEF à deux mains") && !strings.Contains(nm, "deux mains : +1 DEF") || !strings.Contains(nm, "two-handed grip only") {
			t.Errorf("%q: not modelled %q, want the two-handed phrase named", text, nm)
		}
		b, err := c.DataSet().Item("b")
		if err != nil {
			t.Fatal(err)
		}
		if b.Effects.DefenceBonus != 0 {
			t.Errorf("%q: defence bonus %d on every grip, want 0", text, b.Effects.DefenceBonus)
		}
	}
}

// boltList is an invented list in the shape of catalogue.md 5.1: two Khérops
// crossbowmen who leave their reloading crossbow behind, one with a tier-2
// purchase of simple bolts for its light crossbow, one with none.
const boltList = `{"schemaVersion": "1", "catalogVersion": "0.5.6-test", "id": "l", "name": "Carreaux",
 "format": "escarmouche", "pointsLimit": 400, "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z",
 "fersDeLance": [{"id": "f", "factionId": "kherops", "leaderInstanceId": "a",
  "members": [
   {"instanceId": "a", "profileId": "kherops-arbaletrier-2", "addedEquipmentIds": [], "removedBaseEquipmentIds": ["arbalete-de-vase"],
    "spellIds": [], "munitions": {"arbalete-legere": {"simple": 1}}},
   {"instanceId": "b", "profileId": "kherops-arbaletrier-2", "addedEquipmentIds": [], "removedBaseEquipmentIds": ["arbalete-de-vase"],
    "spellIds": []}]}],
 "snapshot": {"totalCost": 0, "entries": []}}`

// TestImportBoughtAmmunition checks catalogue.md 4.7 on the fixture's light
// crossbow (munitionKind carreaux, neither baseMunitions nor reload: "its
// ammunition is only what is bought"). The weapon is fully modelled, with the
// default purchase of the cheapest tier of simple bolts (the fixture's
// carreaux: 4 shots for 5 Kr), which a profile fielded with no list carries
// and pays (70 + 5 Kr). In a list, the bought tier gives the shots and the
// Krowns (tier 2: 12 bolts, 15 Kr); a member that buys none is named and
// fights without the crossbow: it cannot shoot (sim.NewSpearhead gives it no
// shooting weapon).
func TestImportBoughtAmmunition(t *testing.T) {
	c, err := catalog.ConvertFile("testdata/catalog-056.json")
	if err != nil {
		t.Fatal(err)
	}
	if e := entry(t, c.Report, "arbalete-legere"); e.Status != catalog.Modelled {
		t.Errorf("arbalete-legere: %v, not modelled %q; want modelled", e.Status, e.NotModelled)
	}
	ds := c.DataSet()
	xbow, err := ds.Item("arbalete-legere")
	if err != nil {
		t.Fatal(err)
	}
	if b := xbow.BoughtAmmunition; b == nil || b.Shots != 4 || b.Cost != 5 {
		t.Fatalf("arbalete-legere bought ammunition %+v, want 4 shots for 5 Kr", b)
	}
	p, err := ds.Profile("kherops-arbaletrier-2")
	if err != nil {
		t.Fatal(err)
	}
	bare, err := ds.Equip(p, nil, []string{"arbalete-de-vase"})
	if err != nil {
		t.Fatal(err)
	}
	vase, err := ds.Item("arbalete-de-vase")
	if err != nil {
		t.Fatal(err)
	}
	if f := sim.NewFighter(p, bare.Items(ds)); f.Ranged == nil || f.Ranged.ID != "arbalete-legere" || f.Ranged.Effects.Ammunition != 4 {
		t.Errorf("bare crossbowman shoots with %+v, want the light crossbow with 4 bolts", f.Ranged)
	}
	if got, want := bare.Cost(ds), p.Cost-vase.Cost+5; got != want {
		t.Errorf("bare crossbowman costs %d Kr, want %d (the card less the vase crossbow, plus the default bolts)", got, want)
	}

	x, err := catalog.ParseListExport("bolts.json", []byte(boltList))
	if err != nil {
		t.Fatal(err)
	}
	li := c.ImportList(x)
	if len(li.Errors) > 0 || li.Invalid[0] != nil {
		t.Fatalf("import: errors %v, invalid %v", li.Errors, li.Invalid[0])
	}
	named := false
	for _, w := range li.Warnings {
		named = named || strings.Contains(w.Msg, `no ammunition bought for "arbalete-legere", whose ammunition is only bought: it cannot shoot`)
	}
	if !named {
		t.Errorf("warnings %v: want the crossbowman without bolts named", li.Warnings)
	}
	l := li.Lists[0]
	if len(l.Members) != 2 || len(l.Members[0].Ammunition) != 1 || l.Members[0].Ammunition[0] != (profiles.AmmunitionPurchase{Weapon: "arbalete-legere", Shots: 12, Cost: 15}) || len(l.Members[1].Ammunition) != 0 {
		t.Fatalf("members %+v: want 12 bolts for 15 Kr on the first, none on the second", l.Members)
	}
	parsed, err := profiles.ParseList("list.yaml", li.Files[0].Data, ds)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := parsed.Cost(ds), 2*(p.Cost-vase.Cost)+15; got != want {
		t.Errorf("the list costs %d Kr, want %d (two cards less the vase crossbow, plus 15 Kr of bolts)", got, want)
	}
	sh := sim.NewSpearhead(parsed, ds)
	if r := sh.Safars[0].Ranged; r == nil || r.ID != "arbalete-legere" || r.Effects.Ammunition != 12 {
		t.Errorf("crossbowman with bolts shoots with %+v, want the light crossbow with 12", r)
	}
	if r := sh.Safars[1].Ranged; r != nil {
		t.Errorf("crossbowman without bolts shoots with %s, want nothing (it cannot shoot)", r.ID)
	}
}
