package reports

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// LoadoutRow is one loadout of a comparison.
type LoadoutRow struct {
	Loadout string `json:"loadout"`
	Cost    int    `json:"cost_kr"`
	// Wins is the win rate over the whole pool (sampled), with its interval.
	Wins  Rate `json:"wins"`
	Draws Rate `json:"draws"`
	// DamageTaken is the damage the loadout's Safar takes per fight.
	DamageTaken Mean `json:"damage_taken"`
	// WinPer100Kr is the win rate divided by the cost in hundreds of Krowns.
	WinPer100Kr float64 `json:"win_rate_per_100kr"`
	// MeanDamagePerAP is the exact best expected damage per AP, averaged over the pool.
	MeanDamagePerAP float64 `json:"exact_damage_per_ap"`
	// PerOpponent and DamagePerAP follow Comparison.Opponents.
	PerOpponent []Rate    `json:"per_opponent"`
	DamagePerAP []float64 `json:"exact_damage_per_ap_per_opponent"`
	// Fights is the number of fights the row played; N the number its pooled
	// rates count (Wins.Count of N): Fights, unless its opponents played
	// different numbers of fights and the rates are their means (kharn report
	// --pair-precision, FillEqual).
	Fights, N int `json:"-"`
}

// Fill sets the pooled figures of the row from the merged tally of its duels.
func (r *LoadoutRow) Fill(t *sim.DuelTally) {
	r.Fights, r.N = t.N, t.N
	r.Wins = NewRate(t.Wins[sim.SideA], t.N)
	r.Draws = NewRate(t.Wins[sim.Draw], t.N)
	r.DamageTaken.Mean, r.DamageTaken.SE = stats.MeanSE(float64(t.Damage[sim.SideB]), float64(t.DamageSq[sim.SideB]), t.N)
	r.fillDerived()
}

// FillEqual sets the pooled figures of the row from the tallies of its duels
// against each opponent, each opponent weighing the same whatever its number
// of fights: the rates are the means of the opponents' rates, counted as wins
// of n, the effective number of fights of that mean (K² / Σ 1/n_y over the K
// opponents, a conservative interval), and the damage taken is the mean of the
// opponents' means with the standard error of that mean. With the same number
// of fights against every opponent it gives Fill's figures of the merged tally
// (up to rounding).
func (r *LoadoutRow) FillEqual(ts []*sim.DuelTally) {
	var inv, win, draw, dmg, se2 float64
	r.Fights = 0
	for _, t := range ts {
		n := float64(t.N)
		r.Fights += t.N
		inv += 1 / n
		win += float64(t.Wins[sim.SideA]) / n
		draw += float64(t.Wins[sim.Draw]) / n
		m, se := stats.MeanSE(float64(t.Damage[sim.SideB]), float64(t.DamageSq[sim.SideB]), t.N)
		dmg += m
		se2 += se * se
	}
	k := float64(len(ts))
	r.N = int(math.Round(k * k / inv))
	r.Wins = NewRate(int(math.Round(win/k*float64(r.N))), r.N)
	r.Draws = NewRate(int(math.Round(draw/k*float64(r.N))), r.N)
	r.DamageTaken.Mean, r.DamageTaken.SE = dmg/k, math.Sqrt(se2)/k
	r.fillDerived()
}

// fillDerived sets the figures derived from the pooled ones.
func (r *LoadoutRow) fillDerived() {
	if r.Cost > 0 {
		r.WinPer100Kr = r.Wins.Rate / (float64(r.Cost) / 100)
	}
	s := 0.0
	for _, d := range r.DamagePerAP {
		s += d
	}
	if len(r.DamagePerAP) > 0 {
		r.MeanDamagePerAP = s / float64(len(r.DamagePerAP))
	}
}

// Comparison is what kharn compare reports.
type Comparison struct {
	// Context is "duel" (one against one) or "skirmish" (battles at equal budgets
	// of Budget Krowns a side, kharn cost's BudgetMatch).
	Context     string       `json:"context"`
	Budget      int          `json:"budget_kr,omitempty"`
	Profile     string       `json:"profile"`
	Opponents   []string     `json:"opponents"`
	Rows        []LoadoutRow `json:"loadouts"`
	SortBy      string       `json:"sorted_by"`
	Seed        uint64       `json:"seed"`
	Trials      int          `json:"trials_per_opponent"`
	Distance    float64      `json:"distance_toises"`
	Rules       string       `json:"rules"`
	Interrupted bool         `json:"interrupted"`
	NotModelled []string     `json:"not_modelled"`
	// PartlyModelled names the profiles of the comparison the engine plays
	// only in part, each with what its results are computed without
	// ("prince-3 (without spells)").
	PartlyModelled []string `json:"partly_modelled"`
	Data           string   `json:"data"`
	Version        string   `json:"version"`
}

