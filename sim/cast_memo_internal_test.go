package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// embeddedCasters are the five casters of the embedded data
// (profiles/data/casters.yaml).
var embeddedCasters = []string{"bone-seer-2", "goun-shaman-2", "blood-steel-adept-3", "kherops-flayer-2", "tembo-khemist-2"}

// TestCastMemo checks what the casters' decisions compute once (sim/cast_memo.go)
// against what they computed for each option and target: each option's way
// bit against wayBit of its spell's way, masterOnBit against masterOn for
// every Safar, and castValueWay with one wayMemo shared by a whole decision
// against castValue, bit for bit, over battlefields with moved and wounded
// Safars (the way bonus counts wounded allies and enemies in the caster's
// aura, the defeated and the level 1 allies).
func TestCastMemo(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	compared := 0
	for _, a := range embeddedCasters {
		for _, b := range embeddedCasters {
			e := posEngine(t, a, b)
			for k := range e.c {
				opts := e.magic.opts[e.c[k].kind]
				for oi := range opts {
					o := &opts[oi]
					if o.wayBit != wayBit(o.spell.Way) {
						t.Fatalf("%s option %d (%s): wayBit %b, want %b", a, oi, o.spell.ID, o.wayBit, wayBit(o.spell.Way))
					}
					for m := range e.c {
						sk := &e.c[m].f.Skills
						if sk.masterOnBit(o.wayBit) != sk.masterOn(o.spell.Way) {
							t.Fatalf("%s on %s: masterOnBit %v, masterOn %v", e.name(m), o.spell.ID, sk.masterOnBit(o.wayBit), sk.masterOn(o.spell.Way))
						}
					}
				}
			}
			for range 40 {
				for k := range e.c {
					c := &e.c[k]
					c.pos.X, c.pos.Y = r.Float64()*12, r.Float64()*12
					c.hp = r.IntN(c.f.Profile.HP + 1)
					c.ap = r.IntN(c.f.Profile.AP + 1)
				}
				for i := range e.c {
					if !e.c[i].inPlay() {
						continue
					}
					var way wayMemo
					for oi := range e.magic.opts[e.c[i].kind] {
						for j := range e.c {
							got, want := e.castValueWay(i, oi, j, &way), e.castValue(i, oi, j)
							if math.Float64bits(got) != math.Float64bits(want) {
								t.Fatalf("%s option %d on %s: castValueWay %v, castValue %v", e.name(i), oi, e.name(j), got, want)
							}
							if want > 0 {
								compared++
							}
						}
					}
					if way.ok && way.bonus != e.wayBonus(i) {
						t.Fatalf("%s: memoised way bonus %d, wayBonus %d", e.name(i), way.bonus, e.wayBonus(i))
					}
				}
			}
		}
	}
	if compared < 100 {
		t.Fatalf("only %d positive cast values compared: the states do not exercise the casts", compared)
	}
	t.Logf("%d positive cast values compared", compared)
}

// castFirstEager is castFirst as it was before sim/cast_memo.go: the attacks
// with the AP left valued for every castable option before its targets, the
// way bonus read for every option and target (castValue). The reference of
// TestCastFirstLazy.
func castFirstEager(e *engine, i int, keep bool) (action, bool) {
	c := &e.c[i]
	if e.magic == nil || len(e.magic.opts[c.kind]) == 0 || c.ground {
		return action{}, false
	}
	var kv, kvAll [8]float64
	if keep {
		kv = castKeep(e, i)
		kvAll = castKeepAll(e, i)
	}
	j := e.keepTarget(i, nil, keep)
	attackValue := func() float64 {
		if j < 0 {
			return 0
		}
		return max(e.targetValue(i, j, nil, keep), 0)
	}
	base := attackValue()
	var after, afterAll [4]float64
	var done [4]bool
	best, bestT, bestV := -1, -1, base+1e-9
	opts := e.magic.opts[c.kind]
	for oi := range opts {
		o := &opts[oi]
		if !e.mayCast(i, o) {
			continue
		}
		cost := e.actionCost(i, o.ap)
		if !done[o.ap] {
			ap := c.ap
			c.ap -= cost
			v := attackValue()
			after[o.ap] = v + kv[min(c.ap, 7)] - kv[min(ap, 7)]
			afterAll[o.ap] = v + kvAll[min(c.ap, 7)] - kvAll[min(ap, 7)]
			c.ap = ap
			done[o.ap] = true
		}
		for t := range e.c {
			v := e.castValue(i, oi, t)
			if v <= 0 {
				continue
			}
			if o.level.Amount == nil || o.isReturn() {
				v += afterAll[o.ap]
			} else {
				v += after[o.ap]
			}
			if v > bestV {
				best, bestT, bestV = oi, t, v
			}
		}
	}
	if best < 0 {
		return action{}, false
	}
	return action{kind: actCast, opt: best, target: bestT}, true
}

