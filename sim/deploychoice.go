package sim

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// Deployment chosen by the players (seed 000 lines 530-546, seed 004 lines
// 451-469): "The player totalling the highest value [of levels] decides who
// deploys first. Then, the appointed player chooses his starting area and
// deploys his miniatures. He will be the one to start the game. ... the
// player with the initiative deploys the totality of his Spearhead, then his
// opponent does the same" (R15 for the tie, decided at random).
//
// How the skirmish engine plays it, side by side (Skirmish.Deploy):
//
//   - DeployFixed, the toolkit's reading before this file and still the
//     default: each side's melee fighters on the front line of its strip, its
//     shooters on the back line, each line spread evenly across the table in
//     list order, whoever deploys first (engine.deploy).
//   - DeployChosen, the players' choice by the side policy: the side with the
//     initiative deploys first (and starts, as the engine has always played
//     R15); its opponent deploys after it and sees its Safars. A side weighs
//     a few layouts (deployCandidates: spread as the fixed deployment has
//     it; blocks of its melee fighters facing the enemy, its shooters behind
//     them where they see the enemy's strip with cover, the leader in the
//     middle) by playing a few battles of each (deployAll): deploying first,
//     the layout whose worst result against the enemy's candidates is best;
//     deploying second, the best against the enemy's layout.
//
// Scouts and Safars in ambush then place themselves as they always have
// (sim/deploy.go, sim/ambush.go; the ambush zones from the fixed layout).
// The two orders of deployment (A first, B first) give two layouts, both
// computed once when the player is made (NewPlayer); a battle starts from the
// one of the side with the initiative (engine.play), so a battle allocates
// nothing more and a seed gives the same battles for any number of workers.
//
// The choice of the starting area (the table edge, and whether to let the
// other side deploy first) is sim/edge.go's: it plays these layouts on the
// table as given or turned half round.

// DeployMode is how a side places its Safars in its deployment strip.
type DeployMode uint8

const (
	// DeployDefault is the zero value: the toolkit's default, DefaultDeployMode.
	DeployDefault DeployMode = iota
	// DeployFixed is the fixed, symmetric deployment in list order.
	DeployFixed
	// DeployChosen is the deployment chosen by the side's policy, in the
	// rulebook's order (the side with the initiative first).
	DeployChosen
)

// DefaultDeployMode is the deployment a zero DeployMode stands for.
const DefaultDeployMode = DeployFixed

// DeployModes lists the modes by name, the default first.
var DeployModes = []DeployMode{DefaultDeployMode, 3 - DefaultDeployMode}

// Resolved returns the mode m stands for: DefaultDeployMode for DeployDefault.
func (m DeployMode) Resolved() DeployMode {
	if m == DeployDefault {
		return DefaultDeployMode
	}
	return m
}

// String returns the mode's name, "fixed" or "chosen".
func (m DeployMode) String() string {
	switch m.Resolved() {
	case DeployFixed:
		return "fixed"
	case DeployChosen:
		return "chosen"
	}
	return fmt.Sprintf("DeployMode(%d)", uint8(m))
}

// DeployModeByName returns the mode named name ("fixed", "chosen").
func DeployModeByName(name string) (DeployMode, error) {
	var names []string
	for _, m := range DeployModes {
		if m.String() == name {
			return m, nil
		}
		names = append(names, m.String())
	}
	return 0, fmt.Errorf("unknown deployment %q (want %s)", name, strings.Join(names, " or "))
}

// DeployText says how the two sides of sk deploy: "fixed", "chosen", or
// "A chosen, B fixed".
func (sk *Skirmish) DeployText() string {
	a, b := sk.Deploy[0].Resolved(), sk.Deploy[1].Resolved()
	if a == b {
		return a.String()
	}
	return "A " + a.String() + ", B " + b.String()
}

// deployCandidate is one way a side that chooses its deployment may stand in
// its strip.
type deployCandidate struct {
	// fixed: engine.deploy's layout, spread across the table in list order.
	fixed bool
	// gap is the gap between the bases of a block's front line, in toises.
	gap float64
	// byWeight puts the leader in the middle of the block, then the cards that
	// help their allies, then the others by cost; false keeps list order,
	// left to right.
	byWeight bool
}

