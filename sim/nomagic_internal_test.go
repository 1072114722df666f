package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/field"
)

// TestNoMagicPlaysDefaultActions checks that no-magic is the default policy
// without its casts (docs/policies.md, "no-magic is the default without its
// casts", branch nomagic): in positions where the default tends a wound
// (generic action, seed 000 lines 1260-1264), walks to an objective
// (sim/objectives.go), drinks a healing flask (sim/items.go) or picks up a
// stone to throw (sim/throw.go), no-magic plays the same action. Before that
// branch noMagic.act played only the default's attack plans (keepTarget,
// playWell): it walked toward the enemy or ended in each of these.
func TestNoMagicPlaysDefaultActions(t *testing.T) {
	pal, cut := fighterOf(t, "paladin-2"), fighterOf(t, "guild-cutthroat-1")
	scenes := []struct {
		name string
		set  func() *engine
		want actionKind
	}{
		{"tending a wound", func() *engine {
			// TestTendingAWound's position: bleeding 3, no enemy near.
			e := battle(t, []*Fighter{pal, pal}, []*Fighter{cut})
			e.round = 1
			e.c[0].pos, e.c[0].ap, e.c[0].bleeding = field.Vec{X: 5, Y: 1}, 4, 3
			e.c[1].pos, e.c[1].bleeding = field.Vec{X: 5 + e.c[0].radius + e.c[1].radius + 3, Y: 1}, 2
			e.c[2].pos = field.Vec{X: 7.5, Y: 14}
			return e
		}, actTend},
		{"walking to an objective", func() *engine {
			// TestObjectivePolicy's position: the nearest Safar that may
			// handle the ford.
			e := objectiveBattle(t, []*Fighter{pal, pal, savage(t, "paladin-2")}, []*Fighter{cut}, ford())
			e.round = 1
			for i := range e.c {
				e.c[i].ap = e.c[i].f.Profile.AP
			}
			e.c[0].pos = field.Vec{X: 7.5, Y: 3}
			e.c[1].pos = field.Vec{X: 2, Y: 2}
			e.c[2].pos = field.Vec{X: 7.5, Y: 5.5}
			return e
		}, actGoTo},
		{"drinking a flask", func() *engine {
			// TestHealingFlask's position: 3 HP of 10, no enemy in reach.
			e := battle(t, []*Fighter{fighterWithItems(t, "paladin-2", flask, flask)}, []*Fighter{cut})
			e.round = 1
			e.c[0].pos, e.c[0].ap, e.c[0].hp = field.Vec{X: 7.5, Y: 2}, 4, 3
			e.c[1].pos = field.Vec{X: 7.5, Y: 14}
			return e
		}, actDrink},
		{"picking up a stone to throw", func() *engine {
			// TestThrowPolicy's position: the enemy beyond its assault.
			fl := fighterOf(t, "kherops-warrior-2")
			return throwBattle(t, fl, fl, 4, 4, profiles.Movable{Kind: "stone", X: 7.5, Y: 5})
		}, actPickUpMovable},
	}
	for _, sc := range scenes {
		def := DefaultFightPolicy.act(sc.set(), 0, rand.NewPCG(1, 2))
		if def.kind != sc.want {
			t.Fatalf("%s: the default plays %+v, want kind %d: the position does not test it", sc.name, def, sc.want)
		}
		if got := NoMagic.act(sc.set(), 0, rand.NewPCG(1, 2)); got != def {
			t.Errorf("%s: no-magic plays %+v, the default %+v", sc.name, got, def)
		}
	}
}

// TestNoMagicCasterPlaysDefaultWithoutSpells checks a caster: bone-seer-2
// against a fang-prowler-1 at several gaps and AP held (skirmishAt), where
// the default casts in some; no-magic never casts and plays what the default
// plays once the caster's cast options are taken away (every other decision
// the same).
func TestNoMagicCasterPlaysDefaultWithoutSpells(t *testing.T) {
	casts := 0
	for _, gap := range []float64{0, 2, 4, 6, 9} {
		for ap := 1; ap <= 4; ap++ {
			set := func() *engine {
				e := skirmishAt(t, "bone-seer-2", "fang-prowler-1", DefaultFightPolicy, DefaultFightPolicy)
				e.c[1].pos.Y += gap
				e.c[1].idle = false
				e.c[0].ap = ap
				return e
			}
			if a := DefaultFightPolicy.act(set(), 0, rand.NewPCG(1, 2)); a.kind == actCast {
				casts++
			}
			got := NoMagic.act(set(), 0, rand.NewPCG(1, 2))
			e := set()
			k := e.c[0].kind
			opts := e.magic.opts[k]
			e.magic.opts[k] = nil
			want := DefaultFightPolicy.act(e, 0, rand.NewPCG(1, 2))
			e.magic.opts[k] = opts
			if got.kind == actCast || got != want {
				t.Errorf("gap %g, %d AP: no-magic plays %+v, the default without spells %+v", gap, ap, got, want)
			}
		}
	}
	if casts == 0 {
		t.Error("the default never casts in these positions: they do not test a caster")
	}
}

