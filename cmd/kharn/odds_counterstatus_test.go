package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOddsJSONCounterStatuses checks that kharn odds --json reports the
// statuses the counter's weapon puts on the attacker (R11a: counter damage is
// dealt with the defender's weapon, whose effects are not optional, seed 000
// line 786; R9a: the defence CH is the weapon's CH), against the independent
// computation of TestOddsJSONCounter: the same attack 2:PA:P of bare-a and
// defence 2:AC of a defender now holding a hook mace ("bleeding 1", dazes on
// a CH, seed 000 lines 1062 and 1348). Every stop counters with damage, so
// the attacker bleeds 1 with the probability of a stop, and is dazed with
// that of a stop on a defence CH. Fails before the fix: the fields did not
// exist (the exchange tracked statuses on the defender only).
func TestOddsJSONCounterStatuses(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("data.yaml", "profiles:\n"+
		"  - id: bare-a\n    name: Bare A\n    faction: black-guild\n    level: 2\n    cost: 50\n    limitation: X3\n"+
		"    stats: {V: 3, P: 5, A: 4, C: 3, T: 3, I: 2}\n    stature: 3\n    ap: 4\n    hp: 10\n"+
		"  - id: mace-d\n    name: Mace D\n    faction: black-guild\n    level: 3\n    cost: 60\n    limitation: X3\n"+
		"    stats: {V: 4, P: 3, A: 6, C: 3, T: 3, I: 2}\n    stature: 2\n    ap: 4\n    hp: 10\n    equipment: [hook-mace]\n"+
		"equipment:\n  - id: hook-mace\n    name: Hook mace\n    kind: melee\n    cost: 5\n    hands: 1\n    bleeding: 1\n    on_critical: daze\n")
	out, errs, code := runCLI(t, "--data", dir, "odds", "-a", "bare-a", "-d", "mace-d", "--attack", "2:PA:P", "--defence", "2:AC", "--no-mastery", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	text, errs, code := runCLI(t, "--data", dir, "odds", "-a", "bare-a", "-d", "mace-d", "--attack", "2:PA:P", "--defence", "2:AC", "--no-mastery")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, row := range []string{"P(attacker bleeding)", "E[bleeding on attacker]", "P(attacker dazed)"} {
		if !strings.Contains(text, row) {
			t.Errorf("kharn odds prints no %q row:\n%s", row, text)
		}
	}
	var got map[string]any
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
	for field, want := range map[string]float64{
		"p_attacker_bleeding":        stopPlain + stopCH,
		"expected_attacker_bleeding": stopPlain + stopCH,
		"p_attacker_dazed":           stopCH,
		"p_attacker_stunned":         0,
		"expected_counter_damage":    6*stopPlain + 8*stopCH, // unchanged: the mace adds no damage
	} {
		v, ok := got[field].(float64)
		if !ok {
			t.Errorf("%s missing from odds --json:\n%s", field, out)
			continue
		}
		if math.Abs(v-want) > 1e-9 {
			t.Errorf("%s = %.12f, independent computation %.12f", field, v, want)
		}
	}
}