// deployCandidates are the layouts a side choosing its deployment weighs:
// its Safars spread across the table as the fixed deployment has them, a
// close block (a zone of control between bases: no Safar blocks its
// neighbour's walk) with the leader in the middle, an open block in list
// order (2.5 toises between bases: room to surround an enemy) and a close
// block in list order. Which is best depends on the lists: in mirror battles
// of 4000 against the fixed deployment, a close block won 39.7% of kharns-300's
// decided battles and 56.8% of tembos-400's, in list order 41.0% and 65.3%
// (docs/policies.md, "Deployment").
var deployCandidates = [...]deployCandidate{
	{fixed: true},
	{gap: field.ZOC, byWeight: true},
	{gap: 2.5},
	{gap: field.ZOC},
}

// deployTrials is the number of battles that value one pair of layouts, and
// deploySeed seeds them (the same dice for every pair: common random numbers).
// Set-up with both sides choosing costs about 3200 battles: 1.13 s of CPU for
// kharns-300 against kherops-300, 0.23 s fixed, while 10 000 battles take
// 2.78 s (docs/policies.md, "Deployment").
const (
	deployTrials = 128
	deploySeed   = 0x6b6861726e // "kharn"
)

// deployAll places both sides for each order of deployment and records the
// layouts in e.deployed (sizes: Safars per side; depth: the strips' depth; o:
// the scenario's objectives, nil for none), then chooses the Safars in ambush
// their zones (sim/ambush.go). Two fixed sides give one layout for both
// orders, engine.deploy's as it always was.
//
// A side that chooses its deployment weighs the deployCandidates by
// playing deployTrials battles of each pair of layouts with its side policy
// (deployValue). Deploying first, it does not know where the enemy will
// stand: it takes the candidate whose worst result against every candidate
// of the enemy is best (maximin), whatever the enemy's mode. Deploying second,
// it sees the enemy's layout and takes the candidate that does best against
// it. This costs, at set-up and once per order of deployment, 16 pairs of 128
// battles for a side choosing first and 4 for one choosing second.
func (e *engine) deployAll(modes [2]DeployMode, sizes [2]int, depth float64, o *profiles.Objectives) error {
	at := [2]int{0, sizes[0]}
	place := func(s, cand int, second bool, objX []float64) error {
		if c := deployCandidates[cand]; !c.fixed {
			return e.deployChosen(s, at[s], sizes[s], depth, second, objX, c)
		}
		return e.deploy(s, at[s], sizes[s], depth)
	}
	for s := range 2 {
		if err := place(s, 0, false, nil); err != nil {
			return err
		}
	}
	e.deployScouts(depth) // sim/deploy.go
	e.deployAmbushers()   // sim/ambush.go: zones from the fixed layout in every mode
	fixed := e.start
	e.deployed = [2][]field.Vec{fixed, fixed}
	if modes[0].Resolved() == DeployFixed && modes[1].Resolved() == DeployFixed {
		return nil
	}
	var objX []float64
	if o != nil {
		for _, m := range o.Markers {
			objX = append(objX, m.X)
		}
		if o.Relic != nil {
			objX = append(objX, o.Relic.X)
		}
	}
	layout := func(first, i, j int) ([]field.Vec, error) {
		e.start = make([]field.Vec, len(e.c))
		if err := place(first, i, false, objX); err != nil {
			return nil, err
		}
		if err := place(1-first, j, true, objX); err != nil {
			return nil, err
		}
		e.deployScouts(depth)
		return e.start, nil
	}
	all := make([]int, len(deployCandidates))
	for k := range all {
		all[k] = k
	}
	var chosen [2][]field.Vec
	for first := range 2 {
		second := 1 - first
		firstCands := all
		if modes[first].Resolved() == DeployFixed {
			firstCands = []int{0}
		}
		bestV, bestI := math.Inf(-1), 0
		var bestL []field.Vec
		for _, i := range firstCands {
			worstV := math.Inf(1)
			var worstL []field.Vec
			for _, j := range all {
				l, err := layout(first, i, j)
				if err != nil {
					continue // a layout with no room is no choice; the fixed one fits
				}
				if v := e.deployValue(l, first); v < worstV {
					worstV, worstL = v, l
				}
			}
			if worstL != nil && worstV > bestV {
				bestV, bestI, bestL = worstV, i, worstL
			}
		}
		if modes[second].Resolved() == DeployFixed && len(firstCands) > 1 {
			l, err := layout(first, bestI, 0) // the enemy stands as it always does
			if err != nil {
				return err
			}
			bestL = l
		}
		chosen[first] = bestL
	}
	e.deployed = chosen
	e.start = chosen[SideA]
	return nil
}

