package sim

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim/field"
)

// ambushBattle returns the engine of a battle of side A (a paladin-2 and the
// guild cutthroat, whose card has Ambush) against side B, reset.
func ambushBattle(t *testing.T, b ...*Fighter) *engine {
	t.Helper()
	a := []*Fighter{fighterWith(t, "paladin-2"), fighterWith(t, "guild-cutthroat-1")}
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: a, Costs: make([]int, len(a)), Leader: -1},
		{Safars: b, Costs: make([]int, len(b)), Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.reset()
	return pl.e
}

// TestAmbushDeployment checks the deployment of Ambush (skills.md #18, seed
// 000 lines 1580-1590): the cutthroat waits in one of the nine zones, off the
// table until it acts: the default policy's zone is the centre one (zone 5,
// x and y from 5 to 10 on the 15 x 15 table), where the two deployments
// meet; the paladin without the skill stands in its strip.
func TestAmbushDeployment(t *testing.T) {
	e := ambushBattle(t, fighterWith(t, "kherops-warrior-1"))
	if !e.c[1].hidden || e.c[1].pos != hiddenPos {
		t.Fatalf("cutthroat hidden %v at %v, want in ambush off the table", e.c[1].hidden, e.c[1].pos)
	}
	if e.c[0].hidden || e.ambush[0] != -1 {
		t.Errorf("the paladin is in ambush")
	}
	if z := e.zoneOf(1); e.ambush[1] != 4 || z != (zoneRect{5, 5, 10, 10}) {
		t.Errorf("zone %d %v, want zone 5 (index 4) {5 5 10 10}", e.ambush[1]+1, z)
	}
	// Zones of side B are numbered from its own edge (the ambush card,
	// "Côté de terrain du possesseur de la figurine", line 1590).
	if z := ambushZones(15, 15, 1)[0]; z != (zoneRect{10, 10, 15, 15}) {
		t.Errorf("side B's zone 1 = %v, want {10 10 15 15}", z)
	}
}

// TestAmbushInterrupt checks the reveal of seed 000 lines 1582-1584: "an
// enemy Safar enters in the deployment zone of an ambushed miniature, in
// which case the ambushed miniature can interrupt to reveal itself and
// perform one and only one offensive action during the enemy activation".
// A kherops warrior walking into zone 5 finds the cutthroat in base contact,
// inside the zone, attacked once; the attack costs the cutthroat no AP; a
// walk that stays out of the zone reveals nothing.
func TestAmbushInterrupt(t *testing.T) {
	for _, into := range []bool{false, true} {
		e := ambushBattle(t, fighterWith(t, "kherops-warrior-1"))
		w := &e.c[2]
		w.pos, w.ap = field.Vec{X: 7.5, Y: 12.5}, 3
		e.c[0].pos = field.Vec{X: 7.5, Y: 1}
		to := field.Vec{X: 7.5, Y: 10.5} // just out of the zone
		if into {
			to = field.Vec{X: 7.5, Y: 9}
		}
		w.pos = to
		var buf bytes.Buffer
		e.trace = &buf
		e.enteredAmbush(rand.NewPCG(1, 2), 2)
		c := &e.c[1]
		if !into {
			if !c.hidden || c.attacks != 0 {
				t.Errorf("out of the zone: cutthroat hidden %v, %d attacks", c.hidden, c.attacks)
			}
			continue
		}
		if c.hidden {
			t.Fatal("the cutthroat stayed hidden when the warrior entered its zone")
		}
		// Where it came out, before its attack (a repel may move either).
		p := revealedAt(t, buf.String())
		if gap := p.Dist(to) - c.radius - w.radius; !e.zoneOf(1).contains(p) || gap > 0.06 || gap < -0.06 { // the trace rounds to 0.1
			t.Errorf("cutthroat came out at %v, gap %.3f: want in zone 5, in base contact", p, gap)
		}
		if c.attacks != 1 || c.ap != 0 {
			t.Errorf("cutthroat: %d attacks, %d AP left; want one attack at no AP", c.attacks, c.ap)
		}
	}
}

// TestAmbushNotCounted checks that a Safar in ambush "is only considered
// (account of the Spearhead levels, miniature activation) as soon as this
// miniature performs an action" (seed 000 line 1580, seed 004 line 1525):
// side A's levels are 2 + 1 with the cutthroat in ambush, side B's 3 (a
// paladin-3), so B has the higher total and starts every battle (R15); were
// the cutthroat counted, the tie would be drawn at random.
func TestAmbushNotCounted(t *testing.T) {
	e := ambushBattle(t, fighterWith(t, "paladin-3"))
	var buf bytes.Buffer
	e.rounds = 1
	for seed := range uint64(20) {
		buf.Reset()
		e.trace = &buf
		e.play(rand.NewPCG(seed, 7))
		if !strings.Contains(buf.String(), "side B starts") {
			first, _, _ := strings.Cut(buf.String(), "\n")
			t.Fatalf("seed %d: %s", seed, first)
		}
	}
	// In round 1 with the enemy far away (6.1 toises from zone 5 at
	// (0.7, 14.3), more than its walk of 4 and its reach) it does not
	// activate: its side's activation goes to the paladin; at round
	// ambushPatience it does, and comes out in its zone.
	e.reset()
	e.c[2].pos = field.Vec{X: 0.7, Y: 14.3}
	e.round = 1
	e.c[1].acted = false
	e.ambushRound()
	if !e.c[1].acted {
		t.Error("round 1, enemy far: the cutthroat takes an activation")
	}
	e.round = ambushPatience
	e.c[1].acted = false
	e.ambushRound()
	if e.c[1].acted {
		t.Errorf("round %d: the cutthroat still waits", ambushPatience)
	}
	buf.Reset()
	e.trace = &buf
	e.activate(rand.NewPCG(3, 4), 1)
	if p := revealedAt(t, buf.String()); e.c[1].hidden || !e.zoneOf(1).contains(p) {
		t.Errorf("activated: hidden %v, came out at %v, want revealed in zone 5", e.c[1].hidden, p)
	}
}

// revealedAt returns where the trace says a Safar came out of its ambush.
func revealedAt(t *testing.T, trace string) field.Vec {
	t.Helper()
	_, rest, ok := strings.Cut(trace, "comes out of its ambush in zone ")
	if !ok {
		t.Fatalf("no reveal in the trace:\n%s", trace)
	}
	var zone int
	var p field.Vec
	if _, err := fmt.Sscanf(rest, "%d: at (%g, %g)", &zone, &p.X, &p.Y); err != nil {
		t.Fatalf("reveal line %q: %v", rest, err)
	}
	return p
}
