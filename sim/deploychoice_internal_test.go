package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// deployTestPlayer makes the player of two ready-made lists on a ready-made
// scenario with the deployments modes.
func deployTestPlayer(t *testing.T, a, b, scenario string, modes [2]DeployMode) *SkirmishPlayer {
	t.Helper()
	sides := listSides(t, a, b)
	var sc *profiles.Scenario
	for _, x := range profiles.DefaultScenarios() {
		if x.Name == scenario {
			sc = x
		}
	}
	if sc == nil {
		t.Fatalf("no ready-made scenario %q", scenario)
	}
	tbl, err := field.FromScenario(sc)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := (&Skirmish{Sides: sides, Field: tbl, Deployment: sc.Deployment, Rounds: sc.Rounds, Objectives: sc.Objectives, Deploy: modes}).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// TestDeployChosenPlaces checks every block candidate of the chosen
// deployment, each side deploying first and second, on the ready-made scenarios' tables:
// each Safar (but those in ambush, off the table) stands wholly inside its
// side's deployment strip, 3 toises deep along its table edge (seed 004 line
// 467, R-FR; seed 000 lines 544-546), where it fits (on the table, on no
// obstacle nor base); the shooters stand behind all the melee fighters of
// their side; in a block by weight the leader stands in the middle of its
// melee fighters, its aura over as many on each side (the fixed deployment
// puts kharns-300's leader, paladin-3, at the left end: x = 1.9).
func TestDeployChosenPlaces(t *testing.T) {
	pairs := [][2]string{{"kharns-300", "black-guild-300"}, {"gouns-400", "fangs-400"}, {"kherops-400", "tembos-400"}}
	for _, pair := range pairs {
		pl := deployTestPlayer(t, pair[0], pair[1], "open ground", [2]DeployMode{})
		e := pl.e
		for _, sc := range profiles.DefaultScenarios() {
			tbl, err := field.FromScenario(sc)
			if err != nil {
				t.Fatal(err)
			}
			e.field = tbl
			depth := sc.StripDepth()
			sizes := [2]int{e.sideSize[0], e.sideSize[1]}
			at := [2]int{0, sizes[0]}
			for cand, c := range deployCandidates {
				if c.fixed {
					continue
				}
				for first := range 2 {
					e.start = make([]field.Vec, len(e.c))
					for _, s := range [2]int{first, 1 - first} {
						if err := e.deployChosen(s, at[s], sizes[s], depth, s != first, nil, c); err != nil {
							t.Fatalf("%s, %v, candidate %d: %v", sc.Name, pair, cand, err)
						}
					}
					var bases []field.Base
					for i := range e.c {
						if !hasAmbush(e.c[i].f) {
							bases = append(bases, field.NewBase(e.start[i], e.c[i].f.Profile.Stature))
						}
					}
					for i := range e.c {
						if hasAmbush(e.c[i].f) {
							continue
						}
						b := field.NewBase(e.start[i], e.c[i].f.Profile.Stature)
						lo, hi := field.Strip(e.field.Width, e.field.Height, depth, e.c[i].side)
						if b.Pos.Y-b.Radius < lo.Y-1e-9 || b.Pos.Y+b.Radius > hi.Y+1e-9 || b.Pos.X-b.Radius < lo.X-1e-9 || b.Pos.X+b.Radius > hi.X+1e-9 {
							t.Errorf("%s, %v, candidate %d, side %s first: %s at %v is outside its strip %v-%v", sc.Name, pair, cand, sideName(first), e.labels[i], b.Pos, lo, hi)
						}
						var others []field.Base
						for _, o := range bases {
							if o.Pos != b.Pos {
								others = append(others, o)
							}
						}
						if !e.field.Fits(b, others) {
							t.Errorf("%s, %v, candidate %d: %s at %v does not fit", sc.Name, pair, cand, e.labels[i], b.Pos)
						}
					}
					for s := range 2 {
						ahead := 1.0
						if s == 1 {
							ahead = -1
						}
						for i := at[s]; i < at[s]+sizes[s]; i++ {
							if e.c[i].f.Ranged == nil || hasAmbush(e.c[i].f) {
								continue
							}
							for k := at[s]; k < at[s]+sizes[s]; k++ {
								if e.c[k].f.Ranged == nil && !hasAmbush(e.c[k].f) && (e.start[k].Y-e.start[i].Y)*ahead <= 0 {
									t.Errorf("%s, %v, candidate %d: shooter %s at %v is not behind %s at %v", sc.Name, pair, cand, e.labels[i], e.start[i], e.labels[k], e.start[k])
								}
							}
						}
						l := e.leader[s]
						if !c.byWeight || l < 0 || e.c[l].f.Ranged != nil {
							continue
						}
						left, right := 0, 0
						for k := at[s]; k < at[s]+sizes[s]; k++ {
							if k != l && e.c[k].f.Ranged == nil && !hasAmbush(e.c[k].f) {
								if e.start[k].X < e.start[l].X {
									left++
								} else {
									right++
								}
							}
						}
						if d := left - right; d < -1 || d > 1 {
							t.Errorf("%s, %v, candidate %d: leader %s has %d melee Safars on its left, %d on its right: not in the middle", sc.Name, pair, cand, e.labels[l], left, right)
						}
					}
				}
			}
		}
	}
}

// TestDeployChosenOrder checks who deploys first and what the side deploying
// second does. kherops-400 (levels 3+2+2+1+1 = 9) against kharns-300
// (3+2+1+1 = 7): side A has the initiative, deploys first and starts (seed 000
// line 534, seed 004 line 455; R15), so every battle starts from the layout
// of A deploying first. Side B, chosen against side A fixed, deploys second
// and takes the candidate that does best against A's layout (deployValue:
// side A's share lowest).
func TestDeployChosenOrder(t *testing.T) {
	pl := deployTestPlayer(t, "kherops-400", "kharns-300", "open ground", [2]DeployMode{DeployFixed, DeployChosen})
	e := pl.e
	var lv [2]int
	for i := range e.c {
		lv[e.c[i].side] += e.c[i].f.Profile.Level
	}
	if lv[0] <= lv[1] {
		t.Fatalf("levels %v: want side A ahead", lv)
	}
	pl.Play(rand.NewPCG(1, 2))
	if &e.start[0] != &e.deployed[SideA][0] {
		t.Errorf("a battle started from the layout of B deploying first; A has the initiative")
	}
	got := e.deployed[SideA]
	vGot := e.deployValue(got, SideA)
	depth := float64(field.DeploymentDepth)
	for cand, c := range deployCandidates {
		e.start = make([]field.Vec, len(e.c))
		if err := e.deploy(0, 0, e.sideSize[0], depth); err != nil {
			t.Fatal(err)
		}
		var err error
		if c.fixed {
			err = e.deploy(1, e.sideSize[0], e.sideSize[1], depth)
		} else {
			err = e.deployChosen(1, e.sideSize[0], e.sideSize[1], depth, true, nil, c)
		}
		if err != nil {
			t.Fatal(err)
		}
		e.deployScouts(depth)
		if v := e.deployValue(e.start, SideA); v < vGot {
			t.Errorf("candidate %d leaves side A %.3f of its battles, less than B's chosen layout (%.3f): B did not choose its best", cand, v, vGot)
		}
	}
	for i := range e.c[:e.sideSize[0]] {
		if got[i] != e.deployed[SideB][i] && e.deployed[SideB] != nil {
			// Side A is fixed: its places do not depend on the order.
			t.Errorf("side A's fixed places differ between the orders: %v and %v", got[i], e.deployed[SideB][i])
		}
	}
}

// TestDeployFixedOneLayout checks that two fixed sides keep the one layout of
// engine.deploy for both orders (results before sim/deploychoice.go
// reproduced: the skirmish goldens of cmd/kharn).
func TestDeployFixedOneLayout(t *testing.T) {
	pl := deployTestPlayer(t, "kharns-300", "black-guild-300", "open ground", [2]DeployMode{})
	e := pl.e
	if &e.deployed[0][0] != &e.deployed[1][0] {
		t.Errorf("fixed deployment: two layouts, want one")
	}
	// kharns-300's four melee Safars spread across the 15-toise table in list
	// order: centres at 15 x (m + 0.5) / 4.
	for m := range 4 {
		if want := 15 * (float64(m) + 0.5) / 4; e.start[m].X < want-1e-9 || e.start[m].X > want+1e-9 {
			t.Errorf("fixed: A%d at x = %.3f, want %.3f", m+1, e.start[m].X, want)
		}
	}
}

// TestDeployChosenReplayAllocFree checks that battles from chosen layouts
// allocate nothing once the caches are warm, and that two clones replay the
// same battles from the same seed (the layouts are chosen once, before any
// worker starts).
func TestDeployChosenReplayAllocFree(t *testing.T) {
	pl := deployTestPlayer(t, "gouns-300", "fangs-300", "open ground", [2]DeployMode{DeployChosen, DeployChosen})
	a, b := pl.Clone(), pl.Clone()
	for n := range 50 {
		ra, rb := rand.NewPCG(5, uint64(n)), rand.NewPCG(5, uint64(n))
		x, y := a.Play(ra), b.Play(rb)
		if x.Winner != y.Winner || x.Rounds != y.Rounds || x.Krowns != y.Krowns {
			t.Fatalf("battle %d: clones differ: %+v and %+v", n, x, y)
		}
	}
	if allocsRaceEnabled {
		return // the race detector allocates
	}
	if n := WarmAllocs(pl, 200); n != 0 {
		t.Errorf("battle from a chosen deployment: %v allocations per battle, want 0", n)
	}
}

// TestDeployValueFirst checks that the battles weighing a layout for the side
// that deploys first all let that side activate first, as every battle from
// that layout does (kharns-300 against itself: levels tied, R15's roll would
// give side A the start in about half of them).
func TestDeployValueFirst(t *testing.T) {
	pl := deployTestPlayer(t, "kharns-300", "kharns-300", "open ground", [2]DeployMode{})
	e := pl.e
	var tr strings.Builder
	e.deployFirst = int8(SideB) + 1
	pl.SetTrace(&tr)
	for n := range 20 {
		pl.Play(rand.NewPCG(uint64(n), 9))
	}
	pl.SetTrace(nil)
	e.deployFirst = 0
	if a, b := strings.Count(tr.String(), "side A starts."), strings.Count(tr.String(), "side B starts."); a != 0 || b != 20 {
		t.Errorf("weighing B's layout: side A starts %d battles, B %d; want 0 and 20", a, b)
	}
}
