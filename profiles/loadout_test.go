package profiles

import (
	"strings"
	"testing"
)

// TestMongoWarriorCost is the worked example of the rulebook "Equipment": "A Mongo
// Warrior level 2 (75 Krowns) is equipped with a Mkuki worth 8 Krowns on his
// card... a guisarme (22Kr)... 75 + (22-8)=89 Krowns... keep both weapons... 97
// Krowns" (English seed 000 lines 1688-1692; French seed 004 lines 1596-1600).
func TestMongoWarriorCost(t *testing.T) {
	ds := Default()
	mongo, err := ds.Profile("mongo-warrior-2")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		add, remove []string
		cost        int
		items       []string
	}{
		{"as on the card", nil, nil, 75, []string{"mkuki", "leather-armour"}},
		// English seed 000 line 1688: 75 + (22-8) = 89.
		{"guisarme instead of the Mkuki", []string{"guisarme"}, []string{"mkuki"}, 89, []string{"guisarme", "leather-armour"}},
		// English seed 000 line 1692: 75 + 22 = 97.
		{"guisarme and Mkuki", []string{"guisarme"}, nil, 97, []string{"mkuki", "leather-armour", "guisarme"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := ds.Equip(mongo, tt.add, tt.remove)
			if err != nil {
				t.Fatal(err)
			}
			if got := l.Cost(ds); got != tt.cost {
				t.Errorf("cost %d Kr, want %d", got, tt.cost)
			}
			var ids []string
			for _, e := range l.Items(ds) {
				ids = append(ids, e.ID)
			}
			if strings.Join(ids, " ") != strings.Join(tt.items, " ") {
				t.Errorf("items %v, want %v", ids, tt.items)
			}
		})
	}
}

// TestSwapTakesThePlaceOfTheSwapped checks that a weapon swapped in takes the
// place of the card's weapon it replaces, so that it is the first weapon of its
// kind, the one a Safar fights with, even when the card carries a second weapon of
// that kind (issue #10 item 1: guild-cutthroat-1's dagger swapped for a
// two-handed sword still fought with the parrying dagger).
func TestSwapTakesThePlaceOfTheSwapped(t *testing.T) {
	ds := Default()
	tests := []struct {
		profile, remove, add string
		want                 []string // every item, in order
	}{
		{"guild-cutthroat-1", "dagger", "two-handed-sword", []string{"two-handed-sword", "parrying-dagger"}},
		{"guild-cutthroat-1", "parrying-dagger", "sword", []string{"dagger", "sword"}},
		{"guild-crossbowman-2", "crossbow", "long-bow", []string{"long-bow", "hand-crossbow", "dagger"}},
		{"greedy-2", "fang-claws", "sword", []string{"sword", "dagger"}},
	}
	for _, tt := range tests {
		t.Run(tt.profile+" "+tt.remove+">"+tt.add, func(t *testing.T) {
			p, err := ds.Profile(tt.profile)
			if err != nil {
				t.Fatal(err)
			}
			l, err := ds.Equip(p, []string{tt.add}, []string{tt.remove})
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, e := range l.Items(ds) {
				ids = append(ids, e.ID)
			}
			if strings.Join(ids, " ") != strings.Join(tt.want, " ") {
				t.Errorf("items %v, want %v", ids, tt.want)
			}
		})
	}
	// A removed item of another kind than the added one leaves its place empty.
	p, _ := ds.Profile("crown-guard-1") // spear, round-shield, leather-armour
	l, err := ds.Equip(p, []string{"javelins"}, []string{"round-shield"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range l.Items(ds) {
		ids = append(ids, e.ID)
	}
	if got, want := strings.Join(ids, " "), "spear leather-armour javelins"; got != want {
		t.Errorf("-round-shield +javelins: items %s, want %s", got, want)
	}
}

func TestEquipErrors(t *testing.T) {
	ds := Default()
	profile := func(id string) *Profile {
		p, err := ds.Profile(id)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name        string
		profile     string
		add, remove []string
		want        string
	}{
		{"unknown item", "mongo-warrior-2", []string{"guisarm"}, nil,
			`unknown equipment "guisarm" (did you mean guisarme?)`},
		// Only base equipment can be left behind (English seed 000 line 1682).
		{"remove what is not base equipment", "mongo-warrior-2", nil, []string{"sword"},
			`cannot remove "sword": not in the base equipment of mongo-warrior-2 (mkuki, leather-armour)`},
		{"remove twice", "mongo-warrior-2", nil, []string{"mkuki", "mkuki"},
			`cannot remove "mkuki": not in the base equipment of mongo-warrior-2 (mkuki, leather-armour)`},
		{"reserved to another faction", "mongo-warrior-2", []string{"natural-shell"}, nil,
			`equipment "natural-shell" is reserved to tembos`},
		{"reserved to another profile", "paladin-3", []string{"oath-blade"}, nil,
			`equipment "oath-blade" is reserved to engueran-3`},
		// English seed 000 line 1718: two-handed weapon and shield need "exceptional".
		{"two-handed weapon and shield", "mongo-warrior-2", []string{"guisarme", "buckler"}, nil,
			`two-handed "guisarme" and shield "buckler" need the exceptional skill (rulebook "Number of hands")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ds.Equip(profile(tt.profile), tt.add, tt.remove)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v, want %s", err, tt.want)
			}
		})
	}
	// The Guild Executioner is exceptional: two-handed sword and buckler are fine.
	if _, err := ds.Equip(profile("guild-executioner-3"), []string{"round-shield"}, []string{"buckler"}); err != nil {
		t.Errorf("exceptional profile: %v", err)
	}
}
