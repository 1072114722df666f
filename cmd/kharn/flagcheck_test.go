package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kharn-ages/kharn/sim/runner"
	"github.com/kharn-ages/kharn/stats"
)

// noData makes every command fail with exit 1 if it loads data: a usage error
// (exit 2) naming the flag then shows the flag was checked before any work.
const noData = "testdata/no-such-data-dir"

// TestFlagsOutOfRange is issue #10 items 7 and 8: negative, zero or NaN values
// were accepted silently, answered by "runner: ..." after the set-up, or panicked
// (--rounds -1). Each is a usage error naming the flag and what it accepts,
// before any work.
func TestFlagsOutOfRange(t *testing.T) {
	cases := []struct {
		args []string
		flag string // the message starts with it
	}{
		{[]string{"odds", "-a", "paladin-3", "-d", "paladin-2", "--range", "-5"}, "--range -5"},
		{[]string{"odds", "-a", "paladin-3", "-d", "paladin-2", "--cover", "-7"}, "--cover -7"},
		{[]string{"odds", "-a", "paladin-3", "-d", "paladin-2", "--support", "-3"}, "--support -3"},
		{[]string{"odds", "-a", "paladin-3", "-d", "paladin-2", "--defence-support", "-1"}, "--defence-support -1"},
		{[]string{"odds", "-a", "paladin-3", "-d", "paladin-2", "--ap-value", "NaN"}, "--ap-value NaN"},
		{[]string{"odds", "-a", "paladin-3", "-d", "paladin-2", "--sadistic", "-2"}, "--sadistic -2"},
		{[]string{"odds", "-a", "paladin-3", "-d", "paladin-2", "--height", "+Inf"}, "--height +Inf"},
		{[]string{"duel", "paladin-3", "paladin-2", "--distance", "-3"}, "--distance -3"},
		{[]string{"duel", "paladin-3", "paladin-2", "--distance", "NaN"}, "--distance NaN"},
		{[]string{"duel", "paladin-3", "paladin-2", "--rounds", "-1"}, "--rounds -1"},
		{[]string{"duel", "paladin-3", "--policy-check", "--rounds", "-1"}, "--rounds -1"},
		{[]string{"duel", "paladin-3", "paladin-2", "--rounds", "0"}, "--rounds 0"},
		{[]string{"duel", "paladin-3", "paladin-2", "--trials", "0"}, "--trials 0"},
		{[]string{"duel", "paladin-3", "paladin-2", "--workers", "-1"}, "--workers -1"},
		{[]string{"duel", "paladin-3", "paladin-2", "--precision", "-0.1"}, "--precision -0.1"},
		{[]string{"duel", "paladin-3", "paladin-2", "--precision", "1e9"}, "--precision 1e+09"},
		{[]string{"duel", "paladin-3", "paladin-2", "--precision", "0.02", "--max-trials", "-5"}, "--max-trials -5"},
		{[]string{"skirmish", "kharns-300", "kherops-300", "--workers", "-1"}, "--workers -1"},
		{[]string{"skirmish", "kharns-300", "kherops-300", "--precision", "0.5"}, "--precision 0.5"},
		{[]string{"skirmish", "kharns-300", "kherops-300", "--max-trials", "-5"}, "--max-trials -5"},
		{[]string{"compare", "paladin-2", "--distance", "-3"}, "--distance -3"},
		{[]string{"compare", "paladin-2", "--trials", "0"}, "--trials 0"},
		{[]string{"compare", "paladin-2", "--workers", "-1"}, "--workers -1"},
		{[]string{"compare", "paladin-2", "--budget", "0"}, "--budget 0"},
		{[]string{"cost", "paladin-2", "--precision", "-0.1"}, "--precision -0.1"},
		{[]string{"cost", "paladin-2", "--max-trials", "-5"}, "--max-trials -5"},
		{[]string{"cost", "paladin-2", "--workers", "-1"}, "--workers -1"},
		{[]string{"cost", "paladin-2", "--first-trials", "0"}, "--first-trials 0"},
		{[]string{"report", "--distance", "-3"}, "--distance -3"},
		{[]string{"report", "--workers", "-1"}, "--workers -1"},
		{[]string{"report", "--cost-trials", "-1"}, "--cost-trials -1"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, errs, code := runCLI(t, append([]string{"--data", noData}, tc.args...)...)
			if code != 2 || !strings.HasPrefix(errs, "kharn: "+tc.flag+": want ") {
				t.Errorf("exit %d, stderr %q; want exit 2 and \"kharn: %s: want <the allowed range>\"", code, errs, tc.flag)
			}
		})
	}
}

