package sim

import "github.com/kharn-ages/kharn/sim/field"

// Hiding, a generic action (seed 000 lines 1177-1181: "Hiding: 1 AP / the
// Safar. A Safar in contact with a scenery element which measures at least
// half of his stature can decide to hide behind it. From this moment on, he
// cannot be targeted by any Safar who does not have a clear line of sight on
// him. The Safar must not be engaged"; seed 004 lines 1214-1216: "Il ne
// peut-être ciblé par l'ennemi tant que ce couvert bloque la ligne de vue
// vers lui"). How the engine plays it:
//   - the piece is scenery (cover or impassable terrain) at least half the
//     Safar's stature high, which its base touches; it hides for 1 AP (2
//     dazed), unengaged and standing;
//   - while it still touches that piece, an enemy whose line to it (base
//     centre to base centre) crosses the piece cannot target it: no shot
//     (engine.band) and no assault (engine.attack; the policies do not plan
//     one, targetValue); an enemy on its side of the piece sees it;
//   - it stops hiding at its next voluntary action, or when moved off the
//     piece (a repel);
//   - the default policy hides at the end of an activation, with an AP left
//     and nothing better to do, when an enemy shooter could shoot it now and
//     the piece would block that shot (hideWorth): shooters and wounded
//     Safars behind walls, out of reach of melee enemies.
//
// Not played: spells are not stopped (their targeting has no line of sight
// here), nor is a melee attack of an enemy already in reach; walking to a
// piece in order to hide.

// hideBehind returns the terrain piece (index) Safar i may hide behind now
// that blocks the most enemy shots at it, -1 when none blocks one. blocked is
// how many enemies could shoot it now and could not once it hides.
func (e *engine) hideBehind(i int) (piece, blocked int) {
	c := &e.c[i]
	piece = -1
	if len(e.field.Terrain) == 0 {
		return -1, 0
	}
	b := c.base()
	for p := range e.field.Terrain {
		t := &e.field.Terrain[p]
		if t.Kind != field.Cover && t.Kind != field.Impassable || 2*t.Height < float64(c.f.Profile.Stature) || !t.Touches(b) {
			continue
		}
		if t.Climbable() && t.Dist(b.Pos) == 0 {
			continue // the top it stands on hides nothing (sim/climb.go)
		}
		n := 0
		for j := range e.c {
			o := &e.c[j]
			w := o.f.Ranged
			if o.side == c.side || !o.inPlay() || w == nil || o.ammo == 0 || !t.Between(o.pos, c.pos) {
				continue
			}
			if _, ok := e.band(j, i, w); ok {
				n++
			}
		}
		if n > blocked {
			piece, blocked = p, n
		}
	}
	return piece, blocked
}

// hideWorth reports whether the default policy, about to end the activation
// of Safar i, hides with 1 AP: it can (unengaged, standing, the AP) and a
// piece it touches would block at least one enemy's shot at it now. An AP
// kept for defence against those shots is worth less than no shot at all.
func (e *engine) hideWorth(i int) bool {
	c := &e.c[i]
	if c.behind > 0 || c.ground || c.ap < e.actionCost(i, 1) || e.engagedAny(i) {
		return false
	}
	_, n := e.hideBehind(i)
	return n > 0
}

// hide plays the Hiding action of Safar i; it reports whether the activation
// goes on.
func (e *engine) hide(i int) bool {
	c := &e.c[i]
	cost := e.actionCost(i, 1)
	if c.ground || c.ap < cost || e.engagedAny(i) {
		return false
	}
	p, _ := e.hideBehind(i)
	if p < 0 {
		return false
	}
	c.ap -= cost
	c.spent += cost
	c.behind = int8(p + 1)
	if e.trace != nil {
		e.tracef("  %s hides behind %s terrain (%d AP)\n", e.name(i), e.field.Terrain[p].Kind, cost)
	}
	return true
}

// hiddenFrom reports whether Safar j, hiding, cannot be targeted by Safar i:
// it still touches its piece and the line from i crosses it.
func (e *engine) hiddenFrom(j, i int) bool {
	c := &e.c[j]
	if c.behind == 0 || e.c[i].side == c.side {
		return false
	}
	t := &e.field.Terrain[c.behind-1]
	return t.Touches(c.base()) && t.Between(e.c[i].pos, c.pos)
}
