package reports

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/stats"
)

// SkirmishMeta says what a skirmish run was played with.
type SkirmishMeta struct {
	Lists    [2]string `json:"lists"`   // list names
	Sources  [2]string `json:"sources"` // where each list came from
	Krowns   [2]int    `json:"cost_kr"`
	Policies [2]string `json:"policies"`
	Scenario string    `json:"scenario"`
	// Victory is how the scenario's battles are won: "annihilation", or its
	// victory points (profiles.Scenario.Victory).
	Victory string `json:"victory"`
	// Deployment is how the sides deployed: "fixed", "chosen", or "A chosen,
	// B fixed" (sim.Skirmish.DeployText).
	Deployment  string     `json:"deployment"`
	Table       [2]float64 `json:"table_toises"`
	RoundLimit  int        `json:"round_limit"`
	Rules       string     `json:"rules"`
	Seed        uint64     `json:"seed"`
	Trials      int        `json:"trials"`
	Precision   float64    `json:"precision,omitempty"`
	Converged   bool       `json:"converged"`
	Interrupted bool       `json:"interrupted"`
	NotModelled []string   `json:"not_modelled"`
	// PartlyModelled names the profiles of both lists the engine plays only
	// in part, each with what its results are computed without.
	PartlyModelled []string `json:"partly_modelled"`
	Data           string   `json:"data"`
	Version        string   `json:"version"`
	// Safars name every Safar ("A1 paladin-3"), side A's first, with its cost.
	Safars []string `json:"-"`
	Costs  []int    `json:"-"`
	SizeA  int      `json:"-"` // Safars of side A

}

// SafarSummary is what one Safar did over all the skirmishes.
type SafarSummary struct {
	Name         string  `json:"name"`
	Side         string  `json:"side"`
	Cost         int     `json:"cost_kr"`
	Damage       Mean    `json:"damage_dealt"`
	DamagePerAP  Mean    `json:"damage_per_ap_spent"`
	DamagePer100 Mean    `json:"damage_per_100kr"`
	AP           Mean    `json:"ap_spent"`
	Kills        float64 `json:"kills"`
	Survival     Rate    `json:"survival"`
	// SpellsCast and SpellsSucceeded count its casts over all the battles and
	// those that took effect.
	SpellsCast      int `json:"spells_cast"`
	SpellsSucceeded int `json:"spells_succeeded"`
}

// SkirmishSummary is what kharn skirmish reports.
type SkirmishSummary struct {
	SkirmishMeta
	Wins     [2]Rate `json:"wins"`
	Draws    Rate    `json:"draws"`
	ByKrowns [3]Rate `json:"by_krowns"` // A, B, equal: draws at the limit scored by Krowns in play
	Rounds   Mean    `json:"rounds"`
	KrLeft   [2]Mean `json:"krowns_left"`
	// Points are the victory points of each side per battle (scenario
	// objectives; 0 under annihilation).
	Points   [2]Mean        `json:"objective_points"`
	PerSafar []SafarSummary `json:"safars"`
}

// SummariseSkirmish turns a tally into the figures of the report.
func SummariseSkirmish(m SkirmishMeta, t *sim.SkirmishTally) SkirmishSummary {
	s := SkirmishSummary{SkirmishMeta: m}
	s.Trials = t.N
	s.Wins[0] = NewRate(t.Wins[sim.SideA], t.N)
	s.Wins[1] = NewRate(t.Wins[sim.SideB], t.N)
	s.Draws = NewRate(t.Wins[sim.Draw], t.N)
	for i := range 3 {
		s.ByKrowns[i] = NewRate(t.ByKrowns[i], t.N)
	}
	s.Rounds.Mean, s.Rounds.SE = stats.MeanSE(float64(t.RoundSum), float64(t.RoundSq), t.N)
	for i := range 2 {
		s.KrLeft[i].Mean, s.KrLeft[i].SE = stats.MeanSE(float64(t.Krowns[i]), float64(t.KrownsSq[i]), t.N)
		s.Points[i].Mean, s.Points[i].SE = stats.MeanSE(float64(t.Points[i]), float64(t.PointsSq[i]), t.N)
	}
	for i, name := range m.Safars {
		ss := SafarSummary{Name: name, Side: "A", Cost: m.Costs[i]}
		if i >= m.SizeA {
			ss.Side = "B"
		}
		ss.Damage.Mean, ss.Damage.SE = stats.MeanSE(float64(t.Dealt[i]), float64(t.DealtSq[i]), t.N)
		ss.AP.Mean, ss.AP.SE = stats.MeanSE(float64(t.AP[i]), float64(t.APSq[i]), t.N)
		ss.DamagePerAP = ratio(t.Dealt[i], t.DealtSq[i], t.AP[i], t.APSq[i], t.DealtAP[i], t.N)
		if ss.Cost > 0 {
			k := 100 / float64(ss.Cost)
			ss.DamagePer100 = Mean{Mean: ss.Damage.Mean * k, SE: ss.Damage.SE * k}
		}
		if t.N > 0 {
			ss.Kills = float64(t.Kills[i]) / float64(t.N)
		}
		ss.Survival = NewRate(t.InPlay[i], t.N)
		if t.SpellsCast != nil {
			ss.SpellsCast, ss.SpellsSucceeded = t.SpellsCast[i], t.SpellsSucceeded[i]
		}
		s.PerSafar = append(s.PerSafar, ss)
	}
	return s
}

