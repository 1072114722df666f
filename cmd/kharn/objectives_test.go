package main

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
)

// TestObjectivesGolden checks kharn skirmish on the scenarios with objectives
// (hold the ford, the relic, the vault: the winner decided by victory points)
// against testdata/objectives-*.golden, and the file:line:col: field errors of
// scenario files with broken objectives and objects; go test ./cmd/kharn -run
// TestObjectivesGolden -update rewrites them.
func TestObjectivesGolden(t *testing.T) {
	cases := []struct {
		name  string
		args  []string
		code  int
		heavy bool
	}{
		{"objectives-ford", []string{"skirmish", "kharns-300", "kherops-300", "--scenario", "hold-the-ford", "--trials", "300", "--workers", "1"}, 0, true},
		{"objectives-relic-trace", []string{"skirmish", "kharns-300", "kherops-300", "--scenario", "the-relic", "--trace", "--seed", "3"}, 0, true},
		{"objectives-bad-file", []string{"skirmish", "kharns-300", "kherops-300", "--scenario", "testdata/scenarios/bad-objectives.yaml", "--trials", "10"}, 1, false},
		// Scenery objects and a negotiation (sim/objects.go, sim/negotiation.go).
		{"objectives-vault-trace", []string{"skirmish", "kharns-300", "kherops-300", "--scenario", "the-vault", "--trace", "--seed", "3"}, 0, true},
		{"objectives-bad-objects", []string{"skirmish", "kharns-300", "kherops-300", "--scenario", "testdata/scenarios/bad-objects.yaml", "--trials", "10"}, 1, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.heavy && skirmishRace {
				t.Skip("golden runs are checked without -race (see skirmishRace)")
			}
			t.Parallel()
			out, errs, code := runCLI(t, tc.args...)
			if code != tc.code {
				t.Fatalf("exit code %d, want %d; stderr: %s", code, tc.code, errs)
			}
			got := "$ kharn " + strings.Join(tc.args, " ") + "\n" + out
			if errs != "" {
				got += "--- stderr\n" + errs
			}
			checkGolden(t, tc.name, got)
		})
	}
}

// TestObjectivesJSONCSV checks that kharn skirmish --json on a scenario with
// objectives names the scenario and its victory points and counts each side's
// points per battle, that the CSV holds them as rows and the scenario and
// victory as provenance, and that a scenario without objectives says
// "annihilation".
func TestObjectivesJSONCSV(t *testing.T) {
	if skirmishRace {
		t.Skip("plays skirmishes: checked without -race (see skirmishRace)")
	}
	base := []string{"skirmish", "kharns-300", "kherops-300", "--trials", "200", "--workers", "1"}
	var got struct {
		Scenario string `json:"scenario"`
		Victory  string `json:"victory"`
		Points   []struct {
			Mean float64 `json:"mean"`
			SE   float64 `json:"se"`
		} `json:"objective_points"`
	}
	for _, tc := range []struct {
		scenario, name, victory string
		points                  bool
	}{
		{"the-relic", "the relic", "victory points: relic 5 carried off", true},
		{"open-ground", "open ground", "annihilation", false},
	} {
		out, errs, code := runCLI(t, append(base, "--scenario", tc.scenario, "--json")...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.scenario, code, errs)
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		if got.Scenario != tc.name || got.Victory != tc.victory || len(got.Points) != 2 {
			t.Errorf("%s: scenario %q, victory %q, %d point means", tc.scenario, got.Scenario, got.Victory, len(got.Points))
			continue
		}
		if scored := got.Points[0].Mean+got.Points[1].Mean > 0; scored != tc.points {
			t.Errorf("%s: points %+v, want scored %v", tc.scenario, got.Points, tc.points)
		}
	}
	out, errs, code := runCLI(t, append(base, "--scenario", "hold-the-ford", "--csv")...)
	if code != 0 {
		t.Fatalf("--csv: exit %d: %s", code, errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]string{}
	for _, r := range rows {
		found[r[0]+"/"+r[1]] = r[2]
	}
	for _, k := range []string{"objective_points/A", "objective_points/B"} {
		if found[k] == "" {
			t.Errorf("CSV: no %s row", k)
		}
	}
	if found["scenario/"] != "hold the ford" || found["victory/"] != "victory points: ford 1 a round held" {
		t.Errorf("CSV provenance: scenario %q, victory %q", found["scenario/"], found["victory/"])
	}
}

// TestCostScenario checks that kharn cost names a scenario with objectives and
// its victory points in its CSV (the scenario column) and JSON, and plays
// its battles (a fair cost is found).
func TestCostScenario(t *testing.T) {
	if skirmishRace {
		t.Skip("plays skirmishes: checked without -race (see skirmishRace)")
	}
	args := append(append([]string(nil), costArgs...), "--scenario", "hold-the-ford")
	const want = "hold the ford (victory points: ford 1 a round held)"
	out, errs, code := runCLI(t, append(args, "--csv")...)
	if code != 0 {
		t.Fatalf("--csv: exit %d: %s", code, errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("CSV: %v\n%s", err, out)
	}
	col := -1
	for i, h := range rows[0] {
		if h == "scenario" {
			col = i
		}
	}
	if col < 0 || rows[1][col] != want {
		t.Errorf("CSV scenario column %d: %v, want %q", col, rows[1], want)
	}
	out, errs, code = runCLI(t, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errs)
	}
	var got struct {
		Scenario string `json:"scenario"`
		Victory  string `json:"victory"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Scenario != "hold the ford" || got.Victory != "victory points: ford 1 a round held" {
		t.Errorf("JSON scenario %q, victory %q (%v)", got.Scenario, got.Victory, err)
	}
}
