package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// coverEngine returns the goun shaman (A, spirit-of-the-stone), an allied
// mongo warrior (A) 1 toise from it, and a guild crossbowman (B) 2 toises from
// the warrior on open ground.
func coverEngine(t *testing.T) (*engine, *castOption) {
	t.Helper()
	e := effectEngine(t, []string{"goun-shaman-2", "mongo-warrior-2", "guild-crossbowman-2"}, []int{SideA, SideA, SideB})
	e.place(0, 3)
	e.place(1, 3+e.c[0].radius+1+e.c[1].radius)
	e.place(2, e.c[1].pos.X+e.c[1].radius+2+e.c[2].radius)
	e.c[0].pos.Y -= 3 // off the line of the shots at the warrior
	return e, e.option(t, 0, 1, "spirit-of-the-stone", 15)
}

// TestSpellCover checks spirit-of-the-stone (defensive-buff, "the ally counts
// as behind cover of its stature + 1"; sim/magic_cover.go): on open ground the
// warrior has no cover against the crossbowman; under the spell it has the
// cover bonus of an obstacle one stature above its own (seed 000 lines 940-946:
// 3), until the end of its next activation (seed 000 line 1518); the shot
// tables the policy reads lose damage behind it, the cast is worth that loss
// before it is on and nothing once it is; and sampled shots hit it less often
// under the spell (disjoint 99.99% Wilson intervals). The trace names it.
func TestSpellCover(t *testing.T) {
	e, stone := coverEngine(t)
	if stone.level.Cover != 1 {
		t.Fatalf("spirit-of-the-stone cover %d, want 1", stone.level.Cover)
	}
	if c := e.cover(2, 1); c != 0 {
		t.Fatalf("cover %d on open ground", c)
	}
	st := e.c[1].f.Profile.Stature
	want := field.CoverBonus(st+1, st)
	if want != 3 {
		t.Fatalf("CoverBonus(%d, %d) = %d, want 3 (an obstacle taller than the target)", st+1, st, want)
	}
	open := e.magic.shotThreat[coverKey{int8(e.c[1].kind), int8(e.c[2].kind), 0}]
	behind := e.magic.shotThreat[coverKey{int8(e.c[1].kind), int8(e.c[2].kind), int8(want)}]
	if !(behind[0] < open[0]) || open[0] <= 0 {
		t.Fatalf("shot threat in the open %.3f, behind cover %.3f", open[0], behind[0])
	}
	e.c[1].ap = 0
	if w := e.effectWorth(0, 1, stone); w < open[0]-behind[0]-1e-9 || w <= 0 {
		t.Errorf("worth %.3f, want the shots' loss %.3f", w, open[0]-behind[0])
	}
	e.applyEffect(0, 1, stone)
	if c := e.cover(2, 1); c != want {
		t.Errorf("cover %d under the spell, want %d", c, want)
	}
	if w := e.effectWorth(0, 1, stone); w != 0 {
		t.Errorf("recasting worth %.3f, want 0", w)
	}
	if c := e.cover(2, 0); c != 0 {
		t.Errorf("the caster has cover %d, the spell was on the warrior", c)
	}
	e.effectsAtEnd(0)
	if e.cover(2, 1) != want {
		t.Error("the cover ended at the end of another's activation")
	}
	e.effectsAtEnd(1)
	if c := e.cover(2, 1); c != 0 {
		t.Errorf("cover %d after the warrior's activation", c)
	}

	// Sampled shots with and without the spell.
	shot := -1
	for k, o := range e.opts[e.c[2].kind][e.c[1].kind] {
		if o.shot && o.pos == posNone && (shot < 0 || o.attack.AP < e.opts[e.c[2].kind][e.c[1].kind][shot].attack.AP) {
			shot = k
		}
	}
	if shot < 0 {
		t.Fatal("no shot of the crossbowman")
	}
	r := rand.NewPCG(14, 8)
	const n = 20000
	var hit [2]int
	for spell := range 2 {
		for range n {
			e.reset()
			e.round = 1
			e.place(0, 3)
			e.place(1, 3+e.c[0].radius+1+e.c[1].radius)
			e.place(2, e.c[1].pos.X+e.c[1].radius+2+e.c[2].radius)
			e.c[0].pos.Y -= 3
			e.c[2].ap, e.c[2].ranged = 4, true
			if spell == 1 {
				e.applyEffect(0, 1, stone)
			}
			hp := e.c[1].hp
			if !e.attack(r, 2, action{kind: actAttack, opt: shot, target: 1}) && e.c[2].ap == 4 {
				b, ok := e.band(2, 1, e.opts[e.c[2].kind][e.c[1].kind][shot].weapon)
				t.Fatalf("the crossbowman did not shoot: band %d %v ranged %v loaded %d ammo %d engaged %v gap %.2f", b, ok, e.c[2].ranged, e.c[2].loaded, e.c[2].ammo, e.engagedAny(2), e.gap(1, 2))
			}
			if e.c[1].hp < hp {
				hit[spell]++
			}
		}
	}
	lo0, _ := stats.Wilson(hit[0], n, 0.9999)
	_, hi1 := stats.Wilson(hit[1], n, 0.9999)
	if hi1 >= lo0 {
		t.Errorf("shots that hurt: %d of %d in the open, %d under the spell: not significantly fewer", hit[0], n, hit[1])
	}
	t.Logf("shots that hurt: %d of %d in the open, %d of %d under spirit-of-the-stone", hit[0], n, hit[1], n)

	var b strings.Builder
	e.trace = &b
	e.reset()
	e.round = 1
	e.c[0].ap = 4
	for range 40 {
		e.c[0].spells = spellState{}
		e.c[0].ap = 4
		if e.cast(r, 0, action{kind: actCast, opt: optIndex(t, e, 0, stone), target: 1}); e.c[1].fx.cover > 0 {
			break
		}
	}
	if !strings.Contains(b.String(), "in cover of its stature +1 against shots (target-next-activation)") {
		t.Errorf("trace lacks the cover:\n%s", b.String())
	}
}

// optIndex returns the index of option o among Safar i's cast options.
func optIndex(t *testing.T, e *engine, i int, o *castOption) int {
	t.Helper()
	for oi := range e.magic.opts[e.c[i].kind] {
		if &e.magic.opts[e.c[i].kind][oi] == o {
			return oi
		}
	}
	t.Fatal("option not found")
	return -1
}
