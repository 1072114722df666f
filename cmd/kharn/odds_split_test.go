package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/profiles/catalog"
	"github.com/kharn-ages/kharn/sim"
)

// TestOddsAmbidextrousSplit checks that kharn odds shows an Ambidextrous
// Safar's split (skills.md #21: "a 3 AP attack may be resolved instead as two
// successive 2 AP attacks, each weapon used once"), exact: the invented
// catalogue's veilleuse holds two one-handed daggers; the table has its two
// orders, and the JSON's figures are those of sim.Split.Exact on the attacks
// it names.
func TestOddsAmbidextrousSplit(t *testing.T) {
	args := []string{"--data", catalog056Fixture, "odds", "-a", "kharns-veilleuse-2", "-d", "kharns-rempart-2"}
	out, errs, code := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Ambidextrous (skills.md #21)") || !strings.Contains(out, "P(2nd success)") {
		t.Fatalf("no split table:\n%s", out)
	}
	out, errs, code = runCLI(t, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Splits []struct {
			First, Second  string
			ExpectedDamage float64 `json:"expected_damage"`
			PSecond        float64 `json:"p_second_success"`
		} `json:"ambidextrous_splits"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Splits) != 2 {
		t.Fatalf("%d splits, want the two orders of the daggers", len(got.Splits))
	}
	c, err := catalog.ConvertFile(catalog056Fixture)
	if err != nil {
		t.Fatal(err)
	}
	ds := c.DataSet()
	ap, _ := ds.Profile("kharns-veilleuse-2")
	dp, _ := ds.Profile("kharns-rempart-2")
	def, err := fighter(ds, dp, "", profiles.KindMelee)
	if err != nil {
		t.Fatal(err)
	}
	ex := func(spec string) sim.Exchange {
		w, a, _ := strings.Cut(spec, " ")
		item, err := ds.Item(w)
		if err != nil {
			t.Fatal(err)
		}
		at, _, err := sim.ParseAttack(a)
		if err != nil {
			t.Fatal(err)
		}
		return sim.Exchange{Attacker: fighterWith(ds, ap, item), Defender: def, Attack: at, Policy: sim.DefaultPolicy}
	}
	for _, s := range got.Splits {
		res, err := (&sim.Split{First: ex(s.First), Second: ex(s.Second)}).Exact()
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(res.ExpectedDamage-s.ExpectedDamage) > 1e-9 || math.Abs(res.PSecond-s.PSecond) > 1e-9 {
			t.Errorf("%s then %s: E[damage] %.9f, P(2nd) %.9f; sim.Split.Exact %.9f, %.9f", s.First, s.Second, s.ExpectedDamage, s.PSecond, res.ExpectedDamage, res.PSecond)
		}
	}
}
