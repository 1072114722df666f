package sim

import (
	"reflect"
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestCastViewKey checks that every field of Fighter is either in
// Tables.castViewKey or named here as one no cast plan reads (a field added to
// Fighter must be placed, or cast plans of different fighters could be
// shared), and that fighters differing in a field the key names get different
// keys, while the loadouts of one caster share one.
func TestCastViewKey(t *testing.T) {
	keyed := []string{"Profile", "Skills", "Armour", "ArmourBoxes", "Items", "AP", "Dice", "Mastery", "CriticalLower"}
	// Read by no cast plan (Cast.Check, Cast.plan, initDefMaster, armourFace);
	// RollMod: activation_d10 changes no casting roll (sim/turnroll.go).
	unread := []string{"Weapon", "Melee", "Ranged", "Offhand", "Shield", "ShieldBoxes", "Helmet", "HelmetBoxes",
		"Under", "UnderBoxes", "PoisonDoses", "Bleeding", "DefenceBonus", "RollMod"}
	for f := range reflect.TypeFor[Fighter]().Fields() {
		if !slices.Contains(keyed, f.Name) && !slices.Contains(unread, f.Name) {
			t.Fatalf("Fighter field %s is neither in castViewKey nor listed as read by no cast plan: place it", f.Name)
		}
	}
	ds := profiles.Default()
	p, err := ds.Profile("bone-seer-2")
	if err != nil {
		t.Fatal(err)
	}
	var tb Tables
	base := NewFighter(p, profiles.Loadout{Profile: p}.Items(ds))
	loadouts := ds.Variants(p)
	if len(loadouts) < 3 {
		t.Fatalf("bone-seer-2 has %d loadouts, want several", len(loadouts))
	}
	for _, l := range loadouts {
		if a, b := tb.castViewKey(base), tb.castViewKey(NewFighter(p, l.Items(ds))); a != b {
			t.Errorf("loadout %s: cast key\n%s\nbase's\n%s", l.Label(), b, a)
		}
	}
	for _, c := range []struct {
		field  string
		change func(f *Fighter)
	}{
		{"AP", func(f *Fighter) { f.AP = 1 }},
		{"Dice", func(f *Fighter) { f.Dice = 1 }},
		{"Mastery", func(f *Fighter) { f.Mastery = []Fields{FieldShooting} }},
		{"Skills", func(f *Fighter) { f.Skills.Brutality = 3 }},
		{"Items", func(f *Fighter) { f.Items.RerollBonus[0] = 2 }},
		{"CriticalLower", func(f *Fighter) { f.CriticalLower = 1 }},
		{"Armour", func(f *Fighter) { f.Armour = &profiles.ArmourStats{Threshold: 7, Success: 1, Boxes: 5} }},
		{"ArmourBoxes", func(f *Fighter) { f.ArmourBoxes = 1 }},
	} {
		g := *base
		c.change(&g)
		if tb.castViewKey(&g) == tb.castViewKey(base) {
			t.Errorf("%s changed: same cast key", c.field)
		}
	}
}

// TestCastPlansSharedByLoadouts checks that the duels of a caster's loadouts
// against a caster share their cast plans on one Tables (fewer plans held than
// the duels make on tables of their own, as kharn report's loadouts stage
// does), and that each duel plays exactly the fights it plays on tables of its
// own.
func TestCastPlansSharedByLoadouts(t *testing.T) {
	ds := profiles.Default()
	p, err := ds.Profile("bone-seer-2")
	if err != nil {
		t.Fatal(err)
	}
	o, err := ds.Profile("goun-shaman-2")
	if err != nil {
		t.Fatal(err)
	}
	opp := NewFighter(o, profiles.Loadout{Profile: o}.Items(ds))
	play := func(a *Fighter, tables *Tables) []FightResult { return loadoutFights(t, a, opp, tables, 7) }
	count := func(tb *Tables) int {
		k := 0
		tb.casts.Range(func(any, any) bool { k++; return true })
		return k
	}
	var shared Tables
	alone := 0
	spells := 0
	for _, l := range ds.Variants(p) {
		a := NewFighter(p, l.Items(ds))
		var own Tables
		got, want := play(a, &shared), play(a, &own)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("loadout %s: fight %d: shared tables %+v, own tables %+v", l.Label(), i, got[i], want[i])
			}
			spells += got[i].SpellsCast[0] + got[i].SpellsCast[1]
		}
		alone += count(&own)
	}
	if spells == 0 {
		t.Fatal("no spell cast in the duels: the test checks nothing")
	}
	t.Logf("%d cast plans held on shared tables, %d on tables of each loadout's own", count(&shared), alone)
	if got := count(&shared); got == 0 || got*2 > alone {
		t.Errorf("%d cast plans held on shared tables, %d on tables of each loadout's own: want at most half", got, alone)
	}
}
