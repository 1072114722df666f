package sim

import "testing"

// contactPair returns the engine of a fight of a (Safar 0, side A) against b
// (Safar 1, side B), reset and placed in base contact, as the fight tests of
// equipment that wears out (helmets, a second armour, poison) strike by hand.
func contactPair(t *testing.T, a, b *Fighter) *engine {
	t.Helper()
	e, err := newEngine([]*Fighter{a, b}, []int{SideA, SideB}, Variant{}, [2]FightPolicy{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.rounds = 20
	e.reset()
	e.place(0, 5)
	e.place(1, 5+e.c[0].radius+e.c[1].radius)
	return e
}

// lastOption returns the index of the last option of Safar 0 against Safar 1
// that keep accepts, failing the test (naming what) when there is none.
func lastOption(t *testing.T, e *engine, what string, keep func(o *fightOption) bool) int {
	t.Helper()
	opts := e.opts[e.c[0].kind][e.c[1].kind]
	k := -1
	for n := range opts {
		if keep(&opts[n]) {
			k = n
		}
	}
	if k < 0 {
		t.Fatalf("no %s option", what)
	}
	return k
}

// melee2AP is lastOption's test for a plain 2 AP melee attack.
func melee2AP(o *fightOption) bool {
	return !o.shot && o.attack.Kind == Melee && o.attack.AP == 2 && o.split == 0
}
