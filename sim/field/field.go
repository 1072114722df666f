package field

import (
	"math"
	"strconv"

	"github.com/kharn-ages/kharn/profiles"
)

// Sizes and distances of the rulebook, in toises (a toise is 4 cm: English seed
// 000 "Ruler and measuring", line 142).
const (
	// KharnAgesSize is the side of the standard square table, 60 cm (seed 000
	// "Game area", line 132).
	KharnAgesSize = 15
	// TactikSize is the side of the Tactik table (skirmish issue #4, section 2).
	TactikSize = 24
	// DeploymentDepth is the depth of the deployment strips along two opposite
	// edges: 3 toises in the French rules (seed 004 "Déploiement", line 467),
	// which come first (R-FR).
	DeploymentDepth = 3
	// EnglishDeploymentDepth is the English rules' depth (seed 000 "Deploying",
	// line 544), the rules variant "english".
	EnglishDeploymentDepth = 2
	// ZOC is the zone of control around a base, without reach (seed 000
	// "Orientation and zone of control": "half a toise all around it").
	ZOC = 0.5
	// StepOverHeight is the tallest obstacle a walk steps over without slowing
	// down; a taller one needs the climbing action (seed 000 "Stepping over an
	// obstacle" and "Climbing", lines 721-732).
	StepOverHeight = 1.5
	// MinCoverHeight is the height a terrain piece must exceed to be a cover (seed
	// 000 "Cover", line 922: "more than 1/2 toise in height").
	MinCoverHeight = 0.5
	// Epsilon is the tolerance of contacts: bases that touch have a gap of 0 give
	// or take Epsilon.
	Epsilon = 1e-9
)

// BaseRadius returns the radius in toises of the base of a Safar of the given
// stature. The rulebooks list bases of 40, 50, 60 and 80 mm (seed 000 "The
// miniatures", line 126) without a table by stature; this toolkit's assumption,
// the one the duel engine uses too (sim/fight.go): stature 0-3 on 40 mm,
// 4 on 50 mm, 5 on 60 mm, 6 on 80 mm.
func BaseRadius(stature int) float64 {
	mm := 40.0
	switch {
	case stature >= 6:
		mm = 80
	case stature == 5:
		mm = 60
	case stature == 4:
		mm = 50
	}
	return mm / 40 / 2
}

// SafarHeight returns the height in toises this package gives a Safar of the
// given stature for lines of sight: (stature+1)/2, the cover height the cover
// table pairs with that stature (see CoverStature), so that a cover of a
// Safar's own height hides most of it (+3) without blocking the line.
func SafarHeight(stature int) float64 { return float64(max(stature, 0)+1) / 2 }

// Base is a Safar's round base on the table.
type Base struct {
	Pos     Vec     // centre, in toises
	Radius  float64 // in toises, BaseRadius(Stature) for a standard base
	Stature int     // 0 to 6
	// SureFooted: loose, slippery and difficult ground do not slow its walks
	// (Bulky, skills.md #41).
	SureFooted bool
}

// NewBase returns the standard base of a Safar of the given stature at pos.
func NewBase(pos Vec, stature int) Base {
	return Base{Pos: pos, Radius: BaseRadius(stature), Stature: stature}
}

// Gap returns the distance between the edges of the two bases: 0 in base
// contact, negative when they overlap.
func Gap(a, b Base) float64 { return a.Pos.Dist(b.Pos) - a.Radius - b.Radius }

// Reaches reports whether b is in a's zone of control of depth zocA (ZOC, or the
// reach of the weapon a attacks with): the rulebook compares the gap between the
// bases with the ZOC, so that a Safar with reach may be engaged with another
// "but not the other way around" (seed 000 "Orientation and zone of control").
func Reaches(a, b Base, zocA float64) bool { return Gap(a, b) <= zocA+Epsilon }

// Engaged reports whether a and b are engaged in melee: one of them is in the
// other's zone of control ("If an opponent enters in this zone of control, they
// become engaged in melee combat", seed 000 "Orientation and zone of control").
// The two zones need not overlap: with the standard ZOC of 0.5 toise, bases 0.5
// toise apart are engaged, bases 0.6 toise apart are not.
func Engaged(a, b Base, zocA, zocB float64) bool {
	return Reaches(a, b, zocA) || Reaches(b, a, zocB)
}

