package profiles

import (
	"strings"
	"testing"
)

// TestFireFields checks the weapon keys fire and frostbite (seed 000 lines
// 1352-1358 and 1372: statuses a weapon's successful attack puts on its
// target; sim/fire.go): read on melee and ranged weapons, refused on an
// armour with the keys it takes, and typed.
func TestFireFields(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": okProfile + `equipment:
  - {id: torch, name: Torch, kind: melee, cost: 3, hands: 1, fire: true}
  - {id: ice-bow, name: Ice bow, kind: ranged, cost: 9, hands: 2, range: {short: 3, long: 6}, frostbite: true}
`})
	if err != nil {
		t.Fatal(err)
	}
	torch, _ := ds.Item("torch")
	bow, _ := ds.Item("ice-bow")
	if !torch.Effects.Fire || torch.Effects.Frostbite || !bow.Effects.Frostbite || bow.Effects.Fire {
		t.Errorf("torch %+v, ice-bow %+v: want fire on the torch, frostbite on the bow", torch.Effects, bow.Effects)
	}
	for _, tc := range []struct{ item, want string }{
		{"{id: mail, name: M, kind: armour, cost: 3, protection: -1/5/-2, boxes: 4, fire: true}", `equipment[mail].fire: field "fire" does not apply to an armour`},
		{"{id: t2, name: T, kind: melee, cost: 3, hands: 1, frostbite: 2}", `equipment[t2].frostbite`},
		{"{id: t3, name: T, kind: item, cost: 3, fire: true}", `field "fire" does not apply to an item`},
	} {
		_, err := loadFiles(map[string]string{"a.yaml": okProfile + "equipment:\n  - " + tc.item + "\n"})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.item, err, tc.want)
		}
	}
}

// TestSpecialAmmunition checks fire and poisoned ammunition bought in a list
// (catalogue.md 4.7, types fire and poisoned; seed 004 line 1670 "Enflammé"):
// the shots of those types are among the shots bought, and the weapon the
// Safar fights with counts them (Effects.FireShots, PoisonShots); a
// purchase of more special shots than shots is an error naming its field.
func TestSpecialAmmunition(t *testing.T) {
	ds, err := loadFiles(map[string]string{"a.yaml": ammoData})
	if err != nil {
		t.Fatal(err)
	}
	list := func(ammo string) (*List, error) {
		return ParseList("l.yaml", []byte("name: L\nfaction: kharns\nbudget: 100\nleader: p1\nmembers:\n  - profile: p1\n    ammunition: "+ammo+"\n"), ds)
	}
	l, err := list("{bow: {shots: 3, cost: 20, fire: 2, poisoned: 1}}")
	if err != nil {
		t.Fatal(err)
	}
	lo := l.Loadouts(ds)[0]
	var bow *Equipment
	for _, e := range lo.Items(ds) {
		if e.ID == "bow" {
			bow = e
		}
	}
	if bow == nil || bow.Effects.Ammunition != 11 || bow.Effects.FireShots != 2 || bow.Effects.PoisonShots != 1 {
		t.Fatalf("bow fielded: %+v, want 8+3 shots, 2 fire, 1 poisoned", bow)
	}
	if got := lo.String(); !strings.Contains(got, "+3 shots (2 fire, 1 poisoned) for bow") {
		t.Errorf("loadout %q: want its special shots named", got)
	}
	if b, _ := ds.Item("bow"); b.Effects.FireShots != 0 {
		t.Errorf("the data set's bow: %d fire shots, want 0 (the purchase is the list's)", b.Effects.FireShots)
	}
	for _, tc := range []struct{ ammo, want string }{
		{"{bow: {shots: 2, cost: 20, fire: 2, poisoned: 1}}", `members[0].ammunition.bow.fire: fire (2), poisoned (1) and piercing (0) shots are among the 2 shots bought`},
		{"{bow: {shots: 2, cost: 20, fire: -1}}", `members[0].ammunition.bow.fire: fire must be from 0 to 999`},
		{"{bow: {shots: 2, cost: 20, flaming: 1}}", `members[0].ammunition.bow.flaming`},
	} {
		if _, err := list(tc.ammo); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ammunition %s: %v, want %q", tc.ammo, err, tc.want)
		}
	}
}

// TestFireSpellField checks fire and frostbite on a spell's difficulty: read
// on a damage effect, refused on another with the reason.
func TestFireSpellField(t *testing.T) {
	spell := func(level string) string {
		return okProfile + `spells:
  - id: s1
    name: S
    kind: grimoire
    way: osteomancy
    pages: 1
    target: enemy
    range: 6
    cadence: 1/turn
    duration: instant
    difficulties:
      - ` + level + "\n"
	}
	ds, err := loadFiles(map[string]string{"a.yaml": spell("{threshold: 14, effect: damage, amount: 1D5, fire: true, frostbite: true}")})
	if err != nil {
		t.Fatal(err)
	}
	if s, err := ds.Spell("s1"); err != nil || !s.Levels[0].Fire || !s.Levels[0].Frostbite {
		t.Errorf("spell %+v, %v: want fire and frostbite", s, err)
	}
	_, err = loadFiles(map[string]string{"a.yaml": spell("{threshold: 14, effect: healing, amount: 1D5, fire: true}")})
	if err == nil || !strings.Contains(err.Error(), "spells[s1].difficulties[0].fire: only a damage effect can set its target on fire") {
		t.Errorf("fire on a heal: %v", err)
	}
}
