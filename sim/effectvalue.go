package sim

// rootGains fills root with what the move of each affordable positional option
// of Safar i against j gains on the field (positionValue, R10a), for the first
// attack of bestAttack's plan; a AP are left for the plan after extra AP of a
// walk, and costOf says which options it may take.
//
// A melee attack on a target out of reach is an assault (playWell): its walk,
// free or paid (extra), comes first, so its options are weighed where the walk
// ends (engine.destination, as engine.do walks in), with the AP left after it.
// Before, they were weighed from where the attacker stood, out of contact: a
// repel was valued as pushing the target away from a Safar that was not there.
// Only the C options in an assault: a melee fighter's V move is steered (vTo)
// after a plain attack only; after an assault it stays in contact.
func (e *engine) rootGains(i, j, extra, a int, opts []fightOption, costOf func(o *fightOption) (int, int, bool), keep bool, root *[maxOptions]posGain) {
	c := &e.c[i]
	from, ap := c.pos, c.ap
	walkIn := e.gap(i, j) > e.reach(i)+1e-9
	at := from
	if walkIn {
		to, ok := e.destination(i, j, e.velocity(i)+e.info[c.kind].brutal, true)
		c.pos = to
		if !ok || e.gap(i, j) > e.reach(i)+1e-9 {
			walkIn = false // no assault: engine.do refuses it; no melee option
			to = from
		}
		at, c.pos = to, from
	}
	for n := range opts {
		o := &opts[n]
		if n >= maxOptions || o.pos == posNone {
			continue
		}
		if !o.shot && e.gap(i, j) > e.reach(i)+1e-9 && (!walkIn || o.pos != posC) {
			continue
		}
		cost, _, ok := costOf(o)
		if !ok || cost > a {
			continue
		}
		// Only the affordable ones: a move is valued in about a tenth of a
		// skirmish's time (BenchmarkSkirmish profile).
		if !o.shot && walkIn {
			c.pos, c.ap = at, ap-extra
		}
		root[n] = positionValue(e, i, j, o, keep)
		c.pos, c.ap = from, ap
	}
}
