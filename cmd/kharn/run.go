package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
	"github.com/kharn-ages/kharn/sim"
)

// version is the toolkit's version; the VCS revision is appended when known.
const version = "0.1.0-dev"

func versionString() string {
	v := version
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 7 {
				v += "+" + s.Value[:7]
			}
		}
	}
	return v
}

// exitCode maps run's error to the process exit code: 0 ok, 2 usage, 130 an
// interrupted run (128 + SIGINT, as shells report it), 1 otherwise.
func exitCode(err error) int {
	var u *usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &u):
		return 2
	case errors.Is(err, errInterrupted), errors.Is(err, context.Canceled):
		return 130
	}
	return 1
}

// usageError is a bad command line.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// errInterrupted is run's error when its context was cancelled (Ctrl-C) during a
// command that then printed what it had done: scripts can tell a partial result
// by the exit code.
var errInterrupted = errors.New("interrupted")

// interrupted returns errInterrupted saying what the printed result covers.
func interrupted(what string) error {
	return fmt.Errorf("%w: the result above covers the %s so far", errInterrupted, what)
}

// writeSummary writes the summary s of a duel or a skirmish to out: as JSON
// with --json (asJSON), with csv with --csv (asCSV), else with text. When
// the summary is written and the run was interrupted (stopped), it returns
// interrupted(what).
func writeSummary[S any](out io.Writer, asJSON, asCSV bool, s S, csv, text func(io.Writer, S) error, stopped bool, what string) error {
	var err error
	switch {
	case asJSON:
		err = reports.WriteJSON(out, s)
	case asCSV:
		err = csv(out, s)
	default:
		err = text(out, s)
	}
	if err == nil && stopped {
		err = interrupted(what)
	}
	return err
}

// globals are the flags every command shares.
type globals struct {
	data  []string
	rules string
	// args is the command line (without the program name), for the records
	// of a run (the shard files).
	args []string
}

// load returns the data set: the embedded default, or the files of --data.
func (g *globals) load() (*profiles.DataSet, error) {
	if len(g.data) == 0 {
		return profiles.Default(), nil
	}
	return loadData(g.data) // a catalogue (*.json) or YAML: import.go
}

// loadWithRules loads the data set (load) and then parses --rules
// (variant): what every command that plays starts with.
func (g *globals) loadWithRules() (*profiles.DataSet, sim.Variant, error) {
	ds, err := g.load()
	if err != nil {
		return nil, sim.Variant{}, err
	}
	variant, err := g.variant()
	if err != nil {
		return nil, sim.Variant{}, err
	}
	return ds, variant, nil
}

func (g *globals) variant() (sim.Variant, error) {
	v, err := sim.ParseVariant(g.rules)
	if err != nil {
		return v, &usageError{fmt.Errorf("--rules: %w", err)}
	}
	return v, nil
}

// run runs the kharn command line args, writing results to stdout and messages to
// stderr; main only sets the exit code from its error.
func run(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	root := rootCommand(&globals{args: args})
	root.SetContext(ctx)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := execute(root, args)
	if err == nil && ctx.Err() != nil {
		err = interrupted("work done")
	}
	if err != nil {
		fmt.Fprintf(stderr, "kharn: %v\n", err)
	}
	return err
}

// execute runs root on args; an unknown command is a usage error, as are wrong
// argument counts (usageArgs).
func execute(root *cobra.Command, args []string) error {
	// Execute adds the help and completion commands itself; Find must know them,
	// and leave the shell completion requests (__complete) to Execute.
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd(args...)
	completing := len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd)
	if _, _, err := root.Find(args); err != nil && !completing {
		return &usageError{fmt.Errorf("%w (see %s --help)", err, root.CommandPath())}
	}
	return root.Execute()
}

// rootCommand returns the kharn command and its subcommands, sharing g.
func rootCommand(g *globals) *cobra.Command {
	root := &cobra.Command{
		Use:   "kharn",
		Short: "Khârn-Âges balance toolkit: exact odds, duels, cost analysis",
		Long: `kharn computes Khârn-Âges combat odds from profile data: exact probabilities
of an attack against a defence (odds), sampled one-against-one fights (duel) and
battles of two Spearheads on a battlefield (skirmish) with Wilson intervals,
loadout comparisons (compare), fair Krown costs from equal-budget battles (cost),
Spearhead lists (list), the import of your own cards (import) and release balance
reports in HTML, Markdown, CSV and JSON (report).
With no --data it uses the embedded default data set, whose
values are illustrative, not official card values.

Exit codes: 0 done, 1 an error (data, rules, a failed check), 2 a usage error (an
unknown command or flag, a wrong number of arguments, a value out of range), 130
interrupted (Ctrl-C: what was done so far is printed first).`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       versionString(),
		// Every flag is checked before any work: flagcheck.go.
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error { return checkFlags(cmd) },
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &usageError{fmt.Errorf("%w (see %s --help)", err, c.CommandPath())}
	})
	root.PersistentFlags().StringSliceVar(&g.data, "data", nil, "profile data: YAML files or directories, or a list builder catalogue (.json) (default: the embedded data set)")
	root.PersistentFlags().StringVar(&g.rules, "rules", "standard", "rules variant: standard (the French rules first, R-FR), or a comma list of "+strings.Join(sim.VariantNames, ", "))
	root.AddCommand(oddsCommand(g), duelCommand(g), skirmishCommand(g), profilesCommand(g), listCommand(g), compareCommand(g))
	root.AddCommand(importCommand(g), costCommand(g), reportCommand(g), mergeCommand(g))
	usageArgs(root)
	return root
}

// usageArgs makes the argument checks of c and its subcommands return usage
// errors.
func usageArgs(c *cobra.Command) {
	if check := c.Args; check != nil {
		c.Args = func(cmd *cobra.Command, args []string) error {
			err := check(cmd, args)
			var u *usageError
			if err != nil && !errors.As(err, &u) {
				err = &usageError{fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath())}
			}
			return err
		}
	}
	for _, s := range c.Commands() {
		usageArgs(s)
	}
}
