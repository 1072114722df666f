package reports

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// DuelMeta says what a duel run was played with.
type DuelMeta struct {
	A, B        string    `json:"-"`
	IDs         [2]string `json:"profiles"`
	Weapons     [2]string `json:"weapons"`
	Cost        [2]int    `json:"cost_kr"`
	Policies    [2]string `json:"policies"`
	Distance    float64   `json:"distance_toises"`
	RoundLimit  int       `json:"round_limit"`
	Rules       string    `json:"rules"`
	Seed        uint64    `json:"seed"`
	Trials      int       `json:"trials"`
	Precision   float64   `json:"precision,omitempty"`
	Converged   bool      `json:"converged"`
	Interrupted bool      `json:"interrupted"`
	NotModelled []string  `json:"not_modelled"`
	// PartlyModelled names the duellists the engine plays only in part, each
	// with what its results are computed without ("prince-3 (without spells)").
	PartlyModelled []string `json:"partly_modelled"`
	Data           string   `json:"data"`
	Version        string   `json:"version"`
}

// Rate is a sampled proportion with its 95% Wilson interval.
type Rate struct {
	Count int     `json:"count"`
	Rate  float64 `json:"rate"`
	Lo    float64 `json:"ci95_low"`
	Hi    float64 `json:"ci95_high"`
}

// NewRate returns k out of n with its 95% Wilson interval.
func NewRate(k, n int) Rate {
	r := Rate{Count: k}
	if n > 0 {
		r.Rate = float64(k) / float64(n)
		r.Lo, r.Hi = stats.Wilson(k, n, 0.95)
	}
	return r
}

// Mean is a sampled mean with its standard error.
type Mean struct {
	Mean float64 `json:"mean"`
	SE   float64 `json:"se"`
}

// DuelSummary is what kharn duel reports.
type DuelSummary struct {
	DuelMeta
	Wins        [2]Rate    `json:"wins"`
	Draws       Rate       `json:"draws"`
	Rounds      Mean       `json:"rounds"`
	RoundsPMF   []float64  `json:"rounds_pmf"` // index = round the fight ended in
	HPLeft      [2]Mean    `json:"hp_left"`
	Damage      [2]Mean    `json:"damage_dealt"`
	DamagePerAP [2]float64 `json:"damage_per_ap_spent"`
	WinPer100Kr [2]float64 `json:"win_rate_per_100kr"`
	// SpellsCast and SpellsSucceeded count each side's casts over all the
	// fights and those that took effect.
	SpellsCast      [2]int `json:"spells_cast"`
	SpellsSucceeded [2]int `json:"spells_succeeded"`
}

// SummariseDuel turns a tally into the figures of the report.
func SummariseDuel(m DuelMeta, t *sim.DuelTally) DuelSummary {
	s := DuelSummary{DuelMeta: m}
	s.Trials = t.N
	s.Wins[0] = NewRate(t.Wins[sim.SideA], t.N)
	s.Wins[1] = NewRate(t.Wins[sim.SideB], t.N)
	s.Draws = NewRate(t.Wins[sim.Draw], t.N)
	s.Rounds.Mean, s.Rounds.SE = stats.MeanSE(float64(t.RoundSum), float64(t.RoundSq), t.N)
	last := 0
	for r, c := range t.Rounds {
		if c > 0 {
			last = r
		}
	}
	s.RoundsPMF = make([]float64, last+1)
	for r := range s.RoundsPMF {
		if t.N > 0 {
			s.RoundsPMF[r] = float64(t.Rounds[r]) / float64(t.N)
		}
	}
	for i := range 2 {
		s.HPLeft[i].Mean, s.HPLeft[i].SE = stats.MeanSE(float64(t.HP[i]), float64(t.HPSq[i]), t.N)
		s.Damage[i].Mean, s.Damage[i].SE = stats.MeanSE(float64(t.Damage[i]), float64(t.DamageSq[i]), t.N)
		if t.AP[i] > 0 {
			s.DamagePerAP[i] = float64(t.Damage[i]) / float64(t.AP[i])
		}
		if m.Cost[i] > 0 {
			s.WinPer100Kr[i] = s.Wins[i].Rate / (float64(m.Cost[i]) / 100)
		}
		s.SpellsCast[i], s.SpellsSucceeded[i] = t.SpellsCast[i], t.SpellsSucceeded[i]
	}
	return s
}