// TestPrecisionOneChunk checks the reason --precision gives for its upper bound:
// no 95% Wilson half-width after the first chunk exceeds firstChunkHalfWidth, so a
// precision at or above it stops after that chunk whatever the fights; and a
// precision just below it is accepted.
func TestPrecisionOneChunk(t *testing.T) {
	n, w := runner.DefaultChunkSize, firstChunkHalfWidth()
	widest := 0.0
	for k := 0; k <= n; k++ {
		lo, hi := stats.Wilson(k, n, 0.95)
		widest = max(widest, (hi-lo)/2)
	}
	if widest != w {
		t.Errorf("widest half-width after %d trials %.6f, firstChunkHalfWidth %.6f", n, widest, w)
	}
	if r, _ := flagRange("duel", "precision"); r.max >= w || r.max < 0.99*w || checkNumber("duel", "precision", "0.0153") == nil {
		t.Errorf("--precision allowed up to %g, want just below %g", r.max, w)
	}
	_, errs, code := runCLI(t, "duel", "paladin-3", "paladin-2", "--precision", "0.0152", "--json")
	if code != 0 {
		t.Errorf("--precision 0.0152: exit %d: %s", code, errs)
	}
}

// TestEveryNumericFlagHasARange walks the command tree: a numeric flag without a
// range in flagRange would go unchecked.
func TestEveryNumericFlagHasARange(t *testing.T) {
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if !numeric(f) {
				return
			}
			n++
			if _, ok := flagRange(c.Name(), f.Name); !ok {
				t.Errorf("%s --%s: no range in flagRange", c.CommandPath(), f.Name)
				return
			}
			if err := checkNumber(c.Name(), f.Name, f.DefValue); err != nil {
				t.Errorf("%s: the default fails its check: %v", c.CommandPath(), err)
			}
		})
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(rootCommand(&globals{}))
	if n < 30 {
		t.Errorf("%d numeric flags found: the walk missed commands", n)
	}
}

// TestExitCodes is issue #10 item 9: wrong argument counts and unknown commands
// exited 1; they are usage errors (2).
func TestExitCodes(t *testing.T) {
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"bogus"}, `unknown command "bogus"`},
		{[]string{"duel", "paladin-3"}, "accepts 2 arg(s), received 1"},
		{[]string{"duel", "paladin-3", "paladin-2", "kherops-warrior-1"}, "accepts 2 arg(s), received 3"},
		{[]string{"duel", "paladin-3", "paladin-2", "--policy-check"}, "accepts 1 arg(s), received 2"},
		{[]string{"compare"}, "accepts 1 arg(s), received 0"},
		{[]string{"skirmish", "kharns-300"}, "accepts 2 arg(s), received 1"},
		{[]string{"profiles", "tembos"}, `unknown command "tembos"`},
		{[]string{"odds", "-a", "paladin-3"}, "--defender not given"},
		{[]string{"list", "show"}, "accepts 1 arg(s), received 0"},
	}
	for _, args := range [][]string{{}, {"help", "duel"}, {"duel", "--help"}, {"completion", "bash"}, {"__complete", "duel", "pal"}, {"--version"}} {
		if _, errs, code := runCLI(t, args...); code != 0 {
			t.Errorf("kharn %s: exit %d: %s", strings.Join(args, " "), code, errs)
		}
	}
	for _, tc := range cases {
		_, errs, code := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.msg) {
			t.Errorf("kharn %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(tc.args, " "), code, errs, tc.msg)
		}
	}
}

