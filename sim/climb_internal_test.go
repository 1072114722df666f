package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// heightsEngine returns the engine of a skirmish of a (Safar 0, side A)
// against b (Safar 1, side B) on a 15 x 15 table with terrain, reset.
func heightsEngine(t *testing.T, a, b *Fighter, terrain ...field.Terrain) *engine {
	t.Helper()
	return fieldEngine(t, a, b, field.Field{Width: 15, Height: 15, Terrain: terrain}, Variant{})
}

// fieldEngine returns the engine of a skirmish of a (Safar 0, side A, at 2, 1)
// against b (Safar 1, side B, at 12, 14) on table f under rules v, reset.
func fieldEngine(t *testing.T, a, b *Fighter, f field.Field, v Variant) *engine {
	t.Helper()
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{a}, Costs: make([]int, 1), Leader: -1},
		{Safars: []*Fighter{b}, Costs: make([]int, 1), Leader: -1},
	}, Field: f, Variant: v}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := pl.e
	e.c[0].pos, e.c[1].pos = field.Vec{X: 2, Y: 1}, field.Vec{X: 12, Y: 14}
	e.reset()
	return e
}

// placedAloft notes on e that a Safar was placed on a top by hand, as only a
// climb does in a battle (engine.elev).
func placedAloft(e *engine) { e.aloft = true }

// block is a 3 x 3 toise block of scenery h toises high, corner (6, 6).
func block(h float64) field.Terrain {
	return field.Terrain{Kind: field.Cover, Height: h, Rect: field.Rect{X: 6, Y: 6, W: 3, H: 3}}
}

// TestClimbWalk checks climbing (seed 000 lines 727-732 and 740, seed 004
// lines 654-674: "Climbing [...] 2 AP", "The movement is divided by 2",
// "mandatory as soon as an obstacle is more than 1.5 toise high", "He must
// overcome the entire obstacle during his activation", the free walk "cannot
// be used for this action", "it only counts as one movement"). A greedy-2
// (V 5, 4 AP, stature 3: a 1-toise base) walks with its free walk toward a
// foe beyond a tall piece, its base against it:
//   - onto a 2.5-toise block its foe stands on: 1 toise on the table (its
//     centre from 0.5 outside the edge to 0.5 inside) and 2.5 up, 3.5 toises
//     at V/2 = 2.5 a climbing action: 2 actions, 4 AP; one movement; on top
//     it stands at 2.5 toises and is engaged with its foe;
//   - with 3 AP it cannot overcome the block in this activation: no climb,
//     its blocked free walk spent (walks 1), its 3 AP kept;
//   - over a wall 1.75 toises high and half a toise thick (no base fits on
//     it) to its foe beyond: 1.5 toises on the table, 1.75 up and 1.75
//     down, 5 toises: 2 actions, 4 AP, ending clear of the wall at y 8.
func TestClimbWalk(t *testing.T) {
	greedy, foe := fighterWith(t, "greedy-2"), fighterWith(t, "fang-prowler-1")
	r := rand.NewPCG(1, 2)
	e := heightsEngine(t, greedy, foe, block(2.5))
	walk := func(ap int, from, to field.Vec) bool {
		e.c[0].pos, e.c[1].pos = from, to
		e.c[0].ap, e.c[0].walks = ap, 0
		return e.do(r, 0, action{kind: actToward, target: 1})
	}
	if !walk(4, field.Vec{X: 7.5, Y: 5.5}, field.Vec{X: 7.5, Y: 8}) {
		t.Fatal("onto the block: the activation stopped")
	}
	c := &e.c[0]
	if c.ap != 0 || c.walks != 1 || math.Abs(c.pos.Y-6.5) > 1e-6 || e.elev(0) != 2.5 {
		t.Errorf("onto the block: %d AP, %d walks, at %v, elevation %v; want 0 AP, 1 walk, at (7.5, 6.5), 2.5", c.ap, c.walks, c.pos, e.elev(0))
	}
	if !e.engaged(0, 1) {
		t.Errorf("onto the block: not engaged with its foe on the top (gap %v)", e.gap(0, 1))
	}

	walk(3, field.Vec{X: 7.5, Y: 5.5}, field.Vec{X: 7.5, Y: 8})
	if c.ap != 3 || c.walks != 1 || e.elev(0) != 0 {
		t.Errorf("with 3 AP: %d AP, %d walks, elevation %v; want 3 AP, 1 walk, on the ground", c.ap, c.walks, e.elev(0))
	}

	wall := field.Terrain{Kind: field.Cover, Height: 1.75, Rect: field.Rect{X: 0, Y: 7, W: 15, H: 0.5}}
	e = heightsEngine(t, greedy, foe, wall)
	c = &e.c[0]
	walk(4, field.Vec{X: 7.5, Y: 6.5}, field.Vec{X: 7.5, Y: 12})
	if c.ap != 0 || c.walks != 1 || math.Abs(c.pos.Y-8) > 1e-6 || c.pos.X != 7.5 {
		t.Errorf("over the wall: %d AP, %d walks, at %v; want 0 AP, 1 walk, at (7.5, 8)", c.ap, c.walks, c.pos)
	}
}

