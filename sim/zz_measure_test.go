package sim_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

func TestZZMeasure(t *testing.T) {
	for _, c := range []struct {
		name string
		rule *profiles.SupportRule
		gen  *profiles.GenericActions
	}{{"plain", nil, nil}, {"support +3", &profiles.SupportRule{Bonus: 3}, nil}, {"support +3 cancels", &profiles.SupportRule{Bonus: 3, CancelsEnemy: true}, nil},
		{"devour double and seek", nil, &profiles.GenericActions{DevourDouble: true, DevourSeek: true}}} {
		card := editedFighter(t, "paladin-2", func(p *profiles.Profile) { p.Support = c.rule; p.GenericActions = c.gen })
		plain := cardFighter(t, "paladin-2")
		w := cardFighter(t, "kherops-warrior-1")
		sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
			{Safars: []*sim.Fighter{plain, card, plain}, Costs: []int{1, 1, 1}, Leader: 0},
			{Safars: []*sim.Fighter{w, w, w, w, w}, Costs: []int{1, 1, 1, 1, 1}, Leader: 0},
		}}
		pl, err := sk.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		const n = 20000
		wins := 0
		t0 := time.Now()
		for s := range uint64(n) {
			if pl.Play(rand.NewPCG(s, 1)).Winner == sim.SideA {
				wins++
			}
		}
		lo, hi := stats.Wilson(wins, n, 0.95)
		t.Logf("%s: A wins %d of %d = %.2f%% (95%% %.2f-%.2f), %.1f us per battle", c.name, wins, n, 100*float64(wins)/n, 100*lo, 100*hi, float64(time.Since(t0).Microseconds())/n)
	}
}
