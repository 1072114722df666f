package sim

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestDefenderKey checks that every field of Fighter is either in
// Tables.defenderKey or named here as one no option table reads of its
// defender, that a loadout adding or swapping only a shooting weapon defends
// with its card loadout's key, and that a change the key names changes it.
func TestDefenderKey(t *testing.T) {
	keyed := []string{"Profile", "Skills", "Melee", "Offhand", "Shield", "ShieldBoxes", "Helmet", "HelmetBoxes",
		"Armour", "ArmourBoxes", "Under", "UnderBoxes", "PoisonDoses", "Items", "AP", "Dice", "Mastery", "Bleeding", "CriticalLower", "DefenceBonus", "RollMod"}
	// The defender's exchanges hold its Melee (engine.exchange), and nothing
	// of engine.options reads its shooting weapon.
	unread := []string{"Weapon", "Ranged"}
	for f := range reflect.TypeFor[Fighter]().Fields() {
		if !slices.Contains(keyed, f.Name) && !slices.Contains(unread, f.Name) {
			t.Fatalf("Fighter field %s is neither in defenderKey nor listed as unread by an option table's defender: place it", f.Name)
		}
	}
	ds := profiles.Default()
	p, err := ds.Profile("paladin-3")
	if err != nil {
		t.Fatal(err)
	}
	var tb Tables
	base := NewFighter(p, profiles.Loadout{Profile: p}.Items(ds))
	shooting := 0
	for _, l := range ds.Variants(p) {
		f := NewFighter(p, l.Items(ds))
		g := *f
		g.Weapon, g.Ranged = base.Weapon, base.Ranged
		if tb.fighterKey(&g) != tb.fighterKey(base) {
			continue // more than its shooting weapon changed
		}
		if f.Ranged != base.Ranged {
			shooting++
		}
		if a, b := tb.defenderKey(base), tb.defenderKey(f); a != b {
			t.Errorf("loadout %s: defender key\n%s\nbase's\n%s", l.Label(), b, a)
		}
	}
	if shooting == 0 {
		t.Fatal("paladin-3 has no loadout changing only its shooting weapon: the test checks nothing")
	}
	for _, c := range []struct {
		field  string
		change func(f *Fighter)
	}{
		{"Melee", func(f *Fighter) { f.Melee = nil }},
		{"Offhand", func(f *Fighter) { f.Offhand = f.Melee }},
		{"Shield", func(f *Fighter) { f.Shield = &profiles.Equipment{ID: "buckler", Kind: profiles.KindShield} }},
		{"Helmet", func(f *Fighter) { f.Helmet = &profiles.Equipment{ID: "helm", Kind: profiles.KindHelmet} }},
		{"AP", func(f *Fighter) { f.AP = 1 }},
		{"Skills", func(f *Fighter) { f.Skills.Brutality = 3 }},
		{"Items", func(f *Fighter) { f.Items.RerollBonus[0] = 2 }},
	} {
		g := *base
		c.change(&g)
		if tb.defenderKey(&g) == tb.defenderKey(base) {
			t.Errorf("%s changed: same defender key", c.field)
		}
	}
}

// TestOptionTablesSharedByLoadouts checks that the duels of a profile's
// loadouts against one opponent on one Tables (as kharn report's loadouts
// stage plays them) hold fewer option tables than two a loadout, the
// opponent's attacks on a loadout that only changes its shooting weapon
// reading its card loadout's table, and that each duel plays exactly the
// fights it plays on tables of its own.
func TestOptionTablesSharedByLoadouts(t *testing.T) {
	ds := profiles.Default()
	p, err := ds.Profile("paladin-3")
	if err != nil {
		t.Fatal(err)
	}
	o, err := ds.Profile("kherops-warrior-2")
	if err != nil {
		t.Fatal(err)
	}
	opp := NewFighter(o, profiles.Loadout{Profile: o}.Items(ds))
	play := func(a *Fighter, tables *Tables) []FightResult { return loadoutFights(t, a, opp, tables, 11) }
	var shared Tables
	loadouts := ds.Variants(p)
	for _, l := range loadouts {
		a := NewFighter(p, l.Items(ds))
		got, want := play(a, &shared), play(a, &Tables{})
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("loadout %s: fight %d: shared tables %+v, own tables %+v", l.Label(), i, got[i], want[i])
			}
		}
	}
	t.Logf("%d option tables held for %d loadouts", shared.Len(), len(loadouts))
	if got := shared.Len(); got >= 2*len(loadouts) {
		t.Errorf("%d option tables held for %d loadouts against one opponent: none shared", got, len(loadouts))
	}
}

// loadoutFights plays 200 seeded duels of a against opp, 4 toises apart, on
// tables: the fights a loadout plays, on shared tables or on its own
// (TestOptionTablesSharedByLoadouts, TestCastPlansSharedByLoadouts).
func loadoutFights(t *testing.T, a, opp *Fighter, tables *Tables, seed uint64) []FightResult {
	t.Helper()
	d := &Duel{A: a, B: opp, Distance: 4, Tables: tables}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.NewPCG(seed, 0)
	out := make([]FightResult, 200)
	for i := range out {
		out[i] = pl.Play(r)
	}
	return out
}
