package sim

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/stats"
)

// TestTurnRollState checks the battle side of activation_d10 (skills.md
// section 3 F: "at the start of each activation a d10: 1-3 gives -2 to the
// natural result of all its dice, 8+ gives +2 to all its characteristics";
// Open, recommended: "until its next activation start, defences included"):
// each activation start rolls the d10 (traced), the result stays on the Safar
// until its next activation start, its modifier reads it (-2 to its dice in
// the statMod slot modRoll, +2 on each characteristic its card prints), and a
// plan's Fighter carries it (statMod.apply: Fighter.RollMod, the raised
// characteristics). The faces come out 3 in 10, 4 in 10, 3 in 10 within
// 99.99% Wilson intervals. Fails before: no such field nor state.
func TestTurnRollState(t *testing.T) {
	st := profiles.Stats{V: 3, P: 4, A: 3, C: 3, T: 0, I: 3}
	roller := ownFighter("roller", st, profiles.OwnRules{ActivationD10: true})
	roller.Profile.NotPrinted = profiles.CharSet(0).With(profiles.T)
	guard := ownFighter("guard", st, profiles.OwnRules{})
	e := battle(t, []*Fighter{roller}, []*Fighter{guard})
	if e.c[0].turnRoll != 0 {
		t.Fatalf("before its first activation: turnRoll %d, want 0", e.c[0].turnRoll)
	}
	var buf strings.Builder
	e.trace = &buf
	const n = 20000
	var counts [3]int
	r := rand.NewPCG(7, 7)
	for k := range n {
		buf.Reset()
		e.reset()
		e.activate(r, 0)
		c := &e.c[0]
		counts[c.turnRoll+1]++
		var face int
		line := buf.String()
		at := strings.Index(line, "rolls its card's d10: ")
		if at < 0 {
			t.Fatalf("activation %d: no d10 in the trace:\n%s", k, line)
		}
		if _, err := fmt.Sscanf(line[at+len("rolls its card's d10: "):], "%d", &face); err != nil || turnRollOf(face) != c.turnRoll {
			t.Fatalf("activation %d: traced face %d (%v), state %d", k, face, err, c.turnRoll)
		}
	}
	for i, want := range []float64{0.3, 0.4, 0.3} {
		lo, hi := stats.Wilson(counts[i], n, 0.9999)
		if want < lo || want > hi {
			t.Errorf("turnRoll %d: %d of %d, 99.99%% interval [%.4f, %.4f] misses %.1f", i-1, counts[i], n, lo, hi, want)
		}
	}
	e.trace = nil

	c := &e.c[0]
	c.turnRoll = -1
	m := c.mods()
	if m[modRoll] != -2 || m[profiles.P] != 0 {
		t.Errorf("1-3: modifier %v, want -2 to its dice only", m)
	}
	if g := m.apply(roller); g.RollMod != -2 || roller.RollMod != 0 || g.Stats() != roller.Stats() {
		t.Errorf("1-3: the plan's fighter RollMod %d (card's %d), stats %+v", g.RollMod, roller.RollMod, g.Stats())
	}
	c.turnRoll = 1
	m = c.mods()
	want := statMod{2, 2, 2, 2, 0, 2}
	if m != want {
		t.Errorf("8+: modifier %v, want %v (T not printed stays blank)", m, want)
	}
	g := m.apply(roller)
	if got := g.Stats(); got.P != 6 || got.T != 0 || g.RollMod != 0 {
		t.Errorf("8+: the plan's fighter stats %+v, RollMod %d", got, g.RollMod)
	}
	if v0 := e.info[c.kind].velocity; e.velocity(0) != v0+2 {
		t.Errorf("8+: walks %.1f, want its V + 2 = %.1f", e.velocity(0), v0+2)
	}
	// The plan of an exchange reads it from the plan key: the roller
	// attacking after a 1-3 rolls with -2, the guard defends against it as
	// it is; the guard attacking it finds it defending with -2.
	c.turnRoll = -1
	ak, dk := e.c[0].kind, e.c[1].kind
	opt := &e.opts[ak][dk][0]
	pl := e.plan(e.strikeKey(0, 1, 0, opt, false, 0, 0, 2, 0), 0, opt)
	if pl.ex.Attacker.RollMod != -2 || pl.ex.Defender.RollMod != 0 {
		t.Errorf("roller attacks: RollMod %d against %d, want -2 against 0", pl.ex.Attacker.RollMod, pl.ex.Defender.RollMod)
	}
	opt = &e.opts[dk][ak][0]
	pl = e.plan(e.strikeKey(1, 0, 0, opt, false, 0, 0, 2, 0), 1, opt)
	if pl.ex.Defender.RollMod != -2 || pl.ex.Attacker.RollMod != 0 {
		t.Errorf("roller defends: RollMod %d, attacker's %d, want -2 and 0", pl.ex.Defender.RollMod, pl.ex.Attacker.RollMod)
	}
	// The guard's state is its own: no card, no roll.
	e.activate(r, 1)
	if e.c[1].turnRoll != 0 {
		t.Errorf("a card without activation_d10 rolled: %d", e.c[1].turnRoll)
	}
}
