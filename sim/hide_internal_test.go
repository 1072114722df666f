package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestHiding checks the generic action Hiding (seed 000 lines 1177-1181,
// seed 004 lines 1214-1216): "A Safar in contact with a scenery element
// which measures at least half of his stature can decide to hide behind it.
// From this moment on, he cannot be targeted by any Safar who does not have
// a clear line of sight on him. The Safar must not be engaged." A paladin-2
// (stature 4) stands against a wall 2 toises high (half its stature) that
// lies between it and a goun hunter with a bow 6 toises away, which can shoot
// it over the wall (the wall, lower than the taller Safar's height, only
// gives cover). The default policy would hide with its last AP (hideWorth);
// once hidden, the hunter can no longer shoot it nor plan an assault on it,
// a second hunter on its side of the wall still can, and its next voluntary
// action ends the hiding. A wall of 1.5 toises is too low; an engaged Safar
// cannot hide.
func TestHiding(t *testing.T) {
	for _, height := range []float64{2, 1.5} {
		pal, bow := fighterWith(t, "paladin-2"), fighterWith(t, "goun-hunter-1")
		sk := &Skirmish{Sides: [2]Spearhead{
			{Safars: []*Fighter{pal}, Costs: make([]int, 1), Leader: -1},
			{Safars: []*Fighter{bow, bow}, Costs: make([]int, 2), Leader: -1},
		}, Field: field.Field{Width: 15, Height: 15, Terrain: []field.Terrain{
			{Kind: field.Cover, Height: height, Rect: field.Rect{X: 5, Y: 7, W: 5, H: 0.5}}}}}
		pl, err := sk.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		e := pl.e
		e.reset()
		p := &e.c[0]
		p.pos, p.ap = field.Vec{X: 7.5, Y: 7 - p.radius}, 1 // against the wall's near face
		e.c[1].pos = field.Vec{X: 7.5, Y: 13.5}             // beyond the wall
		e.c[2].pos = field.Vec{X: 13.5, Y: 2}               // on the paladin's side
		if _, ok := e.band(1, 0, bow.Ranged); !ok {
			t.Fatalf("wall %g: the hunter cannot shoot the paladin before it hides", height)
		}
		worth := e.hideWorth(0)
		if height < 2 {
			if worth || e.hide(0) {
				t.Errorf("wall %g, lower than half the stature 4: the paladin hides", height)
			}
			continue
		}
		if !worth {
			t.Fatalf("wall %g: the default policy would not hide from the hunter's shot", height)
		}
		if !e.do(rand.NewPCG(1, 1), 0, action{kind: actHide}) || p.ap != 0 || p.behind != 1 {
			t.Fatalf("hiding: AP left %d, behind %d; want 0 and the wall", p.ap, p.behind)
		}
		if _, ok := e.band(1, 0, bow.Ranged); ok {
			t.Error("hidden: the hunter beyond the wall can still shoot it")
		}
		if e.targetValue(1, 0, nil, false) > unreachable/2 {
			t.Error("hidden: the hunter beyond the wall still values an attack on it")
		}
		if _, ok := e.band(2, 0, bow.Ranged); !ok {
			t.Error("hidden: the hunter on its side of the wall cannot shoot it")
		}
		p.ap = 3
		e.do(rand.NewPCG(1, 1), 0, action{kind: actToward, target: 2})
		if p.behind != 0 {
			t.Error("the paladin walked off and still hides")
		}
		// Engaged, it cannot hide: the first hunter in contact.
		p.pos, p.ap = field.Vec{X: 7.5, Y: 7 - p.radius}, 2
		e.c[2].pos = field.Vec{X: 7.5 - p.radius - e.c[2].radius, Y: 7 - p.radius}
		if e.hideWorth(0) || e.hide(0) {
			t.Error("an engaged Safar hides")
		}
	}
}
