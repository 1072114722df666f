package field

import "math"

// The cover table (rulebook "Cover"). The English seed 000 (lines 914-943) gives
// the rules but not the table; the French seed 004 prints it at lines 894-901,
// garbled by the OCR. Its cells, tab-separated, read (column 0 is empty in every
// row, column 1 holds the row label, columns 2-8 the cells):
//
//	line 894: "<3,5" | -  -  -  -  -  -  -      (no cell legible)
//	line 895: "€>"   | -  _  4  -  -  +3 +2
//	line 896: "≥2,5" | -  -  +  -  +3 +2 +1
//	line 897: "≥2"   | -  -  -  +3 +2 +1 -
//	line 898: "≤1,5" | -  -  +3 +2 +1 -  -
//	line 899: "1>"   | -  +3 +2 +1 -  -  -
//	line 900: "...ure figurine écran | Flauteur de couvert"
//	line 901: "Stature figurine écran | Flauteur | Stature de la cible"
//
// with beside it (line 895) "Les figurines de stature 0, et les couverts de moins
// de 1/2 toise ne procurent aucun bonus de couvert". What this package assumes:
//
//   - The rows are the cover height, "Hauteur de couvert", from the bottom: <= 1,
//     <= 1.5, >= 2, >= 2.5, >= 3, >= 3.5 toises (line 894's "<3,5" read as
//     ">= 3,5", line 895's "€>" as ">= 3", line 899's "1>" as "<= 1"). A height
//     between 1.5 and 2 takes the "<= 1.5" row, the smaller bonus.
//   - Each row also has a "Stature figurine écran" (screening Safar's stature)
//     whose values the OCR lost: six rows for statures 1 to 6, so stature s is the
//     row of height (s+1)/2; a stature-0 Safar, like a cover of 1/2 toise or
//     less, gives no cover (line 895).
//   - The columns are the target's stature 0 to 6 (the header of line 901, whose
//     numbers are lost); the stature-0 column is empty in every row (line 895).
//   - Along each row the bonus is +3, +2, +1 from the target stature equal to the
//     row's screening stature upwards (the diagonal, legible in rows 1 to 5 and
//     the start of row 6 at line 895). The cells left of the diagonal (a target
//     smaller than its cover) are blank or garbled ("-", "+", "_", "4"): they are
//     taken as +3, so that a taller cover never gives less than a lower one.
//     Right of +1 the target is too big for the cover: 0.

// CoverStature returns the screening stature (the row of the cover table) of a
// cover height in toises: 0 up to 1/2 toise, 1 up to 1, 2 below 2, then 3, 4, 5
// and 6 from 2, 2.5, 3 and 3.5 toises.
func CoverStature(height float64) int {
	switch {
	case !(height > MinCoverHeight):
		return 0
	case height <= 1:
		return 1
	case height < 2:
		return 2
	case height >= 3.5:
		return 6
	}
	return int(2*height) - 1 // 2 -> 3, 2.5 -> 4, 3 -> 5
}

// CoverBonus returns the cover bonus of the cover table: a target of stature
// target behind a cover of screening stature screen (CoverStature of its
// height, or the stature of the tallest other Safar of the melee the target is
// engaged in) gets +3, +2, +1 when its stature is at most screen, screen+1,
// screen+2, and nothing when taller or when either stature is 0.
func CoverBonus(screen, target int) int {
	if screen <= 0 || target <= 0 {
		return 0
	}
	return max(3-max(target-screen, 0), 0)
}

