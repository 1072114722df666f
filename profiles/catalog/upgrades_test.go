package catalog

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestListUpgrades056 checks the edge upgrade of a list export (catalogue.md
// 4.8: the equipmentUpgrades entry with requiresTranchant, read as +1
// damage; 5.1: equipmentUpgrades {equipmentId: [upgradeId]}): the rempart's
// "affutage" on its long axe becomes the list format's upgrades, its 6 Kr
// added to the entry's cost and its axe's damage +1; the porte-voix's
// "tressage" on its shield (an upgrade whose effect is only in its text) is
// named not modelled and left out. The tranchant weapons are written edge:
// true.
func TestListUpgrades056(t *testing.T) {
	c := fixture056(t)
	js, err := os.ReadFile(filepath.Join("testdata", "lists", "full-056.json"))
	if err != nil {
		t.Fatal(err)
	}
	x, err := ParseListExport("full-056", js)
	if err != nil {
		t.Fatal(err)
	}
	imp := c.ImportList(x)
	if len(imp.Errors) != 0 || imp.Invalid[0] != nil {
		t.Fatalf("errors %v, invalid %v", imp.Errors, imp.Invalid[0])
	}
	l := imp.Lists[0]
	want := []profiles.Upgrade{{Weapon: "hache-longue", ID: profiles.UpgradeEdge, Cost: 6}}
	if m := l.Members[0]; m.Profile != "kharns-rempart-2" || !slices.Equal(m.Upgrades, want) {
		t.Fatalf("rempart entry %+v, want upgrades %v", m, want)
	}
	for _, m := range l.Members[1:] {
		if len(m.Upgrades) != 0 {
			t.Errorf("%s: upgrades %v, want none (tressage is not modelled)", m.Profile, m.Upgrades)
		}
	}
	if !strings.Contains(string(imp.Files[0].Data), "    upgrades: {hache-longue: {edge: {cost: 6}}}\n") {
		t.Errorf("list file without the upgrade:\n%s", imp.Files[0].Data)
	}
	var warnings []string
	for _, w := range imp.Warnings {
		warnings = append(warnings, w.Error())
	}
	text := strings.Join(warnings, "\n")
	if strings.Contains(text, "affutage") {
		t.Errorf("the edge upgrade still named:\n%s", text)
	}
	if !strings.Contains(text, `members[4].equipmentUpgrades.bouclier-rond: not modelled: upgrade "tressage" on "bouclier-rond"`) {
		t.Errorf("tressage not named:\n%s", text)
	}

	ds := c.DataSet()
	los := l.Loadouts(ds)
	plain := los[0]
	plain.Upgrades = nil
	if got, base := los[0].Cost(ds), plain.Cost(ds); got != base+6 {
		t.Errorf("rempart costs %d Kr with the edge, %d without: want 6 Kr more", got, base)
	}
	axe := func(lo profiles.Loadout) *profiles.Equipment {
		for _, e := range lo.Items(ds) {
			if e.ID == "hache-longue" {
				return e
			}
		}
		t.Fatalf("no hache-longue in %v", lo)
		return nil
	}
	if a, b := axe(los[0]), axe(plain); !b.Edge || a.Effects.DamageBonus != b.Effects.DamageBonus+1 {
		t.Errorf("hache-longue: damage bonus %d with the edge, %d without (edge %v); want +1", a.Effects.DamageBonus, b.Effects.DamageBonus, b.Edge)
	}
	for _, f := range c.Files {
		if f.Name == "equipment.yaml" && strings.Count(string(f.Data), "\n    edge: true\n") != 8 {
			t.Errorf("equipment.yaml: %d weapons with edge: true, want the 8 tranchant ones", strings.Count(string(f.Data), "\n    edge: true\n"))
		}
	}
}

// TestListUpgradeErrors056 checks the edge upgrade bought where it is not
// sold, each an error at its JSON path, the upgrade left out: on a weapon
// the member does not carry, on one without the edge (tranchant), on a free
// weapon (catalogue.md 4.6 "Free weapons", 4.8 forbiddenOnFreeWeapon).
func TestListUpgradeErrors056(t *testing.T) {
	c := fixture056(t)
	for _, tc := range []struct {
		name, member, want string
	}{
		{"not carried", `"profileId": "kharns-rempart-2", "addedEquipmentIds": [], "equipmentUpgrades": {"epee-batarde": ["affutage"]}`,
			`members[0].equipmentUpgrades.epee-batarde: the edge upgrade "affutage" on "epee-batarde", which the member does not carry`},
		{"no edge", `"profileId": "kharns-porte-voix-2", "addedEquipmentIds": [], "equipmentUpgrades": {"masse-brutale": ["affutage"]}`,
			`members[0].equipmentUpgrades.masse-brutale: the edge upgrade "affutage" on "masse-brutale", which has no edge`},
		{"free weapon", `"profileId": "kharns-rempart-2", "addedEquipmentIds": ["pique-du-guet"], "equipmentUpgrades": {"pique-du-guet": ["affutage"]}`,
			`members[0].equipmentUpgrades.pique-du-guet: the edge upgrade "affutage" on "pique-du-guet", a free weapon`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			js := `{"schemaVersion": "1", "fersDeLance": [{"factionId": "kharns", "leaderInstanceId": "m1", "members": [{"instanceId": "m1", "removedBaseEquipmentIds": [], "spellIds": [], ` + tc.member + `}]}]}`
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
			if len(imp.Lists) != 1 || len(imp.Lists[0].Members) != 1 || len(imp.Lists[0].Members[0].Upgrades) != 0 {
				t.Errorf("the upgrade is not left out: %+v", imp.Lists)
			}
		})
	}
}

