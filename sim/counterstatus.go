package sim

// Statuses a counter's weapon puts on the attacker (R11, R11a, R9a).
//
// A 2 or 3 AP defence that stops a melee attack deals its counter damage with
// the weapon the defender holds (R11a, seed 000 line 786: "When using a weapon
// during a combat, its effects are not optional"). The weapon's effects go
// with that blow, as they go with an attack's: its bleeding X on the attacker
// whenever the counter deals damage (seed 000 line 1348, seed 004 line 1308:
// "loses X HP per effect at the beginning of his activation"), and its
// statuses "in case of CH" (a mace dazes, a war hammer stuns: seed 000 line
// 1062, R17) when the defence roll was a CH, the CH that R9a counts when it
// adds the defender's stature to the counter (seed 004 line 312 and lines
// 838-848: "lors d'une attaque ou d'une défense"). A defence that applies an
// effect instead of damage (a 2 AP defence without it) strikes no blow: no
// weapon status. The attacker's helmet guards against them as against an
// attack's (helmetGuard). Stopping a shot deals no counter (R11): no status.

// attStatus packs the statuses counters put on the attacker in one exchange:
// bleeding X in the low bits, dazed and stunned. One byte, so that a state
// stays within the 32 bytes the exact engine hashes (exact_index.go).
type attStatus uint8

const (
	attDazed     attStatus = 1 << 6
	attStunned   attStatus = 1 << 7
	attBleedMask attStatus = attDazed - 1 // bleeding 0-63
)

// bleeding returns the bleeding X put on the attacker.
func (a attStatus) bleeding() int { return int(a & attBleedMask) }

// dazed reports whether a counter dazed the attacker.
func (a attStatus) dazed() bool { return a&attDazed != 0 }

// stunned reports whether a counter stunned the attacker.
func (a attStatus) stunned() bool { return a&attStunned != 0 }

// bleed returns a with n more bleeding (kept at 63: three counters of one
// exchange put at most three weapons' bleeding).
func (a attStatus) bleed(n int) attStatus {
	b := min(a.bleeding()+max(n, 0), int(attBleedMask))
	return a&^attBleedMask | attStatus(b)
}

// counterStatuses returns s with the statuses of the counter blow spec on the
// attacker (spec from counterDamage: the defender's weapon's bleeding and
// on-CH status, the attacker's helmet already applied); ch is a CH on the
// defence.
func counterStatuses(s state, spec *damageSpec, ch bool) state {
	s.attStatus = s.attStatus.bleed(spec.bleeding)
	if ch {
		switch spec.onCritical {
		case "daze":
			s.attStatus |= attDazed
		case "stun":
			// Stunned, it "cannot do anything until his next activation"
			// (seed 000 line 1368): the free attacks of its A effects still
			// to come are not made.
			s.attStatus |= attStunned
			s.pending = 0
		}
	}
	return s
}

// counterBleedValue is what the best response counts for the bleeding a
// counter puts on the attacker, in HP, as expectedTaken counts an attack's on
// the defender: X per activation it is expected to last (bleedTicks).
func (pl *plan) counterBleedValue(spec *damageSpec) float64 {
	// A card's saving roll cancels it with its chance (sim/wards.go).
	return float64(spec.bleeding) * bleedTicks(pl.ex.Attacker) * (1 - saveChance(pl.ex.Attacker))
}

// counterStatus applies to attacker i the statuses st that the counters of
// its exchange put on it, by is the defender credited with its bleeding (-1:
// none). As an attack's statuses on the defender (engine.strike): bleeding
// adds up, a daze makes its next actions cost 1 AP more until its next
// activation starts, a stun ends its activation and leaves it on the ground
// (R17); both end a Berserk, and bleeding may start one (updateBerserk).
func (e *engine) counterStatus(i, by int, st attStatus) {
	if st == 0 {
		return
	}
	c := &e.c[i]
	if b := st.bleeding(); b > 0 {
		c.bleeding += b
		c.bleedBy = by
		if e.trace != nil {
			e.tracef("    %s bleeds from the counter: bleeding %d\n", e.name(i), c.bleeding)
		}
	}
	if st.dazed() {
		c.dazed = true
		if e.trace != nil {
			e.tracef("    %s is dazed by the counter\n", e.name(i))
		}
	}
	if st.stunned() {
		c.stunned, c.ground = true, true
		if e.trace != nil {
			e.tracef("    %s is stunned by the counter\n", e.name(i))
		}
	}
	e.updateBerserk(i)
}