// TestHeightApart checks the zone of control in height (seed 004 line 560:
// "la ZDC d'un Safar s'étend à la taille de son socle en hauteur"): a Safar
// on a 2.5-toise block and one at its foot, 0.2 toise apart on the table,
// differ in height by 1.5 toises more than their 1-toise bases: their gap is
// hypot(0.2, 1.5), they are not engaged and the default policy does not try
// an assault up.
func TestHeightApart(t *testing.T) {
	e := heightsEngine(t, fighterWith(t, "greedy-2"), fighterWith(t, "fang-prowler-1"), block(2.5))
	e.c[0].pos, e.c[1].pos = field.Vec{X: 7.5, Y: 5.3}, field.Vec{X: 7.5, Y: 6.5}
	placedAloft(e)
	if g, want := e.gap(0, 1), math.Hypot(0.2, 1.5); math.Abs(g-want) > 1e-9 {
		t.Errorf("gap = %v, want %v", g, want)
	}
	if e.engaged(0, 1) || e.engaged(1, 0) || !e.apart(0, 1) {
		t.Errorf("engaged %v/%v, apart %v: want not engaged, apart", e.engaged(0, 1), e.engaged(1, 0), e.apart(0, 1))
	}
	e.c[0].ap = 4
	if a := playWell(e, 0, 1, nil, true, false); a.kind == actAssault {
		t.Errorf("playWell at the foot: an assault up the block, want none")
	}
}

// TestFallAfterRepel checks a fall (seed 000 lines 754-774, seed 004 lines
// 692-713) after a repel over the edge of a 4-toise block: a kherops
// warrior (C 5, A 2) falls from higher than its A, so the landing test is
// unintentional, C + A + 1D10 >= 10 + 2 x 4: 7 + 1D10 >= 18 never passes; it
// loses C + height = 9 HP and ends on the ground, with no collision. Pushed
// 1 toise from the middle of the top it stays there: no fall, no damage.
func TestFallAfterRepel(t *testing.T) {
	e := heightsEngine(t, fighterWith(t, "greedy-2"), fighterWith(t, "kherops-warrior-1"), block(4))
	r := rand.NewPCG(3, 4)
	o := &e.c[1]
	placedAloft(e)
	for _, tt := range []struct {
		name   string
		at     field.Vec
		dist   float64
		hp     int
		ground bool
		elev   float64
	}{
		{"over the edge", field.Vec{X: 7.5, Y: 8.4}, 2, 20 - 9, true, 0},
		{"stays on top", field.Vec{X: 7.5, Y: 7.5}, 1, 20, false, 4},
	} {
		o.hp, o.ground = 20, false
		e.c[0].pos, o.pos = field.Vec{X: 7.5, Y: tt.at.Y - 1.2}, tt.at
		e.push(r, 1, 0, tt.dist)
		if o.hp != tt.hp || o.ground != tt.ground || e.elev(1) != tt.elev {
			t.Errorf("%s: %d HP, on the ground %v, elevation %v; want %d, %v, %v", tt.name, o.hp, o.ground, e.elev(1), tt.hp, tt.ground, tt.elev)
		}
	}
	if got := e.c[0].dealt; got != 9 {
		t.Errorf("damage credited to the repelling Safar: %d, want 9", got)
	}
}

