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

// TestConditionalSkillsInSkirmishes checks battles with pattern M's cards
// (skills.md section 3): a paladin with Unshakeable Faith while its twin (a
// Khérops warrior) is in play and that marks its costliest ally, which gains
// Heroic defence and the defensive field on its mastery dice. The traces
// show the mark at the start and the twin's skill switched, and pass the
// trace checker of TestSkirmishTrace.
func TestConditionalSkillsInSkirmishes(t *testing.T) {
	sister := editedFighter(t, "paladin-2", func(p *profiles.Profile) {
		p.ConditionalSkills = []profiles.ConditionalSkill{{Skills: []profiles.Skill{{Name: profiles.SkillUnshakeableFaith}},
			WhileInPlay: &profiles.Selector{Profiles: []string{"kherops-warrior-1"}}}}
		p.MarksAlly = &profiles.AllyMark{To: profiles.Selector{All: true}, Skills: []profiles.Skill{{Name: profiles.SkillHeroic, Field: profiles.Defensive}},
			MasteryField: profiles.Defensive}
	})
	a := []*sim.Fighter{sister, cardFighter(t, "kherops-warrior-1"), cardFighter(t, "kherops-warrior-2")}
	b := []*sim.Fighter{cardFighter(t, "paladin-2"), cardFighter(t, "kherops-warrior-2"), cardFighter(t, "guild-cutthroat-1")}
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "sisters", Safars: a, Costs: []int{3, 1, 2}, Leader: 0},
		{Name: "others", Safars: b, Costs: []int{1, 1, 1}, Leader: 0},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	marks, twins := 0, 0
	for seed := range uint64(20) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 11))
		newTraceChecker(t, "conditional skills", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
		s := buf.String()
		marks += strings.Count(s, "A3 kherops-warrior-2's card at the start: marked by paladin-2")
		twins += strings.Count(s, "unshakeable faith while A2 kherops-warrior-1 is in play")
	}
	if marks != 20 || twins == 0 {
		t.Errorf("in 20 battles: %d marks traced (want 20), %d times the twin's skill held", marks, twins)
	}
}

// TestCardRulesAllocs checks that battles with the card rules of patterns
// S, K and M (a +3 supporter that cancels, a paladin that must devour, a
// twin's skill switched, a mark) allocate nothing once warm (WarmAllocs,
// 200 battles from seed 1): the rules are read on flags and the kinds built
// when the skirmish is set up.
func TestCardRulesAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	strong := editedFighter(t, "paladin-2", func(p *profiles.Profile) {
		p.Support = &profiles.SupportRule{Bonus: 3, CancelsEnemy: true}
		p.MarksAlly = &profiles.AllyMark{To: profiles.Selector{All: true}, MasteryField: profiles.Defensive}
	})
	ghoul := editedFighter(t, "paladin-2", func(p *profiles.Profile) {
		p.GenericActions = &profiles.GenericActions{DevourDouble: true, DevourSeek: true}
		p.ConditionalSkills = []profiles.ConditionalSkill{{Skills: []profiles.Skill{{Name: profiles.SkillUnshakeableFaith}},
			WhileInPlay: &profiles.Selector{Profiles: []string{"paladin-2"}}}}
	})
	a := []*sim.Fighter{cardFighter(t, "paladin-2"), strong, ghoul}
	b := []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), cardFighter(t, "kherops-warrior-1"), cardFighter(t, "kherops-warrior-1")}
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: a, Costs: []int{1, 2, 1}, Leader: 0},
		{Safars: b, Costs: []int{1, 1, 1}, Leader: 0},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if n := sim.WarmAllocs(pl, 200); n != 0 {
		t.Errorf("%.2f allocations per battle, want 0", n)
	}
}