// ratio returns the ratio of the sums of x and y over n trials, with its standard
// error by the delta method (a ratio estimator: total damage over total AP), from
// the sums of x, x², y, y² and xy.
func ratio(sx, sxx, sy, syy, sxy, n int) Mean {
	if sy == 0 || n < 2 {
		return Mean{}
	}
	fn := float64(n)
	mx, my := float64(sx)/fn, float64(sy)/fn
	r := mx / my
	vx := (float64(sxx) - fn*mx*mx) / (fn - 1)
	vy := (float64(syy) - fn*my*my) / (fn - 1)
	cxy := (float64(sxy) - fn*mx*my) / (fn - 1)
	v := (vx - 2*r*cxy + r*r*vy) / (fn * my * my)
	if v < 0 {
		v = 0
	}
	return Mean{Mean: r, SE: math.Sqrt(v)}
}

// WriteSkirmish writes the skirmish summary as text tables.
func WriteSkirmish(w io.Writer, s SkirmishSummary) error {
	fmt.Fprintf(w, "A: %s, %d Kr (%s)\nB: %s, %d Kr (%s)\n", s.Lists[0], s.Krowns[0], s.Sources[0], s.Lists[1], s.Krowns[1], s.Sources[1])
	fmt.Fprintf(w, "Scenario %s: %.0f x %.0f toises, round limit %d; policies A %s, B %s; deployment %s\n", s.Scenario, s.Table[0], s.Table[1], s.RoundLimit, s.Policies[0], s.Policies[1], s.Deployment)
	fmt.Fprintf(w, "Sampled: %d skirmishes, seed %d, rules %s; data: %s; kharn %s%s\n", s.Trials, s.Seed, s.Rules, s.Data, s.Version,
		runStatus(s.Interrupted, s.Precision, s.Converged))
	writePartlyModelled(w, s.PartlyModelled)
	if objectives(s) {
		fmt.Fprintf(w, "Victory: %s; the side with more points wins, even wiped out. Points per battle: A %.2f ± %.2f, B %.2f ± %.2f (SE)\n",
			strings.TrimPrefix(s.Victory, "victory points: "), s.Points[0].Mean, s.Points[0].SE, s.Points[1].Mean, s.Points[1].SE)
	}
	t := Table{Header: []string{"outcome", "skirmishes", "rate", "95% Wilson interval"}, Right: []bool{false, true, true, true}}
	t.Rows = append(t.Rows,
		[]string{"A wins (" + s.Lists[0] + ")", strconv.Itoa(s.Wins[0].Count), pct(s.Wins[0]), ci(s.Wins[0])},
		[]string{"draw (round limit)", strconv.Itoa(s.Draws.Count), pct(s.Draws), ci(s.Draws)},
		[]string{"draws with A ahead on Krowns", strconv.Itoa(s.ByKrowns[0].Count - s.Wins[0].Count), "", ""},
		[]string{"draws with B ahead on Krowns", strconv.Itoa(s.ByKrowns[1].Count - s.Wins[1].Count), "", ""},
		[]string{"B wins (" + s.Lists[1] + ")", strconv.Itoa(s.Wins[1].Count), pct(s.Wins[1]), ci(s.Wins[1])},
		[]string{"A wins or leads on Krowns", strconv.Itoa(s.ByKrowns[0].Count), pct(s.ByKrowns[0]), ci(s.ByKrowns[0])},
		[]string{"B wins or leads on Krowns", strconv.Itoa(s.ByKrowns[1].Count), pct(s.ByKrowns[1]), ci(s.ByKrowns[1])},
	)
	if err := t.Render(w); err != nil {
		return err
	}
	fmt.Fprintf(w, "Rounds: mean %.2f ± %.2f (SE). Krowns still in play at the end: A %.1f ± %.1f, B %.1f ± %.1f (SE).\n",
		s.Rounds.Mean, s.Rounds.SE, s.KrLeft[0].Mean, s.KrLeft[0].SE, s.KrLeft[1].Mean, s.KrLeft[1].SE)
	st := Table{
		Header: []string{"Safar", "Kr", "damage dealt (±SE)", "per AP (±SE)", "per 100 Kr (±SE)", "kills", "survival", "95% Wilson"},
		Right:  []bool{false, true, true, true, true, true, true, true},
	}
	for _, ss := range s.PerSafar {
		st.Rows = append(st.Rows, []string{ss.Name, strconv.Itoa(ss.Cost),
			fmt.Sprintf("%.2f ± %.2f", ss.Damage.Mean, ss.Damage.SE),
			fmt.Sprintf("%.3f ± %.3f", ss.DamagePerAP.Mean, ss.DamagePerAP.SE),
			fmt.Sprintf("%.2f ± %.2f", ss.DamagePer100.Mean, ss.DamagePer100.SE),
			fmt.Sprintf("%.2f", ss.Kills), pct(ss.Survival), ci(ss.Survival)})
	}
	if err := st.Render(w); err != nil {
		return err
	}
	if strings.Contains(s.Deployment, "chosen") {
		fmt.Fprintln(w, "Per-Safar figures depend on each Safar's place in its list too: the order of activation follows the list (and a fixed deployment's places).")
	} else {
		fmt.Fprintln(w, "Per-Safar figures depend on each Safar's place in its list too: the deployment and the order of activation follow the list.")
	}
	writeNotModelled(w, s.NotModelled)
	return nil
}

