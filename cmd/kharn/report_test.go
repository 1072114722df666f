package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/internal/longtest"
)

// The report tests run on two small invented releases (testdata/report/v1 and
// v2: three and four profiles), so that each report takes seconds.
const (
	reportV1 = "testdata/report/v1"
	reportV2 = "testdata/report/v2"
)

// reportJSON is the part of report.json the tests read.
type reportJSON struct {
	Partial bool `json:"partial"`
	Facts   map[string][]struct {
		Name, Value string
	} `json:"facts"`
	Tables []struct {
		ID      string `json:"id"`
		CSV     string `json:"csv"`
		Columns []struct {
			Key string `json:"key"`
		} `json:"columns"`
		Rows []map[string]any `json:"rows"`
	} `json:"tables"`
}

// runReport runs kharn report with args into a new directory and returns it with
// the parsed report.json and stdout.
func runReportCLI(t *testing.T, ctx context.Context, args ...string) (string, reportJSON, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "report")
	var out, errb bytes.Buffer
	err := run(ctx, &out, &errb, append(args, "--out", dir))
	if err != nil && !(ctx.Err() != nil && exitCode(err) == 130) { // interrupted: exit 130, report written
		t.Fatalf("kharn %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rj reportJSON
	if err := json.Unmarshal(b, &rj); err != nil {
		t.Fatalf("report.json: %v", err)
	}
	return dir, rj, out.String()
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}

// tableRows returns the rows of table id of report.json.
func (rj reportJSON) table(t *testing.T, id string) []map[string]any {
	t.Helper()
	for _, tb := range rj.Tables {
		if tb.ID == id {
			return tb.Rows
		}
	}
	t.Fatalf("report.json has no table %q", id)
	return nil
}

// TestReport checks a report with a baseline: every file is written and named on
// stdout, every table's CSV file agrees with report.json, the changes between
// the two releases are the ones their files differ by, and the figures carry
// their seed and trials. The everyday run plays 128 fights per pairing and 50 + 60
// battles per fair cost, the long suite (internal/longtest) 512 and 60 + 120.
func TestReport(t *testing.T) {
	trials, costTrials := longtest.N(128, 512), longtest.N(60, 120)
	dir, rj, out := runReportCLI(t, context.Background(), "--data", reportV2, "report", "--baseline", reportV1,
		"--trials", strconv.Itoa(trials), "--seed", "5", "--workers", "1", "--cost-trials", strconv.Itoa(costTrials))
	for _, f := range []string{"report.html", "report.md", "report.json"} {
		if !strings.Contains(out, filepath.Join(dir, f)) {
			t.Errorf("stdout does not name %s:\n%s", f, out)
		}
	}
	if rj.Partial {
		t.Error("report marked partial")
	}
	// Every table of report.json is in its CSV file, cell for cell.
	for _, tb := range rj.Tables {
		rows := readCSV(t, filepath.Join(dir, tb.CSV))
		if len(rows) != len(tb.Rows)+1 {
			t.Errorf("%s: %d CSV lines for %d rows", tb.CSV, len(rows), len(tb.Rows))
			continue
		}
		for i, c := range tb.Columns {
			if rows[0][i] != c.Key {
				t.Errorf("%s: column %d is %q, report.json says %q", tb.CSV, i, rows[0][i], c.Key)
			}
		}
		// Every line ends with the provenance: seed, trials, rules, version.
		want := strconv.Itoa(trials)
		if strings.HasPrefix(tb.ID, "costs-") {
			want = strconv.Itoa(costTrials) // --cost-trials
		}
		if len(rows[0]) != len(tb.Columns)+4 || strings.Join(rows[0][len(tb.Columns):], ",") != "seed,trials,rules,version" {
			t.Errorf("%s: header %v does not end with the provenance columns", tb.CSV, rows[0])
			continue
		}
		for _, row := range rows[1:] {
			if got := strings.Join(row[len(tb.Columns):], ","); got != "5,"+want+",standard,"+versionString() {
				t.Errorf("%s: provenance %s", tb.CSV, got)
			}
		}
		for r, row := range tb.Rows {
			for i, c := range tb.Columns {
				got := rows[r+1][i]
				switch v := row[c.Key].(type) {
				case string:
					if got != v {
						t.Errorf("%s row %d %s: CSV %q, JSON %q", tb.CSV, r, c.Key, got, v)
					}
				case float64:
					x, err := strconv.ParseFloat(got, 64)
					if err != nil || x != v {
						t.Errorf("%s row %d %s: CSV %q, JSON %v", tb.CSV, r, c.Key, got, v)
					}
				case nil:
					if got != "" {
						t.Errorf("%s row %d %s: CSV %q, JSON null", tb.CSV, r, c.Key, got)
					}
				}
			}
		}
	}
	// The changes are those the two releases' files differ by (see the comment
	// at the top of testdata/report/v2/data.yaml).
	want := map[string]bool{"swordsman-1 changed cost 40 44": true, "brute-1 changed stats V2 P4 A2 C4 T3 I1 V2 P5 A2 C4 T3 I1": true, "spearman-1 added   ": true}
	for _, r := range rj.table(t, "changes-profiles") {
		k := strings.Join([]string{r["id"].(string), r["change"].(string), r["field"].(string), r["baseline"].(string), r["current"].(string)}, " ")
		if !want[k] {
			t.Errorf("unexpected profile change %q", k)
		}
		delete(want, k)
	}
	for k := range want {
		t.Errorf("profile change %q missing", k)
	}
	items := map[string]bool{}
	for _, r := range rj.table(t, "changes-items") {
		items[r["id"].(string)+" "+r["field"].(string)] = true
	}
	if len(items) != 2 || !items["axe effects.AttackBonus"] || !items["axe effects.DamageBonus"] {
		t.Errorf("item changes %v, want the axe's attack and damage bonuses", items)
	}
	// The profiles present in both releases, each with fights in both.
	shifts := rj.table(t, "baseline-win-rates")
	if len(shifts) != 3 {
		t.Errorf("%d profiles compared with the baseline, want 3 (spearman-1 is new)", len(shifts))
	}
	for _, r := range shifts {
		// Each plays the other profiles of its release: 2 in v1, 3 in v2.
		if r["baseline_fights"] != float64(2*trials) || r["current_fights"] != float64(3*trials) {
			t.Errorf("%v: fights %v and %v, want %d and %d", r["profile"], r["baseline_fights"], r["current_fights"], 2*trials, 3*trials)
		}
		lo, hi, rate := r["current_win_rate_ci95_low"].(float64), r["current_win_rate_ci95_high"].(float64), r["current_win_rate"].(float64)
		if !(lo <= rate && rate <= hi) {
			t.Errorf("%v: interval %v-%v does not hold the rate %v", r["profile"], lo, hi, rate)
		}
	}
	// The method names the seed, the trials and the rules.
	facts := map[string]string{}
	for _, f := range rj.Facts["method"] {
		facts[f.Name] = f.Value
	}
	if facts["seed"] != "5" || facts["fights per pairing"] != strconv.Itoa(trials) || facts["rules variant"] != "standard" {
		t.Errorf("method facts %v", facts)
	}
	// The fair costs: one row per profile of each faction, each fair cost inside
	// its interval when bounded, the verdict agreeing with where the card cost
	// lies; the baseline's fair costs for the 3 profiles of both releases.
	costRows := 0
	for _, f := range []string{"kharns", "kherops"} {
		for _, r := range rj.table(t, "costs-"+f) {
			costRows++
			fair, okF := r["fair_cost_kr"].(float64)
			lo, okL := r["fair_ci95_low"].(float64)
			hi, okH := r["fair_ci95_high"].(float64)
			card := r["card_cost_kr"].(float64)
			verdict := r["verdict"].(string)
			if okF && okL && okH {
				if !(lo <= fair && fair <= hi) {
					t.Errorf("%v: fair cost %v outside %v-%v", r["profile"], fair, lo, hi)
				}
				want := "fair"
				if card > hi {
					want = "over-costed"
				} else if card < lo {
					want = "under-costed"
				}
				if !strings.HasPrefix(verdict, want) {
					t.Errorf("%v: verdict %q with card %v and interval %v-%v", r["profile"], verdict, card, lo, hi)
				}
			} else {
				// A one-sided interval gives a verdict "by at least" when the
				// card lies beyond its finite end, none otherwise (docs/cost.md).
				want := "no verdict"
				switch {
				case strings.HasPrefix(verdict, "not assessed: "):
					want = verdict
				case okH && card > hi:
					want = "over-costed by at least"
				case okL && card < lo:
					want = "under-costed by at least"
				}
				if !strings.HasPrefix(verdict, want) {
					t.Errorf("%v: verdict %q without a bounded interval (low %v, high %v), want %q", r["profile"], verdict, r["fair_ci95_low"], r["fair_ci95_high"], want)
				}
			}
		}
	}
	if costRows != 4 {
		t.Errorf("%d fair-cost rows, want one per profile (4)", costRows)
	}
	if n := len(rj.table(t, "costs-baseline")); n > 3 {
		t.Errorf("%d fair costs compared with the baseline, at most 3 profiles are in both", n)
	}
	// The first stage plays half the trials, at least 50 (reportRun.costFlags).
	if want := fmt.Sprintf("%d + %d trials per profile", max(costTrials/2, 50), costTrials); !strings.Contains(facts["fair costs"], want) {
		t.Errorf("method fact on fair costs: %q", facts["fair costs"])
	}
	for _, f := range []string{"cost-kharns.png", "cost-kherops.svg"} {
		if b, err := os.ReadFile(filepath.Join(dir, "figures", f)); err != nil || len(b) < 1000 {
			t.Errorf("figures/%s: %v (%d bytes)", f, err, len(b))
		}
	}
	// One loadout table per profile, and the heat map.
	for _, id := range []string{"loadouts-swordsman-1", "loadouts-spearman-1", "matchups", "faction-kharns", "faction-kherops", "summary-flags"} {
		rj.table(t, id)
	}
	png, err := os.ReadFile(filepath.Join(dir, "figures", "matchup-heatmap.png"))
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("figures/matchup-heatmap.png is not a PNG image: %v", err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil || !bytes.Contains(md, []byte("](figures/matchup-heatmap.png)")) {
		t.Errorf("report.md does not link its figure: %v", err)
	}
}

// TestReportWorkers checks that the report's tables are the same for 1 and 3
// workers, and that a report against itself as baseline finds no change. Both
// hold at any number of trials: the everyday run plays 64 fights per pairing and
// no fair cost (TestCostWorkers checks those for any number of workers), the
// long suite (internal/longtest) 300 fights and 60 cost trials.
func TestReportWorkers(t *testing.T) {
	args := []string{"--data", reportV2, "report", "--baseline", reportV2, "--trials", longtest.N("64", "300"),
		"--loadouts", "axeman-1", "--cost-trials", longtest.N("0", "60")}
	dir1, rj, _ := runReportCLI(t, context.Background(), append(args, "--workers", "1")...)
	dir3, _, _ := runReportCLI(t, context.Background(), append(args, "--workers", "3")...)
	files, err := filepath.Glob(filepath.Join(dir1, "tables", "*.csv"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no CSV files in %s: %v", dir1, err)
	}
	for _, f := range append(files, filepath.Join(dir1, "report.json")) {
		a, _ := os.ReadFile(f)
		b, err := os.ReadFile(filepath.Join(dir3, strings.TrimPrefix(f, dir1)))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs between 1 and 3 workers (%v)", strings.TrimPrefix(f, dir1), err)
		}
	}
	if n := len(rj.table(t, "changes-profiles")) + len(rj.table(t, "changes-items")); n != 0 {
		t.Errorf("%d changes between a release and itself", n)
	}
	for _, r := range rj.table(t, "baseline-win-rates") {
		// Same data, same seed: the same fights.
		if r["change"] != 0.0 || r["significant"] != "" {
			t.Errorf("%v moved %v against itself", r["profile"], r["change"])
		}
	}
}

// TestReportInterrupted checks that a cancelled run (Ctrl-C) still writes a
// report, marked partial everywhere.
func TestReportInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir, rj, out := runReportCLI(t, ctx, "--data", reportV2, "report", "--trials", "100", "--cost-trials", "40")
	if !rj.Partial || !strings.Contains(out, "PARTIAL") {
		t.Errorf("report not marked partial: %s", out)
	}
	html, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil || !bytes.Contains(html, []byte("PARTIAL REPORT")) {
		t.Errorf("report.html not marked partial (%v)", err)
	}
	// Cancelled before the first analysis: each says it did not run.
	for _, title := range []string{"Profiles by faction and matchups (not run)", "Loadout comparisons (not run)"} {
		if !bytes.Contains(html, []byte(title)) {
			t.Errorf("report.html lacks the section %q", title)
		}
	}
	if n := len(rj.table(t, "summary-flags")); n != 0 {
		t.Errorf("%d findings in a report that ran nothing", n)
	}
}

// TestReportBadFlags checks that bad input is reported with the flag or file it
// came from.
func TestReportBadFlags(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"report", "--trials", "0"}, 2, "--trials"},
		{[]string{"report", "--reference", "nobody-1"}, 2, "--reference"},
		{[]string{"report", "--loadouts", "nowhere"}, 2, "--loadouts"},
		{[]string{"--data", reportV2, "report", "--baseline", "testdata/report/missing"}, 1, "--baseline"},
	}
	for _, tc := range cases {
		_, errs, code := runCLI(t, append(tc.args, "--out", t.TempDir())...)
		if code != tc.code || !strings.Contains(errs, tc.msg) {
			t.Errorf("kharn %s: exit %d, stderr %q; want exit %d naming %s", strings.Join(tc.args, " "), code, errs, tc.code, tc.msg)
		}
	}
}
