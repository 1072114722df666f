package sim

import (
	"math"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// mongoRepelChoice plays the position of TestRepelDefeated: a mongo-warrior-2
// (A1, 2 AP) in contact with another (B1) of hp HP, a third (B2) lined up
// behind B1 within the repel; it returns A1's first attack and the C option's
// chances of a repel and of a defeat.
func mongoRepelChoice(t *testing.T, hp int) (string, float64, float64) {
	t.Helper()
	e := posEngine(t, "mongo-warrior-2", "mongo-warrior-2")
	k := cOption(t, e, 0, 2, 2)
	opts := e.opts[e.c[0].kind][e.c[2].kind]
	d := repel(e.c[0].f, e.c[2].f, opts[k].attack.Effects.Count(C), repelSide{})
	ra, rb := e.c[0].radius, e.c[2].radius
	e.c[0].pos = field.Vec{X: 7.5, Y: 4}
	e.c[2].pos = field.Vec{X: 7.5, Y: 4 + ra + rb}
	e.c[3].pos = field.Vec{X: 7.5, Y: 4 + ra + 3*rb + d/2}
	e.c[1].pos = field.Vec{X: 1, Y: 14}
	e.c[0].ap = 2
	e.c[2].hp = hp
	first, _ := bestAttack(e, 0, 2, 0, nil, true, true)
	name := "none"
	if first >= 0 {
		name = opts[first].attack.String()
	}
	o := &opts[k]
	return name, float64(o.move[bandEffective][e.c[2].ap]), float64(o.kill.at(bandEffective, e.c[2].ap, hp))
}

// TestRepelDefeated checks the repel fix (planRepelOnly, planKillOnceRepel,
// planKillStopsRepel, planRemoval): a defeated Safar is not repelled
// (engine.exchange), so a C option's repel counts PRepelled - P(defeat). A
// mongo-warrior-2 with 2 AP against another of 2 HP, a third lined up behind:
// the 2 AP C option repels with chance 0.87 and defeats with 0.80; the base
// takes it (2:PC:C) for a repel that mostly does not happen, the fix takes
// 2:PP:P; at 10 HP (no defeat) both take the C option.
func TestRepelDefeated(t *testing.T) {
	defer func(v planVariant) { curPlanVariant = v }(curPlanVariant)
	for _, c := range []struct {
		v    planVariant
		hp   int
		want string
	}{{planBase, 2, "2:PC:C"}, {planRepelOnly, 2, "2:PP:P"}, {planRepelOnly, 10, "2:PC:C"}, {planKillOnceRepel, 2, "2:PP:P"}} {
		curPlanVariant = c.v
		got, p, q := mongoRepelChoice(t, c.hp)
		if got != c.want {
			t.Errorf("variant %d, B1 at %d HP (repel %.2f, defeat %.2f): first attack %s, want %s", c.v, c.hp, p, q, got, c.want)
		}
	}
}

// TestKillBonusOnce checks that a plan credits a defeat once: a cheap attack
// S (1 AP: 0.5 HP expected, defeats the 2 HP target with chance 0.45) and a
// dear one B (3 AP: 3 HP, 0.9), the kill bonus 4 HP, 3 AP to spend. Three S
// earn the bonus at 0.45 each, 1.35 defeats in all against a target that
// falls once: 3 x (0.5 + 0.45 x 4) = 6.9 HP, above B's 3 + 0.9 x 4 = 6.6, so
// the base plan takes S. Credited once (planKillOnce: each S's bonus only for
// the chance the earlier ones left the target in play, 1 - 0.55^3 = 0.83
// defeats), S's plan is worth 4.83 and the plan takes B.
func TestKillBonusOnce(t *testing.T) {
	opts := make([]fightOption, 2)
	for n, o := range []struct {
		ap       int
		dmg, pk2 float64
	}{{1, 0.5, 0.45}, {3, 3, 0.9}} {
		opts[n].attack = Attack{Kind: Melee, AP: o.ap}
		opts[n].kill = newKillTable(1, 0)
		opts[n].kill.set(bandEffective, 0, 0, 1)
		opts[n].kill.set(bandEffective, 0, 1, float32(o.pk2))
		opts[n].kill.set(bandEffective, 0, 2, float32(o.pk2))
		for k := range 8 {
			opts[n].dmg[bandEffective][k] = o.dmg
		}
	}
	costOf := func(o *fightOption) (int, int, bool) { return o.attack.AP, bandEffective, true }
	defer func(v planVariant) { curPlanVariant = v }(curPlanVariant)
	for _, c := range []struct {
		v     planVariant
		first int
		value float64
	}{{planBase, 0, 6.9}, {planKillOnce, 1, 6.6}} {
		curPlanVariant = c.v
		var root [maxOptions]posGain
		v, first := planDPAt(opts, 3, 0, costOf, nil, 2, 4, &root)
		if first != c.first || math.Abs(v-c.value) > 1e-6 {
			t.Errorf("variant %d: first option %d, value %.4f: want %d, %.2f HP", c.v, first, v, c.first, c.value)
		}
	}
}
