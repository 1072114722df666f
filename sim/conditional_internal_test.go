package sim

import (
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// sidesOf prepares a skirmish of sides a and b (costs ca and cb, side A of
// faction fa) with Safars placed by hand.
func sidesOf(t *testing.T, a, b []*Fighter, ca []int, fa string) *engine {
	t.Helper()
	if ca == nil {
		ca = make([]int, len(a))
	}
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: a, Costs: ca, Leader: -1, Faction: fa},
		{Safars: b, Costs: make([]int, len(b)), Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	pl.e.ambush = nil // Safars placed by hand: none in ambush (sim/ambush.go)
	pl.e.reset()
	return pl.e
}

// TestTwinSkill checks pattern M's "Gains Unshakeable Faith while its twin is
// in play" (skills.md section 3; conditional_skills while_in_play): with its
// twin on the table it has the skill (its fright tests pass, e.info's
// faith), once the twin is defeated it loses it at the next check (before
// each action), and a Safar whose twin is not in its side never has it.
// The trace says so. Fails before: no conditional skill was read.
func TestTwinSkill(t *testing.T) {
	sister := withCard(t, "paladin-2", func(p *profiles.Profile) {
		p.ConditionalSkills = []profiles.ConditionalSkill{{Skills: []profiles.Skill{{Name: profiles.SkillUnshakeableFaith}},
			WhileInPlay: &profiles.Selector{Profiles: []string{"kherops-warrior-1"}}}}
	})
	twin, foe := fighterOf(t, "kherops-warrior-1"), fighterOf(t, "guild-cutthroat-1")
	if newMoraleKind(sister).faith {
		t.Fatal("the sister has Unshakeable Faith on its own")
	}
	e := battle(t, []*Fighter{sister, twin}, []*Fighter{foe})
	var tr strings.Builder
	e.trace = &tr
	e.refreshAuras()
	if !e.info[e.c[0].kind].faith {
		t.Error("twin in play: no Unshakeable Faith")
	}
	e.c[1].hp = 0 // the twin falls
	e.refreshAuras()
	if e.info[e.c[0].kind].faith {
		t.Error("twin defeated: Unshakeable Faith kept")
	}
	e.trace = nil
	if s := tr.String(); !strings.Contains(s, "unshakeable faith while A2 kherops-warrior-1 is in play") || !strings.Contains(s, "leaves its allies' auras") {
		t.Errorf("trace:\n%s", s)
	}
	alone := battle(t, []*Fighter{sister, fighterOf(t, "paladin-2")}, []*Fighter{foe})
	alone.refreshAuras()
	if alone.info[alone.c[0].kind].faith {
		t.Error("no twin in its side: Unshakeable Faith")
	}
}

// TestChosenSkills checks pattern M's skills read at the start of a battle
// (skills.md section 3): Stealth 3 when fielded by the Affranchis (not by
// another faction); a generic skill copied from an ally, written or the
// policy's (the first EXCHANGE skill it lacks), kept when the ally falls;
// Immunity to the way of the enemy's spells (choose) or the way written;
// the mark on the costliest ally the selector names: Heroic defence and the
// defensive field on each of its mastery dice. Fails before: none read.
func TestChosenSkills(t *testing.T) {
	foe := fighterOf(t, "guild-cutthroat-1")
	sneak := withCard(t, "paladin-2", func(p *profiles.Profile) {
		p.ConditionalSkills = []profiles.ConditionalSkill{{Skills: []profiles.Skill{{Name: profiles.SkillStealth, Value: 3}}, FieldedBy: profiles.Affranchis}}
	})
	for _, c := range []struct {
		faction string
		want    int
	}{{profiles.Affranchis, 3}, {profiles.Kharns, 0}, {"", 0}} {
		e := sidesOf(t, []*Fighter{sneak}, []*Fighter{foe}, nil, c.faction)
		if got := e.c[0].f.Skills.Stealth; got != c.want {
			t.Errorf("fielded by %q: Stealth %d, want %d", c.faction, got, c.want)
		}
	}

	brute := fighterWith(t, "paladin-2", profiles.Skill{Name: profiles.SkillBrutality, Value: 2}) // the one skill the mimic lacks
	mimic := withCard(t, "paladin-2", func(p *profiles.Profile) { p.CopiesSkill = &profiles.SkillCopy{From: profiles.Selector{All: true}} })
	e := sidesOf(t, []*Fighter{mimic, brute}, []*Fighter{foe}, nil, "")
	if got := e.c[0].f.Skills.Brutality; got != 2 {
		t.Errorf("policy's copy: Brutality %d, want the ally's 2", got)
	}
	var tr strings.Builder
	e.trace = &tr
	e.c[1].hp = 0 // the ally falls: the copy is kept
	e.refreshAuras()
	e.traceStart(SideA)
	if e.c[0].f.Skills.Brutality != 2 || !strings.Contains(tr.String(), "A1 paladin-2's card at the start: copies brutality from paladin-2") {
		t.Errorf("after the ally fell: Brutality %d; trace:\n%s", e.c[0].f.Skills.Brutality, tr.String())
	}
	written := withCard(t, "paladin-2", func(p *profiles.Profile) {
		p.CopiesSkill = &profiles.SkillCopy{From: profiles.Selector{All: true}, Skill: profiles.SkillRiposte}
	})
	both := fighterWith(t, "kherops-warrior-1", profiles.Skill{Name: profiles.SkillBrutality, Value: 2}, profiles.Skill{Name: profiles.SkillRiposte})
	e = sidesOf(t, []*Fighter{written, both}, []*Fighter{foe}, nil, "")
	if s := e.c[0].f.Skills; !s.Riposte || s.Brutality != 0 {
		t.Errorf("written copy riposte: Riposte %v, Brutality %d; want true and 0", s.Riposte, s.Brutality)
	}

	seer := fighterOf(t, "bone-seer-2") // osteomancy
	warded := withCard(t, "paladin-2", func(p *profiles.Profile) { p.ImmunityWay = profiles.ImmunityChoose })
	e = sidesOf(t, []*Fighter{warded}, []*Fighter{seer}, nil, "")
	if sk, ok := e.c[0].f.Profile.Skill(profiles.SkillImmunity); !ok || profiles.Way(sk.Text) != profiles.Osteomancy {
		t.Errorf("immunity chosen against an osteomancer: %+v %v", sk, ok)
	}
	fixed := withCard(t, "paladin-2", func(p *profiles.Profile) { p.ImmunityWay = string(profiles.Shamanism) })
	e = sidesOf(t, []*Fighter{fixed}, []*Fighter{seer}, nil, "")
	if sk, _ := e.c[0].f.Profile.Skill(profiles.SkillImmunity); profiles.Way(sk.Text) != profiles.Shamanism {
		t.Errorf("immunity written shamanism: %+v", sk)
	}

	marker := withCard(t, "paladin-2", func(p *profiles.Profile) {
		p.MarksAlly = &profiles.AllyMark{To: profiles.Selector{All: true}, Skills: []profiles.Skill{{Name: profiles.SkillHeroic, Field: profiles.Defensive}},
			MasteryField: profiles.Defensive}
	})
	cheap, dear := fighterOf(t, "kherops-warrior-1"), fighterOf(t, "kherops-warrior-2") // no Heroic defence of their own
	e = sidesOf(t, []*Fighter{marker, cheap, dear}, []*Fighter{foe}, []int{50, 20, 90}, "")
	if e.c[1].f != cheap {
		t.Error("the cheaper ally was marked")
	}
	m := e.c[2].f
	if dear.Skills.Heroic&FieldDefensive != 0 {
		t.Fatal("kherops-warrior-2 has Heroic defence of its own")
	}
	if m.Skills.Heroic&FieldDefensive == 0 {
		t.Error("the marked ally has no Heroic defence")
	}
	if len(m.Mastery) == 0 || len(m.Mastery) != len(dear.Mastery) {
		t.Fatalf("the marked ally has %d mastery dice, its card %d", len(m.Mastery), len(dear.Mastery))
	}
	for d, b := range m.Mastery {
		if b&FieldDefensive == 0 || b&^FieldDefensive != dear.Mastery[d]&^FieldDefensive {
			t.Errorf("mastery die %d: %b, want its card's %b and defensive", d, b, dear.Mastery[d])
		}
	}
	if e.c[0].f != marker {
		t.Error("the marker marked itself")
	}
}
