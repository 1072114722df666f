package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// edgeBattles plays n skirmishes of the two upgraded axemen of
// TestEdgeUpgradeSkirmish against the two plain ones with policy pol on both
// sides, half with the upgraded pair as side A and half as side B (so that
// starting first weighs on neither), and returns the upgraded pair's wins,
// the decided battles and the draws.
func edgeBattles(t *testing.T, pol sim.FightPolicy, n int, seed uint64) (wins, decided, draws int) {
	t.Helper()
	up, _ := edgeSide(t, true)
	plain, _ := edgeSide(t, false)
	for s, sides := range [2][2]sim.Spearhead{{up, plain}, {plain, up}} {
		sk := &sim.Skirmish{Sides: sides, Policies: [2]sim.FightPolicy{pol, pol}}
		pl, err := sk.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		edged := sim.SideA
		if s == 1 {
			edged = sim.SideB
		}
		r := rand.NewPCG(seed, uint64(s)+1)
		for range n / 2 {
			switch w := pl.Play(r).Winner; w {
			case sim.Draw:
				draws++
			case edged:
				wins++
				decided++
			default:
				decided++
			}
		}
	}
	return wins, decided, draws
}

// TestEdgeWinsSkirmish checks issue #11: a strictly better weapon must not
// lose skirmishes under the default policy. Two axemen with the edge upgrade
// (+1 damage, catalogue.md 4.8) against the same two without it, 4 000
// battles: the lower end of the 99.99% Wilson interval of the upgraded pair's
// share of the decided battles is above one half, and at most 1% of the
// battles are draws. Before branch skirmkeep the default counted an enemy that
// made no attack in its last activation as no threat in a skirmish
// (keepValues): the upgraded pair, whose attacks into a fresh defender were
// worth just enough to be made, spent all its AP on a waiting defender and was
// struck with none left; it won 47.48% of 20 000 battles (seed 5,
// docs/policies.md "Waiting enemies in a skirmish").
func TestEdgeWinsSkirmish(t *testing.T) {
	const n = 4000
	wins, decided, draws := edgeBattles(t, sim.DefaultFightPolicy, n, 11)
	lo, hi := stats.Wilson(wins, decided, 0.9999)
	if lo <= 0.5 {
		t.Errorf("upgraded pair won %d of %d decided battles, 99.99%% Wilson [%.4f, %.4f]: want above one half", wins, decided, lo, hi)
	}
	if draws > n/100 {
		t.Errorf("%d draws in %d battles: want at most 1%%", draws, n)
	}
}

// TestSkirmishIdleRushOldReading checks that IdleRush keeps the old reading
// in skirmishes too (an idle enemy counted for nothing, the stalemate rule
// looking only at the enemies within reach): with it on both sides the
// upgraded pair of TestEdgeWinsSkirmish still wins fewer than half of the
// decided battles (99.99% Wilson interval below one half, 12 000 battles),
// the inversion this branch fixes.
func TestSkirmishIdleRushOldReading(t *testing.T) {
	if testing.Short() {
		t.Skip("12 000 battles")
	}
	wins, decided, _ := edgeBattles(t, sim.IdleRush, 12000, 13)
	if lo, hi := stats.Wilson(wins, decided, 0.9999); hi >= 0.5 {
		t.Errorf("IdleRush: upgraded pair won %d of %d decided battles, 99.99%% Wilson [%.4f, %.4f]: want below one half (the old reading)", wins, decided, lo, hi)
	}
	if p, err := sim.SidePolicyByName("idle-rush"); err != nil || p != sim.IdleRush {
		t.Errorf("SidePolicyByName(idle-rush) = %v, %v", p, err)
	}
}

// TestSkirmishWaitsEnd checks the skirmish's stalemate rule since branch
// skirmkeep: with idle enemies counted as threats, two tembos-300 lists stood
// 7 toises apart, each in the other's assault and javelin reach but none in
// melee reach, and waited to the round limit in every battle (2 000 of 2 000
// mirror battles, seed 1) while the rule looked only at enemies within reach.
// It now looks at every enemy the Safar could attack in its next activation:
// at most 1% of 1 000 mirror battles of tembos-300 and of kherops-400 (whose
// commanders waited 1.6 toises apart while the crossbowmen shot: 6.7% draws
// with the rule looking at every enemy that threatens the Safar) are draws.
func TestSkirmishWaitsEnd(t *testing.T) {
	ds := profiles.Default()
	for _, name := range []string{"tembos-300", "kherops-400"} {
		l, err := profiles.LoadDefaultList(name, ds)
		if err != nil {
			t.Fatal(err)
		}
		side := sim.NewSpearhead(l, ds)
		pl, err := (&sim.Skirmish{Sides: [2]sim.Spearhead{side, side}}).NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		r := rand.NewPCG(3, 9)
		const n = 1000
		draws := 0
		for range n {
			if pl.Play(r).Winner == sim.Draw {
				draws++
			}
		}
		if draws > n/100 {
			t.Errorf("%s mirror: %d draws in %d battles, want at most 1%%", name, draws, n)
		}
	}
}

