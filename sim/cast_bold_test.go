package sim_test

import (
	"reflect"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/runner"
)

// bold returns f with its critical thresholds lowered by 1, as a passed
// last-Safar temerity test leaves them (seed 004 lines 1231-1232).
func bold(f *sim.Fighter) *sim.Fighter {
	g := *f
	g.CriticalLower = 1
	return &g
}

// TestBoldCast checks the critical thresholds lowered after a passed
// temerity test on casting and spell-defence rolls (seed 004 lines 1231-1232:
// "les seuils de critique de toutes les actions entreprises par ce Safar
// baissent de 1"; sim/cast_bold.go). A quick blessing on an ally, I 4 + d10
// against 14 (seed 000 line 1428), needs the CH 10: 1/10; a bold caster's
// 9 is a CH too, 13 plus a reroll that adds 0 only on its 1 (R3): 1/10 +
// 1/10 x 9/10 = 0.19, and P(CH) 2/10. A bold target's spell defence (d10 - 2
// at 0 AP, seed 000 line 1452) explodes on a 9 as well: the bolt succeeds
// less often. Fails before: casts rolled their CH on 10 whatever the Safar's
// thresholds (0.1, P(CH) 0.1, the same P(success) against a bold target).
func TestBoldCast(t *testing.T) {
	m := sim.NewFighter(mage("m", 1, 4, profiles.Osteomancy, nil), nil)
	ally := sim.NewFighter(target("a", 1, 3, nil), nil)
	r := castExact(t, &sim.Cast{Caster: bold(m), Target: ally, Spell: blessing, Difficulty: 14, AP: 1, Allied: true})
	if !near(r.PSuccess, 0.19) || !near(r.PCastCritical, 0.2) {
		t.Errorf("bold quick blessing: p_success %.15g, p_cast_critical %.15g; want 0.19 and 0.2", r.PSuccess, r.PCastCritical)
	}
	plain := castExact(t, &sim.Cast{Caster: m, Target: ally, Spell: blessing, Difficulty: 14, AP: 1, Allied: true})
	if !near(plain.PSuccess, 0.1) {
		t.Errorf("quick blessing: p_success %.15g, want 0.1", plain.PSuccess)
	}

	tg := sim.NewFighter(target("t", 1, 3, nil), nil)
	zero := 0
	base := castExact(t, &sim.Cast{Caster: m, Target: tg, Spell: bolt, Difficulty: 12, AP: 1, Defence: &zero})
	against := castExact(t, &sim.Cast{Caster: m, Target: bold(tg), Spell: bolt, Difficulty: 12, AP: 1, Defence: &zero})
	if !(against.PSuccess < base.PSuccess-1e-3) {
		t.Errorf("quick bolt against a bold target: p_success %.6f, want less than %.6f against the same target not bold", against.PSuccess, base.PSuccess)
	}
	if !near(against.PCastCritical, base.PCastCritical) {
		t.Errorf("a bold target changed the caster's P(CH): %.6f, want %.6f", against.PCastCritical, base.PCastCritical)
	}
}

// boldCastCases are the sampler-against-exact cases of the lowered
// thresholds on casts (TestCastSamplerAgainstExact).
func boldCastCases() []struct {
	name string
	c    func() *sim.Cast
} {
	seer := mage("seer", 2, 5, profiles.Osteomancy, nil, profiles.Esoteric, profiles.Esoteric)
	knight := target("knight", 2, 3, nil, profiles.Esoteric)
	return []struct {
		name string
		c    func() *sim.Cast
	}{
		{"quick bolt, bold caster and bold target (sim/cast_bold.go)", func() *sim.Cast {
			return &sim.Cast{Caster: bold(sim.NewFighter(seer, nil)), Target: bold(sim.NewFighter(knight, nil)), Spell: bolt, Difficulty: 12, AP: 1,
				Reroll: true, DefenceMastery: true}
		}},
	}
}

// TestBoldCastWorkers plays battles of a bone seer and a Khérops warrior
// against two Khérops warriors, where the seer is often the last of its side
// and casts with lowered thresholds from plans built on first use and shared
// by the workers' clones (sim/cast_bold.go): the tallies of 1 and 2 workers
// must be the same (issue #4 section 5), and the race detector sees the
// shared plans built under it.
func TestBoldCastWorkers(t *testing.T) {
	seer, warrior := cardFighter(t, "bone-seer-2"), cardFighter(t, "kherops-warrior-1") // duel_play_test.go
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Safars: []*sim.Fighter{seer, warrior}, Costs: []int{100, 50}, Leader: -1},
		{Safars: []*sim.Fighter{warrior, warrior}, Costs: []int{50, 50}, Leader: -1},
	}}
	proto, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	n, chunk := 240, 20
	if raceEnabled {
		n, chunk = 80, 10
	}
	want := playTally(t, proto, runner.Config{Trials: n, Seed: 9, Workers: 1, ChunkSize: chunk})
	got := playTally(t, proto.Clone(), runner.Config{Trials: n, Seed: 9, Workers: 2, ChunkSize: chunk})
	if !reflect.DeepEqual(got, want) {
		t.Errorf("2 workers: tally\n%+v\nwant that of 1 worker\n%+v", *got, *want)
	}
}
