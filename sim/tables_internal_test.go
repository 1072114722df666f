package sim

import (
	"reflect"
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestFighterKey checks that Tables.fighterKey names every field of Fighter (a
// field added to Fighter must be added to the key, or tables of different
// fighters would be shared), and that fighters differing in one field get
// different keys while fighters of the same profile and items share one.
func TestFighterKey(t *testing.T) {
	var names []string
	for f := range reflect.TypeFor[Fighter]().Fields() {
		names = append(names, f.Name)
	}
	want := []string{"Profile", "Skills", "Weapon", "Melee", "Ranged", "Offhand", "Shield", "ShieldBoxes",
		"Helmet", "HelmetBoxes", "Armour", "ArmourBoxes", "Under", "UnderBoxes", "PoisonDoses", "Items", "AP", "Dice", "Mastery", "Bleeding", "CriticalLower", "DefenceBonus", "RollMod"}
	if !slices.Equal(names, want) {
		t.Fatalf("Fighter has fields %v; fighterKey names %v: update it", names, want)
	}
	ds := profiles.Default()
	p, err := ds.Profile("paladin-3")
	if err != nil {
		t.Fatal(err)
	}
	items := profiles.Loadout{Profile: p}.Items(ds)
	var tb Tables
	base := NewFighter(p, items)
	if a, b := tb.fighterKey(base), tb.fighterKey(NewFighter(p, items)); a != b {
		t.Errorf("two fighters of one profile and items: keys\n%s\n%s", a, b)
	}
	for _, c := range []struct {
		field  string
		change func(f *Fighter)
	}{
		{"AP", func(f *Fighter) { f.AP = 1 }},
		{"Dice", func(f *Fighter) { f.Dice = 1 }},
		{"Mastery", func(f *Fighter) { f.Mastery = []Fields{FieldShooting} }},
		{"Bleeding", func(f *Fighter) { f.Bleeding = true }},
		{"Skills", func(f *Fighter) { f.Skills.Brutality = 3 }},
		{"Weapon", func(f *Fighter) { f.Weapon = nil }},
		{"Offhand", func(f *Fighter) { f.Offhand = f.Melee }},
		{"ShieldBoxes", func(f *Fighter) { f.ShieldBoxes = 1 }},
		{"ArmourBoxes", func(f *Fighter) { f.ArmourBoxes = 1 }},
		{"Helmet", func(f *Fighter) { f.Helmet = &profiles.Equipment{ID: "helm", Kind: profiles.KindHelmet} }},
		{"HelmetBoxes", func(f *Fighter) { f.HelmetBoxes = 2 }},
		{"Under", func(f *Fighter) { f.Under = &profiles.ArmourStats{Threshold: 7, Success: 1, Boxes: 5, Stacks: true} }},
		{"UnderBoxes", func(f *Fighter) { f.UnderBoxes = 3 }},
		{"PoisonDoses", func(f *Fighter) { f.PoisonDoses = 2 }},
		{"Items", func(f *Fighter) { f.Items.RerollBonus[0] = 2 }},
		{"Items", func(f *Fighter) { f.Items.Flasks = []profiles.Dice{{N: 1, Sides: 5}} }},
		{"CriticalLower", func(f *Fighter) { f.CriticalLower = 1 }},
		{"DefenceBonus", func(f *Fighter) { f.DefenceBonus = 2 }},
		{"RollMod", func(f *Fighter) { f.RollMod = -2 }},
	} {
		f := *base
		c.change(&f)
		if tb.fighterKey(&f) == tb.fighterKey(base) {
			t.Errorf("%s changed: same key as the card's fighter", c.field)
		}
	}
	// Another data set's profile of the same id is another fighter.
	other := *p
	if tb.fighterKey(NewFighter(&other, items)) == tb.fighterKey(base) {
		t.Error("a copy of the profile (another data set) shares the key")
	}
}