// TestJumpDown checks an intentional fall: a greedy-2 (A 5) on a 2.5-toise
// block walks toward a foe on the ground beyond its edge; the height is no
// more than its A, so it jumps down with its free walk (seed 000 line 756:
// "won't take any damage unless he rolls a CF in which case, he will take
// his C value points of damage"), landing at the block's foot, 0 AP paid,
// one movement, and loses C = 3 HP on a 1 only: over many jumps the share
// that hurt lies in the 99.99% Wilson interval of 1/10.
func TestJumpDown(t *testing.T) {
	e := heightsEngine(t, fighterWith(t, "greedy-2"), fighterWith(t, "fang-prowler-1"), block(2.5))
	r := rand.NewPCG(5, 6)
	c := &e.c[0]
	placedAloft(e)
	const n = 20000
	hurt := 0
	for range n {
		c.pos, e.c[1].pos = field.Vec{X: 7.5, Y: 7.5}, field.Vec{X: 7.5, Y: 13}
		c.ap, c.walks, c.hp = 4, 0, 9
		if !e.do(r, 0, action{kind: actToward, target: 1}) {
			t.Fatal("the activation stopped")
		}
		if c.ap != 4 || c.walks != 1 || e.elev(0) != 0 || math.Abs(c.pos.Y-9.5) > 1e-6 || c.ground {
			t.Fatalf("%d AP, %d walks, elevation %v, at %v, on the ground %v; want 4 AP, 1 walk, at (7.5, 9.5) on its feet", c.ap, c.walks, e.elev(0), c.pos, c.ground)
		}
		switch c.hp {
		case 9:
		case 6:
			hurt++
		default:
			t.Fatalf("%d HP left, want 9 or 6", c.hp)
		}
	}
	if lo, hi := wilson(hurt, n); 0.1 < lo || 0.1 > hi {
		t.Errorf("hurt in %d of %d jumps: interval [%v, %v] misses 1/10", hurt, n, lo, hi)
	}
}

// TestFallRoll checks each case of the falls (seed 000 lines 754-774, seed
// 004 lines 692-713) on C 3, A 4: the share of falls that hurt, and by how
// much, within the 99.99% Wilson interval of the exact share over the
// uniform d10.
func TestFallRoll(t *testing.T) {
	tests := []struct {
		name        string
		h           float64
		intentional bool
		p           float64 // exact chance of harm
		dmg         int
		ground      bool
	}{
		// Up to A: a CF on 1 (intentional), on 1 and 2 (unintentional): C HP.
		{"intentional from A", 4, true, 0.1, 3, false},
		{"unintentional from 2", 2, false, 0.2, 3, false},
		// Higher: C + A + 1D10 >= 10 + 5 (5 toises, intentional): 7 + d >=
		// 15, d >= 8 passes: 7 in 10 fail, C HP, on the ground.
		{"intentional from 5", 5, true, 0.7, 3, true},
		// 4.5 toises count as 5; unintentional: 7 + d >= 20 never passes:
		// C + 5 HP, on the ground.
		{"unintentional from 4.5", 4.5, false, 1, 8, true},
		// From 4.2, intentional: 7 + d >= 15 as above.
		{"intentional from 4.2", 4.2, true, 0.7, 3, true},
	}
	r := rand.NewPCG(7, 8)
	const n = 20000
	for _, tt := range tests {
		k := 0
		for range n {
			dmg, ground := fallRoll(r, 3, 4, tt.h, tt.intentional)
			switch {
			case dmg == 0 && !ground:
			case dmg == tt.dmg && ground == tt.ground:
				k++
			default:
				t.Fatalf("%s: %d HP, on the ground %v; want 0 or %d, %v", tt.name, dmg, ground, tt.dmg, tt.ground)
			}
		}
		if lo, hi := wilson(k, n); tt.p < lo || tt.p > hi {
			t.Errorf("%s: hurt in %d of %d: interval [%v, %v] misses %v", tt.name, k, n, lo, hi, tt.p)
		}
	}
}

