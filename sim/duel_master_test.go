package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestDuelMasterOncePerTurn checks Master X in a duel ("once per turn, a Safar with
// this skill can reroll for free one or more dice for actions from the X field",
// seed 000 line 1636): a Safar with Master offensive and Master defensive uses each
// at most once per round, and does use them.
func TestDuelMasterOncePerTurn(t *testing.T) {
	p := safar("master", 2, stats4(3, 4, 4, 3), 3,
		profiles.Skill{Name: "master", Field: profiles.Offensive}, profiles.Skill{Name: "master", Field: profiles.Defensive})
	p.HP = 25
	q := safar("plain", 2, stats4(3, 4, 4, 3), 3)
	q.HP = 25
	d := &sim.Duel{A: sim.NewFighter(p, []*profiles.Equipment{club}), B: sim.NewFighter(q, []*profiles.Equipment{club})}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	pl.SetTrace(&buf)
	attack, defence := 0, 0
	for seed := range uint64(40) {
		buf.Reset()
		pl.Play(rand.NewPCG(seed, 2))
		for _, round := range strings.Split(buf.String(), "Round ")[1:] {
			a, dd := 0, 0
			for _, line := range strings.Split(round, "\n") {
				i := strings.Index(line, "defends")
				if i < 0 || !strings.Contains(line, "[Master reroll]") {
					continue
				}
				// The attack's marks come before "defends", the defence's after.
				if strings.Contains(line[:i], "[Master reroll]") && strings.Contains(line, "A attacks") {
					a++
				}
				if strings.Contains(line[i:], "[Master reroll]") && strings.Contains(line, "B attacks") {
					dd++
				}
			}
			if a > 1 || dd > 1 {
				t.Fatalf("seed %d: Master used %d times in attack and %d in defence in one round:\n%s", seed, a, dd, round)
			}
			attack += a
			defence += dd
		}
	}
	if attack == 0 || defence == 0 {
		t.Errorf("Master used %d times in attack and %d in defence over 40 fights: the test saw nothing", attack, defence)
	}
}
