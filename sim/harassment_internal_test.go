package sim

import (
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// harasser returns shock-vanguard-2, whose card has Harassment, with its
// Harassment's precision (skills.md #29: "one profile's precision extends it
// to every 2 and 3 AP melee attack") when every is set.
func harasser(t *testing.T, every bool) *Fighter {
	t.Helper()
	ds := profiles.Default()
	card, err := ds.Profile("shock-vanguard-2")
	if err != nil {
		t.Fatal(err)
	}
	lo, err := ds.Equip(card, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := *card
	p.Skills = append([]profiles.Skill(nil), p.Skills...)
	found := false
	for k := range p.Skills {
		if p.Skills[k].Name == profiles.SkillHarassment {
			p.Skills[k].EveryMelee, found = every, true
		}
	}
	if !found {
		t.Fatal("shock-vanguard-2 has no Harassment")
	}
	return NewFighter(&p, lo.Items(ds))
}

// TestHarassmentEveryMelee checks Harassment's precision (skills.md #29;
// profiles.Skill.EveryMelee) in the exact engine: with the once per
// activation already used (Exchange.HarassmentUsed), a successful 2 or 3 AP
// melee attack without a V effect still moves its attacker (every success
// does: P(free move) = P(success)), a 1 AP attack does not; without the
// precision none moves. The free move's distance counts the V effect
// (harassMove).
func TestHarassmentEveryMelee(t *testing.T) {
	cut := fighterOf(t, "guild-cutthroat-1")
	for _, c := range []struct {
		every bool
		ap    int
		moves bool
	}{
		{true, 2, true}, {true, 3, true}, {true, 1, false}, {false, 2, false}, {false, 3, false},
	} {
		att := Attack{AP: c.ap, Chars: CharsOf(P)}
		switch c.ap {
		case 2:
			att.Chars = CharsOf(P, P)
		case 3:
			att.Chars, att.Effects = CharsOf(P, P, A), CharsOf(P)
		}
		d := *cut
		ex := &Exchange{Attacker: harasser(t, c.every), Defender: &d, Attack: att, HarassmentUsed: true,
			Policy: Policy{Defence: &Defence{}}}
		res, err := ex.Exact()
		if err != nil {
			t.Fatal(err)
		}
		if res.PSuccess <= 0 {
			t.Fatalf("%d AP: P(success) %g", c.ap, res.PSuccess)
		}
		want := 0.0
		if c.moves {
			want = res.PSuccess
		}
		if !near(res.PAttackerMove, want) {
			t.Errorf("precision %v, %d AP, Harassment used: P(free move) %.6f, want %.6f (P(success) %.6f)", c.every, c.ap, res.PAttackerMove, want, res.PSuccess)
		}
		if got := harassMove(ex.Attacker, att, true, false); got != c.moves {
			t.Errorf("precision %v, %d AP: harassMove %v, want %v", c.every, c.ap, got, c.moves)
		}
	}
}
