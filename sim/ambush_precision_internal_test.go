package sim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// preciseCutthroat returns the guild cutthroat with its Ambush given the
// precision "+threshold au seuil et +damage dgt à la première attaque"
// (skills.md #18; the fixture fangs-traqueuse-3 of catalog-056.json).
func preciseCutthroat(t *testing.T, threshold, damage int) *Fighter {
	t.Helper()
	f := fighterWith(t, "guild-cutthroat-1")
	p := *f.Profile
	p.Skills = slices.Clone(p.Skills)
	i := slices.IndexFunc(p.Skills, func(s profiles.Skill) bool { return s.Name == profiles.SkillAmbush })
	if i < 0 {
		t.Fatal("the guild cutthroat has no Ambush")
	}
	p.Skills[i].FirstThreshold, p.Skills[i].FirstDamage = threshold, damage
	g := *f
	g.Profile = &p
	return &g
}

// precisionBattle returns the engine of the cutthroat cut (side A, with a
// paladin-2) against a kherops warrior, not reset.
func precisionBattle(t *testing.T, cut *Fighter) *engine {
	t.Helper()
	a := []*Fighter{fighterWith(t, "paladin-2"), cut}
	b := []*Fighter{fighterWith(t, "kherops-warrior-1")}
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: a, Costs: make([]int, len(a)), Leader: -1},
		{Safars: b, Costs: make([]int, len(b)), Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	return pl.e
}

// interruptOnce resets e, walks the warrior into the cutthroat's zone 5 and
// plays the interrupt (TestAmbushInterrupt's set-up); it returns the HP the
// warrior lost.
func interruptOnce(e *engine, seed uint64) int {
	e.reset()
	w := &e.c[2]
	w.ap = w.f.Profile.AP
	e.c[0].pos = field.Vec{X: 7.5, Y: 1}
	w.pos = field.Vec{X: 7.5, Y: 9}
	e.enteredAmbush(rand.NewPCG(seed, 11), 2)
	return w.f.Profile.HP - max(w.hp, 0)
}

// TestAmbushFirstAttackBonus checks the precision of an ambusher's card on
// its first attack after the reveal (skills.md #18, sim/ambush.go): "+2 au
// seuil et +1 dgt à la première attaque" adds 2 to the attack threshold
// (the engaged characteristics plus the kept die, seed 004 lines 242 and
// 605-607) and 1 to the damage of the interrupt's attack, and to no later
// attack. The plan of the interrupt carries the bonus; the sampled share of
// interrupts that hurt the warrior lies in the 99.99% Wilson interval of the
// exact engine's figure for that exchange, with the bonus, and that figure
// is above the one without it (a profile with no precision plays none).
func TestAmbushFirstAttackBonus(t *testing.T) {
	const n = 20000
	var hurt [2][2]float64 // 99.99% Wilson interval of P(hurt), without and with
	for k, th := range []int{0, 2} {
		e := precisionBattle(t, preciseCutthroat(t, th, th/2))
		hits := 0
		for seed := range uint64(n) {
			if interruptOnce(e, seed) > 0 {
				hits++
			}
			if e.c[1].ambushFirst {
				t.Fatal("the bonus outlived the first attack")
			}
		}
		var ex *Exchange
		for key, pl := range e.plans {
			if key.att == int8(e.c[1].kind) && key.def == int8(e.c[2].kind) {
				if ex != nil && (ex.AttackBonus != pl.ex.AttackBonus || ex.DamageBonus != pl.ex.DamageBonus) {
					t.Fatalf("two plans of the interrupt: bonus %d/%d and %d/%d", ex.AttackBonus, ex.DamageBonus, pl.ex.AttackBonus, pl.ex.DamageBonus)
				}
				ex = pl.ex
			}
		}
		if ex == nil {
			t.Fatal("no plan of the cutthroat against the warrior")
		}
		if ex.AttackBonus != th || ex.DamageBonus != th/2 {
			t.Errorf("precision %d/%d: the interrupt's exchange has bonus %d/%d", th, th/2, ex.AttackBonus, ex.DamageBonus)
		}
		lo, hi := stats.Wilson(hits, n, 0.9999)
		hurt[k] = [2]float64{lo, hi}
		t.Logf("precision %d/%d: %d/%d hurt", th, th/2, hits, n)
	}
	if hurt[1][0] <= hurt[0][1] {
		t.Errorf("P(hurt) in %.4f with the bonus, %.4f without: want higher", hurt[1], hurt[0])
	}
}