// Kind is the kind of a terrain piece.
type Kind uint8

// The kinds of terrain pieces.
const (
	// Cover is scenery that gives cover when taller than MinCoverHeight and is
	// stepped over up to StepOverHeight; taller, it stops walks and repels as an
	// obstacle, and only the climbing action crosses it or brings a Safar on
	// top of it (climb.go).
	Cover Kind = iota
	// Difficult terrain takes 2 off velocity (bushes, rubble, ruins: seed 004
	// line 590, "sa vitesse est réduite de 2"); the English rules halve it
	// (seed 000 line 655), Field.HalveDifficult.
	Difficult
	// Impassable terrain stops walks and repels.
	Impassable
	// Loose ground takes 1 off velocity (sand, gravel, shallow water: seed 000
	// line 652, seed 004 line 587).
	Loose
	// Slippery ground takes 1 off velocity and cancels Stable (mud, ice: seed 000
	// line 653, seed 004 line 588).
	Slippery
	// Water deep enough to swim halves velocity (seed 000 line 654, seed 004
	// line 589: "sa vitesse est divisée par 2"); the engine plays the rest of
	// the rule (no weapon, manufactured armour taken off, swimming: sim/water.go).
	Water
	// Destroyed is what is left of a scenery object whose structure points
	// are gone: nothing, "removed from the game area" (seed 000 line 1072).
	// It stops no walk, slows none and hides nothing (give it Height 0).
	Destroyed
)

var kindNames = [...]string{Cover: "cover", Difficult: "difficult", Impassable: "impassable", Loose: "loose", Slippery: "slippery", Water: "water", Destroyed: "destroyed"}

// String returns "cover", "difficult", "impassable", "loose", "slippery",
// "water" or "destroyed".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Rect is an axis-aligned rectangle: corner (X, Y), width W along X, height H
// along Y, in toises.
type Rect struct{ X, Y, W, H float64 }

// Circle is a disc of centre (X, Y) and radius R, in toises.
type Circle struct{ X, Y, R float64 }

// Terrain is a terrain piece: a Circle when Circle.R > 0, the Rect otherwise.
type Terrain struct {
	Kind   Kind
	Height float64 // in toises; a cover must exceed MinCoverHeight to give cover
	Rect   Rect
	Circle Circle
	// Structure is the structure points of a scenery object (seed 000 lines
	// 1066-1082), 0 for terrain that cannot be destroyed; Name names it in
	// traces. The engine plays its destruction (sim/objects.go).
	Structure int
	Name      string
	// Door makes t a door, closed at the start; Lock is the threshold of its
	// lock (a door's or an object's), 0: none. The engine opens, picks and
	// breaks them (sim/doors.go).
	Door bool
	Lock int
}

// IsCircle reports whether t is a circle.
func (t *Terrain) IsCircle() bool { return t.Circle.R > 0 }

// Obstacle reports whether t stops a walk or a repel: impassable terrain, and
// scenery taller than StepOverHeight, which only the climbing action crosses.
func (t *Terrain) Obstacle() bool {
	return t.Kind == Impassable || (t.Kind == Cover && t.Height > StepOverHeight)
}

// Dist returns the distance from p to t, 0 when p is in t.
func (t *Terrain) Dist(p Vec) float64 {
	if t.IsCircle() {
		return max(p.Dist(Vec{t.Circle.X, t.Circle.Y})-t.Circle.R, 0)
	}
	r := t.Rect
	dx := max(r.X-p.X, 0, p.X-(r.X+r.W))
	dy := max(r.Y-p.Y, 0, p.Y-(r.Y+r.H))
	return math.Hypot(dx, dy)
}

// ray returns the parameters t where p+u*t (u a unit vector) lies in t, which
// is convex.
func (t *Terrain) ray(p, u Vec) (tin, tout float64, ok bool) {
	if t.IsCircle() {
		return rayCircle(p, u, Vec{t.Circle.X, t.Circle.Y}, t.Circle.R)
	}
	r := t.Rect
	return rayBox(p, u, r.X, r.Y, r.X+r.W, r.Y+r.H)
}

