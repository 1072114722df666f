package sim

import (
	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// This file plays the skills of deployment and movement of skills.md section
// 2 that act on the battlefield: Scout X (#23) and Leap X (#22).

// skillValue returns the value X of the skill name on f's card, 0 without it.
func skillValue(f *Fighter, name string) float64 {
	if sk, ok := f.Profile.Skill(name); ok {
		return float64(max(sk.Value, 0))
	}
	return 0
}

// walk is field.LeapWalk with the Leap X of Safar i (skills.md #22; 0 for a
// Safar without it, a plain field.Walk).
func (e *engine) walk(i int, b field.Base, to field.Vec, dist float64, others []field.Base) field.Vec {
	return e.field.LeapWalk(b, to, dist, others, e.info[e.c[i].kind].leap)
}

// scoutStep is the step, in toises, by which a scout that does not fit X
// toises beyond its strip is tried closer to it.
const scoutStep = 0.25

// deployScouts moves the scouts forward from their places in the deployment
// strips of depth depth (Scout X, skills.md #23, seed 000 line 1654, seed 004
// line 1524: "can be deployed as far as X toises outside of his starting
// area unless the scenario forbids the deployment of scouts"). Deployment is
// this toolkit's choice, not the players' (engine.deploy): a scout without a
// shooting weapon stands X toises beyond its strip, straight ahead, its base's
// front edge at depth + X from its table edge, or as near to it as terrain,
// other bases and enemy zones of control allow (no Safar starts engaged); a
// scout with a shooting weapon keeps its back-line place, where its range
// already covers the enemy's strip. A scenario with field.Field.NoScouts
// deploys them as usual.
func (e *engine) deployScouts(depth float64) {
	if e.field.NoScouts {
		return
	}
	for i := range e.c {
		c := &e.c[i]
		x := skillValue(c.f, profiles.SkillScout)
		if x <= 0 || c.f.Ranged != nil {
			continue
		}
		r := field.BaseRadius(c.f.Profile.Stature)
		p := e.start[i]
		ahead, front := 1.0, depth+x-r // side A deploys along y = 0
		if c.side == 1 {
			ahead, front = -1, e.field.Height-depth-x+r
		}
		for d := (front - p.Y) * ahead; d > 0; d -= scoutStep {
			q := field.Vec{X: p.X, Y: p.Y + ahead*d}
			if e.scoutFits(i, field.NewBase(q, c.f.Profile.Stature)) {
				e.start[i] = q
				break
			}
		}
	}
}

// scoutFits reports whether Safar i may start at b: on the table, on no
// obstacle nor base, and out of every enemy's zone of control and its own
// (natural Reach X included: it starts unengaged).
func (e *engine) scoutFits(i int, b field.Base) bool {
	others := e.others[:0]
	for k := range e.c {
		if k == i {
			continue
		}
		o := field.NewBase(e.start[k], e.c[k].f.Profile.Stature)
		others = append(others, o)
		if e.c[k].side != e.c[i].side && field.Engaged(b, o, e.naturalReach(i), e.naturalReach(k)) {
			return false
		}
	}
	e.others = others[:0]
	return e.field.Fits(b, others)
}
