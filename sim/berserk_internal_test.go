package sim

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// TestBerserkOnDeath checks Berserk's other trigger, the death of a named ally
// (skills.md #56: "X = the trigger: saignement (when it suffers bleeding), or
// the death of a named ally"; seed 000 line 1604: "this state is triggered by
// the condition X happening"; seed 004 line 1514). The beast goes berserk when
// its master (named by model, any level) is defeated, not when another ally
// is, and not when it is itself dazed; an enemy of the same profile falling
// does nothing. A trigger naming a trait works the same way.
func TestBerserkOnDeath(t *testing.T) {
	mk := func(id string, skills ...profiles.Skill) *Fighter {
		p := &profiles.Profile{ID: id, Name: id, Level: 2, Stats: profiles.Stats{V: 4, P: 4, A: 4, C: 4, T: 4, I: 4},
			Stature: 3, AP: 5, HP: 20, Skills: skills}
		return NewFighter(p, nil)
	}
	beast := mk("invented-beast-1", profiles.Skill{Name: profiles.SkillBerserk, Text: "death of invented-master"})
	master, other := mk("invented-master-2"), mk("invented-other-2")
	foe := mk("invented-master-3")
	e := battle(t, []*Fighter{beast, other, master}, []*Fighter{foe})
	for i := range e.c {
		e.c[i].pos = field.Vec{X: 2 + 3*float64(i), Y: 7.5}
	}
	// Another ally falls: nothing.
	e.take(1, 3, 100)
	if e.c[0].berserk {
		t.Fatal("the beast went berserk at the death of an ally it does not name")
	}
	// An enemy of the named model falls: nothing.
	e.take(3, 0, 100)
	if e.c[0].berserk {
		t.Fatal("the beast went berserk at the death of an enemy")
	}
	// Dazed when its master falls: no Berserk (a daze ends the state).
	e.reset()
	e.c[0].dazed = true
	e.take(2, 3, 100)
	if e.c[0].berserk {
		t.Error("a dazed beast went berserk")
	}
	// Its master falls: berserk. A second blow on the carcass changes nothing.
	e.reset()
	e.take(2, 3, 5)
	if e.c[0].berserk {
		t.Fatal("the beast went berserk at a wound of its master")
	}
	e.take(2, 3, 100)
	if !e.c[0].berserk {
		t.Fatal("the beast did not go berserk at the death of its master")
	}
	// A trait named: the same.
	byTrait := mk("invented-beast-2", profiles.Skill{Name: profiles.SkillBerserk, Text: "death of pack-mother"})
	mother := mk("invented-mother-2")
	mother.Profile.Traits = []string{"pack-mother"}
	e = battle(t, []*Fighter{byTrait, mother}, []*Fighter{foe})
	e.take(1, 2, 100)
	if !e.c[0].berserk {
		t.Error("the beast did not go berserk at the death of the ally carrying the trait it names")
	}
}

// TestBerserkOnDeathInPlay plays skirmishes in which the master is the weakest
// Safar on the table and checks, in the trace, that the beast goes berserk
// right after its master is defeated and never before.
func TestBerserkOnDeathInPlay(t *testing.T) {
	mk := func(id string, hp int, skills ...profiles.Skill) *Fighter {
		p := &profiles.Profile{ID: id, Name: id, Level: 2, Stats: profiles.Stats{V: 4, P: 4, A: 4, C: 4, T: 4, I: 4},
			Stature: 3, AP: 5, HP: hp, Skills: skills}
		return NewFighter(p, nil)
	}
	beast := mk("invented-beast-1", 40, profiles.Skill{Name: profiles.SkillBerserk, Text: "death of invented-master"})
	master := mk("invented-master-2", 3)
	foe := mk("invented-foe-2", 40)
	sk := &Skirmish{Sides: [2]Spearhead{
		{Safars: []*Fighter{beast, master}, Costs: []int{1, 1}, Leader: -1},
		{Safars: []*Fighter{foe, foe}, Costs: []int{1, 1}, Leader: -1},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	went := 0
	for seed := range uint64(30) {
		var buf bytes.Buffer
		pl.SetTrace(&buf)
		pl.Play(rand.NewPCG(seed, 1))
		lines := strings.Split(buf.String(), "\n")
		for n, l := range lines {
			if !strings.Contains(l, "goes berserk") {
				continue
			}
			// The exchange that fells the master ends with its defeat.
			rest := strings.Join(lines[n:min(n+4, len(lines))], "\n")
			if !strings.Contains(l, "at the death of A2") || !strings.Contains(rest, "A2 invented-master-2 is defeated") {
				t.Fatalf("seed %d: berserk not at the master's death:\n%s", seed, rest)
			}
			went++
		}
	}
	if went == 0 {
		t.Fatal("the beast never went berserk at its master's death in 30 skirmishes")
	}
}
