package sim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// fighterWith returns profile id of the embedded data with skills added to its
// card (the embedded data has no fright, Faith, Fearless, Bound or Sacrifice).
func fighterWith(t *testing.T, id string, skills ...profiles.Skill) *Fighter {
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
	return NewFighter(&p, lo.Items(ds))
}

// frightening is fang-prowler-1 causing fright 13 (skills.md #53: X is 11,
// 13 or 14 on the cards).
func frightening(t *testing.T) *Fighter {
	return fighterWith(t, "fang-prowler-1", profiles.Skill{Name: profiles.SkillFright, Value: 13})
}

// TestFrightTestThreshold checks the fright test "T + I + 1D10 >= fright
// threshold" (seed 000 line 1318, seed 004 line 1258; skills.md #53) and its
// +1 in the leader's aura: kherops-warrior-1 (T 4, I 2) against fright 13
// passes on 7-10 (4/10), and on 6-10 (5/10) with its leader within I toises
// of it. Sampled rates must hold them in their 99.99% Wilson intervals. The
// mastery die it would burn is taken away, so that every failure shows.
func TestFrightTestThreshold(t *testing.T) {
	war := fighterWith(t, "kherops-warrior-1")
	war.Mastery = nil
	for _, tc := range []struct {
		name   string
		leader bool
		want   float64
	}{
		{"alone", false, 0.4},
		{"in its leader's aura", true, 0.5},
	} {
		e := battle(t, []*Fighter{frightening(t)}, []*Fighter{war, war})
		if tc.leader {
			e.leader[1] = 2
		}
		r := rand.NewPCG(3, uint64(len(tc.name)))
		n, pass := 20000, 0
		for range n {
			e.reset()
			e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
			e.c[1].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[1].radius, Y: 7.5}
			e.c[2].pos = field.Vec{X: 7.5 + e.c[0].radius + 2*e.c[1].radius + 0.5, Y: 7.5} // 0.5 toise beyond B1: in B1's aura (I 2)
			e.c[1].ap = 3
			if e.frightTest(r, 1, 0, 13) {
				pass++
			}
		}
		lo, hi := stats.Wilson(pass, n, 0.9999)
		if tc.want < lo || tc.want > hi {
			t.Errorf("%s: passed %d of %d fright tests (99.99%% Wilson %.3f-%.3f), want %.2f", tc.name, pass, n, lo, hi, tc.want)
		}
	}
}

// TestFrightImmunities checks who takes no fright test (skills.md #53, #17,
// #54, #52): a Safar causing fright ("a miniature provoking fright is
// impervious to fright", seed 000 line 1314), Fearless and Bound X (never
// tested); Unshakeable Faith passes every test without a roll (seed 000 line
// 1670). None of them rolls a die.
func TestFrightImmunities(t *testing.T) {
	for _, tc := range []struct {
		name  string
		skill profiles.Skill
	}{
		{"fright", profiles.Skill{Name: profiles.SkillFright, Value: 11}},
		{"fearless", profiles.Skill{Name: profiles.SkillFearless}},
		{"bound", profiles.Skill{Name: profiles.SkillBound, Text: "femelle Fang"}},
		{"unshakeable faith", profiles.Skill{Name: profiles.SkillUnshakeableFaith}},
	} {
		war := fighterWith(t, "kherops-warrior-1", tc.skill)
		e := battle(t, []*Fighter{frightening(t)}, []*Fighter{war})
		r := rand.NewPCG(1, 2)
		before := *r
		for range 100 {
			if !e.frightTest(r, 1, 0, 13) {
				t.Fatalf("%s: failed a fright test", tc.name)
			}
		}
		if *r != before {
			t.Errorf("%s: dice were rolled for a fright test it does not take", tc.name)
		}
		if due := e.frightDue(1, 0); due {
			t.Errorf("%s: a fright test is due against the prowler", tc.name)
		}
	}
}

