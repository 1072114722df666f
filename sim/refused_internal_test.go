package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestRefusedAssaultOpenGround: on open ground (no terrain), A1 stands 1.05
// toises from B1, within a walk and an assault, but A2 stands between them,
// its base against A1's: A1's walk toward B1 goes nowhere (straight and every
// sidestep run into A2), so the assault's walk cannot bring B1 within reach
// and engine.attack refuses it (R8: an assault ends in contact; seed 000
// line 707, seed 004 line 634). B2 stands to the side, as near, its way clear.
// Before, engine.assaultWalks looked only on tables with terrain: the default
// policy ranked B1 first by its assault, chose it, the refusal ended the
// activation and A1 did nothing. Now the assault whose walk does not reach is
// neither offered nor chosen: A1 assaults B2.
func TestRefusedAssaultOpenGround(t *testing.T) {
	e := posEngine(t, "kherops-warrior-1", "kherops-warrior-1")
	if len(e.field.Terrain) != 0 {
		t.Fatalf("%d terrain pieces: want open ground", len(e.field.Terrain))
	}
	r0 := e.c[0].radius
	a1 := field.Vec{X: 7.5, Y: 5}
	e.c[0].pos = a1
	e.c[1].pos = field.Vec{X: 7.5, Y: 5 + 2*r0}                        // A2, against A1
	e.c[2].pos = field.Vec{X: 7.5, Y: 5 + 3*r0 + e.c[2].radius + 0.05} // B1, behind A2
	e.c[3].pos = field.Vec{X: 7.5 + r0 + e.c[3].radius + 1.05, Y: 5}   // B2, to the side
	for _, j := range []int{2, 3} {
		if g := e.gap(0, j); g <= e.reach(0) || g > e.assaultReach(0) {
			t.Fatalf("gap to %d: %.2f, want within the assault reach %.2f and beyond the reach %.2f", j, g, e.assaultReach(0), e.reach(0))
		}
	}
	if e.assaultWalks(0, 2) {
		t.Errorf("assaultWalks(A1, B1) behind A2 = true, want false")
	}
	if !e.assaultWalks(0, 3) {
		t.Errorf("assaultWalks(A1, B2) = false, want true")
	}
	e.round = 1
	e.activate(rand.NewPCG(3, 4), 0)
	c := &e.c[0]
	if c.attacks == 0 {
		t.Errorf("A1's activation: no attack (at %v, %d AP left): the refused assault ended it", c.pos, c.ap)
	}
	if e.gap(0, 3) > e.reach(0)+1e-9 {
		t.Errorf("A1 ends %.2f toises from B2: want in contact after its assault", e.gap(0, 3))
	}
}

// scripted is a side policy that plays its actions in turn, then ends the
// activation; it counts how often it was asked.
type scripted struct {
	defaultPolicy
	acts  []action
	asked int
}

func (s *scripted) act(e *engine, i int, r *rand.PCG) action {
	s.asked++
	if s.asked > len(s.acts) {
		return action{kind: actEnd}
	}
	return s.acts[s.asked-1]
}

// TestRefusedAssaultGoesOn: in the position of TestRefusedAssaultOpenGround,
// a policy that still chooses the assault on B1 (behind A2) has it refused by
// engine.attack before anything is paid; the activation goes on and the
// policy is asked again: its assault on B2 is played. The same refused
// assault chosen twice in a row ends the activation. Before, the first
// refusal ended it.
func TestRefusedAssaultGoesOn(t *testing.T) {
	e := posEngine(t, "kherops-warrior-1", "kherops-warrior-1")
	opt := -1
	for k, o := range e.opts[e.c[0].kind][e.c[2].kind] {
		if !o.shot && o.attack.AP == 1 {
			opt = k
			break
		}
	}
	if opt < 0 {
		t.Fatal("no 1-AP melee attack")
	}
	place := func() {
		e.reset()
		e.round = 1
		r0 := e.c[0].radius
		e.c[0].pos = field.Vec{X: 7.5, Y: 5}
		e.c[1].pos = field.Vec{X: 7.5, Y: 5 + 2*r0}
		e.c[2].pos = field.Vec{X: 7.5, Y: 5 + 3*r0 + e.c[2].radius + 0.05}
		e.c[3].pos = field.Vec{X: 7.5 + r0 + e.c[3].radius + 1.05, Y: 5}
	}
	b1 := action{kind: actAssault, opt: opt, target: 2}
	b2 := action{kind: actAssault, opt: opt, target: 3}
	for _, tc := range []struct {
		name    string
		acts    []action
		attacks int
		asked   int
	}{
		{"B1 refused, then B2", []action{b1, b2}, 1, 3},
		{"B1 refused twice", []action{b1, b1, b2}, 0, 2},
	} {
		place()
		s := &scripted{acts: tc.acts}
		e.policies[0] = s
		e.activate(rand.NewPCG(3, 4), 0)
		if c := &e.c[0]; c.attacks != tc.attacks || s.asked != tc.asked {
			t.Errorf("%s: %d attacks, policy asked %d times; want %d, %d", tc.name, c.attacks, s.asked, tc.attacks, tc.asked)
		}
	}
}
