package sim_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// mountedFighter returns the Safar of the embedded profile rider on mount m,
// composed as the catalogue composes it (profiles.DataSet.Mounted), with the
// rider's card equipment.
func mountedFighter(t testing.TB, rider string, m *profiles.Mount) *sim.Fighter {
	t.Helper()
	ds := profiles.Default()
	p, err := ds.Profile(rider)
	if err != nil {
		t.Fatal(err)
	}
	q, err := ds.Mounted(p, m)
	if err != nil {
		t.Fatal(err)
	}
	lo, err := ds.Equip(p, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sim.NewFighter(q, lo.Items(ds))
}

// TestRiderSacrificeInFights checks that fights play a mount's Sacrifice 1
// towards its rider (skills.md #51; catalogue.md 4.11; seed 000 line 1650:
// "once per turn, lose X HP for an ally to gain immediately 1 AP", at the
// start of the ally's activation): a paladin-2 on an invented mount with it,
// alone against a kherops-warrior-2, sacrifices in some of 20 seeded
// battles, each time at its own activation, once per turn, never its last
// HP (the trace checker of TestSkirmishTrace follows its HP), and the skill
// is not listed as not modelled. It fails before sim/mount.go: no sacrifice,
// the skill listed.
func TestRiderSacrificeInFights(t *testing.T) {
	mount := &profiles.Mount{ID: "boar-2", Name: "Boar", Kind: "koelod", Level: 2, Factions: []string{"kharns"},
		Bonus:  profiles.MountBonus{HP: 12, Stature: 3},
		Skills: []profiles.Skill{{Name: profiles.SkillRiderSacrifice, Value: 1}}}
	a := []*sim.Fighter{mountedFighter(t, "paladin-2", mount)}
	b := []*sim.Fighter{cardFighter(t, "kherops-warrior-2")}
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{
		{Name: "mounted", Safars: a, Costs: []int{1}, Leader: 0},
		{Name: "warrior", Safars: b, Costs: []int{1}, Leader: 0},
	}}
	pl, err := sk.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]int{}
	for seed := range uint64(20) {
		var buf strings.Builder
		pl.SetTrace(&buf)
		res := pl.Play(rand.NewPCG(seed, 9))
		newTraceChecker(t, "rider sacrifice", sk, pl.Labels(), events).check(buf.String(), res)
		if t.Failed() {
			t.Logf("trace:\n%s", buf.String())
			return
		}
	}
	t.Logf("events: %v", events)
	if events["rider sacrifice"] == 0 {
		t.Error("no rider sacrifice in 20 battles")
	}
	for _, s := range sk.NotModelled() {
		if strings.HasPrefix(s, profiles.SkillRiderSacrifice) {
			t.Errorf("rider sacrifice listed as not modelled: %q", s)
		}
	}
}

// TestMountOptionInExchange checks that a mount option's skill is played by
// the exact engine (catalogue.md 4.11 mountOptions; R10: each P effect adds
// 1 + Brutality X damage): a paladin-3 on an invented mount with the option
// "harness" taken at X = 2 (profiles.WithMountOptions) has Brutality 2 (1 on
// its card, profiles/data/kharns.yaml: the higher value is kept), so
// its 3 AP PPA attack with both P effects, undefended, succeeds as often as
// without the option and deals more. Fails before: no mount options.
func TestMountOptionInExchange(t *testing.T) {
	mount := &profiles.Mount{ID: "boar-2", Name: "Boar", Kind: "koelod", Level: 2, Factions: []string{"kharns"},
		Bonus:   profiles.MountBonus{HP: 12, Stature: 3},
		Options: []profiles.MountOption{{ID: "harness", Skill: profiles.SkillBrutality, Max: 2, Cost: []int{5, 10}}}}
	plain := mountedFighter(t, "paladin-3", mount)
	p, err := profiles.WithMountOptions(plain.Profile, []profiles.MountChoice{{ID: "harness", X: 2}})
	if err != nil {
		t.Fatal(err)
	}
	ds := profiles.Default()
	lo, _ := ds.Equip(plain.Profile.Rider, nil, nil)
	harnessed := sim.NewFighter(p, lo.Items(ds))
	if harnessed.Skills.Brutality != 2 || plain.Skills.Brutality >= 2 {
		t.Fatalf("brutality %d with the harness, %d without", harnessed.Skills.Brutality, plain.Skills.Brutality)
	}
	def := cardFighter(t, "kherops-warrior-2")
	pp := sim.Attack{Kind: sim.Melee, AP: 3, Chars: sim.CharsOf(sim.P, sim.P, sim.A), Effects: sim.CharsOf(sim.P, sim.P), DamageChar: sim.P}
	none := sim.Defence{None: true}
	with := exact(t, &sim.Exchange{Attacker: harnessed, Defender: def, Attack: pp, Policy: fixed(none)})
	without := exact(t, &sim.Exchange{Attacker: plain, Defender: def, Attack: pp, Policy: fixed(none)})
	if with.PSuccess != without.PSuccess || with.ExpectedDamage <= without.ExpectedDamage {
		t.Errorf("with the harness: P(success) %.4f, E[damage] %.4f; without: %.4f, %.4f", with.PSuccess, with.ExpectedDamage, without.PSuccess, without.ExpectedDamage)
	}
}
