package sim_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// withSkills returns profile id of the embedded data with skills added to its
// card.
func withSkills(t testing.TB, id string, skills ...profiles.Skill) *sim.Fighter {
	t.Helper()
	ds := profiles.Default()
	base, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	p := *base
	p.Skills = append(slices.Clone(p.Skills), skills...)
	lo, err := ds.Equip(base, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sim.NewFighter(&p, lo.Items(ds))
}

// TestFearlessBite checks Fearless and Bound X in a single exchange
// (skills.md #54: "Never takes a fright test nor a temerity test"; #52: "They
// never take temerity or fright tests"): a Bite's "immediate temerity test
// (threshold 10)" (R18, seed 000 line 884) is not taken, computed exactly;
// without the skill the prey of TestSpecialAttacks (T 4) fails it half the
// time it is bitten.
func TestFearlessBite(t *testing.T) {
	for _, tc := range []struct {
		skill string
		fail  float64
	}{
		{"", 0.5},
		{profiles.SkillFearless, 0},
		{profiles.SkillBound, 0},
	} {
		ex := specialExchange(sim.Bite, 4)
		if tc.skill != "" {
			p := *ex.Defender.Profile
			p.Skills = append(slices.Clone(p.Skills), profiles.Skill{Name: tc.skill, Text: "femelle Fang"})
			ex.Defender = sim.NewFighter(&p, nil)
		}
		r := exact(t, ex)
		if r.PSuccess < 0.1 {
			t.Fatalf("%q: the bite succeeds with probability %g only", tc.skill, r.PSuccess)
		}
		if want := r.PSuccess * tc.fail; r.PFeared < want-1e-12 || r.PFeared > want+1e-12 {
			t.Errorf("%q: p_failed_temerity_test %.15g, want %.15g", tc.skill, r.PFeared, want)
		}
	}
}

// TestFearlessTakesNoTemerityTest checks that Fearless and Bound X take no
// temerity test against terror (skills.md #54, #52; seed 000 lines
// 1276-1304): kherops-warrior-1 with either skill, engaged with the
// terrifying prowler of TestTerrorTest, never tests, where without it it
// tests in every duel (TestTerrorTest).
func TestFearlessTakesNoTemerityTest(t *testing.T) {
	for _, sk := range []profiles.Skill{{Name: profiles.SkillFearless}, {Name: profiles.SkillBound, Text: "femelle Fang"}} {
		d := &sim.Duel{A: terrifying(t, "fang-prowler-1", 13), B: withSkills(t, "kherops-warrior-1", sk)}
		pl, err := d.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		pl.SetTrace(&buf)
		r := rand.NewPCG(2, 2)
		for range 200 {
			pl.Play(r)
		}
		if strings.Contains(buf.String(), "temerity test") {
			t.Errorf("%s: a temerity test was taken", sk.Name)
		}
		if d.NotModelledContains(sk.Name) {
			t.Errorf("%s is played, yet listed as not modelled", sk.Name)
		}
	}
}

// TestFrightInDuels checks the fright test in whole duels (seed 000 lines
// 1308-1337; skills.md #53): kherops-warrior-1 (T 4, I 2) against the prowler
// causing fright 13, from the deployment distance, tests before its first
// melee roll against it and fails the roll (a natural 1 or 6 + 1D10 < 13)
// with probability 6/10, burning its mastery die to pass when it does
// (seed 000 line 1320); the sampled rate must hold 6/10 in its 99.99% Wilson
// interval. With Unshakeable Faith it passes every test without a roll.
func TestFrightInDuels(t *testing.T) {
	n := 2000
	if raceEnabled {
		n = 400
	}
	fr := withSkills(t, "fang-prowler-1", profiles.Skill{Name: profiles.SkillFright, Value: 13})
	d := &sim.Duel{A: fr, B: cardFighter(t, "kherops-warrior-1")}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	pl.SetTrace(&buf)
	r := rand.NewPCG(12, 1)
	tests, fails := 0, 0
	for range n {
		buf.Reset()
		pl.Play(r)
		for _, line := range strings.Split(buf.String(), "\n") {
			if !strings.Contains(line, "B fails its fright test against A (13)") && !strings.Contains(line, "B passes its fright test against A (13)") {
				continue
			}
			tests++
			if strings.Contains(line, "fails") {
				fails++
				if !strings.Contains(line, "burns a mastery die") {
					t.Fatalf("a first failure with a mastery die to burn: %s", line)
				}
			}
			break
		}
	}
	t.Logf("%d first fright tests in %d duels, %d failed rolls", tests, n, fails)
	if tests < n/2 {
		t.Fatalf("only %d first fright tests in %d duels", tests, n)
	}
	if lo, hi := stats.Wilson(fails, tests, 0.9999); 0.6 < lo || 0.6 > hi {
		t.Errorf("first fright tests failed %d of %d (99.99%% Wilson %.3f-%.3f), want 0.60", fails, tests, lo, hi)
	}
	if d.NotModelledContains(profiles.SkillFright) {
		t.Error("fright is played, yet listed as not modelled")
	}

	faith := &sim.Duel{A: fr, B: withSkills(t, "kherops-warrior-1", profiles.Skill{Name: profiles.SkillUnshakeableFaith})}
	fp, err := faith.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	fp.SetTrace(&buf)
	for range 100 {
		fp.Play(r)
	}
	if got := strings.Count(buf.String(), "B passes its fright test against A (Unshakeable Faith)"); got < 50 || strings.Contains(buf.String(), "B fails its fright test") {
		t.Errorf("Unshakeable Faith: %d passes by faith in 100 duels, failures %v", got, strings.Contains(buf.String(), "B fails its fright test"))
	}
	if faith.NotModelledContains(profiles.SkillUnshakeableFaith) {
		t.Error("unshakeable faith is played, yet listed as not modelled")
	}
}

// TestSacrificeInSkirmishes checks Sacrifice X in whole battles (seed 000
// line 1650; skills.md #51): in kharns-300-like battles where every Khârn has
// Sacrifice 1, Safars sacrifice (the trace checker of TestSkirmishTrace
// checks each: an ally of the activated Safar, once per turn, HP followed),
// and the skill is not listed as not modelled.
func TestSacrificeInSkirmishes(t *testing.T) {
	sac := profiles.Skill{Name: profiles.SkillSacrifice, Value: 1}
	a := []*sim.Fighter{withSkills(t, "paladin-2", sac), withSkills(t, "paladin-2", sac), withSkills(t, "crown-guard-1", sac)}
	b := []*sim.Fighter{cardFighter(t, "kherops-warrior-2"), cardFighter(t, "kherops-warrior-1"), cardFighter(t, "kherops-warrior-1")}
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "sacrificers", Safars: a, Costs: []int{1, 1, 1}, Leader: 0},
		{Name: "warriors", Safars: b, Costs: []int{1, 1, 1}, Leader: 0},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	for seed := range uint64(20) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 5))
		newTraceChecker(t, "sacrifice", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
	}
	t.Logf("events: %v", events)
	if events["sacrifice"] == 0 {
		t.Error("no sacrifice in 20 battles")
	}
	for _, s := range sk.NotModelled() {
		if strings.HasPrefix(s, profiles.SkillSacrifice+" ") {
			t.Errorf("sacrifice listed as not modelled: %q", s)
		}
	}
}

