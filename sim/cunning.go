package sim

// Cunning (skills.md #12, no English rule): after its defence roll and any
// rerolls are known, the defender may spend 1 more AP to add to its defence
// total either one characteristic's value (no characteristic more than twice
// in the action) or one more die (a plain d10: no CH, no CF). If the new total
// reaches the attack total the attack is defended, with the damage and effects
// of the AP engaged before (the AP tier does not rise). Once per defence; it
// needs 1 AP left after the defence. The rules here serve the exact engine
// (outcomes) and the sampler (sampleAttack) alike.

// cunningOK reports whether the defender in state s may use Cunning after
// defence d: it has the skill, d is a roll (not a discarded shield, not "no
// defence"), 1 AP is left after d, and nothing forbids it AP for defence
// (Berserk) or restricts it to the reflex defence (the simple policy).
func (pl *plan) cunningOK(s state, d Defence) bool {
	ex := pl.ex
	return ex.Defender.Skills.Cunning && !ex.DefenderBerserk && !ex.Policy.ReflexOnly &&
		!d.None && !d.Discard && !d.Auto && s.defAP-int8(d.AP)-pl.defCost() >= 1
}

// cunningChar returns the highest characteristic the defender may add to
// defence d with Cunning: V, P, A or C, each at most twice in the action (R7).
func (pl *plan) cunningChar(d Defence) int {
	st := pl.ex.Defender.Stats()
	best := 0
	for _, c := range [4]Char{V, P, A, C} {
		if d.Chars.Count(c) < 2 {
			best = max(best, st.Get(c))
		}
	}
	return best
}

// cunningCost returns what the 1 AP of Cunning is worth to the defender in
// state s after defence d, in HP: what the policy's Reserve loses from the AP
// left, or its APValue.
func (pl *plan) cunningCost(s state, d Defence) float64 {
	if r := pl.ex.Policy.Reserve; r != nil {
		k := min(max(int(s.defAP)-d.AP-int(pl.defCost()), 1), 7)
		return r[k] - r[k-1]
	}
	return pl.ex.Policy.APValue
}

// cunningStop returns the probability that Cunning turns defence d, short of
// the attack total by gap (>= 1), into a stop, and whether the policy uses it:
// with a characteristic of at least gap always (a sure stop for 1 AP), else
// with the die when its chance, (11-gap)/10, times what a stop saves (the hit
// and its free attacks, plus the counter damage, plain or on a defence CH,
// defCH) is worth more than the AP (cunningCost). cb is cunningChar(d).
func (pl *plan) cunningStop(s state, free bool, d Defence, cb, gap int, attCH, defCH bool) (p float64, used bool) {
	switch {
	case gap <= cb:
		p = 1
	case gap <= 10:
		p = float64(11-gap) / 10
	default:
		return 0, false
	}
	gain := pl.hitValue[b2i(free)][b2i(attCH)]
	if !free && pl.nFree > 0 {
		left := int(s.defAP) - d.AP - int(pl.defCost()) - 1
		gain += float64(pl.nFree) * pl.freeValue[min(max(left, 0), len(pl.freeValue)-1)]
	}
	gain += pl.counterValue(d, pl.attackOf(free))[b2i(defCH)]
	if defCH {
		// The counter's daze or stun (sim/countervalue.go), with the AP left
		// once Cunning's is paid.
		gain += pl.counterStatusWorth(d, pl.attackOf(free), int(s.defAP)-d.AP-int(pl.defCost())-1)
	}
	return p, p*gain > pl.cunningCost(s, d)
}

// outcomes splits a defence roll (tail tl, modifier dmod) against total t into
// what the exchange resolves: stopped (stop, of it stopCH on a defence CH, R9a),
// hit (succ), hit on a defence CF (succCF, R13), and, when the defender uses
// Cunning, stopped after it (cStop, of it cStopCH) or hit after it (cSucc).
func (pl *plan) outcomes(s state, free bool, d Defence, tl *splitTail, t, dmod int, attCH bool) stopParts {
	v := pl.ex.Variant
	total := tl.cf + tl.crit + atLeast(tl.plain, 0)
	stop, stopCH := stopSplit(v, tl, t, dmod, attCH, d.Shield)
	o := stopParts{stop: stop, stopCH: stopCH, succCF: tl.cf, succ: max(total-stop-tl.cf, 0)}
	if pl.boostOK(s, free, d) {
		return pl.boostOutcomes(o, tl, t-dmod, attCH, d) // sim/auragrants.go: only where Cunning is not played
	}
	if !pl.cunningOK(s, d) {
		return o
	}
	need := t - dmod
	cb := pl.cunningChar(d)
	plainCan := !(v.CHAutoSuccess && attCH) // ch-auto-success: only a defence CH stops an attack CH
	chCan := !d.Shield                      // R13: a defence CH with the shield has stopped already
	for gap := 1; gap <= max(cb, 10); gap++ {
		for ch, tail := range [2][]float64{tl.plain, tl.ch} {
			if ch == 0 && !plainCan || ch == 1 && !chCan {
				continue
			}
			q := atLeast(tail, need-gap) - atLeast(tail, need-gap+1)
			if q <= 0 {
				continue
			}
			p, used := pl.cunningStop(s, free, d, cb, gap, attCH, ch == 1)
			if !used {
				continue
			}
			o.succ -= q
			o.cStop += q * p
			o.cSucc += q * (1 - p)
			if ch == 1 {
				o.cStopCH += q * p
			}
		}
	}
	o.succ = max(o.succ, 0)
	return o
}

// stopParts is the probability of each outcome of a defence roll (see
// plan.outcomes).
type stopParts struct {
	stop, stopCH, succ, succCF float64
	cStop, cStopCH, cSucc      float64
}

// scaled returns o with every probability multiplied by w.
func (o stopParts) scaled(w float64) stopParts {
	return stopParts{o.stop * w, o.stopCH * w, o.succ * w, o.succCF * w, o.cStop * w, o.cStopCH * w, o.cSucc * w}
}

// plus returns the sum of o and b.
func (o stopParts) plus(b stopParts) stopParts {
	return stopParts{o.stop + b.stop, o.stopCH + b.stopCH, o.succ + b.succ, o.succCF + b.succCF,
		o.cStop + b.cStop, o.cStopCH + b.cStopCH, o.cSucc + b.cSucc}
}
