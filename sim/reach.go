package sim

import "github.com/kharn-ages/kharn/profiles"

// A defender counters only an attacker within its counter reach (seed 000
// line 1098: "when defending in a melee, his opponent must be within his
// weapon reach"; line 1644 and seed 004 lines 1508-1510: a weapon's reach
// lets its wielder attack and defend "inflicting damage and effects as far
// as X"). Its counter reach is its zone of control or natural Reach X, or the
// reach of the weapon it defends with, a reach in defence only included
// (profiles.Effects.DefenceReach, "Allonge en défense uniquement"); a
// shooting weapon in hand counters bare-handed (counterWeapon).
//
// A fight plays each melee exchange where the two stand: an attacker beyond
// the defender's counter reach (a spear at 2 toises of a dagger) makes an
// exchange with Exchange.BeyondCounterReach. The option tables hold, for
// each melee attack whose reach outdoes the defender's counter reach, its
// figures there in band bandFar, which the default policy's plans read when
// the target stands in that gap (bestAttackOf, dpInKey.far).
//
// Where the exchanges happen, in duels as in skirmishes (one engine): an
// assault's walk goes toward base contact (engine.move stops there), so when
// the walk reaches contact the exchange is in contact and the defender
// counters. A reach weapon attacks from beyond the counter reach when the gap
// is left open: an assault whose target stood farther than the walk but
// within walk plus reach (assaultReach: the walk ends short of contact, the
// attack is made from there), a walk blocked by a base or scenery, a C repel
// or a V move, or a natural Reach. The policy values those attacks without
// the counter, but does not stop its walk at its reach on purpose nor step
// back to open the gap. A stand-off assault in skirmishes (the walk stopped
// at the option's reach) was tried and left out: a Safar standing off is not
// engaged, so its target assaults it next with its stature (R8), which the
// plans do not weigh; kharns-300 against kherops-300 (2000 battles, seed 5)
// went from 40.5% [38.3%, 42.6%] won to 35.4% [33.3%, 37.5%] with it.

// natReachOf returns f's zone of control: 0.5 toise, or its natural Reach X.
func natReachOf(f *Fighter) float64 {
	r := zoc
	if sk, ok := f.Profile.Skill("reach"); ok {
		r = max(r, float64(sk.Value), sk.Toises)
	}
	return r
}

// counterReachOf returns how far f counters holding weapon w (nil: bare
// hands): its zone of control or natural Reach X, or w's reach or reach in
// defence only; a shooting weapon counters bare-handed.
func counterReachOf(f *Fighter, w *profiles.Equipment) float64 {
	r := natReachOf(f)
	if w != nil && w.Kind != profiles.KindRanged {
		r = max(r, w.Effects.Reach, w.Effects.DefenceReach)
	}
	return r
}

// attackReachOf returns how far f attacks in melee with weapon w (nil: bare
// hands): its zone of control or natural Reach X, or w's reach (reachOf).
func attackReachOf(f *Fighter, w *profiles.Equipment) float64 {
	r := natReachOf(f)
	if w != nil {
		r = max(r, w.Effects.Reach)
	}
	return r
}

// outReaches reports whether kind att attacking kind def in melee with w may
// stand beyond def's counter reach with dw (nil: its Melee) in hand: whether
// its option table needs the figures of band bandFar.
func (e *engine) outReaches(att, def int, w, dw *profiles.Equipment) bool {
	df := e.kinds[def]
	if dw == nil {
		dw = df.Melee
	}
	return attackReachOf(e.kinds[att], w) > counterReachOf(df, dw)+1e-9
}

// counterReach returns how far Safar j counters the melee option opt of an
// attacker: with opt's defence weapon, else its card's melee weapon.
func (e *engine) counterReach(j int, opt *fightOption) float64 {
	k := e.c[j].kind
	w := opt.defWeapon
	if w == nil {
		w = e.kinds[k].Melee
	}
	r := e.info[k].natReach
	if w != nil && w.Kind != profiles.KindRanged {
		r = max(r, w.Effects.Reach, w.Effects.DefenceReach)
	}
	return r
}

// beyondCounter reports whether Safar i, attacking j with melee option opt
// from where it stands, is beyond j's counter reach.
func (e *engine) beyondCounter(i, j int, opt *fightOption) bool {
	return !opt.shot && e.gap(i, j) > e.counterReach(j, opt)+1e-9
}

// meleeBand returns the band of the figures of melee option opt of Safar i
// against j from where they stand: bandFar when the option has them and i
// can attack from there beyond j's counter reach, else bandEffective.
func (e *engine) meleeBand(i, j int, opt *fightOption) int {
	if opt.far && e.gap(i, j) <= e.reachOf(i, opt)+1e-9 && e.beyondCounter(i, j, opt) {
		return bandFar
	}
	return bandEffective
}

// farMask returns the options of Safar i's table against j whose figures
// are read in band bandFar from where they stand (meleeBand), one bit per
// option, and false when an option past the 64th would be (the plan is then
// not found by its inputs, dpInKey).
func (e *engine) farMask(i, j int, opts []fightOption) (uint64, bool) {
	if !e.bits[e.c[i].kind][e.c[j].kind].anyFar {
		return 0, true
	}
	var m uint64
	if b, ok := e.bitsOf(i, j, opts); ok {
		// Only the far options (sim/optbits.go): the same bits, in the same order.
		for f := b.far; f != 0; {
			var k int
			k, f = nextBit(f)
			if e.meleeBand(i, j, &opts[k]) == bandFar {
				m |= 1 << k
			}
		}
		return m, true
	}
	for k := range opts {
		if opts[k].far && e.meleeBand(i, j, &opts[k]) == bandFar {
			if k >= 64 {
				return 0, false
			}
			m |= 1 << k
		}
	}
	return m, true
}
