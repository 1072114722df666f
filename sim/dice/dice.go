package dice

import (
	"math/bits"
	"math/rand/v2"
)

// D10 returns one ten-sided die, 1..10 (face 0 reads 10, rulebook "The dice"), from r.
// It uses Lemire's multiply-and-reject method on 32 bits, so it is unbiased.
func D10(r *rand.PCG) int {
	for {
		hi, lo := bits.Mul32(uint32(r.Uint64()>>32), 10)
		// Rejection threshold: (2^32 - 10) % 10 == 6.
		if lo >= 6 {
			return int(hi) + 1
		}
	}
}

// D5 returns 1D5 = ceil(d10/2) (rulebook "The dice": 1 and 2 give 1, 3 and 4 give 2, ...).
func D5(r *rand.PCG) int { return (D10(r) + 1) / 2 }

// Roll rolls n dice of sides faces (5 or 10) plus plus, as in "2D5+3".
func Roll(r *rand.PCG, n, sides, plus int) int {
	s := plus
	for range n {
		if sides == 5 {
			s += D5(r)
		} else {
			s += D10(r)
		}
	}
	return s
}

// Pool describes one action roll (R1-R4): Dice d10 are rolled and the highest is kept.
// The zero value is not usable; Dice must be at least 1.
type Pool struct {
	// Dice is the number of d10 rolled: the level, +1 with Heroic in the field,
	// minus the mastery dice already spent, never below 1 (R1, R4).
	Dice int
	// CritFrom is the lowest critical face: 10, or 9 for "CH = 9-10" weapons (R2).
	// Zero means 10.
	CritFrom int
	// CFMax is the highest critical-failure face: 1 normally, 2 for shots, 3 for the
	// AV shot, 0 when Specialist or the weapon removes critical failures (R3).
	CFMax int
	// Reroll is the mastery policy (R4): when the kept face is at most Reroll, one
	// mastery die is spent to reroll the lowest die (the rulebook example rerolls the
	// 2 of a 2-and-3 roll, seed 000 line 367). Zero means no mastery die is spent.
	Reroll int
	// RerollAll is the Master X policy (skills list): when the kept face, after any
	// mastery reroll, is at most RerollAll, the whole pool is rolled again for free.
	// Zero means no such reroll.
	RerollAll int
	// Fate is a free reroll of the lowest die granted by a dice-tool spell
	// (rooted-fate: "the ally may reroll one die of its next roll"), read as
	// R4's reroll: when the kept face is at most Fate, the lowest die is rolled
	// again. It comes before the mastery reroll, which then reads the new face,
	// and costs no die for the later rolls. Zero means no such reroll.
	Fate int
	// Aura is a second free reroll of the lowest die, an ally's aura's "one
	// free reroll of one die per defence" (skills.md section 3, pattern D;
	// sim/auragrants.go), read as Fate: when the kept face, after the Fate
	// reroll, is at most Aura, the lowest die is rolled again, before the
	// mastery reroll. Zero means no such reroll.
	Aura int
	// ForcedFrom is an enemy's forced reroll from a dice-tool spell ("force
	// an enemy reroll", skills.md 4.3; sim/forced.go): when the kept face of
	// the first roll is at least ForcedFrom, the highest die is rolled again,
	// as an opponent's Duellist 1 does (RollForced), before the roller's own
	// Fate, mastery and Master rerolls. Zero means no such reroll.
	ForcedFrom int
	// Fixed is a result fixed by a dice-tool spell ("a roll's result fixed at
	// the caster's I + 2", skills.md 4.3; sim/fixed.go): when it is from 1 to
	// 10, no die is rolled and the kept face and the value are Fixed, with no
	// critical hit or failure (R2 and R3 read a die's face) and none of the
	// rerolls above. Zero means a rolled result.
	Fixed int
	// Stored is a d10 face kept by a dice-tool spell to replace a later die
	// ("a d10 kept to replace a later one", skills.md 4.3; sim/stored.go):
	// after every reroll, when it is higher than the kept face it replaces
	// that die, so the kept face is the higher of the two, a die's face for
	// the CH and the CF. Zero means none.
	Stored int
	// RerollBonus is added to the roll's value when a mastery die is spent on
	// it (Reroll): a charm's "+2 sur une relance de maîtrise" (sim/items.go).
	// The kept face, and with it the CH and the CF, is the die's own (R2, R3).
	RerollBonus int
	// Boost is an ally's aura's "+1D10 to the final total" of an attack
	// (skills.md section 3, pattern D; sim/auragrants.go): when the kept
	// face, after every reroll, is neither a CF nor a CH and at most Boost,
	// a plain d10 (no CH, no CF) is added to the value. Zero means none.
	Boost int
	// CFReroll is a free reroll of a CF (skills.md section 3, pattern D:
	// "once per game, it and its allies may reroll one CF for free";
	// sim/auragrants.go): when the kept face, after the Fate, Aura, mastery
	// and Master rerolls, is in the CF range, the lowest die is rolled
	// again (the best of the others, CF faces too, stays), before a Stored
	// face.
	CFReroll bool
}