// contact returns the first s >= 0 at which a base of radius rho centred on
// p+u*s touches t, or +Inf. A base already overlapping or touching t (where a
// walk stopped against it) gets 0 when moving closer to it and is free to move
// away or along it: the distance to a convex piece does not fall again once it
// does not fall.
func (t *Terrain) contact(p, u Vec, rho float64) float64 {
	if d := t.Dist(p); d < rho+Epsilon {
		if t.Dist(p.Add(u.Scale(1e-6))) < d || d == 0 {
			return 0
		}
		return math.Inf(1)
	}
	best := math.Inf(1)
	if t.IsCircle() {
		tin, tout, ok := rayCircle(p, u, Vec{t.Circle.X, t.Circle.Y}, t.Circle.R+rho)
		return first(best, tin, tout, ok)
	}
	// The base touches the rectangle when its centre is in the rectangle grown
	// by rho: the union of two grown boxes and four corner discs.
	r := t.Rect
	x0, y0, x1, y1 := r.X, r.Y, r.X+r.W, r.Y+r.H
	tin, tout, ok := rayBox(p, u, x0-rho, y0, x1+rho, y1)
	best = first(best, tin, tout, ok)
	tin, tout, ok = rayBox(p, u, x0, y0-rho, x1, y1+rho)
	best = first(best, tin, tout, ok)
	for _, c := range [4]Vec{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		tin, tout, ok = rayCircle(p, u, c, rho)
		best = first(best, tin, tout, ok)
	}
	return best
}

// Field is the table: a Width x Height rectangle with its corner at the origin,
// open ground except for its Terrain pieces. Width and Height must be positive.
type Field struct {
	Width, Height float64
	Terrain       []Terrain
	// HalveDifficult reads difficult terrain as the English rules do (seed 000
	// line 655: movement divided by 2) instead of taking 2 off velocity (R-FR).
	HalveDifficult bool

	// NoScouts: the scenario forbids scouts, who then deploy as usual (Scout X,
	// seed 000 line 1654; profiles.Scenario.NoScouts).
	NoScouts bool

	// Gaps are the pairs of heights (indices in Terrain) a Safar may jump
	// between (gap.go; profiles.Scenario.Gaps).
	Gaps [][2]int
	// Movable are the objects lying on the table to pick up and throw
	// (profiles.Scenario.Movable; the engine plays them: sim/throw.go).
	Movable []profiles.Movable
}

// reduction returns how much terrain of kind k takes off velocity (R-FR), 0 for
// none; with halve, difficult terrain halves it instead (reported as -1).
func reduction(k Kind, halve bool) float64 {
	switch k {
	case Difficult:
		if halve {
			return -1
		}
		return 2
	case Water:
		return -1 // halved in both rulebooks
	case Loose, Slippery:
		return 1
	}
	return 0
}

// On reports whether p lies in a terrain piece of kind k.
func (f *Field) On(p Vec, k Kind) bool {
	for i := range f.Terrain {
		if t := &f.Terrain[i]; t.Kind == k && t.Dist(p) == 0 {
			return true
		}
	}
	return false
}

// Contains reports whether b lies entirely on the table.
func (f *Field) Contains(b Base) bool {
	return b.Pos.X-b.Radius >= -Epsilon && b.Pos.X+b.Radius <= f.Width+Epsilon &&
		b.Pos.Y-b.Radius >= -Epsilon && b.Pos.Y+b.Radius <= f.Height+Epsilon
}

// Fits reports whether b may stand where it is: on the table, overlapping no
// obstacle (see Terrain.Obstacle) and no base of others.
func (f *Field) Fits(b Base, others []Base) bool {
	if !b.Pos.finite() || !f.Contains(b) {
		return false
	}
	for i := range f.Terrain {
		if t := &f.Terrain[i]; t.Obstacle() && t.Dist(b.Pos) < b.Radius-Epsilon {
			return false
		}
	}
	for _, o := range others {
		if Gap(b, o) < -Epsilon {
			return false
		}
	}
	return true
}

// Hit values of Sweep and Repel that are not the index of a base.
const (
	HitNone     = -2 // nothing met
	HitObstacle = -1 // a table edge or an obstacle
)

// Sweep moves b in the direction u (a unit vector) and returns how far it goes,
// at most length, before it meets a table edge, an obstacle (see
// Terrain.Obstacle) or a base of others, and what it met: the index of the base,
// HitObstacle, or HitNone when it covers length freely. A base already
// overlapping something may only move away from it.
func (f *Field) Sweep(b Base, u Vec, length float64, others []Base) (float64, int) {
	return f.sweep(b, u, length, others, 0)
}

