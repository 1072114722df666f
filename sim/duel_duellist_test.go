package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/internal/longtest"
	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// TestDuelDuellist checks Duellist X in a duel (skills list: "can make an opponent
// in his ZOC reroll X dice of a melee attack or melee defence roll, once per turn",
// seed 000 line 1620): a duellist beats its otherwise identical twin significantly
// more than half of the time, and forces at most one reroll per round.
func TestDuelDuellist(t *testing.T) {
	twin := func(id string, sk ...profiles.Skill) *sim.Fighter {
		p := safar(id, 2, stats4(3, 4, 4, 3), 3, sk...)
		p.HP = 20
		return sim.NewFighter(p, []*profiles.Equipment{club})
	}
	d := &sim.Duel{A: twin("duellist", profiles.Skill{Name: "duellist", Value: 2}), B: twin("plain")}
	if nm := d.NotModelled(); len(nm) != len(sim.RulesNotModelled(sim.InDuel)) { // the rules not modelled only
		t.Errorf("Duellist reported as not modelled in a duel: %v", nm)
	}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	n := 40_000
	if !longtest.Enabled() {
		n = 10_000
	}
	r := rand.NewPCG(17, 0)
	wins := 0
	for range n {
		if pl.Play(r).Winner == sim.SideA {
			wins++
		}
	}
	if lo, hi := stats.Wilson(wins, n, 0.9999); lo <= 0.5 {
		t.Errorf("the duellist wins %d of %d fights [%.3f, %.3f]: not significantly more than its twin", wins, n, lo, hi)
	}
	var buf bytes.Buffer
	pl.SetTrace(&buf)
	forced := 0
	for seed := range uint64(30) {
		buf.Reset()
		pl.Play(rand.NewPCG(seed, 1))
		for _, round := range strings.Split(buf.String(), "Round ")[1:] {
			k := strings.Count(round, "rerolled by Duellist")
			if k > 1 {
				t.Fatalf("seed %d: %d Duellist rerolls in one round:\n%s", seed, k, round)
			}
			forced += k
		}
	}
	if forced == 0 {
		t.Error("no Duellist reroll in 30 traced fights: the test saw nothing")
	}
}
