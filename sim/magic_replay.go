package sim

// This file plays the activations played again of a spell
// (profiles.EffectParams.ReplayAll; "all Safars play their activation again",
// skills.md 4.3, activation and movement control), in duels and skirmishes:
// on success every Safar in play, of both sides and the caster included, that
// has been activated this round may be activated once more in it (R15: it is
// ready again, and the round goes on in the usual alternation until no Safar
// is waiting; each such activation is a whole one, R14: its AP and mastery
// dice come back). The card says nothing of a second success in the same
// round; read: the activations are played again once per round (a later
// success in that round does nothing, and the policy never casts it), which
// also bounds a round under a spell of unlimited cadence.

// replaysAll reports whether option opt plays every activation again.
func (opt *castOption) replaysAll() bool { return opt.level.EffectParams.ReplayAll }

// replayedThisRound reports whether some cast already played the round's
// activations again.
func (e *engine) replayedThisRound() bool {
	for k := range e.c {
		if int(e.c[k].spells.replayed) == e.round {
			return true
		}
	}
	return false
}

// replayAll plays the effect of a replay cast by Safar i: every Safar in play
// already activated this round is ready again, once per round.
func (e *engine) replayAll(i int) {
	if e.replayedThisRound() {
		return
	}
	e.c[i].spells.replayed = int16(e.round)
	for k := range e.c {
		if c := &e.c[k]; c.inPlay() && c.acted {
			c.acted = false
			if e.trace != nil {
				e.tracef("  %s will play its activation again\n", e.name(k))
			}
		}
	}
}

// replayWorth is what playing the round's activations again is worth to side
// s, in HP of expected damage: for each Safar in play already activated this
// round (the caster among them), its threat over a whole activation on its
// nearest enemy (returnWorth), counted for its side and against the other;
// the Safars not yet activated only keep their activation. Nothing once the
// round has been played again.
func (e *engine) replayWorth(s int) float64 {
	if e.replayedThisRound() {
		return 0
	}
	v := 0.0
	for k := range e.c {
		c := &e.c[k]
		if !c.inPlay() || !c.acted {
			continue
		}
		if w := e.returnWorth(k); c.side == s {
			v += w
		} else {
			v -= w
		}
	}
	return v
}
