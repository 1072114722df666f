package field

import "testing"

// TestLeapWalk checks Leap X (skills.md #22: "crosses obstacles up to X toises
// high or long, and Safars of stature <= X, without being slowed") on straight
// walks of 5 toises from (2, 2) toward (2, 14), French terrain (R-FR): each
// case with the plain walk's end (Walk) and the leaper's (LeapWalk, Leap 4 or
// 2). Without the skill the tall wall stops the walk at its foot (seed 000
// lines 721-732, climbing needed above 1.5 toises), a base stops it in
// contact, difficult ground takes 2 off velocity (seed 004 line 590).
func TestLeapWalk(t *testing.T) {
	s3 := func(x, y float64) Base { return NewBase(Vec{x, y}, 3) }
	tests := []struct {
		name       string
		terrain    []Terrain
		others     []Base
		leap       float64
		walk, jump Vec
	}{
		// A 2-toise wall at y 5-6: the walk stops at 4.5; Leap 4 goes on to 7.
		{"wall of 2 under Leap 4", []Terrain{wall(Cover, 2, 5, 1)}, nil, 4, Vec{2, 4.5}, Vec{2, 7}},
		// Higher than the leap: stopped as before.
		{"wall of 3 over Leap 2", []Terrain{wall(Cover, 3, 5, 1)}, nil, 2, Vec{2, 4.5}, Vec{2, 4.5}},
		// Impassable terrain is no obstacle a leap crosses.
		{"impassable", []Terrain{wall(Impassable, 1, 5, 1)}, nil, 4, Vec{2, 4.5}, Vec{2, 4.5}},
		// A wall whose far side is beyond the walk: the leap may not end on it,
		// it stops at its foot.
		{"lands before a thick wall", []Terrain{wall(Cover, 2, 5, 3)}, nil, 4, Vec{2, 4.5}, Vec{2, 4.5}},
		// A stature 3 base at (2, 5): stopped in contact at 4; Leap 4 passes
		// over it (stature 3 <= 4), Leap 2 does not.
		{"base of stature 3 under Leap 4", nil, []Base{s3(2, 5)}, 4, Vec{2, 4}, Vec{2, 7}},
		{"base of stature 3 over Leap 2", nil, []Base{s3(2, 5)}, 2, Vec{2, 4}, Vec{2, 4}},
		// Landing on a base is not allowed: it stops in contact before it.
		{"lands before a base", nil, []Base{s3(2, 7.5)}, 4, Vec{2, 6.5}, Vec{2, 6.5}},
		// 1 toise of difficult ground at y 3-4: 1 toise, then 1 for 5/3 of the
		// budget (a toise costs 5/(5-2) there), then 7/3: y 6.33. Leap 2
		// crosses it unslowed: y 7. A stretch of 3 toises is too long for Leap
		// 2: 1 toise, then 4/(5/3) = 2.4 inside, y 5.4, both ways.
		{"narrow difficult strip", []Terrain{wall(Difficult, 0, 3, 1)}, nil, 2, Vec{2, 4 + 7.0/3}, Vec{2, 7}},
		{"wide difficult strip", []Terrain{wall(Difficult, 0, 3, 3)}, nil, 2, Vec{2, 5.4}, Vec{2, 5.4}},
	}
	for _, tt := range tests {
		f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: tt.terrain}
		from, to := s3(2, 2), Vec{2, 14}
		if got := f.Walk(from, to, 5, tt.others); !nearVec(got, tt.walk) {
			t.Errorf("%s: Walk = %v, want %v", tt.name, got, tt.walk)
		}
		if got := f.LeapWalk(from, to, 5, tt.others, tt.leap); !nearVec(got, tt.jump) {
			t.Errorf("%s: LeapWalk = %v, want %v", tt.name, got, tt.jump)
		}
	}
}

// TestWalkWater checks deep water (seed 000 line 654, seed 004 line 589:
// velocity divided by 2, in both rulebooks, whatever HalveDifficult says): a
// walk of 5 from y 2 reaches the water at y 4 after 2 toises, then covers 1.5
// toises in it.
func TestWalkWater(t *testing.T) {
	for _, halve := range []bool{false, true} {
		f := Field{Width: KharnAgesSize, Height: KharnAgesSize, Terrain: []Terrain{wall(Water, 0, 4, 4)}, HalveDifficult: halve}
		if got := f.Walk(NewBase(Vec{2, 2}, 3), Vec{2, 14}, 5, nil); !nearVec(got, Vec{2, 5.5}) {
			t.Errorf("halve %v: Walk = %v, want (2, 5.5)", halve, got)
		}
		if !f.On(Vec{2, 5}, Water) || f.On(Vec{2, 9}, Water) {
			t.Errorf("On water wrong")
		}
	}
	if Water.String() != "water" {
		t.Errorf("Water.String() = %q", Water.String())
	}
}
