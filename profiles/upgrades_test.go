package profiles

import (
	"strings"
	"testing"
)

// edgeData is an invented data set: an axe with the edge (catalogue.md 4.6
// "tranchant"), a club without, a free knife with the edge (cost 0,
// catalogue.md 4.6 "Free weapons"), a bow and a shield; p1 carries the axe,
// the club and the knife.
const edgeData = okProfile + `    equipment: [axe, club, knife]
equipment:
  - {id: axe, name: Axe, kind: melee, cost: 12, hands: 1, damage_bonus: 1, edge: true}
  - {id: club, name: Club, kind: melee, cost: 5, hands: 1}
  - {id: knife, name: Knife, kind: melee, cost: 0, hands: 1, edge: true}
  - {id: bow, name: Bow, kind: ranged, cost: 10, hands: 2, range: {short: 4, long: 9}}
  - {id: buckler, name: Buckler, kind: shield, cost: 6, hands: 1, defence_bonus: 1, boxes: 4}
`

// edgeList is a list of p1 with the entry's fields extra.
func edgeList(extra string) []byte {
	return []byte("name: L\nfaction: kharns\nbudget: 100\nleader: p1\nmembers:\n  - profile: p1\n" + extra)
}

// TestEdgeUpgrade checks the edge upgrade a list buys (catalogue.md 4.8:
// "melee weapons with tranchant, not on free weapons, +1 damage"): the axe
// deals 1 more damage for that entry's loadout only (the data set's axe is
// untouched, the other entry's too), its Krowns add to the entry's cost, and
// the loadout is a kind of its own (Loadout.String).
func TestEdgeUpgrade(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": edgeData})
	if err != nil {
		t.Fatal(err)
	}
	if axe, _ := ds.Item("axe"); !axe.Edge {
		t.Fatal("axe: edge: true not read")
	}
	if club, _ := ds.Item("club"); club.Edge {
		t.Fatal("club: an edge it does not have")
	}
	l, err := ParseList("l.yaml", edgeList("    upgrades: {axe: {edge: {cost: 6}}}\n  - profile: p1\n"), ds)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Members[0].Upgrades; len(got) != 1 || got[0] != (Upgrade{Weapon: "axe", ID: UpgradeEdge, Cost: 6}) {
		t.Fatalf("upgrades %+v", got)
	}
	los := l.Loadouts(ds)
	damage := func(lo Loadout) map[string]int {
		out := map[string]int{}
		for _, e := range lo.Items(ds) {
			out[e.ID] = e.Effects.DamageBonus
		}
		return out
	}
	if got := damage(los[0]); got["axe"] != 2 || got["club"] != 0 || got["knife"] != 0 {
		t.Errorf("upgraded entry: damage bonuses %v, want axe 2 (1 + the edge), club 0, knife 0", got)
	}
	if got := damage(los[1]); got["axe"] != 1 {
		t.Errorf("plain entry: axe damage bonus %d, want 1", got["axe"])
	}
	if axe, _ := ds.Item("axe"); axe.Effects.DamageBonus != 1 {
		t.Errorf("the data set's axe changed: damage bonus %d", axe.Effects.DamageBonus)
	}
	if c0, c1 := los[0].Cost(ds), los[1].Cost(ds); c0 != 30+6 || c1 != 30 {
		t.Errorf("costs %d and %d Kr, want 36 (the card's 30 and the edge's 6) and 30", c0, c1)
	}
	if c := l.Cost(ds); c != 66 {
		t.Errorf("list cost %d Kr, want 66", c)
	}
	if los[0].String() == los[1].String() || !strings.Contains(los[0].String(), "+edge on axe") {
		t.Errorf("kinds %q and %q: want the upgraded one apart", los[0], los[1])
	}
	// Over the budget with the edge's Krowns.
	_, err = ParseList("l.yaml", []byte("name: L\nfaction: kharns\nbudget: 35\nleader: p1\nmembers:\n  - profile: p1\n    upgrades: {axe: {edge: {cost: 6}}}\n"), ds)
	if err == nil || !strings.Contains(err.Error(), "the Spearhead costs 36 Kr, 1 over the budget of 35 Kr") {
		t.Errorf("budget: %v", err)
	}
}

