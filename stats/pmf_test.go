package stats

import "testing"

// TestCheckPMF checks the pooling and the verdicts on hand-made samples.
func TestCheckPMF(t *testing.T) {
	exact := []float64{0.5, 0.49, 0.009, 0.001}
	// 1000 draws: 9 and 1 expected for the last two outcomes, below 20: they are
	// pooled with each other and then, still short, with the one before.
	pools, bad := CheckPMF([]int{500, 490, 9, 1}, 1000, exact, 20, 0.9999)
	if pools != 2 || len(bad) != 0 {
		t.Errorf("exact counts: %d pools, %v mismatches; want 2 pools, none", pools, bad)
	}
	// A sample far from the law is caught.
	_, bad = CheckPMF([]int{800, 190, 9, 1}, 1000, exact, 20, 0.9999)
	if len(bad) != 2 || bad[0].Start != 0 || bad[0].End != 1 {
		t.Errorf("biased counts: mismatches %+v, want the first two pools", bad)
	}
}
