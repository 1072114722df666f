package profiles_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestCheckSpells checks the spell sets a caster may know, on bone-seer-2
// (invented, profiles/data/casters.yaml: osteomancy, small grimoire, level 2)
// and two spells added for the test: a 4-page osteomancy spell and one
// reserved to the Goûns. Each rule is the loader's (seed 000 lines 1462-1478).
func TestCheckSpells(t *testing.T) {
	def := profiles.Default()
	ds := *def
	ds.Spells = append(slices.Clone(def.Spells),
		&profiles.Spell{ID: "test-tome", Kind: profiles.GrimoireSpell, Way: profiles.Osteomancy, Pages: 4},
		&profiles.Spell{ID: "test-goun-only", Kind: profiles.GrimoireSpell, Way: profiles.Osteomancy, Pages: 1, ReservedTo: []string{"gouns"}})
	seer, err := ds.Profile("bone-seer-2")
	if err != nil {
		t.Fatal(err)
	}
	paladin, err := ds.Profile("paladin-2")
	if err != nil {
		t.Fatal(err)
	}
	small, _ := profiles.GrimoireByID("small")
	large, _ := profiles.GrimoireByID("large")
	for _, c := range []struct {
		name string
		p    *profiles.Profile
		g    *profiles.Grimoire
		ids  []string
		want []string // substrings of the errors; none: the set is legal
	}{
		{"card", seer, small, seer.Magic.Spells, nil},
		{"none", seer, nil, nil, nil},
		{"generic only, no grimoire", seer, nil, []string{"spark-of-will", "null-ward"}, nil},
		{"unknown", seer, small, []string{"bone-splinter"}, []string{`unknown spell "bone-splinter"`, "bone-splinters"}},
		{"twice", seer, small, []string{"bone-splinters", "bone-splinters"}, []string{`"bone-splinters" given twice`}},
		{"other way", seer, small, []string{"blood-tithe"}, []string{`"blood-tithe" belongs to the way sacrifice`, "line 1466"}},
		{"no grimoire", seer, nil, []string{"bone-splinters"}, []string{"fill 2 pages", "no grimoire", "line 1471"}},
		{"pages", seer, small, []string{"bone-splinters", "test-tome"}, []string{"fill 6 pages, the small grimoire holds 5", "line 1475"}},
		{"pages, large", seer, large, []string{"bone-splinters", "test-tome"}, nil},
		{"levels", seer, small, []string{"spark-of-will", "null-ward", "mending-word"}, []string{"take 3 level(s), a level 2 caster knows at most 2", "line 1462"}},
		{"reserved", seer, small, []string{"test-goun-only"}, []string{`"test-goun-only" is reserved to gouns`}},
		{"not a caster", paladin, small, []string{"spark-of-will"}, []string{"paladin-2 masters no way"}},
	} {
		errs := ds.CheckSpells(c.p, c.g, c.ids)
		got := errors.Join(errs...)
		if len(c.want) == 0 {
			if got != nil {
				t.Errorf("%s: %v", c.name, got)
			}
			continue
		}
		if got == nil {
			t.Errorf("%s: no error, want %q", c.name, c.want)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(got.Error(), w) {
				t.Errorf("%s: %q does not say %q", c.name, got, w)
			}
		}
	}
}

// TestWithSpells checks that WithSpells returns a copy knowing the new set,
// resolved, and leaves the loaded profile as it was.
func TestWithSpells(t *testing.T) {
	ds := profiles.Default()
	seer, err := ds.Profile("bone-seer-2")
	if err != nil {
		t.Fatal(err)
	}
	card := slices.Clone(seer.Magic.Spells)
	q, err := ds.WithSpells(seer, seer.Magic.Grimoire, []string{"bone-splinters"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(q.Magic.Spells, []string{"bone-splinters"}) || len(q.Magic.Known) != 1 || q.Magic.Known[0] == nil || q.Magic.Known[0].ID != "bone-splinters" {
		t.Errorf("copy knows %v (%v)", q.Magic.Spells, q.Magic.Known)
	}
	if !slices.Equal(seer.Magic.Spells, card) || len(seer.Magic.Known) != len(card) {
		t.Errorf("the loaded profile changed: %v", seer.Magic.Spells)
	}
	if _, err := ds.WithSpells(seer, nil, []string{"bone-splinters"}); err == nil {
		t.Error("a grimoire spell without a grimoire was accepted")
	}
}
