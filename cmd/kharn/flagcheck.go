package main

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kharn-ages/kharn/sim/runner"
	"github.com/kharn-ages/kharn/stats"
)

// numRange is the allowed range of a numeric flag: from min to max, both
// included, finite; want says it in words for the error message.
type numRange struct {
	min, max float64
	want     string
}

// firstChunkHalfWidth is the widest 95% Wilson half-width of a rate after the
// first chunk of trials (at a rate of one half): a --precision at or above it is
// met by that chunk whatever the fights, so it asks for nothing.
func firstChunkHalfWidth() float64 {
	n := runner.DefaultChunkSize
	lo, hi := stats.Wilson(n/2, n, 0.95)
	return (hi - lo) / 2
}

// maxWorkers caps --workers: each worker is a goroutine with its own copy of the
// fight, and the trials come in chunks, so more workers than this only cost memory.
const maxWorkers = 1024

// maxRounds caps --rounds (R16's round limit; the rulebooks' games last a handful of
// rounds, the duel default is 20).
const maxRounds = 1000

// flagRange returns the allowed range of the numeric flag name of command cmd,
// and false when the flag has none (a programmer error that TestEveryNumericFlagHasARange
// catches). A range is looked up by "command flag" first, then by flag name: a
// flag means the same in every command unless a command says otherwise.
func flagRange(cmd, name string) (numRange, bool) {
	inf := math.Inf(1)
	switch cmd + " " + name {
	case "cost precision":
		return numRange{0, inf, "0 (off: play --trials) or more Krowns"}, true
	case "report pair-precision":
		return pairPrecisionRange(), true
	}
	switch name {
	case "trials", "first-trials", "max-trials":
		return numRange{1, inf, "a whole number from 1"}, true
	case "cost-trials":
		return numRange{0, inf, "0 (leave the fair costs out) or a whole number from 1"}, true
	case "workers":
		return numRange{0, maxWorkers, fmt.Sprintf("0 (one per CPU) to %d", maxWorkers)}, true
	case "seed":
		return numRange{0, inf, "a whole number from 0"}, true
	case "precision":
		// The bound is the widest half-width rounded down to 4 decimals, so that
		// the message states it exactly.
		w := math.Floor(firstChunkHalfWidth()*1e4) / 1e4
		return numRange{0, math.Nextafter(w, 0), fmt.Sprintf("0 (off: play --trials) or a half-width below %g "+
			"(the first chunk of %d trials already gives at most %.5f, so a larger one asks for nothing: use --trials)",
			w, runner.DefaultChunkSize, firstChunkHalfWidth())}, true
	case "rounds":
		return numRange{1, maxRounds, fmt.Sprintf("a round limit from 1 to %d (R16)", maxRounds)}, true
	case "distance":
		return numRange{0, inf, "0 (engaged) or more toises"}, true
	case "range":
		return numRange{0, inf, "0 (the start of the weapon's effective range) or more toises"}, true
	case "height":
		return numRange{-inf, inf, "a number of toises (negative: below the target)"}, true
	case "cover", "support", "defence-support", "sadistic":
		return numRange{0, inf, "a whole number from 0"}, true
	case "ap-value":
		return numRange{0, inf, "0 or more HP per AP"}, true
	case "budget":
		return numRange{1, inf, "a whole number of Krowns from 1"}, true
	case "cast-ap":
		return numRange{0, 3, "0 (each incantation the caster can pay), 1 (quick), 2 (basic) or 3 (complex)"}, true
	case "way-count":
		return numRange{0, 99, "a number of Safars from 0 to 99 (what the caster's way bonus counts, +1 each)"}, true
	}
	return numRange{}, false
}

// numeric reports whether a flag holds a number.
func numeric(f *pflag.Flag) bool {
	switch f.Value.Type() {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64":
		return true
	}
	return false
}

