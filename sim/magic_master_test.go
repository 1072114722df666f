package sim_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// Master X (esoteric) on a defence against a spell (seed 000 l.1636: "once per
// turn, a Safar with this skill can reroll for free one or more dice for
// actions from the X field"; seed 004 l.1569): the target rerolls its whole
// defence pool when the kept face would not stop the casting total (R4, R5;
// sim/magic_master.go).

// masterCastCases are casts on targets with Master esoteric: with and without
// an esoteric mastery die, best response and a fixed defence, the three
// incantations, armour, and the ch-auto-success option; the same targets
// without the skill when master is false.
func masterCastCases(master bool) []struct {
	name string
	c    func() *sim.Cast
} {
	seer := mage("seer", 2, 5, profiles.Osteomancy, nil, profiles.Esoteric, profiles.Esoteric)
	var masterSkill []profiles.Skill
	if master {
		masterSkill = []profiles.Skill{{Name: "master", Field: profiles.Esoteric}}
	}
	witch := target("witch", 2, 4, masterSkill, profiles.Esoteric)
	hermit := target("hermit", 1, 3, masterSkill)
	two := 2
	type cc = struct {
		name string
		c    func() *sim.Cast
	}
	return []cc{
		{"quick bolt, best response, Master and an esoteric die", func() *sim.Cast {
			return &sim.Cast{Caster: sim.NewFighter(seer, nil), Target: sim.NewFighter(witch, nil), Spell: bolt, Difficulty: 12, AP: 1,
				Reroll: true, DefenceMastery: true}
		}},
		{"basic bolt 18, one die and Master only", func() *sim.Cast {
			return &sim.Cast{Caster: sim.NewFighter(seer, nil), Target: sim.NewFighter(hermit, nil), Spell: bolt, Difficulty: 18, AP: 2,
				Reroll: true, DefenceMastery: true}
		}},
		{"complex bolt vs plate, 2 AP defence", func() *sim.Cast {
			return &sim.Cast{Caster: sim.NewFighter(seer, nil), Target: sim.NewFighter(witch, []*profiles.Equipment{wear(plate)}),
				Spell: bolt, Difficulty: 12, AP: 3, Reroll: true, DefenceMastery: true, Defence: &two}
		}},
		{"quick hex, ch-auto-success, AP worth 0.2", func() *sim.Cast {
			return &sim.Cast{Caster: sim.NewFighter(seer, nil), Target: sim.NewFighter(witch, nil), Spell: hex, Difficulty: 15, AP: 1,
				Reroll: true, DefenceMastery: true, APValue: 0.2, Variant: sim.Variant{CHAutoSuccess: true}}
		}},
	}
}

// TestCastMasterDefenceSamplerAgainstExact draws 10^6 casts of each case (10^5
// with -short or -race) and checks that Cast.Exact lies inside the sample's
// 99.99% Wilson intervals.
func TestCastMasterDefenceSamplerAgainstExact(t *testing.T) {
	n := 1_000_000
	if testing.Short() || raceEnabled {
		n = 100_000
	}
	for i, cs := range masterCastCases(true) {
		t.Run(cs.name, func(t *testing.T) {
			t.Parallel()
			want := castExact(t, cs.c())
			sm, err := cs.c().NewSampler()
			if err != nil {
				t.Fatal(err)
			}
			r := rand.NewPCG(uint64(9100+i), 3)
			var succ, crit, dcf, reached, master int
			var amount []int
			for range n {
				o := sm.Sample(r)
				for _, c := range []struct {
					b bool
					k *int
				}{{o.Success, &succ}, {o.Success && o.Critical, &crit}, {o.DefenceCF, &dcf}, {o.Reached, &reached}, {o.DefenceMaster, &master}} {
					if c.b {
						*c.k++
					}
				}
				amount = bump(amount, o.Amount)
			}
			checkPMF(t, "p_success", []int{succ}, n, []float64{want.PSuccess})
			checkPMF(t, "p_critical_success", []int{crit}, n, []float64{want.PCriticalSuccess})
			checkPMF(t, "p_defence_critical_failure", []int{dcf}, n, []float64{want.PDefenceCF})
			checkPMF(t, "p_reached_difficulty", []int{reached}, n, []float64{want.PReached})
			if want.AmountPMF != nil {
				checkPMF(t, "amount_pmf", amount, n, want.AmountPMF)
			}
			if master == 0 {
				t.Errorf("the target never used its Master reroll in %d casts", n)
			}
			if want.PSuccess < 0.05 || want.PSuccess > 0.95 {
				t.Errorf("p_success %g: the case tells little", want.PSuccess)
			}
			t.Logf("exact p_success %.4f; Master reroll in %.3f of the casts", want.PSuccess, float64(master)/float64(n))
		})
	}
}