// LineOfSight reports whether a and b see each other. The rulebook leaves it to
// the players (seed 000 "Line of sight", lines 906-912: a line from any part of
// one to any part of the other). This package draws the line between the base
// centres and blocks it with a terrain piece it crosses that is taller than both
// Safars (SafarHeight), or with a base of others it crosses whose Safar is taller
// than both; lower pieces and Safars only obstruct it ("All the miniatures in game
// obstruct the lines of sight", line 926), which Cover counts. Bases of others
// equal to a or b are skipped. A Safar on a platform (climb.go) stands at its
// Elevation: its height counts from there.
func (f *Field) LineOfSight(a, b Base, others []Base) bool {
	d := b.Pos.Sub(a.Pos)
	l := d.Len()
	if !(l > Epsilon) || math.IsInf(l, 0) {
		return true
	}
	u := d.Scale(1 / l)
	// The ends' elevations are looked up only when a piece or a Safar taller
	// than both on the ground might block: most lines never need them.
	top, lifted := max(SafarHeight(a.Stature), SafarHeight(b.Stature)), false
	lift := func() {
		if !lifted {
			top, lifted = max(f.Elevation(a.Pos)+SafarHeight(a.Stature), f.Elevation(b.Pos)+SafarHeight(b.Stature)), true
		}
	}
	tall := false // a climbable piece: a Safar may stand on a top
	for i := range f.Terrain {
		t := &f.Terrain[i]
		tall = tall || t.Climbable()
		if t.Height <= top {
			continue
		}
		if tin, tout, ok := t.ray(a.Pos, u); ok && tout >= 0 && tin <= l {
			if lift(); t.Height > top {
				return false
			}
		}
	}
	for _, o := range others {
		if o == a || o == b || !tall && SafarHeight(o.Stature) <= top || !crosses(a.Pos, u, l, o) {
			continue
		}
		h := SafarHeight(o.Stature)
		if tall {
			h += f.Elevation(o.Pos)
		}
		if h > top {
			if lift(); h > top {
				return false
			}
		}
	}
	return true
}

// crosses reports whether the segment from p along u over length l cuts into the
// base o (grazing it does not count).
func crosses(p, u Vec, l float64, o Base) bool {
	tin, tout, ok := rayCircle(p, u, o.Pos, o.Radius)
	return ok && tout-tin > Epsilon && tout >= 0 && tin <= l
}

// Cover returns the cover bonus of target against a shot of shooter (seed 000
// "Cover", lines 914-943; seed 004 lines 868-903): the best of
//
//   - each terrain piece taller than 1/2 toise crossed by the line between the
//     base centres, through the cover table with CoverStature(Height);
//   - each base of others crossed by that line (every miniature obstructs the
//     lines of sight), through the table with its stature;
//   - when the target is engaged in a melee (engagedWith lists the other Safars
//     of that melee, not the target), the stature of the tallest of them.
//
// A piece or a base whose crossed part lies within the shooter's zone of
// control (ZOC from its base edge) is ignored: "If the cover is included in the
// shooter zone of control, then it is ignored" (line 924). Bases of others
// equal to shooter or target are skipped, and so is the climbable piece the
// shooter or the target stands on (climb.go). A stature-0 target gets 0. The line
// between centres stands for the rulebook's "path between the Safar's base and
// their target". Cover does not allocate.
func (f *Field) Cover(shooter, target Base, others []Base, engagedWith []Base) int {
	if target.Stature <= 0 {
		return 0
	}
	best := 0
	for _, o := range engagedWith {
		best = max(best, CoverBonus(o.Stature, target.Stature))
	}
	d := target.Pos.Sub(shooter.Pos)
	l := d.Len()
	if !(l > Epsilon) || math.IsInf(l, 0) {
		return best
	}
	u := d.Scale(1 / l)
	zoc := shooter.Radius + ZOC
	for i := range f.Terrain {
		t := &f.Terrain[i]
		screen := CoverStature(t.Height)
		if screen == 0 || CoverBonus(screen, target.Stature) <= best {
			continue
		}
		if t.Climbable() && (t.Dist(target.Pos) == 0 || t.Dist(shooter.Pos) == 0) {
			continue // the top the target or the shooter stands on (climb.go) screens neither
		}
		tin, tout, ok := t.ray(shooter.Pos, u)
		if !ok || tout < 0 || tin > l || min(tout, l) <= zoc {
			continue
		}
		best = CoverBonus(screen, target.Stature)
	}
	for _, o := range others {
		if o == shooter || o == target || CoverBonus(o.Stature, target.Stature) <= best {
			continue
		}
		tin, tout, ok := rayCircle(shooter.Pos, u, o.Pos, o.Radius)
		if !ok || tout-tin <= Epsilon || tout < 0 || tin > l || min(tout, l) <= zoc {
			continue
		}
		best = CoverBonus(o.Stature, target.Stature)
	}
	return best
}
