package sim

import "fmt"

// castViewKey returns what a fight's cast plan reads of f (Cast.Check,
// Cast.plan, and the fights' reads of castPlan.c: the target's level and
// skills), as a comparable string: its profile, skills, AP, dice, mastery,
// items, lowered critical thresholds and armour. Not its weapons, shield,
// helmet, under-armour, poison or bleeding, which no cast plan reads. The
// loadouts of one caster (kharn report's loadouts stage, kharn compare) differ
// only in what is left out, so they share their cast plans instead of each
// planning every cast afresh (issue #13, docs/benchmarks.md "Tenth round").
// TestCastViewKey fails when Fighter gains a field this key does not place.
func (t *Tables) castViewKey(f *Fighter) string {
	if k, ok := t.castKeys.Load(f); ok {
		return k.(string)
	}
	k := fmt.Sprintf("%p %+v %d %d %v %+v %d %p %d",
		f.Profile, f.Skills, f.AP, f.Dice, f.Mastery, f.Items, f.CriticalLower, f.Armour, f.ArmourBoxes)
	t.castKeys.Store(f, k)
	return k
}