// TestCastMasterDefenceLowersSuccess checks that Master esoteric on the target
// lowers the exact P(success) of each case, and that without DefenceMastery
// (kharn odds --no-mastery) the target plays neither its die nor its Master.
func TestCastMasterDefenceLowersSuccess(t *testing.T) {
	plain := masterCastCases(false)
	for i, cs := range masterCastCases(true) {
		with := castExact(t, cs.c())
		c := plain[i].c()
		without := castExact(t, c)
		if !(with.PSuccess < without.PSuccess-1e-6) {
			t.Errorf("%s: P(success) %.6f with Master esoteric on the target, %.6f without: not lower", cs.name, with.PSuccess, without.PSuccess)
		}
		c1, c2 := cs.c(), c
		c1.DefenceMastery, c2.DefenceMastery = false, false
		if a, b := castExact(t, c1).PSuccess, castExact(t, c2).PSuccess; !near(a, b) {
			t.Errorf("%s: without DefenceMastery P(success) %.12f with Master, %.12f without", cs.name, a, b)
		}
		t.Logf("%s: P(success) %.4f with Master esoteric on the target, %.4f without", cs.name, with.PSuccess, without.PSuccess)
	}
}

// TestDuelMasterEsotericOncePerTurn checks that a target with Master esoteric
// rerolls its spell defences with it at most once per round, the same Master
// X flag as its exchanges (engine.masterUsed), and does use it.
func TestDuelMasterEsotericOncePerTurn(t *testing.T) {
	seer := mage("seer", 2, 5, profiles.Osteomancy, nil, profiles.Esoteric, profiles.Esoteric)
	seer.HP = 30
	seer.Magic.Known = []*profiles.Spell{bolt}
	seer.Magic.Spells = []string{"bolt"}
	witch := target("witch", 2, 3, []profiles.Skill{{Name: "master", Field: profiles.Esoteric}})
	witch.HP = 30
	d := &sim.Duel{A: sim.NewFighter(seer, []*profiles.Equipment{club}), B: sim.NewFighter(witch, []*profiles.Equipment{club})}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	pl.SetTrace(&buf)
	used, twice := 0, 0 // twice: rounds with two defended casts or more
	for seed := range uint64(40) {
		buf.Reset()
		pl.Play(rand.NewPCG(seed, 5))
		for _, round := range strings.Split(buf.String(), "Round ")[1:] {
			k, defended := 0, 0
			for _, line := range strings.Split(round, "\n") {
				if strings.Contains(line, " casts ") && strings.Contains(line, " defends with ") {
					defended++
				}
				if strings.Contains(line, " casts ") && strings.Contains(line, "[Master reroll]") {
					k++
				}
			}
			if defended > 1 {
				twice++
			}
			if k > 1 {
				t.Fatalf("seed %d: Master esoteric used %d times in one round:\n%s", seed, k, round)
			}
			used += k
		}
	}
	if used == 0 || twice == 0 {
		t.Errorf("Master esoteric used on %d spell defences, %d rounds with two defended casts, over 40 duels: the test saw nothing\n%s", used, twice, buf.String())
	}
	t.Logf("Master esoteric used on %d spell defences over 40 duels; %d rounds with two defended casts or more", used, twice)
}

// TestCastMasterDefenceSampleAllocs checks that the cast sampler draws a
// defence with Master esoteric without allocating.
func TestCastMasterDefenceSampleAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, cs := range masterCastCases(true) {
		sm, err := cs.c().NewSampler()
		if err != nil {
			t.Fatal(err)
		}
		r := rand.NewPCG(1, 0)
		if a := testing.AllocsPerRun(1000, func() { sm.Sample(r) }); a != 0 {
			t.Errorf("%s: %v allocations per Sample", cs.name, a)
		}
	}
}

// TestDuelCasterMasterOncePerTurn checks that a caster's Master X (esoteric) on
// its casting roll is used at most once per round in fights, as the target's on
// its defence and the exchanges' (seed 000 l.1636: "once per turn"), and that
// it is used at all.
func TestDuelCasterMasterOncePerTurn(t *testing.T) {
	seer := mage("seer", 2, 5, profiles.Osteomancy, []profiles.Skill{{Name: "master", Field: profiles.Esoteric}})
	seer.HP = 30
	seer.Magic.Known = []*profiles.Spell{bolt}
	seer.Magic.Spells = []string{"bolt"}
	witch := target("witch", 2, 3, nil)
	witch.HP = 30
	d := &sim.Duel{A: sim.NewFighter(seer, []*profiles.Equipment{club}), B: sim.NewFighter(witch, []*profiles.Equipment{club})}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	pl.SetTrace(&buf)
	used, twice := 0, 0 // twice: rounds with two casts or more
	for seed := range uint64(40) {
		buf.Reset()
		pl.Play(rand.NewPCG(seed, 5))
		for _, round := range strings.Split(buf.String(), "Round ")[1:] {
			k, casts := 0, 0
			for _, line := range strings.Split(round, "\n") {
				if !strings.Contains(line, " casts ") {
					continue
				}
				casts++
				if strings.Contains(line, "[Master reroll]") {
					k++
				}
			}
			if casts > 1 {
				twice++
			}
			if k > 1 {
				t.Fatalf("seed %d: the caster's Master esoteric used %d times in one round:\n%s", seed, k, round)
			}
			used += k
		}
	}
	if used == 0 || twice == 0 {
		t.Errorf("the caster's Master esoteric used on %d casts, %d rounds with two casts, over 40 duels: the test saw nothing\n%s", used, twice, buf.String())
	}
	t.Logf("the caster's Master esoteric used on %d casts over 40 duels; %d rounds with two casts or more", used, twice)
}
