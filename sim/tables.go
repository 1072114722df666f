package sim

import (
	"fmt"
	"sync"
)

// Tables shares the option tables of fights (every attack of one kind of Safar
// against another with its exact expected figures, the bulk of Duel.NewPlayer and
// Skirmish.NewPlayer: BenchmarkDuelSetup) between the duels, skirmishes and
// equal-budget battles of one run. A table depends only on the two fighters, the
// exchange policy their sides' fight policies make (optionsKey) and the rules
// variant, so a report builds the table of
// one attacker kind against one defender kind once, for its matchups, its fair
// costs and its loadout comparisons. Fighters are told apart by content: two
// Fighters made by NewFighter from the same profile and items share their tables.
// The zero Tables is ready to use and safe for concurrent use; it keeps every
// table until it is dropped, so make one per run.
type Tables struct {
	m sync.Map // optionsKey -> *tableEntry
	// keys memoises fighterKey per *Fighter.
	keys sync.Map
	// defKeys memoises defenderKey per *Fighter (sim/tables_defender.go).
	defKeys sync.Map
	// castKeys memoises castViewKey per *Fighter (sim/cast_view.go).
	castKeys sync.Map
	// mods holds the threat tables of modified cards (sim/magic_effects.go).
	mods sync.Map // modTableKey -> *modEntry
	// fates holds the gains of a dice-tool reroll (sim/magic_fate.go).
	fates sync.Map // fateTableKey -> *modEntry
	// casts holds the cast plans of fights (sim/cast_tables.go).
	casts sync.Map // castKey -> *castEntry
}

// tableEntry is one option table, computed once by the first engine that asks.
type tableEntry struct {
	once sync.Once
	opts []fightOption
	err  error
}

// optionKey identifies the option table of one attacker against one defender.
type optionKey struct {
	att, def       string // fighterKey
	attPol, defPol FightPolicy
	variant        Variant
}

// fighterKey returns what an option table reads of f, as a comparable string:
// the identity of its profile and equipment (a data set's profiles and items are
// not changed once loaded) and the values of its other fields. TestFighterKey
// fails when Fighter gains a field this key does not name.
func (t *Tables) fighterKey(f *Fighter) string {
	if k, ok := t.keys.Load(f); ok {
		return k.(string)
	}
	k := FighterKey(f)
	t.keys.Store(f, k)
	return k
}

// FighterKey returns what a fight reads of f, as a comparable string: the
// identity of its profile and equipment (a data set's profiles and items are
// not changed once loaded) and the values of its other fields. Two fighters
// with the same key play the same fights (kharn report gives a loadout
// pairing the result of the matchup with the same duellists). TestFighterKey
// fails when Fighter gains a field this key does not name.
func FighterKey(f *Fighter) string {
	return fmt.Sprintf("%p %p %p %p %p %p %p %p %p %d %d %d %d %d %d %d %v %t %+v %+v %d %d %d",
		f.Profile, f.Weapon, f.Melee, f.Ranged, f.Offhand, f.Shield, f.Armour, f.Under, f.Helmet,
		f.ShieldBoxes, f.ArmourBoxes, f.UnderBoxes, f.HelmetBoxes, f.PoisonDoses, f.AP, f.Dice, f.Mastery, f.Bleeding, f.Skills, f.Items,
		f.CriticalLower, f.DefenceBonus, f.RollMod)
}

// pairKey returns the key of what engine e computes for its kind a attacking
// its kind d: the two cards, each side's policy and the rules variant.
func (t *Tables) pairKey(e *engine, a, d int) optionKey {
	s := e.kindSide[a]
	return optionKey{t.fighterKey(e.kinds[a]), t.fighterKey(e.kinds[d]), e.policies[s], e.policies[1-s], e.variant}
}

// pairKeyOf is pairKey for the pair (x, y) of a threat table: x attacks y
// when att, else y attacks x.
func (t *Tables) pairKeyOf(e *engine, x, y int, att bool) optionKey {
	if !att {
		x, y = y, x
	}
	return t.pairKey(e, x, y)
}

// threatEntry returns the entry of key k in m, a new one the first time; the
// caller fills it once (modEntry.once).
func threatEntry(m *sync.Map, k any) *modEntry {
	v, _ := m.LoadOrStore(k, &modEntry{})
	return v.(*modEntry)
}

// options returns e.options(a, d) from the tables, computing it the first time.
func (t *Tables) options(e *engine, a, d int) ([]fightOption, error) {
	en, _ := t.optionsEntry(e, a, d)
	return en.opts, en.err
}

// optionsEntry returns the filled entry of e.options(a, d) and whether it was
// held before.
func (t *Tables) optionsEntry(e *engine, a, d int) (*tableEntry, bool) {
	v, held := t.m.LoadOrStore(t.optionsKeyOf(e, a, d), &tableEntry{})
	en := v.(*tableEntry)
	en.once.Do(func() { en.opts, en.err = e.options(a, d) })
	return en, held
}

// Len returns the number of option tables held.
func (t *Tables) Len() int {
	n := 0
	t.m.Range(func(any, any) bool { n++; return true })
	return n
}
