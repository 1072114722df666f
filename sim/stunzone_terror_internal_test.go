package sim

import (
	"math/rand/v2"
	"testing"
)

// TestStunnedTerrorZone checks that walking into the zone of control of a
// terrifying Safar asks a temerity test (seed 000 line 1280) only while it
// applies that zone: a stunned one applies none (seed 000 line 1368; seed 004
// line 1312). The bone seer under ossuary-dread provokes terror 12; the
// kherops-warrior-2 walks into contact 200 times with the seer fit, then 200
// times with it stunned: some tests fail in the first run (a natural 1 fails,
// seed 000 "Temerity test"), none is taken in the second. Before the rule the
// stunned seer still tested the walker.
func TestStunnedTerrorZone(t *testing.T) {
	e := effectEngine(t, []string{"bone-seer-2", "kherops-warrior-2"}, []int{SideA, SideB})
	dread := e.option(t, 0, 0, "ossuary-dread", 13)
	r := rand.NewPCG(5, 9)
	for _, stunned := range []bool{false, true} {
		fails := 0
		for range 200 {
			e.reset()
			e.place(0, 5)
			e.place(1, 11)
			e.applyEffect(0, 0, dread)
			e.c[0].stunned, e.c[0].ground = stunned, stunned
			from := e.c[1].pos
			e.place(1, 5+e.c[0].radius+e.c[1].radius) // in contact
			e.c[1].ap = 4
			e.enteredTerror(r, 1, from)
			if e.c[1].terrorPending {
				fails++
			}
		}
		if stunned && fails != 0 {
			t.Errorf("seer stunned: %d of 200 walkers failed a temerity test, want none taken", fails)
		}
		if !stunned && fails == 0 {
			t.Errorf("seer fit: no walker failed its temerity test in 200 (a natural 1 alone fails 1 in 10)")
		}
	}
}
