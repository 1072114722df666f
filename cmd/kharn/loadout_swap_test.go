package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestWeaponSwapFightsWithTheSwappedWeapon is issue #10 item 1: a card carrying two
// weapons of a kind (guild-cutthroat-1: dagger and parrying dagger) fought with the
// second one whatever --weapon-a said, and the header named it.
func TestWeaponSwapFightsWithTheSwappedWeapon(t *testing.T) {
	ds := profiles.Default()
	tests := []struct {
		profile, weapon string
		melee, ranged   string // the weapons the fighter holds ("" none)
		cost            int    // rulebook "Equipment" arithmetic: card cost - removed + added
	}{
		// guild-cutthroat-1: dagger (3 Kr), parrying-dagger (5 Kr), 32 Kr.
		{"guild-cutthroat-1", "two-handed-sword", "two-handed-sword", "", 32 - 3 + 18},
		{"guild-cutthroat-1", "sword", "sword", "", 32 - 3 + 8},
		// Already on the card, behind the dagger: in hand, at the card's cost.
		{"guild-cutthroat-1", "parrying-dagger", "parrying-dagger", "", 32},
		// guild-crossbowman-2: crossbow (16 Kr), hand-crossbow, dagger, 70 Kr.
		{"guild-crossbowman-2", "long-bow", "dagger", "long-bow", 70 - 16 + 14},
		// greedy-2: fang-claws (0 Kr), dagger, 72 Kr. Items: profiles/data/equipment.yaml
		// (sword 8 Kr, two-handed-sword 18, long-bow 14).
		{"greedy-2", "sword", "sword", "", 72 + 8},
	}
	for _, tt := range tests {
		t.Run(tt.profile+" "+tt.weapon, func(t *testing.T) {
			s, err := duellist(ds, tt.profile, tt.weapon)
			if err != nil {
				t.Fatal(err)
			}
			name := func(e *profiles.Equipment) string {
				if e == nil {
					return ""
				}
				return e.ID
			}
			if name(s.f.Melee) != tt.melee || name(s.f.Ranged) != tt.ranged {
				t.Errorf("fighter holds melee %q, ranged %q; want %q, %q", name(s.f.Melee), name(s.f.Ranged), tt.melee, tt.ranged)
			}
			if !strings.Contains(s.weapons, tt.weapon) {
				t.Errorf("header names %q, not the weapon in hand %s", s.weapons, tt.weapon)
			}
			if s.cost != tt.cost {
				t.Errorf("cost %d Kr, want %d", s.cost, tt.cost)
			}
		})
	}
}

// TestWeaponSwapChangesTheDuel runs the command: --weapon-a sword and
// --weapon-a two-handed-sword gave exactly the same result (36.56%), both fought
// with the parrying dagger.
func TestWeaponSwapChangesTheDuel(t *testing.T) {
	wins := map[string]int{}
	for _, w := range []string{"sword", "two-handed-sword"} {
		out, errs, code := runCLI(t, "duel", "guild-cutthroat-1", "fang-prowler-1", "--distance", "11", "--weapon-a", w, "--trials", "4096", "--json")
		if code != 0 {
			t.Fatalf("--weapon-a %s: exit %d: %s", w, code, errs)
		}
		var s struct {
			Weapons [2]string `json:"weapons"`
			Wins    [2]struct {
				Count int `json:"count"`
			} `json:"wins"`
		}
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatal(err)
		}
		if s.Weapons[0] != w {
			t.Errorf("--weapon-a %s: A's weapons %q", w, s.Weapons[0])
		}
		wins[w] = s.Wins[0].Count
	}
	if wins["sword"] == wins["two-handed-sword"] {
		t.Errorf("sword and two-handed sword win the same %d fights of 4096: the swap is ignored", wins["sword"])
	}
}

// TestCompareSwapRowsDiffer checks kharn compare (and the report's loadout tables,
// which share compareLoadouts): guild-cutthroat-1's dagger>X rows were all the same
// fights with the parrying dagger.
func TestCompareSwapRowsDiffer(t *testing.T) {
	ds := profiles.Default()
	p, _ := ds.Profile("guild-cutthroat-1")
	o, _ := ds.Profile("fang-prowler-1")
	c := matchConfig{trials: 500, seed: 1, distance: sim.DeploymentGap(sim.Variant{}), variant: sim.Variant{}}
	cmp, err := compareLoadouts(context.Background(), ds, p, []*profiles.Profile{o}, c, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	type outcome struct {
		wins  int
		taken float64
	}
	got := map[string]outcome{}
	distinct := map[outcome]bool{}
	for _, r := range cmp.Rows {
		if strings.HasPrefix(r.Loadout, "dagger>") {
			got[r.Loadout] = outcome{r.Wins.Count, r.DamageTaken.Mean}
			distinct[got[r.Loadout]] = true
		}
	}
	if len(got) < 2 {
		t.Fatalf("%d dagger>X rows, want several", len(got))
	}
	if len(distinct) == 1 {
		t.Errorf("all %d dagger>X rows give the same fights: the swap is ignored", len(got))
	}
	if a, b := got["dagger>sword"], got["dagger>two-handed-sword"]; a == b {
		t.Errorf("dagger>sword and dagger>two-handed-sword give the same fights (%+v)", a)
	}
}

// TestPickWeaponNotAWeaponArticle is issue #10 item 13: "a armour" read "an
// armour" ("an" before a vowel).
func TestPickWeaponNotAWeaponArticle(t *testing.T) {
	ds := profiles.Default()
	for name, want := range map[string]string{
		"leather-armour": "leather-armour is an armour, not a weapon",
		"buckler":        "buckler is a shield, not a weapon",
	} {
		_, err := pickWeapon(ds, name)
		if err == nil || err.Error() != want {
			t.Errorf("pickWeapon(%s): error %v, want %q", name, err, want)
		}
	}
}