// TestMoraleAllocs checks that fights stay allocation-free with the skills of
// sim/morale.go, sim/devour.go and sim/authority.go at work: duels against a
// frightening Safar, and battles of Khârns (carnivorous) with Sacrifice and
// Authority against a side led by a frightening Khérops, replayed on the dice
// that warmed the caches (as TestSkirmishAllocs does).
func TestMoraleAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	fr := profiles.Skill{Name: profiles.SkillFright, Value: 13}
	d := &sim.Duel{A: withSkills(t, "fang-prowler-1", fr), B: cardFighter(t, "kherops-warrior-1")}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.NewPCG(1, 0)
	for range 20000 {
		pl.Play(r)
	}
	if n := testing.AllocsPerRun(1000, func() { pl.Play(r) }); n != 0 {
		t.Errorf("duel against fright: %v allocations per fight, want 0", n)
	}

	sac := profiles.Skill{Name: profiles.SkillSacrifice, Value: 1}
	auth := profiles.Skill{Name: profiles.SkillAuthority}
	a := []*sim.Fighter{withSkills(t, "paladin-3", auth), withSkills(t, "paladin-2", sac), withSkills(t, "crown-guard-1", sac)}
	b := []*sim.Fighter{withSkills(t, "kherops-warrior-2", fr), cardFighter(t, "kherops-warrior-1"), cardFighter(t, "kherops-warrior-1")}
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: a, Costs: []int{1, 1, 1}, Leader: 0},
		{Safars: b, Costs: []int{1, 1, 1}, Leader: 0},
	}}
	sp, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if n := sim.WarmAllocs(sp, 200); n != 0 {
		t.Errorf("battle with fright, Sacrifice, Authority and devouring: %v allocations per battle, want 0", n)
	}
}
