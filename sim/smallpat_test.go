package sim_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// editedFighter returns the Safar of profile id of the embedded data, with
// its card's equipment, its card changed by edit.
func editedFighter(t testing.TB, id string, edit func(p *profiles.Profile)) *sim.Fighter {
	t.Helper()
	ds := profiles.Default()
	p, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	q := *p
	edit(&q)
	lo, err := ds.Equip(&q, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sim.NewFighter(&q, lo.Items(ds))
}

// TestCardRulesInSkirmishes checks battles with the card rules of skills.md
// section 3, patterns S and K, on a side: a paladin that supports with +3 and
// cancels the enemy's support, another whose Devouring heals double and who
// must go and devour a carcass in its aura, beside a plain paladin, against
// three Khérops warriors. The traces show the +3 support and the Devouring,
// and pass the trace checker of TestSkirmishTrace (HP, AP and positions
// followed).
func TestCardRulesInSkirmishes(t *testing.T) {
	strong := editedFighter(t, "paladin-2", func(p *profiles.Profile) {
		p.Support = &profiles.SupportRule{Bonus: 3, CancelsEnemy: true}
	})
	ghoul := editedFighter(t, "paladin-2", func(p *profiles.Profile) {
		p.GenericActions = &profiles.GenericActions{DevourDouble: true, DevourSeek: true}
	})
	a := []*sim.Fighter{cardFighter(t, "paladin-2"), strong, ghoul}
	b := []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), cardFighter(t, "kherops-warrior-1"), cardFighter(t, "kherops-warrior-1")}
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "paladins", Safars: a, Costs: []int{1, 1, 1}, Leader: 0},
		{Name: "warriors", Safars: b, Costs: []int{1, 1, 1}, Leader: 0},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	support, cancels, devours := 0, 0, 0
	for seed := range uint64(30) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 9))
		newTraceChecker(t, "card rules", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
		s := buf.String()
		support += strings.Count(s, "is supported: +3")
		cancels += strings.Count(s, "cancels the support")
		devours += strings.Count(s, "paladin-2 devours the carcass")
	}
	if support == 0 || devours == 0 {
		t.Errorf("in 30 battles: %d supports of +3, %d Devourings; want some of each", support, devours)
	}
	t.Logf("30 battles: %d supports of +3, %d cancelled supports, %d Devourings; events %v", support, cancels, devours, events)
}
