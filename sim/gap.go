package sim

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/kharn-ages/kharn/sim/dice"
	"github.com/kharn-ages/kharn/sim/field"
)

// Jumping over a gap (seed 000 lines 742-748; seed 004 lines 682-688):
// "Jumping over a gap/Long jump: cost of movement/the Safar. A Safar can jump
// over an empty space if its size does not exceed half of his worst
// characteristic between V and A. If the gap is larger, he can perform this
// action if the size of the gap does not exceeds the best of his
// characteristics between V and A. He succeeds on a die roll of 6+. If he
// fails, apply the effects of an unintentional fall". The French text (R-FR)
// jumps with no roll up to the worst of V and A ("n'excède pas la moins bonne
// de ses caractéristiques entre V et A"), the English one up to half of it
// (the variant english).
//
// The scenario names the heights a Safar may jump between (profiles.Gap,
// field.Field.Gaps). How the engine plays it (engine.jumpGap, tried by
// engine.climbInstead where a walk toward a target starts on a top, before a
// climb down):
//
//   - the jump is the walk's (its cost, one movement): along the straight
//     line toward the target, from the top it stands on to the first spot of
//     a gap's other top, no higher, where its base fits (field.JumpToward),
//     within its velocity and a base's width of where the walk started (as a
//     jump down, sim/climb.go);
//   - V is the Safar's velocity (its card's V less its armour's malus and
//     the rest, engine.velocity), A its card's; the gap's size is measured
//     along the jump, edge to edge of the tops;
//   - a gap up to the worst of V and A (half of it under --rules english):
//     no roll; up to the best: a d10, 6 or more succeeds (the die of the game
//     is the d10: seed 000 "LD10"); beyond: no jump;
//   - a failure is an unintentional fall from the top's height (engine.fallFrom:
//     the landing test, C + height HP and on the ground on a failure), the
//     Safar landing on the ground between the tops, at the first spot of its
//     line where its base fits; a lower far top is a jump down onto it after
//     the jump (an intentional fall from the difference).
//
// Policy: the jump is taken where it ends nearer the target than the walk
// and than a climb down (the way to a foe on the other top); one that needs
// a roll only with room to fall and HP enough to live through the worst fall
// (C + the height in whole toises).

// jumpGap is tried by climbInstead once a walk of Safar i toward Safar j,
// from from on a top, costing walk AP, stopped at the top's edge; down is the
// climb down it would play instead (ok: there is one). When a jump over a
// gap is the way (see the file comment) it plays it and reports true.
// jumpGap does not allocate.
func (e *engine) jumpGap(r *rand.PCG, i, j int, from field.Vec, walk int, down field.Climb, ok bool) bool {
	if len(e.field.Gaps) == 0 {
		return false
	}
	c := &e.c[i]
	goal := e.c[j].pos
	b := c.base()
	b.Pos = from
	jp, found := e.field.JumpToward(b, goal, e.othersOf(i, -1))
	if !found || walk > c.ap || jp.To.Dist(from) > e.velocity(i)+2*c.radius {
		return false
	}
	if d := jp.To.Dist(goal); d > c.pos.Dist(goal)-0.25 || ok && d >= down.To.Dist(goal) {
		return false
	}
	st := c.f.Stats()
	v, a := e.velocity(i), float64(st.A)
	sure, reach := min(v, a), max(v, a)
	if e.variant.English {
		sure /= 2 // seed 000 line 744: "half of his worst characteristic"
	}
	if jp.Width > reach+1e-9 {
		return false
	}
	h := e.field.Terrain[jp.From].Height
	roll := jp.Width > sure+1e-9
	if roll && (!jp.CanFall || c.hp <= st.C+int(math.Ceil(h-1e-9))) {
		return false
	}
	c.ap -= walk
	c.spent += walk
	c.walks++
	made := true
	d := 0
	if roll {
		d = dice.D10(r)
		made = d >= 6 // "He succeeds on a die roll of 6+"
	}
	if made {
		c.pos = jp.To
	} else {
		c.pos = jp.Fall
	}
	if e.trace != nil {
		how := "with no roll"
		switch {
		case roll && made:
			how = fmt.Sprintf("rolls %d: made it", d)
		case roll:
			how = fmt.Sprintf("rolls %d: falls", d)
		}
		e.tracef("  %s jumps over a %.1f-toise gap (%d AP), %s: %s\n", e.name(i), jp.Width, walk, how, e.where(i, j))
	}
	switch {
	case !made:
		e.fallFrom(r, i, -1, h, false)
	case jp.Drop > 0:
		e.fallFrom(r, i, -1, jp.Drop, true)
	}
	if c.inPlay() {
		e.enteredTerror(r, i, from)
		e.enteredAmbush(r, i) // sim/ambush.go
	}
	return true
}
