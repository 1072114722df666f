package sim

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// TestDetectAmbush checks Detecting (seed 000 lines 1137-1139: "Detecting :
// 2 AP/aura. When rolling a natural 8+, the miniature detects everything in
// its aura (miniature waiting in ambush, ...)"; seed 004 lines 1118-1120) on
// the guild cutthroat waiting in zone 5 ({5 5 10 10}, TestAmbushDeployment):
// a tembo-elder-3 (I 5, 3 level dice, no objective mastery) at the zone's centre holds the whole square
// in its aura (half diagonal 3.54 <= 5, skills.md #18), pays 2 AP, and finds
// the cutthroat, placed in its zone, exactly when its roll succeeds, at the
// rate of the exact chance of a kept die of 8+ on 3 dice, 1 - 0.7^3 (99.99%
// Wilson interval); 2 toises off the centre (a corner at 5.6 toises) it pays
// and finds nothing, success or not.
func TestDetectAmbush(t *testing.T) {
	const n = 4000
	for _, off := range []float64{0, 2} {
		found, succeeded := 0, 0
		r := rand.NewPCG(11, 12)
		e := ambushBattle(t, fighterWith(t, "tembo-elder-3"))
		for range n {
			e.reset()
			d := &e.c[2]
			if countMastery(d, FieldObjective) != 0 || d.dice != 3 || d.f.Stats().I != 5 {
				t.Fatalf("tembo-elder-3: %d objective mastery dice, %d level dice, I %d; want 0, 3, 5", countMastery(d, FieldObjective), d.dice, d.f.Stats().I)
			}
			d.pos, d.ap = field.Vec{X: 7.5 + off, Y: 7.5}, 4
			e.c[0].pos = field.Vec{X: 7.5, Y: 1}
			var buf bytes.Buffer
			e.trace = &buf
			if !e.detect(r, 2) {
				t.Fatal("detect ended the activation")
			}
			if d.ap != 2 {
				t.Fatalf("%d AP left after detecting with 4, want 2", d.ap)
			}
			ok := strings.Contains(buf.String(), "detects what is in its aura")
			c := &e.c[1]
			if ok {
				succeeded++
			}
			if !c.hidden {
				found++
				if !ok || off != 0 {
					t.Fatalf("off %v: cutthroat revealed on a failed roll or out of the aura:\n%s", off, buf.String())
				}
				if !e.zoneOf(1).contains(c.pos) || c.pos == hiddenPos {
					t.Fatalf("revealed at %v, outside its zone %v", c.pos, e.zoneOf(1))
				}
			} else if ok && off == 0 {
				t.Fatalf("a successful detection left the cutthroat hidden:\n%s", buf.String())
			}
		}
		want := 1 - math.Pow(0.7, 3)
		if lo, hi := wilson(succeeded, n); want < lo || want > hi {
			t.Errorf("off %v: %d successes of %d, 99.99%% interval [%.3f, %.3f], exact %.3f", off, succeeded, n, lo, hi, want)
		}
		if off != 0 && found != 0 {
			t.Errorf("off %v: found %d times", off, found)
		}
	}
}

// TestDetectWorth checks the default policy's use of Detecting: the tembo
// elder at the centre of zone 5, where the cutthroat is expected (halfway
// between the deployments), with AP to spare and nothing to attack, whose
// ally the kherops warrior would suffer the ambush attack, detects while
// the cutthroat is in ambush and zone 5 has not been swept; not once a
// detection swept it, not when the cutthroat is out of its ambush, not off
// the centre (no zone whole in its aura), not at a corner zone (whole in its
// aura, but not where the cutthroat is expected), not with 1 AP (the action costs 2).
func TestDetectWorth(t *testing.T) {
	setup := func() *engine {
		e := ambushBattle(t, fighterWith(t, "tembo-elder-3"), fighterWith(t, "kherops-warrior-1"))
		e.c[3].pos = field.Vec{X: 7.5, Y: 13}
		e.c[2].pos, e.c[2].ap = field.Vec{X: 7.5, Y: 7.5}, 5
		e.c[0].pos = field.Vec{X: 7.5, Y: 1}
		return e
	}
	if e := setup(); !e.detectWorth(2, true) {
		t.Fatal("at the centre of the ambush zone with 5 AP, no detection")
	} else if a := e.policies[1].act(e, 2, rand.NewPCG(1, 1)); a.kind != actDetect {
		t.Errorf("the default policy plays %v, want actDetect", a.kind)
	}
	// Alone, the tembo elder fears nothing of the cutthroat's ambush attack
	// (its counter damage exceeds the attack's damage): not worth 2 AP.
	e := ambushBattle(t, fighterWith(t, "tembo-elder-3"))
	e.c[2].pos, e.c[2].ap = field.Vec{X: 7.5, Y: 7.5}, 5
	if e.detectWorth(2, true) {
		t.Error("detects with no ally the ambush attack would hurt")
	}
	e = setup()
	e.swept[1] = 1 << 4
	if e.detectWorth(2, true) {
		t.Error("detects again in a swept zone")
	}
	e = setup()
	e.c[1].hidden = false
	e.c[1].pos = field.Vec{X: 1, Y: 1}
	if e.detectWorth(2, true) {
		t.Error("detects with no enemy in ambush")
	}
	e = setup()
	e.c[2].pos = field.Vec{X: 9.5, Y: 7.5}
	if e.detectWorth(2, true) {
		t.Error("detects with no zone whole in its aura")
	}
	e = setup()
	e.c[2].pos = field.Vec{X: 2.5, Y: 2.5} // zone 1's square whole in the aura, not the expected one
	if e.auraZones(2, 0) != 1 || e.detectWorth(2, true) {
		t.Errorf("zones %b in the aura: detects where no ambusher is expected", e.auraZones(2, 0))
	}
	e = setup()
	e.c[2].ap = 1
	if e.detectWorth(2, true) {
		t.Error("detects with 1 AP")
	}
}