// TestEdgeUpgradeErrors checks the problems of an upgrade, each at its
// position naming its field and the rule: on a weapon the entry does not
// carry, on a weapon without the edge, on a free weapon, on a bow; an
// unknown upgrade; a missing or bad cost; a weapon given no upgrade.
func TestEdgeUpgradeErrors(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": edgeData})
	if err != nil {
		t.Fatal(err)
	}
	const rule = "(" + ruleEdge + ")"
	for _, tc := range []struct{ extra, want string }{
		{"    upgrades: {sword: {edge: {cost: 6}}}\n", `l.yaml:7:16: members[0].upgrades.sword.edge: p1 carries no "sword": an upgrade is bought for a weapon of its loadout ` + rule},
		{"    remove: [axe]\n    upgrades: {axe: {edge: {cost: 6}}}\n", `members[0].upgrades.axe.edge: p1 carries no "axe"`},
		{"    upgrades: {club: {edge: {cost: 6}}}\n", `l.yaml:7:16: members[0].upgrades.club.edge: "club" has no edge (a melee weapon with edge: true, the catalogue's tranchant): the edge upgrade is not sold for it ` + rule},
		{"    upgrades: {knife: {edge: {cost: 6}}}\n", `l.yaml:7:16: members[0].upgrades.knife.edge: "knife" is a free weapon (cost 0): the edge upgrade may not be used on it ` + rule},
		{"    add: [bow]\n    upgrades: {bow: {edge: {cost: 6}}}\n", `members[0].upgrades.bow.edge: "bow" has no edge`},
		{"    add: [buckler]\n    upgrades: {buckler: {tressage: {cost: 6}}}\n", `l.yaml:8:26: members[0].upgrades.buckler.tressage: unknown upgrade "tressage": the list format plays only "edge"`},
		{"    upgrades: {axe: {edge: {}}}\n", `members[0].upgrades.axe.edge: missing field "cost"`},
		{"    upgrades: {axe: {edge: {cost: -1}}}\n", `members[0].upgrades.axe.edge.cost: cost must be from 0 to 999 Krowns`},
		{"    upgrades: {axe: {edge: {cost: 6, shots: 2}}}\n", `members[0].upgrades.axe.edge.shots: unknown field "shots"`},
		{"    upgrades: {axe: {}}\n", `members[0].upgrades.axe: no upgrade`},
		{"    upgrades: [axe]\n", `members[0].upgrades:`},
	} {
		_, err := ParseList("l.yaml", edgeList(tc.extra), ds)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v\nwant %q", tc.extra, err, tc.want)
		}
	}
	// edge: on a weapon only melee weapons take.
	_, err = loadFiles(map[string]string{"a.yaml": strings.Replace(edgeData, "range: {short: 4, long: 9}}", "range: {short: 4, long: 9}, edge: true}", 1)})
	if err == nil || !strings.Contains(err.Error(), "edge") {
		t.Errorf("edge on a bow: %v", err)
	}
}

// TestPiercingAmmunitionDecode checks armour-piercing shots in a list
// entry's ammunition (catalogue.md 4.7; sim/piercing.go): piercing: A among
// the shots bought reaches the fielded weapon (Effects.PiercingShots) and the
// loadout's name; fire, poisoned and piercing together at most shots.
func TestPiercingAmmunitionDecode(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": ammoData})
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseList("l.yaml", []byte("name: L\nfaction: kharns\nbudget: 100\nleader: p1\nmembers:\n  - profile: p1\n    ammunition: {bow: {shots: 12, cost: 20, fire: 2, piercing: 4}}\n"), ds)
	if err != nil {
		t.Fatal(err)
	}
	lo := l.Loadouts(ds)[0]
	found := false
	for _, e := range lo.Items(ds) {
		if e.ID == "bow" {
			found = true
			if e.Effects.Ammunition != 8+12 || e.Effects.PiercingShots != 4 || e.Effects.FireShots != 2 {
				t.Errorf("bow: %d shots, %d piercing, %d fire; want 20, 4, 2", e.Effects.Ammunition, e.Effects.PiercingShots, e.Effects.FireShots)
			}
		}
	}
	if !found {
		t.Fatal("no bow fielded")
	}
	if s := lo.String(); !strings.Contains(s, "+12 shots (2 fire, 4 armour-piercing) for bow") {
		t.Errorf("loadout %q", s)
	}
	_, err = ParseList("l.yaml", []byte("name: L\nfaction: kharns\nbudget: 100\nleader: p1\nmembers:\n  - profile: p1\n    ammunition: {bow: {shots: 4, cost: 20, fire: 2, piercing: 3}}\n"), ds)
	if err == nil || !strings.Contains(err.Error(), "members[0].ammunition.bow.fire: fire (2), poisoned (0) and piercing (3) shots are among the 4 shots bought: together at most shots") {
		t.Errorf("too many special shots: %v", err)
	}
}