// TestInterruptedExitCode is issue #10 item 9: an interrupted run printed its
// partial result and exited 0. It still prints it, and exits 130.
func TestInterruptedExitCode(t *testing.T) {
	cases := []struct {
		args []string
		out  string // the partial result is printed, marked
	}{
		{[]string{"duel", "paladin-2", "kherops-warrior-2", "--trials", "1000000"}, "INTERRUPTED"},
		{[]string{"skirmish", "kharns-300", "kherops-300", "--trials", "100000"}, "INTERRUPTED"},
		{[]string{"compare", "paladin-2", "--vs", "kherops"}, "Loadouts of paladin-2"},
		{[]string{"--data", reportV2, "report", "--out", filepath.Join(t.TempDir(), "r")}, "PARTIAL"},
	}
	for _, tc := range cases {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var out, errb bytes.Buffer
		code := exitCode(run(ctx, &out, &errb, tc.args))
		if code != 130 || !strings.Contains(out.String(), tc.out) || !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("kharn %s, interrupted: exit %d, stdout %q, stderr %q; want 130, the partial result and a message",
				strings.Join(tc.args, " "), code, out.String(), errb.String())
		}
	}
}

// TestPlotFormatCheckedFirst is issue #10 item 10: --plot x.txt failed after the
// whole run, and --plot x.jpg wrote a JPEG though the help says .png or .svg. Both
// are refused before any work (the data directory does not exist), and the help
// says which formats.
func TestPlotFormatCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"duel", "paladin-2", "kherops-warrior-2"},
		{"skirmish", "kharns-300", "kherops-300"},
		{"compare", "paladin-2"},
		{"cost", "paladin-2"},
		{"odds", "-a", "paladin-3", "-d", "paladin-2", "--attack", "2:PA"},
	} {
		for _, name := range []string{"x.txt", "x.jpg", "x"} {
			path := filepath.Join(dir, name)
			_, errs, code := runCLI(t, append([]string{"--data", noData}, append(args, "--plot", path)...)...)
			if code != 2 || !strings.Contains(errs, "--plot "+path+": want a .png or .svg file") {
				t.Errorf("kharn %s --plot %s: exit %d, stderr %q; want exit 2 naming --plot and the formats", strings.Join(args, " "), name, code, errs)
			}
			if _, err := os.Stat(path); err == nil {
				t.Errorf("%s written", path)
			}
		}
	}
	for _, c := range rootCommand(&globals{}).Commands() {
		if f := c.Flags().Lookup("plot"); f != nil && !strings.Contains(f.Usage, ".png or .svg") {
			t.Errorf("kharn %s --plot: help %q does not name the formats", c.Name(), f.Usage)
		}
	}
}

// TestOutputFlagsNotIgnored is issue #10 item 10: --json was silently ignored with
// --trace and --policy-check; they are refused.
func TestOutputFlagsNotIgnored(t *testing.T) {
	for _, args := range [][]string{
		{"duel", "paladin-3", "paladin-2", "--trace", "--json"},
		{"duel", "paladin-3", "paladin-2", "--trace", "--csv"},
		{"duel", "paladin-3", "--policy-check", "--json"},
		{"duel", "paladin-3", "--policy-check", "--csv"},
		{"duel", "paladin-3", "--policy-check", "--policy-b", "random"},
		{"skirmish", "kharns-300", "kherops-300", "--trace", "--json"},
		{"skirmish", "kharns-300", "--policy-check", "--json"},
		{"compare", "paladin-2", "--json", "--csv"},
		{"compare", "paladin-2", "--context", "skirmish", "--distance", "3"},
	} {
		_, errs, code := runCLI(t, args...)
		if code != 2 || !strings.Contains(errs, "--") {
			t.Errorf("kharn %s: exit %d, stderr %q; want a usage error", strings.Join(args, " "), code, errs)
		}
	}
}