// TestCastFirstLazy checks castFirst (the way bonus once per decision, the
// attacks with the AP left valued only for an option worth casting) against
// castFirstEager, its form before: the same cast or none, over the 5x5
// pairings of the embedded casters on random battlefields (positions, HP, AP,
// keep or not), and that both kinds of answer occur.
func TestCastFirstLazy(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	casts, none := 0, 0
	for _, a := range embeddedCasters {
		for _, b := range embeddedCasters {
			e := posEngine(t, a, b)
			for range 40 {
				for k := range e.c {
					c := &e.c[k]
					c.pos.X, c.pos.Y = r.Float64()*12, r.Float64()*12
					c.hp = r.IntN(c.f.Profile.HP + 1)
					c.ap = r.IntN(c.f.Profile.AP + 1)
					c.activated, c.idle = r.IntN(2) == 0, r.IntN(2) == 0 // IdleRush's castKeep drops idle enemies in reach
				}
				for i := range e.c {
					if !e.c[i].inPlay() {
						continue
					}
					for _, keep := range []bool{true, false} {
						ap := e.c[i].ap
						got, gok := castFirst(e, i, keep)
						want, wok := castFirstEager(e, i, keep)
						if e.c[i].ap != ap {
							t.Fatalf("%s: castFirst left %d AP, had %d", e.name(i), e.c[i].ap, ap)
						}
						if got != want || gok != wok {
							t.Fatalf("%s against %s, Safar %s, keep %v: castFirst %+v %v, before %+v %v", a, b, e.name(i), keep, got, gok, want, wok)
						}
						if gok {
							casts++
						} else {
							none++
						}
					}
				}
			}
		}
	}
	if casts < 100 || none < 100 {
		t.Fatalf("%d casts and %d none chosen: the states do not exercise both", casts, none)
	}
	t.Logf("%d casts, %d none, the same", casts, none)
}

// TestCastPSuccessShared checks the plans' shared P(success) memo
// (pSuccessShared) against pSuccessMaster, bit for bit, on every cast plan of
// the embedded casters on each other over a grid of states, asked twice
// (computed, then from the memo) from two goroutines at once (go test -race
// sees the lock), and that a state differing only in the target's AP worth
// (apv) gets its own value.
func TestCastPSuccessShared(t *testing.T) {
	for _, a := range embeddedCasters {
		for _, b := range []string{"bone-seer-2", "blood-steel-adept-3"} {
			e := posEngine(t, a, b)
			var plans []*castPlan
			for _, opt := range e.magic.opts[e.c[0].kind] {
				for _, pl := range opt.plans {
					if pl != nil {
						plans = append(plans, pl)
					}
				}
			}
			if len(plans) == 0 {
				t.Fatalf("%s against %s: no cast plans", a, b)
			}
			check := func() error {
				for _, pl := range plans {
					for _, extra := range []int{0, 3} {
						for _, cap := range []int{1, 3} {
							for fl := range 16 {
								for _, apv := range []float64{0, 2.5} {
									for ward := range 2 {
										m, ms, dm, dx := fl&1 != 0, fl&2 != 0, fl&4 != 0, fl&8 != 0
										got := pl.pSuccessShared(extra, ward, 0, cap, m, ms, dm, dx, apv)
										want := pl.pSuccessMaster(extra, ward, 0, cap, m, ms, dm, dx, apv)
										if math.Float64bits(got) != math.Float64bits(want) {
											return fmt.Errorf("%s on %s: extra %d ward %d cap %d flags %04b apv %v: shared %v, pSuccessMaster %v",
												pl.c.Spell.ID, pl.c.Target.Profile.ID, extra, ward, cap, fl, apv, got, want)
										}
									}
								}
							}
						}
					}
				}
				return nil
			}
			errs := make(chan error, 4)
			for range 2 {
				go func() { errs <- check() }()
			}
			for range 2 {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
			if err := check(); err != nil { // every value from the memo now
				t.Fatal(err)
			}
		}
	}
}
