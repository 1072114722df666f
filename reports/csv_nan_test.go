package reports

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/sim"
)

// TestSampledCSVNaNIsEmpty: a one-fight run has no standard error (stats.MeanSE
// gives NaN for n < 2); the duel and skirmish CSVs write it as an empty cell, as
// every other CSV of the toolkit does (reports.CSVNumber), never "NaN".
func TestSampledCSVNaNIsEmpty(t *testing.T) {
	var dt sim.DuelTally
	dt.Add(sim.FightResult{Winner: sim.SideA, Rounds: 2, HP: [2]int{4, 0}, Damage: [2]int{10, 6}, AP: [2]int{8, 6}})
	var duel bytes.Buffer
	if err := WriteDuelCSV(&duel, SummariseDuel(DuelMeta{Cost: [2]int{100, 100}}, &dt)); err != nil {
		t.Fatal(err)
	}
	st := sim.NewSkirmishTally(2)
	st.Add(sim.SkirmishResult{Winner: sim.SideA, Rounds: 3})
	var sk bytes.Buffer
	if err := WriteSkirmishCSV(&sk, SummariseSkirmish(SkirmishMeta{Krowns: [2]int{100, 100}}, st)); err != nil {
		t.Fatal(err)
	}
	for name, buf := range map[string]*bytes.Buffer{"duel": &duel, "skirmish": &sk} {
		text := buf.String()
		rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
		if err != nil {
			t.Fatalf("%s CSV does not parse: %v", name, err)
		}
		if strings.Contains(strings.ToLower(text), "nan") {
			t.Errorf("%s CSV writes NaN:\n%s", name, text)
		}
		var rounds []string
		for _, r := range rows {
			if r[0] == "rounds" {
				rounds = r
			}
		}
		if rounds == nil || rounds[2] == "" || rounds[5] != "" {
			t.Errorf("%s CSV rounds row = %q, want a mean and an empty SE cell", name, rounds)
		}
	}
}
