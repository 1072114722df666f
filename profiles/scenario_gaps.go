package profiles

import (
	"math"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Gaps between heights (issue #11): "Jumping over a gap/Long jump: cost of
// movement/the Safar. A Safar can jump over an empty space if its size does
// not exceed half of his worst characteristic between V and A. If the gap is
// larger, he can perform this action if the size of the gap does not exceeds
// the best of his characteristics between V and A. He succeeds on a die roll
// of 6+. If he fails, apply the effects of an unintentional fall" (seed 000
// lines 742-748; seed 004 lines 682-688, where the jump needs no roll up to
// the worst of V and A, not half of it). A scenario file names the pairs of
// heights a Safar may jump between, two climbable pieces (cover taller than
// 1.5 toises) with names, apart on the table:
//
//	terrain:
//	  - {kind: cover, height: 3, rect: {x: 3, y: 6, w: 3, h: 3}, name: west roof}
//	  - {kind: cover, height: 3, rect: {x: 7.5, y: 6, w: 3, h: 3}, name: east roof}
//	gaps:
//	  - {between: [west roof, east roof]}
//
// The empty space between them is the gap: its size is measured along the
// jump, from the edge of one top to the edge of the other. Pieces not named
// in a gap are not jumped between (a scenario says where the long jumps are:
// rooftops, a broken bridge). The engine's reading is in sim/gap.go.

// Gap is a pair of heights of a Scenario that a Safar may jump between.
type Gap struct {
	// Between are the names of the two pieces, Pieces their indices in the
	// scenario's Terrain.
	Between [2]string
	Pieces  [2]int
	Pos     Pos
	node    *yaml.Node // for errors
	at      int        // its index in the file's list, for errors
}

// MaxGap bounds the distance between the two heights of a gap, in toises:
// no characteristic exceeds 10, and the jump reaches at most the best of V and
// A (seed 000 line 746, seed 004 line 684).
const MaxGap = 10

var gapFields = []string{"between"}

// gaps decodes the scenario's gaps: field; their pieces are checked once the
// terrain is read (checkGaps).
func (d *decoder) gaps(s *Scenario, n *yaml.Node) {
	elems, _ := d.sequence(n, "gaps")
	for i, e := range elems {
		path := index("gaps", i)
		fields, ok := d.mapping(e, path)
		if !ok {
			continue
		}
		g := Gap{Pos: d.pos(deref(e)), Pieces: [2]int{-1, -1}, node: deref(e), at: i}
		present := make(map[string]bool)
		good := true
		for _, f := range fields {
			present[f.key] = true
			field := join(path, f.key)
			switch f.key {
			case "between":
				names, ok := d.sequence(f.v, field)
				if !ok {
					good = false
					continue
				}
				if len(names) != 2 {
					d.errorf(deref(f.v), field, "want the names of two heights, got %d", len(names))
					good = false
					continue
				}
				for k, nn := range names {
					v, ok := d.stringValue(nn, index(field, k))
					g.Between[k], good = v, good && ok
				}
			default:
				d.unknown(f.k, field, f.key, gapFields)
			}
		}
		if d.require(deref(e), path, present, "between") && good {
			s.Gaps = append(s.Gaps, g)
		}
	}
}

// checkGaps checks each gap of s: two different pieces, named in the terrain,
// each a height (cover taller than 1.5 toises: climbed and stood on, seed 000
// line 730), apart by more than 0 and at most MaxGap toises, and no pair named
// twice; it sets the pieces' indices.
func (d *decoder) checkGaps(s *Scenario) {
	var names []string
	for _, p := range s.Terrain {
		if p.Name != "" {
			names = append(names, p.Name)
		}
	}
	for i := range s.Gaps {
		g := &s.Gaps[i]
		n := g.node
		path := join(index("gaps", g.at), "between")
		ok := true
		for k, name := range g.Between {
			j := slices.IndexFunc(s.Terrain, func(p TerrainPiece) bool { return p.Name == name })
			if j < 0 {
				known := "no piece has a name"
				if len(names) > 0 {
					known = "named pieces: " + strings.Join(names, ", ")
				}
				d.errorf(n, index(path, k), "no terrain piece named %q (%s)", name, known)
				ok = false
				continue
			}
			if p := &s.Terrain[j]; p.Kind != "cover" || p.Height <= 1.5 {
				d.errorf(n, index(path, k), "a gap lies between heights: %q (terrain[%d]) is %s %g toises high; want cover taller than 1.5 toises (climbed and stood on, seed 000 line 730)", name, j, p.Kind, p.Height)
				ok = false
			}
			g.Pieces[k] = j
		}
		if !ok {
			continue
		}
		if g.Pieces[0] == g.Pieces[1] {
			d.errorf(n, path, "a gap lies between two different heights, got %q twice", g.Between[0])
			continue
		}
		switch dist := pieceDist(&s.Terrain[g.Pieces[0]], &s.Terrain[g.Pieces[1]]); {
		case dist <= 0:
			d.errorf(n, path, "%q and %q touch or overlap: no gap between them", g.Between[0], g.Between[1])
		case dist > MaxGap:
			d.errorf(n, path, "%q and %q are %.3g toises apart: a jump reaches at most %d (the best of V and A, seed 004 line 684)", g.Between[0], g.Between[1], dist, MaxGap)
		}
		for k := range i {
			if h := s.Gaps[k].Pieces; h == g.Pieces || h == [2]int{g.Pieces[1], g.Pieces[0]} {
				d.errorf(n, path, "the gap between %q and %q is named twice (gaps[%d] too)", g.Between[0], g.Between[1], s.Gaps[k].at)
				break
			}
		}
	}
}

// pieceDist returns the shortest distance between the footprints of a and b,
// 0 when they touch or overlap.
func pieceDist(a, b *TerrainPiece) float64 {
	switch {
	case a.Circle && b.Circle:
		return max(math.Hypot(a.X-b.X, a.Y-b.Y)-a.R-b.R, 0)
	case a.Circle:
		return max(rectDist(b, a.X, a.Y)-a.R, 0)
	case b.Circle:
		return max(rectDist(a, b.X, b.Y)-b.R, 0)
	}
	dx := max(a.X-(b.X+b.W), b.X-(a.X+a.W), 0)
	dy := max(a.Y-(b.Y+b.H), b.Y-(a.Y+a.H), 0)
	return math.Hypot(dx, dy)
}

// rectDist returns the distance from (x, y) to rectangle p, 0 inside.
func rectDist(p *TerrainPiece, x, y float64) float64 {
	dx := max(p.X-x, 0, x-(p.X+p.W))
	dy := max(p.Y-y, 0, y-(p.Y+p.H))
	return math.Hypot(dx, dy)
}