// WriteSkirmishCSV writes the skirmish summary as CSV rows: metric, subject,
// value, and the interval or standard error where there is one.
func WriteSkirmishCSV(w io.Writer, s SkirmishSummary) error {
	f := func(x float64) string { return CSVNumber(x, 10) } // n/a (NaN) is an empty cell
	rows := [][]string{{"metric", "subject", "value", "ci95_low", "ci95_high", "se"}}
	for i, side := range []string{"A", "B"} {
		rows = append(rows,
			rateRow("wins", side, s.Wins[i]),
			rateRow("wins_or_krowns_lead", side, s.ByKrowns[i]),
			[]string{"cost_kr", side, strconv.Itoa(s.Krowns[i]), "", "", ""},
			meanRow("krowns_left", side, s.KrLeft[i]),
		)
	}
	rows = append(rows,
		rateRow("draws", "", s.Draws),
		meanRow("rounds", "", s.Rounds),
	)
	for _, ss := range s.PerSafar {
		rows = append(rows,
			[]string{"safar_cost_kr", ss.Name, strconv.Itoa(ss.Cost), "", "", ""},
			meanRow("safar_damage_dealt", ss.Name, ss.Damage),
			meanRow("safar_damage_per_ap", ss.Name, ss.DamagePerAP),
			meanRow("safar_damage_per_100kr", ss.Name, ss.DamagePer100),
			[]string{"safar_kills", ss.Name, f(ss.Kills), "", "", ""},
			rateRow("safar_survival", ss.Name, ss.Survival),
		)
	}
	scenario := [][]string{{"scenario", "", s.Scenario, "", "", ""}}
	if objectives(s) {
		for i, side := range []string{"A", "B"} {
			rows = append(rows, meanRow("objective_points", side, s.Points[i]))
		}
		scenario = append(scenario, []string{"victory", "", s.Victory, "", "", ""})
	}
	if s.Deployment != "" {
		scenario = append(scenario, []string{"deployment", "", s.Deployment, "", "", ""})
	}
	rows = append(rows, provenanceRows(s.Trials, s.Seed, s.Rules, scenario, s.Interrupted, s.Version, s.NotModelled)...)
	return writeCSV(w, rows)
}

// objectives reports whether the battles of s were won on victory points.
func objectives(s SkirmishSummary) bool { return s.Victory != "" && s.Victory != "annihilation" }