// TestClimbNoAllocs checks that a climb, a jump and a repel over an edge do
// not allocate.
func TestClimbNoAllocs(t *testing.T) {
	e := heightsEngine(t, fighterWith(t, "greedy-2"), fighterWith(t, "fang-prowler-1"), block(2.5))
	r := rand.NewPCG(9, 10)
	allocs := testing.AllocsPerRun(100, func() {
		c := &e.c[0]
		c.pos, e.c[1].pos = field.Vec{X: 7.5, Y: 5.5}, field.Vec{X: 7.5, Y: 8}
		c.ap, c.walks = 4, 0
		e.do(r, 0, action{kind: actToward, target: 1})
		c.pos, e.c[1].pos = field.Vec{X: 7.5, Y: 7.5}, field.Vec{X: 7.5, Y: 13}
		c.ap, c.walks, c.hp = 4, 0, 9
		e.do(r, 0, action{kind: actToward, target: 1})
		e.c[1].pos, c.pos = field.Vec{X: 7.5, Y: 8.4}, field.Vec{X: 7.5, Y: 7.2}
		e.c[1].hp = 20
		e.push(r, 1, 0, 2)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per climb, jump and fall", allocs)
	}
}

// TestShotHeight checks the height modifier of shots (seed 000 lines
// 970-975, seed 004 lines 919-923: "more than 2 toises of height difference
// between the shooter and his target: If the shooter is higher than his
// target: +2. If the shooter is lower than his target: -2") in battles: a
// goun hunter on a 2.5-toise block shoots down at a Safar on the ground with
// +2 on its threshold, and that Safar shooting up at it takes -2; on a
// 2-toise block neither changes.
func TestShotHeight(t *testing.T) {
	for _, tt := range []struct {
		h          float64
		down, up   int8
		modDownAdd int
	}{{2.5, 1, -1, 2}, {2, 0, 0, 0}} {
		hunter := fighterWith(t, "goun-hunter-1")
		e := heightsEngine(t, hunter, fighterWith(t, "goun-hunter-1"), block(tt.h))
		e.c[0].pos, e.c[1].pos = field.Vec{X: 7.5, Y: 7.5}, field.Vec{X: 7.5, Y: 12}
		placedAloft(e)
		if d, u := e.shotHeight(0, 1), e.shotHeight(1, 0); d != tt.down || u != tt.up {
			t.Errorf("block %v: shot heights %d down, %d up; want %d, %d", tt.h, d, u, tt.down, tt.up)
		}
		k := lastOption(t, e, "1 AP shot", func(o *fightOption) bool { return o.shot && o.attack.AP == 1 })
		opt := &e.opts[e.c[0].kind][e.c[1].kind][k]
		key := planKey{att: int8(e.c[0].kind), def: int8(e.c[1].kind), opt: int16(k), band: bandEffective}
		level := e.plan(key, 0, opt).mainMod
		key.height = e.shotHeight(0, 1)
		if got := e.plan(key, 0, opt).mainMod - level; got != tt.modDownAdd {
			t.Errorf("block %v: the shot down adds %d to the threshold, want %d", tt.h, got, tt.modDownAdd)
		}
		key.height = e.shotHeight(1, 0)
		if got := e.plan(key, 0, opt).mainMod - level; got != -tt.modDownAdd {
			t.Errorf("block %v: the shot up adds %d to the threshold, want %d", tt.h, got, -tt.modDownAdd)
		}
	}
}

// TestNoHidingOnTop checks that the top a Safar stands on is no piece to
// hide behind (seed 004 line 1216: "au contact d'un couvert [...] tant que ce
// couvert bloque la ligne de vue"): a goun hunter on a 2.5-toise block, a
// bowman on the ground shooting at it across the block's edge, finds nothing
// to hide behind (the segment between them crosses the block's footprint).
func TestNoHidingOnTop(t *testing.T) {
	e := heightsEngine(t, fighterWith(t, "goun-hunter-1"), fighterWith(t, "goun-hunter-1"), block(2.5))
	e.c[0].pos, e.c[1].pos = field.Vec{X: 7.5, Y: 8}, field.Vec{X: 7.5, Y: 13}
	placedAloft(e)
	if _, ok := e.band(1, 0, e.c[1].f.Ranged); !ok {
		t.Fatal("the bowman cannot shoot at the hunter on the block")
	}
	if p, n := e.hideBehind(0); p >= 0 {
		t.Errorf("on the block: hides behind piece %d from %d shooters, want none", p, n)
	}
}
