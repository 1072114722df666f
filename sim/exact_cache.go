package sim

import (
	"sync"
	"unsafe"

	"github.com/kharn-ages/kharn/profiles"
)

// The candidate defences of a fresh exchange, shared by the exchanges that
// ask them again (issue #13, eleventh round). A plan made by newPlan (Exact,
// a Sampler, a split exchange, an option's trial) lists the legal defences
// (Exchange.candidates, checkDefence), keeps those the best response may
// prefer (plan.undominated), values their counter damage (plan.counterOf)
// and, with A effects, the free attack's expected damage by AP
// (plan.expectedFrees). All of it reads the exchange, its two fighters and
// what they point to, nothing else; it was about 40% of the 2 AP exchange
// and a third of the 3 AP one, computed again by every fresh Exchange.
//
// The caches keep it per exCacheKey: every field of the Exchange, of the
// policy's values and of both fighters, by value, the profiles and items by
// identity (a data set's profiles and items are not changed once loaded, as
// Tables.fighterKey assumes). A cached entry is read only: the plans copy its
// slices' headers and pointers, never write through them. Each goroutine
// takes a cache of its own from a sync.Pool, as the plans' scratch and
// chunks (planalloc.go), so runner workers share no lock; a cache is bounded
// (exCacheMax entries, then emptied), and a hit or a miss gives the same
// values, so results do not depend on what a cache holds. (A sync.Map boxed
// the key of every look-up: one allocation per plan.)

// exCacheMax bounds the entries of one cache: when it is full, the next
// store empties it. An entry holds about 3 KB (two lists of a dozen
// defences, up to twelve counter damage specs, the key).
const exCacheMax = 1024

// exCache maps an exCacheKey to what newPlan computed for it.
type exCache struct{ m map[exCacheKey]*exEntry }

// exactCaches holds the caches not in use.
var exactCaches = sync.Pool{New: func() any { return &exCache{m: map[exCacheKey]*exEntry{}} }}

// exEntry is what newPlan computed for one exCacheKey: the candidates
// against the main and the free attack, the counter damage entries
// undominated valued, the free attack's expected damage by AP. It owns its
// memory (specs, ctrs, the defences' array) rather than pinning the chunks
// the plan took it from (planalloc.go).
type exEntry struct {
	cands     [2][]Defence
	counters  [4][3]*counterEntry
	freeValue []float64
	ctrs      [4][3]counterEntry
	specs     [4][3]damageSpec
}

// Inline capacity of the slices of a fighter in its key: a fighter with
// more mastery dice, unmodelled skills or flasks is not cached.
const (
	keyMastery = 8
	keyOther   = 8
	keyFlasks  = 4
)

// exCacheKey is what the plan's candidates, counters and free values read:
// the exchange with its fighters and the policy's pointers taken out, the
// values those pointers point to, and both fighters (exFighterKey).
// TestExCacheKey fails when one of their fields does not change the key.
type exCacheKey struct {
	ex                 Exchange
	reserve            [8]float64
	counterStatus      CounterWorth
	defence            Defence
	hasReserve, hasCS  bool
	hasDefence         bool
	attacker, defender exFighterKey
}

// skillBytes is the memory of Skills before Other: every field there is a
// number or a flag (TestExCacheKey), so equal bytes are equal skills.
type skillBytes = [unsafe.Offsetof(Skills{}.Other)]byte

// exFighterKey is a Fighter by value: its slices inline, its profile and
// items by identity.
type exFighterKey struct {
	profile                                        *profiles.Profile
	weapon, melee, ranged, offhand, shield, helmet *profiles.Equipment
	armour, under                                  *profiles.ArmourStats
	skills                                         skillBytes
	other                                          [keyOther]string
	mastery                                        [keyMastery]Fields
	flasks                                         [keyFlasks]profiles.Dice
	rerollBonus                                    [5]int8
	nOther, nMastery, nFlasks                      int8
	shieldBoxes, helmetBoxes, armourBoxes          int
	underBoxes, poisonDoses, antidotes, defDoses   int
	ap, dice, criticalLower                        int
	poisonImmune, bleeding                         bool
}

// A key must be comparable: this map type does not compile otherwise.
var _ map[exCacheKey]struct{}

