package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/reports"
)

// reportFiles returns report.json and the CSV files of a report directory,
// by path relative to it.
func reportFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	csvs, _ := filepath.Glob(filepath.Join(dir, reports.TablesDir, "*.csv"))
	for _, p := range append(csvs, filepath.Join(dir, reports.JSONFile)) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, p)
		out[rel] = b
	}
	return out
}

// sameFiles checks that two reports hold the same report.json and CSV files,
// byte for byte.
func sameFiles(t *testing.T, want, got map[string][]byte) {
	t.Helper()
	for k, w := range want {
		if g, ok := got[k]; !ok || !bytes.Equal(w, g) {
			t.Errorf("%s differs from the uninterrupted run's (present: %v)", k, ok)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s is not in the uninterrupted run", k)
		}
	}
}

// reportArgs is a small report with every analysis.
var reportArgs = []string{"--data", reportV2, "report", "--baseline", reportV1, "--trials", "200", "--cost-trials", "40", "--loadouts", "axeman-1", "--seed", "3"}

// TestReportResume interrupts a report after its first analysis (the context
// is cancelled as it finishes), resumes it with --resume, and checks that
// report.json and every CSV file equal those of an uninterrupted run byte for
// byte (issue #10, item 5); a checkpoint of other settings is refused.
func TestReportResume(t *testing.T) {
	full := filepath.Join(t.TempDir(), "full")
	if _, errs, code := runCLI(t, append(reportArgs, "--out", full)...); code != 0 {
		t.Fatalf("uninterrupted run: exit %d: %s", code, errs)
	}
	want := reportFiles(t, full)

	dir := filepath.Join(t.TempDir(), "resumed")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	afterAnalysis = func(name string) {
		if name == "matchups" {
			cancel()
		}
	}
	var out, errb bytes.Buffer
	err := run(ctx, &out, &errb, append(reportArgs, "--out", dir))
	afterAnalysis = nil
	var rj struct{ Partial bool }
	b, rerr := os.ReadFile(filepath.Join(dir, reports.JSONFile))
	if rerr != nil || json.Unmarshal(b, &rj) != nil || !rj.Partial {
		t.Fatalf("interrupted run: no partial report (%v, run: %v): %s", rerr, err, errb.String())
	}
	for name, present := range map[string]bool{"01-matchups.json": true, "02-costs.json": false, manifestFile: true} {
		if _, err := os.Stat(filepath.Join(dir, checkpointDir, name)); (err == nil) != present {
			t.Errorf("checkpoint/%s: present %v, want %v", name, err == nil, present)
		}
	}

	out.Reset()
	errb.Reset()
	if err := run(context.Background(), &out, &errb, append(reportArgs, "--out", dir, "--resume")); err != nil {
		t.Fatalf("--resume: %v\n%s", err, errb.String())
	}
	if !strings.Contains(errb.String(), "matchups: done by an earlier run") || strings.Contains(errb.String(), "matchups: 6 duel matchups") {
		t.Errorf("--resume did not read the matchups from their checkpoint:\n%s", errb.String())
	}
	sameFiles(t, want, reportFiles(t, dir))

	// Resuming a complete run reads every analysis back: the same files again.
	errb.Reset()
	if err := run(context.Background(), &out, &errb, append(reportArgs, "--out", dir, "--resume")); err != nil {
		t.Fatalf("second --resume: %v\n%s", err, errb.String())
	}
	if strings.Contains(errb.String(), "duel matchups\n") {
		t.Errorf("a resumed complete run played duels again:\n%s", errb.String())
	}
	sameFiles(t, want, reportFiles(t, dir))

	// Other settings: refused, naming what differs, before any work.
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--seed", "4"}, "--seed 3 in the checkpoint, 4 in this run"},
		{[]string{"--trials", "100"}, "--trials 200 in the checkpoint, 100 in this run"},
		{[]string{"--rules", "ch-auto-success"}, "--rules standard in the checkpoint, ch-auto-success in this run"},
		{nil, "data " + reportV2 + " in the checkpoint, " + reportV1 + " in this run"},
	} {
		args := append(append(slices.Clone(reportArgs), tc.args...), "--out", dir, "--resume")
		if tc.args == nil { // another data set
			args = append([]string{"--data", reportV1}, args[2:]...)
		}
		_, errs, code := runCLI(t, args...)
		if code != 2 || !strings.Contains(errs, tc.msg) || strings.Contains(errs, "[1/4]") {
			t.Errorf("--resume %v: exit %d, stderr %q; want exit 2 before any work, naming %q", tc.args, code, errs, tc.msg)
		}
	}
	// No checkpoint at all.
	_, errs, code := runCLI(t, append(slices.Clone(reportArgs), "--out", t.TempDir(), "--resume")...)
	if code != 2 || !strings.Contains(errs, "no checkpoint") {
		t.Errorf("--resume without a checkpoint: exit %d, %q", code, errs)
	}
}

