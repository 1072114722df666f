package sim

// This file values, where the default policy chooses its attacks
// (bestAttackOf: the first attack of the plan of an activation, and
// ambushAttack: the attack of an ambusher's reveal), what the option tables
// leave out of that first attack:
//
//   - the Ambush precision (skills.md #18; sim/ambush.go ambushBonus): the
//     first attack after the reveal adds its card's threshold and damage
//     bonus. Its gain, per option, range band and defender AP, is the net
//     damage (dealt less counter) of the exchange with the bonus less that of
//     the table, computed with the exact engine once per engine for the kinds
//     whose card has the precision (initFirstGains);
//   - a Bite that heals as much HP as it deals (skills.md #7; sim/bite.go):
//     the Bite's expected damage, up to the HP its attacker has lost, is
//     counted twice, dealt and healed (a Bite is once per activation, so the
//     plan weighs it as its first attack).
//
// A first attack with such a gain is taken when its value, the gain and the
// best plan of the AP left against the defender's AP left beat the plan
// without it (firstChoice), as the positional options are weighed at the root
// (planDPIn).

// firstGains holds the Ambush precision's gains: ambush[a][d][n] for option n
// of kind a against kind d, by range band and defender AP; nil for a kind
// without the precision.
type firstGains struct {
	ambush [][][][3][8]float64
}

// initFirstGains computes the Ambush precision's gains of the kinds whose
// card has one.
func (e *engine) initFirstGains() error {
	n := len(e.kinds)
	for a := range n {
		th, dm := ambushBonus(e.kinds[a])
		if th == 0 && dm == 0 {
			continue
		}
		if e.first.ambush == nil {
			e.first.ambush = make([][][][3][8]float64, n)
		}
		e.first.ambush[a] = make([][][3][8]float64, n)
		for d := range n {
			if e.opts[a][d] == nil || e.kindSide[a] == e.kindSide[d] {
				continue
			}
			rows := make([][3][8]float64, len(e.opts[a][d]))
			for k := range e.opts[a][d] {
				o := &e.opts[a][d][k]
				ex := e.exchange(a, d, o.weapon, Attack{})
				ex.AttackBonus, ex.DamageBonus = th, dm
				if o.shot {
					ex.Range = bandRange(o.weapon, bandEffective)
				}
				b, err := e.fillOptionFrom(ex, o.attack, o.weapon, o.defWeapon, ex.Defender, posNone, nil, nil, o.far)
				if err != nil {
					return err
				}
				for band := range rows[k] {
					for ap := range rows[k][band] {
						rows[k][band][ap] = b.dmg[band][ap] - b.ctr[band][ap] - (o.dmg[band][ap] - o.ctr[band][ap])
					}
				}
			}
			e.first.ambush[a][d] = rows
		}
	}
	return nil
}

// hasFirstGain reports whether some first attack of Safar i may gain beyond
// its table figures now: its Ambush precision's first attack is to come, or
// its Bite heals and it has lost HP.
func (e *engine) hasFirstGain(i int) bool {
	c := &e.c[i]
	return c.ambushFirst && e.first.ambush != nil && e.first.ambush[c.kind] != nil ||
		e.info[c.kind].biteHeals && c.hp < e.maxHP(i)
}

// firstGain is what option n of Safar i against j, in range band band
// against j holding k AP, gains as the first attack beyond its table
// figures (dmg - ctr).
func (e *engine) firstGain(i, j, n, band, k int) float64 {
	c := &e.c[i]
	o := &e.opts[c.kind][e.c[j].kind][n]
	g := 0.0
	if c.ambushFirst && e.first.ambush != nil {
		if rows := e.first.ambush[c.kind]; rows != nil && rows[e.c[j].kind] != nil {
			g += rows[e.c[j].kind][n][band][k]
		}
	}
	if o.attack.Kind == Bite && e.info[c.kind].biteHeals {
		g += min(o.dmg[band][k], float64(max(e.maxHP(i)-c.hp, 0)))
	}
	return g
}

// firstChoice returns the best first attack of Safar i against j and its
// value, counting firstGain, given the best plan v with first attack f found
// without it: a AP to spend, costOf, keep and the kill bonus as bestAttackOf
// gave the plan; rest is the best plan's value for AP and defender AP
// (planDPIn on the same inputs).
func (e *engine) firstChoice(i, j, a int, costOf func(o *fightOption) (int, int, bool), rest func(a, k int) float64, v float64, f int) (float64, int) {
	opts := e.opts[e.c[i].kind][e.c[j].kind]
	k := min(max(e.targetAP(j), 0), 7) // an AP aura's defence floor (sim/apauras.go)
	for n := range opts {
		o := &opts[n]
		if o.pos != posNone {
			continue // weighed at the root by their move (rootGains)
		}
		cost, band, ok := costOf(o)
		if !ok || cost > a || cost > 7 {
			continue
		}
		g := e.firstGain(i, j, n, band, k)
		if g <= 0 {
			continue
		}
		next := k - int(o.def[band][k]+0.5)
		w := o.dmg[band][k] - o.ctr[band][k] + g + rest(a-cost, next)
		if w > v+1e-9 {
			v, f = w, n
		}
	}
	return v, f
}
