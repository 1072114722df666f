package sim

// Candidate defences shared between the exchanges of one attack (issue #13).
// The legal defences and those the best response may prefer (candidates,
// undominated) read the attack's kind, AP and characteristics, not its
// effects: BestEffects, which computes an attack with each of its effect
// choices, lists them once instead of once per choice (a seventh of a cold
// Duel.NewPlayer, most of it checkDefence).

// candShare keeps the candidates of the plans of one attack: key is that attack,
// prepared, its effects cleared; the free attack's list is made by the first
// plan with an A effect.
type candShare struct {
	key   Attack
	ready [2]bool
	cands [2][]Defence
}

// candidates returns the candidates of pl against its main attack and against
// the free attack of its A effects (nil without A effects: no free attack is
// ever made then), from sh when it holds those of pl's attack. A nil sh, or one
// of another attack, shares nothing.
func (sh *candShare) candidates(pl *plan) [2][]Defence {
	key := pl.main
	key.Effects = Chars{}
	if sh != nil && (sh.ready[0] || sh.ready[1]) && sh.key != key {
		sh = nil
	}
	var out [2][]Defence
	for k, free := range [2]bool{false, true} {
		if free && pl.nFree == 0 {
			continue
		}
		if sh != nil && sh.ready[k] {
			out[k] = sh.cands[k]
			continue
		}
		out[k] = pl.undominated(pl.ex.candidates(free), free)
		if sh != nil {
			sh.key, sh.ready[k], sh.cands[k] = key, true, out[k]
		}
	}
	return out
}
