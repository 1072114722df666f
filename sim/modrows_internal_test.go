package sim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestModRows checks what a cast option carries for its effect's value
// (castOption.mod, modRows; docs/benchmarks.md "Fourteenth round") against
// what effectWorth computed from them before: mod against paramsMod of its
// level, every kind pair's row against the map (fightMagic.modThreat), and
// the effect's worth read through the option against paramsWorth (paramsMod
// and the map at each call), bit for bit, over the 5x5 pairings of the
// embedded casters on battlefields with moved, wounded and acted Safars, for
// the options and targets castValueWay values.
func TestModRows(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	compared, withMod := 0, 0
	for _, a := range embeddedCasters {
		for _, b := range embeddedCasters {
			e := posEngine(t, a, b)
			n := len(e.kinds)
			for k := range e.magic.opts {
				for oi := range e.magic.opts[k] {
					o := &e.magic.opts[k][oi]
					if o.mod != paramsMod(&o.level.EffectParams) {
						t.Fatalf("%s option %d (%s): mod %v, paramsMod %v", a, oi, o.spell.ID, o.mod, paramsMod(&o.level.EffectParams))
					}
					if o.mod == (statMod{}) {
						if o.modRows != nil {
							t.Fatalf("%s option %d (%s): rows without a modifier", a, oi, o.spell.ID)
						}
						continue
					}
					withMod++
					for x := range n {
						for y := range n {
							if got, want := o.modRows[x*n+y], e.modRowOf(x, y, o.mod); got != want {
								t.Fatalf("%s option %d (%s), kinds %d, %d: row %+v, map %+v", a, oi, o.spell.ID, x, y, got, want)
							}
						}
					}
				}
			}
			for range 40 {
				for k := range e.c {
					c := &e.c[k]
					c.pos.X, c.pos.Y = r.Float64()*12, r.Float64()*12
					c.hp = 1 + r.IntN(c.f.Profile.HP) // in play: a decision is asked of a fight not over
					c.ap = r.IntN(c.f.Profile.AP + 1)
					c.acted = r.IntN(2) == 0
				}
				for i := range e.c {
					if !e.c[i].inPlay() {
						continue
					}
					opts := e.magic.opts[e.c[i].kind]
					for oi := range opts {
						o := &opts[oi]
						p := &o.level.EffectParams
						for j := range e.c {
							if o.plans[e.c[j].kind] == nil || !e.castTarget(i, j, o) || !e.inSpellRange(i, j, o) {
								continue // castValueWay asks no worth
							}
							cost := e.actionCost(i, o.ap)
							s, d := e.c[i].side, o.spell.DurationOf(o.level)
							got := e.paramsModWorth(i, cost, j, s, p, o.mod, o.modRows, d, false)
							want := e.paramsWorth(i, cost, j, s, p, d, false)
							if math.Float64bits(got) != math.Float64bits(want) {
								t.Fatalf("%s option %d (%s) on %s: through the option %v, paramsWorth %v", e.name(i), oi, o.spell.ID, e.name(j), got, want)
							}
							if o.mod != (statMod{}) && want != 0 {
								compared++
							}
						}
					}
				}
			}
		}
	}
	if withMod == 0 || compared < 100 {
		t.Fatalf("%d options with a modifier, %d non-zero modifier worths compared: the states do not exercise modWorth", withMod, compared)
	}
	t.Logf("%d options with a modifier, %d non-zero worths compared", withMod, compared)
}