// TestFrightBurnsMasteryDie checks "A mastery die ... can be spent for good
// ... either by the target or by a level III ally in the miniature aura to
// consider the test as successful" (seed 000 line 1320; seed 004 line 1262):
// kherops-warrior-1 (one mastery die) passes its first fright test in every
// case and burns its die when the roll failed; with its die burnt, a level
// III ally whose aura holds it burns one of its own; with none, the test
// fails.
func TestFrightBurnsMasteryDie(t *testing.T) {
	war, chief := fighterOf(t, "kherops-warrior-1"), fighterOf(t, "kherops-commander-3")
	if chief.Profile.Level != 3 || len(chief.Mastery) == 0 {
		t.Fatalf("kherops-commander-3: level %d, %d mastery dice; the test needs a level III with one", chief.Profile.Level, len(chief.Mastery))
	}
	e := battle(t, []*Fighter{frightening(t)}, []*Fighter{war, chief})
	place := func(chiefGap float64) {
		e.reset()
		e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
		e.c[1].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[1].radius, Y: 7.5}
		e.c[2].pos = field.Vec{X: e.c[1].pos.X, Y: 7.5 + chiefGap}
	}
	r := rand.NewPCG(9, 9)
	burnt, n := 0, 2000
	for range n {
		place(1)
		if !e.frightTest(r, 1, 0, 13) {
			t.Fatal("failed a fright test with a mastery die to burn")
		}
		if e.c[2].lostMastery != 0 {
			t.Fatal("the level III ally burnt a die while the tester had one")
		}
		burnt += e.c[1].lostMastery
	}
	// Burnt when the roll failed: 6/10 (TestFrightTestThreshold).
	if lo, hi := stats.Wilson(burnt, n, 0.9999); 0.6 < lo || 0.6 > hi {
		t.Errorf("burnt a die in %d of %d tests (99.99%% Wilson %.3f-%.3f), want 0.60", burnt, n, lo, hi)
	}
	for {
		place(1)
		e.c[1].lostMastery = 1
		if !e.frightTest(r, 1, 0, 13) || e.c[1].morale.frightPassed == 0 {
			t.Fatal("failed with a level III ally's die to burn")
		}
		if e.c[2].lostMastery == 1 {
			break // a failed roll, passed with the ally's die
		}
	}
	chiefI := float64(chief.Stats().I)
	for range 200 {
		place(chiefI + 1) // out of the ally's aura
		e.c[1].lostMastery = 1
		if !e.frightTest(r, 1, 0, 13) {
			if e.c[2].lostMastery != 0 {
				t.Fatal("an ally out of aura burnt a die")
			}
			return
		}
	}
	t.Error("200 fright tests against 13 at T+I 6 with no die to burn, none failed")
}

// TestFrightEffects checks the table of a failed fright test (seed 000 lines
// 1324-1337; seed 004 lines 1268-1280), one result at a time, on
// kherops-warrior-1 (3 AP, V 3) in contact with the frightening prowler.
func TestFrightEffects(t *testing.T) {
	war := fighterWith(t, "kherops-warrior-1")
	e := battle(t, []*Fighter{frightening(t)}, []*Fighter{war})
	r := rand.NewPCG(4, 4)
	place := func() {
		e.reset()
		e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
		e.c[1].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[1].radius, Y: 7.5}
		e.c[0].ap, e.c[1].ap = 3, 3
	}

	// 1: it passes out, stunned.
	place()
	e.frightEffect(r, 1, 0, 1)
	if !e.c[1].stunned || !e.c[1].ground || e.c[1].fit() {
		t.Errorf("1: stunned %v, on the ground %v; want both", e.c[1].stunned, e.c[1].ground)
	}

	// 2-3: no move until the end of its next activation.
	for _, roll := range []int{2, 3} {
		place()
		e.c[1].pos.X += 2 // out of contact, free to walk
		e.frightEffect(r, 1, 0, roll)
		if e.do(r, 1, action{kind: actToward, target: 0}) {
			t.Errorf("%d: walked while it cannot move", roll)
		}
		e.frightRetests(r, 1) // its next activation starts: still rooted
		if e.do(r, 1, action{kind: actToward, target: 0}) {
			t.Errorf("%d: walked in the activation after the fright", roll)
		}
		e.frightRetests(r, 1) // the one after: free again
		if !e.do(r, 1, action{kind: actToward, target: 0}) {
			t.Errorf("%d: cannot walk two activations after the fright", roll)
		}
	}

	// 4-5: half its base AP, not of the AP left.
	for _, roll := range []int{4, 5} {
		place()
		e.c[1].ap = 2
		e.frightEffect(r, 1, 0, roll)
		if e.c[1].ap != 1 { // 2 - 3/2
			t.Errorf("%d: %d AP left of 2, want 1 (half of its 3 base AP, rounded down, lost)", roll, e.c[1].ap)
		}
	}

	// 6-7: flees its V straight away from the source.
	for _, roll := range []int{6, 7} {
		place()
		g := e.gap(0, 1)
		e.frightEffect(r, 1, 0, roll)
		if d := e.gap(0, 1) - g; d < 3-1e-9 || d > 3+1e-9 || e.c[1].pos.Y != 7.5 {
			t.Errorf("%d: moved %.2f toises away to %v, want V = 3 straight away", roll, d, e.c[1].pos)
		}
	}

	// 8-9: the source strikes a free 2 AP attack; 10: the frightened Safar
	// strikes a free 1 AP attack on the source. Neither pays AP.
	for _, tc := range []struct{ roll, att, def, ap int }{{8, 0, 1, 2}, {9, 0, 1, 2}, {10, 1, 0, 1}} {
		place()
		clear(e.plans)
		e.frightEffect(r, 1, 0, tc.roll)
		if e.c[tc.att].attacks != 1 || e.c[tc.att].ap != 3 || e.c[tc.att].spent != 0 {
			t.Errorf("%d: attacker made %d attacks, %d AP left, %d spent; want 1 free attack", tc.roll, e.c[tc.att].attacks, e.c[tc.att].ap, e.c[tc.att].spent)
		}
		for k := range e.plans {
			if int(k.att) != e.c[tc.att].kind || e.opts[k.att][k.def][k.opt].attack.AP != tc.ap {
				t.Errorf("%d: the free attack was %v by kind %d, want %d AP by kind %d", tc.roll, e.opts[k.att][k.def][k.opt].attack, k.att, tc.ap, e.c[tc.att].kind)
			}
		}
	}
}