// fighterKeyOf fills k with f; ok is false when a slice of f is longer than
// its key holds.
func fighterKeyOf(k *exFighterKey, f *Fighter) (ok bool) {
	if len(f.Skills.Other) > keyOther || len(f.Mastery) > keyMastery || len(f.Items.Flasks) > keyFlasks {
		return false
	}
	*k = exFighterKey{
		profile: f.Profile, weapon: f.Weapon, melee: f.Melee, ranged: f.Ranged, offhand: f.Offhand,
		shield: f.Shield, helmet: f.Helmet, armour: f.Armour, under: f.Under,
		skills:      *(*skillBytes)(unsafe.Pointer(&f.Skills)),
		rerollBonus: f.Items.RerollBonus,
		nOther:      int8(len(f.Skills.Other)), nMastery: int8(len(f.Mastery)), nFlasks: int8(len(f.Items.Flasks)),
		shieldBoxes: f.ShieldBoxes, helmetBoxes: f.HelmetBoxes, armourBoxes: f.ArmourBoxes,
		underBoxes: f.UnderBoxes, poisonDoses: f.PoisonDoses, antidotes: f.Items.Antidotes, defDoses: f.Items.DefenceDoses,
		ap: f.AP, dice: f.Dice, criticalLower: f.CriticalLower,
		poisonImmune: f.Items.PoisonImmune, bleeding: f.Bleeding,
	}
	copy(k.other[:], f.Skills.Other)
	copy(k.mastery[:], f.Mastery)
	copy(k.flasks[:], f.Items.Flasks)
	return true
}

// exCacheKeyOf fills k with ex; ok is false when ex cannot be cached (a
// fighter's slices too long, or a fighter missing).
func exCacheKeyOf(k *exCacheKey, ex *Exchange) (ok bool) {
	if ex.Attacker == nil || ex.Defender == nil {
		return false
	}
	k.ex = *ex
	k.ex.Attacker, k.ex.Defender = nil, nil
	p := &k.ex.Policy
	k.reserve, k.counterStatus, k.defence = [8]float64{}, CounterWorth{}, Defence{}
	k.hasReserve, k.hasCS, k.hasDefence = p.Reserve != nil, p.CounterStatus != nil, p.Defence != nil
	if k.hasReserve {
		k.reserve = *p.Reserve
	}
	if k.hasCS {
		k.counterStatus = *p.CounterStatus
	}
	if k.hasDefence {
		k.defence = *p.Defence
	}
	p.Reserve, p.CounterStatus, p.Defence = nil, nil, nil
	return fighterKeyOf(&k.attacker, ex.Attacker) && fighterKeyOf(&k.defender, ex.Defender)
}

// exLookup is one plan's look-up in a cache: its key, the cache (nil: its
// goroutine's, from exactCaches; tests give their own) and whether it hit.
type exLookup struct {
	k   exCacheKey
	c   *exCache
	hit bool
}

// cachedPlan gives pl the candidates, counters and free values of its
// exchange from the cache of lu; it reports whether it did (lu.hit) and
// whether pl should store them once computed (ok: the exchange can be
// cached and was not found).
func (pl *plan) cachedPlan(lu *exLookup) (hit, store bool) {
	if !exCacheKeyOf(&lu.k, pl.ex) {
		return false, false
	}
	c := lu.c
	if c == nil {
		c = exactCaches.Get().(*exCache)
	}
	e := c.m[lu.k]
	if lu.c == nil {
		exactCaches.Put(c)
	}
	if e == nil {
		return false, true
	}
	pl.candidates, pl.counters, pl.freeValue = e.cands, e.counters, e.freeValue
	lu.hit = true
	return true, false
}

// storePlan keeps in the cache of lu what pl computed, copied into memory of
// its own.
func (pl *plan) storePlan(lu *exLookup) {
	e := new(exEntry)
	n := len(pl.candidates[0]) + len(pl.candidates[1])
	defs := make([]Defence, n)
	copy(defs, pl.candidates[0])
	copy(defs[len(pl.candidates[0]):], pl.candidates[1])
	n0 := len(pl.candidates[0])
	e.cands[0] = defs[:n0:n0]
	if pl.candidates[1] != nil {
		e.cands[1] = defs[n0:n:n]
	}
	for i := range pl.counters {
		for j, c := range pl.counters[i] {
			if c == nil {
				continue
			}
			e.ctrs[i][j] = counterEntry{value: c.value}
			if c.spec != nil {
				e.specs[i][j] = *c.spec
				e.ctrs[i][j].spec = &e.specs[i][j]
			}
			e.counters[i][j] = &e.ctrs[i][j]
		}
	}
	e.freeValue = pl.freeValue
	c := lu.c
	if c == nil {
		c = exactCaches.Get().(*exCache)
	}
	if len(c.m) >= exCacheMax {
		clear(c.m)
	}
	c.m[lu.k] = e
	if lu.c == nil {
		exactCaches.Put(c)
	}
}