// Sort ranks the rows by the chosen metric, highest first.
func (c *Comparison) Sort() {
	key := func(r LoadoutRow) float64 {
		switch c.SortBy {
		case "per-100kr":
			return r.WinPer100Kr
		case "damage-per-ap":
			return r.MeanDamagePerAP
		}
		return r.Wins.Rate
	}
	sort.SliceStable(c.Rows, func(i, j int) bool { return key(c.Rows[i]) > key(c.Rows[j]) })
}

// Write writes the comparison as a text table.
func (c *Comparison) Write(w io.Writer) error {
	status := runStatus(c.Interrupted, 0, true)
	skirmish := c.Context == "skirmish"
	if skirmish {
		fmt.Fprintf(w, "Loadouts of %s in skirmishes at equal budgets (%d Kr a side, at least 3 times the loadout's cost) against %d opponents (%s)\n",
			c.Profile, c.Budget, len(c.Opponents), strings.Join(c.Opponents, ", "))
		fmt.Fprintf(w, "Sampled: %d battles per loadout and opponent, seed %d for all (common random numbers), open ground, rules %s; data: %s; kharn %s%s\n",
			c.Trials, c.Seed, c.Rules, c.Data, c.Version, status)
	} else {
		fmt.Fprintf(w, "Loadouts of %s in duels against %d opponents (%s)\n", c.Profile, len(c.Opponents), strings.Join(c.Opponents, ", "))
		fmt.Fprintf(w, "Sampled: %d fights per loadout and opponent, seed %d for all (common random numbers), start %.1f toises apart, rules %s; data: %s; kharn %s%s\n",
			c.Trials, c.Seed, c.Distance, c.Rules, c.Data, c.Version, status)
	}
	writePartlyModelled(w, c.PartlyModelled)
	fmt.Fprintf(w, "Ranked by %s. Exact: damage per AP (best attack against each opponent's best response, mean over the pool).\n", c.SortBy)
	t := Table{
		Header: []string{"loadout", "Kr", "win rate", "95% Wilson", "draws", "damage taken (±SE)", "win per 100 Kr", "exact damage/AP"},
		Right:  []bool{false, true, true, true, true, true, true, true},
	}
	if skirmish {
		t.Header[5] = "damage taken"
	}
	for _, r := range c.Rows {
		taken := fmt.Sprintf("%.2f ± %.2f", r.DamageTaken.Mean, r.DamageTaken.SE)
		if skirmish {
			taken = "n/a" // a side's battles, not one Safar's: see kharn skirmish
		}
		t.Rows = append(t.Rows, []string{r.Loadout, strconv.Itoa(r.Cost), pct(r.Wins), ci(r.Wins), pct(r.Draws),
			taken, fmt.Sprintf("%.3f", r.WinPer100Kr), fmt.Sprintf("%.3f", r.MeanDamagePerAP)})
	}
	if err := t.Render(w); err != nil {
		return err
	}
	writeNotModelled(w, c.NotModelled)
	return nil
}

// WriteCSV writes one row per loadout and opponent, n/a as an empty cell, each
// row ending with the provenance columns (ProvenanceKeys: seed, fights per
// loadout and opponent, rules, version).
func (c *Comparison) WriteCSV(w io.Writer) error {
	f := func(x float64) string { return CSVNumber(x, 10) }
	distance := f(c.Distance)
	if c.Context == "skirmish" {
		distance = "" // battles start from the scenario's deployment
	}
	prov := Provenance{Seed: c.Seed, Trials: c.Trials, Rules: c.Rules, Version: c.Version}.Values()
	rows := [][]string{append([]string{"loadout", "cost_kr", "opponent", "win_rate", "ci95_low", "ci95_high", "exact_damage_per_ap", "distance_toises"}, ProvenanceKeys...)}
	for _, r := range c.Rows {
		for i, o := range c.Opponents {
			if i >= len(r.PerOpponent) {
				break
			}
			p := r.PerOpponent[i]
			rows = append(rows, append([]string{r.Loadout, strconv.Itoa(r.Cost), o, f(p.Rate), f(p.Lo), f(p.Hi), f(r.DamagePerAP[i]), distance}, prov...))
		}
	}
	return writeCSV(w, rows)
}

// Plot writes the heat map of win rates, loadout by opponent.
func (c *Comparison) Plot(path string) error {
	var names []string
	var z [][]float64
	for _, r := range c.Rows {
		names = append(names, r.Loadout)
		row := make([]float64, len(c.Opponents))
		for i := range row {
			row[i] = math.NaN()
			if i < len(r.PerOpponent) {
				row[i] = r.PerOpponent[i].Rate
			}
		}
		z = append(z, row)
	}
	what := "duels"
	if c.Context == "skirmish" {
		what = fmt.Sprintf("battles at %d Kr a side", c.Budget)
	}
	return Heatmap(path, fmt.Sprintf("%s: win rate by loadout and opponent (%d %s each)", c.Profile, c.Trials, what),
		"opponent", "loadout", names, c.Opponents, z)
}
