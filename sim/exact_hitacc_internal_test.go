package sim

import "testing"

// TestHitAcc checks hitAcc against the map it replaced in computeHitDist: the
// same sums per key, in insertion order, past hitAccCap too (the heap part);
// the armour reroll's flag (sim/wards.go) is a third part of the key.
func TestHitAcc(t *testing.T) {
	var a hitAcc
	want := map[[3]int]float64{}
	var order [][3]int
	for i := range 400 {
		k := [3]int{(i * 7) % 61, (i * 3) % 5, (i / 7) % 2} // 610 keys, many met several times
		q := float64(i%13) / 17
		if _, ok := want[k]; !ok {
			order = append(order, k)
		}
		want[k] += q
		*a.at(k[0], k[1], k[2] == 1) += q
	}
	if a.len() != len(order) || a.len() <= hitAccCap {
		t.Fatalf("len %d, want %d (> %d)", a.len(), len(order), hitAccCap)
	}
	for i, k := range order {
		taken, ticked, rerolled, p := a.entry(i)
		if taken != k[0] || ticked != k[1] || rerolled != (k[2] == 1) || p != want[k] {
			t.Errorf("entry %d = (%d, %d, %v, %v), want %v, %v", i, taken, ticked, rerolled, p, k, want[k])
		}
	}
}
