package sim

import "github.com/kharn-ages/kharn/profiles"

// What the best response counts for the statuses its counter puts on the
// attacker (issue #11; R11, R11a, R9a; sim/counterstatus.go).
//
// A 2 or 3 AP defence that stops a melee attack with a CH strikes its counter
// with the defender's weapon, and the weapon's status "in case of CH" lands on
// the attacker (a mace dazes, a war hammer stuns: seed 000 line 1062, seed 004
// line 312 and lines 838-848). The best response valued that blow by its
// damage and its bleeding only (counterOf); it now adds, on the defence CH,
// what the daze or the stun is worth to the defender, as statusvalue.go values
// an attack's statuses for the attacker's policy:
//
//   - Dazed (R17, seed 000 lines 1378-1380): its next actions cost 1 AP more
//     until its next activation. In a fight that is one AP less for the rest
//     of the attacker's activation (the attacker's own reading in statusRoot:
//     its plan with one AP less, against the AP the defender holds after the
//     defence) plus one AP less held to defend against the defender
//     (threat[att][def][k-1] - threat[att][def][k], statusGains' daze with the
//     roles swapped, k the attacker's AP after its attack).
//   - Stunned (R17, seed 000 lines 1368-1370): it "cannot do anything until
//     his next activation": the rest of its activation is lost (statusRoot's
//     attStun: its whole plan) and so is its defence against the defender
//     (threat[att][def][0] - threat[att][def][k], statusGains' stun). Its fall
//     costs nothing more: an attacker that was countered is engaged, and
//     fallLoss is 0 for an engaged Safar.
//
// A fight sets these per AP the defender holds after its defence
// (Policy.CounterStatus, engine.plan, beside the Reserve). Without a fight
// (kharn odds, the fight option tables), the exchange prices them in the AP
// its policy prices: a daze is one AP of the attacker, a stun the AP it has
// left after its attack, at Policy.APValue each (0 under DefaultPolicy, which
// holds AP worth nothing, so kharn odds' default choices do not move).
//
// Fire is not valued: no counter sets the attacker on fire (counterStatuses
// puts bleeding, a daze or a stun; a weapon's fire goes with its attacks,
// Exchange.burns), and a value for a status the engine never plays would
// steer the choice for nothing.

// CounterWorth is what the statuses a counter's weapon puts on the attacker on
// a defence CH are worth to the defender, in HP, by the AP the defender holds
// after its defence (0-7): Daze[k] for a weapon that dazes on a CH, Stun[k]
// for one that stuns (sim/countervalue.go).
type CounterWorth struct {
	Daze, Stun [8]float64
}

// counterStatusWorth returns what the status the counter of defence d puts
// on the attacker on a defence CH is worth to the defender, in HP, when the
// defender holds left AP after the defence: 0 when d strikes no blow (against
// a shot, beyond the counter reach, an effect instead of damage) or its
// weapon has no daze or stun on a CH the attacker's helmet lets through.
func (pl *plan) counterStatusWorth(d Defence, a Attack, left int) float64 {
	// The attacker's saving roll cancels the status with its chance
	// (skills.md section 3 H, sim/wards.go).
	return pl.counterStatusWorthAll(d, a, left) * (1 - saveChance(pl.ex.Attacker))
}

// counterStatusWorthAll is counterStatusWorth before the attacker's saving roll.
func (pl *plan) counterStatusWorthAll(d Defence, a Attack, left int) float64 {
	if a.Kind == Shot {
		return 0 // R11: no counter against a shot
	}
	e := pl.counterOf(d)
	if e == nil {
		return 0
	}
	daze := false
	switch e.spec.onCritical { // the helmet's guard already applied (helmetGuard)
	case profiles.Daze:
		daze = true
	case profiles.Stun:
	default:
		return 0
	}
	if w := pl.ex.Policy.CounterStatus; w != nil {
		k := min(max(left, 0), 7)
		if daze {
			return w.Daze[k]
		}
		return w.Stun[k]
	}
	v := pl.ex.Policy.APValue
	if v == 0 {
		return 0
	}
	if daze {
		return v
	}
	return v * float64(max(pl.ex.Attacker.AP-pl.main.AP, 0))
}

// counterStatusKind returns the status the counter of d may put on the
// attacker on a defence CH: 0 none, 1 a daze, 2 a stun (undominated: a
// defence without it does not dominate one with it).
func (pl *plan) counterStatusKind(d Defence, a Attack) int {
	if a.Kind == Shot {
		return 0
	}
	e := pl.counterOf(d)
	if e == nil {
		return 0
	}
	switch e.spec.onCritical {
	case profiles.Daze:
		return 1
	case profiles.Stun:
		return 2
	}
	return 0
}

// counterWorth returns what the statuses of the counters of kind def put on
// the attacking kind att are worth to def (CounterWorth), for an attacker with
// apLeft AP after its attack, already dazed or not: nil when def's counter
// weapon neither dazes nor stuns, or the two are allies (a berserk's attack).
func (e *engine) counterWorth(att, def, apLeft int, dazed bool, ex *Exchange, ranged bool) *CounterWorth {
	w := ex.Defender.counterWeapon()
	if w == nil || (w.Effects.OnCritical != profiles.Daze && w.Effects.OnCritical != profiles.Stun) {
		return nil
	}
	if e.kindSide[att] == e.kindSide[def] {
		return nil
	}
	daze := w.Effects.OnCritical == profiles.Daze
	if daze && dazed {
		return nil // dazed already: a second daze changes nothing (R17)
	}
	apLeft = min(max(apLeft, 0), 7)
	t := &e.threat[att][def] // what def deals att in a whole activation, by the AP att holds
	always := func(o *fightOption) (int, int, bool) { return o.ap(), bandEffective, !o.shot || ranged }
	var cw CounterWorth
	for kk := range 8 {
		rest, _ := planDP(e.opts[att][def], apLeft, kk, always, zero, 0, 0)
		rest = max(rest, 0)
		if daze {
			less := 0.0
			if apLeft > 0 {
				less, _ = planDP(e.opts[att][def], apLeft-1, kk, always, zero, 0, 0)
				less = max(less, 0)
			}
			guard := 0.0
			if apLeft > 0 {
				guard = max(t[apLeft-1]-t[apLeft], 0)
			}
			cw.Daze[kk] = max(rest-less, 0) + guard
		} else {
			cw.Stun[kk] = rest + max(t[0]-t[apLeft], 0)
		}
	}
	return &cw
}
