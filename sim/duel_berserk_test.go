package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestDuelBerserk checks Berserk bleeding in a duel (skills list: "Berserk X: this
// state is triggered by the condition X... it cannot spend its AP for defensive
// actions", seed 000 lines 1604-1608): once A has gone berserk, every one of its
// defences is the reflex defence (or none), and a daze or stun ends the state.
func TestDuelBerserk(t *testing.T) {
	berserker := safar("berserker", 1, stats4(3, 5, 3, 4), 3, profiles.Skill{Name: "berserk", Text: "bleeding"})
	berserker.HP = 30
	cutter := safar("cutter", 1, stats4(3, 4, 4, 3), 3)
	cutter.HP = 30
	d := &sim.Duel{A: sim.NewFighter(berserker, []*profiles.Equipment{club}), B: sim.NewFighter(cutter, []*profiles.Equipment{sword})}
	if nm := d.NotModelled(); len(nm) != len(sim.RulesNotModelled(sim.InDuel)) { // the rules not modelled only
		t.Errorf("Berserk bleeding reported as not modelled: %v", nm)
	}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	pl.SetTrace(&buf)
	went, checked := 0, 0
	for seed := range uint64(40) {
		buf.Reset()
		pl.Play(rand.NewPCG(seed, 0))
		berserk := false
		for _, line := range strings.Split(buf.String(), "\n") {
			switch {
			case strings.Contains(line, "A goes berserk"):
				berserk = true
				went++
			case berserk && strings.Contains(line, "B attacks") && strings.Contains(line, "A defends"):
				checked++
				def := line[strings.Index(line, "A defends")+len("A defends "):]
				if !strings.HasPrefix(def, "reflex") && !strings.HasPrefix(def, "no defence") {
					t.Fatalf("seed %d: berserk A defends with AP: %s", seed, line)
				}
			}
		}
	}
	if went == 0 || checked == 0 {
		t.Fatalf("A went berserk in %d fights, %d defences after it: the test saw nothing", went, checked)
	}
	// A berserker with another condition is reported.
	other := safar("other", 1, stats4(3, 5, 3, 4), 3, profiles.Skill{Name: "berserk", Text: "wounded"})
	d2 := &sim.Duel{A: sim.NewFighter(other, nil), B: sim.NewFighter(cutter, nil)}
	if nm := d2.NotModelled(); len(nm) != 1+len(sim.RulesNotModelled(sim.InDuel)) || !strings.HasPrefix(nm[0], "berserk") {
		t.Errorf("Berserk wounded: not modelled = %v, want berserk", nm)
	}
}
