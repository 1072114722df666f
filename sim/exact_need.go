package sim

import (
	"sync"

	"github.com/kharn-ages/kharn/sim/dice"
)

// Outcome tables of defence rolls by "need" (issue #13). What a defence roll
// does against an attack total t, the best response's figures of a candidate
// (partsRow) and the outcomes the exact engine resolves (rowOutcomes), depends
// on t only through need = t - the defence's modifier: the mastery threshold
// (defenceReroll) and the stop, hit and CF probabilities (rollOutcomes) are
// functions of need, the pool and a few flags. So they are worked out once per
// need in a table shared by every plan of the process, instead of once per
// total, decision row, candidate and exchange: a 5 AP defender's rows that
// differ only by its AP, the k = 0..AP of a fight option's table (exactByAP)
// and the effect choices of one attack all read the same tables. An entry is
// what rollOutcomes computes, with the same arguments, so results do not move
// by a bit (TestExactStable, TestNeedTable).

// needKey identifies a need table: the defence pool before its rerolls (base
// and dice), whether the mastery reroll and the Master X reroll apply, the
// variant's ch-auto-success, the attack's CH flag and the shield.
type needKey struct {
	pool                  dice.Pool // Reroll, RerollAll, Fate, ForcedFrom and Fixed zero
	reroll, rerollAll     bool
	tools                 toolBits // dice tools of spells (sim/fate.go, forced.go, fixed.go)
	aura                  bool     // an ally's aura's free reroll (sim/auragrants.go)
	cfReroll              bool     // the Spearhead's CF reroll of the game (sim/auragrants.go)
	chAuto, attCH, shield bool
}

// needTable holds, by need (0 for every need <= 0, the last entry for every
// need past it), the outcomes of each of the two defence rolls (no mastery die
// spent, one spent) and their sum, the best response's figure.
type needTable struct {
	e []needEntry
}

// needEntry is one need's outcomes: m as rowOutcomes returns them, sum as
// partsRow does (m.o[0] plus m.o[1], in that order).
type needEntry struct {
	m   outMemo
	sum stopParts
}

// at returns the entry of need n.
func (nt *needTable) at(n int) *needEntry {
	return &nt.e[min(max(n, 0), len(nt.e)-1)]
}

// needTables maps a needKey to its *needTable; tables are never modified once
// stored.
var needTables sync.Map

// needTableOf returns the need table of k, built on first use.
func needTableOf(k needKey) *needTable {
	if t, ok := needTables.Load(k); ok {
		return t.(*needTable)
	}
	t := buildNeedTable(k)
	v, _ := needTables.LoadOrStore(k, t)
	return v.(*needTable)
}

// buildNeedTable computes every entry of k's table with the functions the plan
// used per total: defenceReroll for the thresholds, the shared split tails,
// rollOutcomes. Past need 10 the thresholds no longer move (they stop at 9),
// and past the tails' length every stop probability is 0: the entries from
// there on are all equal and one is kept.
func buildNeedTable(k needKey) *needTable {
	ex := &Exchange{Variant: Variant{CHAutoSuccess: k.chAuto}}
	v := ex.Variant
	tailsOf := func(need int) [2]*splitTail {
		p := k.pool
		if k.reroll {
			p.Reroll = ex.defenceReroll(p, need, 0, k.attCH)
		}
		if k.rerollAll {
			p.RerollAll = ex.defenceReroll(p, need, 0, k.attCH)
		}
		if k.aura {
			p.Aura = ex.defenceReroll(p, need, 0, k.attCH)
		}
		p.CFReroll = k.cfReroll
		if k.tools.has(toolFate) {
			p.Fate = ex.defenceReroll(p, need, 0, k.attCH)
		}
		if k.tools.has(toolForced) {
			p.ForcedFrom = forcedDefenceFrom(ex.defenceReroll(p, need, 0, k.attCH))
		}
		p.Fixed, p.Stored = k.tools.fixed(), k.tools.stored()
		return splitTailsOf(p)
	}
	last := 10
	for _, tl := range tailsOf(last) {
		last = max(last, len(tl.plain), len(tl.ch))
	}
	t := &needTable{e: make([]needEntry, last+1)}
	for need := range t.e {
		en := &t.e[need]
		var sum stopParts
		for used, tl := range tailsOf(need) {
			o := rollOutcomes(v, tl, need, 0, k.attCH, k.shield)
			sum = sum.plus(o)
			if tl.cf+tl.crit+atLeast(tl.plain, 0) == 0 {
				continue
			}
			en.m.n[used], en.m.cf[used], en.m.o[used] = true, tl.cf, o
		}
		en.m.set, en.sum = true, sum
	}
	return t
}

// needTableFor returns the need table of candidate tails ct for a defender in
// the decision context of s, against the main or the free attack, with the
// attack's CH flag, from the plan's own list of the tables it has used (a
// handful: a lookup in the shared map per row and candidate cost more).
func (pl *plan) needTableFor(ct *candTails, s state, free, attCH, shield bool) *needTable {
	p := ct.base
	p.Dice += int(s.defDice)
	aFree := pl.main.Free
	if free {
		aFree = pl.free.Free
	}
	k := needKey{
		pool:      p,
		reroll:    !aFree && s.defMastery > 0 && pl.ex.Policy.DefenceMastery,
		rerollAll: !aFree && s.defMaster && pl.ex.Defender.Skills.Master&FieldDefensive != 0,
		tools:     s.defTools.main(aFree || free),
		aura:      pl.ex.Defender.Skills.Aura.DefenceReroll,
		cfReroll:  !aFree && !free && pl.ex.DefenderCFReroll,
		chAuto:    pl.ex.Variant.CHAutoSuccess,
		attCH:     attCH,
		shield:    shield,
	}
	for i := range pl.needs {
		// The flags and the dice first: most keys of a plan differ there,
		// and comparing the whole key (a hundred bytes) for every table the
		// plan holds was a third of this look-up (issue #13).
		if u := &pl.needs[i]; u.k.attCH == k.attCH && u.k.shield == k.shield && u.k.reroll == k.reroll &&
			u.k.pool.Dice == k.pool.Dice && u.k == k {
			return u.t
		}
	}
	t := needTableOf(k)
	if len(pl.needs) == cap(pl.needs) {
		sl := getSlabs() // planalloc.go: grown in pieces of chunks
		grown := sl.needs.take(max(4, 2*cap(pl.needs)))
		putSlabs(sl)
		pl.needs = grown[:copy(grown, pl.needs)]
	}
	pl.needs = append(pl.needs, usedNeed{k, t})
	return t
}

// usedNeed is a need table a plan has used (plan.needs).
type usedNeed struct {
	k needKey
	t *needTable
}