// TestDefaultDistance is issue #10 item 3: duel and compare started engaged (0
// toises), the report at 11 toises, so the same matchup had two answers. All three
// default to the deployment distance of the rules variant (sim.DeploymentGap: 9
// toises with the French 3-toise strips, R-FR; 11 under english) and state it in
// every output.
func TestDefaultDistance(t *testing.T) {
	root := rootCommand(&globals{})
	for _, name := range []string{"duel", "compare", "report"} {
		c, _, err := root.Find([]string{name})
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Flags().Lookup("distance").DefValue; got != "9" {
			t.Errorf("kharn %s --distance defaults to %s, want the deployment distance 9", name, got)
		}
	}
	duel := []string{"duel", "goun-hunter-1", "fang-prowler-1", "--trials", "500"}
	out, _, _ := runCLI(t, duel...)
	if !strings.Contains(out, "Start 9.0 toises apart") {
		t.Errorf("duel text does not state the start:\n%s", out)
	}
	out, _, _ = runCLI(t, append(duel, "--json")...)
	var dj struct {
		Distance *float64 `json:"distance_toises"`
	}
	if err := json.Unmarshal([]byte(out), &dj); err != nil || dj.Distance == nil || *dj.Distance != 9 {
		t.Errorf("duel JSON distance_toises %v (%v)", dj.Distance, err)
	}
	out, _, _ = runCLI(t, append(duel, "--csv")...)
	if !strings.Contains(out, "\ndistance_toises,,9,,,\n") {
		t.Errorf("duel CSV does not state the start:\n%s", out)
	}
	cmp := []string{"compare", "goun-hunter-1", "--vs", "fang-prowler-1", "--trials", "100"}
	out, _, _ = runCLI(t, cmp...)
	if !strings.Contains(out, "start 9.0 toises apart") {
		t.Errorf("compare text does not state the start:\n%s", out)
	}
	out, _, _ = runCLI(t, append(cmp, "--json")...)
	if err := json.Unmarshal([]byte(out), &dj); err != nil || dj.Distance == nil || *dj.Distance != 9 {
		t.Errorf("compare JSON distance_toises %v (%v)", dj.Distance, err)
	}
	out, _, _ = runCLI(t, append(cmp, "--csv")...)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("compare CSV: %v\n%s", err, out)
	}
	col := -1
	for i, h := range rows[0] {
		if h == "distance_toises" {
			col = i
		}
	}
	if col < 0 || rows[1][col] != "9" {
		t.Errorf("compare CSV does not state the start: %v / %v", rows[0], rows[1])
	}
	out, _, _ = runCLI(t, append(duel, "--rules", "english")...)
	if !strings.Contains(out, "Start 11.0 toises apart") {
		t.Errorf("duel --rules english does not start at the English deployment distance 11:\n%s", out)
	}
}

// TestProfilesUnknownFaction is issue #10 item 11: kharn profiles --faction nosuch
// printed an empty table and exited 0; like kharn cost, it is a usage error that
// lists the factions.
func TestProfilesUnknownFaction(t *testing.T) {
	for _, cmd := range []string{"profiles", "cost"} {
		out, errs, code := runCLI(t, cmd, "--faction", "nosuch")
		want := `kharn: --faction "nosuch": no such faction (known: black-guild, fangs, gouns, kharns, kherops, tembos)`
		if code != 2 || out != "" || strings.TrimSpace(errs) != want {
			t.Errorf("kharn %s --faction nosuch: exit %d, stdout %q, stderr %q; want exit 2 and %q", cmd, code, out, errs, want)
		}
	}
}
