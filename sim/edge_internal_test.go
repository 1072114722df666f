package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// TestEdgesAlike checks which ready-made tables offer the same battle from
// both edges (edgesAlike): open ground, the Tactik table, the ford and the
// relic turned half round, the vault in a mirror (its barricades' names
// aside); not the ruins nor the watchtower, whose pieces stand on one side.
func TestEdgesAlike(t *testing.T) {
	want := map[string]bool{"open ground": true, "tactik open": true, "hold the ford": true, "the relic": true,
		"the vault": true, "ruins": false, "watchtower": false}
	seen := 0
	for _, sc := range profiles.DefaultScenarios() {
		w, ok := want[sc.Name]
		if !ok {
			continue
		}
		seen++
		f, err := field.FromScenario(sc)
		if err != nil {
			t.Fatal(err)
		}
		if got := edgesAlike(f, sc.Objectives); got != w {
			t.Errorf("%s: edges alike %v, want %v", sc.Name, got, w)
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d scenarios found", seen, len(want))
	}
	if !edgesAlike(field.Field{}, nil) {
		t.Error("a zero table (open ground): edges not alike")
	}
}

// edgeSkirmish is a paladin-3 (side A: the initiative, level 3 against 2,
// seed 000 line 534) against a paladin-2 on a 15 x 15 table with one marker
// worth 1 point a round (control 1 toise), at (7.5, y).
func edgeSkirmish(t *testing.T, y float64) *Skirmish {
	t.Helper()
	a, b := fighterWith(t, "paladin-3"), fighterWith(t, "paladin-2")
	return &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{a}, Costs: make([]int, 1), Leader: -1},
		{Safars: []*Fighter{b}, Costs: make([]int, 1), Leader: -1},
	}, Field: field.Field{Width: 15, Height: 15}, Rounds: 6,
		Objectives: &profiles.Objectives{Markers: []profiles.Marker{{Name: "cairn", X: 7.5, Y: y, Control: 1, Points: 1}}}}
}

// TestEdgeChoice checks the choice of the starting area (seed 000 line 534:
// "the appointed player chooses his starting area and deploys his
// miniatures. He will be the one to start the game"; seed 004 line 455). A
// marker 1.5 toises in front of the far strip (y 10.5: the strips are 3 toises
// deep, seed 004 line 467) is the far side's for the taking: side A, with the
// initiative, takes the far edge (the table turned half round, where the
// marker stands at y 4.5, in front of its own strip) and deploys first; it
// scores more points from there than from the near edge, with the same dice. Before sim/edge.go side A
// always deployed along y = 0, the marker in front of the enemy. A marker in
// the middle offers the same battle from both edges: no choice is made and
// the battles are the ones before this file's, seed for seed (the engine's
// own play).
func TestEdgeChoice(t *testing.T) {
	p, err := edgeSkirmish(t, 10.5).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	c := p.edges
	if c == nil {
		t.Fatal("a marker in front of the far strip: no choice of edge")
	}
	if !c.turned[SideA] || c.first[SideA] != SideA {
		t.Fatalf("side A with the initiative: turned %v, side %s deploys first (values %v); want the far edge, A first",
			c.turned[SideA], sideName(c.first[SideA]), c.value)
	}
	var b strings.Builder
	p.SetTrace(&b)
	p.Play(rand.NewPCG(3, 4))
	if y := p.e.obj.o.Markers[0].Y; y != 4.5 {
		t.Errorf("the battle's marker at y %v, want 4.5 (the table turned)", y)
	}
	if !strings.Contains(b.String(), "side A takes the far edge") {
		t.Errorf("the trace does not say side A takes the far edge:\n%.600s", b.String())
	}
	p.SetTrace(nil)
	// Side A's points from each edge, deploying first, the same dice.
	var points [2]int
	for tb := range 2 {
		e, r := c.e[tb], rand.NewPCG(3, 4)
		for range 200 {
			e.playFrom(r, SideA)
			points[tb] += e.obj.points[SideA]
		}
	}
	t.Logf("values (side first, table as given / turned) %v; side A's points in 200 battles: %d from the near edge, %d from the far one", c.value, points[0], points[1])
	if points[1] <= points[0] {
		t.Errorf("side A's points in 200 battles: %d from the far edge it chose, %d from the near one; want more", points[1], points[0])
	}

	p, err = edgeSkirmish(t, 7.5).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if p.edges != nil {
		t.Fatalf("a marker in the middle: a choice of edge %+v", p.edges)
	}
	q := p.Clone()
	r1, r2 := rand.NewPCG(5, 6), rand.NewPCG(5, 6)
	for range 50 {
		got := p.Play(r1)
		w, rounds := q.e.play(r2)
		if got.Winner != w || got.Rounds != rounds {
			t.Fatalf("a marker in the middle: battle won by %d in %d rounds, the engine's own play %d in %d", got.Winner, got.Rounds, w, rounds)
		}
	}
}

// TestEdgeDecision checks who deploys first and on which edge from the
// values of each side deploying first on each table (seed 000 line 534: the
// side with the initiative "decides who deploys first", the one deploying
// first "chooses his starting area"): the better table for it, the usual one
// on a tie; the initiative given away only when the other side's best is
// worth strictly more to the side than its own.
func TestEdgeDecision(t *testing.T) {
	for _, tc := range []struct {
		name   string
		value  [2][2]float64
		first  [2]int
		turned [2]bool
	}{
		{"alike", [2][2]float64{{0.6, 0.6}, {0.6, 0.6}}, [2]int{SideA, SideB}, [2]bool{false, false}},
		{"far edge better for A", [2][2]float64{{0.5, 0.7}, {0.6, 0.55}}, [2]int{SideA, SideB}, [2]bool{true, false}},
		// B first wins B at best 0.3: 0.7 for A, more than A's own best 0.45,
		// so A lets B start; A first wins A at best 0.45: 0.55 for B, more
		// than B's own 0.3, so B lets A start.
		{"going second better", [2][2]float64{{0.45, 0.4}, {0.3, 0.2}}, [2]int{SideB, SideA}, [2]bool{false, false}},
	} {
		first, turned := edgeDecision(tc.value, -1)
		if first != tc.first || turned != tc.turned {
			t.Errorf("%s: first %v, turned %v; want %v, %v", tc.name, first, turned, tc.first, tc.turned)
		}
	}
}
