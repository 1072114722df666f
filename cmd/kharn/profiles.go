package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
)

func profilesCommand(g *globals) *cobra.Command {
	var faction string
	c := &cobra.Command{
		Use:   "profiles",
		Short: "List the profiles of the data set, or validate data files",
		Long: `profiles lists the Safar profiles of the data set in use (--data, default the
embedded one) with their ids, for use with the other commands.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ds, err := g.load()
			if err != nil {
				return err
			}
			if err := checkFaction(ds, faction); err != nil {
				return err
			}
			t := reports.Table{
				Header: []string{"id", "name", "faction", "level", "Kr", "V P A C T I", "stature", "AP", "HP", "equipment", "skills"},
				Right:  []bool{false, false, false, true, true, false, true, true, true, false, false},
			}
			for _, p := range ds.Profiles {
				if faction != "" && p.Faction != faction {
					continue
				}
				var sk []string
				for _, s := range p.Skills {
					switch {
					case s.Field != "":
						sk = append(sk, fmt.Sprintf("%s %s", s.Name, s.Field))
					case s.Value != 0:
						sk = append(sk, fmt.Sprintf("%s %d", s.Name, s.Value))
					case s.Text != "":
						sk = append(sk, fmt.Sprintf("%s %s", s.Name, s.Text))
					default:
						sk = append(sk, s.Name)
					}
				}
				t.Rows = append(t.Rows, []string{p.ID, p.Name, p.Faction, fmt.Sprint(p.Level), fmt.Sprint(p.Cost),
					printedStats(p),
					fmt.Sprint(p.Stature), fmt.Sprint(p.AP), fmt.Sprint(p.HP), strings.Join(p.Equipment, ", "), strings.Join(sk, ", ")})
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "Data: %s (%d profiles, %d equipment items)\n", ds.Source, len(ds.Profiles), len(ds.Equipment))
			return t.Render(out)
		},
	}
	c.Flags().StringVar(&faction, "faction", "", "only this faction (of the embedded data: kharns, gouns, kherops, fangs, tembos, black-guild)")
	validate := &cobra.Command{
		Use:   "validate PATH...",
		Short: "Validate profile data files, reporting every problem as file:line:col: field: message",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ds, err := (&globals{data: args}).load()
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "ok: %d profiles, %d equipment items in %s\n", len(ds.Profiles), len(ds.Equipment), strings.Join(args, ", "))
			return nil
		},
	}
	c.AddCommand(validate)
	return c
}

// checkFaction returns a usage error when faction (from --faction) is neither
// empty nor a faction of ds, listing the factions, as kharn cost does.
func checkFaction(ds *profiles.DataSet, faction string) error {
	if faction == "" || slices.Contains(ds.Factions(), faction) {
		return nil
	}
	return &usageError{fmt.Errorf("--faction %q: no such faction (known: %s)", faction, strings.Join(ds.Factions(), ", "))}
}

// printedStats writes p's six characteristics, "-" for one its card does not
// print (catalogue.md 4.5: stats ~).
func printedStats(p *profiles.Profile) string {
	out := make([]string, 0, 6)
	for c := profiles.V; c <= profiles.I; c++ {
		if p.NotPrinted.Has(c) {
			out = append(out, "-")
			continue
		}
		out = append(out, fmt.Sprint(p.Stats.Get(c)))
	}
	return strings.Join(out, " ")
}
