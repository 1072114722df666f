package sim

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/stats"
)

// wardPair returns a fight in contact of a plain Safar (0) against one with
// the wards w (1), both 20 HP, neither attacking (0 AP given by the tests).
func wardPair(t *testing.T, w profiles.Wards) *engine {
	t.Helper()
	a := &profiles.Profile{ID: "plain", Level: 1, AP: 4, HP: 20, Stature: 3, Stats: profiles.Stats{V: 4, P: 3, A: 3, C: 3, T: 6, I: 6}}
	b := &profiles.Profile{ID: "warded", Level: 1, AP: 4, HP: 20, Stature: 3, Stats: profiles.Stats{V: 4, P: 3, A: 3, C: 3, T: 6, I: 6}, Wards: w}
	return contactPair(t, NewFighter(a, nil), NewFighter(b, nil))
}

// TestAnySourceReduction checks a card that "always stops 1 damage from any
// source" (skills.md section 3 G) on the damage outside the exchanges: its
// bleeding 3 costs it 2 HP at the start of its activation (R14; seed 000
// line 1348), the fire's 1 HP (seed 000 line 1358) nothing and no scar, a
// collision's D5 one less; and on a Safar without the card the same damage
// whole. The trace says what the card stopped. Fails before: no reduction.
func TestAnySourceReduction(t *testing.T) {
	for _, any := range []int{0, 1} {
		e := wardPair(t, profiles.Wards{AnySource: any})
		var buf bytes.Buffer
		e.trace = &buf
		r := rand.NewPCG(1, 0)
		c := &e.c[1]
		c.bleeding, c.bleedBy = 3, 0
		c.fire.burning, c.fire.burnBy = true, 0
		c.acted = false
		c.ap = 0
		e.activate(r, 1)
		if want := 20 - 3 + any - 1 + any; c.hp != want {
			t.Errorf("any_source %d: HP %d after bleeding 3 and fire, want %d:\n%s", any, c.hp, want, buf.String())
		}
		if want := 1 - any; c.morale.scar != want {
			t.Errorf("any_source %d: fire scar %d, want %d", any, c.morale.scar, want)
		}
		if got := strings.Contains(buf.String(), "its card stops"); got != (any == 1) {
			t.Errorf("any_source %d: trace names the card's stop: %v, want %v:\n%s", any, got, any == 1, buf.String())
		}
		hp := c.hp
		e.hurtFrom(1, 0, 4) // a collision's or a fall's damage
		if c.hp != hp-4+any {
			t.Errorf("any_source %d: 4 damage took %d HP, want %d", any, hp-c.hp, 4-any)
		}
		e.hurtFrom(1, 0, 1)
		if c.hp != hp-4+any-1+any {
			t.Errorf("any_source %d: 1 damage took %d HP, want %d", any, hp-4+any-c.hp, 1-any)
		}
	}
}

// TestSavingRollInFights checks the saving roll outside the exchange's state
// (skills.md section 3 H, Recommended: "bleeding, poison, fire, frostbite,
// daze, stun, repel, fright results, spell debuffs ...; one roll per effect
// when inflicted"): a Safar whose d10 at 5 or more cancels a negative effect
// is set on fire, gets frostbite, is dazed by a thrown stone's CH and suffers
// a fright result of 1-7 with chance 0.4 each (99.99% Wilson intervals of
// 4000 tries); without the card, always. The trace names the saving roll.
func TestSavingRollInFights(t *testing.T) {
	stone := &profiles.MovableKind{ID: "big-stone", Effect: profiles.ThrowDazedOnCH}
	for _, thr := range []int{0, 5} {
		e := wardPair(t, profiles.Wards{SavingRoll: thr})
		var buf bytes.Buffer
		e.trace = &buf
		r := rand.NewPCG(uint64(thr), 3)
		c := &e.c[1]
		const n = 4000
		var fire, frost, dazed, fright int
		for range n {
			c.fire.burning, c.fire.frost, c.dazed = false, false, false
			e.inflictFire(r, 1, 0, true, true)
			e.throwEffect(r, 1, 0, stone, true)
			fire += b2i(c.fire.burning)
			frost += b2i(c.fire.frost)
			dazed += b2i(c.dazed)
			c.ap, c.stunned, c.ground = 4, false, false
			c.morale.rooted = false
			e.frightResult(r, 1, -1, 3, 1, 1)
			fright += b2i(c.ap < 4 || c.stunned || c.morale.rooted)
		}
		// Fright rolls 1-5 act without a source (6-7 flee from one): 1/2 of
		// the results, each cancelled with the saving roll's chance.
		want := [4]float64{1, 1, 1, 0.5}
		if thr == 5 {
			want = [4]float64{0.4, 0.4, 0.4, 0.5 * 0.4}
		}
		buf.Reset()
		for k, got := range [4]int{fire, frost, dazed, fright} {
			lo, hi := stats.Wilson(got, n, 0.9999)
			if want[k] < lo || want[k] > hi {
				t.Errorf("saving roll %d: effect %d stayed %d times of %d (99.99%% Wilson %.4f-%.4f), want %.2f", thr, k, got, n, lo, hi, want[k])
			}
		}
		e.c[1].fire.burning = false
		for range 20 {
			e.inflictFire(r, 1, 0, true, false)
		}
		if got := strings.Contains(buf.String(), "saving roll cancels the fire"); got != (thr > 0) {
			t.Errorf("saving roll %d: the trace names the saving roll: %v:\n%s", thr, got, buf.String())
		}
	}
}
