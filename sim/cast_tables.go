package sim

import (
	"sync"

	"github.com/kharn-ages/kharn/profiles"
)

// castKey identifies a cast plan of a fight (initMagic): what Cast.plan reads of
// the Cast it is given there, the two fighters by content (Tables.fighterKey).
// initMagic sets no battlefield, defence, AP value, and always Reroll and
// DefenceMastery; a plan made elsewhere is not kept.
type castKey struct {
	caster, target string
	spell          *profiles.Spell
	difficulty, ap int
	allied, enemy  bool
	variant        Variant
}

// castEntry is one cast plan, made once by the first engine that asks.
type castEntry struct {
	once sync.Once
	pl   *castPlan
	err  error
}

// castPlan returns c.plan() for a Cast that initMagic made, from the run's
// tables when the engine has them. The equal-budget battles of a fair-cost
// search set up an engine per opponent and pair of side sizes, each planning
// the same casts of the same two cards again: 64% of initMagic, which was 13%
// of the report's CPU on the embedded data (docs/benchmarks.md, "Seventh
// round"). A plan is read-only once made; what it reads of c.Caster and
// c.Target is their content, the same for every engine of the key.
func (e *engine) castPlan(c *Cast) (*castPlan, error) {
	t := e.tables
	if t == nil || !c.Reroll || !c.DefenceMastery || c.Battlefield != (Battlefield{}) || c.Defence != nil || c.APValue != 0 {
		return c.plan()
	}
	k := castKey{caster: t.castViewKey(c.Caster), target: t.castViewKey(c.Target), spell: c.Spell,
		difficulty: c.Difficulty, ap: c.AP, allied: c.Allied, enemy: c.enemy, variant: c.Variant}
	v, _ := t.casts.LoadOrStore(k, &castEntry{})
	ent := v.(*castEntry)
	ent.once.Do(func() { ent.pl, ent.err = c.plan() })
	return ent.pl, ent.err
}