// exclusive lists the flags that exclude each other, with the reason; a pair
// applies to the commands that have both flags.
var exclusive = []struct{ a, b, why string }{
	{"json", "csv", "one output format"},
	{"trace", "json", "a trace is one fight told as text"},
	{"trace", "csv", "a trace is one fight told as text"},
	{"trace", "plot", "a trace plays one fight, there is nothing to plot"},
	{"trace", "policy-check", "one or the other"},
	{"policy-check", "json", "the policy check prints a table and its verdict as text"},
	{"policy-check", "csv", "the policy check prints a table and its verdict as text"},
	{"policy-check", "plot", "the policy check draws no plot"},
	{"policy-check", "policy-a", "the policy check plays the default policy against each simple one"},
	{"policy-check", "policy-b", "the policy check plays the default policy against each simple one"},
	{"policy-check", "weapon-b", "the policy check plays A against itself"},
	{"cast", "attack", "a spell is cast, not an attack"},
	{"cast", "plot", "--plot draws an attack's damage"},
	{"cast", "weapon", "a spell is cast with I only, no weapon"},
	{"cast", "defender-weapon", "a spell is defended with I only, no weapon"},
	{"cast", "assault", "the assault bonus is for melee attacks"},
	{"cast", "support", "support is for melee"},
	{"cast", "defence-support", "support is for melee"},
	{"cast", "range", "--range is a shot's distance"},
	{"cast", "height", "--height is for shots"},
	{"cast", "cover", "--cover is against shots"},
	{"cast", "sadistic", "Sadistic is for attacks"},
	{"cast", "defender-bleeding", "Bloodlust is for attacks"},
	{"cast", "defender-hurt", "a doubled Bite is an attack"},
	{"cast", "relatives-in-play", "a card's defence bonus is for combat defences, not spell defences"},
	// --shard (shard_cmd.go) splits a fixed run into work units.
	{"shard", "precision", "a --precision run stops at a chunk that depends on every chunk before it; give --trials"},
	{"shard", "trace", "a trace is one fight, not a run to split"},
	{"shard", "plot", "draw the plot from a single run"},
	{"shard", "policy-check", "run the policy check whole"},
	{"shard", "resume", "a shard interrupted or failed is run again alone"},
	// --deploy-check (skirmish_deploy.go) plays chosen against fixed deployment.
	{"deploy-check", "policy-check", "run one check at a time"},
	{"deploy-check", "json", "the deployment check prints a table and its verdict as text"},
	{"deploy-check", "csv", "the deployment check prints a table and its verdict as text"},
	{"deploy-check", "plot", "the deployment check draws no plot"},
	{"deploy-check", "trace", "the deployment check plays many battles"},
	{"deploy-check", "policy-a", "the deployment check plays the default policy on both sides"},
	{"deploy-check", "policy-b", "the deployment check plays the default policy on both sides"},
	{"deploy-check", "deploy", "the deployment check plays chosen against fixed deployment"},
	{"deploy-check", "deploy-a", "the deployment check plays chosen against fixed deployment"},
	{"deploy-check", "deploy-b", "the deployment check plays chosen against fixed deployment"},
	{"shard", "deploy-check", "run the deployment check whole"},
}

// plotFormats are the extensions --plot accepts: the formats the help names.
// gonum/plot would also write .jpg, .pdf, .eps and .tif, but the report pages and
// the docs use PNG and SVG only, so the others are refused.
var plotFormats = []string{".png", ".svg"}

// given reports whether flag f of a command was given a value that does something.
func given(f *pflag.Flag) bool {
	if f == nil || !f.Changed {
		return false
	}
	switch f.Value.Type() {
	case "bool":
		return f.Value.String() == "true"
	case "string":
		return f.Value.String() != ""
	}
	return true
}

// checkFlags checks the flags of cmd before it does any work: every numeric flag
// within its range (flagRange), --plot of a format it can write, the required
// flags given, no two flags that exclude each other. Every problem is a usage
// error naming the flag and what it accepts. It is the root command's
// PersistentPreRunE, so it runs for every command.
func checkFlags(cmd *cobra.Command) error {
	var err error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if err != nil {
			return
		}
		switch {
		case numeric(f):
			err = checkNumber(cmd.Name(), f.Name, f.Value.String())
		case f.Name == "plot" && given(f):
			ext := strings.ToLower(filepath.Ext(f.Value.String()))
			if !slices.Contains(plotFormats, ext) {
				err = &usageError{fmt.Errorf("--plot %s: want a %s file (the extension sets the format)", f.Value.String(), strings.Join(plotFormats, " or "))}
			}
		}
	})
	if err != nil {
		return err
	}
	var missing []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if req := f.Annotations[cobra.BashCompOneRequiredFlag]; len(req) == 1 && req[0] == "true" && !f.Changed {
			missing = append(missing, "--"+f.Name)
		}
	})
	if len(missing) > 0 {
		return &usageError{fmt.Errorf("%s not given (see %s --help)", strings.Join(missing, " and "), cmd.CommandPath())}
	}
	for _, x := range exclusive {
		if given(cmd.Flags().Lookup(x.a)) && given(cmd.Flags().Lookup(x.b)) {
			return &usageError{fmt.Errorf("--%s and --%s exclude each other: %s", x.a, x.b, x.why)}
		}
	}
	return nil
}

// checkNumber checks value, given to the numeric flag name of command cmd,
// against the flag's range.
func checkNumber(cmd, name, value string) error {
	r, ok := flagRange(cmd, name)
	if !ok {
		return nil
	}
	v, err := strconv.ParseFloat(value, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < r.min || v > r.max {
		return &usageError{fmt.Errorf("--%s %s: want %s", name, value, r.want)}
	}
	return nil
}
