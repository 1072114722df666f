package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
	"github.com/kharn-ages/kharn/sim/field"
	"github.com/kharn-ages/kharn/stats"
)

// deployFlags are skirmish's --deploy, --deploy-a, --deploy-b and
// --deploy-check (sim/deploychoice.go).
type deployFlags struct {
	both, a, b string
	check      bool
}

// deployNames lists the deployments by name, the default first.
func deployNames() string {
	var names []string
	for _, m := range sim.DeployModes {
		names = append(names, m.String())
	}
	return strings.Join(names, ", ")
}

func addDeployFlags(fl *pflag.FlagSet, d *deployFlags) {
	fl.StringVar(&d.both, "deploy", sim.DefaultDeployMode.String(), "how both sides deploy: "+deployNames()+" (fixed: melee front, shooters back, spread across the table in list order; chosen: by the side policy, in the rulebook's order)")
	fl.StringVar(&d.a, "deploy-a", "", "how side A deploys (default: --deploy)")
	fl.StringVar(&d.b, "deploy-b", "", "how side B deploys (default: --deploy)")
	fl.BoolVar(&d.check, "deploy-check", false, "mirror battles of LIST_A against itself, chosen against fixed deployment, each side in turn")
}

// modes returns the deployment of each side, a usage error naming the flag
// for an unknown one.
func (d *deployFlags) modes() ([2]sim.DeployMode, error) {
	var out [2]sim.DeployMode
	for s, v := range [2]struct{ flag, val string }{{"--deploy-a", d.a}, {"--deploy-b", d.b}} {
		name, flag := v.val, v.flag
		if name == "" {
			name, flag = d.both, "--deploy"
		}
		m, err := sim.DeployModeByName(name)
		if err != nil {
			return out, &usageError{fmt.Errorf("%s: %w", flag, err)}
		}
		out[s] = m
	}
	return out, nil
}

// skirmishDeployCheck plays list l against itself with the default side
// policy on both sides, chosen deployment against fixed: side A chosen and B
// fixed (seed), then A fixed and B chosen (seed+1), and both pooled, with
// Wilson intervals of chosen's win rate.
func skirmishDeployCheck(cmd *cobra.Command, f *skirmishFlags, l *profiles.List, sides [2]sim.Spearhead, sc *profiles.Scenario, tbl field.Field, variant sim.Variant) error {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "Deployment check: %s against itself, chosen against fixed deployment, default policies, scenario %s, %d battles per row, seed %d (A fixed: seed %d), rules %s\n",
		l.Name, scenarioText(sc), f.trials, f.seed, f.seed+1, variant)
	t := reports.Table{
		Header: []string{"deployment", "chosen wins", "draws", "chosen loses", "win rate", "95% Wilson", "99.99% Wilson"},
		Right:  []bool{false, true, true, true, true, true, true},
	}
	var win, draw, lose int
	row := func(name string, w, d, n int) {
		r := reports.NewRate(w, n)
		var q reports.Rate
		q.Lo, q.Hi = stats.Wilson(w, n, 0.9999)
		t.Rows = append(t.Rows, []string{name, fmt.Sprint(w), fmt.Sprint(d), fmt.Sprint(n - w - d), fmt.Sprintf("%.2f%%", 100*r.Rate),
			fmt.Sprintf("%.2f%% - %.2f%%", 100*r.Lo, 100*r.Hi), fmt.Sprintf("%.2f%% - %.2f%%", 100*q.Lo, 100*q.Hi)})
	}
	for chosen := range 2 {
		g := *f
		g.seed += uint64(chosen)
		var modes [2]sim.DeployMode
		modes[chosen], modes[1-chosen] = sim.DeployChosen, sim.DeployFixed
		sk := &sim.Skirmish{Sides: sides, Field: tbl, Deployment: sc.Deployment, Rounds: sc.Rounds, Variant: variant, Objectives: sc.Objectives, Deploy: modes}
		tally, res, _, err := playSkirmishes(cmd.Context(), cmd.ErrOrStderr(), sk, &g, sk.DeployText(), nil)
		if err != nil {
			return err
		}
		w, d := tally.Wins[chosen], tally.Wins[sim.Draw]
		row(sk.DeployText(), w, d, tally.N)
		win, draw, lose = win+w, draw+d, lose+tally.N-w-d
		if res.Interrupted {
			if err := t.Render(out); err != nil {
				return err
			}
			return interrupted("battles played")
		}
	}
	row("pooled", win, draw, win+draw+lose)
	if err := t.Render(out); err != nil {
		return err
	}
	// The verdict: chosen's share of the decided battles (draws left out),
	// with its 95% Wilson interval against one half.
	d := reports.NewRate(win, win+lose)
	verdict := "no significant difference between chosen and fixed deployment"
	switch {
	case d.Lo > 0.5:
		verdict = "chosen deployment beats fixed deployment"
	case d.Hi < 0.5:
		verdict = "chosen deployment loses to fixed deployment"
	}
	fmt.Fprintf(out, "Chosen wins %.2f%% of the decided battles (95%% Wilson %.2f%% - %.2f%%): %s.\n", 100*d.Rate, 100*d.Lo, 100*d.Hi, verdict)
	return nil
}