// sweep is Sweep for a walker with Leap leap (0: none): it goes over the
// obstacles and the bases leapOver lets it cross.
func (f *Field) sweep(b Base, u Vec, length float64, others []Base, leap float64) (float64, int) {
	return f.sweepFrom(b, u, length, others, leap, true)
}

// sweepFrom is sweep; a base standing on a platform (climb.go) does not meet
// the piece it stands on and, with confine, stops where its centre would leave
// that piece's top (a walk); without, it goes over the edge (a repel).
func (f *Field) sweepFrom(b Base, u Vec, length float64, others []Base, leap float64, confine bool) (float64, int) {
	p, r := b.Pos, b.Radius
	s, hit := math.Inf(1), HitNone
	on, onHeight := -1, 0.0 // the platform under p (Platform), found below
	edge := func(p, u, lo, hi float64) {
		var t float64
		switch {
		case u > 0:
			t = (hi - p) / u
		case u < 0:
			t = (lo - p) / u
		default:
			return
		}
		if t < s {
			s, hit = max(t, 0), HitObstacle
		}
	}
	edge(p.X, u.X, r, f.Width-r)
	edge(p.Y, u.Y, r, f.Height-r)
	for i := range f.Terrain {
		t := &f.Terrain[i]
		if t.Climbable() && t.Dist(p) == 0 {
			// It stands on this top: no obstacle to it (climb.go). Looked up
			// here, not by a call of Platform before the loop: that took 4% of
			// the CPU time of battles on the ruins.
			if t.Height > onHeight {
				on, onHeight = i, t.Height
			}
			continue
		}
		if t.Obstacle() && !leapsTerrain(t, leap) {
			if c := t.contact(p, u, r); c < s {
				s, hit = c, HitObstacle
			}
		}
	}
	if on >= 0 && confine {
		if _, tout, ok := f.Terrain[on].ray(p, u); ok && max(tout-edgeHair, 0) < s {
			s, hit = max(tout-edgeHair, 0), HitObstacle
		}
	}
	for i, o := range others {
		if leapsBase(o, leap) {
			continue
		}
		tin, tout, ok := rayCircle(p, u, o.Pos, r+o.Radius)
		if !ok || tout < 0 {
			continue
		}
		c := tin
		if tin < 0 { // overlapping already: blocked only when moving closer
			if u.Dot(p.Sub(o.Pos)) >= 0 {
				continue
			}
			c = 0
		}
		if c < s {
			s, hit = c, i
		}
	}
	if s >= length {
		return length, HitNone
	}
	return s, hit
}

// Walk moves b in a straight line toward the point toward, with a movement of
// dist toises, and returns where it stops: at toward, when dist is spent, in base
// contact with a base of others, at a table edge (a Safar cannot leave the
// table: seed 000 "Leaving the battlefield", line 476), or against an obstacle.
// Terrain that takes r off velocity (difficult 2, loose and slippery 1: seed 004
// lines 587-590, R-FR) shortens the part of the walk its centre covers in
// proportion: a toise there costs dist/(dist-r), so a walk entirely inside goes
// dist-r, and none when dist <= r. With HalveDifficult a toise of difficult
// terrain costs two (seed 000 line 655: "divided by 2"). Overlapping pieces do
// not add up: the costliest counts. A SureFooted base is not slowed. Walk does
// not allocate.
func (f *Field) Walk(from Base, toward Vec, dist float64, others []Base) Vec {
	return f.LeapWalk(from, toward, dist, others, 0)
}

// LeapWalk is Walk for a Safar with Leap leap (skills.md #22; 0 is Walk): it
// goes over scenery no higher than leap, over the bases of Safars of stature
// at most leap and over slowing ground whose stretch on its line is no longer
// (nor higher) than leap, without being slowed; it still stops where its base
// would overlap what it leapt (see leap.go). LeapWalk does not allocate.
func (f *Field) LeapWalk(from Base, toward Vec, dist float64, others []Base, leap float64) Vec {
	pos, _ := f.walkBudget(from, toward, dist, dist, others, leap)
	return pos
}