// TestNoMagicSameFightsWithoutCaster checks that without a caster no-magic
// plays the very fights of the default, drawn with the same dice: ready-made
// lists with no caster in mirror battles on open ground and on the ford
// scenario (objectives), side B default then no-magic, and duels of two
// non-casters, B default then no-magic. Before branch nomagic they differed
// (kharns-300 on the ford, 500 battles, seed 1: A won 222 against the
// default, 340 against no-magic, which held no objective).
func TestNoMagicSameFightsWithoutCaster(t *testing.T) {
	if testing.Short() {
		t.Skip("1 600 battles and 1 000 duels")
	}
	var ford *profiles.Scenario
	for _, x := range profiles.DefaultScenarios() {
		if x.Name == "hold the ford" {
			ford = x
		}
	}
	if ford == nil || ford.Objectives == nil {
		t.Fatal("no ready-made scenario \"hold the ford\" with objectives")
	}
	ftbl, err := field.FromScenario(ford)
	if err != nil {
		t.Fatal(err)
	}
	const n = 200
	for _, list := range []string{"kharns-300", "tembos-300", "black-guild-300", "fangs-300"} {
		for _, onFord := range []bool{false, true} {
			play := func(b FightPolicy) ([]SkirmishResult, [][]SafarOutcome) {
				sk := &Skirmish{Sides: listSides(t, list, list), Policies: [2]FightPolicy{DefaultFightPolicy, b}}
				if onFord {
					sk.Field, sk.Deployment, sk.Rounds, sk.Objectives = ftbl, ford.Deployment, ford.Rounds, ford.Objectives
				}
				pl, err := sk.NewPlayer()
				if err != nil {
					t.Fatal(err)
				}
				r := rand.NewPCG(5, 1)
				res, outs := make([]SkirmishResult, n), make([][]SafarOutcome, n)
				for k := range n {
					res[k] = pl.Play(r)
					outs[k] = append([]SafarOutcome(nil), res[k].Safars...)
					res[k].Safars = nil
				}
				return res, outs
			}
			dr, do := play(DefaultFightPolicy)
			nr, no := play(NoMagic)
			for k := range n {
				a, b := dr[k], nr[k]
				same := a.Winner == b.Winner && a.ByKrowns == b.ByKrowns && a.Rounds == b.Rounds && a.Krowns == b.Krowns && a.Points == b.Points && len(do[k]) == len(no[k])
				for s := 0; same && s < len(do[k]); s++ {
					same = do[k][s] == no[k][s]
				}
				if !same {
					t.Errorf("%s mirror (ford %v), battle %d: against the default %+v %+v, against no-magic %+v %+v", list, onFord, k, dr[k], do[k], nr[k], no[k])
					break
				}
			}
		}
	}
	for _, pair := range [][2]string{{"paladin-2", "guild-cutthroat-1"}, {"crown-guard-1", "kherops-warrior-2"}} {
		play := func(b FightPolicy) []FightResult {
			d := &Duel{A: fighterOf(t, pair[0]), B: fighterOf(t, pair[1]), Distance: DeploymentGap(Variant{}), Policies: [2]FightPolicy{DefaultFightPolicy, b}}
			pl, err := d.NewPlayer()
			if err != nil {
				t.Fatal(err)
			}
			r := rand.NewPCG(5, 2)
			out := make([]FightResult, 500)
			for k := range out {
				out[k] = pl.Play(r)
			}
			return out
		}
		def, none := play(DefaultFightPolicy), play(NoMagic)
		for k := range def {
			if def[k] != none[k] {
				t.Errorf("duel %s against %s, fight %d: B default %+v, B no-magic %+v", pair[0], pair[1], k, def[k], none[k])
				break
			}
		}
	}
}

// TestNoWalkIntoHeldReach checks walkIntoHeld (docs/policies.md, "The
// Khémist's losing casts", branch nomagic): a tembo-khemist-2 holding 1 AP
// after a cast, 2 toises from a tembo-guardian-2 held by Strangling Roots
// ("the enemy cannot walk until the end of its next activation": the
// embedded, invented spells.yaml), does not take its free walk into the
// guardian's reach, where the guardian, which cannot walk to it, could strike
// it; with the guardian free it walks in as before. Before branch nomagic it
// walked in (507 of 920 Strangling Roots casts of the tembos-magic battles,
// seeds 1-600). IdleRush (the old reading) walks in, held or not.
func TestNoWalkIntoHeldReach(t *testing.T) {
	for _, held := range []bool{true, false} {
		old := skirmishAt(t, "tembo-khemist-2", "tembo-guardian-2", IdleRush, NoMagic)
		old.c[1].pos.Y += 2
		old.c[1].idle = false
		old.c[0].ap, old.c[0].activated = 1, false
		old.c[1].fx.immobile = held
		if a := playWell(old, 0, 1, nil, true, true); a.kind != actToward {
			t.Errorf("IdleRush, guardian held %v: the Khémist plays %+v, want its walk in (the old reading)", held, a)
		}
		e := skirmishAt(t, "tembo-khemist-2", "tembo-guardian-2", DefaultFightPolicy, NoMagic)
		e.c[1].pos.Y += 2
		e.c[1].idle = false
		e.c[0].ap, e.c[0].activated = 1, false
		e.c[1].fx.immobile = held
		if g := e.gap(0, 1); g <= e.reach(1) || g-e.velocity(0) > e.reach(1) {
			t.Fatalf("gap %.2f, guardian's reach %.2f, Khémist's walk %.2f: the free walk does not end in its reach", g, e.reach(1), e.velocity(0))
		}
		a := playWell(e, 0, 1, nil, true, true)
		switch {
		case held && a.kind != actEnd:
			t.Errorf("guardian held: the Khémist plays %+v, want the end of its activation out of its reach", a)
		case !held && a.kind != actToward:
			t.Errorf("guardian free: the Khémist plays %+v, want its walk in (the rule is the held enemy's)", a)
		}
	}
}
