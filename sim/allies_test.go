package sim_test

import (
	"testing"
	"testing/fstest"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// alliesData is an invented data set: a herald whose card gives Brutality 1
// to the warriors of its Spearhead while it leads (the catalogue's
// grant-skill on traits with the condition isLeader, catalogue.md 3.8;
// skills.md section 3, pattern D: "Brutality 1 for its people's warriors"),
// a warrior, and a hunter who is no warrior.
const alliesData = `profiles:
  - id: invented-herald-2
    name: Invented herald
    faction: kharns
    level: 2
    cost: 60
    stats: {V: 3, P: 3, A: 3, C: 4, T: 6, I: 4}
    stature: 3
    ap: 6
    hp: 30
    traits: [warrior]
    grants_allies:
      - skills: {brutality: 1}
        to: {traits: [warrior]}
        leader: true
  - id: invented-warrior-1
    name: Invented warrior
    faction: kharns
    level: 1
    cost: 30
    stats: {V: 4, P: 4, A: 3, C: 3, T: 4, I: 2}
    stature: 3
    ap: 5
    hp: 20
    traits: [warrior]
    skills: {brutality: 2}
  - id: invented-hunter-1
    name: Invented hunter
    faction: kharns
    level: 1
    cost: 30
    stats: {V: 4, P: 4, A: 3, C: 3, T: 4, I: 2}
    stature: 3
    ap: 5
    hp: 20
`

func alliesSet(t *testing.T) *profiles.DataSet {
	t.Helper()
	ds, err := profiles.LoadFS(fstest.MapFS{"allies.yaml": {Data: []byte(alliesData)}}, "allies.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// TestAllyGrants checks that a card's skills for its allies reach the Safars
// they name, under their condition, and change their exchanges: with the
// herald leading, the warriors have Brutality 1 (the warrior that has
// Brutality 2 keeps the higher, skills.md #11 "Several sources: keep the
// highest value"; with increment, 2 + 1), the hunter nothing; with another
// leader, nobody. A list's card_grants (a Spearhead-wide special card,
// skills.md #12 "Also from: ... a Spearhead-wide card") give Cunning to all.
// The herald's 2 AP attack P+P deals exactly P(success) more damage once
// granted (R9, Brutality: "each time it applies the P effect, +X damage",
// seed 000 l.1616), computed with the exact engine.
func TestAllyGrants(t *testing.T) {
	ds := alliesSet(t)
	list := func(leader, cards string) *profiles.List {
		t.Helper()
		src := "name: test\nfaction: kharns\nbudget: 300\nleader: " + leader + "\nmembers:\n" +
			"  - profile: invented-herald-2\n  - profile: invented-warrior-1\n  - profile: invented-hunter-1\n" + cards
		l, err := profiles.ParseList("test.yaml", []byte(src), ds)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	brut := func(sh sim.Spearhead) [3]int {
		return [3]int{sh.Safars[0].Skills.Brutality, sh.Safars[1].Skills.Brutality, sh.Safars[2].Skills.Brutality}
	}
	if got := brut(sim.NewSpearhead(list("invented-herald-2", ""), ds)); got != [3]int{1, 2, 0} {
		t.Errorf("herald leading: Brutality %v, want [1 2 0]", got)
	}
	if got := brut(sim.NewSpearhead(list("invented-hunter-1", ""), ds)); got != [3]int{0, 2, 0} {
		t.Errorf("hunter leading: Brutality %v, want [0 2 0]", got)
	}
	herald, _ := ds.Profile("invented-herald-2")
	herald.AllyGrants[0].Increment = true
	if got := brut(sim.NewSpearhead(list("invented-herald-2", ""), ds)); got != [3]int{1, 3, 0} {
		t.Errorf("herald leading, increment: Brutality %v, want [1 3 0]", got)
	}
	herald.AllyGrants[0].Increment = false
	sh := sim.NewSpearhead(list("invented-hunter-1", "card_grants:\n  - skills: {cunning: ~}\n    to: all\n"), ds)
	for k, f := range sh.Safars {
		if !f.Skills.Cunning {
			t.Errorf("card_grants Cunning to all: Safar %d has no Cunning", k)
		}
	}
	// The exchange plays the granted skill.
	hunter, _ := ds.Profile("invented-hunter-1")
	target := sim.NewFighter(hunter, nil)
	pp := sim.Attack{AP: 2, Chars: sim.CharsOf(sim.P, sim.A), Effects: sim.CharsOf(sim.P)}
	res := func(f *sim.Fighter) *sim.Result {
		ex := &sim.Exchange{Attacker: f, Defender: target, Attack: pp}
		return exact(t, ex)
	}
	plain := res(sim.NewSpearhead(list("invented-hunter-1", ""), ds).Safars[0])
	led := res(sim.NewSpearhead(list("invented-herald-2", ""), ds).Safars[0])
	if d := led.ExpectedDamage - plain.ExpectedDamage - led.PSuccess; d > 1e-9 || d < -1e-9 {
		t.Errorf("granted Brutality 1: E[damage] %.6f, plain %.6f, P(success) %.6f: want the difference to be P(success)",
			led.ExpectedDamage, plain.ExpectedDamage, led.PSuccess)
	}
}