func (p Pool) critFrom() int {
	if p.CritFrom == 0 {
		return 10
	}
	return p.CritFrom
}

// Result is one rolled action: the kept face, the dice value added to the total
// (the face plus every critical reroll), and whether it is a critical hit or failure.
type Result struct {
	Face        int
	Value       int
	Critical    bool // CH: the kept face is in the critical range (R2)
	Failure     bool // CF: the kept face is in the CF range (R3)
	Mastery     bool // a mastery die was spent (R4)
	Forced      bool // an opponent's Duellist forced dice to be rolled again
	MasterUse   bool // the Master X free reroll was used
	FateUse     bool // the Fate reroll of a dice-tool spell was used
	AuraUse     bool // the Aura reroll of an ally's aura was used
	StoreUse    bool // the Stored face replaced a die
	BoostUse    bool // the Boost d10 was added
	CFRerollUse bool // the CFReroll was used
	// ForcedBySpell: an enemy's dice-tool spell forced the highest die to be
	// rolled again (ForcedFrom). Forced is then set only when a Duellist's
	// reroll was asked for too (RollForced).
	ForcedBySpell bool
}

// Roll rolls the pool with r.
//
// It is finish with no die rolled yet (best 0): small enough to be inlined, so
// that the pool is not copied through memory and the Result comes back from one
// call (the compiler spilled a returned Pool or Result and copied it with
// 16-byte moves whose loads stalled on the narrower stores before them; issue
// #13, perf annotate of BenchmarkSampleExchange).
//
// A pool with ForcedFrom or Fixed goes on to rollForced from finish, so that
// Roll stays inlined.
func (p Pool) Roll(r *rand.PCG) Result { return p.finish(r, max(p.Dice, 1), 0, false) }

// RollForced rolls the pool like Roll, except that when the kept face of the first
// roll is at least from (0: never), an opponent with Duellist X forces x of the dice
// to be rolled again, the highest ones (skills list: "Duellist X: can make an
// opponent in his ZOC reroll X dice of a melee attack or melee defence roll"). The
// roller's own mastery and Master rerolls come after, on the new dice. The
// pool's ForcedFrom adds one die to x, and the lower of the two thresholds is
// used (a Duellist and a dice-tool spell's forced reroll on the same roll).
func (p Pool) RollForced(r *rand.PCG, x, from int) Result { return p.rollForced(r, x, from) }

func (p *Pool) rollForced(r *rand.PCG, x, from int) Result {
	if p.Fixed > 0 { // a result fixed by a spell: no die (sim/fixed.go)
		return Result{Face: p.Fixed, Value: p.Fixed}
	}
	if x <= 0 || from <= 0 {
		x, from = 0, 0
	}
	duellist := x > 0
	if f := p.ForcedFrom; f > 0 {
		x++
		if from == 0 || f < from {
			from = f
		}
	}
	if x <= 0 {
		return p.finish(r, max(p.Dice, 1), 0, false)
	}
	n := min(max(p.Dice, 1), 8)
	var d [8]int
	best := 0
	for i := range n {
		d[i] = D10(r)
		best = max(best, d[i])
	}
	forced := false
	if best >= from {
		forced = true
		// Sort the dice from the highest down (at most 8: insertion sort), then roll
		// the x highest again.
		for i := 1; i < n; i++ {
			for j := i; j > 0 && d[j] > d[j-1]; j-- {
				d[j], d[j-1] = d[j-1], d[j]
			}
		}
		best = 0
		for i := range n {
			if i < x {
				d[i] = D10(r)
			}
			best = max(best, d[i])
		}
	}
	if p.ForcedFrom == 0 {
		return p.finish(r, n, best, forced)
	}
	res := p.finish(r, n, best, forced && duellist)
	res.ForcedBySpell = forced
	return res
}

