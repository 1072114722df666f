package sim

// A special card's "choice of table edge, restarting a turn first" (skills.md
// section 3.2; a list's card_turn_order, profiles/listcards.go), for the
// card's whole side:
//
//   - choose_edge: its side chooses the table edge it deploys along, whoever
//     has the initiative (R15; seed 000 line 534 gives that choice to the
//     player who deploys first). Where the two edges offer the same battle
//     (open ground, the ford, the relic, the vault: sim/edge.go edgesAlike)
//     it changes nothing; on the other tables (ruins, watchtower, a table
//     of the user's) the side with the card takes the table where its own
//     share of the set-up battles is best, with either side deploying first
//     (edgeDecision), and the side with the initiative then decides who
//     deploys first knowing it. Both sides with the card: the cards cancel,
//     R15's choice stands.
//   - first_in_round: N: its side takes the first activation of N rounds
//     after the first, once each, in place of R15's order (the side with
//     fewer Safars in play, or the alternation). Readings (open: "restarting
//     a turn first"): rounds after the first, whose first activation R15
//     gives to the initiative; the policy plays it at the first rounds in
//     which R15 would have the other side start (a simple documented rule);
//     both sides with it in the same round: R15's order stands and neither
//     spends it.
//
// The trace says so at the start of the battle and of the round. A duel has
// no list: skirmishes only. No exchange changes.

// initTurnOrder reads the turn order cards of sk's sides (e.cardEdge,
// e.firstCard).
func (e *engine) initTurnOrder(sk *Skirmish) {
	e.cardEdge, e.firstCard = [2]bool{}, [2]int8{}
	for s := range sk.Sides {
		for _, c := range sk.Sides[s].CardTurnOrders {
			e.cardEdge[s] = e.cardEdge[s] || c.ChooseEdge
			e.firstCard[s] = max(e.firstCard[s], int8(c.FirstInRound))
		}
	}
	e.firstLeft = e.firstCard
}

// edgeCard returns the side whose card chooses the table edge, -1 when
// none or both.
func (e *engine) edgeCard() int {
	switch {
	case e.cardEdge[SideA] == e.cardEdge[SideB]:
		return -1
	case e.cardEdge[SideA]:
		return SideA
	}
	return SideB
}

// cardFirst returns the side that takes the first activation of the round
// R15 gives to side first: the other side when its card lets it start a
// round first and it has not used that up (firstLeft), spending one.
func (e *engine) cardFirst(first int) int {
	o := 1 - first
	if e.firstLeft[o] == 0 {
		return first
	}
	e.firstLeft[o]--
	if e.trace != nil {
		e.tracef("Side %s takes the first activation of the round by its special card, in place of side %s (card_turn_order): %d such round(s) left\n", sideName(o), sideName(first), e.firstLeft[o])
	}
	return o
}
