package sim

// A special card's model always counted in cover (skills.md section 3.2; a
// list's card_cover, profiles/listcards.go): a shot at a Safar the card
// names counts the card's cover bonus (3 by default: cover as tall as the
// Safar, seed 000 lines 940-946) when the field's or a spell's is less
// (engine.cover: the best of them, not their sum; Stealth's bonus follows,
// as in any cover, Exchange.Cover). Shots only: "a miniature cannot take
// advantage of a cover bonus in a melee attack" (seed 000 lines 930-934).
// The exact engine plays it as any cover: the shot's exchange has it
// (planKey.cover, Exchange.Cover), so the policies' odds count it. A duel
// has no list: skirmishes only.

// initCardCover sets each Safar's card cover from its side's card_cover
// (the best bonus of the rules that name it).
func (e *engine) initCardCover(sk *Skirmish) {
	sk.eachSafar(func(i int, h *Spearhead, f *Fighter) {
		for _, c := range h.CardCover {
			if c.To.Matches(f.Profile) {
				e.c[i].cardCover = max(e.c[i].cardCover, int8(c.Bonus))
			}
		}
	})
}

// cardCoverOf returns the cover bonus the list's cards give Safar j (0:
// none).
func (e *engine) cardCoverOf(j int) int { return int(e.c[j].cardCover) }

// traceCardCover writes, in a trace, that Safar j counts its card's cover
// against the shot of Safar i, when that is the cover the shot counts
// (cover, engine.cover) and the field and spells give less.
func (e *engine) traceCardCover(i, j, cover int) {
	if e.trace == nil || e.c[j].cardCover == 0 || cover != e.cardCoverOf(j) {
		return
	}
	e.tracef("  %s counts as in cover (+%d) against the shot of %s: its special card (card_cover)\n", e.name(j), cover, e.name(i))
}
