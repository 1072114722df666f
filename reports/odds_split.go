package reports

import (
	"fmt"
	"io"

	"github.com/kharn-ages/kharn/sim"
)

// SplitRow is one Ambidextrous split of an odds table (skills.md #21): the
// first and the second attack, each as "weapon attack", and the exact result.
type SplitRow struct {
	First, Second string
	Result        *sim.SplitResult
}

// WriteSplits writes the Ambidextrous splits under an odds table: a 3 AP
// attack resolved as two 2 AP attacks, one per weapon, exact.
func WriteSplits(w io.Writer, rows []SplitRow) error {
	if len(rows) == 0 {
		return nil
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Ambidextrous (skills.md #21): a 3 AP attack as two 2 AP attacks, one per weapon, each defended; exact, the second against what the first left.")
	t := Table{
		Header: []string{"first", "second", "AP", "P(1st success)", "P(2nd success)", "E[damage]", "E[damage]/AP", "E[counter]"},
		Right:  []bool{false, false, true, true, true, true, true, true},
	}
	var warnings []error
	seen := map[string]bool{}
	for _, r := range rows {
		res := r.Result
		t.Rows = append(t.Rows, []string{r.First, r.Second, "3", Prob(res.PFirst), Prob(res.PSecond),
			Num(res.ExpectedDamage), Num(res.ExpectedDamage / 3), Num(res.ExpectedCounter)})
		warnings = appendWarnings(warnings, seen, res.Warnings)
	}
	if err := t.Render(w); err != nil {
		return err
	}
	writeWarnings(w, warnings)
	return nil
}

// SplitJSON is one Ambidextrous split in JSON.
type SplitJSON struct {
	First  string `json:"first"`
	Second string `json:"second"`
	AP     int    `json:"ap"`
	*sim.SplitResult
	ExpectedPerAP float64  `json:"expected_damage_per_ap"`
	Warnings      []string `json:"warnings"`
}

// NewSplitsJSON builds the JSON of the splits.
func NewSplitsJSON(rows []SplitRow) []SplitJSON {
	var out []SplitJSON
	for _, r := range rows {
		out = append(out, SplitJSON{First: r.First, Second: r.Second, AP: 3, SplitResult: r.Result,
			ExpectedPerAP: r.Result.ExpectedDamage / 3, Warnings: warningStrings(r.Result.Warnings)})
	}
	return out
}