// walkBudget is LeapWalk for a Safar with a movement of dist toises of which
// budget are left (a leg of a route: RouteWalk); it also returns the budget
// left when it stops at toward, 0 otherwise.
func (f *Field) walkBudget(from Base, toward Vec, dist, budget float64, others []Base, leap float64) (Vec, float64) {
	d := toward.Sub(from.Pos)
	l := d.Len()
	if !(dist > 0) || !(budget > 0) || !(l > Epsilon) || math.IsInf(l, 0) || math.IsInf(dist, 0) {
		return from.Pos, 0
	}
	u := d.Scale(1 / l)
	limit, _ := f.sweep(from, u, l, others, leap)
	s := 0.0
	// Each step ends at a boundary of a difficult piece: at most two per piece.
	for range 2*len(f.Terrain) + 1 {
		if s >= limit || budget <= 0 {
			break
		}
		r, next := f.reductionAt(from.Pos, u, s, leap)
		if from.SureFooted {
			r = 0
		}
		end := min(next, limit)
		cost := 1.0
		switch {
		case r < 0:
			cost = 2 // English: halved
		case r >= dist:
			cost = math.Inf(1) // no velocity left there: the walk stops at its edge
		case r > 0:
			cost = dist / (dist - r)
		}
		if (end-s)*cost >= budget {
			s += budget / cost
			budget = 0
			break
		}
		budget -= (end - s) * cost
		s = end
	}
	s = min(s, limit)
	if leap > 0 {
		s = f.landing(from, u, s, others, leap)
	}
	if s >= l { // land exactly on toward
		return toward, max(budget, 0)
	}
	return from.Pos.Add(u.Scale(s)), 0
}

// reductionAt returns what the terrain at p+u*s takes off velocity (see
// reduction; the halving of difficult terrain outranks any other) and the next s
// at which that may change (+Inf when never).
func (f *Field) reductionAt(p, u Vec, s, leap float64) (r, next float64) {
	next = math.Inf(1)
	for i := range f.Terrain {
		t := &f.Terrain[i]
		tr := reduction(t.Kind, f.HalveDifficult)
		if tr == 0 {
			continue
		}
		tin, tout, ok := t.ray(p, u)
		if !ok || leapsStretch(t, tout-tin, leap) {
			continue
		}
		if tin <= s && s < tout && r >= 0 && (tr < 0 || tr > r) {
			r = tr
		}
		if tin > s {
			next = min(next, tin)
		}
		if tout > s {
			next = min(next, tout)
		}
	}
	return r, next
}

// Repel pushes b dist toises straight away from the point from (the repelling
// Safar's centre) and returns where it stops and whether it collided: with the
// base of others at index hit, or with a table edge or an obstacle (hit is
// HitObstacle; seed 000 "Collision", line 892, and "Leaving the battlefield":
// "stopped at the edge of the terrain and might suffer from collision damage").
// Ending exactly in contact is no collision. A repel is not a walk: difficult
// terrain does not shorten it. When b.Pos is from, there is no direction: b stays.
func (f *Field) Repel(b Base, from Vec, dist float64, others []Base) (pos Vec, collision bool, hit int) {
	d := b.Pos.Sub(from)
	l := d.Len()
	if !(dist > 0) || !(l > 0) || math.IsInf(l, 0) || math.IsInf(dist, 0) {
		return b.Pos, false, HitNone
	}
	u := d.Scale(1 / l)
	s, hit := f.Sweep(b, u, dist, others)
	if hit == HitNone {
		return b.Pos.Add(u.Scale(dist)), false, HitNone
	}
	return b.Pos.Add(u.Scale(s)), true, hit
}

// Deployment returns the corners of the deployment strip of side 0 (along
// y = 0) or side 1 (along y = height) of a width x height table: DeploymentDepth
// toises deep (seed 000 "Deploying", line 538).
func Deployment(width, height float64, side int) (lo, hi Vec) {
	return Strip(width, height, DeploymentDepth, side)
}

// Strip is Deployment with a deployment depth set by the scenario.
func Strip(width, height, depth float64, side int) (lo, hi Vec) {
	switch side {
	case 0:
		return Vec{0, 0}, Vec{width, depth}
	case 1:
		return Vec{0, height - depth}, Vec{width, height}
	}
	panic("field: deployment side must be 0 or 1")
}
