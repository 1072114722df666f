package sim_test

import (
	"math"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
)

// TestPiercingShotExchange checks a shot of armour-piercing ammunition
// (catalogue.md 4.7, read as armour-piercing 1, R12: "Armour-piercing X ticks
// X boxes before the roll"; sim/piercing.go) with the exact engine: it is the
// exchange of the same bow with perceArmure 1, figure for figure; a bow with
// its own armour-piercing (1D5) keeps it; on a plate it ticks more boxes
// than a plain shot, on a plate with one box left it deals more (the box
// ticked before the roll, the armour stops nothing), on an unarmoured target
// the same; a melee attack is not changed. The sampler agrees with the exact
// engine on the piercing shot at the worn plate (99.99% Wilson interval on P(success), the damage PMF
// pooled chi-square at 99.99%).
func TestPiercingShotExchange(t *testing.T) {
	bow := &profiles.Equipment{ID: "bow", Kind: profiles.KindRanged, Hands: 2, Effects: profiles.Effects{CriticalFrom: 10,
		Range: &profiles.Range{Short: 4, Long: 9}, Ammunition: 10, PiercingShots: 4}}
	apBow := &profiles.Equipment{ID: "ap-bow", Kind: profiles.KindRanged, Hands: 2, Effects: profiles.Effects{CriticalFrom: 10,
		Range: &profiles.Range{Short: 4, Long: 9}, Ammunition: 10, ArmourPiercing: &profiles.Dice{Plus: 1}}}
	d5Bow := &profiles.Equipment{ID: "d5-bow", Kind: profiles.KindRanged, Hands: 2, Effects: profiles.Effects{CriticalFrom: 10,
		Range: &profiles.Range{Short: 4, Long: 9}, Ammunition: 10, ArmourPiercing: &profiles.Dice{N: 1, Sides: 5}}}
	archer := safar("archer", 2, stats4(4, 4, 5, 3), 3)
	plated := sim.NewFighter(safar("target", 2, stats4(3, 4, 3, 4), 3), []*profiles.Equipment{club, wear(plate)})
	worn := *plated
	worn.ArmourBoxes = 1 // its last box: a piercing shot ticks it before the roll, the armour stops nothing
	bare := sim.NewFighter(safar("target", 2, stats4(3, 4, 3, 4), 3), []*profiles.Equipment{club})
	same := func(what string, a, b *sim.Result) {
		t.Helper()
		if math.Abs(a.PSuccess-b.PSuccess) > 1e-12 || math.Abs(a.ExpectedDamage-b.ExpectedDamage) > 1e-12 {
			t.Errorf("%s: P(success) %.6f, damage %.6f; want %.6f, %.6f", what, a.PSuccess, a.ExpectedDamage, b.PSuccess, b.ExpectedDamage)
		}
		for d := range max(len(a.DamagePMF), len(b.DamagePMF)) {
			if math.Abs(pmf(a.DamagePMF, d)-pmf(b.DamagePMF, d)) > 1e-12 {
				t.Errorf("%s: P(damage %d) %.6g, want %.6g", what, d, pmf(a.DamagePMF, d), pmf(b.DamagePMF, d))
			}
		}
	}
	for _, spec := range []string{"shot:2:AA", "shot:1:A"} {
		a, _, err := sim.ParseAttack(spec)
		if err != nil {
			t.Fatal(err)
		}
		with := func(w *profiles.Equipment, def *sim.Fighter, piercing bool) *sim.Exchange {
			return &sim.Exchange{Attacker: sim.NewFighter(archer, []*profiles.Equipment{w}), Defender: def, Attack: a, Range: 3, PiercingShot: piercing}
		}
		for _, def := range []*sim.Fighter{plated, &worn} {
			same(spec+" piercing shot against perceArmure 1", exact(t, with(bow, def, true)), exact(t, with(apBow, def, false)))
			same(spec+" piercing shot from a 1D5 bow", exact(t, with(d5Bow, def, true)), exact(t, with(d5Bow, def, false)))
		}
		same(spec+" piercing shot at an unarmoured target", exact(t, with(bow, bare, true)), exact(t, with(bow, bare, false)))
		got := exact(t, with(bow, &worn, true))
		if plain := exact(t, with(bow, &worn, false)); !(got.ExpectedDamage > plain.ExpectedDamage+0.1) {
			t.Errorf("%s: on a plate with one box left, %.4f piercing, %.4f plain", spec, got.ExpectedDamage, plain.ExpectedDamage)
		}
		if p, plain := exact(t, with(bow, plated, true)), exact(t, with(bow, plated, false)); !(p.ExpectedArmourBoxes > plain.ExpectedArmourBoxes+0.1) {
			t.Errorf("%s: on plate, %.4f boxes ticked piercing, %.4f plain", spec, p.ExpectedArmourBoxes, plain.ExpectedArmourBoxes)
		}
		ex := with(bow, &worn, true)
		s := sampleExchange(t, ex, [2]uint64{8, 2}, 100_000)
		checkWilson(t, spec+": sampled P(success)", s.success, s.n, got.PSuccess)
		checkPMF(t, spec+" piercing shot", s.damage, s.n, got.DamagePMF)
	}
	melee, _, _ := sim.ParseAttack("2:VP:P")
	m1 := exact(t, &sim.Exchange{Attacker: sim.NewFighter(archer, []*profiles.Equipment{club}), Defender: plated, Attack: melee, PiercingShot: true})
	m0 := exact(t, &sim.Exchange{Attacker: sim.NewFighter(archer, []*profiles.Equipment{club}), Defender: plated, Attack: melee})
	same("a melee attack", m1, m0)
}

