package main

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/reports"
)

// TestCSVProvenance checks that the table-shaped CSV files of kharn cost and
// kharn compare end every line with the provenance columns (seed, trials,
// rules, version), and hold no "n/a" or "NaN" text: n/a is an empty cell
// (issue #10, item 12).
func TestCSVProvenance(t *testing.T) {
	for _, args := range [][]string{
		append(append([]string(nil), costArgs...), "--csv", "--rules", "ch-auto-success", "--seed", "7"),
		{"compare", "goun-hunter-1", "--vs", "fang-prowler-1", "--trials", "200", "--csv", "--rules", "ch-auto-success", "--seed", "7"},
	} {
		out, errs, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("kharn %s: exit %d: %s", strings.Join(args, " "), code, errs)
		}
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil || len(rows) < 2 {
			t.Fatalf("kharn %s: %d CSV lines (%v):\n%s", strings.Join(args, " "), len(rows), err, out)
		}
		n := len(rows[0])
		if got := strings.Join(rows[0][n-4:], ","); got != strings.Join(reports.ProvenanceKeys, ",") {
			t.Errorf("kharn %s: header ends %q, want the provenance keys", args[0], got)
		}
		for _, r := range rows[1:] {
			if r[n-4] != "7" || r[n-3] == "" || r[n-3] == "0" || r[n-2] != "ch-auto-success" || r[n-1] != versionString() {
				t.Errorf("kharn %s: provenance %v, want seed 7, the trials, ch-auto-success, %s", args[0], r[n-4:], versionString())
			}
			for i, c := range r {
				if c == "n/a" || c == "NaN" || c == "+Inf" {
					t.Errorf("kharn %s: %s = %q, want an empty cell for n/a", args[0], rows[0][i], c)
				}
			}
		}
	}
}
