// Command costdiff compares the fair costs of two `kharn cost --json` runs, as
// docs/cost.md's "What ... moved" sections do, and prints a Markdown table:
//
//	kharn-old cost $IDS --vs $POOL --json > before.json
//	kharn-new cost $IDS --vs $POOL --json > after.json
//	go run ./benchmarks/costdiff before.json after.json
//
// A profile's move is its fair cost after minus before; z is the move over the
// root of the two squared standard errors, each the 95% half-width over 1.96
// (the test of `kharn report --baseline`, cmd/kharn/report_cost.go costBaseline).
// The two runs are taken as independent: with the same seed on two engines the
// estimates are, if anything, positively correlated, which makes the test
// conservative. A move is significant when |z| exceeds the two-sided critical
// value at -alpha, Bonferroni-corrected over the profiles of both runs
// (stats.CriticalZ). A fair cost with a one-sided interval (at the range's
// floor or ceiling) or none has no z: its row says n/a and prints the bound.
// Rows are sorted by |z|, largest first; those without a z come last, in the
// first run's order. Usage errors exit 2, unreadable input exits 1.
package main

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"

	"github.com/kharn-ages/kharn/stats"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// costRun is the part of `kharn cost --json` (cmd/kharn/cost.go costResult)
// the comparison reads. Runs of binaries older than the "interval" field have
// both bounds or neither.
type costRun struct {
	Profiles []struct {
		Profile  string   `json:"profile"`
		CardCost int      `json:"card_cost_kr"`
		FairCost *float64 `json:"fair_cost_kr"`
		Lo       *float64 `json:"ci95_low"`
		Hi       *float64 `json:"ci95_high"`
	} `json:"profiles"`
}

// fair is one profile's fair cost in one run.
type fair struct {
	card          int
	cost, lo, hi  float64 // NaN when absent
	present, both bool    // in the run; with a two-sided interval
}

func (f fair) String() string {
	switch {
	case !f.present:
		return "absent"
	case f.both && !math.IsNaN(f.cost):
		return fmt.Sprintf("%.1f (%.1f-%.1f)", f.cost, f.lo, f.hi)
	case !math.IsNaN(f.hi):
		return fmt.Sprintf("at most %.1f", f.hi)
	case !math.IsNaN(f.lo):
		return fmt.Sprintf("at least %.1f", f.lo)
	}
	return "n/a"
}

func orNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// read returns the fair costs of one run, by profile, and the profiles in the
// run's order.
func read(path string) (map[string]fair, []string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	var r costRun
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, nil, fmt.Errorf("%s: not the JSON of kharn cost --json: %v", path, err)
	}
	if len(r.Profiles) == 0 {
		return nil, nil, fmt.Errorf("%s: field profiles: no profile (want the JSON of kharn cost --json)", path)
	}
	m := make(map[string]fair, len(r.Profiles))
	var order []string
	for i, p := range r.Profiles {
		if p.Profile == "" {
			return nil, nil, fmt.Errorf("%s: profiles[%d]: field profile is empty", path, i)
		}
		if _, dup := m[p.Profile]; dup {
			return nil, nil, fmt.Errorf("%s: profiles[%d]: profile %q appears twice (one row per profile: run without --spells both)", path, i, p.Profile)
		}
		f := fair{card: p.CardCost, cost: orNaN(p.FairCost), lo: orNaN(p.Lo), hi: orNaN(p.Hi), present: true}
		f.both = !math.IsNaN(f.lo) && !math.IsNaN(f.hi)
		m[p.Profile] = f
		order = append(order, p.Profile)
	}
	return m, order, nil
}

// row is one line of the table.
type row struct {
	id            string
	before, after fair
	move, z       float64 // NaN when either side has no two-sided interval
	first         int     // position in the first run, then the second
}

func compare(before, after map[string]fair, order []string) []row {
	var rows []row
	for _, id := range order {
		b, a := before[id], after[id]
		r := row{id: id, before: b, after: a, move: math.NaN(), z: math.NaN(), first: len(rows)}
		if b.both && a.both && !math.IsNaN(b.cost) && !math.IsNaN(a.cost) {
			r.move = a.cost - b.cost
			se := stats.DiffSE((b.hi-b.lo)/2, (a.hi-a.lo)/2)
			if se > 0 {
				r.z = r.move / se
			}
		}
		rows = append(rows, r)
	}
	slices.SortStableFunc(rows, func(x, y row) int {
		xn, yn := math.IsNaN(x.z), math.IsNaN(y.z)
		switch {
		case xn && yn:
			return cmp.Compare(x.first, y.first)
		case xn:
			return 1
		case yn:
			return -1
		}
		return cmp.Compare(math.Abs(y.z), math.Abs(x.z))
	})
	return rows
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("costdiff", flag.ContinueOnError)
	fs.SetOutput(stderr)
	alpha := fs.Float64("alpha", 0.05, "two-sided level shared among the profiles (Bonferroni)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: costdiff [-alpha A] BEFORE.json AFTER.json")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 2 {
		fmt.Fprintln(stderr, "costdiff: want two arguments, the kharn cost --json files before and after")
		fs.Usage()
		return 2
	}
	if !(*alpha > 0 && *alpha < 1) {
		fmt.Fprintf(stderr, "costdiff: -alpha: want a level between 0 and 1, got %g\n", *alpha)
		return 2
	}
	before, order, err := read(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "costdiff: %v\n", err)
		return 1
	}
	after, order2, err := read(fs.Arg(1))
	if err != nil {
		fmt.Fprintf(stderr, "costdiff: %v\n", err)
		return 1
	}
	for _, id := range order2 {
		if _, ok := before[id]; !ok {
			order = append(order, id)
		}
	}
	rows := compare(before, after, order)
	zc := stats.CriticalZ(*alpha, len(rows))
	fmt.Fprintf(stdout, "Significant: |z| > %.2f (two-sided %g, Bonferroni over %d).\n\n", zc, *alpha, len(rows))
	fmt.Fprintln(stdout, "| profile | card Kr | fair cost before (95%) | fair cost after (95%) | move Kr | z | significant |")
	fmt.Fprintln(stdout, "|---|---:|---|---|---:|---:|---|")
	for _, r := range rows {
		card := fmt.Sprint(r.before.card)
		switch {
		case !r.before.present:
			card = fmt.Sprint(r.after.card)
		case r.after.present && r.after.card != r.before.card:
			card = fmt.Sprintf("%d to %d", r.before.card, r.after.card)
		}
		move, z, sig := "n/a", "n/a", "n/a"
		if !math.IsNaN(r.z) {
			move, z, sig = fmt.Sprintf("%+.1f", r.move), fmt.Sprintf("%+.1f", r.z), "no"
			if math.Abs(r.z) > zc {
				sig = "yes"
			}
		}
		fmt.Fprintf(stdout, "| %s | %s | %v | %v | %s | %s | %s |\n", r.id, card, r.before, r.after, move, z, sig)
	}
	return 0
}
