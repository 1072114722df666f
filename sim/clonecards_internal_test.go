package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestCloneCardStates checks that a cloned skirmish player (Clone, one per
// worker) has its own list cards' battle states: the card returns (spent,
// first defeated), the rounds of the coin's steals and of the father's
// skips. Fails before: the clone shared them with the original, a data race
// between workers (go test -race with two cloned players of
// cardReturnSkirmish playing at once reported it in cardreturn.go).
func TestCloneCardStates(t *testing.T) {
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{cardFighterIn(t, "goun-shaman-2"), cardFighterIn(t, "mongo-warrior-2")}, Costs: []int{80, 60}, Leader: 0,
			CardReturns:  []profiles.CardReturn{gounReturn},
			CardStealsAP: []profiles.CardStealAP{{By: profiles.Selector{All: true}, AP: 1}},
			CardSkipsFor: []profiles.CardSkipFor{fatherCard}},
		{Safars: []*Fighter{cardFighterIn(t, "kherops-warrior-2")}, Costs: []int{82}, Leader: 0},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	q := pl.Clone()
	if len(q.e.returns) != 1 || &q.e.returns[0] == &pl.e.returns[0] {
		t.Error("the clone shares the card returns")
	}
	if len(q.e.stoleIn) == 0 || &q.e.stoleIn[0] == &pl.e.stoleIn[0] {
		t.Error("the clone shares the coin's rounds")
	}
	if len(q.e.skippedIn) == 0 || &q.e.skippedIn[0] == &pl.e.skippedIn[0] {
		t.Error("the clone shares the father's rounds")
	}
}