// finish applies the mastery and Master rerolls (R4) to a roll of n dice whose best
// face is best (0: rolls them first), then the critical hit or failure (R2, R3); forced says whether a
// Duellist forced a reroll.
//
// The flags are kept in locals and the Result written once at the end: setting
// the fields of a Result one by one and copying it stalled the processor's store
// forwarding (issue #13, perf annotate of BenchmarkSampleExchange).
func (p *Pool) finish(r *rand.PCG, n, best int, forced bool) Result {
	if best == 0 { // not rolled yet (Roll): a rolled face is at least 1
		if p.ForcedFrom|p.Fixed != 0 {
			return p.rollForced(r, 0, 0) // an enemy's forced reroll or a fixed result
		}
		for range n {
			// D10, written out so that the generator's step is inlined here: the
			// call per die was about a tenth of a sampled exchange (issue #13,
			// BenchmarkSampleExchange). The same draws: a rejected one is followed
			// by D10's.
			hi, lo := bits.Mul32(uint32(r.Uint64()>>32), 10)
			d := int(hi) + 1
			if lo < 6 { // rejection threshold: (2^32 - 10) % 10 == 6
				d = D10(r)
			}
			best = max(best, d)
		}
	}
	mastery, masterUse, fateUse, storeUse, auraUse := false, false, false, false, false
	if p.Fate > 0 && best <= p.Fate {
		fateUse = true
		d := D10(r)
		if n == 1 {
			best = d
		} else {
			best = max(best, d) // the lowest die, as the mastery reroll below
		}
	}
	if p.Aura > 0 && best <= p.Aura {
		auraUse = true
		d := D10(r)
		if n == 1 {
			best = d
		} else {
			best = max(best, d) // the lowest die, as the mastery reroll below
		}
	}
	if p.Reroll > 0 && best <= p.Reroll {
		mastery = true
		d := D10(r)
		if n == 1 {
			best = d
		} else {
			// The lowest die is rerolled; the best of the others stays (lowest <= best).
			best = max(best, d)
		}
	}
	if p.RerollAll > 0 && best <= p.RerollAll {
		masterUse = true
		best = 0
		for range n {
			best = max(best, D10(r))
		}
	}
	cfUse := false
	if p.CFReroll && best <= p.CFMax {
		cfUse = true
		d := D10(r)
		if n == 1 {
			best = d
		} else {
			best = max(best, d) // the lowest die; the others are CFs too
		}
	}
	if p.Stored > best { // the kept d10 replaces the kept die (sim/stored.go)
		best, storeUse = p.Stored, true
	}
	failure := best <= p.CFMax
	cf := p.critFrom()
	bonus := 0
	if mastery {
		bonus = p.RerollBonus
	}
	if best < cf {
		value, boostUse := best+bonus, false
		if p.Boost > 0 && !failure && best <= p.Boost {
			value, boostUse = value+D10(r), true // a plain d10: no CH, no CF
		}
		return Result{Face: best, Value: value, Failure: failure, Mastery: mastery, Forced: forced, MasterUse: masterUse, FateUse: fateUse, StoreUse: storeUse, AuraUse: auraUse, BoostUse: boostUse, CFRerollUse: cfUse}
	}
	value := best + bonus
	for {
		d := D10(r)
		if d <= p.CFMax {
			break // R2: a reroll in the CF range adds 0 and stops.
		}
		value += d
		if d < cf {
			break
		}
	}
	return Result{Face: best, Value: value, Critical: true, Failure: failure, Mastery: mastery, Forced: forced, MasterUse: masterUse, FateUse: fateUse, StoreUse: storeUse, AuraUse: auraUse, CFRerollUse: cfUse}
}

// Best returns the highest of n d10 (at least one), as an armour roll under the
// armour-level-dice option (R12).
func Best(r *rand.PCG, n int) int {
	b := D10(r)
	for i := 1; i < n; i++ {
		b = max(b, D10(r))
	}
	return b
}