// piercingSide is an invented side: two archers whose list bought 12 arrows,
// 4 of them armour-piercing (piercing shots of a purchase).
func piercingSide(t *testing.T, piercing int) sim.Spearhead {
	t.Helper()
	bow := &profiles.Equipment{ID: "bow", Kind: profiles.KindRanged, Hands: 2, Effects: profiles.Effects{CriticalFrom: 10,
		Range: &profiles.Range{Short: 4, Long: 9}, Ammunition: 12, PiercingShots: piercing}}
	archer := sim.NewFighter(&profiles.Profile{ID: "archer", Faction: "kherops", Level: 2, AP: 6, HP: 24, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 4, A: 5, C: 4, T: 5, I: 3}}, []*profiles.Equipment{club, bow})
	return sim.Spearhead{Safars: []*sim.Fighter{archer, archer}, Costs: []int{70, 70}, Leader: 0}
}

// TestPiercingShotSkirmish plays armour-piercing arrows in battles against
// two plated warriors: the trace shows them shot at the plated enemies, at
// most 4 per archer; warm battles allocate nothing.
func TestPiercingShotSkirmish(t *testing.T) {
	warrior := sim.NewFighter(&profiles.Profile{ID: "warrior", Faction: "kharns", Level: 2, AP: 6, HP: 24, Stature: 3,
		Stats: profiles.Stats{V: 4, P: 4, A: 4, C: 4, T: 5, I: 3}}, []*profiles.Equipment{club, wear(plate)})
	sk := &sim.Skirmish{Sides: [2]sim.Spearhead{piercingSide(t, 4), {Safars: []*sim.Fighter{warrior, warrior}, Costs: []int{70, 70}, Leader: 0}}}
	shots := 0
	pl, _ := playTraced(t, sk, [2]uint64{4, 4}, 40, func(battle string) {
		per := map[string]int{}
		for _, line := range strings.Split(battle, "\n") {
			if strings.Contains(line, "shoots armour-piercing ammunition at") {
				if !strings.Contains(line, " at B") {
					t.Errorf("a piercing shot not at the plated enemy: %s", line)
				}
				per[strings.Fields(line)[0]]++
				shots++
			}
		}
		for who, n := range per {
			if n > 4 {
				t.Errorf("%s shot %d armour-piercing arrows, it has 4", who, n)
			}
		}
	})
	if shots == 0 {
		t.Error("no armour-piercing shot in 40 battles")
	}
	checkWarmAllocs(t, pl, 100, "battle with armour-piercing arrows")
}
