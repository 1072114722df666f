package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestOddsJSONCounter checks that kharn odds --json reports the counter damage of
// a 2 AP defence given on the command line (R11a: every 2-3 AP defence may
// counter, fixed or chosen), against the independent computation of
// TestOddsJSONIndependent: the defence 2:AC of bare-d (A 6 + C 3, 3 dice) stops
// the attack 2:PA:P of bare-a (P 5 + A 4, 2 dice) when neither roll is a CF and
// its total reaches the attack's (R6); it then deals A = 6, the highest engaged
// characteristic (R11), + its stature 2 on a defence CH (R9a, seed 004 line 312).
func TestOddsJSONCounter(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.yaml", "id: bare-a\nname: Bare A\nfaction: black-guild\nlevel: 2\ncost: 50\nlimitation: X3\nstats: {V: 3, P: 5, A: 4, C: 3, T: 3, I: 2}\nstature: 3\nap: 4\nhp: 10\n")
	d := write("d.yaml", "id: bare-d\nname: Bare D\nfaction: black-guild\nlevel: 3\ncost: 60\nlimitation: X3\nstats: {V: 4, P: 3, A: 6, C: 3, T: 3, I: 2}\nstature: 2\nap: 4\nhp: 10\n")
	out, errs, code := runCLI(t, "odds", "-a", a, "-d", d, "--attack", "2:PA:P", "--defence", "2:AC", "--no-mastery", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		ExpectedCounter float64   `json:"expected_counter_damage"`
		CounterPMF      []float64 `json:"counter_damage_pmf"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	_, aplain, ach := levelTotal(2)
	_, dplain, dch := levelTotal(3)
	var stopPlain, stopCH float64
	for _, att := range []map[int]float64{aplain, ach} {
		for v, q := range att {
			for w, r := range dplain {
				if w+9 >= v+9 {
					stopPlain += q * r
				}
			}
			for w, r := range dch {
				if w+9 >= v+9 {
					stopCH += q * r
				}
			}
		}
	}
	want := 6*stopPlain + 8*stopCH
	if math.Abs(got.ExpectedCounter-want) > 1e-9 {
		t.Errorf("expected_counter_damage = %.12f, independent computation %.12f", got.ExpectedCounter, want)
	}
	for k, w := range map[int]float64{6: stopPlain, 8: stopCH} {
		if k >= len(got.CounterPMF) || math.Abs(got.CounterPMF[k]-w) > 1e-9 {
			t.Errorf("counter_damage_pmf[%d]: got %v, want %.12f", k, got.CounterPMF, w)
		}
	}
}
