package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// rootGainsRef is rootGains before it valued each distinct move once
// (moveKey): positionValue for every affordable positional option.
func (e *engine) rootGainsRef(i, j, extra, a int, opts []fightOption, costOf func(o *fightOption) (int, int, bool), keep bool, root *[maxOptions]posGain) {
	c := &e.c[i]
	from, ap := c.pos, c.ap
	walkIn := e.gap(i, j) > e.reach(i)+1e-9
	at := from
	if walkIn {
		to, ok := e.destination(i, j, e.velocity(i)+e.info[c.kind].brutal, true)
		c.pos = to
		if !ok || e.gap(i, j) > e.reach(i)+1e-9 {
			walkIn = false // no assault: engine.do refuses it; no melee option
			to = from
		}
		at, c.pos = to, from
	}
	for n := range opts {
		o := &opts[n]
		if n >= maxOptions || o.pos == posNone {
			continue
		}
		if !o.shot && e.gap(i, j) > e.reach(i)+1e-9 && (!walkIn || o.pos != posC) {
			continue
		}
		cost, _, ok := costOf(o)
		if !ok || cost > a {
			continue
		}
		// Only the affordable ones: a move is valued in about a tenth of a
		// skirmish's time (BenchmarkSkirmish profile).
		if !o.shot && walkIn {
			c.pos, c.ap = at, ap-extra
		}
		root[n] = positionValue(e, i, j, o, keep)
		c.pos, c.ap = from, ap
	}
}

// TestRootGainsSame checks that rootGains gives every positional option what
// positionValue gave it before moves were valued once per moveKey
// (rootGainsRef): the same value to the bit, stay and enemy, for Safars placed
// at random on the table of two list pairs (melee lists; bowmen against a
// javelin thrower), with random AP, extra AP and keep. It fails when two
// options of one key would gain differently (a field positionValue reads
// missing from moveKey).
func TestRootGainsSame(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	n := 0
	for _, lists := range [][2]string{{"kharns-300", "kherops-300"}, {"gouns-300", "tembos-400"}} {
		pl := listPlayer(t, lists[0], lists[1])
		e := pl.e
		e.reset()
		for range 400 {
			for k := range e.c {
				// Close together, so that Safars are engaged, support and collide.
				e.c[k].pos = field.Vec{X: 5 + r.Float64()*5, Y: 5 + r.Float64()*5}
				e.c[k].ap = r.IntN(8)
			}
			for i := range e.c {
				for j := range e.c {
					if e.c[i].side == e.c[j].side {
						continue
					}
					opts := e.opts[e.c[i].kind][e.c[j].kind]
					extra := r.IntN(2)
					keep := r.IntN(2) == 0
					costOf := func(o *fightOption) (int, int, bool) { return e.actionCost(i, o.ap()), bandEffective, true }
					a := e.c[i].ap - extra
					var got, want [maxOptions]posGain
					e.rootGainsRef(i, j, extra, a, opts, costOf, keep, &want)
					e.rootGains(i, j, extra, a, opts, costOf, keep, &got)
					for m := range got {
						g, w := got[m], want[m]
						if math.Float64bits(g.value) != math.Float64bits(w.value) || g.stay != w.stay || g.to != w.to {
							t.Fatalf("%v, %d against %d, option %d: %+v, want %+v", lists, i, j, m, g, w)
						}
						if w.value != 0 {
							n++
						}
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no option gained anything: nothing compared")
	}
	t.Logf("%d gains compared", n)
}

// TestBestAttackInputsSame checks that a plan found by its inputs (dpInKey,
// the classes of a nil filter) is the plan found by its candidates (filter
// classOther, itself checked against planDPRef by TestPlanDPCacheSame): the
// same first attack and value to the bit, for Safars placed at random with
// random AP, HP, dazed and special attacks used, both classes, with and
// without keep and the positional options, on two list pairs (with bowmen, so
// that shots and their bands are planned). It fails when dpInKey misses
// something costOf reads (drop dazed or special from it and it does).
func TestBestAttackInputsSame(t *testing.T) {
	ds := profiles.Default()
	r := rand.New(rand.NewPCG(8, 2))
	n, shots, far := 0, 0, 0
	for _, lists := range [][2]string{{"kharns-300", "kherops-300"}, {"gouns-300", "tembos-400"}} {
		var sides [2]Spearhead
		for s, name := range lists {
			l, err := profiles.LoadDefaultList(name, ds)
			if err != nil {
				t.Fatal(err)
			}
			sides[s] = NewSpearhead(l, ds)
		}
		pl, err := (&Skirmish{Sides: sides}).NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		e := pl.e
		e.reset()
		for range 300 {
			for k := range e.c {
				c := &e.c[k]
				c.pos = field.Vec{X: 3 + r.Float64()*9, Y: 3 + r.Float64()*9}
				c.ap = r.IntN(8)
				c.hp = 1 + r.IntN(c.f.Profile.HP)
				c.dazed = r.IntN(4) == 0
				c.specialUse = r.IntN(3) == 0
			}
			for i := range e.c {
				for j := range e.c {
					if e.c[i].side == e.c[j].side {
						continue
					}
					keep, pos := r.IntN(2) == 0, r.IntN(2) == 0
					for _, isShots := range []bool{false, true} {
						f := func(o *fightOption) bool { return o.shot == isShots }
						k0, v0 := bestAttackOf(e, i, j, 0, f, classOther, keep, pos)
						k1, v1 := bestAttackOf(e, i, j, 0, f, classOf(nil, isShots), keep, pos)
						if k0 != k1 || math.Float64bits(v0) != math.Float64bits(v1) {
							t.Fatalf("%v, %d against %d (shots %v, keep %v, pos %v): %d, %v by inputs; %d, %v by candidates",
								lists, i, j, isShots, keep, pos, k1, v1, k0, v0)
						}
						n++
						if isShots && k0 >= 0 {
							shots++
						}
						if m, _ := e.farMask(i, j, e.opts[e.c[i].kind][e.c[j].kind]); m != 0 && !isShots {
							far++ // melee options beyond j's counter reach (sim/reach.go)
						}
					}
				}
			}
		}
	}
	if shots == 0 {
		t.Fatal("no shot planned: shots not compared")
	}
	if far == 0 {
		t.Fatal("no melee plan beyond a counter reach: dpInKey.far not compared")
	}
	t.Logf("%d plans compared, %d with a shot, %d with melee options beyond the counter reach", n, shots, far)
}