// deployValue returns the share of deployTrials battles played from layout l
// that side first wins, a draw counting half; side first activates first in
// every one of them, as it does whenever a battle starts from l.
func (e *engine) deployValue(l []field.Vec, first int) float64 {
	e.deployed = [2][]field.Vec{l, l}
	return e.firstShare(first, deploySeed, deployTrials)
}

// firstShare returns the share of trials battles, from the random stream of
// seed, that side first, deploying and activating first, wins, a draw
// counting half: the value of a deployment (deployValue) or of a table edge
// (edgeValue).
func (e *engine) firstShare(first int, seed uint64, trials int) float64 {
	e.deployFirst = int8(first) + 1
	defer func() { e.deployFirst = 0 }()
	r := rand.NewPCG(seed, 0)
	score := 0
	for range trials {
		switch w, _ := e.play(r); w {
		case first:
			score += 2
		case Draw:
			score++
		}
	}
	return float64(score) / float64(2*trials)
}

// deployFor puts in e.start the layout of the order of deployment in which
// side first deploys first (a slice header: nothing is copied or allocated)
// and returns first, or, while deployValue weighs a layout, the side it
// weighs it for.
func (e *engine) deployFor(first int) int {
	if e.deployFirst > 0 {
		first = int(e.deployFirst) - 1
	}
	if e.deployed[first] != nil {
		e.start = e.deployed[first]
	}
	return first
}

// inAmbush reports whether Safar i starts the battle in ambush.
func (e *engine) inAmbush(i int) bool { return e.ambush != nil && e.ambush[i] >= 0 }

// hasAmbush reports whether f's card has Ambush (sim/ambush.go).
func hasAmbush(f *Fighter) bool {
	_, ok := f.Profile.Skill(profiles.SkillAmbush)
	return ok
}

