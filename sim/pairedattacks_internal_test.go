package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// TestPairedFreeAttacks checks paired_free_attacks (skills.md section 3 F:
// "once per game, holding two one-handed weapons, two 2 AP attacks without
// spending AP and without mastery dice"; sim/pairedattacks.go): its first two
// 2 AP melee attacks with two clubs in hand cost no AP and spend no mastery
// die (a card without the rule, at the same seeds, spends some), the third
// costs 2 AP, and in a later activation none is free again (once per game);
// with one club, none is free. Each free attack is traced. Fails before: no
// such field, every attack cost its AP.
func TestPairedFreeAttacks(t *testing.T) {
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1}
	mk := func(id string, own profiles.OwnRules, items ...*profiles.Equipment) *Fighter {
		p := &profiles.Profile{ID: id, Name: id, Faction: profiles.Kharns, Level: 2, Stats: profiles.Stats{V: 4, P: 4, A: 4, C: 4, T: 3, I: 3},
			Stature: 3, AP: 6, HP: 500, Own: own, Mastery: [][]profiles.Field{{profiles.Offensive}, {profiles.Offensive}}}
		return NewFighter(p, items)
	}
	guard := mk("guard", profiles.OwnRules{}, club)
	setUp := func(e *engine) {
		fateSetUp(e)
		c := &e.c[0]
		c.ap = 6
		for k, m := range c.f.Mastery {
			c.mastery[k] = m
		}
		c.nMastery = len(c.f.Mastery)
	}
	spentWith, spentPlain := 0, 0
	for seed := range uint64(40) {
		for _, rule := range []bool{true, false} {
			f := mk("twin-clubs", profiles.OwnRules{PairedFreeAttacks: rule}, club, club)
			if f.Offhand == nil {
				t.Fatal("two clubs: no second weapon in hand")
			}
			e := battle(t, []*Fighter{f}, []*Fighter{guard})
			setUp(e)
			var b strings.Builder
			e.trace = &b
			r := rand.NewPCG(seed, 21)
			opt := meleeOpt(t, e, 0, 1)
			c := &e.c[0]
			for k := range 2 {
				n := c.nMastery
				e.attack(r, 0, action{kind: actAttack, opt: opt, target: 1})
				switch {
				case rule && (c.ap != 6 || c.nMastery != n):
					t.Fatalf("seed %d, free attack %d: AP %d (want 6), mastery dice %d -> %d (want none spent)\n%s", seed, k+1, c.ap, n, c.nMastery, b.String())
				case !rule && c.ap != 6-2*(k+1):
					t.Fatalf("seed %d, no rule, attack %d: AP %d, want %d", seed, k+1, c.ap, 6-2*(k+1))
				case rule:
					spentWith += n - c.nMastery
				default:
					spentPlain += n - c.nMastery
				}
			}
			if got := strings.Count(b.String(), "(paired_free_attacks)"); rule && got != 2 || !rule && got != 0 {
				t.Fatalf("seed %d, rule %v: %d free attacks traced\n%s", seed, rule, got, b.String())
			}
			if !rule {
				continue
			}
			e.attack(r, 0, action{kind: actAttack, opt: opt, target: 1})
			if c.ap != 4 {
				t.Fatalf("seed %d: the third attack left %d AP, want 4", seed, c.ap)
			}
			// A later activation: none is free (once per game).
			c.pairedLeft = 0 // as its activation start does (engine.activate)
			c.ap = 6
			e.attack(r, 0, action{kind: actAttack, opt: opt, target: 1})
			if c.ap != 4 {
				t.Fatalf("seed %d: an attack after the free ones left %d AP, want 4", seed, c.ap)
			}
		}
	}
	if spentWith != 0 || spentPlain == 0 {
		t.Errorf("mastery dice spent on the first two attacks: %d with the rule (want 0), %d without (want some)", spentWith, spentPlain)
	}
	// One club: no free attack.
	e := battle(t, []*Fighter{mk("one-club", profiles.OwnRules{PairedFreeAttacks: true}, club)}, []*Fighter{guard})
	setUp(e)
	e.attack(rand.NewPCG(1, 1), 0, action{kind: actAttack, opt: meleeOpt(t, e, 0, 1), target: 1})
	if e.c[0].ap != 4 {
		t.Errorf("one club: AP %d after a 2 AP attack, want 4", e.c[0].ap)
	}
}
