package sim

import "testing"

// TestHitAcc checks hitAcc against the map it replaced in computeHitDist: the
// same sums per key, in insertion order, past hitAccCap too (the heap part).
func TestHitAcc(t *testing.T) {
	var a hitAcc
	want := map[[2]int]float64{}
	var order [][2]int
	for i := range 400 {
		k := [2]int{(i * 7) % 61, (i * 3) % 5} // 305 keys, most met several times
		q := float64(i%13) / 17
		if _, ok := want[k]; !ok {
			order = append(order, k)
		}
		want[k] += q
		*a.at(k[0], k[1]) += q
	}
	if a.len() != len(order) || a.len() <= hitAccCap {
		t.Fatalf("len %d, want %d (> %d)", a.len(), len(order), hitAccCap)
	}
	for i, k := range order {
		taken, ticked, p := a.entry(i)
		if taken != k[0] || ticked != k[1] || p != want[k] {
			t.Errorf("entry %d = (%d, %d, %v), want (%d, %d, %v)", i, taken, ticked, p, k[0], k[1], want[k])
		}
	}
}
