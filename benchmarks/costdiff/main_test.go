package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The before run is in the older format (no "interval" field, as kharn at
// 6ddffe4 writes it); the after run has a one-sided interval and a profile the
// before run lacks.
const (
	beforeJSON = `{"profiles": [
 {"profile": "b-small", "card_cost_kr": 36, "fair_cost_kr": 34.0, "ci95_low": 33.02, "ci95_high": 34.98},
 {"profile": "a-big", "card_cost_kr": 38, "fair_cost_kr": 66.5, "ci95_low": 64.54, "ci95_high": 68.46},
 {"profile": "c-floor", "card_cost_kr": 32, "fair_cost_kr": 27.0, "ci95_low": 26.0, "ci95_high": 28.0},
 {"profile": "d-gone", "card_cost_kr": 50, "fair_cost_kr": 50.0, "ci95_low": 49.0, "ci95_high": 51.0}]}`
	afterJSON = `{"profiles": [
 {"profile": "a-big", "card_cost_kr": 38, "fair_cost_kr": 55.0, "ci95_low": 53.04, "ci95_high": 56.96, "interval": "two-sided"},
 {"profile": "b-small", "card_cost_kr": 36, "fair_cost_kr": 35.0, "ci95_low": 34.02, "ci95_high": 35.98, "interval": "two-sided"},
 {"profile": "c-floor", "card_cost_kr": 32, "fair_cost_kr": null, "ci95_low": null, "ci95_high": 26.0, "interval": "upper bound only"},
 {"profile": "e-new", "card_cost_kr": 70, "fair_cost_kr": 60.0, "ci95_low": 58.0, "ci95_high": 62.0, "interval": "two-sided"}]}`
)

func TestRun(t *testing.T) {
	before, after := write(t, "before.json", beforeJSON), write(t, "after.json", afterJSON)
	var out, errb bytes.Buffer
	if code := run([]string{before, after}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	// Standard errors: a-big 1.96/1.96 = 1 on both sides, z = -11.5/√2 = -8.13;
	// b-small 0.5 on both, z = 1/√0.5 = 1.41. Five profiles in all: the
	// critical value is the 1 - 0.05/10 normal quantile, 2.5758.
	want := `Significant: |z| > 2.58 (two-sided 0.05, Bonferroni over 5).

| profile | card Kr | fair cost before (95%) | fair cost after (95%) | move Kr | z | significant |
|---|---:|---|---|---:|---:|---|
| a-big | 38 | 66.5 (64.5-68.5) | 55.0 (53.0-57.0) | -11.5 | -8.1 | yes |
| b-small | 36 | 34.0 (33.0-35.0) | 35.0 (34.0-36.0) | +1.0 | +1.4 | no |
| c-floor | 32 | 27.0 (26.0-28.0) | at most 26.0 | n/a | n/a | n/a |
| d-gone | 50 | 50.0 (49.0-51.0) | absent | n/a | n/a | n/a |
| e-new | 70 | absent | 60.0 (58.0-62.0) | n/a | n/a | n/a |
`
	if got := out.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}

	// A stricter level moves the critical value only: the 1 - 0.001/10 = 0.9999
	// normal quantile, 3.719.
	out.Reset()
	if code := run([]string{"-alpha", "0.001", before, after}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.HasPrefix(out.String(), "Significant: |z| > 3.72 (two-sided 0.001, Bonferroni over 5).") {
		t.Errorf("-alpha 0.001: got %q", out.String())
	}
}

func TestRunCardChanged(t *testing.T) {
	before := write(t, "b.json", `{"profiles": [{"profile": "x", "card_cost_kr": 38, "fair_cost_kr": 40, "ci95_low": 39, "ci95_high": 41}]}`)
	after := write(t, "a.json", `{"profiles": [{"profile": "x", "card_cost_kr": 40, "fair_cost_kr": 40, "ci95_low": 39, "ci95_high": 41}]}`)
	var out, errb bytes.Buffer
	if code := run([]string{before, after}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if want := "| x | 38 to 40 | 40.0 (39.0-41.0) | 40.0 (39.0-41.0) | +0.0 | +0.0 | no |"; !strings.Contains(out.String(), want) {
		t.Errorf("got\n%s\nwant a row %q", out.String(), want)
	}
}

func TestRunErrors(t *testing.T) {
	good := write(t, "good.json", afterJSON)
	notJSON := write(t, "cost.txt", "fair cost 55.0 Kr\n")
	empty := write(t, "empty.json", `{"profiles": []}`)
	dup := write(t, "dup.json", `{"profiles": [{"profile": "x"}, {"profile": "x"}]}`)
	noID := write(t, "noid.json", `{"profiles": [{"card_cost_kr": 3}]}`)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "want two arguments"},
		{[]string{good}, 2, "want two arguments"},
		{[]string{"-alpha", "1", good, good}, 2, "-alpha: want a level between 0 and 1, got 1"},
		{[]string{"-alpha", "x", good, good}, 2, "-alpha"},
		{[]string{good, filepath.Join(t.TempDir(), "missing.json")}, 1, "missing.json"},
		{[]string{notJSON, good}, 1, "cost.txt: not the JSON of kharn cost --json"},
		{[]string{good, empty}, 1, "empty.json: field profiles: no profile"},
		{[]string{good, dup}, 1, `dup.json: profiles[1]: profile "x" appears twice`},
		{[]string{noID, good}, 1, "noid.json: profiles[0]: field profile is empty"},
	} {
		var out, errb bytes.Buffer
		if code := run(c.args, &out, &errb); code != c.code || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", c.args, code, errb.String(), c.code, c.want)
		}
	}
}
