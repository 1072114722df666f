package sim

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// riposteFighter returns an invented level II Safar with Riposte, a club and
// a bow (5 damage, range 3/6), with or without riposte_shot.
func riposteFighter(id string, rule bool) *Fighter {
	club := &profiles.Equipment{ID: "club", Kind: profiles.KindMelee, Hands: 1}
	bow := &profiles.Equipment{ID: "bow", Kind: profiles.KindRanged, Hands: 2,
		Effects: profiles.Effects{FixedDamage: &profiles.Dice{Plus: 5}, Range: &profiles.Range{Short: 3, Long: 6}, Ammunition: 6}}
	p := &profiles.Profile{ID: id, Name: id, Faction: profiles.Kharns, Level: 2, Stats: profiles.Stats{V: 3, P: 4, A: 5, C: 4, T: 3, I: 3},
		Stature: 3, AP: 6, HP: 500, Own: profiles.OwnRules{RiposteShot: rule},
		Skills: []profiles.Skill{{Name: "riposte"}}}
	return NewFighter(p, []*profiles.Equipment{club, bow})
}

// TestRiposteShotChoice checks the exchange side of riposte_shot (skills.md
// section 3 F: "during a defence with Riposte, its A effect may be a free
// shot if its weapon is loaded, even in melee"; sim/riposteshot.go): with its
// weapon loaded (Exchange.DefenderShotReady) a Riposte defence engaging A
// takes the A effect first, its damage kept; unloaded, or without the rule,
// or without A engaged, the counter is as before (P first). Fails before: the
// policy never took A as a counter's effect.
func TestRiposteShotChoice(t *testing.T) {
	att := riposteFighter("att", false)
	for _, c := range []struct {
		what        string
		rule, ready bool
		d           Defence
		want        Char
	}{
		{"loaded, AP", true, true, Defence{AP: 2, Chars: CharsOf(A, P)}, A},
		{"unloaded", true, false, Defence{AP: 2, Chars: CharsOf(A, P)}, P},
		{"no rule", false, true, Defence{AP: 2, Chars: CharsOf(A, P)}, P},
		{"no A engaged", true, true, Defence{AP: 2, Chars: CharsOf(P, C)}, P},
	} {
		ex := &Exchange{Attacker: att, Defender: riposteFighter("def", c.rule), DefenderShotReady: c.ready,
			Attack: Attack{AP: 2, Chars: CharsOf(P, A), Effects: CharsOf(P)}}
		got := ex.counterChoice(c.d)
		if !got.HasEffect || got.Effect != c.want || !got.CounterDamage {
			t.Errorf("%s: counter %+v, want the effect %s and damage", c.what, got, c.want)
		}
	}
	// A 3 AP Riposte defence: the A effect and the usual one.
	ex := &Exchange{Attacker: att, Defender: riposteFighter("def", true), DefenderShotReady: true,
		Attack: Attack{AP: 2, Chars: CharsOf(P, A), Effects: CharsOf(P)}}
	if got := ex.counterChoice(Defence{AP: 3, Chars: CharsOf(A, P, C)}); got.Effect != A || !got.HasEffect2 || got.Effect2 != P {
		t.Errorf("3 AP: counter %+v, want A then P", got)
	}
}

// TestRiposteShotInFight checks the fight side: after an attack its Riposte
// defence engaging A stopped, the Safar shoots its attacker for free, in
// melee (a lightning shot, no AP, one arrow spent, traced); without the rule
// it never does. Fails before: no free shot.
func TestRiposteShotInFight(t *testing.T) {
	shots, plain := 0, 0
	for _, rule := range []bool{true, false} {
		e := battle(t, []*Fighter{riposteFighter("attacker", false)}, []*Fighter{riposteFighter("archer", rule)})
		for seed := range uint64(200) {
			fateSetUp(e)
			e.c[0].ap, e.c[1].ap = 6, 6
			e.c[0].ranged, e.c[1].ranged = false, false // engaged: clubs in hand
			ammo := e.c[1].ammo
			var b strings.Builder
			e.trace = &b
			e.attack(rand.NewPCG(seed, 9), 0, action{kind: actAttack, opt: meleeOpt(t, e, 0, 1), target: 1})
			e.trace = nil
			s := b.String()
			n := strings.Count(s, "Riposte A effect is a free shot (riposte_shot)")
			if !rule {
				plain += n
				continue
			}
			shots += n
			if n == 0 {
				continue
			}
			if !strings.Contains(s, "archer attacks A1 attacker shot:1:") || e.c[1].ammo != ammo-1 {
				t.Fatalf("seed %d: no lightning shot after the announced one, or ammunition %d -> %d:\n%s", seed, ammo, e.c[1].ammo, s)
			}
			if spent := 6 - e.c[1].ap; !strings.Contains(s, "archer defends "+itoa(spent)+":") {
				t.Fatalf("seed %d: the archer has %d AP after its defence and its shot, want its defence's AP spent only:\n%s", seed, e.c[1].ap, s)
			}
		}
	}
	if plain != 0 || shots == 0 {
		t.Errorf("free shots: %d with the rule (want some), %d without (want none)", shots, plain)
	}
	t.Logf("%d free shots in 200 attacks", shots)
}

func itoa(n int) string { return string(rune('0' + n)) }
