package sim_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// Invented cards and weapons of the waiting-opponent tests (docs/policies.md,
// "Waiting opponents"): Khârns of level II, V4 P4 A4 C4, 5 AP, 12 HP, stature 3.
var (
	// cleaver is two-handed, +2 damage, no attack with A, attacks of 2 or 3 AP.
	cleaver = &profiles.Equipment{ID: "cleaver", Kind: profiles.KindMelee, Hands: 2,
		Effects: profiles.Effects{DamageBonus: 2, NoAttackWith: []sim.Char{sim.A}, AttackAP: []int{2, 3}}}
	// guardBlade: +1 in defence.
	guardBlade = &profiles.Equipment{ID: "guard-blade", Kind: profiles.KindMelee, Hands: 1,
		Effects: profiles.Effects{DefenceBonus: 1}}
	// keenBlade: guardBlade with a CH on 9-10.
	keenBlade = &profiles.Equipment{ID: "keen-blade", Kind: profiles.KindMelee, Hands: 1,
		Effects: profiles.Effects{DefenceBonus: 1, CriticalFrom: 9}}
)

// evenKharn is the waiting tests' card.
func evenKharn(id string, own profiles.OwnRules) *profiles.Profile {
	p := &profiles.Profile{ID: id, Name: id, Level: 2, Stats: stats4(4, 4, 4, 4), Stature: 3, AP: 5, HP: 12, Own: own}
	p.Faction = profiles.Kharns
	return p
}

// waitDuels plays n duels of a against b from the deployment distance with the
// default policies, or b's policy pb when not nil; it returns A's wins, B's
// wins and the draws.
func waitDuels(t *testing.T, a, b *sim.Fighter, pb sim.FightPolicy, n int) (wa, wb, draws int) {
	t.Helper()
	d := &sim.Duel{A: a, B: b, Distance: sim.DeploymentGap(sim.Variant{}), Policies: [2]sim.FightPolicy{nil, pb}}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.NewPCG(1, 7)
	for range n {
		switch pl.Play(r).Winner {
		case sim.SideA:
			wa++
		case sim.SideB:
			wb++
		default:
			draws++
		}
	}
	return wa, wb, draws
}

// TestFreeEffectsNotWorse checks that a card free to choose its effects does
// not lose to its twin allowed only the C and V effects in attack
// (attack_effects: CV, skills.md section 3 F; R10): the twin's choices are a
// subset of the free card's, so its share of the decided duels must not be
// significantly above one half (99.99% Wilson interval). Fails before: the
// default policy counted an opponent that made no attack in its last
// activation as no threat (keepValues), the CV twin, whose attacks into a
// fresh defender were worth less, walked in and waited, and the free card,
// whose P effects made its attacks just worth it, spent all its AP on them
// and was struck defenceless: the CV twin won 79.5% of 20 000 duels with
// these cards (kharn duel with the same cards in a data directory, seed 1).
func TestFreeEffectsNotWorse(t *testing.T) {
	cv := profiles.OwnRules{AttackEffects: profiles.CharSet(0).With(profiles.C).With(profiles.V)}
	twin := sim.NewFighter(evenKharn("cv-brute", cv), []*profiles.Equipment{cleaver})
	free := sim.NewFighter(evenKharn("free-brute", profiles.OwnRules{}), []*profiles.Equipment{cleaver})
	const n = 4000
	wa, wb, draws := waitDuels(t, twin, free, nil, n)
	lo, hi := stats.Wilson(wa, wa+wb, 0.9999)
	t.Logf("CV twin against the free card: %d wins, %d losses, %d draws; share %.4f, 99.99%% interval %.4f-%.4f", wa, wb, draws, float64(wa)/float64(wa+wb), lo, hi)
	if lo > 0.5 {
		t.Errorf("the CV-only twin wins %.2f%% of the decided duels (99.99%% interval %.2f%%-%.2f%%) against the card free to choose its effects: want at most one half",
			100*float64(wa)/float64(wa+wb), 100*lo, 100*hi)
	}
}