// TestReportAnalysisFails makes one analysis panic and another return an
// error: the report is written with the other analyses, each failed section
// says what failed and why, and the exit code is 1 (issue #10, item 4).
// --resume then runs the failed analyses only.
func TestReportAnalysisFails(t *testing.T) {
	orig := reportAnalyses
	defer func() { reportAnalyses = orig }()
	reportAnalyses = func() []analysis {
		as := orig()
		for i := range as {
			switch as[i].name {
			case "costs":
				as[i].run = func(*reportRun, func()) ([]*reports.Section, error) { panic("sim: side A has no Safar") }
			case "loadouts":
				as[i].run = func(*reportRun, func()) ([]*reports.Section, error) {
					return nil, errors.New("runner: trial failed")
				}
			}
		}
		return as
	}
	dir := filepath.Join(t.TempDir(), "report")
	_, errs, code := runCLI(t, append(reportArgs, "--out", dir)...)
	if code != 1 || !strings.Contains(errs, "costs: panic: sim: side A has no Safar") || !strings.Contains(errs, "loadouts: runner: trial failed") {
		t.Fatalf("exit %d, stderr:\n%s\nwant exit 1 naming both failures", code, errs)
	}
	_, rj, _ := readReport(t, dir)
	for _, id := range []string{"faction-kharns", "matchups", "changes-profiles", "baseline-win-rates", "summary-flags"} {
		rj.table(t, id)
	}
	html, _ := os.ReadFile(filepath.Join(dir, reports.HTMLFile))
	for _, want := range []string{"Cost efficiency and fair costs (failed)", "This analysis failed: panic: sim: side A has no Safar",
		"Loadout comparisons (failed)", "This analysis failed: runner: trial failed"} {
		if !bytes.Contains(html, []byte(want)) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	for _, f := range []string{"01-matchups.json", "04-baseline.json"} {
		if _, err := os.Stat(filepath.Join(dir, checkpointDir, f)); err != nil {
			t.Errorf("checkpoint of a finished analysis: %v", err)
		}
	}

	// Resumed with the analyses working: the failed ones run, the others are read.
	reportAnalyses = orig
	var out, errb bytes.Buffer
	if err := run(context.Background(), &out, &errb, append(reportArgs, "--out", dir, "--resume")); err != nil {
		t.Fatalf("--resume: %v\n%s", err, errb.String())
	}
	if !strings.Contains(errb.String(), "costs: 4 profiles") || !strings.Contains(errb.String(), "baseline: done by an earlier run") {
		t.Errorf("--resume did not run the failed analyses only:\n%s", errb.String())
	}
	_, rj, _ = readReport(t, dir)
	rj.table(t, "costs-kharns")
	rj.table(t, "loadouts-axeman-1")
}

// readReport parses report.json of dir.
func readReport(t *testing.T, dir string) (string, reportJSON, error) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, reports.JSONFile))
	if err != nil {
		t.Fatal(err)
	}
	var rj reportJSON
	if err := json.Unmarshal(b, &rj); err != nil {
		t.Fatal(err)
	}
	return dir, rj, nil
}

// TestReportOutChecked checks --out before any work: a path under a file, a
// file, an unwritable directory are errors naming the path and the reason,
// and no analysis starts (issue #10, item 6).
func TestReportOutChecked(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ out, reason string }{
		{"/dev/null/x", "not a directory"},
		{filepath.Join(file, "sub"), "not a directory"},
		{file, "exists and is not a directory"},
	}
	if os.Geteuid() != 0 { // root writes anywhere
		ro := filepath.Join(t.TempDir(), "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct{ out, reason string }{ro, "permission denied"})
	}
	for _, tc := range cases {
		_, errs, code := runCLI(t, "--data", reportV2, "report", "--trials", "50", "--out", tc.out)
		if code != 2 || !strings.Contains(errs, "--out "+tc.out) || !strings.Contains(errs, tc.reason) || strings.Contains(errs, "[1/") {
			t.Errorf("--out %s: exit %d, stderr %q; want exit 2 before any work, naming the path and %q", tc.out, code, errs, tc.reason)
		}
	}
}

// TestReportStaleFiles re-runs a report into a folder holding files of an
// earlier run: the CSV and figure files this run did not write are removed
// and named on stdout, other files are kept (issue #10, item 6).
func TestReportStaleFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "report")
	for _, p := range []string{"tables/loadouts-gone-1.csv", "figures/cost-gone.png", "figures/cost-gone.svg", "notes.txt"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, errs, code := runCLI(t, "--data", reportV2, "report", "--trials", "50", "--cost-trials", "0", "--loadouts", "none", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "removed 3 files of an earlier run") || !strings.Contains(out, "tables/loadouts-gone-1.csv") {
		t.Errorf("stdout does not say what was removed:\n%s", out)
	}
	for p, kept := range map[string]bool{"tables/loadouts-gone-1.csv": false, "figures/cost-gone.png": false, "figures/cost-gone.svg": false,
		"notes.txt": true, "tables/matchups.csv": true, "figures/matchup-heatmap.png": true} {
		if _, err := os.Stat(filepath.Join(dir, p)); (err == nil) != kept {
			t.Errorf("%s: present %v, want %v", p, err == nil, kept)
		}
	}
}
