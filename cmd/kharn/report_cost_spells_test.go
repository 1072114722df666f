package main

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/balance"
)

// reportCasters is a small invented data set with one caster, bolt-adept-2,
// knowing a damage and a healing spell (testdata/report/casters).
const reportCastersData = "testdata/report/casters"

// TestReportCasterCosts checks the report's table of casters priced with and
// without their spells: one row for the one caster, its spells named, its
// fair cost with spells the one of its faction's cost table (the same
// search), the worth their difference inside its interval, and the CSV file
// with the same columns and the cost trials as provenance, the verdict the
// one its interval gives. (Measured: at 60 + 60 trials, seed 5, its spells
// are worth +9.9 Kr [+3.0, +16.8]; TestCostSpellsBoth asserts the sign on a
// larger margin.)
func TestReportCasterCosts(t *testing.T) {
	dir, rj, _ := runReportCLI(t, context.Background(), "--data", reportCastersData, "report", "--trials", "32", "--cost-trials", "60",
		"--loadouts", "none", "--seed", "5", "--workers", "1")
	rows := rj.table(t, "costs-casters")
	if len(rows) != 1 {
		t.Fatalf("%d caster rows, want bolt-adept-2 alone: %v", len(rows), rows)
	}
	r := rows[0]
	if r["profile"] != "bolt-adept-2" || r["spells"] != "test-bolt, test-mend" || r["card_cost_kr"] != 60.0 {
		t.Errorf("row %v", r)
	}
	var fairWith any
	for _, k := range rj.table(t, "costs-kharns") {
		if k["profile"] == "bolt-adept-2" {
			fairWith = k["fair_cost_kr"]
		}
	}
	if fairWith == nil || fairWith != r["fair_with_spells_kr"] {
		t.Errorf("fair cost with spells %v, the kharns table says %v", r["fair_with_spells_kr"], fairWith)
	}
	num := func(k string) float64 {
		x, ok := r[k].(float64)
		if !ok {
			t.Fatalf("%s = %v, want a number", k, r[k])
		}
		return x
	}
	worth, lo, hi := num("magic_worth_kr"), num("magic_worth_ci95_low"), num("magic_worth_ci95_high")
	if d := num("fair_with_spells_kr") - num("fair_without_spells_kr"); math.Abs(d-worth) > 1e-9 || !(lo < worth && worth < hi) {
		t.Errorf("worth %v [%v, %v], want with minus without (%v) inside its interval", worth, lo, hi, d)
	}
	wantVerdict := "not significant"
	switch {
	case lo > 0:
		wantVerdict = "significant: its spells are worth Krowns"
	case hi < 0:
		wantVerdict = "significant: it does worse casting"
	}
	if r["magic_worth_verdict"] != wantVerdict {
		t.Errorf("verdict %q for [%v, %v], want %q", r["magic_worth_verdict"], lo, hi, wantVerdict)
	}
	var csvPath string
	for _, tb := range rj.Tables {
		if tb.ID == "costs-casters" {
			csvPath = filepath.Join(dir, tb.CSV)
		}
	}
	lines := readCSV(t, csvPath)
	if len(lines) != 2 || lines[0][0] != "profile" || lines[0][9] != "magic_worth_kr" || lines[1][len(lines[1])-3] != strconv.Itoa(60) {
		t.Errorf("CSV %s: %v", csvPath, lines)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "Casters: fair cost with and without their spells") || !strings.Contains(string(md), "no-magic policy") {
		t.Error("report.md has no caster table with its note")
	}
}

// TestSplitCasterCosts checks how the report splits the fair costs searched
// in one batch, its profiles then its casters without their spells
// (assessDataSet), when the batch finished, stopped in either part, or
// stopped on the last profile of the first part.
func TestSplitCasterCosts(t *testing.T) {
	done := func(label string) costAssessment {
		a := costAssessment{curve: &balance.Curve{}}
		a.a.Label = label
		return a
	}
	stopped := func(label string) costAssessment {
		a := done(label)
		a.curve.Interrupted = true
		return a
	}
	for _, c := range []struct {
		name             string
		all              []costAssessment
		res, without     int
		interruptedFirst bool
	}{
		{"all finished", []costAssessment{done("a"), done("b"), done("c")}, 2, 1, false},
		{"stopped in the casters", []costAssessment{done("a"), done("b"), stopped("c")}, 2, 1, false},
		{"no caster run", []costAssessment{done("a"), done("b")}, 2, 0, false},
		{"stopped on the last profile", []costAssessment{done("a"), stopped("b")}, 2, 0, true},
		{"stopped in the profiles", []costAssessment{stopped("a")}, 1, 0, true},
		{"not started", nil, 0, 0, true},
	} {
		res, without, interrupted := splitCasterCosts(c.all, 2)
		if len(res) != c.res || len(without) != c.without || interrupted != c.interruptedFirst {
			t.Errorf("%s: %d profiles, %d casters, first part interrupted %t; want %d, %d, %t",
				c.name, len(res), len(without), interrupted, c.res, c.without, c.interruptedFirst)
		}
		if c.without == 0 && without != nil {
			t.Errorf("%s: casters %v, want nil (searched again by casterSpellsTable)", c.name, without)
		}
	}
}