// TestListPiercingAmmunition056 checks armour-piercing arrows bought in a
// list (catalogue.md 4.7: the type "perce", label "Perçantes", which the
// catalogue gives by name only; read as armour-piercing 1, sim/piercing.go):
// their shots count among the purchase's shots as its piercing shots, their
// Krowns paid, written piercing: N; the hydra arrow's shot is still named
// and not counted.
func TestListPiercingAmmunition056(t *testing.T) {
	c := fixture056(t)
	js := `{"schemaVersion": "1", "fersDeLance": [{"factionId": "kherops", "leaderInstanceId": "m1", "members": [{"instanceId": "m1", "profileId": "kherops-archere-1", "addedEquipmentIds": [], "removedBaseEquipmentIds": [], "spellIds": [], "munitions": {"arc-des-berges": {"simple": 0, "perce": 1, "mt-123": 0}}}]}]}`
	x, err := ParseListExport("t", []byte(js))
	if err != nil {
		t.Fatal(err)
	}
	imp := c.ImportList(x)
	if len(imp.Errors) != 0 || imp.Invalid[0] != nil {
		t.Fatalf("errors %v, invalid %v", imp.Errors, imp.Invalid[0])
	}
	want := []profiles.AmmunitionPurchase{{Weapon: "arc-des-berges", Shots: 10, Cost: 25, Piercing: 4}}
	if got := imp.Lists[0].Members[0].Ammunition; !slices.Equal(got, want) {
		t.Errorf("ammunition %+v, want %+v (6 simple and 4 armour-piercing arrows, 5 + 15 + 5 Kr)", got, want)
	}
	if !strings.Contains(string(imp.Files[0].Data), "ammunition: {arc-des-berges: {shots: 10, cost: 25, piercing: 4}}") {
		t.Errorf("list file:\n%s", imp.Files[0].Data)
	}
	var warnings []string
	for _, w := range imp.Warnings {
		warnings = append(warnings, w.Error())
	}
	text := strings.Join(warnings, "\n")
	if strings.Contains(text, `"perce"`) || !strings.Contains(text, `not modelled: 1 shots of "mt-123"`) {
		t.Errorf("warnings:\n%s\nwant the hydra arrow named, the piercing ones not", text)
	}
	ds := c.DataSet()
	found := false
	for _, e := range imp.Lists[0].Loadouts(ds)[0].Items(ds) {
		if e.ID == "arc-des-berges" {
			found = true
			if base, _ := ds.Item(e.ID); e.Effects.Ammunition != base.Effects.Ammunition+10 || e.Effects.PiercingShots != 4 {
				t.Errorf("bow fielded with %d shots, %d piercing; want %d, 4", e.Effects.Ammunition, e.Effects.PiercingShots, base.Effects.Ammunition+10)
			}
		}
	}
	if !found {
		t.Error("the archer fields no arc-des-berges")
	}
}