// runStatus is what follows the provenance line of a sampled run: whether it was
// interrupted, or stopped at its trial cap before reaching its precision.
func runStatus(interrupted bool, precision float64, converged bool) string {
	switch {
	case interrupted:
		return " INTERRUPTED: partial result"
	case precision > 0 && !converged:
		return " (precision not reached: trial cap)"
	}
	return ""
}

// provenanceRows are the last rows of a sampled result's CSV (metric, subject,
// value, ci95_low, ci95_high, se): trials, seed and rules, then extra rows, then
// whether the run was interrupted, the version and what is not modelled.
func provenanceRows(trials int, seed uint64, rules string, extra [][]string, interrupted bool, version string, notModelled []string) [][]string {
	rows := [][]string{
		{"trials", "", strconv.Itoa(trials), "", "", ""},
		{"seed", "", strconv.FormatUint(seed, 10), "", "", ""},
		{"rules", "", rules, "", "", ""},
	}
	rows = append(rows, extra...)
	rows = append(rows,
		[]string{"interrupted", "", strconv.FormatBool(interrupted), "", "", ""},
		[]string{"version", "", version, "", "", ""},
	)
	for _, n := range notModelled {
		rows = append(rows, []string{"not_modelled", "", n, "", "", ""})
	}
	return rows
}

// rateRow is the CSV row (metric, subject, value, ci95_low, ci95_high, se)
// of a rate with its 95% Wilson interval, as the duel and skirmish CSV
// write it; an n/a (NaN) number is an empty cell (CSVNumber).
func rateRow(metric, subject string, r Rate) []string {
	return []string{metric, subject, CSVNumber(r.Rate, 10), CSVNumber(r.Lo, 10), CSVNumber(r.Hi, 10), ""}
}

// meanRow is the CSV row (metric, subject, value, ci95_low, ci95_high, se)
// of a mean with its standard error, as rateRow.
func meanRow(metric, subject string, m Mean) []string {
	return []string{metric, subject, CSVNumber(m.Mean, 10), "", "", CSVNumber(m.SE, 10)}
}

// writeCSV writes rows as CSV.
func writeCSV(w io.Writer, rows [][]string) error {
	cw := csv.NewWriter(w)
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	return cw.Error()
}

func pct(r Rate) string { return fmt.Sprintf("%.2f%%", 100*r.Rate) }
func ci(r Rate) string  { return fmt.Sprintf("%.2f%% - %.2f%%", 100*r.Lo, 100*r.Hi) }

// writePartlyModelled writes the header line naming the partly modelled
// profiles of a result, nothing when there are none: "Partly modelled:
// prince-3 (without spells); these results are computed without what is named".
func writePartlyModelled(w io.Writer, partly []string) {
	if len(partly) > 0 {
		fmt.Fprintf(w, "Partly modelled: %s; these results are computed without what is named\n", strings.Join(partly, ", "))
	}
}

// writeNotModelled writes the closing line naming what a result leaves out,
// nothing when it leaves out nothing: "not modelled: skill X, ...".
func writeNotModelled(w io.Writer, notModelled []string) {
	if len(notModelled) > 0 {
		fmt.Fprintf(w, "not modelled: %s\n", strings.Join(notModelled, ", "))
	}
}