// deployChosen places the n Safars of side s (from index at) in its strip of
// depth depth as candidate c says; second says the enemy has deployed
// already (its places are in e.start); objX are the x of the scenario's
// objectives. The block stands around an anchor: the objectives' centroid,
// else, deploying second, the centroid of the enemy's melee fighters (facing
// them), else the middle of the table. Melee fighters stand on the front line
// of the strip, shooters on its back line at the place near the block that
// sees the most enemy places (the enemy's Safars when it has deployed, else
// points across its strip) with the most cover against them and no ally of
// the block in the way. Every place is inside the strip while one is free
// there; a Safar that does not fit stands just in front of it, as with the
// fixed deployment.
func (e *engine) deployChosen(s, at, n int, depth float64, second bool, objX []float64, c deployCandidate) error {
	lo, hi := field.Strip(e.field.Width, e.field.Height, depth, s)
	enemyAt := n // the other side's first index
	if s == 1 {
		enemyAt = 0
	}
	var enemy []field.Base
	anchor, melee := 0.0, 0
	if second {
		for k := enemyAt; k < enemyAt+len(e.c)-n; k++ {
			if f := e.c[k].f; !hasAmbush(f) {
				enemy = append(enemy, field.NewBase(e.start[k], f.Profile.Stature))
				if f.Ranged == nil {
					anchor += e.start[k].X
					melee++
				}
			}
		}
	}
	switch {
	case len(objX) > 0:
		anchor = 0
		for _, x := range objX {
			anchor += x
		}
		anchor /= float64(len(objX))
	case melee > 0: // facing the enemy's melee
		anchor /= float64(melee)
	default:
		anchor = (lo.X + hi.X) / 2
	}
	var front, back, hidden []int
	for k := at; k < at+n; k++ {
		switch {
		case hasAmbush(e.c[k].f):
			hidden = append(hidden, k)
		case e.c[k].f.Ranged != nil:
			back = append(back, k)
		default:
			front = append(front, k)
		}
	}
	if len(front) == 0 {
		front, back = back, nil
	}
	if c.byWeight {
		// The leader first, then the cards whose auras help allies, then by cost.
		weight := func(k int) int {
			p := e.c[k].f.Profile
			w := e.c[k].cost
			if k == e.leader[s] {
				w += 1 << 20
			}
			if len(p.MoraleAuras) > 0 || len(p.AuraGrants) > 0 || len(p.WiderAuras) > 0 {
				w += 1 << 16
			}
			return w
		}
		byWeight := func(a, b int) int { return cmp.Compare(weight(b), weight(a)) }
		slices.SortStableFunc(front, byWeight)
		slices.SortStableFunc(back, byWeight)
	}
	inward, frontEdge, backEdge := 1.0, hi.Y, lo.Y // side A's strip runs up from y = 0
	if s == 1 {
		inward, frontEdge, backEdge = -1, lo.Y, hi.Y
	}
	placed := make([]field.Base, 0, len(e.c))
	// put places Safar k on the row along edge (its base's edge on it), at the
	// free place nearest to x, or, with score, the free place of the row that
	// scores most less 0.05 a toise away from x; a full row sends it to the
	// next one into the strip (toward: the direction from edge into it), and
	// a full strip to the rows just in front of the strip.
	put := func(k int, x, edge, toward float64, score func(field.Base) float64) error {
		st := e.c[k].f.Profile.Stature
		r := field.BaseRadius(st)
		inside := int(math.Floor((depth - 2*r) / (2 * r)))
		for row := 0; row <= inside+8; row++ {
			y := edge + toward*(r+float64(row)*2*r)
			if row > inside {
				y = frontEdge + inward*(r+float64(row-inside-1)*2*r)
			}
			best, bs, found := field.Base{}, math.Inf(-1), false
			for step := 0; step <= int(8*(hi.X-lo.X)); step++ {
				xx := x + float64((step+1)/2)*0.25*float64(1-2*(step%2))
				b := field.Base{Pos: field.Vec{X: xx, Y: y}, Radius: r, Stature: st}
				if !e.field.Fits(b, placed) {
					continue
				}
				if score == nil {
					best, found = b, true
					break
				}
				if sc := score(b) - 0.05*math.Abs(xx-x); sc > bs+1e-9 {
					best, bs, found = b, sc, true
				}
			}
			if found {
				e.start[k] = best.Pos
				placed = append(placed, best)
				return nil
			}
		}
		return fmt.Errorf("sim: side %s cannot deploy %s near (%.1f, %.1f): terrain, the table's edges and other bases leave no room", sideName(s), e.c[k].f, x, edge)
	}
	// The front line: a block centred on the anchor (kept on the table); by
	// weight, the heaviest Safar in the middle slot, then alternately right
	// and left of it; else in list order, left to right.
	width := -c.gap
	for _, k := range front {
		width += 2*field.BaseRadius(e.c[k].f.Profile.Stature) + c.gap
	}
	x := max(min(anchor-width/2, hi.X-width), lo.X)
	slots := make([]float64, len(front))
	for m, k := range front {
		d := 2 * field.BaseRadius(e.c[k].f.Profile.Stature)
		slots[m] = x + d/2
		x += d + c.gap
	}
	mid := (len(front) - 1) / 2
	for m, k := range front {
		idx := m
		if c.byWeight {
			off := (m + 1) / 2 // 0, 1, 1, 2, 2...: right of the middle first
			if m%2 == 0 {
				off = -off
			}
			idx = min(max(mid+off, 0), len(slots)-1)
		}
		if err := put(k, slots[idx], frontEdge, -inward, nil); err != nil {
			return err
		}
	}
	// The back line: shooters where they see the most enemy places, with
	// cover against them and no ally of the block in their line.
	targets := enemy
	if !second {
		elo, ehi := field.Strip(e.field.Width, e.field.Height, depth, 1-s)
		for _, fx := range [...]float64{0.2, 0.5, 0.8} {
			targets = append(targets, field.NewBase(field.Vec{X: elo.X + fx*(ehi.X-elo.X), Y: (elo.Y + ehi.Y) / 2}, 1))
		}
	}
	score := func(b field.Base) float64 {
		v := 0.0
		for _, t := range targets {
			if e.field.LineOfSight(b, t, nil) {
				v++
			}
			v += 0.25 * float64(e.field.Cover(t, b, nil, nil))
			if e.field.Cover(b, t, placed, nil) > 0 {
				v -= 0.5
			}
		}
		return v
	}
	for _, k := range back {
		if err := put(k, anchor, backEdge, inward, score); err != nil {
			return err
		}
	}
	// Safars in ambush wait off the table (hideAmbushers): their places in
	// the strip's corner only keep them out of the others' way.
	for _, k := range hidden {
		if err := put(k, lo.X, backEdge, inward, nil); err != nil {
			return err
		}
	}
	return nil
}