// TestContestedMarkerStalemate checks the stalemate rule on a marker both
// sides stand on (sim/objectives.go, hold): kharns-300 against kherops-300 on
// the ready-made "hold the ford" (a 1-toise marker in the ford, 10 rounds).
// A Safar holding its marker attacked only without moving, so a paladin and a
// Khérops warrior standing 0.5 toise apart on the contested ford, neither in
// the other's reach, waited to the round limit, the marker scoring for no one
// (seed 3's trace): 4.92% of 4 000 battles drew before branch skirmkeep, 7.80%
// with an idle enemy's threat counted. In a stalemate the holder now also
// takes the assault its policy would make: at most 2% of 1 000 battles draw.
func TestContestedMarkerStalemate(t *testing.T) {
	ds := profiles.Default()
	var sides [2]sim.Spearhead
	for s, name := range [2]string{"kharns-300", "kherops-300"} {
		l, err := profiles.LoadDefaultList(name, ds)
		if err != nil {
			t.Fatal(err)
		}
		sides[s] = sim.NewSpearhead(l, ds)
	}
	var sc *profiles.Scenario
	for _, x := range profiles.DefaultScenarios() {
		if x.Name == "hold the ford" {
			sc = x
		}
	}
	if sc == nil {
		t.Fatal("no ready-made scenario \"hold the ford\"")
	}
	tbl, err := field.FromScenario(sc)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := (&sim.Skirmish{Sides: sides, Field: tbl, Deployment: sc.Deployment, Rounds: sc.Rounds, Objectives: sc.Objectives}).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.NewPCG(5, 2)
	const n = 1000
	draws := 0
	for range n {
		if pl.Play(r).Winner == sim.Draw {
			draws++
		}
	}
	if draws > n/50 {
		t.Errorf("hold the ford: %d draws in %d battles, want at most 2%%", draws, n)
	}
}

// idleRushBattles plays list against itself, the default against IdleRush,
// n battles with the default as side A and n as side B (dice seed), and
// returns the default's wins and the decided battles.
func idleRushBattles(t *testing.T, list string, n int, seed uint64) (wins, decided int) {
	t.Helper()
	ds := profiles.Default()
	l, err := profiles.LoadDefaultList(list, ds)
	if err != nil {
		t.Fatal(err)
	}
	side := sim.NewSpearhead(l, ds)
	for s, pols := range [2][2]sim.FightPolicy{{sim.DefaultFightPolicy, sim.IdleRush}, {sim.IdleRush, sim.DefaultFightPolicy}} {
		pl, err := (&sim.Skirmish{Sides: [2]sim.Spearhead{side, side}, Policies: pols}).NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		def := sim.SideA
		if s == 1 {
			def = sim.SideB
		}
		r := rand.NewPCG(seed, uint64(s)+1)
		for range n {
			switch w := pl.Play(r).Winner; w {
			case sim.Draw:
			case def:
				wins++
				decided++
			default:
				decided++
			}
		}
	}
	return wins, decided
}

// TestSkirmishNotWorseThanIdleRush checks that the default does not lose to
// its own old reading (IdleRush) where the new keep rule cost the most.
//
// tembos-300 against itself, 1 000 battles with the default as side A and
// 1 000 as side B: the lower end of the 99.99% Wilson interval of the
// default's share of the decided battles is above one half. Counting an idle
// enemy that threatens only by its shots (javelins from 7 toises) made the
// default's elders and guardians hold their AP while IdleRush's threw first:
// 849 wins of 2 000 (42.45%, seed 1, --policy-check --against idle-rush).
//
// fangs-300 against itself, 4 000 battles a side: the upper end of the
// 99.99% Wilson interval is above one half (the default is not shown to
// lose). Counting an idle enemy that has already activated in this round
// whichever side starts the next (before branch idlegain, keepValues) made
// the greedies hold their AP against a witch that never attacked them:
// 47.35% (45.17-49.54, seed 1, --policy-check --against idle-rush, 2 000
// battles); here 3 764 of 7 991 decided before the change (99.99% Wilson
// [0.4494, 0.4928]), 4 121 of 7 993 after ([0.4938, 0.5373]).
// black-guild-300, which still loses (about 46%, docs/policies.md "Idle
// enemies that have already activated"), is not checked.
func TestSkirmishNotWorseThanIdleRush(t *testing.T) {
	wins, decided := idleRushBattles(t, "tembos-300", 1000, 17)
	if lo, hi := stats.Wilson(wins, decided, 0.9999); lo <= 0.5 {
		t.Errorf("default against idle-rush, tembos-300: %d of %d decided, 99.99%% Wilson [%.4f, %.4f]: want above one half", wins, decided, lo, hi)
	}
	wins, decided = idleRushBattles(t, "fangs-300", fangsIdleRushN, 17)
	lo, hi := stats.Wilson(wins, decided, 0.9999)
	if hi <= 0.5 {
		t.Errorf("default against idle-rush, fangs-300: %d of %d decided, 99.99%% Wilson [%.4f, %.4f]: want not below one half", wins, decided, lo, hi)
	}
	t.Logf("fangs-300: %d of %d decided, 99.99%% Wilson [%.4f, %.4f]", wins, decided, lo, hi)
}

const fangsIdleRushN = 4000
