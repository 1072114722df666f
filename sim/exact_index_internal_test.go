package sim

import (
	"testing"
	"unsafe"
)

// TestStateIndex checks keyIndex against the maps it replaced: every key
// found at the position it was first recorded at, through growth and reset,
// and the keys within the 32 bytes the hashes read.
func TestStateIndex(t *testing.T) {
	if got := unsafe.Sizeof(transKey{}); got > 32 {
		t.Fatalf("transKey is %d bytes; transHash reads 32", got)
	}
	var d stateDist
	var tr trans
	for round := range 3 {
		want := map[state]int{}
		wantT := map[transKey]int{}
		for i := range 2000 {
			s := state{defAP: int8(i % 7), armour: int8(i % 11), bleeding: int8(i % 3), dazed: i%5 == 0, armourUsed: int8(i % 13)}
			if _, ok := want[s]; !ok {
				want[s] = len(want)
			}
			d.get(s)
			k := transKey{s: s, dmg: int16(i % 17), ctr: int16(round)}
			if _, ok := wantT[k]; !ok {
				wantT[k] = len(wantT)
			}
			tr.add(k.s, nil, 1, int(k.dmg), int(k.ctr))
		}
		if len(d.keys) != len(want) || len(tr.keys) != len(wantT) {
			t.Fatalf("round %d: %d states, %d transitions; want %d, %d", round, len(d.keys), len(tr.keys), len(want), len(wantT))
		}
		for s, i := range want {
			if j, _ := d.idx.stateAt(d.keys, &s); j != i {
				t.Errorf("round %d: state %+v at %d, want %d", round, s, j, i)
			}
		}
		for k, i := range wantT {
			if j, _ := tr.idx.transAt(tr.keys, &k); j != i || tr.w[i] == 0 {
				t.Errorf("round %d: transition %+v at %d, want %d", round, k, j, i)
			}
		}
		d.reset()
		tr.reset()
	}
}