// TestCriticalWeaponNotWorse checks that a weapon's CH on 9-10 (R2) does not
// make the default policy lose to the same card with the same weapon without
// it: the keen blade's share of the decided duels is not significantly below
// one half (99.99% Wilson). Fails before (the idle opponent counted for
// nothing, TestFreeEffectsNotWorse): the keen blade won 38.7% of 20 000 duels.
func TestCriticalWeaponNotWorse(t *testing.T) {
	keen := sim.NewFighter(evenKharn("keen", profiles.OwnRules{}), []*profiles.Equipment{keenBlade})
	plain := sim.NewFighter(evenKharn("plain", profiles.OwnRules{}), []*profiles.Equipment{guardBlade})
	const n = 4000
	wa, wb, draws := waitDuels(t, keen, plain, nil, n)
	lo, hi := stats.Wilson(wa, wa+wb, 0.9999)
	t.Logf("CH 9-10 against CH 10: %d wins, %d losses, %d draws; 99.99%% interval %.4f-%.4f", wa, wb, draws, lo, hi)
	if wa+wb == 0 || hi < 0.5 {
		t.Errorf("the CH 9-10 blade wins %d of %d decided duels (99.99%% interval %.4f-%.4f, %d draws): want at least one half", wa, wa+wb, lo, hi, draws)
	}
}

// TestDuelWaitEnds checks the duel's stalemate rule: two equal Safars, each
// with no attack that gains on a fresh defender, do not wait to the round
// limit (R16), and the mirror stays fair (99.99% Wilson interval of A's share
// of the decided duels holding one half). Fails before: every one of these
// duels was a draw after 20 rounds.
func TestDuelWaitEnds(t *testing.T) {
	a := sim.NewFighter(evenKharn("even-a", profiles.OwnRules{}), []*profiles.Equipment{guardBlade})
	b := sim.NewFighter(evenKharn("even-b", profiles.OwnRules{}), []*profiles.Equipment{guardBlade})
	const n = 2000
	wa, wb, draws := waitDuels(t, a, b, nil, n)
	t.Logf("mirror: %d, %d wins, %d draws", wa, wb, draws)
	if draws*20 > n {
		t.Errorf("%d of %d mirror duels drawn at the round limit: want under 5%%", draws, n)
	}
	if lo, hi := stats.Wilson(wa, wa+wb, 0.9999); lo > 0.5 || hi < 0.5 {
		t.Errorf("mirror: A wins %d of %d decided duels (99.99%% interval %.4f-%.4f): want one half inside", wa, wa+wb, lo, hi)
	}
}

// TestIdleRushOldReading checks the yardstick IdleRush (the default before
// the duel's waiting fix): against itself it still waits to the round limit
// in every mirror duel of TestDuelWaitEnds, as the default did.
func TestIdleRushOldReading(t *testing.T) {
	a := sim.NewFighter(evenKharn("even-a", profiles.OwnRules{}), []*profiles.Equipment{guardBlade})
	b := sim.NewFighter(evenKharn("even-b", profiles.OwnRules{}), []*profiles.Equipment{guardBlade})
	d := &sim.Duel{A: a, B: b, Distance: sim.DeploymentGap(sim.Variant{}), Policies: [2]sim.FightPolicy{sim.IdleRush, sim.IdleRush}}
	pl, err := d.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.NewPCG(1, 7)
	for k := range 200 {
		if w := pl.Play(r).Winner; w != sim.Draw {
			t.Fatalf("duel %d: winner %d, want a draw at the round limit (the old reading)", k, w)
		}
	}
	if p, err := sim.FightPolicyByName("idle-rush"); err != nil || p != sim.IdleRush {
		t.Errorf("FightPolicyByName(idle-rush) = %v, %v", p, err)
	}
}
