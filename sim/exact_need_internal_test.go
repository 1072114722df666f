package sim

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/kharn-ages/kharn/sim/dice"
)

// TestNeedTable checks every need table entry against what the plan computed per
// total before the tables (tailsAt and rollOutcomes): the same floats to the
// bit, for pools with and without CFs, mastery and Master X rerolls, the
// ch-auto-success variant, attack CHs and shields, for needs below the table's
// first entry and far past its last.
func TestNeedTable(t *testing.T) {
	for _, pool := range []dice.Pool{
		{Dice: 1, CritFrom: 10, CFMax: 1}, {Dice: 2, CritFrom: 10, CFMax: 1},
		{Dice: 3, CritFrom: 10, CFMax: 0}, {Dice: 5, CritFrom: 10, CFMax: 1},
	} {
		for flags := range 1 << 5 {
			k := needKey{pool: pool, reroll: flags&1 != 0, rerollAll: flags&2 != 0,
				chAuto: flags&4 != 0, attCH: flags&8 != 0, shield: flags&16 != 0}
			nt := needTableOf(k)
			ex := &Exchange{Variant: Variant{CHAutoSuccess: k.chAuto}}
			for _, dmod := range []int{0, 7} {
				for tot := -3; tot < 320; tot++ {
					p := pool
					if k.reroll {
						p.Reroll = ex.defenceReroll(p, tot, dmod, k.attCH)
					}
					if k.rerollAll {
						p.RerollAll = ex.defenceReroll(p, tot, dmod, k.attCH)
					}
					d := p.SplitDist()
					tails := [2]*splitTail{newSplitTail(d[0]), newSplitTail(d[1])}
					got := nt.at(tot - dmod)
					var sum stopParts
					for used, tl := range tails {
						o := rollOutcomes(ex.Variant, tl, tot, dmod, k.attCH, k.shield)
						sum = sum.plus(o)
						can := tl.cf+tl.crit+atLeast(tl.plain, 0) != 0
						if got.m.n[used] != can {
							t.Fatalf("%+v total %d dmod %d roll %d: possible %v, want %v", k, tot, dmod, used, got.m.n[used], can)
						}
						if can && (got.m.o[used] != o || got.m.cf[used] != tl.cf) {
							t.Fatalf("%+v total %d dmod %d roll %d: %+v cf %v, want %+v cf %v", k, tot, dmod, used, got.m.o[used], got.m.cf[used], o, tl.cf)
						}
					}
					if got.sum != sum {
						t.Fatalf("%+v total %d dmod %d: sum %+v, want %+v", k, tot, dmod, got.sum, sum)
					}
				}
			}
		}
	}
}

// TestTransKeyPacked checks that transKey has no padding, so that the exact
// engine's transition index hashes its bytes (transHash, exact_index.go):
// padding bytes would hold whatever the copy left there.
func TestTransKeyPacked(t *testing.T) {
	if got, want := unsafe.Sizeof(transKey{}), unsafe.Sizeof(state{})+2*unsafe.Sizeof(int16(0)); got != want {
		t.Fatalf("transKey is %d bytes, its fields %d: padding", got, want)
	}
}

// TestStateNoPadding checks that state has no padding and is stateSize bytes,
// so that stateEq and stateHash, which read its bytes in place
// (exact_index.go), read only fields: padding bytes would hold whatever a
// field-by-field copy left there, and two equal states could differ.
func TestStateNoPadding(t *testing.T) {
	st := reflect.TypeFor[state]()
	var sum uintptr
	for i := range st.NumField() {
		sum += st.Field(i).Type.Size()
	}
	if size := st.Size(); sum != size || size != stateSize {
		t.Fatalf("state is %d bytes, its fields %d, stateSize %d: padding, or stateSize wrong", size, sum, stateSize)
	}
}
