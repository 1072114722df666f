package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
)

func listCommand(g *globals) *cobra.Command {
	c := &cobra.Command{
		Use:   "list",
		Short: "Spearhead lists: the ready-made ones, validation, contents",
		Long: `list shows the ready-made Spearhead lists of the embedded data (a 300 and a 400
Krown list per faction, illustrative, written for this project), checked against
the data set in use (--data, default the embedded one).

A list file is YAML:

  name: Royal vanguard
  faction: kharns          # kharns, gouns, kherops, fangs, tembos or black-guild
  budget: 300              # Krowns
  leader: paladin-3        # a member's profile id
  members:
    - profile: paladin-3
    - profile: crown-guard-1
      count: 2             # 1 when left out
      add: [sword]         # equipment taken on
      remove: [spear]      # base equipment left behind
    - profile: blood-steel-adept-3 # a caster: its grimoire and known spells
      grimoire: small      # small or large, replacing the card's
      spells: [spark-of-will, tempered-edge]
      granted: []          # spells a card lets it know outside the budgets
      mount: heron-2       # a mount of the data (an imported catalogue has them):
                           # fielded as the profile blood-steel-adept-3-on-heron-2
      mount_options: {harness: 2} # options the mount offers, with X: their skills
                           # for the Safar, their Krowns on top
    - profile: kherops-arbaletrier-2
      ammunition: {arbalete-legere: {shots: 12, cost: 15}} # bought: shots and
                           # Krowns; a weapon of only bought ammunition with
                           # none cannot shoot

"list validate" checks list files against the rulebook: one faction (with the
Black Guild, "stateless" and "allied of X" exceptions, also from an item given), LIM X, LIM U and LIM P, the
leader, a caster's grimoire and spells (pages, levels, way, reservation), a mount
(who may ride it) and its options (offered by the mount, X up to their max, the
rider's faction), and the cost with its equipment changes, grimoire, spells, mount
and mount options and bought ammunition within the budget. Every problem is
reported as file:line:col: field: message (rule).`,
		Example: `  kharn list
  kharn list show kharns-300
  kharn list validate my-list.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return listDefaults(cmd, g) },
	}
	validate := &cobra.Command{
		Use:   "validate FILE...",
		Short: "Check list files, reporting every problem as file:line:col: field: message (rule)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ds, err := g.load()
			if err != nil {
				return err
			}
			bad := 0
			for _, path := range args {
				l, err := profiles.LoadList(path, ds)
				if err != nil {
					bad++
					printListProblems(cmd.ErrOrStderr(), err)
					continue
				}
				fmt.Fprintf(cmd.OutOrStdout(), "ok: %s: %s\n", path, listSummary(l, ds))
			}
			if bad > 0 {
				return fmt.Errorf("list validate: %d of %d list files invalid", bad, len(args))
			}
			return nil
		},
	}
	show := &cobra.Command{
		Use:   "show FILE|NAME",
		Short: "Show the members of a list file or of a ready-made list, their loadouts and costs",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ds, err := g.load()
			if err != nil {
				return err
			}
			l, from, err := listResolve(args[0], ds)
			if err != nil {
				if profiles.IsUnknownID(err) {
					return err
				}
				printListProblems(cmd.ErrOrStderr(), err)
				return fmt.Errorf("list show: %s is invalid", args[0])
			}
			return listShow(cmd.OutOrStdout(), l, from, ds)
		},
	}
	c.AddCommand(validate, show)
	return c
}

// printListProblems writes the problems of err one per line, each starting with its
// file:line:col, so that editors can jump to them.
func printListProblems(w io.Writer, err error) {
	var errs profiles.Errors
	if errors.As(err, &errs) {
		for _, e := range errs {
			fmt.Fprintln(w, e.Error())
		}
		return
	}
	fmt.Fprintln(w, err.Error())
}

// listResolve returns the list arg names, checked against ds, and where it comes
// from: a list file, or else a ready-made list. An arg that looks like a path is
// always a file.
func listResolve(arg string, ds *profiles.DataSet) (*profiles.List, string, error) {
	ext := strings.ToLower(filepath.Ext(arg))
	if _, err := os.Stat(arg); err == nil || ext == ".yaml" || ext == ".yml" || strings.ContainsRune(arg, '/') || strings.ContainsRune(arg, filepath.Separator) {
		l, err := profiles.LoadList(arg, ds)
		return l, arg, err
	}
	l, err := profiles.LoadDefaultList(arg, ds)
	return l, "ready-made list " + arg, err
}

// listSummary describes l in one line: "Royal vanguard (kharns): 299/300 Kr, 4 Safars".
func listSummary(l *profiles.List, ds *profiles.DataSet) string {
	return fmt.Sprintf("%s (%s): %d/%d Kr, %d Safars", l.Name, l.Faction, l.Cost(ds), l.Budget, l.Size())
}

// listDefaults prints the table of the ready-made lists, checked against the
// data set in use; those that do not validate against it are reported.
func listDefaults(cmd *cobra.Command, g *globals) error {
	ds, err := g.load()
	if err != nil {
		return err
	}
	t := reports.Table{
		Header: []string{"list", "name", "faction", "Kr", "Safars", "leader", "members"},
		Right:  []bool{false, false, false, true, true, false, false},
	}
	names := profiles.DefaultListNames()
	bad := 0
	for _, name := range names {
		l, err := profiles.LoadDefaultList(name, ds)
		if err != nil {
			bad++
			printListProblems(cmd.ErrOrStderr(), err)
			continue
		}
		t.Rows = append(t.Rows, []string{name, l.Name, l.Faction, fmt.Sprintf("%d/%d", l.Cost(ds), l.Budget),
			fmt.Sprint(l.Size()), l.Leader, listMembersLine(l)})
	}
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "Ready-made lists on %s (kharn list show NAME for one):\n", ds.Source)
	if err := t.Render(out); err != nil {
		return err
	}
	if bad > 0 {
		return fmt.Errorf("list: %d of %d ready-made lists invalid on %s", bad, len(names), ds.Source)
	}
	return nil
}

// listMembersLine lists the profiles of l in order, each once, with its number of Safars
// when more than one: "paladin-3, crown-guard-1 x2".
func listMembersLine(l *profiles.List) string {
	var order []string
	count := make(map[string]int)
	for _, m := range l.Members {
		if count[m.Profile] == 0 {
			order = append(order, m.Profile)
		}
		count[m.Profile] += m.Count
	}
	for i, id := range order {
		if n := count[id]; n > 1 {
			order[i] = fmt.Sprintf("%s x%d", id, n)
		}
	}
	return strings.Join(order, ", ")
}

// listShow prints the entries of l, which comes from from: profile, level,
// limitation, count, loadout and costs, then the total against the budget and the
// leader.
func listShow(w io.Writer, l *profiles.List, from string, ds *profiles.DataSet) error {
	fmt.Fprintf(w, "%s (%s): %s, on %s\n", l.Name, l.Faction, from, ds.Source)
	t := reports.Table{
		Header: []string{"profile", "name", "level", "LIM", "count", "loadout", "Kr each", "Kr"},
		Right:  []bool{false, false, true, false, true, false, true, true},
	}
	changed := false
	for _, m := range l.Members {
		p, err := ds.Profile(m.Profile)
		if err != nil {
			return err
		}
		lo, err := ds.Equip(p, m.Add, m.Remove)
		if err != nil {
			return err
		}
		lo = m.Outfit(lo) // profiles/ammunition.go, profiles/upgrades.go
		changed = changed || len(m.Add)+len(m.Remove)+len(m.Ammunition)+len(m.Upgrades) > 0
		t.Rows = append(t.Rows, []string{p.ID, p.Name, fmt.Sprint(p.Level), listLimitation(p, ds), fmt.Sprint(m.Count),
			listLoadout(lo, ds), fmt.Sprint(lo.Cost(ds)), fmt.Sprint(m.Count * lo.Cost(ds))})
	}
	if err := t.Render(w); err != nil {
		return err
	}
	if changed {
		fmt.Fprintln(w, "Loadout: the card's equipment, +taken on, -left behind (rulebook \"Equipment\").")
	}
	cost := l.Cost(ds)
	fmt.Fprintf(w, "Total: %d Kr for a budget of %d Kr (%d left), %d Safars.\n", cost, l.Budget, l.Budget-cost, l.Size())
	leader, err := ds.Profile(l.Leader)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Leader: %s (%s, level %d).\n", leader.ID, leader.Name, leader.Level)
	return nil
}

// listLimitation formats the limitation of p as the cards print it, with the model
// whose slot a personage takes: "X2", "U", "P (paladin-3 slot)".
func listLimitation(p *profiles.Profile, ds *profiles.DataSet) string {
	switch p.Limitation.Kind {
	case "X":
		return fmt.Sprintf("X%d", p.Limitation.Count)
	case "P":
		if m := ds.PersonageModel(p); m != nil {
			return "P (" + m.ID + " slot)"
		}
	}
	return p.Limitation.Kind
}

// listLoadout formats the equipment of lo: the card's items kept, then "+item" for each
// item taken on and "-item" for each left behind.
func listLoadout(lo profiles.Loadout, ds *profiles.DataSet) string {
	all := lo
	all.Ammunition, all.Listed = nil, false // every item, a weapon without ammunition too
	items := all.Items(ds)
	kept := len(items) - len(lo.Add)
	var parts []string
	for _, e := range items[:kept] {
		parts = append(parts, e.ID)
	}
	for _, id := range lo.Add {
		parts = append(parts, "+"+id)
	}
	for _, id := range lo.Remove {
		parts = append(parts, "-"+id)
	}
	parts = append(parts, listAmmunition(lo, items)...)
	for _, u := range lo.Upgrades { // profiles/upgrades.go
		parts = append(parts, fmt.Sprintf("%s bought for %s (+%d damage)", u.ID, u.Weapon, profiles.EdgeDamage))
	}
	if len(parts) == 0 {
		return "bare hands"
	}
	return strings.Join(parts, ", ")
}

// listAmmunition describes the ammunition of a list's loadout lo, whose
// items are given (profiles/ammunition.go): the shots bought per weapon, and
// each weapon of only bought ammunition that has none: it cannot shoot.
func listAmmunition(lo profiles.Loadout, items []*profiles.Equipment) []string {
	var parts []string
	for _, a := range lo.Ammunition {
		parts = append(parts, fmt.Sprintf("%d shots%s bought for %s", a.Shots, a.Special(), a.Weapon))
	}
	for _, e := range items {
		if e.BoughtAmmunition != nil && !slices.ContainsFunc(lo.Ammunition, func(a profiles.AmmunitionPurchase) bool { return a.Weapon == e.ID && a.Shots > 0 }) &&
			!slices.Contains(parts, e.ID+": no ammunition, it cannot shoot") {
			parts = append(parts, e.ID+": no ammunition, it cannot shoot")
		}
	}
	return parts
}
