package reports

import (
	"bytes"
	"encoding/csv"
	"math"
	"testing"

	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// TestSummariseDuel checks the figures derived from a hand-made tally.
func TestSummariseDuel(t *testing.T) {
	var tally sim.DuelTally
	// 3 fights: A wins in round 2 with 4 HP left, B wins in round 1 with 6, a draw.
	tally.Add(sim.FightResult{Winner: sim.SideA, Rounds: 2, HP: [2]int{4, 0}, Damage: [2]int{10, 6}, AP: [2]int{8, 6}})
	tally.Add(sim.FightResult{Winner: sim.SideB, Rounds: 1, HP: [2]int{0, 6}, Damage: [2]int{4, 10}, AP: [2]int{4, 4}})
	tally.Add(sim.FightResult{Winner: sim.Draw, Rounds: 20, HP: [2]int{2, 2}, Damage: [2]int{8, 8}, AP: [2]int{40, 40}})
	s := SummariseDuel(DuelMeta{Cost: [2]int{125, 50}}, &tally)
	lo, hi := stats.Wilson(1, 3, 0.95)
	if s.Wins[0].Count != 1 || s.Wins[0].Rate != 1.0/3 || s.Wins[0].Lo != lo || s.Wins[0].Hi != hi {
		t.Errorf("A wins = %+v, want 1/3 with Wilson [%v, %v]", s.Wins[0], lo, hi)
	}
	if s.Draws.Count != 1 || s.Trials != 3 {
		t.Errorf("draws %d, trials %d, want 1 and 3", s.Draws.Count, s.Trials)
	}
	// Win rate per 100 Kr: (1/3) / 1.25 for A, (1/3) / 0.5 for B.
	if math.Abs(s.WinPer100Kr[0]-1.0/3/1.25) > 1e-12 || math.Abs(s.WinPer100Kr[1]-1.0/3/0.5) > 1e-12 {
		t.Errorf("win rate per 100 Kr = %v", s.WinPer100Kr)
	}
	// Damage per AP: A dealt 22 for 52 AP.
	if math.Abs(s.DamagePerAP[0]-22.0/52) > 1e-12 {
		t.Errorf("damage per AP of A = %v, want 22/52", s.DamagePerAP[0])
	}
	// Rounds mean (2+1+20)/3; rounds_pmf has the round-20 bin.
	if math.Abs(s.Rounds.Mean-23.0/3) > 1e-12 || len(s.RoundsPMF) != 21 || s.RoundsPMF[20] != 1.0/3 {
		t.Errorf("rounds %+v, pmf %v", s.Rounds, s.RoundsPMF)
	}
	var buf bytes.Buffer
	if err := WriteDuelCSV(&buf, s); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("CSV does not parse: %v", err)
	}
	if rows[0][0] != "metric" || len(rows) < 10 {
		t.Errorf("CSV header or length wrong: %v", rows[:2])
	}
}
