package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestCardTurnEdge checks a special card's choice of table edge (skills.md
// 3.2; card_turn_order choose_edge, sim/cardturn.go, sim/edge.go): on
// TestEdgeChoice's table (a marker in front of the far strip), side A has
// the initiative and, without a card, takes the far edge; with side B's
// card, B chooses: the table as given (the marker in front of B); with the card on both sides, R15's choice stands; the trace says
// so. edgeDecision with a card: the card's side's best table whoever
// deploys first.
func TestCardTurnEdge(t *testing.T) {
	sk := edgeSkirmish(t, 10.5)
	sk.Sides[SideB].CardTurnOrders = []profiles.CardTurnOrder{{ChooseEdge: true}}
	p, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	c := p.edges
	if c == nil || c.by != SideB {
		t.Fatalf("edges %+v: want side B's card choosing", c)
	}
	if c.turned[SideA] || c.turned[SideB] {
		t.Fatalf("side B's card: turned %v (values %v); want the table as given for A deploying first (the marker in front of B) and for B", c.turned, c.value)
	}
	var b strings.Builder
	p.SetTrace(&b)
	p.Play(rand.NewPCG(3, 4))
	p.SetTrace(nil)
	if !strings.Contains(b.String(), "Side B's special card chooses the table edge (card_turn_order)") {
		t.Errorf("trace:\n%.600s", b.String())
	}
	both := edgeSkirmish(t, 10.5)
	both.Sides[SideA].CardTurnOrders = []profiles.CardTurnOrder{{ChooseEdge: true}}
	both.Sides[SideB].CardTurnOrders = []profiles.CardTurnOrder{{ChooseEdge: true}}
	q, err := both.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if q.edges.by != -1 || !q.edges.turned[SideA] {
		t.Errorf("both sides' cards: by %d, turned %v; want R15's choice (A takes the far edge)", q.edges.by, q.edges.turned)
	}
	for _, tc := range []struct {
		name   string
		value  [2][2]float64
		by     int
		first  [2]int
		turned [2]bool
	}{
		{"B's card: A first gets its worse table", [2][2]float64{{0.5, 0.7}, {0.6, 0.55}}, SideB, [2]int{SideA, SideB}, [2]bool{false, false}},
		{"A's card: B first gets its worse table", [2][2]float64{{0.5, 0.7}, {0.6, 0.55}}, SideA, [2]int{SideA, SideB}, [2]bool{true, true}},
	} {
		first, turned := edgeDecision(tc.value, tc.by)
		if first != tc.first || turned != tc.turned {
			t.Errorf("%s: first %v, turned %v; want %v, %v", tc.name, first, turned, tc.first, tc.turned)
		}
	}
}

// TestCardTurnFirst checks a special card's rounds started first (skills.md
// 3.2, "restarting a turn first"; card_turn_order first_in_round,
// sim/cardturn.go): the side with the card takes the first activation of a
// round R15 gives to the other, as many times as the card says, then R15's
// order again; given back at each battle; in a whole battle the trace shows
// it, and the first activation of that round is the card's side's.
func TestCardTurnFirst(t *testing.T) {
	sk := edgeSkirmish(t, 7.5)
	sk.Sides[SideB].CardTurnOrders = []profiles.CardTurnOrder{{FirstInRound: 2}}
	p, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	e := p.e
	if e.firstLeft != [2]int8{0, 2} {
		t.Fatalf("rounds left %v, want [0 2]", e.firstLeft)
	}
	if got := e.cardFirst(SideB); got != SideB || e.firstLeft[SideB] != 2 {
		t.Errorf("R15 gives B the round: %s starts, %d left; want B, 2 left", sideName(got), e.firstLeft[SideB])
	}
	for k, want := range []int{SideB, SideB, SideA} {
		if got := e.cardFirst(SideA); got != want {
			t.Errorf("round %d given to A by R15: %s starts, want %s", k+1, sideName(got), sideName(want))
		}
	}
	e.reset()
	if e.firstLeft[SideB] != 2 {
		t.Errorf("a new battle: %d rounds left, want 2", e.firstLeft[SideB])
	}
	var b strings.Builder
	p.SetTrace(&b)
	p.Play(rand.NewPCG(3, 4))
	p.SetTrace(nil)
	tr := b.String()
	k := strings.Index(tr, "Side B takes the first activation of the round by its special card, in place of side A (card_turn_order)")
	if k < 0 {
		t.Fatalf("trace:\n%s", tr)
	}
	rest := tr[k:]
	if a, bb := strings.Index(rest, "A1 paladin-3 activates"), strings.Index(rest, "B1 paladin-2 activates"); bb < 0 || a >= 0 && a < bb {
		t.Errorf("after the card's line, B1 does not activate first:\n%.800s", rest)
	}
	none, err := edgeSkirmish(t, 7.5).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if none.e.firstLeft != [2]int8{} || none.e.cardFirst(SideA) != SideA {
		t.Error("a round started first without the card")
	}
}
