package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// fighterOf returns the Safar of profile id of the embedded data with its card's
// equipment.
func fighterOf(t *testing.T, id string) *Fighter {
	t.Helper()
	ds := profiles.Default()
	p, err := ds.Profile(id)
	if err != nil {
		t.Fatal(err)
	}
	lo, err := ds.Equip(p, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return NewFighter(p, lo.Items(ds))
}

// TestSupporters checks who supports whom in a melee (R8, seed 000 lines 790-794
// and 1112-1114): an ally fit for battle, engaged with the enemy and with no other
// enemy. Two paladin-2 (A1, A2) and two kherops-warrior-1 (B1, B2) are placed by
// hand on the table.
func TestSupporters(t *testing.T) {
	a, b := fighterOf(t, "paladin-2"), fighterOf(t, "kherops-warrior-1")
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{a, a}, Costs: []int{90, 90}, Leader: -1},
		{Safars: []*Fighter{b, b}, Costs: []int{48, 48}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
	e := pl.e
	e.reset()
	r := e.c[0].radius + e.c[2].radius         // bases in contact
	e.c[2].pos = field.Vec{X: 7.5, Y: 7.5}     // B1
	e.c[0].pos = field.Vec{X: 7.5 - r, Y: 7.5} // A1, in contact with B1
	e.c[1].pos = field.Vec{X: 7.5 + r, Y: 7.5} // A2, in contact with B1 on the other side
	e.c[3].pos = field.Vec{X: 2, Y: 2}         // B2, far away
	st := e.c[1].f.Profile.Stature
	if n, s := e.supporters(0, 2); n != 1 || s != st {
		t.Errorf("A1 against B1: %d supporters (statures %d), want A2: 1 (%d)", n, s, st)
	}
	if n, _ := e.supporters(2, 0); n != 0 {
		t.Errorf("B1 against A1: %d supporters, want 0", n)
	}
	// A2 engaged with B2 too: no longer a supporter.
	e.c[3].pos = field.Vec{X: 7.5 + r, Y: 7.5 + e.c[1].radius + e.c[3].radius}
	if n, _ := e.supporters(0, 2); n != 0 {
		t.Errorf("A2 also engaged with B2: %d supporters of A1, want 0", n)
	}
	e.c[3].pos = field.Vec{X: 2, Y: 2}
	// A2 stunned: unfit for battle, no support.
	e.c[1].stunned = true
	if n, _ := e.supporters(0, 2); n != 0 {
		t.Errorf("A2 stunned: %d supporters of A1, want 0", n)
	}
	e.c[1].stunned = false
	// A2 a toise away: not engaged with B1, no support.
	e.c[1].pos = field.Vec{X: 7.5 + r + 1, Y: 7.5}
	if n, _ := e.supporters(0, 2); n != 0 {
		t.Errorf("A2 out of contact: %d supporters of A1, want 0", n)
	}
}

// TestRepelWithSupporters checks R10 with supporters (seed 000 lines 814 and
// 866-870, seed 004 lines 809-813): a C effect repels when the winner's stature
// plus its supporters' is at least the loser's; a smaller winner repels with CC,
// C/2, only when it has no supporter.
func TestRepelWithSupporters(t *testing.T) {
	small, big := fighterOf(t, "fang-prowler-1"), fighterOf(t, "tembo-elder-3")
	ws, ls := small.Profile.Stature, big.Profile.Stature
	if ws+1 >= ls || big.Skills.Stable {
		t.Fatalf("statures %d and %d, stable %v: want a smaller winner against a loser without Stable", ws, ls, big.Skills.Stable)
	}
	c := float64(small.Stats().C)
	for _, k := range []struct {
		name string
		n    int
		rs   repelSide
		want float64
	}{
		{"lone smaller winner, one C", 1, repelSide{}, 0},
		{"lone smaller winner, CC", 2, repelSide{}, c / 2},
		{"winner with supporters reaching the loser's stature, one C", 1, repelSide{supported: true, stature: ls - ws}, c / 2},
		{"winner with supporters reaching the loser's stature, CC", 2, repelSide{supported: true, stature: ls - ws}, c},
		// Seed 000 line 870: "If the winner doesn't have any supporter and his
		// stature is lower": with a supporter, still smaller, nothing.
		{"smaller winner with a supporter, CC", 2, repelSide{supported: true, stature: 1}, 0},
	} {
		if d := repel(small, big, k.n, k.rs); d != k.want {
			t.Errorf("%s: repelled %v, want %v", k.name, d, k.want)
		}
	}
}

// TestRepelStable checks Stable (R-FR): by default (seed 004 line 1580) a Stable
// Safar is repelled only by a Safar of strictly larger stature; under the
// english option (seed 000 line 1664) it is never repelled by a strictly larger
// one; on slippery ground Stable has no effect (seed 000 line 653, seed 004 line
// 588). Repelment does not work on it (seed 000 line 1646).
func TestRepelStable(t *testing.T) {
	p := func(id string, stature, c int, skills ...string) *Fighter {
		pr := &profiles.Profile{ID: id, Level: 1, Stats: profiles.Stats{V: 3, P: 3, A: 3, C: c}, Stature: stature, AP: 3, HP: 6}
		for _, s := range skills {
			pr.Skills = append(pr.Skills, profiles.Skill{Name: s})
		}
		return NewFighter(pr, nil)
	}
	stable := p("stable", 3, 4, "stable")
	equal, larger := p("equal", 3, 4), p("larger", 4, 4, "repelment")
	for _, k := range []struct {
		name   string
		winner *Fighter
		rs     repelSide
		want   float64
	}{
		{"french, equal stature", equal, repelSide{}, 0},
		{"french, strictly larger (Repelment ignored)", larger, repelSide{}, 2},
		{"english, equal stature", equal, repelSide{english: true}, 2},
		{"english, strictly larger", larger, repelSide{english: true}, 0},
		{"french, equal stature on slippery ground", equal, repelSide{slippery: true}, 2},
		{"english, strictly larger on slippery ground (Repelment works)", larger, repelSide{english: true, slippery: true}, 4},
	} {
		if d := repel(k.winner, stable, 1, k.rs); d != k.want {
			t.Errorf("%s: repelled %v, want %v", k.name, d, k.want)
		}
	}
}
