package sim

import (
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// brothersCard is the card of a leader who shares the brothers' skills
// among all of them (skills.md 3.2), a list's card_shared_skills: the two
// paladins are the brothers (invented).
var brothersCard = profiles.CardSharedSkills{To: profiles.Selector{Profiles: []string{"paladin-2", "paladin-3"}}}

// shareSkirmish returns a skirmish of a paladin-2 (heroic, repelment,
// survival instinct), a paladin-3 (heroic, brutality, skilled swordsman)
// and a crown guard (stable) against a Khérops warrior, with the list's
// cards given.
func shareSkirmish(t *testing.T, cards ...profiles.CardSharedSkills) *Skirmish {
	t.Helper()
	return &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{cardFighterIn(t, "paladin-2"), cardFighterIn(t, "paladin-3"), cardFighterIn(t, "crown-guard-1")}, Costs: []int{90, 130, 45}, Leader: 1, CardSharedSkills: cards},
		{Safars: []*Fighter{cardFighterIn(t, "kherops-warrior-2")}, Costs: []int{82}, Leader: -1},
	}}
}

// TestCardSharedSkills checks the brothers' shared skills (skills.md 3.2;
// sim/cardshare.go): while both paladins are in play, the paladin-2 fights
// with the paladin-3's Heroic (offensive), Brutality and Skilled swordsman
// and the paladin-3 with the paladin-2's Heroic (defensive), Repelment and
// Survival instinct, read by the
// exchange (their kinds' Skills); the crown guard, no brother, gains
// nothing; once the paladin-3 is defeated the paladin-2 fights with its own
// skills again; without the card nothing changes. The trace says so. Fails
// before: each keeps its own.
func TestCardSharedSkills(t *testing.T) {
	e := handEngine(t, shareSkirmish(t, brothersCard))
	for k := range e.c {
		e.c[k].pos = field.Vec{X: 2 + 3*float64(k), Y: 2}
	}
	var tr strings.Builder
	e.trace = &tr
	e.refreshAuras()
	p2, p3, guard := e.c[0].f.Skills, e.c[1].f.Skills, e.c[2].f.Skills
	if p2.Brutality != 1 || !p2.SkilledSwordsman || !p2.Repelment || !p2.SurvivalInstinct {
		t.Errorf("paladin-2 with its brother in play: %+v", p2)
	}
	if !p3.Repelment || !p3.SurvivalInstinct || p3.Brutality != 1 || !p3.SkilledSwordsman {
		t.Errorf("paladin-3 with its brother in play: %+v", p3)
	}
	if guard.Brutality != 0 || guard.Repelment || guard.SkilledSwordsman {
		t.Errorf("the crown guard, no brother, shares: %+v", guard)
	}
	if want := "A1 paladin-2 stands in its allies' auras: heroic offensive while A2 paladin-3 is in play, brutality 1 while A2 paladin-3 is in play, skilled swordsman while A2 paladin-3 is in play"; !strings.Contains(tr.String(), want) {
		t.Errorf("trace %q, want %q", tr.String(), want)
	}
	e.c[1].hp = 0 // the paladin-3 falls
	e.refreshAuras()
	e.trace = nil
	if s := e.c[0].f.Skills; s.Brutality != 0 || s.SkilledSwordsman || !s.Repelment {
		t.Errorf("paladin-2 with its brother defeated: %+v", s)
	}
	if !strings.Contains(tr.String(), "A1 paladin-2 leaves its allies' auras") {
		t.Errorf("trace %q", tr.String())
	}
	// The exchange reads the kind: the paladin-2's attack with its brother
	// in play has the Brutality.
	e.c[1].hp = e.c[1].f.Profile.HP
	e.refreshAuras()
	if ex := e.exchange(e.c[0].kind, e.c[3].kind, e.c[0].f.Melee, Attack{}); ex.Attacker.Skills.Brutality != 1 {
		t.Errorf("the exchange's attacker: Brutality %d, want 1", ex.Attacker.Skills.Brutality)
	}
	plain, err := shareSkirmish(t).NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	plain.e.reset()
	plain.e.refreshAuras()
	if s := plain.e.c[0].f.Skills; s.Brutality != 0 || s.SkilledSwordsman || plain.e.auras != nil {
		t.Errorf("no card: paladin-2 %+v", s)
	}
}

// TestCardSharedNotModelled checks that a skill a brother cannot share
// while in play (Endurance, class ACTIVATION) is reported as not modelled
// by the skirmish, and that the exchange skills are not.
func TestCardSharedNotModelled(t *testing.T) {
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{cardFighterIn(t, "mongo-warrior-2"), cardFighterIn(t, "paladin-3")}, Costs: []int{60, 130}, Leader: 1,
			CardSharedSkills: []profiles.CardSharedSkills{{To: profiles.Selector{All: true}}}},
		{Safars: []*Fighter{cardFighterIn(t, "kherops-warrior-2")}, Costs: []int{82}, Leader: -1},
	}}
	nm := sk.NotModelled()
	want := "card_shared_skills: mongo-warrior-2's skill endurance is not shared with paladin-3"
	if !slices.ContainsFunc(nm, func(s string) bool { return strings.HasPrefix(s, want) }) {
		t.Errorf("not modelled %q, want a line %q", nm, want)
	}
	if slices.ContainsFunc(nm, func(s string) bool { return strings.Contains(s, "skill brutality is not shared") }) {
		t.Errorf("not modelled %q: brutality is shared", nm)
	}
	if _, err := sk.NewPlayer(); err != nil {
		t.Fatal(err)
	}
}
