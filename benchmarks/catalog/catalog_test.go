package catalog

import (
	"bytes"
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestGenerateDeterministic checks that the same n and seed give the same bytes,
// and another seed other bytes.
func TestGenerateDeterministic(t *testing.T) {
	a, b, c := Generate(40, 7), Generate(40, 7), Generate(40, 8)
	if len(a) != len(b) {
		t.Fatalf("%d files, then %d", len(a), len(b))
	}
	for name, x := range a {
		if !bytes.Equal(x, b[name]) {
			t.Errorf("%s differs between two draws of seed 7", name)
		}
	}
	if bytes.Equal(a["kharns.yaml"], c["kharns.yaml"]) {
		t.Error("seeds 7 and 8 gave the same kharns.yaml")
	}
}

// TestGenerateLegal writes a 150-profile catalogue and loads it as kharn
// profiles validate does: no problem, 150 profiles in the seven factions, every
// drawn value in the ranges of the package, and nothing a fight does not model.
func TestGenerateLegal(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, 150, 1); err != nil {
		t.Fatal(err)
	}
	ds, err := profiles.Load(dir)
	if err != nil {
		t.Fatalf("the catalogue does not validate:\n%v", err)
	}
	if len(ds.Profiles) != 150 {
		t.Errorf("%d profiles, want 150", len(ds.Profiles))
	}
	if got, want := ds.Factions(), slices.Sorted(slices.Values(profiles.KnownFactions())); !slices.Equal(got, want) {
		t.Errorf("factions %v, want %v", got, want)
	}
	var all []*sim.Fighter
	for _, p := range ds.Profiles {
		in := func(what string, v, lo, hi int) {
			if v < lo || v > hi {
				t.Errorf("%s: %s %d outside %d-%d", p.ID, what, v, lo, hi)
			}
		}
		in("level", p.Level, MinLevel, MaxLevel)
		in("cost", p.Cost, MinCost, MaxCost)
		in("HP", p.HP, MinHP, MaxHP)
		in("stature", p.Stature, MinStature, MaxStature)
		in("skills", len(p.Skills), MinSkills, MaxSkills)
		items := profiles.Loadout{Profile: p}.Items(ds)
		if len(items) == 0 {
			t.Errorf("%s carries nothing", p.ID)
		}
		all = append(all, sim.NewFighter(p, items))
	}
	nm := (&sim.Skirmish{Sides: [2]sim.Spearhead{{Safars: all}}}).NotModelled()
	if !slices.Equal(nm, sim.SkirmishRulesNotModelled) {
		t.Errorf("not modelled: %v", nm[:len(nm)-len(sim.SkirmishRulesNotModelled)])
	}
	if _, ok := Generate(3, 1)["none.yaml"]; ok {
		t.Error("3 profiles wrote a file for the seventh faction")
	}
}
