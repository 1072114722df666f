package main

import (
	"encoding/json"
	"testing"
)

// TestOddsBeyondCounterReach checks kharn odds --beyond-counter-reach (seed
// 000 line 1098, seed 004 lines 1508-1510: a defender counters only an
// attacker within its counter reach): the same fixed 2 AP defence counters
// without the flag and deals no counter damage with it, the attack's own
// odds unchanged.
func TestOddsBeyondCounterReach(t *testing.T) {
	type result struct {
		PSuccess        float64 `json:"p_success"`
		ExpectedCounter float64 `json:"expected_counter_damage"`
	}
	odds := func(extra ...string) result {
		t.Helper()
		args := append([]string{"odds", "-a", "paladin-3", "-d", "kherops-warrior-2", "--attack", "2:PA:P", "--defence", "2:PC", "--json"}, extra...)
		out, errs, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var r result
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return r
	}
	near, far := odds(), odds("--beyond-counter-reach")
	if near.ExpectedCounter <= 0 {
		t.Errorf("within reach: expected_counter_damage %v, want the 2 AP defence's counter", near.ExpectedCounter)
	}
	if far.ExpectedCounter != 0 || far.PSuccess != near.PSuccess {
		t.Errorf("beyond reach: expected_counter_damage %v, p_success %v (within: %v); want 0 and the same success", far.ExpectedCounter, far.PSuccess, near.PSuccess)
	}
}
