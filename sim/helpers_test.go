package sim_test

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// The profiles and items of these tests are written by hand, with round values
// that make the expected numbers easy to derive; they are not card values.

// safar returns a profile of the given level with 5 AP, no mastery die and skills.
func safar(id string, level int, st profiles.Stats, stature int, skills ...profiles.Skill) *profiles.Profile {
	return &profiles.Profile{ID: id, Name: id, Level: level, Stats: st, Stature: stature, AP: 5, HP: 12, Skills: skills}
}

// stats4 returns characteristics with the four combat ones given and T = I = 4.
func stats4(v, p, a, c int) profiles.Stats {
	return profiles.Stats{V: v, P: p, A: a, C: c, T: 4, I: 4}
}

func skill(name string) profiles.Skill { return profiles.Skill{Name: name} }

// withMastery returns p with one mastery die per entry of fields.
func withMastery(p *profiles.Profile, fields ...profiles.Field) *profiles.Profile {
	for _, f := range fields {
		p.Mastery = append(p.Mastery, []profiles.Field{f})
	}
	return p
}

var (
	// sword: "CH = 9-10" and "bleeding 1".
	sword = &profiles.Equipment{ID: "sword", Kind: profiles.KindMelee, Hands: 1,
		Effects: profiles.Effects{CriticalFrom: 9, Bleeding: 1}}
	// maul: "1D5 dgts", "+1 damage", armour-piercing 2.
	maul = &profiles.Equipment{ID: "maul", Kind: profiles.KindMelee, Hands: 2,
		Effects: profiles.Effects{FixedDamage: &profiles.Dice{N: 1, Sides: 5}, DamageBonus: 1,
			ArmourPiercing: &profiles.Dice{Plus: 2}}}
	// spear: "no attack with A".
	spear = &profiles.Equipment{ID: "spear", Kind: profiles.KindMelee, Hands: 2,
		Effects: profiles.Effects{NoAttackWith: []sim.Char{sim.A}}}
	// club: a plain weapon, so that hits tick armour boxes (R12).
	club = &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1}
	// bow: "5 dgts", range 3/6 (the French rules' "Arc 3/6", seed 004 line 934).
	bow = &profiles.Equipment{ID: "bow", Kind: profiles.KindRanged, Hands: 2,
		Effects: profiles.Effects{FixedDamage: &profiles.Dice{Plus: 5}, Range: &profiles.Range{Short: 3, Long: 6}}}
	// crossbow: "3/7/-", no shot beyond 7 toises (seed 004 line 936), "4 dgts".
	crossbow = &profiles.Equipment{ID: "crossbow", Kind: profiles.KindRanged, Hands: 2,
		Effects: profiles.Effects{FixedDamage: &profiles.Dice{Plus: 4}, Range: &profiles.Range{Short: 3, Long: 7, Max: 7}}}
	// shield: "+1 in defence", 5 boxes.
	shield = &profiles.Equipment{ID: "shield", Kind: profiles.KindShield, Hands: 1, ShieldBoxes: 5,
		Effects: profiles.Effects{DefenceBonus: 1}}
	// halfPlate protects 1 point below its threshold and 2 from it (seed 000 lines
	// 1797-1798); threshold 6 and 8 boxes are ours.
	halfPlate = &profiles.ArmourStats{Failure: 1, Threshold: 6, Success: 2, Boxes: 8}
	// plate is the R12 example "plate -2/6/-3", with 10 boxes.
	plate = &profiles.ArmourStats{Failure: 2, Threshold: 6, Success: 3, Boxes: 10}
)

func wear(a *profiles.ArmourStats) *profiles.Equipment {
	return &profiles.Equipment{ID: "armour", Kind: profiles.KindArmour, Armour: a}
}

func fixed(d sim.Defence) sim.Policy { return sim.Policy{Defence: &d} }

func exact(t *testing.T, ex *sim.Exchange) *sim.Result {
	t.Helper()
	r, err := ex.Exact()
	if err != nil {
		t.Fatalf("Exact: %v", err)
	}
	return r
}

// pmf returns p[k], 0 beyond its end.
func pmf(p []float64, k int) float64 {
	if k < 0 || k >= len(p) {
		return 0
	}
	return p[k]
}

// minExpected is the smallest expected count checkPMF tests alone.
const minExpected = 20

// checkPMF asserts that the exact probability of every outcome lies inside the
// 99.99% Wilson interval of its frequency, counts[i] of n draws against exact[i],
// rare outcomes pooled as stats.CheckPMF does (it returns the number of pools).
func checkPMF(t *testing.T, what string, counts []int, n int, exact []float64) int {
	t.Helper()
	pools, bad := stats.CheckPMF(counts, n, exact, minExpected, 0.9999)
	for _, b := range bad {
		t.Errorf("%s [%d, %d): %d of %d, 99.99%% interval [%.6g, %.6g], exact %.6g", what, b.Start, b.End, b.Count, n, b.Lo, b.Hi, b.Exact)
	}
	return pools
}
