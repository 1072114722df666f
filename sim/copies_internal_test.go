package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestTwoCopiesOfAWeapon checks two copies of one weapon (profiles/copies.go;
// catalogue.md 4.5 baseEquipmentCounts, 5.1 addedEquipmentCounts): two
// daggers are a weapon in each hand (seed 000 line 1722), so an Ambidextrous
// Safar splits a 3 AP attack into two 2 AP dagger attacks (skills.md #21),
// once, not once per order of the identical pair; its option table lists
// each dagger attack once.
func TestTwoCopiesOfAWeapon(t *testing.T) {
	dagger := &profiles.Equipment{ID: "dagger", Kind: profiles.KindMelee, Hands: 1, Effects: profiles.Effects{CriticalFrom: 10, DamageBonus: 1}}
	for _, ambi := range []bool{false, true} {
		var sk []profiles.Skill
		if ambi {
			sk = append(sk, profiles.Skill{Name: profiles.SkillAmbidextrous})
		}
		a := &profiles.Profile{ID: "twin", Name: "twin", Level: 2, Stature: 2, AP: 5, HP: 14,
			Stats: profiles.Stats{V: 4, P: 4, A: 5, C: 4, T: 4, I: 4}, Skills: sk}
		d := &profiles.Profile{ID: "guard", Name: "guard", Level: 2, Stature: 2, AP: 5, HP: 14, Stats: strongGuard}
		f := NewFighter(a, []*profiles.Equipment{dagger, dagger})
		if f.Melee != dagger || f.Offhand != dagger {
			t.Fatalf("two daggers: in hand %v, other hand %v; want a dagger in each", f.Melee, f.Offhand)
		}
		if one := NewFighter(a, []*profiles.Equipment{dagger}); one.Offhand != nil {
			t.Fatalf("one dagger: other hand %v, want none", one.Offhand)
		}
		e, err := newEngine([]*Fighter{f, NewFighter(d, nil)}, []int{SideA, SideB}, Variant{}, [2]FightPolicy{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		splits := 0
		for _, o := range e.opts[0][1] {
			if o.split > 0 {
				splits++
				continue
			}
			seen[o.attack.String()+" "+o.weapon.ID]++
		}
		for k, n := range seen {
			if n > 1 {
				t.Errorf("ambidextrous %v: option %s listed %d times", ambi, k, n)
			}
		}
		if want := map[bool]int{false: 0, true: 1}[ambi]; splits != want {
			t.Errorf("ambidextrous %v: %d split options, want %d", ambi, splits, want)
		}
	}
}