// WriteDuel writes the duel summary as text tables.
func WriteDuel(w io.Writer, s DuelSummary) error {
	fmt.Fprintf(w, "A: %s\nB: %s\n", s.A, s.B)
	fmt.Fprintf(w, "Start %.1f toises apart; round limit %d; policies A %s, B %s\n", s.Distance, s.RoundLimit, s.Policies[0], s.Policies[1])
	fmt.Fprintf(w, "Sampled: %d fights, seed %d, rules %s; data: %s; kharn %s%s\n", s.Trials, s.Seed, s.Rules, s.Data, s.Version,
		runStatus(s.Interrupted, s.Precision, s.Converged))
	writePartlyModelled(w, s.PartlyModelled)
	t := Table{Header: []string{"outcome", "fights", "rate", "95% Wilson interval"}, Right: []bool{false, true, true, true}}
	t.Rows = append(t.Rows,
		[]string{"A wins (" + s.IDs[0] + ")", strconv.Itoa(s.Wins[0].Count), pct(s.Wins[0]), ci(s.Wins[0])},
		[]string{"draw (round limit)", strconv.Itoa(s.Draws.Count), pct(s.Draws), ci(s.Draws)},
		[]string{"B wins (" + s.IDs[1] + ")", strconv.Itoa(s.Wins[1].Count), pct(s.Wins[1]), ci(s.Wins[1])},
	)
	if err := t.Render(w); err != nil {
		return err
	}
	sides := Table{Header: []string{"", "A", "B"}, Right: []bool{false, true, true}}
	row := func(name string, f func(i int) string) {
		sides.Rows = append(sides.Rows, []string{name, f(0), f(1)})
	}
	row("profile", func(i int) string { return s.IDs[i] + ", " + s.Weapons[i] })
	row("cost (Kr)", func(i int) string { return strconv.Itoa(s.Cost[i]) })
	row("win rate per 100 Kr", func(i int) string { return fmt.Sprintf("%.3f", s.WinPer100Kr[i]) })
	row("damage dealt per fight (±SE)", func(i int) string { return fmt.Sprintf("%.2f ± %.2f", s.Damage[i].Mean, s.Damage[i].SE) })
	row("damage dealt per AP spent", func(i int) string { return fmt.Sprintf("%.3f", s.DamagePerAP[i]) })
	row("HP left per fight (±SE)", func(i int) string { return fmt.Sprintf("%.2f ± %.2f", s.HPLeft[i].Mean, s.HPLeft[i].SE) })
	if err := sides.Render(w); err != nil {
		return err
	}
	fmt.Fprintf(w, "Rounds: mean %.2f ± %.2f (SE); fights ended by round:", s.Rounds.Mean, s.Rounds.SE)
	cum := 0.0
	for r, p := range s.RoundsPMF {
		cum += p
		if p > 0 && (r <= 6 || r == len(s.RoundsPMF)-1 || r%5 == 0) {
			fmt.Fprintf(w, " %d: %.1f%%", r, 100*cum)
		}
	}
	fmt.Fprintln(w)
	writeNotModelled(w, s.NotModelled)
	return nil
}

// WriteDuelCSV writes the duel summary as CSV rows: metric, side, value, and the
// interval or standard error where there is one.
func WriteDuelCSV(w io.Writer, s DuelSummary) error {
	f := func(x float64) string { return CSVNumber(x, 10) } // n/a (NaN) is an empty cell
	rows := [][]string{{"metric", "side", "value", "ci95_low", "ci95_high", "se"}}
	for i, side := range []string{"A", "B"} {
		rows = append(rows,
			rateRow("wins", side, s.Wins[i]),
			[]string{"win_count", side, strconv.Itoa(s.Wins[i].Count), "", "", ""},
			[]string{"cost_kr", side, strconv.Itoa(s.Cost[i]), "", "", ""},
			[]string{"win_rate_per_100kr", side, f(s.WinPer100Kr[i]), "", "", ""},
			meanRow("damage_dealt", side, s.Damage[i]),
			[]string{"damage_per_ap_spent", side, f(s.DamagePerAP[i]), "", "", ""},
			meanRow("hp_left", side, s.HPLeft[i]),
		)
	}
	rows = append(rows,
		rateRow("draws", "", s.Draws),
		meanRow("rounds", "", s.Rounds),
	)
	start := [][]string{
		{"distance_toises", "", f(s.Distance), "", "", ""},
		{"round_limit", "", strconv.Itoa(s.RoundLimit), "", "", ""},
	}
	rows = append(rows, provenanceRows(s.Trials, s.Seed, s.Rules, start, s.Interrupted, s.Version, s.NotModelled)...)
	return writeCSV(w, rows)
}
