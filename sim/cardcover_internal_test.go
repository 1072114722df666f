package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/stats"
)

// cardCoverEngine returns a skirmish engine of a mongo warrior and a goun
// shaman (A) against a guild crossbowman (B), side A's list with cards (a
// list's card_cover, profiles/listcards.go), the warrior 2 toises from the
// crossbowman on open ground and the shaman off the line.
func cardCoverEngine(t *testing.T, cards []profiles.CardCover) *engine {
	t.Helper()
	a := handSide(t, []string{"mongo-warrior-2", "goun-shaman-2"}, 50, 50)
	a.CardCover = cards
	e := handEngine(t, &Skirmish{Sides: [2]Spearhead{a, handSide(t, []string{"guild-crossbowman-2"}, 50)}})
	e.round = 1
	cardCoverPlace(e)
	return e
}

// cardCoverPlace puts the Safars of cardCoverEngine where it says.
func cardCoverPlace(e *engine) {
	e.place(0, 5)
	e.place(2, e.c[0].pos.X+e.c[0].radius+2+e.c[2].radius)
	e.place(1, 2)
	e.c[1].pos.Y -= 4
}

// TestCardCover checks a special card's "model always counted in cover"
// (skills.md section 3.2; a list's card_cover, sim/cardcover.go): on open
// ground the warrior the card names has the card's cover bonus against the
// crossbowman (3 by default, seed 000 lines 940-946; 2 when the card says
// so), the shaman it does not name none, nor the warrior without the card;
// sampled shots hurt it less often with the card (disjoint 99.99% Wilson
// intervals); the trace names it.
func TestCardCover(t *testing.T) {
	warrior := profiles.Selector{Profiles: []string{"mongo-warrior-2"}}
	none := cardCoverEngine(t, nil)
	card := cardCoverEngine(t, []profiles.CardCover{{To: warrior, Bonus: profiles.DefaultCardCoverBonus}})
	two := cardCoverEngine(t, []profiles.CardCover{{To: warrior, Bonus: 2}})
	if c := none.cover(2, 0); c != 0 {
		t.Fatalf("cover %d on open ground without the card", c)
	}
	if c := card.cover(2, 0); c != 3 {
		t.Errorf("cover %d with the card, want 3", c)
	}
	if c := two.cover(2, 0); c != 2 {
		t.Errorf("cover %d with a card of bonus 2, want 2", c)
	}
	if c := card.cover(2, 1); c != 0 {
		t.Errorf("the shaman, whom the card does not name, has cover %d", c)
	}

	shot := -1
	opts := card.opts[card.c[2].kind][card.c[0].kind]
	for k, o := range opts {
		if o.shot && o.pos == posNone && (shot < 0 || o.attack.AP < opts[shot].attack.AP) {
			shot = k
		}
	}
	if shot < 0 {
		t.Fatal("no shot of the crossbowman")
	}
	r := rand.NewPCG(12, 21)
	const n = 20000
	var hit [2]int
	for k, e := range []*engine{none, card} {
		for range n {
			e.reset()
			e.round = 1
			cardCoverPlace(e)
			e.c[2].ap, e.c[2].ranged = 4, true
			hp := e.c[0].hp
			if !e.attack(r, 2, action{kind: actAttack, opt: shot, target: 0}) && e.c[2].ap == 4 {
				t.Fatal("the crossbowman did not shoot")
			}
			if e.c[0].hp < hp {
				hit[k]++
			}
		}
	}
	lo0, _ := stats.Wilson(hit[0], n, 0.9999)
	_, hi1 := stats.Wilson(hit[1], n, 0.9999)
	if hi1 >= lo0 {
		t.Errorf("shots that hurt: %d of %d without the card, %d with it: not significantly fewer", hit[0], n, hit[1])
	}
	t.Logf("shots that hurt: %d of %d without the card, %d of %d with it", hit[0], n, hit[1], n)

	var b strings.Builder
	card.trace = &b
	card.reset()
	card.round = 1
	cardCoverPlace(card)
	card.c[2].ap, card.c[2].ranged = 4, true
	card.attack(r, 2, action{kind: actAttack, opt: shot, target: 0})
	if !strings.Contains(b.String(), "counts as in cover (+3) against the shot") {
		t.Errorf("trace lacks the card's cover:\n%s", b.String())
	}
}
