package sim

import (
	"fmt"
	"math"
	"slices"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// Choice of the starting area (seed 000 line 534: "The player totalling the
// highest value decides who deploys first. Then, the appointed player chooses
// his starting area and deploys his miniatures. He will be the one to start
// the game."; seed 004 line 455: "Ce joueur choisit sa zone de déploiement,
// s'y déploie et commencera la partie").
//
// The engine always deploys side A along the near edge (y = 0) and side B
// along the far one. A side that takes the other edge plays on the table
// turned half round (field.Field.Turned, its objectives with it: turnObjectives):
// the same battle seen from the other end of the table. The player holds an
// engine of each table (edgeChoice) and plays a battle on the one the side
// that deploys first chose (SkirmishPlayer.Play).
//
//   - Where the two edges are alike (edgesAlike: the table turned half round,
//     or reflected across its middle line, holds the same pieces and
//     objectives: open ground, the ford, the relic, the vault), the choice
//     changes nothing: the player is as before, the side with the initiative
//     deploys first along its usual edge, and a seed gives the same battles as
//     before this file. Letting the other side deploy first is not weighed
//     there (it would cost 256 battles at the set-up of every skirmish,
//     kharn cost's and kharn report's included): the side with the initiative
//     always deploys first.
//   - Where they differ (ruins, watchtower), the side policies weigh the
//     choice at set-up by playing edgeTrials battles (the same dice for each:
//     common random numbers) for each side deploying first on each table:
//     V[f][t], the share side f wins (a draw counting half). The side with the
//     initiative s takes the edge t that maximises V[s][t] (the usual one on a
//     tie), and lets the other deploy first when the other's best,
//     1 - max V[1-s][.], is worth more to it than its own best; the side then
//     deploying first takes its best edge.
//
// The deployment itself (fixed or chosen, sim/deploychoice.go), scouts and
// ambushes are played on each table as before. Traces give positions on the
// table the battle is played on (the turned one: side A's edge at y = 0).

// edgeTrials is the number of battles that value one side deploying first on
// one table; edgeSeed seeds them.
const (
	edgeTrials = deployTrials
	edgeSeed   = deploySeed + 1
)

// edgeChoice holds the two tables of a skirmish whose edges differ and what
// each side with the initiative chose.
type edgeChoice struct {
	// e[0] plays on the table as given, e[1] on it turned half round.
	e [2]*engine
	// first[s] is the side that deploys first when s has the initiative;
	// turned[f] says that side f, deploying first, took the far edge (e[1]).
	first  [2]int
	turned [2]bool
	// value[f][t] is the share of edgeTrials battles side f, deploying first
	// on table t, won (draws half).
	value [2][2]float64
	// by is the side whose special card chooses the edge, -1 none
	// (sim/cardturn.go).
	by int
}

// clone returns a copy for another worker.
func (c *edgeChoice) clone() *edgeChoice {
	q := *c
	q.e = [2]*engine{c.e[0].clone(), c.e[1].clone()}
	return &q
}

// engineFor returns the engine of the battle when side s has the initiative,
// and the side that deploys first and starts.
func (c *edgeChoice) engineFor(s int) (*engine, int) {
	f := c.first[s]
	t := 0
	if c.turned[f] {
		t = 1
	}
	e := c.e[t]
	if e.trace != nil {
		how := "deploys first"
		if f != s {
			how = "lets side " + sideName(f) + " deploy first"
		}
		edge := "near edge (y = 0)"
		if (f == SideB) != (t == 1) {
			edge = "far edge"
		}
		e.tracef("Side %s has the initiative and %s; side %s takes the %s of the table (values of the edges for it: %.2f as given, %.2f turned).\n",
			sideName(s), how, sideName(f), edge, c.value[f][0], c.value[f][1])
		if c.by >= 0 {
			e.tracef("Side %s's special card chooses the table edge (card_turn_order): side %s's share of the set-up battles with side %s deploying first, %.2f as given, %.2f turned.\n",
				sideName(c.by), sideName(c.by), sideName(f), share(c.value[f][0], f == c.by), share(c.value[f][1], f == c.by))
		}
		if t == 1 {
			e.tracef("The table is turned half round: positions are given with side A's edge at y = 0.\n")
		}
	}
	return e, f
}

// share returns side f's share v of the set-up battles as its own (own)
// or as the other side's, 1 - v.
func share(v float64, own bool) float64 {
	if own {
		return v
	}
	return 1 - v
}

// chooseEdges gives p an edgeChoice when the edges of sk's table differ
// (see the file comment); depth is the deployment strips' depth.
func (p *SkirmishPlayer) chooseEdges(sk *Skirmish, depth float64) error {
	e := p.e
	table := sk.Field
	if table.Width == 0 && table.Height == 0 {
		table = field.Field{Width: e.field.Width, Height: e.field.Height} // open ground (NewPlayer)
	}
	if edgesAlike(table, sk.Objectives) {
		return nil
	}
	q := e.clone()
	q.field = table.Turned()
	q.field.HalveDifficult = e.field.HalveDifficult
	q.objs = nil
	q.initObjects() // sim/objects.go
	obj := turnObjectives(sk.Objectives, table.Width, table.Height)
	q.obj = newObjectives(q, obj)
	q.start = make([]field.Vec, len(q.c))
	q.deployed = [2][]field.Vec{}
	q.ambush = nil
	sizes := [2]int{len(sk.Sides[0].Safars), len(sk.Sides[1].Safars)}
	if err := q.deployAll(sk.Deploy, sizes, depth, obj); err != nil {
		return fmt.Errorf("%w (the table turned half round)", err)
	}
	c := &edgeChoice{e: [2]*engine{e, q}}
	for f := range 2 {
		for t := range 2 {
			c.value[f][t] = c.e[t].edgeValue(f)
		}
	}
	c.by = e.edgeCard() // a special card's choice of edge (sim/cardturn.go)
	c.first, c.turned = edgeDecision(c.value, c.by)
	p.edges = c
	return nil
}

// edgeDecision returns, from the values of each side deploying first on each
// table (edgeChoice.value), who deploys first when side s has the initiative
// and whether side f deploying first takes the far edge: the table it wins
// more on, the usual one on a tie; s lets the other deploy first only when
// that is worth strictly more to it than its own best. With by >= 0, side
// by's special card chooses the edge (sim/cardturn.go): whoever deploys
// first, the table is the one where side by's share is best (the usual one
// on a tie), and s decides who deploys first on the tables so chosen.
func edgeDecision(value [2][2]float64, by int) (first [2]int, turned [2]bool) {
	for f := range 2 {
		turned[f] = value[f][1] > value[f][0]
		if by >= 0 && by != f {
			turned[f] = value[f][1] < value[f][0] // side by's share is 1 - value[f][t]
		}
	}
	at := func(f int) float64 {
		if turned[f] {
			return value[f][1]
		}
		return value[f][0]
	}
	for s := range 2 {
		own := at(s)
		other := 1 - at(1-s)
		first[s] = s
		if other > own {
			first[s] = 1 - s
		}
	}
	return first, turned
}

// edgeValue returns the share of edgeTrials battles played on e's table that
// side first, deploying first, wins, a draw counting half.
func (e *engine) edgeValue(first int) float64 {
	return e.firstShare(first, edgeSeed, edgeTrials)
}

// edgesAlike reports whether the two edges of table f with objectives o offer
// the same battle: f turned half round, or reflected across its middle line
// (the same battle in a mirror), holds the same pieces and objectives. A zero
// table is open ground.
func edgesAlike(f field.Field, o *profiles.Objectives) bool {
	if len(f.Terrain) == 0 && o == nil {
		return true
	}
	if f.SameTerrain(f.Turned()) && sameObjectives(o, turnObjectives(o, f.Width, f.Height)) {
		return true
	}
	return f.SameTerrain(f.Mirrored()) && sameObjectives(o, mirrorObjectives(o, f.Height))
}

// turnObjectives returns a copy of o with every point turned half round on a
// table width x height (field.TurnPoint); nil for nil.
func turnObjectives(o *profiles.Objectives, width, height float64) *profiles.Objectives {
	return moveObjectives(o, func(x, y float64) (float64, float64) { return width - x, height - y })
}

// mirrorObjectives returns a copy of o reflected across y = height/2.
func mirrorObjectives(o *profiles.Objectives, height float64) *profiles.Objectives {
	return moveObjectives(o, func(x, y float64) (float64, float64) { return x, height - y })
}

// moveObjectives returns a copy of o with every point moved by to.
func moveObjectives(o *profiles.Objectives, to func(x, y float64) (float64, float64)) *profiles.Objectives {
	if o == nil {
		return nil
	}
	q := *o
	q.Markers = slices.Clone(o.Markers)
	for i := range q.Markers {
		m := &q.Markers[i]
		m.X, m.Y = to(m.X, m.Y)
	}
	if o.Relic != nil {
		r := *o.Relic
		r.X, r.Y = to(r.X, r.Y)
		q.Relic = &r
	}
	if o.Negotiation != nil {
		n := *o.Negotiation
		n.X, n.Y = to(n.X, n.Y)
		q.Negotiation = &n
	}
	q.Documents = moveDocuments(o.Documents, to) // sim/reading.go
	return &q
}

// sameObjectives reports whether a and b have the same markers (in any
// order), relic and neutral at the same places, up to 1e-9 toise.
func sameObjectives(a, b *profiles.Objectives) bool {
	if a == nil || b == nil {
		return a == b
	}
	near := func(x1, y1, x2, y2 float64) bool { return math.Abs(x1-x2) <= 1e-9 && math.Abs(y1-y2) <= 1e-9 }
	if len(a.Markers) != len(b.Markers) || (a.Relic == nil) != (b.Relic == nil) || (a.Negotiation == nil) != (b.Negotiation == nil) ||
		!sameDocuments(a.Documents, b.Documents) { // sim/reading.go
		return false
	}
	used := make([]bool, len(b.Markers))
	for _, m := range a.Markers {
		found := false
		for k, n := range b.Markers {
			if !used[k] && near(m.X, m.Y, n.X, n.Y) && m.Points == n.Points && m.Control == n.Control {
				used[k], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	if a.Relic != nil && !near(a.Relic.X, a.Relic.Y, b.Relic.X, b.Relic.Y) {
		return false
	}
	return a.Negotiation == nil || near(a.Negotiation.X, a.Negotiation.Y, b.Negotiation.X, b.Negotiation.Y)
}
