package profiles

import (
	"strings"
	"testing"
)

// ammoData is an invented data set: a light crossbow whose ammunition is only
// bought (catalogue.md 4.7: a bolt weapon with neither baseMunitions nor
// reload; its default purchase the cheapest tier of simple bolts, 4 shots for
// 5 Kr), a bow with 8 shots included, and a crossbowman carrying both.
const ammoData = okProfile + `    equipment: [xbow, bow, e1]
equipment:
  - {id: e1, name: E, kind: melee, cost: 5, hands: 1}
  - id: xbow
    name: Light crossbow
    kind: ranged
    cost: 12
    hands: 1
    range: {short: 2, long: 5}
    bought_ammunition: {shots: 4, cost: 5}
  - id: bow
    name: Bow
    kind: ranged
    cost: 10
    hands: 2
    range: {short: 4, long: 9}
    ammunition: 8
`

// shots returns the ammunition of each ranged weapon of items, by id.
func shots(items []*Equipment) map[string]int {
	out := map[string]int{}
	for _, e := range items {
		if e.Kind == KindRanged {
			out[e.ID] = e.Effects.Ammunition
		}
	}
	return out
}

// TestBoughtAmmunition checks the reading of a weapon whose ammunition is
// only bought (profiles/ammunition.go, catalogue.md 4.7 "its ammunition is
// only what is bought"): fielded with no list it has its default purchase,
// 4 shots, and pays its 5 Kr; in a list it has what the list buys (12 for
// 15 Kr), or none when the list buys none: it cannot shoot and is left out
// of what the Safar fights with, the bow then its shooting weapon. Bought
// arrows add to a bow's included shots (8 + 18).
func TestBoughtAmmunition(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": ammoData})
	if err != nil {
		t.Fatal(err)
	}
	p, err := ds.Profile("p1")
	if err != nil {
		t.Fatal(err)
	}
	bare := Loadout{Profile: p}
	if got := shots(bare.Items(ds)); got["xbow"] != 4 || got["bow"] != 8 {
		t.Errorf("bare profile: shots %v, want xbow 4 (its default purchase), bow 8", got)
	}
	if got := bare.Cost(ds); got != 30+5 {
		t.Errorf("bare profile: %d Kr, want the card's 30 and the default bolts' 5", got)
	}
	for _, tc := range []struct {
		name, ammo string
		shots      map[string]int
		cost       int
	}{
		{"none bought", "", map[string]int{"bow": 8}, 30},
		{"bolts bought", "    ammunition: {xbow: {shots: 12, cost: 15}}\n", map[string]int{"xbow": 12, "bow": 8}, 45},
		{"arrows bought", "    ammunition: {bow: {shots: 18, cost: 15}}\n", map[string]int{"bow": 26}, 45},
		{"no bolts, explicitly", "    ammunition: {xbow: {shots: 0, cost: 0}}\n", map[string]int{"bow": 8}, 30},
	} {
		l, err := ParseList("l.yaml", []byte("name: L\nfaction: kharns\nbudget: 100\nleader: p1\nmembers:\n  - profile: p1\n"+tc.ammo), ds)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		lo := l.Loadouts(ds)[0]
		got := shots(lo.Items(ds))
		if len(got) != len(tc.shots) || got["xbow"] != tc.shots["xbow"] || got["bow"] != tc.shots["bow"] {
			t.Errorf("%s: shots %v, want %v", tc.name, got, tc.shots)
		}
		if c := l.Cost(ds); c != tc.cost {
			t.Errorf("%s: the list costs %d Kr, want %d", tc.name, c, tc.cost)
		}
	}
	// The card's data is untouched.
	if x, _ := ds.Item("xbow"); x.Effects.Ammunition != 0 {
		t.Errorf("xbow in the data set: ammunition %d, want 0 (the purchase is the loadout's)", x.Effects.Ammunition)
	}
}

// TestBoughtAmmunitionErrors checks the problems of bought ammunition, each
// naming its field: a purchase for a weapon the entry does not carry, for a
// melee weapon, shots out of range; bought_ammunition beside ammunition.
func TestBoughtAmmunitionErrors(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": ammoData})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ ammo, want string }{
		{"{sling: {shots: 2, cost: 1}}", `members[0].ammunition.sling: p1 carries no "sling": ammunition is bought for a weapon of its loadout (rulebook: Equipment)`},
		{"{e1: {shots: 2, cost: 1}}", `members[0].ammunition.e1: "e1" has no counted shots`},
		{"{xbow: {shots: 1000, cost: 1}}", `members[0].ammunition.xbow.shots: shots must be from 0 to 999`},
		{"{xbow: {shots: 4}}", `members[0].ammunition.xbow: missing field "cost"`},
	} {
		_, err := ParseList("l.yaml", []byte("name: L\nfaction: kharns\nbudget: 100\nleader: p1\nmembers:\n  - profile: p1\n    ammunition: "+tc.ammo+"\n"), ds)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ammunition %s: %v, want %q", tc.ammo, err, tc.want)
		}
	}
	_, err = loadFiles(map[string]string{"a.yaml": strings.Replace(ammoData, "    bought_ammunition: {shots: 4, cost: 5}\n", "    bought_ammunition: {shots: 4, cost: 5}\n    ammunition: 6\n", 1)})
	if err == nil || !strings.Contains(err.Error(), "equipment[xbow].ammunition: a weapon with bought_ammunition has only the ammunition bought: no ammunition") {
		t.Errorf("bought_ammunition and ammunition: %v", err)
	}
}