// TestFrightInMelee checks when the fright test is taken (skills.md #53,
// "Open": before the first attack or defence roll against that source, a pass
// making it immune to that source): attacking the frightening prowler, and
// defending against it, kherops-warrior-1 tests once; after a pass it never
// tests again; after a failure it tests again at its next activation start
// while still engaged (seed 000 line 1322).
func TestFrightInMelee(t *testing.T) {
	war := fighterWith(t, "kherops-warrior-1")
	war.Mastery = nil
	e := battle(t, []*Fighter{frightening(t)}, []*Fighter{war})
	opt := func(a, d int) int {
		for k, o := range e.opts[e.c[a].kind][e.c[d].kind] {
			if !o.shot && !o.attack.Kind.Special() && o.attack.AP == 1 && o.pos == posNone {
				return k
			}
		}
		t.Fatal("no 1 AP melee option")
		return -1
	}
	r := rand.NewPCG(7, 7)
	tested := func() bool { return (e.c[1].morale.frightPassed|e.c[1].morale.frightFailed)&1 != 0 }
	for _, attacker := range []int{0, 1} {
		seenPass, seenFail := false, false
		for range 200 {
			e.reset()
			e.c[0].pos = field.Vec{X: 7.5, Y: 7.5}
			e.c[1].pos = field.Vec{X: 7.5 + e.c[0].radius + e.c[1].radius, Y: 7.5}
			e.c[0].hp, e.c[1].hp = 100, 100
			e.c[0].ap, e.c[1].ap = 3, 3
			e.do(r, attacker, action{kind: actAttack, opt: opt(attacker, 1-attacker), target: 1 - attacker})
			if !tested() {
				t.Fatalf("attacker %d: no fright test", attacker)
			}
			if e.c[1].morale.frightPassed&1 != 0 {
				seenPass = true
				before := *r
				e.frightRetests(r, 1)
				if e.frightDue(1, 0) || *r != before {
					t.Fatal("a fright test after a pass")
				}
				continue
			}
			seenFail = true
			if !e.engaged(0, 1) {
				continue // it fled
			}
			before := *r
			e.c[1].stunned, e.c[1].ground = false, false
			e.frightRetests(r, 1)
			if *r == before {
				t.Fatal("no fright test again at the activation start after a failure, still engaged")
			}
		}
		if !seenPass || !seenFail {
			t.Errorf("attacker %d: passes %v, failures %v in 200 melees", attacker, seenPass, seenFail)
		}
	}
}
